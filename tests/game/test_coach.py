"""The move coach: a log that does not replay gets the replayer's error; the decisions are the
player's and their costs what the values say; the best kingdoms from the player's dominoes are
proven and bracket the kingdom built."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kingdomino_kit import Kingdom, domino
from kingdomino_kit.bots import RandomBot
from kingdomino_kit.errors import KingdominoError, LogError
from kingdomino_kit.game import Claim, Game, GameOptions, play
from kingdomino_kit.game.coach import coach, move_text
from kingdomino_kit.game.log import game_actions, replay
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver import Status, best_kingdom
from kingdomino_kit.solver.ordered import best_in_order
from tests.solver.test_ordered import exhaustive_in_order

OLD_LOG = Path(__file__).parent / "logs" / "old-middle-kingdom-reading.json"


def broken_log() -> dict[str, object]:
    data = play([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=4).log()
    turns = data["rounds"][3]["turns"]
    turns[1]["pick"] = turns[0]["pick"]                           # a domino claimed twice
    return data


def replay_error(data: object) -> str:
    with pytest.raises(LogError) as caught:
        replay(data)  # type: ignore[arg-type]
    return str(caught.value)


@pytest.mark.parametrize("source", ["claimed twice", "old reading"])
def test_a_log_that_does_not_replay_gets_the_replayers_error(source: str) -> None:
    data = broken_log() if source == "claimed twice" else json.loads(OLD_LOG.read_text())
    expected = replay_error(data)
    with pytest.raises(LogError) as caught:
        coach(data, 0, playouts=4, solve=False)
    assert str(caught.value) == expected and "\n" not in expected


def test_the_cli_gives_the_replayers_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken_log()))

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "kingdomino_kit", *args], text=True,
                              capture_output=True, timeout=300)

    coached, replayed = run("coach", str(bad), "--playouts", "4"), run("replay", str(bad))
    assert coached.returncode == replayed.returncode == 2
    message = [out.stderr.strip().split(": error: ", 1)[1] for out in (coached, replayed)]
    assert message[0] == message[1] and "round 3:" in message[0]
    assert len(coached.stderr.strip().splitlines()) == 1 and "Traceback" not in coached.stderr
    for args in (["--player", "5"], ["--budget", "0"], ["--budget", "1", "--playouts", "3"]):
        out = run("coach", str(OLD_LOG), *args)
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, out.stderr


def test_decisions_are_the_players_and_costs_are_the_values() -> None:
    options = GameOptions(players=3, rules=Rules(middle_kingdom=True))
    game = play([RandomBot(3), RandomBot(4), RandomBot(5)], options, seed=6)
    log = game.log()
    report = coach(log, 1, playouts=24, seed=2, solve=False)
    actions = game_actions(log)
    # every decision with a choice of player 1, and only those, by replaying the game
    g, expected = Game(options, log["seed"], record=False), []
    for step, (king, action) in enumerate(actions):
        if g.owner(king) == 1 and len(g.legal_actions()) > 1:
            expected.append(step)
        g.apply(action, king=king)
    assert [d.step for d in report.decisions] == expected
    for d in report.decisions:
        king, action = actions[d.step]
        assert d.phase == ("claim" if isinstance(action, Claim) else "place")
        assert d.cost == pytest.approx(d.best_value - d.played_value) and d.cost >= 0
        if d.best == d.played:
            assert d.cost == 0
        assert move_text(d.played).startswith("claim" if d.phase == "claim" else ("place",
                                                                                 "discard"))
    costly = sorted((d for d in report.decisions if d.cost > 0),
                    key=lambda d: (-d.cost, d.step))[:3]
    assert [d.worst for d in costly] == [1, 2, 3][:len(costly)]
    assert sum(d.worst is not None for d in report.decisions) == len(costly)
    assert report.lost == pytest.approx(sum(d.cost for d in report.decisions))
    assert report.score == game.scores()[1] and report.kingdom == game.kingdom(1)
    again = coach(log, 1, playouts=24, seed=2, solve=False)
    assert again.decisions == report.decisions                         # seeded: the same report
    with pytest.raises(KingdominoError, match="player must be a seat 0–2"):
        coach(log, 3, playouts=4, solve=False)


@pytest.mark.slow
def test_the_best_kingdoms_are_proven_and_bracket_the_kingdom_built() -> None:
    options = GameOptions(players=4, rules=Rules(middle_kingdom=True, harmony=True))
    game = play([RandomBot(p) for p in range(4)], options, seed=12)
    report = coach(game.log(), 2, playouts=2, workers=2)  # the in-order proof needs both
    numbers = [p.domino.number for p in game.kingdom(2).history]
    assert len(report.dominoes) == 12                            # placed or discarded, in turn
    assert [n for n in report.dominoes if n in numbers] == numbers
    free, ordered = report.rearranged, report.in_order
    assert free is not None and ordered is not None
    assert free.status is Status.OPTIMAL and ordered.status is Status.OPTIMAL
    # the game's own sequence is one the draft allowed; any order is allowed rearranged
    assert report.score <= ordered.score <= free.score
    assert [p.domino.number for p in ordered.order] == [
        n for n in report.dominoes if n in {p.domino.number for p in ordered.order}]
    k = Kingdom()
    for p in ordered.order:
        k.place(p)                                                     # legal as they came
    assert k.total(middle_kingdom=True, harmony=True) == ordered.score
    # the rearrangement against the solver asked directly (Harmony a bonus: one solve asks
    # for the best kingdom with or without its +5)
    doms = [domino(n) for n in report.dominoes]
    direct = best_kingdom(doms, middle_kingdom=True, harmony=True, workers=1)
    assert (direct.status, free.score) == (Status.OPTIMAL, direct.score)
    assert free.kingdom is not None and free.kingdom.total(
        middle_kingdom=True, harmony=True) == free.score


def test_the_in_order_best_of_a_short_game_against_the_exhaustive_search() -> None:
    """The coach's "in the order they came" on the first dominoes of a game, cross-checked by
    walking every sequence the draft allowed."""
    options = GameOptions(players=2, rules=Rules(middle_kingdom=True))
    game = play([RandomBot(7), RandomBot(8)], options, seed=9)
    first = [p.domino for p in game.kingdom(0).history][:3]
    sol = best_in_order(first, middle_kingdom=True, workers=1)
    assert sol.status is Status.OPTIMAL
    assert sol.score == exhaustive_in_order(first, middle_kingdom=True)


def test_the_move_played_is_judged_however_the_greedy_ranks_it() -> None:
    game = play([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=3)
    report = coach(game.log(), 0, playouts=8, width=1, solve=False)
    placements = [d for d in report.decisions if d.phase == "place"]
    assert placements and all(d.alternatives <= 2 for d in placements)
    assert any(d.alternatives == 2 for d in placements)     # random moves the greedy ranks low


def test_endgame_decisions_get_the_exact_regret() -> None:

    from kingdomino_kit.game.endgame import no_chance_left
    from tests.reference import plain_endgame

    log = play([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=3).log()
    report = coach(log, player=1, playouts=4, solve=False)
    game = Game(GameOptions(players=2), log["seed"])
    actions = game_actions(log)
    at = {d.step: d for d in report.decisions}
    checked = 0
    for step, (king, action) in enumerate(actions):
        d = at.get(step)
        if d is not None:
            assert (d.exact_regret is not None) == no_chance_left(game.observation())
            if game.round == game.options.rounds:  # small enough for plain search
                values = []
                for option in game.legal_actions():
                    child = game.copy()
                    child.apply(option)
                    values.append((plain_endgame(child, "minimax", 0, 10 ** 6), option))
                mine = next(v for v, a in values if a == action)
                best = min(v for v, _ in values)  # player 1 minimises player 0's margin
                assert d.exact_regret == round((mine - best) / 10000)
                checked += 1
        game.apply(action, king=king)
    assert checked >= 1
    assert any(d.exact_regret is not None for d in report.decisions)
