"""The Origins drafting game: all three modes play to the end and replay clean; illegal
actions change nothing; the setup rules by player count."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.bots import RandomBot
from kingdomino_kit.errors import LogError
from kingdomino_kit.origins import IllegalAction, Placement, Resource
from kingdomino_kit.origins.fire import TOKEN_SUPPLY, Throw
from kingdomino_kit.origins.game import (
    Claim,
    Discard,
    GiveTotem,
    OriginsGame,
    OriginsOptions,
    Pass,
    Recruit,
    Settle,
    Spend,
    play,
)
from kingdomino_kit.origins.gamelog import dumps, loads, replay


@pytest.mark.parametrize("mode", ["discovery", "totem", "tribe"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_mode_plays_to_the_end_and_replays(mode: str, players: int) -> None:
    options = OriginsOptions(players=players, mode=mode)
    game = play([RandomBot(seed=10 * players + p) for p in range(players)], options, seed=7)
    assert game.is_over and game.legal_actions() == []
    log = game.log()
    again = replay(loads(dumps(log)))
    assert again.scores() == game.scores() and again.winners() == game.winners()
    assert again.snapshot() == game.snapshot()
    # every domino of the deck was placed, discarded or removed (3 players: one per line)
    placed = sum(len(k.history) for k in game.kingdoms_)
    assert placed + len(game.removed) == 48
    if players == 3:
        assert len(game.removed) - sum(game.discards) == 12
    # the box has 10 fire tokens: never more landed than taken
    assert all(0 <= game.supply[k] <= TOKEN_SUPPLY[k] for k in TOKEN_SUPPLY)
    landed = sum(len(k.tokens) for k in game.kingdoms_)
    assert landed <= sum(TOKEN_SUPPLY.values()) - sum(game.supply.values())
    if mode == "discovery":
        assert all(not k.resources and not k.cavemen for k in game.kingdoms_)
    if mode == "totem":
        counts = [k.resource_counts() for k in game.kingdoms_]
        for r in Resource:
            holder = game.totems[r]
            if holder is not None:
                assert counts[holder][r] == max(c[r] for c in counts) > 0
    if mode == "tribe":
        assert game.totems == dict.fromkeys(Resource)


def test_same_seed_same_game_and_a_random_bot_sees_no_deck_order() -> None:
    o = OriginsOptions(players=4, mode="tribe")
    a = play([RandomBot(p) for p in range(4)], o, seed=3)
    b = play([RandomBot(p) for p in range(4)], o, seed=3)
    assert a.snapshot() == b.snapshot()
    obs = OriginsGame(o, seed=3).observation(0)
    assert not hasattr(obs, "deck") and obs.deck_size == 44 and obs.pile_size == 18


def _random_illegal(game: OriginsGame, rng: random.Random) -> list[Any]:
    dom = game.options.catalogue[1]
    return [Pass(), Claim(dom), Discard(dom), Placement(dom, (5, 5), (5, 6)),
            Throw((0, 0), 1, (9, 9)), GiveTotem(Resource.FISH, 0), Recruit(slot=3),
            Recruit(slot=9), Spend((0, 0)), Settle((0, 0)), "nonsense"]


@pytest.mark.parametrize("mode", ["discovery", "totem", "tribe"])
def test_illegal_actions_leave_the_state_unchanged(mode: str) -> None:
    rng = random.Random(1)
    game = OriginsGame(OriginsOptions(players=3, mode=mode), seed=11)
    tried = 0
    while not game.is_over:
        legal = game.legal_actions()
        for bad in _random_illegal(game, rng):
            if bad in legal:
                continue
            before = game.snapshot()
            with pytest.raises(IllegalAction):
                game.apply(bad)  # type: ignore[arg-type]
            assert game.snapshot() == before
            tried += 1
        if game.current_player is not None and len(legal) > 0:
            wrong = (game.current_player + 1) % 3
            with pytest.raises(IllegalAction, match="turn"):
                game.apply(legal[0], player=wrong)
        game.apply(rng.choice(legal))
    assert tried > 100


def test_neolithic_first_pick_takes_1_and_4_or_2_and_3() -> None:
    for pick in (0, 1):
        game = OriginsGame(OriginsOptions(players=2), seed=5)
        first = game.current_player
        line = list(game.line)
        assert game.legal_actions() == [Claim(line[0]), Claim(line[1])]
        game.apply(Claim(line[pick]))
        assert game.round == 1 and game.kingdoms_[0].size == 7
        mine = {game.to_place[k].number for k in range(4) if k // 2 == first}  # type: ignore[union-attr]
        want = {line[0].number, line[3].number} if pick == 0 else {line[1].number,
                                                                     line[2].number}
        assert mine == want
        # the chiefs act in the order of their dominoes: lowest first
        order = [game.to_place[k].number for k in game.order]  # type: ignore[union-attr]
        assert order == sorted(order)


def test_four_players_last_chief_has_no_choice() -> None:
    game = OriginsGame(OriginsOptions(players=4), seed=2)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    assert len(game.legal_actions()) == 1


def test_fire_phase_lands_tokens_and_tribe_recruit_costs() -> None:
    # play random games until a volcano has been placed and a caveman recruited, checking the
    # phases' offers against the rules at each step
    rng = random.Random(4)
    seen_fire = seen_recruit = False
    for seed in range(6):
        game = OriginsGame(OriginsOptions(players=2, mode="tribe"), seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            player = game.current_player
            assert player is not None
            kingdom = game.kingdoms_[player]
            if game.phase == "fire":
                seen_fire = True
                t = legal[0]
                assert isinstance(t, Throw)
                targets = kingdom.fire_targets(t.volcano, t.fire)
                assert [a.target for a in legal] == (targets or [None])  # type: ignore[union-attr]
            if game.phase == "recruit":
                kinds = len(set(kingdom.resources.values()))
                board = [a for a in legal if isinstance(a, Recruit) and a.slot is not None]
                pile = [a for a in legal if isinstance(a, Recruit) and a.caveman is not None]
                assert bool(board) == (kinds >= 2 and any(game.board))
                assert bool(pile) == (kinds >= 4 and bool(game.pile))
                if board:
                    seen_recruit = True
                    before = len(kingdom.resources)
                    game.apply(board[0])
                    game.apply(game.legal_actions()[0])
                    game.apply(game.legal_actions()[0])
                    assert len(game.kingdoms_[player].resources) == before - 2
                    assert game.phase == "settle"
                    game.apply(game.legal_actions()[0])
                    assert len(game.kingdoms_[player].cavemen) >= 1
                    continue
            game.apply(rng.choice(legal))
    assert seen_fire and seen_recruit


def test_replay_reports_the_round_and_rule() -> None:
    game = play([RandomBot(1), RandomBot(2)], OriginsOptions(players=2, mode="totem"), seed=8)
    log = game.log()
    bad = copy.deepcopy(log)
    bad["rounds"][0]["line"] = list(reversed(bad["rounds"][0]["line"]))
    with pytest.raises(LogError, match=r"^round 0: the line .* is not the one seed 8 deals"):
        replay(bad)
    bad = copy.deepcopy(log)
    bad["scores"][0]["score"] += 1
    with pytest.raises(LogError, match="scores"):
        replay(bad)
    bad = copy.deepcopy(log)
    bad["rounds"][2]["actions"][0]["by"] = 1 - bad["rounds"][2]["actions"][0]["by"]
    with pytest.raises(LogError, match="round 2: it is the turn of player"):
        replay(bad)
    bad = copy.deepcopy(log)
    del bad["rounds"][-1]
    with pytest.raises(LogError, match="ends before the game does"):
        replay(bad)
    bad = copy.deepcopy(log)
    bad["catalogue_hash"] = "0" * 12
    with pytest.raises(LogError, match="catalogue"):
        replay(bad)


def test_a_tied_majority_lets_the_holder_choose() -> None:
    # seed 3 with these random choices reaches a tie for the fish totem in round 9
    game = OriginsGame(OriginsOptions(players=3, mode="totem"), seed=3)
    rng = random.Random(3)
    while game.phase != "totem":
        game.apply(rng.choice(game.legal_actions()))
    choice = game._choices[0]
    counts = [k.resource_counts()[choice.resource] for k in game.kingdoms_]
    assert counts[choice.holder] < max(counts)
    assert [p for p, c in enumerate(counts) if c == max(counts)] == list(choice.candidates)
    assert game.current_player == choice.holder
    assert game.legal_actions() == [GiveTotem(choice.resource, p) for p in choice.candidates]
    before = game.snapshot()
    with pytest.raises(IllegalAction):
        game.apply(GiveTotem(choice.resource, choice.holder))
    assert game.snapshot() == before
    game.apply(GiveTotem(choice.resource, choice.candidates[-1]))
    assert game.totems[choice.resource] == choice.candidates[-1]


def test_a_plain_tuple_placement_is_accepted_as_the_placement() -> None:
    game = OriginsGame(OriginsOptions(players=2), seed=5)
    game.apply(game.legal_actions()[0])
    p = game.legal_actions()[0]
    assert isinstance(p, Placement)
    game.apply(tuple(p))  # type: ignore[arg-type]
    assert isinstance(game.kingdoms_[game.order[0] // 2].history[0], Placement)


OLD_RULES = {"empire_of_fire": True, "homo_habilis": True, "fire_count": "symbols"}
"""The rules the kit played before the supplementary rules became opt-in and the fire lady and
the tie-break counted fire tokens."""


@pytest.mark.parametrize(("mode", "players", "digest", "scores"), [
    ("discovery", 2, "bdbaada9c3713f77", [66, 87]),
    ("totem", 3, "b626b6405e8b6912", [52, 43, 44]),
    ("tribe", 4, "c80129ca93aaf214", [54, 28, 26, 22]),
])
def test_seeded_games_are_pinned(mode: str, players: int, digest: str,
                                 scores: list[int]) -> None:
    """The same seed plays the same game, to the byte of its log (under the format's first
    name, ``kingdomino-origins-log/1``): pinned when the sample catalogue was made to match the
    rulebook's totals and the Empire of fire, totem and tie-break readings were settled — under
    those rules, set explicitly, and without the ``fire_count`` field logs of that time did not
    have. A change here means seeded games, and the logs users saved, no longer replay alike."""
    import hashlib

    game = play([RandomBot(p) for p in range(players)],
                OriginsOptions(players=players, mode=mode, **OLD_RULES), seed=2026)
    log = game.log()
    assert log["format"] == "kingdomino-kit/origins-log/1"
    assert log["fire_count"] == "symbols"
    old_name = {k: v for k, v in log.items() if k != "fire_count"}
    old_name["format"] = "kingdomino-origins-log/1"
    assert hashlib.sha256(dumps(old_name).encode()).hexdigest()[:16] == digest
    assert game.scores() == scores
    again = replay(old_name)           # a log of that time: no fire_count, both rules on
    assert again.options == game.options
    assert again.scores() == scores and again.results() == game.results()


def test_the_fingerprint_of_seeded_games_comes_back_under_the_old_rules() -> None:
    """``scripts/fingerprint.py``'s origins-games family, played with the old rules set
    explicitly (its hash changed when the defaults did), gives the hash recorded before."""
    import importlib.util

    from kingdomino_kit.origins.bots import GreedyOriginsBot

    path = Path(__file__).resolve().parents[2] / "scripts" / "fingerprint.py"
    spec = importlib.util.spec_from_file_location("fingerprint", path)
    assert spec is not None and spec.loader is not None
    fingerprint = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fingerprint)
    modes = ["discovery", "totem", "tribe"]
    logs = []
    for seed in range(30):
        players = 2 + seed % 3
        options = OriginsOptions(players=players, mode=modes[seed % 3], **OLD_RULES)
        bots = [(GreedyOriginsBot(seed + p) if p % 2 else RandomBot(seed + p))
                for p in range(players)]
        log = play(bots, options, seed=seed).log()
        del log["fire_count"]
        logs.append(fingerprint._strip(log))
    assert fingerprint._digest(logs) == "ce471afeca553370"


# ----------------------------------------------------------------- rules chosen for a game
def test_the_supplementary_rules_are_off_by_default_and_the_fire_lady_counts_tokens() -> None:
    options = OriginsOptions(players=2)
    assert (options.empire_of_fire, options.homo_habilis, options.fire_count) == (
        False, False, "tokens")
    game = play([RandomBot(1), RandomBot(2)], options, seed=4)
    assert [(r["empire_of_fire"], r["homo_habilis"]) for r in game.results()] == [(0, 0)] * 2
    log = game.log()
    assert (log["empire_of_fire"], log["homo_habilis"], log["fire_count"]) == (
        False, False, "tokens")


@pytest.mark.parametrize(("mode", "seed"), [("discovery", 17), ("totem", 14), ("tribe", 12)])
def test_switched_on_the_supplementary_rules_score_and_are_recorded(mode: str, seed: int) -> None:
    """Random bots play the same moves whatever the rules: switched on, each territory gains
    exactly +10 when its hut is centred and +5 when complete with nothing discarded (seeds where
    both happen)."""
    bots = [RandomBot(3), RandomBot(4), RandomBot(5)]
    off = play(bots, OriginsOptions(players=3, mode=mode), seed=seed)
    bots = [RandomBot(3), RandomBot(4), RandomBot(5)]
    on = play(bots, OriginsOptions(players=3, mode=mode, empire_of_fire=True,
                                   homo_habilis=True), seed=seed)
    assert off.log()["rounds"] == on.log()["rounds"]
    for k, a, b in zip(on.kingdoms_, off.results(), on.results(), strict=True):
        empire = 10 if k.is_empire_of_fire() else 0
        habilis = 5 if k.is_complete() and k.discarded == 0 else 0
        assert (b["empire_of_fire"], b["homo_habilis"]) == (empire, habilis)
        assert b["score"] == a["score"] + empire + habilis
    assert any(r["empire_of_fire"] for r in on.results())
    assert any(r["homo_habilis"] for r in on.results())
    log = on.log()
    assert (log["empire_of_fire"], log["homo_habilis"]) == (True, True)
    assert replay(loads(dumps(log))).results() == on.results()
    only_empire = log | {"homo_habilis": False}
    with pytest.raises(LogError, match="score"):     # the recorded scores count Homo Habilis
        replay(only_empire)


def test_the_fire_count_decides_the_tie_break_and_is_recorded() -> None:
    """Same moves (random bots, Discovery: the fire lady is not in play), two readings: the
    tie-break's third figure is the number of fire tokens, or every fire symbol."""
    games = {reading: play([RandomBot(1), RandomBot(2), RandomBot(3)],
                           OriginsOptions(players=3, fire_count=reading), seed=5)
             for reading in ("tokens", "symbols")}
    tokens, symbols = games["tokens"], games["symbols"]
    assert tokens.scores() == symbols.scores()
    assert [key[2] for key in tokens.tiebreak_keys()] == [len(k.tokens) for k in tokens.kingdoms_]
    assert [key[2] for key in symbols.tiebreak_keys()] == [
        sum(h.fire for _, h in k.squares()) + sum(k.tokens.values()) for k in symbols.kingdoms_]
    assert tokens.tiebreak_keys() != symbols.tiebreak_keys()
    assert tokens.log()["fire_count"] == "tokens" and symbols.log()["fire_count"] == "symbols"
    assert replay(symbols.log()).options.fire_count == "symbols"


