"""The ``unique`` tag proved by CP-SAT, cross-checked against the exhaustive count.

Both ways: wherever the count is exact (collection puzzles and small fresh drafts, recounted
here by the test's own unpruned enumeration for the drafts), CP-SAT says unique exactly when the
count is one; where the count found two or more, CP-SAT never says unique; a witness CP-SAT
gives is checked by the rules and by the test's own symmetry images.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from kingdomino_kit.errors import PuzzleError
from kingdomino_kit.puzzles import Puzzle, load_collection
from kingdomino_kit.puzzles.generate import Plan, compose, proven
from kingdomino_kit.puzzles.ladder import measure
from kingdomino_kit.puzzles.measure import Count, count_optimal
from kingdomino_kit.puzzles.on_demand import new_puzzle, quick_solve
from kingdomino_kit.puzzles.unique import answer_kingdom, prove_unique
from kingdomino_kit.solver.other_layout import other_layout
from tests.puzzles.test_measures import every_final_kingdom, images

TOP = Path(__file__).resolve().parents[2] / "puzzles" / "kingdomino"
COLLECTION = [p for p in load_collection(TOP) if not p.kind.claims_first]
EXACT = [p for p in COLLECTION if p.measures is not None and p.measures.optimal_layouts_exact]
SEVERAL = [p for p in COLLECTION if p.measures is not None and p.measures.optimal_layouts >= 2
           and not p.measures.optimal_layouts_exact]
CUT_SHORT = [p for p in COLLECTION if p.measures is not None
             and p.measures.optimal_layouts == 2 and not p.measures.optimal_layouts_exact]
"""Counts that met one layout and ran out of budget, raised to "2 or more" by CP-SAT's second
(the exhaustive count stores no inexact 2 of its own: it stops at 50 or at its budget)."""


def test_no_stored_count_says_one_or_more() -> None:
    """A count cut short at one layout is either proven unique (exact 1) or shown a second
    (2 or more): "1 or more" says nothing a reader can use."""
    assert len(CUT_SHORT) >= 8
    assert not [p.id for p in COLLECTION if p.measures is not None
                and p.measures.optimal_layouts == 1 and not p.measures.optimal_layouts_exact]


def test_the_collection_has_both_verdicts_to_check() -> None:
    assert any(p.measures and p.measures.unique for p in EXACT)
    assert sum(not (p.measures and p.measures.unique) for p in EXACT) >= 10


@pytest.mark.parametrize("puzzle", EXACT, ids=[p.id for p in EXACT])
def test_cp_sat_agrees_with_every_exact_count(puzzle: Puzzle) -> None:
    assert puzzle.measures is not None
    assert prove_unique(puzzle) is (puzzle.measures.optimal_layouts == 1)


@pytest.mark.parametrize("puzzle", SEVERAL[:10], ids=[p.id for p in SEVERAL[:10]])
def test_two_layouts_counted_are_never_unique(puzzle: Puzzle) -> None:
    assert prove_unique(puzzle) is False


@pytest.mark.parametrize("puzzle", CUT_SHORT[:8], ids=[p.id for p in CUT_SHORT[:8]])
def test_a_witness_is_another_optimal_answer(puzzle: Puzzle) -> None:
    """Where the count ran out of budget with one layout (stored as 2 or more), CP-SAT's second
    layout is real: it
    scores the optimum under the rules, places what the puzzle asks, and no turn or mirror of
    the stored answer gives it (the test's own images)."""
    assert puzzle.solution is not None and puzzle.measures is not None
    answer = answer_kingdom(puzzle)
    found = other_layout(puzzle.domino_list(), answer, puzzle.solution.optimum,
                         rules=puzzle.rules, start=puzzle.start_kingdom(),
                         choose=puzzle.place if isinstance(puzzle.place, int) else None,
                         place_all=puzzle.place == "all", free_discard=puzzle.place != "all")
    assert found.unique is False and found.witness is not None
    witness = found.witness
    assert puzzle.rules.total(witness) == puzzle.solution.optimum
    placed = (len(witness) - len(puzzle.start_kingdom())) // 2
    if puzzle.place == "all":
        assert placed == len(puzzle.dominoes)
    elif isinstance(puzzle.place, int):
        assert placed <= puzzle.place
    assert images(witness) != images(answer)
    assert not puzzle.measures.unique          # the stored tag agrees


def _small_drafts() -> list[Puzzle]:
    """Fresh small drafts (1–2 dominoes to place), proven by the solver; a single domino to
    add to a start of 4–5 is often unique."""
    out = []
    for kind, count, extra, tries in (("complete", 1, 4, 12), ("complete", 1, 5, 12),
                                      ("best-kingdom", 2, 0, 4), ("free-choice", 1, 3, 4)):
        for attempt in range(tries):
            plan = Plan(kind, 1, count, extra, place=count if kind == "free-choice" else "all")
            rng = random.Random(f"unique:{kind}:{count}:{extra}:{attempt}")
            solved = proven(compose(plan, rng, f"u-{kind}-{extra}-{attempt}"), quick_solve(60.0))
            if solved is not None:
                out.append(solved)
    return out


def test_cp_sat_agrees_with_brute_force_on_fresh_drafts() -> None:
    verdicts = []
    for p in _small_drafts():
        assert p.solution is not None
        classes = {images(k) for k in every_final_kingdom(p)
                   if p.rules.total(k) == p.solution.optimum}
        assert prove_unique(p) is (len(classes) == 1), p.id
        verdicts.append(len(classes) == 1)
    assert True in verdicts and False in verdicts  # both ways


def test_measure_proves_unique_where_the_count_runs_out() -> None:
    unique = next(p for p in EXACT if p.measures and p.measures.unique)
    assert not count_optimal(unique, budget=1).exact
    m = measure(unique, budget=1)
    assert m.unique and m.optimal_layouts == 1 and m.optimal_layouts_exact
    several = next(p for p in EXACT if p.measures and p.measures.optimal_layouts == 2)
    assert not measure(replace(several), budget=1).unique


def test_puzzle_new_unique_gives_a_puzzle_the_exhaustive_count_finds_unique() -> None:
    p = new_puzzle("complete", 2, seed=0, unique=True)
    assert p.measures is not None and p.measures.unique
    assert count_optimal(p, budget=2_000_000) == Count(1, True)
    assert p.dumps() == new_puzzle("complete", 2, seed=0, unique=True).dumps()


def test_puzzle_new_unique_says_when_no_draft_is_unique() -> None:
    with pytest.raises(PuzzleError, match="with a unique optimum .* try another seed"):
        new_puzzle("free-choice", 1, seed=0, unique=True)
