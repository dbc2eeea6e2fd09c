"""A domino put on two adjacent cells: the value every kingdom-like territory places.

>>> from kingdomino_kit.dominoes import domino
>>> p = Placement(domino(13), (0, 1), (1, 1))
>>> p.cells, p.shifted(2, 2).cells
(((0, 1), (1, 1)), ((2, 3), (3, 3)))
"""

from __future__ import annotations

from typing import NamedTuple

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.grid import Cell

__all__ = ["Placement"]


class Placement(NamedTuple):
    """A domino put on two adjacent cells; ``first`` takes the catalogue's first half. Cells are
    centre-relative (the castle, or Origins' hut, at (0, 0)).

    Origins placements (:class:`kingdomino_kit.origins.kingdom.Placement`) are a subclass.
    """

    domino: Domino
    first: Cell
    second: Cell

    @property
    def cells(self) -> tuple[Cell, Cell]:
        """Both cells, first half's cell first."""
        return (self.first, self.second)

    def shifted(self, dr: int, dc: int) -> Placement:
        """The same placement in a frame moved by (dr, dc), e.g. castle-relative → text frame.

        >>> from kingdomino_kit.dominoes import domino
        >>> Placement(domino(1), (0, 1), (0, 2)).shifted(2, 2).cells
        ((2, 3), (2, 4))
        """
        (r1, c1), (r2, c2) = self.first, self.second
        return self._replace(first=(r1 + dr, c1 + dc), second=(r2 + dr, c2 + dc))
