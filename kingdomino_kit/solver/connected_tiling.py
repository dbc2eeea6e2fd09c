"""The top level of a full frame: every domino placed, every crowned terrain one property.

When the dominoes fill the frame exactly (24 on 7×7: 48 squares and the castle), the terrain
bound — Σ squares × crowns, with every bonus — is met exactly by the layouts that place every
domino and keep each terrain with crowns in one property. Where the crowns lie then no longer
matters: the question is one of geometry, a tiling of the frame by the dominoes' terrain pairs
with each crowned terrain connected (W|F and F1|W are one kind). The search of
:mod:`.connected_kernels` answers it castle cell by castle cell (only the centre with Middle
Kingdom, whose +10 needs it there; only the cells of the majority colour, as a domino covers
one cell of each): a filling found is a layout at the bound, once it is built by the rules
(:func:`reach_order`); a search that ends with none refutes the bound.

The castle cells take turns, each within a number of nodes that grows fourfold a round, as in
:func:`.frame_compiled.frame_search_compiled`; from the second round on each also in other
orders of the kinds (:func:`kind_orders`, which breaks ties between moves), within a
sixteenth of the round's budget each: the nodes to a filling vary by orders of magnitude from
one order to another. The refuted states of all of them share one table (the castle is part
of the key; the order is not, as a refuted state is refuted in every order).

Needs numba (imported with this module).
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence

import numpy as np

import kingdomino_kit.solver.connected_kernels as ck
from kingdomino_kit.dominoes import Domino
from kingdomino_kit.errors import SolverBug, SolverError
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver.frame_compiled import symmetry_pairs
from kingdomino_kit.solver.frame_search import FrameResult, castle_cells, top_level

__all__ = ["connected_tiling", "forbidden_graphs", "reach_order"]

FIRST_NODES = 500_000
"""The nodes each castle cell is given in the first round."""
TABLE_ROWS = 1 << 21
"""Rows of the table of refuted states (5 words each: 80 MB)."""
RATE = 3_000_000
"""Nodes a second assumed until a call has been timed."""
ORDERS = 8
"""How many orders of the kinds the search tries (:func:`kind_orders`): the kinds' own first,
the others from the second round on, each castle cell in turn, within a share of the round's
budget (:data:`OTHER_SHARE`). The nodes to a filling vary by orders of magnitude from one
order to another (Mighty Duel seed 6 set 8 with both bonuses: more than 200 million with the
kinds' own order, 124 thousand with the eighth)."""
OTHER_SHARE = 16
"""The other orders' budget: the round's budget over this. A refutation, or a filling the
kinds' own order finds, costs at most 1 + (ORDERS − 1) / OTHER_SHARE times its nodes alone
(less, as the refuted states are shared); the first round, within which the search's quick
call (:data:`QUICK_NODES`) mostly stays, runs the kinds' own order alone."""
QUICK_NODES = 2_000_000
"""The nodes of the search's first, short call (before annealing; :mod:`.canonical_full`):
on the Mighty Duel sets whose top level it reaches at all it mostly does so within them
(about 0.7 CPU s), or within tens of millions."""


def forbidden_graphs() -> np.ndarray:
    """The edge masks (bit 8·i + j, i < j) of every K5 and every K3,3 on the region graph's
    8 vertices: a planar graph holds none of them."""
    def edges(pairs: Sequence[tuple[int, int]]) -> int:
        return sum(1 << (8 * min(i, j) + max(i, j)) for i, j in pairs)

    out = [edges(list(itertools.combinations(five, 2)))
           for five in itertools.combinations(range(8), 5)]
    for six in itertools.combinations(range(8), 6):
        for left in itertools.combinations(six[1:], 2):
            side = (six[0], *left)
            other = [v for v in six if v not in side]
            out.append(edges([(i, j) for i in side for j in other]))
    return np.array(out, dtype=np.int64)


def _by_edge(masks: np.ndarray) -> np.ndarray:
    """Row b: the masks through edge bit b, then zeros."""
    rows = [[int(m) for m in masks if int(m) >> b & 1] for b in range(64)]
    out = np.zeros((64, max(len(r) for r in rows) + 1), dtype=np.int64)
    for b, row in enumerate(rows):
        out[b, :len(row)] = row
    return out


def _built_whatever(kinds: dict[tuple[int, int], list[Domino]], squares: list[int],
                    crowns: list[int]) -> bool:
    """Whether every filling the search accepts can be built: each terrain with squares
    crowned (one property), and the terrains joined by the mixed dominoes (the castle, in a
    full frame, touches one of them; from there the properties and the dominoes reach all).
    Only then may refuted states be kept: otherwise whether a filling can be built depends
    on more than a state's key."""
    used = [t for t in range(ck.TERRAINS) if squares[t]]
    if not used or any(not crowns[t] for t in used):
        return not used
    joined = {used[0]}
    grown = True
    while grown:
        grown = False
        for a, b in kinds:
            if (a in joined) != (b in joined):
                joined |= {a, b}
                grown = True
    return len(joined) == len(used)


class _Tiling:
    """The kernel's arrays for one set of dominoes on one frame."""

    def __init__(self, doms: Sequence[Domino], n: int) -> None:
        kinds: dict[tuple[int, int], list[Domino]] = {}
        squares, crowns = [0] * ck.TERRAINS, [0] * ck.TERRAINS
        for d in doms:
            a, b = d.first.terrain_index, d.second.terrain_index
            kinds.setdefault((min(a, b), max(a, b)), []).append(d)
            for h in (d.first, d.second):
                squares[h.terrain_index] += 1
                crowns[h.terrain_index] += h.crowns
        self.members = list(kinds.values())
        self.kinds = np.array(list(kinds), dtype=np.int64).reshape(-1, 2)
        self.count = np.array([len(m) for m in self.members], dtype=np.int64)
        self.crowned = np.array([c > 0 for c in crowns], dtype=np.bool_)
        self.squares = np.array(squares, dtype=np.int64)
        edges = 0
        for a, b in kinds:
            if a != b and crowns[a] and crowns[b]:
                edges |= 1 << (8 * a + b)
        self.edges = edges
        self.forbidden = _by_edge(forbidden_graphs())
        self.table = np.zeros((TABLE_ROWS, ck.WORDS), dtype=np.int64)
        self.keys = np.zeros((len(doms) + 1, ck.WORDS), dtype=np.int64)
        self.seq = np.zeros((n + 1, 4), dtype=np.int64)
        self.placed = np.zeros((len(doms) + 1, 4), dtype=np.int64)
        self.moves = np.zeros((len(doms) + 1, 8 * len(self.members), 4), dtype=np.int64)
        st = np.zeros(ck.STATE, dtype=np.int64)
        full = (1 << n * n) - 1
        col0 = sum(1 << r * n for r in range(n))
        st[ck.SIZE], st[ck.FULL] = n, full
        st[ck.NOT_FIRST], st[ck.NOT_LAST] = full & ~col0, full & ~(col0 << (n - 1))
        st[ck.BORDER] = sum(1 << (r * n + c) for r in range(n) for c in range(n)
                            if r in (0, n - 1) or c in (0, n - 1))
        st[ck.CAN_MEMO] = int(n <= 7 and len(self.members) <= 21 and max(self.count) <= 7
                              and _built_whatever(kinds, squares, crowns))
        self.st = st

    def over(self, castle: int, nodes: int, order: np.ndarray) -> bool:
        """Search with the castle at ``castle`` within ``nodes`` more nodes, ties between
        moves broken in the kinds' ``order``; whether it ran to the end (``st[FOUND]`` says
        whether it found a filling)."""
        st, n = self.st, int(self.st[ck.SIZE])
        st[ck.CASTLE], st[ck.CASTLE_CELL] = 1 << castle, castle
        st[ck.CUT] = st[ck.FOUND] = st[ck.NPLACED] = 0
        st[ck.LIMIT] = st[ck.NODES] + nodes
        sym = np.full((3, 2), -1, dtype=np.int64)
        for p, pair in enumerate(symmetry_pairs(n, *divmod(castle, n))):
            sym[p] = pair
        ck.run(st, self.kinds, self.count.copy(), np.zeros(ck.TERRAINS, np.int64),
               self.crowned, self.squares.copy(), int(st[ck.FULL]) & ~(1 << castle),
               self.edges, self.placed, sym, self.forbidden, self.table, self.keys, self.seq,
               self.moves, order)
        return not st[ck.CUT]

    def layout(self) -> list[tuple[int, int, Domino]]:
        """The filling found: (cell of the first half, of the second, domino) each."""
        left = [list(m) for m in self.members]
        out = []
        for p, j, q, f in self.placed[:int(self.count.sum())].tolist():
            d = left[q].pop()
            at_p = int(self.kinds[q, f])
            out.append((p, j, d) if d.first.terrain_index == at_p else (j, p, d))
        return out


def reach_order(layout: Sequence[tuple[int, int, Domino]], castle: int,
                n: int) -> list[tuple[int, int, Domino]] | None:
    """The placements in an order that builds them by the rules (each beside the castle or
    beside a square of its own terrain placed before); None if some cannot be reached."""
    def near(cell: int) -> list[int]:
        r, c = divmod(cell, n)
        return [(r + dr) * n + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < n and 0 <= c + dc < n]

    terrain: dict[int, int] = {}
    todo, order = list(layout), []
    progress = True
    while todo and progress:
        progress = False
        for item in list(todo):
            i, j, d = item
            halves = ((i, d.first.terrain_index), (j, d.second.terrain_index))
            if any(x == castle or terrain.get(x) == t for cell, t in halves
                   for x in near(cell)):
                terrain[i], terrain[j] = halves[0][1], halves[1][1]
                order.append(item)
                todo.remove(item)
                progress = True
    return None if todo else order


def kind_orders(kinds: int, count: int | None = None) -> list[np.ndarray]:
    """The orders in which the search breaks ties between the moves of ``kinds`` kinds
    (:data:`ORDERS` unless ``count`` is given): their own order first, then permutations
    drawn from fixed seeds (by :meth:`random.Random.random` alone, whose sequence for a seed
    does not change between Python versions)."""
    out = [np.arange(kinds, dtype=np.int64)]
    for seed in range(1, ORDERS if count is None else count):
        rng = random.Random(seed)
        keys = [rng.random() for _ in range(kinds)]
        out.append(np.array(sorted(range(kinds), key=keys.__getitem__), dtype=np.int64))
    return out


def connected_tiling(doms: Sequence[Domino], rules: Rules, deadline: float,
                     max_nodes: int | None = None) -> FrameResult:
    """A layout of :func:`top_level` (value: that level, −1 if none; ``complete`` False if
    ``deadline``, a :func:`time.monotonic`, or ``max_nodes`` came first — ``capped`` says
    the nodes). The dominoes must fill the frame exactly. A castle cell whose nodes the cap
    cuts below its round's budget ends the search; one the clock cuts short (its nodes
    estimated from the rate so far) waits for the next round, and what follows is
    ``off_schedule``. Otherwise the answer is the same whatever the deadline and the cap (the
    canonical layout of :mod:`.canonical_full` relies on it)."""
    n = rules.size
    top = top_level(doms, rules)
    if top is None:
        raise SolverError(f"{len(doms)} dominoes do not fill a {n}×{n} frame exactly (the "
                          f"connected tiling needs n odd and (n² − 1) / 2 dominoes)")
    result = FrameResult()
    tiling = _Tiling(doms, n)
    centre = (n // 2) * n + n // 2
    cells = [c for c in castle_cells(n) if sum(divmod(c, n)) % 2 == 0
             and (c == centre or not rules.middle_kingdom)]
    orders = kind_orders(len(tiling.members))
    todo = [(castle, 0) for castle in cells]
    later = [(castle, o) for o in range(1, len(orders)) for castle in cells]
    refuted: set[int] = set()
    budget, rate = FIRST_NODES, float(RATE)
    while todo:
        cut = []
        for castle, o in todo:
            if castle in refuted:
                continue
            share = budget if o == 0 else budget // OTHER_SHARE
            by_clock = int((deadline - time.monotonic()) * rate) + 1
            room = share if max_nodes is None else max_nodes - int(tiling.st[ck.NODES])
            nodes = min(share, by_clock, room)
            before, clock = int(tiling.st[ck.NODES]), time.monotonic()
            done = nodes > 0 and tiling.over(castle, nodes, orders[o])
            result.nodes = int(tiling.st[ck.NODES])
            spent = time.monotonic() - clock
            if spent > 0.05:
                rate = (int(tiling.st[ck.NODES]) - before) / spent
            if tiling.st[ck.FOUND]:
                built = reach_order(tiling.layout(), castle, n)
                if built is None:
                    raise SolverBug("the connected tiling's filling cannot be built")
                result.value, result.castle, result.layout = top, castle, built
                return result
            if done:
                refuted.add(castle)
                continue
            result.capped = room < min(share, by_clock)
            if result.capped or time.monotonic() >= deadline:
                result.complete = False
                return result
            result.off_schedule |= nodes < share
            cut.append((castle, o))
        todo, later, budget = cut + later, [], budget * 4
    return result
