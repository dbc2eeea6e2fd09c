"""The best kingdom without OR-Tools: the kit's own exact search, in pure Python.

Where OR-Tools cannot be installed — the Lite edition's browser kernel (Pyodide), which has
no build of it — :func:`best_kingdom_exact` answers what
:func:`~kingdomino_kit.solver.best_kingdom` answers, with the same rule for discards (a domino
is left out only when it fits nowhere in the final kingdom) and the same statuses: ``optimal``
when the whole search ran, ``feasible`` (the best layout found, the bound not met) when the time
limit stopped it first. :func:`engine` says which engine :func:`best_kingdom` uses here.

The search places one domino at a time, every remaining domino at every legal placement, from
the castle (or ``start``), depth first:

- a kingdom where no remaining domino fits is a final layout, scored by the rules (bonuses
  included); every buildable layout that obeys the discard rule is reached so, by the order
  in which it can be built;
- a kingdom reached before by another order, with the same dominoes left, is not searched again
  (a table of kingdoms by :meth:`~kingdomino_kit.kingdom.Kingdom.key` and remaining dominoes);
- a branch whose bound — each terrain as one property: its squares × its crowns, placed and
  still to come, plus every bonus still within reach — is no better than the best found is
  cut;
- the placements that score most at once are tried first, so a good layout comes early.

It is exact but exponential, and its bound stays loose: it answers only where the frame
search cannot (a Middle Kingdom that the discard rule would spoil). The best kingdom is
the frame search's (:mod:`.framed`, :mod:`.frame_search`: a fixed frame filled cell by cell,
closed properties scored exactly), which proves twelve dominoes on 5×5 in about a second; the
CP-SAT models are the fast way where OR-Tools runs.

>>> from kingdomino_kit.dominoes import dominoes
>>> sol = best_kingdom_exact(dominoes("48,47"))        # M2 beside M3: 2 squares × 5 crowns
>>> sol.status, sol.score, sol.bound
(<Status.OPTIMAL: 'optimal'>, 10, 10)
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.errors import SolverError
from kingdomino_kit.infra.cp_sat_loader import installed
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.rules import POINTS, Rules
from kingdomino_kit.solver.framed import best_kingdom_framed
from kingdomino_kit.solver.solution import Solution, Status

__all__ = ["CP_SAT", "EXACT_SEARCH", "best_kingdom_exact", "engine", "terrain_bound"]

CP_SAT = "CP-SAT (OR-Tools)"
EXACT_SEARCH = "the kit's exact search (pure Python)"


def engine() -> str:
    """The engine :func:`~kingdomino_kit.solver.best_kingdom` uses in this Python: CP-SAT where
    OR-Tools is installed, else the kit's exact search."""
    return CP_SAT if installed() else EXACT_SEARCH


def terrain_bound(kingdom: Kingdom, left: Sequence[Domino]) -> int:
    """Σ over terrains of (its squares) × (its crowns), placed and still to come: the score if
    every terrain were one property — no layout of these dominoes scores more.

    >>> from kingdomino_kit.dominoes import dominoes
    >>> terrain_bound(Kingdom(), dominoes("48,47"))   # 2 mine squares, 5 crowns; 2 swamps, 0
    10
    """
    squares: dict[object, int] = {}
    crowns: dict[object, int] = {}
    halves = [half for _, half in kingdom.squares()]
    halves += [h for d in left for h in (d.first, d.second)]
    for half in halves:
        squares[half.terrain] = squares.get(half.terrain, 0) + 1
        crowns[half.terrain] = crowns.get(half.terrain, 0) + half.crowns
    return sum(squares[t] * crowns[t] for t in squares)