def test_logs_without_the_rule_fields_replay_under_the_rules_of_their_time() -> None:
    """A log written before ``fire_count`` existed (or ``empire_of_fire`` / ``homo_habilis``)
    was played with both supplementary rules on and fire symbols counted: it replays so."""
    game = play([RandomBot(6), RandomBot(7)],
                OriginsOptions(players=2, mode="tribe", **OLD_RULES), seed=9)
    old = {k: v for k, v in game.log().items() if k not in OLD_RULES}
    again = replay(old)
    assert (again.options.empire_of_fire, again.options.homo_habilis,
            again.options.fire_count) == (True, True, "symbols")
    assert again.results() == game.results() and again.winners() == game.winners()
    stored = Path(__file__).resolve().parents[1] / "cli" / "logs" / "kingdomino-origins-log-1.json"
    data = loads(stored.read_text())
    assert "fire_count" not in data
    again = replay(data)
    assert again.options.fire_count == "symbols"
    assert again.results() == data["scores"] and again.winners() == data["winners"]


@pytest.mark.parametrize(("field", "value"), [("empire_of_fire", "yes"),
                                              ("homo_habilis", 1), ("fire_count", "flames"),
                                              ("fire_count", None)])
def test_a_log_with_a_bad_rule_field_is_refused(field: str, value: Any) -> None:
    log = play([RandomBot(1), RandomBot(2)], OriginsOptions(players=2), seed=1).log()
    with pytest.raises(LogError, match=field):
        replay(log | {field: value})


