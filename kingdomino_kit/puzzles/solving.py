"""Solving puzzles with the CP-SAT solver (:func:`kingdomino_kit.solver.best_kingdom`).

Every kind reduces to ``best_kingdom``: a set of dominoes (any subset, at most ``place`` of them),
a start kingdom, the rule options. A ``next-placement`` puzzle solves once per legal placement of
the claimed domino. ``place: "all"`` is proven by the subset optimum when that optimum places
every domino (a layout of all of them is one of the subsets, so it cannot score more).

>>> from kingdomino_kit.puzzles import Puzzle
>>> answer = solve_puzzle(Puzzle("x", "x", "best-kingdom", 1, "?", (41, 36)), workers=1)
>>> answer.status, answer.optimum
(<Status.OPTIMAL: 'optimal'>, 6)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.answer import FEASIBLE, OPTIMAL, UNKNOWN, Status, answer_json, placements_json
from kingdomino_kit.dominoes import Domino, domino
from kingdomino_kit.errors import KingdominoError, PuzzleError, SolverError
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.puzzles.format import Puzzle, Solution, kingdom_line
from kingdomino_kit.solver import best_kingdom
from kingdomino_kit.untrusted import check_search, shown

__all__ = ["PuzzleAnswer", "solve_puzzle", "SUBSET_LIMIT"]

SUBSET_LIMIT = 500
"""``place: k`` with at most this many k-subsets is solved subset by subset (each a small,
fast model) rather than as one model that also chooses the dominoes."""


@dataclass(frozen=True)
class PuzzleAnswer:
    """What the solver found: status (``optimal`` when proven), optimum (best total found),
    bound, the kingdom and its placement order, per-placement values (next-placement), time."""

    status: Status
    optimum: int
    bound: int
    kingdom: Kingdom | None
    order: tuple[Placement, ...]
    values: tuple[tuple[Placement, int], ...]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The ``puzzle solve --json`` answer (:func:`kingdomino_kit.answer.answer_json`):
        ``score`` is the best total found, ``grid`` the kingdom as text, ``order`` the dominoes
        placed (a start kingdom's own squares are not in it) with cells in that text's frame."""
        k = self.kingdom
        grid, order = ("", []) if k is None else (k.to_text(), placements_json(k, self.order))
        return answer_json(self.status, self.optimum, self.bound, grid, order, self.seconds)

    def as_solution(self, solver: str = "kingdomino_kit.solver.best_kingdom (CP-SAT)") -> Solution:
        """The puzzle-file form; only a proven answer may be stored."""
        if self.status != "optimal" or self.kingdom is None:
            raise KingdominoError(f"the answer is {self.status}, not proven optimal")
        proof = {"by": solver, "status": "OPTIMAL", "bound": self.bound}
        return Solution(self.optimum, kingdom_line(self.kingdom), self.order,
                        proof, self.values)


def solve_puzzle(puzzle: Puzzle, *, time_limit_s: float = 60.0, workers: int = 2, seed: int = 0,
                 on_solution: Callable[[Any], None] | None = None) -> PuzzleAnswer:
    """Solve ``puzzle`` with CP-SAT; ``status`` is ``optimal`` only when proven."""
    if not isinstance(puzzle, Puzzle):
        raise PuzzleError(f"puzzle: must be a Puzzle, not {shown(puzzle)}")
    check_search(time_limit_s, workers, seed, SolverError)
    rules = puzzle.rules
    options = {"size": rules.size, "middle_kingdom": rules.middle_kingdom,
               "harmony": rules.harmony, "time_limit_s": time_limit_s, "workers": workers,
               "seed": seed}
    choose = puzzle.place if isinstance(puzzle.place, int) else None
    start = puzzle.start_kingdom()
    doms = puzzle.domino_list()
    if isinstance(choose, int) and math.comb(len(doms), choose) <= SUBSET_LIMIT:
        return _solve_subsets(puzzle, doms, choose, start, options)
    if puzzle.kind != "next-placement":
        sol = best_kingdom(doms, start=start if len(start) else None, choose=choose,
                           on_solution=on_solution, **options)  # type: ignore[arg-type]
        status: Status = sol.status
        kingdom, order = sol.kingdom, tuple(sol.order)
        if puzzle.place == "all" and status == "optimal" and kingdom is not None:
            used = {p.domino.number for p in order}
            missing = [d for d in doms if d.number not in used]
            extra = _add_without_loss(kingdom, missing, rules.total, sol.score)
            if extra is None:
                status = UNKNOWN  # the best subset leaves dominoes out: "all" is not proven
            else:
                kingdom = kingdom.copy()
                for p in extra:
                    kingdom.place(p)
                order = (*order, *extra)
        return PuzzleAnswer(status, sol.score, sol.bound, kingdom, order, (), sol.seconds)
    assert puzzle.claimed is not None
    values: list[tuple[Placement, int]] = []
    best: tuple[int, Kingdom | None, tuple[Placement, ...]] = (-1, None, ())
    statuses: set[Status] = set()
    bound = 0
    seconds = 0.0
    for p in sorted(start.legal_placements(domino(puzzle.claimed)),
                    key=lambda q: (q.first, q.second)):
        after = start.copy()
        after.push(p)
        sol = best_kingdom(doms, start=after, choose=choose, **options)  # type: ignore[arg-type]
        statuses.add(sol.status)
        seconds += sol.seconds
        bound = max(bound, sol.bound)
        values.append((p, sol.score))
        if sol.score > best[0]:
            best = (sol.score, sol.kingdom, (p, *sol.order))
    status = OPTIMAL if statuses == {OPTIMAL} else FEASIBLE
    return PuzzleAnswer(status, best[0], bound, best[1], best[2], tuple(values), seconds)


def _add_without_loss(kingdom: Kingdom, missing: list[Domino], total: Callable[[Kingdom], int],
                      target: int) -> list[Placement] | None:
    """Legal placements of every missing domino that keep the total at ``target``, or None.

    The best subset of the dominoes is an upper bound for any layout of all of them, so such an
    extension proves the "all" optimum too.

    >>> from kingdomino_kit.dominoes import domino
    >>> ext = _add_without_loss(Kingdom.from_text("C G2 G"), [domino(4)], Kingdom.score, 4)
    >>> [p.domino.number for p in ext]
    [4]
    """
    if not missing:
        return [] if total(kingdom) >= target else None
    first, rest = missing[0], missing[1:]
    for p in sorted(kingdom.legal_placements(first), key=lambda q: (q.first, q.second)):
        k = kingdom.copy()
        k.push(p)
        if total(k) < target:
            continue
        tail = _add_without_loss(k, rest, total, target)
        if tail is not None:
            return [p, *tail]
    return None


def _solve_subsets(puzzle: Puzzle, doms: list[Domino], choose: int, start: Kingdom,
                   options: dict[str, Any]) -> PuzzleAnswer:
    """At most ``choose`` of ``doms``: the best over every ``choose``-subset (each solved with
    any of its dominoes allowed, so smaller subsets are covered too); proven when every subset
    is."""
    best: Any = None
    statuses: set[Status] = set()
    seconds = 0.0
    bound = 0
    for subset in itertools.combinations(doms, min(choose, len(doms))):
        sol = best_kingdom(list(subset), start=start if len(start) else None, **options)
        statuses.add(sol.status)
        seconds += sol.seconds
        bound = max(bound, sol.bound)
        if best is None or sol.score > best.score:
            best = sol
    assert best is not None
    status = OPTIMAL if statuses == {OPTIMAL} else FEASIBLE
    return PuzzleAnswer(status, best.score, bound, best.kingdom, tuple(best.order), (), seconds)
