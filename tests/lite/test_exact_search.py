"""The kit's exact search (the best kingdom without OR-Tools) against CP-SAT: the same status
and score on random small sets, with and without bonuses, and the collection's small puzzles
proven through ``solve_puzzle`` with the exact search in place of CP-SAT, each at its stored
optimum (proven by CP-SAT when the collection was made)."""

from __future__ import annotations

import random

import pytest

import kingdomino_kit.solver as solver
from kingdomino_kit.dominoes import DOMINOES
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.puzzles import load_collection, solve_puzzle
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver import OPTIMAL, best_kingdom
from kingdomino_kit.solver.exact import (
    CP_SAT,
    EXACT_SEARCH,
    best_kingdom_exact,
    engine,
    terrain_bound,
)
from tests.puzzles.sampling import first_of_each_kind

SMALL = 5
"""The most dominoes of a puzzle proven here by the exact search (it is exponential)."""


def random_set(seed: int, n: int) -> list:
    return random.Random(seed).sample(list(DOMINOES), n)


@pytest.mark.parametrize(("seed", "n", "rules"), [
    (1, 2, Rules()), (2, 3, Rules()), (3, 4, Rules()), (4, 4, Rules(middle_kingdom=True)),
    (5, 3, Rules(middle_kingdom=True, harmony=True)), (6, 5, Rules()),
    (7, 4, Rules(size=7)), (8, 3, Rules(harmony=True)),
])
def test_the_exact_search_answers_as_cp_sat(seed: int, n: int, rules: Rules) -> None:
    doms = random_set(seed, n)
    exact = best_kingdom_exact(doms, rules, time_limit_s=120)
    cp_sat = best_kingdom(doms, rules=rules, workers=1)
    assert (exact.status, exact.score) == (cp_sat.status, cp_sat.score) == (OPTIMAL,
                                                                             cp_sat.score)
    assert exact.kingdom is not None and rules.total(exact.kingdom) == exact.score
    replayed = Kingdom(rules.size)
    for placement in exact.order:               # the order is legal, placement by placement
        replayed.place(placement)
    assert replayed == exact.kingdom
    for number in exact.discarded:              # a domino left out fits nowhere
        assert not exact.kingdom.can_place(DOMINOES[number - 1])


def small_puzzles() -> list:
    return [p for p in load_collection("kingdomino_kit/collection/kingdomino")
            if p.rules.size == 5 and len(p.dominoes) <= SMALL and not p.kind.claims_first
            and p.solution is not None][:30]


@pytest.mark.parametrize("puzzle", first_of_each_kind(small_puzzles()))
def test_a_small_puzzle_is_proven_at_its_optimum_without_or_tools(
        puzzle: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solver, "engine", lambda: EXACT_SEARCH)
    answer = solve_puzzle(puzzle, workers=1)                       # type: ignore[arg-type]
    assert answer.status == OPTIMAL
    assert answer.optimum == puzzle.solution.optimum               # type: ignore[attr-defined]


def test_the_engine_is_named_and_the_bound_holds() -> None:
    assert engine() == CP_SAT                    # OR-Tools is installed with the kit here
    doms = random_set(11, 5)
    best = best_kingdom(doms, workers=1)
    assert terrain_bound(Kingdom(), doms) >= best.score


def test_a_castle_puzzle_is_solved_without_or_tools_as_cp_sat_solves_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Knizia's Kingdoms: the castle puzzles of the kit (notebook 07 solves one) by the
    exhaustive search where OR-Tools is missing, at CP-SAT's value."""
    import kingdomino_kit.kingdoms.solver as castles
    from kingdomino_kit.kingdoms.puzzles import castle_puzzles

    problems = [p.problem for p in castle_puzzles()][:4]
    assert problems
    cp_sat = [castles.solve_castles(p) for p in problems]
    monkeypatch.setattr(castles, "engine", lambda: EXACT_SEARCH)
    for problem, expected in zip(problems, cp_sat, strict=True):
        found = castles.solve_castles(problem)
        assert (found.status, found.value) == (expected.status, expected.value) == (
            OPTIMAL, expected.value)
        assert castles.evaluate(problem, found.board) == found.value
