"""Game logs (kingdomino-log/1): written by games, replayed with every rule re-checked."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingdomino_kit.bots import RandomBot
from kingdomino_kit.game import Game, GameOptions, play
from kingdomino_kit.game.bots import GreedyBot
from kingdomino_kit.game.log import FORMAT, LogError, dumps, loads, replay
from kingdomino_kit.rules import Rules


@st.composite
def game_options(draw: st.DrawFn) -> GameOptions:
    players = draw(st.sampled_from([2, 3, 4]))
    variant = draw(st.sampled_from(["standard", "mighty-duel"])) if players == 2 else "standard"
    three = draw(st.sampled_from([3, 4])) if players == 3 else 3
    rules = Rules(7 if variant == "mighty-duel" else 5, middle_kingdom=draw(st.booleans()),
                  harmony=draw(st.booleans()))
    return GameOptions(players=players, variant=variant, three_player_draw=three, rules=rules,
                       strict_discard=draw(st.booleans()))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=game_options(), seed=st.integers(0, 2 ** 63 - 1),
       greedy=st.lists(st.booleans(), min_size=4, max_size=4))
def test_every_seeded_game_replays_clean(options: GameOptions, seed: int,
                                         greedy: list[bool]) -> None:
    bots = [GreedyBot(seed + p) if greedy[p] and p == 0 else RandomBot(seed + p)
            for p in range(options.players)]
    game = play(bots, options, seed)
    log = game.log()
    text = dumps(log)
    again = replay(loads(text))
    assert again.log() == log
    assert again.scores() == game.scores() == [s["score"] for s in log["scores"]]
    assert again.winners() == log["winners"]
    # hand-recorded mode (lines taken from the log) accepts it too
    assert replay(log, check_seed=False).scores() == game.scores()


def test_log_fields_exactly_as_specified() -> None:
    game = play([RandomBot(1), RandomBot(2), RandomBot(3), RandomBot(4)],
                GameOptions(rules=Rules(middle_kingdom=True)), seed=42)
    log = json.loads(dumps(game.log()))
    assert list(log) == ["format", "players", "variant", "size", "middle_kingdom", "harmony",
                         "seed", "rounds", "scores", "winners"]
    assert (log["format"], log["players"], log["variant"], log["size"], log["middle_kingdom"],
            log["harmony"], log["seed"]) == (FORMAT, 4, "standard", 5, True, False, 42)
    assert len(log["rounds"]) == 13
    for r, rnd in enumerate(log["rounds"]):
        assert list(rnd) == ["line", "turns"]
        for turn in rnd["turns"]:
            assert list(turn) == ["king", "player", "place", "pick"]
            if r == 0:
                assert turn["place"] is None
            else:
                place = turn["place"]
                assert set(place) in ({"domino", "cells"}, {"domino", "discard"})
            assert (turn["pick"] is None) == (r == 12)
    for s in log["scores"]:
        assert {"player", "score"} <= set(s)
    assert log["winners"] == game.winners()


def test_cells_are_castle_relative_first_cell_first_half() -> None:
    game = play([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=3)
    log = game.log()
    from kingdomino_kit import Kingdom, Placement, domino

    kingdoms = [Kingdom(), Kingdom()]
    for rnd in log["rounds"]:
        for t in rnd["turns"]:
            place = t["place"]
            if place and "cells" in place:
                (r1, c1), (r2, c2) = place["cells"]
                kingdoms[t["player"]].place(Placement(domino(place["domino"]), (r1, c1),
                                                      (r2, c2)))
                assert kingdoms[t["player"]].at((r1, c1)) == domino(place["domino"]).first
    assert [k.key() for k in kingdoms] == [k.key() for k in game.kingdoms]


def test_mighty_duel_and_draw_four_logs() -> None:
    log = play([RandomBot(1), RandomBot(2)], GameOptions(players=2, variant="mighty-duel"),
               seed=5).log()
    assert (log["variant"], log["size"], len(log["rounds"])) == ("mighty-duel", 7, 13)
    replay(log)
    log3 = play([RandomBot(p) for p in range(3)], GameOptions(players=3, three_player_draw=4),
                seed=5).log()
    assert len(log3["rounds"][0]["line"]) == 4
    del log3["three_player_draw"]                       # inferred from the first line
    assert replay(log3).options.three_player_draw == 4


# ----------------------------------------------------------------------------- tampering
@pytest.fixture(scope="module")
def good_log() -> dict[str, Any]:
    return play([RandomBot(p) for p in range(4)], GameOptions(), seed=77).log()


def tampered(log: dict[str, Any], change: Any) -> dict[str, Any]:
    bad = copy.deepcopy(log)
    change(bad)
    return bad


def first_placement(log: dict[str, Any], r: int) -> dict[str, Any]:
    return next(t for t in log["rounds"][r]["turns"] if t["place"] and "cells" in t["place"])


def replay_error(log: dict[str, Any], **kw: Any) -> LogError:
    with pytest.raises(LogError) as error:
        replay(log, **kw)
    return error.value


def test_tampered_cell_is_caught_in_its_round(good_log: dict[str, Any]) -> None:
    def far(bad: dict[str, Any]) -> None:
        first_placement(bad, 5)["place"]["cells"] = [[9, 9], [9, 10]]

    error = replay_error(tampered(good_log, far))
    assert error.round == 5 and str(error).startswith("round 5: ")
    assert error.rule in ("size", "connection", "occupied")

    def castle(bad: dict[str, Any]) -> None:
        first_placement(bad, 3)["place"]["cells"] = [[0, 0], [0, 1]]

    error = replay_error(tampered(good_log, castle))
    assert (error.round, error.rule) == (3, "occupied")

    def apart(bad: dict[str, Any]) -> None:
        first_placement(bad, 2)["place"]["cells"] = [[0, 1], [0, 3]]

    error = replay_error(tampered(good_log, apart))
    assert (error.round, error.rule) == (2, "shape")


def test_tampered_pick_turn_line_and_results(good_log: dict[str, Any]) -> None:
    def taken(bad: dict[str, Any]) -> None:
        turns = bad["rounds"][4]["turns"]
        turns[1]["pick"] = turns[0]["pick"]

    error = replay_error(tampered(good_log, taken))
    assert (error.round, error.rule) == (4, "claim") and "already claimed" in str(error)

    def swap(bad: dict[str, Any]) -> None:
        turns = bad["rounds"][6]["turns"]
        turns[0], turns[1] = turns[1], turns[0]

    error = replay_error(tampered(good_log, swap))
    assert (error.round, error.rule) == (6, "turn")

    def line(bad: dict[str, Any]) -> None:
        rnd = bad["rounds"][7]
        rnd["line"] = sorted(rnd["line"][1:] + [next(n for n in range(1, 49)
                                                     if n not in rnd["line"])])

    error = replay_error(tampered(good_log, line))
    assert (error.round, error.rule) == (7, "deal")

    def unsorted(bad: dict[str, Any]) -> None:
        bad["rounds"][2]["line"].reverse()

    assert replay_error(tampered(good_log, unsorted)).round == 2

    def missing(bad: dict[str, Any]) -> None:
        del bad["rounds"][-1]

    error = replay_error(tampered(good_log, missing))
    assert (error.round, error.rule) == (12, "end")

    def pick_last(bad: dict[str, Any]) -> None:
        bad["rounds"][12]["turns"][0]["pick"] = 1

    assert replay_error(tampered(good_log, pick_last)).round == 12

    def place_first(bad: dict[str, Any]) -> None:
        bad["rounds"][0]["turns"][0]["place"] = {"domino": 1, "discard": True}

    assert replay_error(tampered(good_log, place_first)).round == 0

    def score(bad: dict[str, Any]) -> None:
        bad["scores"][2]["score"] += 1

    assert replay_error(tampered(good_log, score)).rule == "score"

    def winners(bad: dict[str, Any]) -> None:
        bad["winners"] = [9]

    assert replay_error(tampered(good_log, winners)).rule == "winners"

    def seed(bad: dict[str, Any]) -> None:
        bad["seed"] += 1

    error = replay_error(tampered(good_log, seed))
    assert error.round == 0 and error.rule == "deal"
    # without the seed check the same log replays (its own lines are the deal)
    replay(tampered(good_log, seed), check_seed=False)


def test_discard_with_a_legal_placement_is_caught() -> None:
    log = play([RandomBot(p) for p in range(4)], GameOptions(), seed=78).log()

    def discard(bad: dict[str, Any]) -> None:
        t = first_placement(bad, 1)
        t["place"] = {"domino": t["place"]["domino"], "discard": True}

    error = replay_error(tampered(log, discard))
    assert (error.round, error.rule) == (1, "discard")


def test_hand_recorded_log_with_a_repeated_domino_is_rejected(good_log: dict[str, Any]) -> None:
    def repeat(bad: dict[str, Any]) -> None:
        bad["rounds"][3]["line"] = bad["rounds"][2]["line"]

    error = replay_error(tampered(good_log, repeat), check_seed=False)
    assert (error.round, error.rule) == (3, "line") and "drawn twice" in str(error)

    def short(bad: dict[str, Any]) -> None:
        bad["rounds"][5]["line"] = bad["rounds"][5]["line"][:3]

    error = replay_error(tampered(good_log, short), check_seed=False)
    assert (error.round, error.rule) == (5, "line")


@pytest.mark.parametrize(("change", "word"), [
    (lambda b: b.update(format="kingdomino-log/2"), "format"),
    (lambda b: b.pop("seed"), "seed"),
    (lambda b: b.update(players=5), "players"),
    (lambda b: b.update(size=7), "size"),
    (lambda b: b.update(variant="mighty-duel"), "Mighty Duel"),
    (lambda b: b.update(rounds="none"), "rounds"),
])
def test_malformed_headers_are_named(good_log: dict[str, Any], change: Any, word: str) -> None:
    error = replay_error(tampered(good_log, change))
    assert word in str(error)


def test_loads_names_the_json_error() -> None:
    with pytest.raises(LogError, match="line 2, column"):
        loads('{"format":\n  nope}', "x.json")
    with pytest.raises(LogError, match="object"):
        loads("[1, 2]")


def test_unrecorded_game_has_no_log() -> None:
    game = Game(GameOptions(), 1, record=False)
    with pytest.raises(Exception, match="record=False"):
        game.log()


def test_a_log_scored_under_the_old_middle_kingdom_reading_says_why_it_fails() -> None:
    """Written by the kit before the Middle Kingdom was read as the rules mean it (every square
    within ±2 of the castle): player 3's kingdom spans rows -2..2 and columns -2..1, which the
    old reading ("the castle in the centre of the squares' extent") denied the bonus."""
    path = Path(__file__).parent / "logs" / "old-middle-kingdom-reading.json"
    with pytest.raises(LogError, match=r"player 3 scores 28 by the rules, not 18 — .*old "
                                       r"reading of the Middle Kingdom"):
        replay(path.read_text())
