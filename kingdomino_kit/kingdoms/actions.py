"""The actions of a Kingdoms turn and their text form (cells named from 1: ``r2c4``).

>>> Action.castle(3, (1, 3))
Action.parse('castle 3 r2c4')
>>> Action.parse("secret r5c6").cell, str(Action.draw()), str(Action.pass_())
((4, 5), 'draw', 'pass')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kingdomino_kit.grid import Cell
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.kingdoms.board import COLS, ROWS, cell_name
from kingdomino_kit.kingdoms.errors import BoardNotationError, KingdomsError
from kingdomino_kit.kingdoms.tiles import Tile

__all__ = ["Action", "KINDS"]

KINDS = ("castle", "draw", "place", "secret", "pass")
"""castle: put one of your castles; draw: take a face-down tile (open tiles: the named one),
then ``place`` it; secret: put your secret tile; pass: only when nothing else is possible."""

_CELL = re.compile(r"r([1-9])c([1-9])$")


@dataclass(frozen=True)
class Action:
    """One decision of the player to move; build with the class methods."""

    kind: str
    cell: Cell | None = None
    rank: int = 0
    tile: Tile | None = None

    @classmethod
    def castle(cls, rank: int, cell: Cell) -> Action:
        """Put a castle of ``rank`` on ``cell``."""
        return cls("castle", cell, rank)

    @classmethod
    def draw(cls, tile: Tile | None = None) -> Action:
        """Draw a face-down tile (``tile``: the face-up one to take, open-tiles variant)."""
        return cls("draw", None, 0, tile)

    @classmethod
    def place(cls, cell: Cell) -> Action:
        """Put the tile just drawn on ``cell``."""
        return cls("place", cell)

    @classmethod
    def secret(cls, cell: Cell) -> Action:
        """Put your secret tile on ``cell``."""
        return cls("secret", cell)

    @classmethod
    def pass_(cls) -> Action:
        """Pass (legal only when nothing else is)."""
        return cls("pass")

    def __str__(self) -> str:
        parts = [self.kind]
        if self.kind == "castle":
            parts.append(str(self.rank))
        if self.tile is not None:
            parts.append(str(self.tile))
        if self.cell is not None:
            parts.append(cell_name(self.cell))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text form (``castle 3 r2c4``, ``draw``, ``draw +5``, ``place r1c1``,
        ``secret r3c3``, ``pass``).

        >>> Action.parse("castle 5 r1c1")
        Traceback (most recent call last):
        ...
        kingdomino_kit.kingdoms.errors.BoardNotationError: cannot read action 'castle 5 r1c1' \
(expected e.g. 'castle 3 r2c4', 'draw', 'place r1c1', 'secret r3c3' or 'pass')
        """
        if not isinstance(text, str):
            raise BoardNotationError(f"an action is text such as 'castle 3 r2c4', not "
                                     f"{shown(text)}")
        words = text.split()
        try:
            kind, rest = words[0], words[1:]
            if kind == "castle" and len(rest) == 2 and rest[0] in ("1", "2", "3", "4"):
                return cls.castle(int(rest[0]), _cell(rest[1]))
            if kind == "draw" and len(rest) <= 1:
                return cls.draw(Tile.parse(rest[0]) if rest else None)
            if kind in ("place", "secret") and len(rest) == 1:
                return cls(kind, _cell(rest[0]))
            if kind == "pass" and not rest:
                return cls.pass_()
        except (IndexError, KingdomsError):
            pass
        raise BoardNotationError(f"cannot read action {shown(text)} (expected e.g. 'castle 3 "
                                 "r2c4', 'draw', 'place r1c1', 'secret r3c3' or 'pass')")


def _cell(word: str) -> Cell:
    match = _CELL.match(word)
    if not match:
        raise KingdomsError(f"not a cell: {word!r}")
    r, c = int(match.group(1)) - 1, int(match.group(2)) - 1
    if r >= ROWS or c >= COLS:
        raise KingdomsError(f"no cell {word}")
    return (r, c)
