"""The ``unique`` tag, proved by CP-SAT: the stored answer excluded with its images, re-solved.

:func:`prove_unique` asks :func:`~kingdomino_kit.solver.other_layout.other_layout` for a
layout worth the proven optimum that is not the stored answer nor any of its rotations and
reflections about the castle (identical dominoes swapped are the same layout), under the
puzzle's own conditions: every domino placed for ``place: "all"``, otherwise any of them (at
most ``place`` when it is a number) — the layouts :func:`~kingdomino_kit.puzzles.measure.
count_optimal` counts. None found proves the answer unique. For ``next-placement`` the stored
values already list every placement: unique when exactly one is worth the optimum.

The exhaustive count stays as the cross-check: the tests compare both on the collection.

>>> from kingdomino_kit.puzzles import find_puzzle
>>> prove_unique(find_puzzle("01"))
False
"""

from __future__ import annotations

from kingdomino_kit.errors import InvariantError
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.puzzles.format import Puzzle
from kingdomino_kit.solver.other_layout import OTHER_LAYOUT_WORK, other_layout

__all__ = ["answer_kingdom", "prove_unique"]


def answer_kingdom(puzzle: Puzzle) -> Kingdom:
    """The stored answer's kingdom: the start with the answer's placements."""
    if puzzle.solution is None:
        raise InvariantError("expected puzzle.solution is not None")
    k = puzzle.start_kingdom()
    for p in puzzle.solution.order:
        k.push(p)
    return k


def prove_unique(puzzle: Puzzle, work: float | None = None) -> bool | None:
    """Whether the puzzle's optimum is reached by one answer only, up to symmetry (None when a
    solve ran out of ``work``, CP-SAT's deterministic time per castle position)."""

    sol = puzzle.solution
    if sol is None:
        raise InvariantError("expected sol is not None")
    if puzzle.kind.claims_first:
        return sum(v == sol.optimum for _, v in sol.values) == 1
    choose = puzzle.place if isinstance(puzzle.place, int) else None
    verdict = other_layout(puzzle.domino_list(), answer_kingdom(puzzle), sol.optimum,
                           rules=puzzle.rules, start=puzzle.start_kingdom(), choose=choose,
                           place_all=puzzle.place == "all", free_discard=puzzle.place != "all",
                           work=OTHER_LAYOUT_WORK if work is None else work)
    return verdict.unique
