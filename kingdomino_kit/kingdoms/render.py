"""Drawing a Kingdoms board as deterministic SVG, in the kit's colours and CSS-class style.

Cells carry ``kk-cell`` plus a class for what stands there (``kk-empty``, ``kk-resource``,
``kk-hazard``, ``kk-mountain``, ``kk-dragon``, ``kk-gold-mine``, ``kk-wizard``, ``kk-castle
kk-player-a``) and 0-based ``data-row``/``data-col``; rows and columns are labelled from 1, as
the scoring names them ("row 1", "column 2"). The palette, the legal-cell marker and the
outlines are the kit's shared pieces (:mod:`kingdomino_kit.render`).

>>> from kingdomino_kit.kingdoms.board import Board
>>> svg = board_svg(Board.from_text("+3 a4 ^ -6 D $ / " + ". . . . . . / " * 4))
>>> svg.startswith("<svg") and svg.count('class="kk-cell') == 30 and "kk-player-a" in svg
True
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from kingdomino_kit.dominoes import Terrain
from kingdomino_kit.grid import Cell
from kingdomino_kit.kingdoms.board import COLS, ROWS, Board
from kingdomino_kit.kingdoms.tiles import Castle, Tile, TileKind
from kingdomino_kit.render import (
    CROWN_COLOUR,
    EMPTY_COLOUR,
    PAPER,
    TERRAIN_COLOURS,
    escape_svg,
    legal_marker_svg,
    outline_path,
)

__all__ = ["board_svg", "PLAYER_COLOURS", "TILE_COLOURS", "piece_colour", "piece_words",
           "cell_words", "board_words"]

PLAYER_COLOURS = {"a": "#1f5fbf", "b": "#c0392b", "c": "#7d3c98", "d": "#d68910"}
"""Castle colours by seat."""
TILE_COLOURS = {
    TileKind.RESOURCE: TERRAIN_COLOURS[Terrain.GRASSLAND],
    TileKind.HAZARD: "#e8a39b",
    TileKind.MOUNTAIN: TERRAIN_COLOURS[Terrain.MINE],
    TileKind.DRAGON: "#8e1b1b",
    TileKind.GOLD_MINE: CROWN_COLOUR,
    TileKind.WIZARD: "#5b8dd9",
}
_LABELS = {TileKind.MOUNTAIN: "▲", TileKind.DRAGON: "D", TileKind.GOLD_MINE: "$",
           TileKind.WIZARD: "W"}
_LIGHT_TEXT = {TileKind.MOUNTAIN, TileKind.DRAGON, TileKind.WIZARD}


def piece_colour(piece: Tile | Castle | None) -> str:
    """The fill colour of a cell.

    >>> piece_colour(Tile.parse("$")) == CROWN_COLOUR, piece_colour(Castle("b", 2))
    (True, '#c0392b')
    """
    if piece is None:
        return EMPTY_COLOUR
    if isinstance(piece, Castle):
        return PLAYER_COLOURS[piece.player]
    return TILE_COLOURS[piece.kind]


def _css_class(piece: Tile | Castle | None) -> str:
    if piece is None:
        return "kk-empty"
    if isinstance(piece, Castle):
        return f"kk-castle kk-player-{piece.player}"
    return "kk-" + piece.kind.value.replace(" ", "-")


def _label(piece: Tile | Castle) -> tuple[str, str]:
    if isinstance(piece, Castle):
        return f"♜{piece.rank}", "#fff"
    if piece.kind in _LABELS:
        return _LABELS[piece.kind], "#fff" if piece.kind in _LIGHT_TEXT else "#222"
    return f"{piece.value:+d}".replace("-", "−"), "#222"


def piece_words(piece: Tile | Castle | None) -> str:
    """What stands on a cell, in words (for a screen reader).

    >>> piece_words(None), piece_words(Tile.parse("-6")), piece_words(Castle("b", 2))
    ('empty', 'hazard −6', "player b's castle of rank 2")
    """
    if piece is None:
        return "empty"
    if isinstance(piece, Castle):
        return f"player {piece.player}'s castle of rank {piece.rank}"
    if piece.value:
        return f"{piece.kind.value} {piece.value:+d}".replace("-", "−")
    return piece.kind.value


def cell_words(board: Board, cell: Cell, *, legal: bool = False) -> str:
    """A cell named as the board's labels and the scoring name it, with what stands there.

    >>> cell_words(Board.from_text("+3 . . . . . / " + ". . . . . . / " * 4), (0, 1), legal=True)
    'row 1, column 2, empty, legal here'
    """
    r, c = cell
    return f"row {r + 1}, column {c + 1}, {piece_words(board.at(cell))}" + (
        ", legal here" if legal else "")


def board_words(board: Board) -> str:
    """The board's picture in words (its alt text): how many cells are filled.

    >>> board_words(Board.from_text("+3 a4 . . . . / " + ". . . . . . / " * 4))
    'Kingdoms board (5 rows × 6 columns): 2 of 30 cells filled'
    """
    filled = sum(board.at((r, c)) is not None for r in range(ROWS) for c in range(COLS))
    return f"Kingdoms board ({ROWS} rows × {COLS} columns): {filled} of {ROWS * COLS} cells filled"


def board_svg(board: Board, *, cell: int = 44, highlight: Iterable[Iterable[Cell]] = (),
              marked: Collection[Cell] = (), title: str | None = None,
              clickable: bool = False, cursor: Cell | None = None, named: bool = False,
              description: str | None = None) -> str:
    """The board as an SVG document; the same board always gives the same text.

    ``highlight`` outlines groups of cells (e.g. the segments of a line); ``marked`` cells get the
    class ``kk-legal``; ``clickable`` adds ``data-kk-action="cell"`` for the kit's widget view;
    ``cursor`` marks the keyboard's cursor (``kk-cursor``, outlined); ``named`` names every cell
    for a screen reader (:func:`cell_words`). The picture is an image named by ``description``
    (or :func:`board_words`), as its ``<title>`` and ``aria-label``.
    """
    pad, label = 4, 16
    top = label + (20 if title else 0)
    x0, y0 = pad + label, pad + top
    width, height = x0 + COLS * cell + pad, y0 + ROWS * cell + pad
    about = escape_svg(description if description is not None else board_words(board))
    role = "group" if named else "img"
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="kk-kingdoms-board" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}" role="{role}" '
           f'aria-label="{about}" style="background: {PAPER}">', f"<title>{about}</title>"]
    font = 'font-family="sans-serif" text-anchor="middle"'
    labels = 'font-size="12" fill="#444"'
    if title:
        out.append(f'<text x="{pad}" y="15" font-family="sans-serif" font-size="13">'
                   f"{escape_svg(title)}</text>")
    for c in range(COLS):
        out.append(f'<text class="kk-label" x="{x0 + c * cell + cell / 2:.1f}" '
                   f'y="{y0 - 4}" {font} {labels}>{c + 1}</text>')
    for r in range(ROWS):
        out.append(f'<text class="kk-label" x="{pad + label / 2:.1f}" '
                   f'y="{y0 + r * cell + cell / 2 + 4:.1f}" {font} {labels}>{r + 1}</text>')
    action = ' data-kk-action="cell"' if clickable else ""
    for r in range(ROWS):
        for c in range(COLS):
            piece = board.at((r, c))
            x, y = x0 + c * cell, y0 + r * cell
            extra = (" kk-legal" if (r, c) in marked else "") + (
                " kk-cursor" if (r, c) == cursor else "")
            name = ""
            if named:
                words = cell_words(board, (r, c), legal=(r, c) in marked)
                name = f' role="img" aria-label="{escape_svg(words)}"'
            out.append(f'<rect class="kk-cell {_css_class(piece)}{extra}"{action} '
                       f'data-row="{r}" data-col="{c}" x="{x}" y="{y}" width="{cell}" '
                       f'height="{cell}"{name} fill="{piece_colour(piece)}" stroke="#555" '
                       'stroke-width="0.8"/>')
            if piece is None and (r, c) in marked:
                out.append(legal_marker_svg(x, y, cell))
            if piece is not None:
                text, colour = _label(piece)
                out.append(f'<text x="{x + cell / 2:.1f}" y="{y + cell / 2 + 6:.1f}" {font} '
                           f'font-size="{cell * 0.4:.0f}" font-weight="bold" fill="{colour}">'
                           f"{escape_svg(text)}</text>")
    for group in highlight:
        out.append(outline_path(list(group), 0, 0, cell, x0, y0))
    if cursor is not None:
        r, c = cursor
        out.append(f'<rect class="kk-cursor-mark" x="{x0 + c * cell + 1}" y="{y0 + r * cell + 1}" '
                   f'width="{cell - 2}" height="{cell - 2}" fill="none" stroke="#0b3d91" '
                   'stroke-width="3"/>')
    out.append("</svg>")
    return "\n".join(out)
