"""Fire tokens: the supply, king-move distance and where a thrown token may land.

A volcano with 1, 2 or 3 craters throws a token of that many fires at most 3, 2 or 1 squares
away, counted in king moves (any direction, diagonals allowed). It lands on a square of the
player's territory with no fire token, no printed fire symbol, that is not a volcano (and not
the hut, which is no terrain square: the kit's reading). With no such square it goes back to
the box.

>>> king_distance((0, 0), (2, -1))
2
>>> TOKEN_SUPPLY
{1: 5, 2: 4, 3: 1}
"""

from __future__ import annotations

from dataclasses import dataclass

from kingdomino_kit.grid import Cell

__all__ = ["king_distance", "TOKEN_SUPPLY", "Throw", "within"]

TOKEN_SUPPLY: dict[int, int] = {1: 5, 2: 4, 3: 1}
"""The 10 fire tokens of the box: five 1-fire, four 2-fire, one 3-fire."""


def king_distance(a: Cell, b: Cell) -> int:
    """Squares between two cells counted in king moves (Chebyshev distance).

    >>> king_distance((1, 1), (-2, 3))
    3
    """
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def within(origin: Cell, distance: int) -> list[Cell]:
    """Every cell at king distance 1..``distance`` from ``origin``, row-major.

    >>> len(within((0, 0), 1)), len(within((0, 0), 3))
    (8, 48)
    """
    r0, c0 = origin
    return [(r, c) for r in range(r0 - distance, r0 + distance + 1)
            for c in range(c0 - distance, c0 + distance + 1) if (r, c) != origin]


@dataclass(frozen=True, slots=True)
class Throw:
    """A fire token of ``fire`` fires thrown from the volcano on ``volcano`` to ``target``
    (None: no square allowed, the token went back to the box).

    >>> Throw((0, 1), 2, (1, 2)).distance
    1
    """

    volcano: Cell
    fire: int
    target: Cell | None

    @property
    def distance(self) -> int | None:
        """King distance travelled (None if the token went back to the box)."""
        return None if self.target is None else king_distance(self.volcano, self.target)

    @property
    def reach(self) -> int:
        """The farthest it may land: 3, 2, 1 for 1, 2, 3 fires."""
        return 4 - self.fire
