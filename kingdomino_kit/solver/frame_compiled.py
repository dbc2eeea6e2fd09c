"""The frame search (:mod:`.frame_search`) with its search compiled (:mod:`.frame_kernels`).

The same question — the best kingdom from any subset of the dominoes (all of them with
``place_all``) over every frame, scoring more than ``above`` — and the same answer, from the
castle (no start kingdom, no cap on the dominoes placed). The castle cells take turns as in
:func:`.frame_search.frame_search`, each searched afresh within a node budget that grows
fourfold a round; the time limit is turned into nodes by the rate measured so far, so a call
overruns its deadline by little.

Needs numba (imported with this module); the tests compare its answers with the Python search's.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np

import kingdomino_kit.solver.frame_kernels as fk
from kingdomino_kit.dominoes import Domino
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver.frame_search import (
    FIRST_BUDGET,
    FrameResult,
    castle_cells,
    domino_kinds,
)

__all__ = ["frame_search_compiled", "symmetry_pairs"]

FIRST_RATE = 200_000
"""Nodes a second assumed until a call has been timed."""


def symmetry_pairs(n: int, r: int, c: int) -> list[tuple[int, int]]:
    """Pairs of cells (a, b) such that every frame with the castle at row ``r``, column ``c``
    (one of :func:`.frame_search.castle_cells`) has an image under the frame's symmetries
    that keep the castle where a holds at least what b holds: at the centre the castle's
    north neighbour against the other three (the rotations bring any of them north), on the
    diagonal the east neighbour against the south one (the transpose), on the middle column
    east against west (the mirror)."""
    h = n // 2
    north, east, south, west = (r - 1) * n + c, r * n + c + 1, (r + 1) * n + c, r * n + c - 1
    if r == c == h:
        return [(north, east), (north, south), (north, west)]
    if r == c:
        return [(east, south)]
    if c == h:
        return [(east, west)]
    return []


class _Arrays:
    """The kernel's state for one set of dominoes on one frame."""

    def __init__(self, doms: Sequence[Domino], rules: Rules, place_all: bool) -> None:
        n = rules.size
        self.kinds, self.members = domino_kinds(doms)
        self.k = np.array(self.kinds, dtype=np.int64).reshape(-1, 4)
        self.count = np.array([len(m) for m in self.members], dtype=np.int64)
        self.left_sq = np.zeros(fk.TERRAINS, np.int64)
        self.left_cr = np.zeros(fk.TERRAINS, np.int64)
        for (t1, c1, t2, c2), m in zip(self.kinds, self.members, strict=True):
            self.left_sq[t1] += len(m)
            self.left_sq[t2] += len(m)
            self.left_cr[t1] += c1 * len(m)
            self.left_cr[t2] += c2 * len(m)
        self.terr = np.zeros(fk.TERRAINS, np.int64)
        self.crowns = np.zeros(4, np.int64)
        cells = n * n
        self.placed = np.zeros((cells, 4), np.int64)
        self.best = np.zeros((cells, 4), np.int64)
        self.scratch = np.zeros((6, fk.SCRATCH), np.int64)
        self.moves = np.zeros((cells + 1, max(1, 8 * len(self.kinds)), 4), np.int64)
        st = np.zeros(fk.STATE, np.int64)
        full = (1 << cells) - 1
        col0 = sum(1 << r * n for r in range(n))
        st[fk.SIZE], st[fk.FULL] = n, full
        st[fk.NOT_FIRST], st[fk.NOT_LAST] = full & ~col0, full & ~(col0 << (n - 1))
        st[fk.LIGHT] = sum(1 << (r * n + c) for r in range(n) for c in range(n)
                           if (r + c) % 2 == 0)
        st[fk.CAP] = len(doms)
        st[fk.PLACE_ALL] = int(place_all)
        st[fk.MIDDLE], st[fk.HARMONY] = int(rules.middle_kingdom), int(rules.harmony)
        self.st = st

    def over(self, castle: int, above: int, nodes: int) -> bool:
        """Search the frames with the castle at ``castle`` for a kingdom above ``above`` (and
        the best found so far) within ``nodes`` more nodes; returns whether it ran to the end."""
        st, n = self.st, int(self.st[fk.SIZE])
        cr, cc = divmod(castle, n)
        h = n // 2
        st[fk.CASTLE] = 1 << castle
        st[fk.WITHIN] = sum(1 << (r * n + c) for r in range(n) for c in range(n)
                            if abs(r - cr) <= h and abs(c - cc) <= h)
        st[fk.SYM:fk.STATE] = -1
        pairs = symmetry_pairs(n, cr, cc)
        for p, (a, b) in enumerate(pairs):
            st[fk.SYM + 2 * p], st[fk.SYM + 2 * p + 1] = a, b
        st[fk.FREE] = st[fk.FULL] & ~st[fk.CASTLE]
        st[fk.HOLES] = st[fk.NPLACED] = st[fk.CUT] = 0
        st[fk.BEST] = max(int(st[fk.BEST]), above)
        st[fk.LIMIT] = st[fk.NODES] + nodes
        fk.run(st, self.k, self.count, self.terr, self.crowns, self.left_sq, self.left_cr,
               self.placed, self.best, self.scratch, self.moves)
        return not st[fk.CUT]

    def layout(self) -> list[tuple[int, int, Domino]]:
        """The best frame's placements (cell of the first half, of the second, domino), in an
        order that builds them."""
        used = [0] * len(self.kinds)
        out = []
        for i, j, kind, flip in self.best[:int(self.st[fk.BEST_N])].tolist():
            d = self.members[kind][used[kind]]
            used[kind] += 1
            t1, c1, _, _ = self.kinds[kind]
            first_at_i = ((d.first.terrain_index, d.first.crowns) == (t1, c1)) != bool(flip)
            out.append((i, j, d) if first_at_i else (j, i, d))
        return out


def frame_search_compiled(doms: Sequence[Domino], rules: Rules, deadline: float, above: int,
                          *, place_all: bool = False) -> FrameResult:
    """:func:`.frame_search.frame_search` from the castle, compiled: the best kingdom above
    ``above`` (value −1 if none), ``complete`` False if ``deadline`` (a
    :func:`time.monotonic`) came first."""
    result = FrameResult()
    arrays = _Arrays(doms, rules, place_all)
    st = arrays.st
    st[fk.BEST] = above
    todo, budget, rate = castle_cells(rules.size), FIRST_BUDGET, float(FIRST_RATE)
    while todo:
        cut = []
        for castle in todo:
            left = deadline - time.monotonic()
            nodes = min(budget, int(left * rate) + 1)
            before, best, clock = int(st[fk.NODES]), int(st[fk.BEST]), time.monotonic()
            done = arrays.over(castle, above, nodes)
            spent = time.monotonic() - clock
            if spent > 0.05:
                rate = (int(st[fk.NODES]) - before) / spent
            if int(st[fk.BEST]) > best:
                result.value, result.castle = int(st[fk.BEST]), castle
                result.layout = arrays.layout()
            if not done:
                if time.monotonic() >= deadline:
                    result.complete = False
                    result.nodes = int(st[fk.NODES])
                    return result
                cut.append(castle)
        todo, budget = cut, budget * 4
    result.nodes = int(st[fk.NODES])
    return result
