"""Pieces: classes of equal dominoes, the dominance between them, and the terrain bound.

Equal dominoes (the same two halves, in either order) form one *piece*, so the models give them
shared variables and never swap them in the search. A piece *dominates* another when it has the
same terrains and at least its crowns on each: put in the other's cells, it keeps a layout legal
and scores at least as much. The *terrain bound* Σ_t squares_t × crowns_t is the score of a set of
squares if every terrain were one property; no layout of them scores more.

>>> from kingdomino_kit.dominoes import dominoes
>>> [p.numbers for p in pieces_of(dominoes("24,27,13"))]   # F1|W twice, then W|F
[(24, 27), (13,)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kingdomino_kit.dominoes import Domino, Half

__all__ = ["Piece", "dominates", "piece_key", "pieces_of", "terrain_bound", "terrain_totals"]

TERRAIN_COUNT = 6


def piece_key(dom: Domino) -> tuple[Half, Half]:
    """The physical piece a domino is: its two halves, in a canonical order (rotation is free).

    >>> from kingdomino_kit.dominoes import domino
    >>> piece_key(domino(24)) == piece_key(domino(27))   # both F1|W
    True
    """
    a, b = dom.first, dom.second
    return (a, b) if (a.terrain.index, a.crowns) <= (b.terrain.index, b.crowns) else (b, a)


@dataclass(frozen=True)
class Piece:
    """A class of equal dominoes: the halves (canonical order) and the catalogue numbers."""

    halves: tuple[Half, Half]
    numbers: tuple[int, ...]

    @property
    def is_double(self) -> bool:
        """Both halves equal: one orientation per cell pair."""
        return self.halves[0] == self.halves[1]

    @property
    def crowns(self) -> int:
        """Crowns on one copy."""
        return self.halves[0].crowns + self.halves[1].crowns

    def squares_on(self, terrain: int) -> int:
        """Squares of terrain index ``terrain`` on one copy."""
        return sum(1 for h in self.halves if h.terrain.index == terrain)

    def crowns_on(self, terrain: int) -> int:
        """Crowns on the squares of terrain index ``terrain`` of one copy."""
        return sum(h.crowns for h in self.halves if h.terrain.index == terrain)


def pieces_of(dominoes: Iterable[Domino]) -> tuple[Piece, ...]:
    """Group equal dominoes into pieces, in the order their first copy comes."""
    groups: dict[tuple[Half, Half], list[int]] = {}
    for d in dominoes:
        groups.setdefault(piece_key(d), []).append(d.number)
    return tuple(Piece(k, tuple(v)) for k, v in groups.items())


def dominates(a: Piece, b: Piece) -> bool:
    """Piece ``a`` has the terrains of ``b`` and at least its crowns on each, more on one: put in
    ``b``'s cells, it keeps the layout legal and scores at least as much.

    >>> from kingdomino_kit.dominoes import domino
    >>> f1w, wf = Piece(piece_key(domino(24)), (24,)), Piece(piece_key(domino(13)), (13,))
    >>> dominates(f1w, wf), dominates(wf, f1w)
    (True, False)
    """
    (a1, a2), (b1, b2) = a.halves, b.halves
    for x, y in (((a1, b1), (a2, b2)), ((a1, b2), (a2, b1))):
        if all(p.terrain == q.terrain and p.crowns >= q.crowns for p, q in (x, y)) \
                and (x[0].crowns, y[0].crowns) != (x[1].crowns, y[1].crowns):
            return True
    return False


def terrain_totals(halves: Iterable[Half]) -> tuple[list[int], list[int]]:
    """Squares and crowns per terrain index (six entries each)."""
    squares = [0] * TERRAIN_COUNT
    crowns = [0] * TERRAIN_COUNT
    for h in halves:
        squares[h.terrain.index] += 1
        crowns[h.terrain.index] += h.crowns
    return squares, crowns


def terrain_bound(halves: Sequence[Half]) -> int:
    """Σ over terrains of squares × crowns: the score if every terrain were one property.

    >>> from kingdomino_kit.dominoes import domino
    >>> terrain_bound([*domino(41).halves, *domino(36).halves])   # W W G2 G1: 2 × 3
    6
    """
    squares, crowns = terrain_totals(halves)
    return sum(s * c for s, c in zip(squares, crowns, strict=True))
