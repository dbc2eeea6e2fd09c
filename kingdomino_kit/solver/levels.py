"""Reachable levels: the scores near the top that some layout could score at all, geometry aside.

A layout's score is, for each terrain, Σ over its properties of squares × crowns, over the
squares placed (plus the bonuses). Whatever the geometry, the properties of a terrain
*partition* its placed halves, so a layout's terrain score is a sum, over terrains, of the value
of some partition of the halves of the dominoes placed. Near the terrain bound few such sums
exist: with every terrain of 2 or more crowns, splitting off a square or leaving out a domino
costs at least 2, so *bound − 1* is no layout's score. A level that no sum reaches needs no
refutation: once the search has refuted a level, the position's bound falls to the next
reachable one (:meth:`Levels.below`).

Exact combinatorics, no time limit: the dominoes left out are enumerated while their terrain
bound stays within :data:`WINDOW` of the top, each terrain's partitions while their value does.

>>> from kingdomino_kit.dominoes import dominoes
>>> from kingdomino_kit.solver.pieces import pieces_of
>>> levels = reachable_levels(pieces_of(dominoes("41,44")), (), at_most=2, window=4)
>>> sorted(levels.scores)    # W|G2 beside G|S2: grass 2 × 2 + swamp 1 × 2; apart, or one out
[2, 4, 6]
>>> levels.below(5), levels.below(6), levels.below(1)
(4, 6, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from kingdomino_kit.dominoes import Half
from kingdomino_kit.solver.pieces import TERRAIN_COUNT, Piece

__all__ = ["WINDOW", "Levels", "partition_values", "reachable_levels"]

WINDOW = 12
"""How far below the top the reachable levels are listed (below it every level counts)."""

MOST_NODES = 20_000
"""The walk over the dominoes left out gives up past this many nodes (many dominoes more than
fit, as with 48 given for a 7×7 kingdom): then nothing is known."""

MOST_CROWNS = 3
"""The most crowns on one half: a terrain's halves are counted by crowns 0 … 3."""

Counts = tuple[int, ...]
"""Halves of one terrain by crowns: ``counts[c]`` halves with ``c`` crowns."""


@dataclass(frozen=True)
class Levels:
    """The reachable scores at or above ``floor`` (``scores``); below ``floor`` every level is
    taken as reachable."""

    floor: int
    scores: frozenset[int]

    def below(self, level: int) -> int:
        """The highest reachable score at or below ``level`` (``level`` itself below the floor;
        ``floor − 1`` when nothing from the floor up to ``level`` is reachable)."""
        if level < self.floor:
            return level
        return max((s for s in self.scores if s <= level), default=self.floor - 1)

    def reaches(self, level: int) -> bool:
        """Whether some layout could score exactly ``level``, as far as is known."""
        return level < self.floor or level in self.scores


def _value(counts: Counts) -> int:
    """One property of these halves: its squares × its crowns."""
    return sum(counts) * sum(c * n for c, n in enumerate(counts))


def _parts(counts: Counts, first: int) -> list[Counts]:
    """Every sub-multiset of ``counts`` holding at least one half with ``first`` crowns."""
    out: list[Counts] = [()]
    for c, n in enumerate(counts):
        low = 1 if c == first else 0
        out = [(*part, k) for part in out for k in range(low, n + 1)]
    return out


@cache
def partition_values(counts: Counts, floor: int) -> frozenset[int]:
    """The values ≥ ``floor`` of the partitions of one terrain's halves into properties (Σ over
    parts of squares × crowns).

    >>> sorted(partition_values((2, 1), 0))   # W W W1: 3; W W1 | W: 2; W1 alone: 1
    [1, 2, 3]
    >>> sorted(partition_values((1, 0, 1), 3))  # G G2: 4 together, 2 apart (below 3)
    [4]
    """
    if not any(counts):
        return frozenset({0}) if floor <= 0 else frozenset()
    if _value(counts) < floor:
        return frozenset()
    first = max(c for c, n in enumerate(counts) if n)  # the part that holds a top half
    out: set[int] = set()
    for part in _parts(counts, first):
        rest = tuple(n - k for n, k in zip(counts, part, strict=True))
        here = _value(part)
        if here + _value(rest) < floor:  # the rest as one property is its best
            continue
        out.update(here + v for v in partition_values(rest, floor - here))
    return frozenset(out)


class _TooMany(Exception):
    """The walk's node budget is spent."""


