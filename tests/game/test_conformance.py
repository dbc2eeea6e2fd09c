"""One conformance matrix for the engines behind the fast door, generated from the rules' own
tables — every set of bonus rules of ``rules.POINTS``, every variant of ``VARIANTS``, both
discard rules, 2–4 players and both 3-player draws: each engine plays the same seeded games as
the readable ``Game``, and each endgame engine values small positions as plain search does.
Then a dummy bonus is added to the rules' table: every door either counts it or refuses it
(``UnsupportedRules``), never drops it."""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from itertools import combinations
from types import MappingProxyType
from typing import Any

import pytest

import kingdomino_kit.bitkingdom as bitkingdom
import kingdomino_kit.rules as rules_module
from kingdomino_kit.bots import RandomBot
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game import Game, GameOptions, play
from kingdomino_kit.game.bots import GreedyBot, fast_seats
from kingdomino_kit.game.endgame import position, solve
from kingdomino_kit.game.endgame.compiled import Compiled, applies
from kingdomino_kit.game.fast import compiled
from kingdomino_kit.game.fast.greedy import FastGreedy
from kingdomino_kit.game.fast.play import play_fast
from kingdomino_kit.game.fast.support import UnsupportedRules, supports
from kingdomino_kit.game.greedy import Greedy, GreedyPolicy
from kingdomino_kit.game.montecarlo import candidate_moves, evaluate
from kingdomino_kit.game.options import VARIANTS, GameOptionError
from kingdomino_kit.game.playout import BitGame
from kingdomino_kit.game.simulate import simulate
from kingdomino_kit.rules import POINTS, Rules
from tests.game.endgame_positions import LazyPositions, small_positions


def matrix() -> list[GameOptions]:
    """Every combination the rules' tables allow (those that make no game left out)."""
    bonus_sets = [names for n in range(len(POINTS) + 1) for names in combinations(POINTS, n)]
    out = []
    for variant in VARIANTS:
        size = 7 if variant == "mighty-duel" else 5
        for players in (2, 3, 4):
            for draw in (3, 4):
                for strict in (True, False):
                    for names in bonus_sets:
                        try:
                            out.append(GameOptions(players=players, variant=variant,
                                                   three_player_draw=draw,
                                                   strict_discard=strict,
                                                   rules=Rules(size, **dict.fromkeys(names,
                                                                                     True))))
                        except GameOptionError:
                            continue
    return out


MATRIX = matrix()


def _bots(options: GameOptions, seed: int, greedy: bool = True) -> list[Any]:
    """Seat 0 greedy (weights varied with the seed) or random, the others random."""
    weights = [(None, None), (2.0, 0.25), (-1.0, 1.0)][seed % 3]
    first = GreedyBot(seed * 10, *weights) if greedy else RandomBot(seed * 10)
    return [first] + [RandomBot(seed * 10 + p) for p in range(1, options.players)]


