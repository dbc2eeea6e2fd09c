"""Provably optimal kingdoms: :func:`best_kingdom` (OR-Tools CP-SAT).

The castle is tried on each frame cell of one eighth of the square (the D4 symmetry of the frame
maps every layout onto one with its castle there), the centre first; each position is one CP-SAT
model (:mod:`kingdomino_kit.solver_model`) that must beat the best score found so far. Every layout
found is replayed through :meth:`Kingdom.place` and re-scored by :meth:`Kingdom.total` before it is
returned; a model score above the real score, or an "optimal" layout whose real score differs from
the model's, raises :class:`SolverBug`.

>>> from kingdomino_kit.dominoes import dominoes
>>> sol = best_kingdom(dominoes("41,36"), workers=1)
>>> sol.status, sol.score, sol.bound
('optimal', 6, 6)
>>> sol.kingdom.score(), sorted(p.domino.number for p in sol.order)
(6, [36, 41])
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.dominoes import Domino, Half
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.kingdom import Kingdom, Placement

__all__ = ["Solution", "SolverError", "SolverBug", "best_kingdom", "castle_positions",
           "check_numbers", "replay_order", "OPTIMAL", "FEASIBLE", "INFEASIBLE", "UNKNOWN"]

OPTIMAL, FEASIBLE, INFEASIBLE, UNKNOWN = "optimal", "feasible", "infeasible", "unknown"
Frame = tuple[int, int]


class SolverError(KingdominoError):
    """Bad input to the solver (repeated domino, too many dominoes, a start that cannot be used)."""


class SolverBug(AssertionError):
    """The model and the rules library disagree: a bug, never a user error."""


@dataclass(frozen=True)
class Solution:
    """A solver answer: status, real score (bonuses included), proven bound, kingdom, order, time.

    ``status`` is ``optimal`` (score == bound), ``feasible`` (a layout, not proven best),
    ``infeasible`` (no layout can satisfy the start) or ``unknown`` (no layout found in time).
    """

    status: str
    score: int
    bound: int
    kingdom: Kingdom | None
    order: tuple[Placement, ...]
    seconds: float

    @property
    def gap(self) -> int:
        """bound − score (0 when proven optimal)."""
        return self.bound - self.score


def castle_positions(size: int, start: Kingdom | None = None) -> list[Frame]:
    """Frame cells to try for the castle, centre first: one eighth of the square without a start,
    every cell that keeps the start inside the frame with one.

    >>> castle_positions(5)
    [(2, 2), (1, 2), (1, 1), (0, 2), (0, 1), (0, 0)]
    """
    c = size // 2
    if start is None:
        cells = [(r, k) for r in range(c + 1) for k in range(r, c + 1)]
    else:
        rmin, rmax, cmin, cmax = start.bounds
        cells = [(r, k) for r in range(size) for k in range(size)
                 if r + rmin >= 0 and r + rmax < size and k + cmin >= 0 and k + cmax < size]
    return sorted(cells, key=lambda u: (abs(u[0] - c) + abs(u[1] - c), -u[0], -u[1]))


def check_numbers(numbers: Sequence[int], size: int, error: type[KingdominoError],
                  what: str = "kingdom") -> None:
    """The checks every solver makes first: no domino given twice, a size of 5 or 7.

    >>> check_numbers([3, 17, 3], 5, SolverError)
    Traceback (most recent call last):
    ...
    kingdomino_kit.solver.SolverError: domino 3 is given more than once
    """
    repeated = sorted({n for n in numbers if numbers.count(n) > 1})
    if repeated:
        raise error(f"domino {repeated[0]} is given more than once")
    if size not in (5, 7):
        raise error(f"{what} size must be 5 or 7, not {size}")


def _check_input(dominoes: Sequence[Domino], size: int, start: Kingdom | None,
                 choose: int | None) -> None:
    check_numbers([d.number for d in dominoes], size, SolverError)
    if start is not None:
        if start.size != size:
            raise SolverError(f"the start kingdom has size {start.size}, not {size}")
        rmin, rmax, cmin, cmax = start.bounds
        if rmax - rmin >= size or cmax - cmin >= size:
            raise SolverError(f"the start kingdom does not fit {size}×{size}")
    room = (size * size - 1 - (len(start) if start is not None else 0)) // 2
    used = len(dominoes) if choose is None else min(choose, len(dominoes))
    if choose is not None and choose < 0:
        raise SolverError(f"cannot choose {choose} dominoes")
    if used > room and choose is None:
        raise SolverError(f"{len(dominoes)} dominoes cannot fit a {size}×{size} kingdom "
                          f"(room for {room})")


def replay_order(placements: Sequence[Placement], start: Kingdom | None = None,
                 size: int = 5) -> tuple[Kingdom, tuple[Placement, ...]]:
    """Place every placement through the rules (:meth:`Kingdom.place`) in a legal order.

    Placing a domino never makes another one illegal (cells are distinct, the layout fits), so
    greedily placing any domino that is legal now finds an order whenever one exists.

    >>> from kingdomino_kit.dominoes import domino
    >>> k, order = replay_order([Placement(domino(1), (0, 2), (0, 3)),
    ...                          Placement(domino(2), (0, 1), (1, 1))])
    >>> [p.domino.number for p in order]
    [2, 1]
    """
    kingdom = start.copy() if start is not None else Kingdom(size)
    left = list(placements)
    order: list[Placement] = []
    while left:
        for p in left:
            try:
                kingdom.check(p)
            except KingdominoError:
                continue
            kingdom.place(p)
            order.append(p)
            left.remove(p)
            break
        else:
            raise SolverBug(f"no legal order for the layout: stuck with {left}")
    return kingdom, tuple(order)


def best_kingdom(dominoes: Sequence[Domino], *, size: int = 5, middle_kingdom: bool = False,
                 harmony: bool = False, start: Kingdom | None = None,
                 time_limit_s: float = 60.0, workers: int = 2, seed: int = 0,
                 on_solution: Callable[[Solution], None] | None = None,
                 choose: int | None = None) -> Solution:
    """The best kingdom buildable from any subset of ``dominoes`` (at most ``choose`` of them).

    >>> from kingdomino_kit.dominoes import dominoes
    >>> best_kingdom(dominoes("48,47"), workers=1).score   # M2 beside M3: 2 squares × 5 crowns
    10
    """
    from kingdomino_kit.solver_search import solve_positions

    dominoes = list(dominoes)
    _check_input(dominoes, size, start, choose)
    return solve_positions(dominoes, size=size, middle_kingdom=middle_kingdom, harmony=harmony,
                           start=start, time_limit_s=time_limit_s, workers=workers, seed=seed,
                           on_solution=on_solution, choose=choose)


def fixed_squares(start: Kingdom | None, castle: Frame) -> dict[Frame, Half]:
    """The start's squares in the frame of a castle cell."""
    if start is None:
        return {}
    return {(r + castle[0], c + castle[1]): h for (r, c), h in start.squares()}


def describe(solution: Solution) -> dict[str, Any]:
    """The CLI's JSON view of a solution (cells in the frame of ``grid``)."""
    k = solution.kingdom
    if k is None:
        grid, order = "", []
    else:
        dr, dc = k.text_origin()
        grid = k.to_text()
        order = [{"domino": p.domino.number,
                  "cells": [list(q.first), list(q.second)]}
                 for p in solution.order for q in (p.shifted(dr, dc),)]
    return {"status": solution.status.upper(), "score": solution.score, "bound": solution.bound,
            "grid": grid, "order": order, "seconds": round(solution.seconds, 3)}


def _now() -> float:
    return time.perf_counter()