def _terrain_counts(halves: Sequence[Half]) -> tuple[Counts, ...]:
    counts = [[0] * (MOST_CROWNS + 1) for _ in range(TERRAIN_COUNT)]
    for h in halves:
        counts[h.terrain.index][h.crowns] += 1
    return tuple(tuple(c) for c in counts)


def _bound(counts: tuple[Counts, ...]) -> int:
    return sum(_value(c) for c in counts)


def reachable_levels(pieces: Sequence[Piece], fixed: Sequence[Half], *, at_most: int,
                     window: int = WINDOW, bonuses: Sequence[tuple[int, int]] = ((0, 0),),
                     most_nodes: int = MOST_NODES) -> Levels | None:
    """The terrain scores (plus a bonus) that a layout of at most ``at_most`` of the pieces'
    dominoes, beside the ``fixed`` halves, could reach, down to ``window`` below the highest.
    ``bonuses``: ``(points, fewest dominoes placed)`` — a bonus the layout may add once it
    places at least that many (``(0, 0)``: none). None when the walk over the dominoes left
    out would take more than ``most_nodes`` steps."""
    return _reachable(tuple(pieces), tuple(fixed), at_most, window, tuple(bonuses), most_nodes)


@lru_cache(maxsize=32)  # the castle positions of one search mostly ask the same
def _reachable(pieces: tuple[Piece, ...], fixed: tuple[Half, ...], at_most: int, window: int,
               bonuses: tuple[tuple[int, int], ...], most_nodes: int) -> Levels | None:
    copies = [len(p.numbers) for p in pieces]
    crowned = {h.terrain.index for p in pieces for h in p.halves if h.crowns}
    crowned |= {h.terrain.index for h in fixed if h.crowns}
    kept: dict[tuple[Counts, ...], int] = {}  # terrain counts → most dominoes placed so
    seen: set[tuple[int, int, tuple[Counts, ...]]] = set()  # (piece, placed, counts) walked

    def add(counts: list[list[int]], piece: Piece, times: int) -> None:
        for h in piece.halves:  # a terrain without crowns scores 0: its halves are not counted
            if h.terrain.index in crowned:
                counts[h.terrain.index][h.crowns] += times

    best = max(points for points, _ in bonuses)
    total = [list(c) for c in _terrain_counts(fixed)]
    for piece, n in zip(pieces, copies, strict=True):
        add(total, piece, n)
    # the top: every bound found below is at most the bound with everything placed
    floor_hint = _bound(tuple(tuple(c) for c in total)) + best

    def walk(i: int, counts: list[list[int]], placed: int, rest: list[list[int]],
             floor: int) -> None:
        """Pieces i… still to decide; ``rest``: the counts if every one of them is placed."""
        if _bound(tuple(tuple(c) for c in rest)) + best < floor:
            return  # leaving out more never raises the terrain bound
        key = tuple(tuple(c) for c in counts)
        if i == len(pieces):
            kept[key] = max(kept.get(key, 0), placed)
            return
        if (i, placed, key) in seen:  # the same halves by other dominoes: the same future
            return
        seen.add((i, placed, key))
        if len(seen) > most_nodes:
            raise _TooMany
        piece = pieces[i]
        for times in range(min(copies[i], at_most - placed), -1, -1):
            add(counts, piece, times)
            add(rest, piece, times - copies[i])
            walk(i + 1, counts, placed + times, rest, floor)
            add(rest, piece, copies[i] - times)
            add(counts, piece, -times)

    def top_of(floor: int) -> int:
        kept.clear()
        seen.clear()
        walk(0, [list(c) for c in _terrain_counts(fixed)], 0, [list(c) for c in total], floor)
        return max((_bound(k) + max(p for p, most in bonuses if placed >= most)
                    for k, placed in kept.items()), default=floor - 1)

    try:
        top = top_of(floor_hint - window)
        while top < floor_hint - window:  # fewer dominoes than given fit: a lower top
            floor_hint = top
            top = top_of(floor_hint - window)
        floor = top - window
        top_of(floor)
    except _TooMany:
        return None
    scores: set[int] = set()
    for counts, placed in kept.items():
        for points, most in bonuses:
            if placed < most:
                continue
            slack = _bound(counts) + points - floor
            if slack < 0:
                continue
            scoring = [c for c in counts if any(c[1:])]  # a terrain without crowns scores 0
            after = [sum(_value(c) for c in scoring[j + 1:]) for j in range(len(scoring))]
            sums = {points}
            for c, most in zip(scoring, after, strict=True):
                values = partition_values(c, _value(c) - slack)
                sums = {s + v for s in sums for v in values if s + v + most >= floor}
            scores.update(sums)
    return Levels(floor, frozenset(scores))