def test_the_matrix_covers_every_entry_of_the_tables() -> None:
    greedy = [o.rules.bonuses for i, o in enumerate(MATRIX) if (i + i // 4) % 4 == 0]
    assert len(set(greedy)) == 2 ** len(POINTS)  # greedy games under every set of bonuses
    assert {o.variant for o in MATRIX} == set(VARIANTS)
    assert {o.players for o in MATRIX} == {2, 3, 4}
    assert {o.strict_discard for o in MATRIX} == {True, False}
    assert {o.three_player_draw for o in MATRIX} == {3, 4}
    assert {o.rules.bonuses for o in MATRIX} == {
        names for n in range(len(POINTS) + 1) for names in combinations(POINTS, n)}


@pytest.mark.parametrize("index", range(len(MATRIX)))
def test_every_engine_plays_the_games_of_game(index: int) -> None:
    options = MATRIX[index]
    seed = 100 + index
    greedy = (index + index // 4) % 4 == 0  # a greedy seat in one game of four, every bonus set
    game = play(_bots(options, seed, greedy), options, seed, record=False)
    want = (game.results(), game.winners())
    seats = fast_seats(_bots(options, seed, greedy))
    assert seats is not None
    fast = play_fast(options, seed, seats)
    assert (fast.results, fast.winners) == want
    assert supports(options) and compiled.available()
    built = compiled.play_greedy_seeded(options, seed, [seed * 10 + p
                                                        for p in range(options.players)],
                                        [s.weights for s in seats])
    assert (built.results, built.winners) == want


ENDGAMES = LazyPositions(12, budget=300, settings=MATRIX[::3], first_seed=7)


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_every_endgame_engine_values_as_plain_search(engine: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "1" if engine == "compiled" else "0")
    assert {g.options.players for g, _, _ in ENDGAMES} == {2, 3, 4}
    for game, want, mode in ENDGAMES:
        assert solve(game, paranoid=mode == "paranoid").value == want, (game.options, mode)
    if engine == "compiled":
        assert any(applies(position(g)[0]) for g, _, _ in ENDGAMES)


# ---------------------------------------------------------------- a bonus the kit never had


@dataclass(frozen=True)
class DummyRules(Rules):
    """Rules with one more bonus: ``dummy``, earned when nothing lies above the castle row."""

    dummy: bool = False


def _nothing_above(size: int, rmin: int, rmax: int, cmin: int, cmax: int, occupied: int
                   ) -> bool:
    return rmin == 0


@pytest.fixture
def dummy_bonus(monkeypatch: pytest.MonkeyPatch) -> DummyRules:
    """The dummy bonus in the rules' tables (its points, its name, its scorer), wherever a
    module of the kit holds them."""
    tables = {id(rules_module.POINTS): MappingProxyType({**rules_module.POINTS, "dummy": 3}),
              id(rules_module.BONUS_NAMES): MappingProxyType({**rules_module.BONUS_NAMES,
                                                              "dummy": "Dummy"}),
              id(bitkingdom.BONUS_TESTS): MappingProxyType({**bitkingdom.BONUS_TESTS,
                                                            "dummy": _nothing_above})}
    for name, module in list(sys.modules.items()):
        if name.startswith("kingdomino_kit") and module is not None:
            for attr in ("POINTS", "BONUS_NAMES", "BONUS_TESTS"):
                table = tables.get(id(getattr(module, attr, None)))
                if table is not None:
                    monkeypatch.setattr(module, attr, table)
    monkeypatch.setattr(Rules, "dummy", False, raising=False)  # plain rules: the bonus is off
    return DummyRules(dummy=True, middle_kingdom=True)


def test_every_door_counts_a_new_bonus_or_refuses_it(dummy_bonus: DummyRules,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    options = GameOptions(players=3, rules=dummy_bonus)
    assert options.rules.bonuses == ("middle_kingdom", "dummy")
    plain_rules = GameOptions(players=3, rules=Rules(middle_kingdom=True))
    earned = 0
    for seed in range(6):
        game = play(_bots(options, seed), options, seed, record=False)
        without = play(_bots(plain_rules, seed), plain_rules, seed, record=False)
        earned += sum(a != b for a, b in zip(game.scores(), without.scores(), strict=True))
        seats = fast_seats(_bots(options, seed))
        assert seats is not None
        fast = play_fast(options, seed, seats)  # counts it
        assert (fast.results, fast.winners) == (game.results(), game.winners())
    assert earned  # the dummy bonus changed some scores: it is counted
    with pytest.raises(UnsupportedRules):  # the kernels refuse it
        compiled.play_greedy_seeded(options, 1, [1, 2, 3], [None] * 3)
    assert not supports(options)
    rows = list(simulate(4, "greedy,random,random", options, seed=2, progress=False))
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "0")
    assert list(simulate(4, "greedy,random,random", options, seed=2, progress=False)) == rows


def test_the_greedy_values_and_playouts_count_a_new_bonus(dummy_bonus: DummyRules,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    options = GameOptions(players=2, rules=dummy_bonus)
    for seed in range(4):  # the fast greedy (its bounds) chooses as the readable one
        results = []
        for greedy in (FastGreedy(options), Greedy(options)):
            bits = BitGame(options, seed)
            bits.run([GreedyPolicy(greedy, random.Random(seed + p)) for p in range(2)])
            results.append(bits.results())
        assert results[0] == results[1]
    observation = Game(options, seed=5).observation()
    moves = candidate_moves(observation, FastGreedy(options), 3)
    with pytest.raises(UnsupportedRules):
        compiled.playout_scores(compiled.PlayoutPosition.of_observation(observation), None,
                                None, 1, [True, True], 3.0, 0.5)
    fast = evaluate(observation, moves, random.Random(1), playouts=6)
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "0")
    assert evaluate(observation, moves, random.Random(1), playouts=6) == fast


def test_the_endgame_counts_a_new_bonus(dummy_bonus: DummyRules) -> None:
    settings = [GameOptions(players=2, rules=dummy_bonus),
                GameOptions(players=3, rules=dummy_bonus, strict_discard=False)]
    for game, want, mode in small_positions(4, budget=300, settings=settings, first_seed=3):
        assert solve(game, paranoid=mode == "paranoid").value == want
        tree, _ = position(game)
        assert not applies(tree)
        with pytest.raises(UnsupportedRules):
            Compiled(tree)


def test_refusals_are_of_the_error_family() -> None:
    assert issubclass(UnsupportedRules, KingdominoError)