@pytest.mark.parametrize("mode", ["totem", "tribe"])
def test_copy_is_independent_and_plays_on_alike(mode: str) -> None:
    game = OriginsGame(OriginsOptions(players=3, mode=mode), seed=8)
    rng = random.Random(2)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    assert not game.is_over
    twin = game.copy()
    assert twin.snapshot()[:-1] == game.snapshot()[:-1]  # all but the log (a copy keeps none)
    before = game.snapshot()
    a, b = random.Random(5), random.Random(5)
    while not twin.is_over:
        twin.apply(a.choice(twin.legal_actions()))
    assert game.snapshot() == before                      # the original did not move
    while not game.is_over:
        game.apply(b.choice(game.legal_actions()))
    assert twin.scores() == game.scores() and twin.snapshot()[:-1] == game.snapshot()[:-1]


def test_a_log_played_with_the_earlier_sample_replays_with_it() -> None:
    """Written by the kit with its earlier illustrative sample (since changed to match the
    rulebook's totals): nothing a user saved stops replaying — the hash in the log finds the
    sample it was played with."""
    log = (Path(__file__).parent / "logs" / "played-with-the-previous-sample.json").read_text()
    game = replay(log)
    assert game.options.catalogue.name.startswith("origins_sample_v1.csv")
    assert game.scores() == [s["score"] for s in json.loads(log)["scores"]]


