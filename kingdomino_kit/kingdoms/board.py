"""The 5 × 6 Kingdoms board as an immutable value, and its text notation.

Five lines of six cells (or rows separated by ``/``), cells separated by spaces: ``.`` empty,
``+N`` / ``-N`` a resource or hazard of value N, ``^`` mountain, ``D`` dragon, ``$`` gold mine,
``W`` wizard (2011 edition), and a castle as a player letter and its rank (``b3``). Cells are
0-based ``(row, column)`` pairs in the library; the JSON of the CLI counts from 1.

>>> b = Board.from_text('''
...     +3 b1 -6 c1 a4 a1
...     .  +4 .  +1 .  .
...     .  -3 .  -5 .  .
...     +3 D  a2 ^  +5 b1
...     .  $  .  a1 .  .''')
>>> b.at((3, 1)), b.at((0, 4)), len(b.empty_cells())
(Tile.parse('D'), Castle('a', 4), 12)
>>> print(b.place((1, 0), Castle("c", 2)).to_text().splitlines()[1])
c2 +4 .  +1 .  .
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator

from kingdomino_kit.grid import Cell
from kingdomino_kit.infra.untrusted import check_text, shown
from kingdomino_kit.kingdoms.errors import BoardNotationError, IllegalAction, KingdomsError
from kingdomino_kit.kingdoms.tiles import (
    CASTLES_PER_RANK,
    PLAYERS,
    RANK1_BY_PLAYERS,
    Castle,
    Piece,
    Tile,
    TileKind,
    tile_counts,
)

__all__ = ["Board", "ROWS", "COLS", "CELLS", "parse_board", "check_supply"]

ROWS = 5
COLS = 6
CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(ROWS) for c in range(COLS))


class Board:
    """Thirty cells, each empty (None), a :class:`Tile` or a :class:`Castle`; immutable.

    >>> Board().is_full, Board.from_text(". . . . . . / " * 4 + "D ^ . . a1 .").players
    (False, 'a')
    """

    __slots__ = ("_cells",)

    def __init__(self, cells: Iterable[Piece | None] = ()) -> None:
        try:
            grid = tuple(cells) or (None,) * (ROWS * COLS)
        except TypeError:
            raise KingdomsError(f"a board is 30 cells, not {shown(cells)}") from None
        if len(grid) != ROWS * COLS:
            raise KingdomsError(f"a board has {ROWS * COLS} cells, not {len(grid)}")
        for piece in grid:
            if piece is not None and not isinstance(piece, (Tile, Castle)):
                raise KingdomsError(f"a cell holds None, a Tile or a Castle, not {shown(piece)}")
        self._cells: tuple[Piece | None, ...] = grid

    # ---------------------------------------------------------------- queries
    @property
    def grid(self) -> tuple[Piece | None, ...]:
        """The 30 cells row by row (index ``row * 6 + col``), for fast loops.

        >>> Board.from_text("a1 . . . . . / " + ". . . . . . / " * 4).grid[:2]
        (Castle('a', 1), None)
        """
        return self._cells

    def at(self, cell: Cell) -> Piece | None:
        """What stands on ``cell`` (row 0–4, column 0–5), or None.

        >>> Board.from_text("+3 . . . . . / " + ". . . . . . / " * 4).at((0, 0))
        Tile.parse('+3')
        """
        r: object
        c: object
        try:
            r, c = cell
        except (TypeError, ValueError):
            r = c = None
        if not (isinstance(r, int) and isinstance(c, int) and type(r) is int and type(c) is int
                and 0 <= r < ROWS and 0 <= c < COLS):
            raise KingdomsError(f"no cell {shown(cell)} on a {ROWS}×{COLS} board")
        return self._cells[r * COLS + c]

    def items(self) -> Iterator[tuple[Cell, Piece]]:
        """Every occupied cell and its piece, row by row."""
        for cell, piece in zip(CELLS, self._cells, strict=True):
            if piece is not None:
                yield cell, piece

    def empty_cells(self) -> list[Cell]:
        """The empty cells, row by row.

        >>> len(Board().empty_cells()), Board().empty_cells()[6]
        (30, (1, 0))
        """
        return [cell for cell, piece in zip(CELLS, self._cells, strict=True) if piece is None]

    @property
    def is_full(self) -> bool:
        """No empty cell left (the epoch ends)."""
        return None not in self._cells

    @property
    def players(self) -> str:
        """Letters of the players with a castle on the board, in seat order."""
        present = {p.player for p in self._cells if isinstance(p, Castle)}
        return "".join(p for p in PLAYERS if p in present)

    def castles(self) -> list[tuple[Cell, Castle]]:
        """Every castle with its cell."""
        return [(cell, p) for cell, p in self.items() if isinstance(p, Castle)]

    def tiles(self) -> list[tuple[Cell, Tile]]:
        """Every tile with its cell."""
        return [(cell, p) for cell, p in self.items() if isinstance(p, Tile)]

    def cells_of(self, kind: TileKind) -> list[Cell]:
        """The cells holding a tile of ``kind``."""
        return [cell for cell, t in self.tiles() if t.kind is kind]

    def line_full(self, cells: Iterable[Cell]) -> bool:
        """True if every one of ``cells`` is occupied."""
        return all(self.at(cell) is not None for cell in cells)

    # ---------------------------------------------------------------- changes
    def place(self, cell: Cell, piece: Piece) -> Board:
        """A new board with ``piece`` on the empty ``cell``; raises :class:`IllegalAction`
        (rule ``occupied``) if it is taken.

        >>> b = Board().place((0, 0), Castle("a", 1))
        >>> b.at((0, 0)), Board().at((0, 0))
        (Castle('a', 1), None)
        """
        if self.at(cell) is not None:
            raise IllegalAction(f"cell {cell_name(cell)} is taken by {self.at(cell)}", "occupied")
        if not isinstance(piece, (Tile, Castle)):
            raise KingdomsError(f"a cell holds a Tile or a Castle, not {shown(piece)}")
        r, c = cell
        cells = list(self._cells)
        cells[r * COLS + c] = piece
        return Board(cells)

    # ---------------------------------------------------------------- notation
    @classmethod
    def from_text(cls, text: str, *, wizard: bool = False) -> Board:
        """Read the text notation, checking shape, tokens and the game's supply."""
        return parse_board(text, wizard=wizard)

    def to_text(self) -> str:
        """Five aligned lines of six tokens; reads back to an equal board."""
        return "\n".join(
            " ".join(_token(self._cells[r * COLS + c]).ljust(2) for c in range(COLS)).rstrip()
            for r in range(ROWS))

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"Board.from_text({self.to_text().replace(chr(10), ' / ')!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._cells == other._cells

    def __hash__(self) -> int:
        return hash(self._cells)

    def _repr_svg_(self) -> str:
        from kingdomino_kit.kingdoms.render import board_svg

        return board_svg(self)

    def _repr_html_(self) -> str:
        """The picture inline, an image with alt text (as ``Kingdom._repr_html_``)."""
        return self._repr_svg_()