class _Search:
    """One search: what counts as a final layout, the best so far, the kingdoms seen."""

    def __init__(self, doms: Sequence[Domino], rules: Rules, deadline: float, *,
                 place_all: bool, any_subset: bool, cap: int | None) -> None:
        self.doms, self.rules, self.deadline = list(doms), rules, deadline
        self.place_all, self.any_subset, self.cap = place_all, any_subset, cap
        self.best = -1
        self.best_order: tuple[Placement, ...] = ()
        self.best_left: tuple[int, ...] = ()
        self.seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        self.complete = True

    def _bonus_bound(self, k: Kingdom, left: int) -> int:
        """The bonuses still within reach: Middle Kingdom while every square so far is within
        reach of a centred castle (squares are never taken away), Harmony while the squares
        placed and to come can fill the frame."""
        bound = 0
        if self.rules.middle_kingdom and k.is_centred():
            bound += POINTS["middle_kingdom"]
        squares = sum(1 for _ in k.squares())
        if self.rules.harmony and squares + 2 * left >= self.rules.size ** 2 - 1:
            bound += POINTS["harmony"]
        return bound

    def _final(self, k: Kingdom, left: tuple[int, ...]) -> None:
        value = self.rules.total(k)
        if value > self.best:
            self.best, self.best_order, self.best_left = value, tuple(k.history), left

    def run(self, k: Kingdom, left: tuple[int, ...], placed: int) -> None:
        state = (k.key(), left)
        if state in self.seen or not self.complete:
            return
        self.seen.add(state)
        if len(self.seen) % 512 == 0 and time.monotonic() > self.deadline:
            self.complete = False
            return
        rest = [self.doms[i] for i in left]
        if terrain_bound(k, rest) + self._bonus_bound(k, len(left)) <= self.best:
            return  # no layout below can beat the best (a final one here included)
        if self.any_subset:
            self._final(k, left)
        if placed == self.cap:
            return
        moves: list[tuple[int, int, Placement]] = []
        for j, i in enumerate(left):
            for q in k.legal_placements(self.doms[i]):
                k.push(q)
                moves.append((self.rules.total(k), j, q))
                k.undo()
        if not moves:  # nothing fits: a final layout (unless every domino had to be placed)
            if not self.any_subset and not (self.place_all and left):
                self._final(k, left)
            return
        moves.sort(key=lambda m: -m[0])
        for _, j, q in moves:
            k.push(q)
            self.run(k, left[:j] + left[j + 1:], placed + 1)
            k.undo()


def best_kingdom_exact(dominoes: Sequence[Domino], rules: Rules | None = None, *,
                       start: Kingdom | None = None, time_limit_s: float = 60.0,
                       choose: int | None = None, place_all: bool = False,
                       free_discard: bool = False) -> Solution:
    """The best kingdom buildable from ``dominoes`` from the castle or ``start`` under ``rules``
    (default: 5×5, no bonus), as :func:`~kingdomino_kit.solver.best_kingdom` defines it,
    found by the exact search of this module; ``feasible`` with the best found if
    ``time_limit_s`` ran out first. ``choose``: any subset of at most that many;
    ``place_all``: every domino placed (``infeasible`` if no layout does);
    ``free_discard``: any subset."""
    rules = rules or Rules()
    if not time_limit_s > 0:
        raise SolverError(f"time_limit_s: must be a positive number of seconds, not "
                          f"{time_limit_s!r}")
    began = time.monotonic()
    root = start.copy() if start is not None else Kingdom(rules.size)
    if root.size != rules.size:
        raise SolverError(f"start: a {root.size}×{root.size} kingdom, the rules say "
                          f"{rules.size}×{rules.size}")
    framed = best_kingdom_framed(dominoes, rules, terrain_bound(root, list(dominoes))
                                 + rules.bonus_bound, began=began, time_limit_s=time_limit_s,
                                 free_discard=free_discard or choose is not None,
                                 place_all=place_all, start=start, choose=choose)
    if framed is not None:
        return framed
    before = len(root.history)
    search = _Search(dominoes, rules, began + time_limit_s, place_all=place_all,
                     any_subset=free_discard or choose is not None, cap=choose)
    search.run(root, tuple(range(len(dominoes))), 0)
    seconds = time.monotonic() - began
    bound = terrain_bound(root, list(dominoes)) + rules.bonus_bound
    if search.best < 0:
        status = Status.INFEASIBLE if search.complete else Status.UNKNOWN
        return Solution(status, 0, bound, None, (), seconds)
    order = search.best_order[before:]
    kingdom = root.copy()
    for q in order:
        kingdom.place(q)
    status = Status.OPTIMAL if search.complete else Status.FEASIBLE
    discarded = () if search.any_subset else tuple(sorted(dominoes[i].number
                                                            for i in search.best_left))
    return Solution(status, search.best, search.best if search.complete else bound, kingdom,
                    order, seconds, discarded=discarded)
