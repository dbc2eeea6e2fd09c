"""Choices: the k-domino subsets of a pool worth solving, best first.

Free choice (the best kingdom from any k dominoes of a pool) decomposes by the dominoes chosen:
every layout uses a subset of some k-subset of the pool — a *choice* — and scores at most that
choice's *terrain bound* Σ_t squares_t × crowns_t (:func:`~.pieces.terrain_bound`). Two facts
keep the choices few:

* **Dominance.** If a choice holds a piece while some copy of a piece that dominates it
  (:func:`~.pieces.dominates`) stays out, swapping them keeps every layout legal and scores at
  least as much. Each swap adds a crown, so swapping ends in a *dominance-closed* choice — one in
  which a piece is used only when every piece dominating it is used in all its copies — whose best
  layout is at least as good. Only closed choices need solving.
* **The bound.** A choice whose terrain bound is no more than a score already reached cannot beat
  it.

:func:`choices` lists the closed choices of exactly k dominoes in order of falling terrain bound
(lazily: a branch and bound over the pieces, best node first), so a search can solve them one by
one and stop as soon as the next bound is no better than its best layout; :func:`choice_bound`,
the first bound, is the exact maximum of the terrain bound over all choices of at most k. Both
are exact combinatorial computations, with no time limit anywhere.

>>> from kingdomino_kit.dominoes import dominoes
>>> from kingdomino_kit.solver.pieces import pieces_of
>>> pool = pieces_of(dominoes("41,36,1,48"))
>>> [(c.numbers(pool), c.bound) for c in choices(pool, 2)]   # 36 only beside 41, which dominates it
[([41, 36], 6), ([41, 48], 5), ([1, 48], 3), ([41, 1], 2)]
>>> choice_bound(pool, 2)
6
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from kingdomino_kit.dominoes import Half
from kingdomino_kit.solver.pieces import TERRAIN_COUNT, Piece, dominates, terrain_totals

__all__ = ["Choice", "choice_bound", "choices"]

T = range(TERRAIN_COUNT)


@dataclass(frozen=True)
class Choice:
    """A dominance-closed choice: how many copies of each piece of the pool (pool order) it
    takes, and its terrain bound (the fixed squares included)."""

    counts: tuple[int, ...]
    bound: int

    def numbers(self, pieces: Sequence[Piece]) -> list[int]:
        """The catalogue numbers chosen (the first copies of each piece)."""
        return [n for p, c in zip(pieces, self.counts, strict=True) for n in p.numbers[:c]]

    @property
    def size(self) -> int:
        """Dominoes chosen."""
        return sum(self.counts)


# A node of the search: next position, dominoes taken, squares and crowns per terrain, counts
# so far (search order), positions ruled out by dominance.
_Node = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], frozenset[int]]


class _Tree:
    """The branch and bound behind :func:`choices`: pieces in order of falling crowns (so a
    piece comes before every piece it dominates), one level per piece, branching on its count."""

    def __init__(self, pieces: Sequence[Piece], k: int, fixed: Sequence[Half]) -> None:
        self.pieces = tuple(pieces)
        self.order = sorted(range(len(pieces)), key=lambda i: (-pieces[i].crowns, i))
        ordered = [pieces[i] for i in self.order]
        self.n = len(ordered)
        self.mult = [len(p.numbers) for p in ordered]
        self.k = max(0, min(k, sum(self.mult)))
        self.sq = [tuple(p.squares_on(t) for t in T) for p in ordered]
        self.cr = [tuple(p.crowns_on(t) for t in T) for p in ordered]
        self.dominated = [frozenset(j for j in range(i + 1, self.n)
                                    if dominates(ordered[i], ordered[j])) for i in range(self.n)]
        squares, crowns = terrain_totals(fixed)
        self.root: _Node = (0, 0, tuple(squares), tuple(crowns), (), frozenset())

    def bound(self, node: _Node) -> int:
        """At least the terrain bound of every completion of ``node`` (−1: none exists).

        With r dominoes still to take, terrain t ends with at most ``most[t]`` crowns (its
        crowns plus the r largest crown counts on t still available), so the bound is at most
        Σ_t squares_t × most[t] plus, for the r new dominoes, Σ over their halves of most[t]."""
        i, m, squares, crowns, _, out = node
        r = self.k - m
        left = [j for j in range(i, self.n) if j not in out]
        if sum(self.mult[j] for j in left) < r:
            return -1
        most = [crowns[t] + _top(((self.cr[j][t], self.mult[j]) for j in left), r) for t in T]
        gain = _top(((sum(self.sq[j][t] * most[t] for t in T), self.mult[j]) for j in left), r)
        return sum(squares[t] * most[t] for t in T) + gain

    def children(self, node: _Node) -> Iterator[tuple[_Node, bool]]:
        """The nodes one piece further down, each with whether it is complete."""
        i, m, squares, crowns, counts, out = node
        while i < self.n and i in out:  # a piece ruled out by dominance takes no copy
            i, counts = i + 1, (*counts, 0)
        for c in range(min(self.mult[i], self.k - m), -1, -1):
            sq = tuple(squares[t] + c * self.sq[i][t] for t in T)
            cr = tuple(crowns[t] + c * self.cr[i][t] for t in T)
            ruled = out | self.dominated[i] if c < self.mult[i] else out
            child = (i + 1, m + c, sq, cr, (*counts, c), ruled)
            yield child, m + c == self.k

    def choice(self, node: _Node) -> Choice:
        """The complete node as a :class:`Choice` in pool order."""
        _, _, squares, crowns, counts, _ = node
        full = [*counts, *([0] * (self.n - len(counts)))]
        by_pool = [0] * self.n
        for position, piece in enumerate(self.order):
            by_pool[piece] = full[position]
        return Choice(tuple(by_pool), sum(s * c for s, c in zip(squares, crowns, strict=True)))


def _top(values: Iterator[tuple[int, int]], r: int) -> int:
    """The sum of the r largest values, each given with its multiplicity."""
    total = 0
    for value, times in sorted(values, reverse=True):
        take = min(times, r)
        total += value * take
        r -= take
        if r == 0 or value <= 0:
            break
    return total


def choices(pieces: Sequence[Piece], k: int, fixed: Sequence[Half] = (),
            at_least: int = 0) -> Iterator[Choice]:
    """The dominance-closed choices of ``k`` dominoes (all of them if the pool has fewer) whose
    terrain bound, the ``fixed`` squares included, is at least ``at_least``, in order of falling
    bound (ties in a fixed order).

    >>> from kingdomino_kit.dominoes import dominoes
    >>> from kingdomino_kit.solver.pieces import pieces_of
    >>> pool = pieces_of(dominoes("13,24,25"))        # W|F is dominated by F1|W (two copies)
    >>> [c.numbers(pool) for c in choices(pool, 2)]
    [[24, 25]]
    """
    tree = _Tree(pieces, k, fixed)
    root = tree.root
    if tree.k == 0:
        choice = tree.choice(root)
        if choice.bound >= at_least:
            yield choice
        return
    heap: list[tuple[int, int, bool, _Node]] = [(-tree.bound(root), 0, False, root)]
    seq = 1
    while heap:
        negative, _, complete, node = heapq.heappop(heap)
        if -negative < at_least:
            return
        if complete:
            yield tree.choice(node)
            continue
        for child, done in tree.children(node):
            value = tree.choice(child).bound if done else tree.bound(child)
            if value >= max(at_least, 0):
                heapq.heappush(heap, (-value, seq, done, child))
                seq += 1


@cache
def choice_bound(pieces: tuple[Piece, ...], k: int, fixed: tuple[Half, ...] = ()) -> int:
    """The exact maximum of the terrain bound over every choice of at most ``k`` dominoes of
    ``pieces``, the ``fixed`` squares included (geometry ignored): no layout scores more.

    >>> from kingdomino_kit.dominoes import dominoes
    >>> from kingdomino_kit.solver.pieces import pieces_of
    >>> choice_bound(pieces_of(dominoes("41,36,1")), 2)   # G2 and G1 with their W W: 2 × 3
    6
    """
    first = next(choices(pieces, k, fixed), None)
    return first.bound if first is not None else 0