def test_a_log_played_with_another_catalogue_says_which_and_how_to_replay_it() -> None:
    """A catalogue the kit never shipped: the hash of the catalogue in the log is checked
    first, and the message says how to replay it."""
    data = json.loads((Path(__file__).parent / "logs"
                       / "played-with-the-previous-sample.json").read_text())
    data["catalogue_hash"] = "0123456789ab"
    with pytest.raises(LogError, match=r"played with catalogue .*hash 0123456789ab.*--catalogue"):
        replay(json.dumps(data))


@pytest.mark.parametrize(("reading", "where"), [("tokens", (0, 4)), ("symbols", (1, 0))])
def test_the_greedy_bot_settles_the_fire_lady_by_the_games_fire_count(
        reading: str, where: tuple[int, int]) -> None:
    """Two free squares for a fire lady: one beside a printed G2 (0 tokens, 2 symbols), one
    beside a 1-fire token (1 token, 1 symbol); the greedy bot scores them as the game counts."""
    from types import SimpleNamespace

    from kingdomino_kit.origins import Caveman, OriginsKingdom
    from kingdomino_kit.origins.bots import GreedyOriginsBot

    k = OriginsKingdom.from_text("H G2 D D D / D D D D D*1")
    actions = [Settle((1, 0)), Settle((0, 4))]
    assert all(a.cell in k.settle_targets() for a in actions)
    obs = SimpleNamespace(options=OriginsOptions(players=2, mode="tribe", fire_count=reading),
                          kingdoms=[k], player=0, recruiting=Caveman.FIRE_LADY)
    assert GreedyOriginsBot(0).choose(obs, actions) == Settle(where)