def cell_name(cell: Cell) -> str:
    """A 1-based name for messages: ``r1c3``.

    >>> cell_name((0, 2))
    'r1c3'
    """
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def _token(piece: Piece | None) -> str:
    return "." if piece is None else str(piece)


_CELL_TOKEN = re.compile(r"\S+")


def parse_board(text: str, *, wizard: bool = False) -> Board:
    """Read a board; errors name the line and the character column.

    ``wizard`` allows the 2011 edition's ``W``. The board must be 5 × 6, and hold no more of a
    tile, or of a player's castles of a rank, than the game has (rank-1 castles: by the player
    count the letters imply, e.g. ``c`` means at least 3 players, so at most 3 rank-1 castles).

    >>> parse_board("+3 +3 +3 . . .")
    Traceback (most recent call last):
    ...
    kingdomino_kit.kingdoms.errors.BoardNotationError: line 1: a board has 5 rows, not 1
    >>> parse_board(". . . . . X / " * 5)
    Traceback (most recent call last):
    ...
    kingdomino_kit.kingdoms.errors.BoardNotationError: line 1, column 11: unknown token 'X' \
(expected ., +N, -N, ^, D, $, W or a castle such as b3)
    """
    check_text(text, "board", BoardNotationError)
    rows: list[list[tuple[Piece | None, int, int]]] = []
    last_line = 1
    for line_no, line in enumerate(text.splitlines() or [""], start=1):
        start = 0
        for segment in line.split("/"):
            found = list(_CELL_TOKEN.finditer(segment))
            offset = start
            start += len(segment) + 1
            if not found:
                continue
            last_line = line_no
            row = []
            if len(found) > COLS:
                raise BoardNotationError(f"a row has {COLS} cells, not {len(found)}", line_no)
            for match in found:
                column = offset + match.start() + 1
                row.append((_read_token(match.group(), line_no, column), line_no, column))
            if len(row) != COLS:
                raise BoardNotationError(f"a row has {COLS} cells, not {len(row)}", line_no)
            rows.append(row)
            if len(rows) > ROWS:
                break
    if len(rows) != ROWS:
        raise BoardNotationError(f"a board has {ROWS} rows, not {len(rows)}", last_line)
    pieces = [p for row in rows for p, _, _ in row]
    for piece, line_no, column in (item for row in rows for item in row):
        if piece is not None and piece == Tile(TileKind.WIZARD) and not wizard:
            raise BoardNotationError("the wizard W is only in the 2011 edition (use --wizard)",
                                     line_no, column)
    try:
        check_supply(pieces, wizard=wizard)
    except KingdomsError as error:
        raise BoardNotationError(str(error)) from None
    return Board(pieces)


def _read_token(token: str, line_no: int, column: int) -> Piece | None:
    if token == ".":
        return None
    for reader in (Tile.parse, Castle.parse):
        try:
            return reader(token)
        except KingdomsError:
            continue
    raise BoardNotationError(
        f"unknown token {token!r} (expected ., +N, -N, ^, D, $, W or a castle such as b3)",
        line_no, column)


def check_supply(pieces: Iterable[Piece | None], *, wizard: bool = False) -> None:
    """Raise :class:`KingdomsError` if ``pieces`` hold more of a tile or of a player's castles
    of one rank than the game has.

    >>> check_supply([Castle("a", 4), Castle("a", 4)])
    Traceback (most recent call last):
    ...
    kingdomino_kit.kingdoms.errors.KingdomsError: player a has 2 castles of rank 4 (the game has 1)
    """
    items = [p for p in pieces if p is not None]
    box = tile_counts(wizard)
    for tile, n in sorted(Counter(p for p in items if isinstance(p, Tile)).items()):
        if n > box[tile]:
            raise KingdomsError(f"{n} tiles {tile} (the game has {box[tile]})")
    castles = Counter(p for p in items if isinstance(p, Castle))
    players = max([PLAYERS.index(c.player) + 1 for c in castles] + [2])
    for castle, n in sorted(castles.items()):
        limit = RANK1_BY_PLAYERS[players] if castle.rank == 1 else CASTLES_PER_RANK[castle.rank]
        if n > limit:
            note = f"a {players}-player game gives {limit}" if castle.rank == 1 else \
                f"the game has {limit}"
            raise KingdomsError(f"player {castle.player} has {n} castles of rank {castle.rank} "
                                f"({note})")
