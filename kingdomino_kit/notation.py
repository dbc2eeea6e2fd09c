"""The grammar of kingdoms written down: the text notation and the JSON object, read into and
written from castle-relative squares (``{cell: Half}``). The rules object,
:class:`~kingdomino_kit.kingdom.Kingdom`, builds itself from these (``Kingdom.from_text``,
``Kingdom.from_json``); this module knows nothing of it.

Text: one row per line (or rows separated by ``/``), cells separated by spaces: ``.`` empty,
``C`` the castle, ``W F L G S M`` a terrain followed by its crowns when 1–3 (``G2``).

>>> squares, castle = read_text("G2 G . / C G W1")
>>> castle, sorted(squares)[:2]
((1, 0), [(-1, 0), (-1, 1)])
>>> size, again = squares_from_json(squares_to_json(5, squares))
>>> size, again == squares
(5, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from kingdomino_kit.dominoes import Half, Terrain
from kingdomino_kit.errors import KingdominoError, NotationError
from kingdomino_kit.grid import SIZES, Cell
from kingdomino_kit.infra.untrusted import BadJson, check_text, parse_json, shown

__all__ = ["JSON_FORMAT", "SQUARE_FIELDS", "Squares", "Token", "check_fits", "check_known",
           "check_size", "grid_rows", "json_grid", "read_text", "squares_from_json",
           "squares_to_json"]

Squares = dict[Cell, Half]
"""Castle-relative cells and the halves on them (the castle itself is not a square)."""

JSON_FORMAT = "kingdomino-kingdom/1"


class Token(NamedTuple):
    """One cell of a grid written as text: its row and column in the grid, and where it stands
    in the text (line number and character column, both from 1) for error messages."""

    row: int
    col: int
    line: int
    column: int
    text: str


def grid_rows(text: str) -> list[list[Token]]:
    """Split grid text into rows of cell tokens: rows are lines, or separated by ``/``; cells are
    separated by white space; blank rows are skipped. Shared by every grid notation of the kit.

    >>> [[t.text for t in row] for row in grid_rows("C W / G2")]
    [['C', 'W'], ['G2']]
    >>> grid_rows("C  W")[0][1]
    Token(row=0, col=1, line=1, column=4, text='W')
    """
    rows: list[list[Token]] = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        start = 0
        for segment in line.split("/"):
            found = [(m.start() + start + 1, m.group()) for m in re.finditer(r"\S+", segment)]
            start += len(segment) + 1
            if found:
                r = len(rows)
                rows.append([Token(r, c, line_no, column, token)
                             for c, (column, token) in enumerate(found)])
    return rows


def squares_to_json(size: int, squares: Squares | Iterable[tuple[Cell, Half]]
                    ) -> dict[str, Any]:
    """A JSON-ready dict: format, size, and the squares (castle-relative, castle implied).

    >>> squares_to_json(5, {(0, 1): Half(Terrain.LAKE, 1)})["squares"]
    [{'row': 0, 'col': 1, 'terrain': 'lake', 'crowns': 1}]
    """
    items = squares.items() if isinstance(squares, dict) else squares
    return {
        "format": JSON_FORMAT,
        "size": size,
        "squares": [{"row": r, "col": c, "terrain": h.terrain.value, "crowns": h.crowns}
                    for (r, c), h in sorted(items, key=lambda item: item[0])],
    }

def json_grid(data: dict[str, Any] | str, fmt: str, what: str,
              error: type[NotationError] = NotationError,
              fields: frozenset[str] = frozenset({"format", "size", "squares"})
              ) -> tuple[dict[str, Any], int, list[Any]]:
    """The JSON object of a grid (a dict, or its JSON text), its size and its squares, checked:
    an object with no field outside ``fields``, of format ``fmt`` (if given), size 5 or 7
    (default 5), ``squares`` a list of at most size × size − 1 (each square is the format's
    to read). Shared by the kit's JSON formats.

    >>> json_grid('{"size": 7, "squares": []}', JSON_FORMAT, "kingdom")
    ({'size': 7, 'squares': []}, 7, [])
    >>> json_grid('{"format": "x"}', JSON_FORMAT, "kingdom")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.NotationError: format: expected 'kingdomino-kingdom/1', got 'x'
    """
    if isinstance(data, (str, bytes)):
        try:
            data = parse_json(data)
        except BadJson as bad:
            raise error(str(bad)) from None
    if not isinstance(data, dict):
        raise error(f"a {what} in JSON must be an object, not {type(data).__name__}")
    check_known(data, fields, "", error)
    found = data.get("format", fmt)
    if found != fmt:
        raise error(f"format: expected {fmt!r}, got {shown(found)}")
    size = data.get("size", 5)
    if isinstance(size, bool) or not isinstance(size, int) or size not in SIZES:
        raise error(f"size: must be 5 or 7, not {shown(size)}")
    squares = data.get("squares")
    if not isinstance(squares, list):
        raise error(f"squares: must be a list, not {shown(squares)}")
    if len(squares) > size * size - 1:
        raise error(f"squares: {len(squares)} squares, more than a {size}×{size} {what} "
                    f"holds ({size * size - 1})")
    return data, size, squares


def squares_from_json(data: dict[str, Any] | str) -> tuple[int, Squares]:
    """The size and the squares of what :func:`squares_to_json` wrote (a dict or a JSON
    string), checked to fit size × size; errors name the field.

    >>> squares_from_json({"squares": [{"row": 0, "col": 1, "terrain": "lake", "crowns": 7}]})
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.NotationError: squares[0].crowns: must be 0–3, not 7
    """
    data, size, squares = json_grid(data, JSON_FORMAT, "kingdom")
    cells: dict[Cell, Half] = {}
    for n, item in enumerate(squares):
        field = f"squares[{n}]"
        if not isinstance(item, dict):
            raise NotationError(f"{field}: must be an object, not {shown(item)}")
        check_known(item, SQUARE_FIELDS, field + ".")
        try:
            r, c = item["row"], item["col"]
            if not all(isinstance(x, int) and not isinstance(x, bool) and abs(x) < size
                       for x in (r, c)):
                raise NotationError(f"{field}: row and col must be integers within "
                                    f"{size - 1} of the castle, not {shown(r)}, {shown(c)}")
            if not isinstance(item["terrain"], str):
                raise NotationError(f"{field}.terrain: must be a terrain name, not "
                                    f"{shown(item['terrain'])}")
            terrain = Terrain.parse(item["terrain"])
            crowns = item.get("crowns", 0)
            if isinstance(crowns, bool) or not isinstance(crowns, int) or not 0 <= crowns <= 3:
                raise NotationError(f"{field}.crowns: must be 0–3, not {shown(crowns)}")
        except KeyError as error:
            raise NotationError(f"{field}: missing {error.args[0]!r}") from None
        except NotationError:
            raise
        except KingdominoError as error:
            raise NotationError(f"{field}.terrain: {error}") from None
        if (r, c) == (0, 0) or (r, c) in cells:
            raise NotationError(f"{field}: cell ({r}, {c}) is taken twice (or by the castle)")
        cells[(r, c)] = Half(terrain, crowns)
    check_fits(cells, size)
    return size, cells


_TOKEN = re.compile(r"([A-Za-z.])([0-9]*)$")


def read_text(text: str, size: int = 5) -> tuple[Squares, Cell]:
    """Read the text notation: the castle-relative squares (checked to fit size × size) and the
    castle's (row, column) in the text's frame.

    Rows are lines (or separated by ``/``); cells are separated by spaces: ``.`` empty,
    ``C`` castle, ``W F L G S M`` a terrain with its crowns when 1–3 (``G2``).
    Errors name the line and the character column.

    >>> read_text(". . / . C W1")[1]
    (1, 1)
    >>> read_text("C G4")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.NotationError: line 1, column 3: crowns must be 0–3, not 4 in 'G4'
    """
    check_size(size)
    check_text(text, "kingdom", NotationError)
    cells: dict[Cell, Half] = {}
    castle: tuple[Cell, int, int] | None = None
    for tokens in grid_rows(text):
        for row, col, line_no, column, token in tokens:
            match = _TOKEN.match(token)
            if not match:
                raise NotationError(f"cannot read {shown(token)} (expected e.g. W, G2, C or .)",
                                    line_no, column)
            letter, digits = match.group(1).upper(), match.group(2)
            crowns = int(digits) if 0 < len(digits) <= 3 else (0 if not digits else 99)
            if letter == ".":
                if digits:
                    raise NotationError(f"an empty cell has no crowns: {shown(token)}",
                                        line_no, column)
                continue
            if letter == "C":
                if digits:
                    raise NotationError(f"the castle has no crowns: {shown(token)}",
                                        line_no, column)
                if castle is not None:
                    _, l0, c0 = castle
                    raise NotationError(
                        f"a second castle (the first is at line {l0}, column {c0})",
                        line_no, column)
                castle = ((row, col), line_no, column)
                continue
            try:
                terrain = Terrain.from_letter(letter)
            except KingdominoError:
                raise NotationError(
                    f"unknown terrain letter {letter!r} (expected one of W F L G S M, C or .)",
                    line_no, column) from None
            if not 0 <= crowns <= 3:
                raise NotationError(f"crowns must be 0–3, not {digits[:12]}"
                                    f"{'…' if len(digits) > 12 else ''} in {shown(token)}",
                                    line_no, column)
            cells[(row, col)] = Half(terrain, crowns)
    if castle is None:
        raise NotationError("no castle: a kingdom needs exactly one C")
    (cr, cc), _, _ = castle
    relative = {(r - cr, c - cc): half for (r, c), half in cells.items()}
    check_fits(relative, size)
    return relative, (cr, cc)


SQUARE_FIELDS = frozenset({"row", "col", "terrain", "crowns"})
"""The fields of a square in the JSON of a kingdom."""


def check_known(data: dict[str, Any], fields: frozenset[str], where: str,
                error: type[KingdominoError] = NotationError) -> None:
    """Raise ``error`` for a field of ``data`` outside ``fields`` (a typo, or a claim the reader
    would not check).

    >>> check_known({"row": 0, "colour": "red"}, SQUARE_FIELDS, "squares[0].")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.NotationError: squares[0].colour: unknown field (known: col, crowns, \
row, terrain)
    """
    for key in data:
        if key not in fields:
            name = key if isinstance(key, str) else shown(key)
            raise error(f"{where}{name}: unknown field (known: {', '.join(sorted(fields))})")


def check_size(size: Any, error: type[KingdominoError] = KingdominoError) -> int:
    """``size`` if it is 5 or 7 (an integer, not ``5.0`` or ``True``), else ``error``.

    >>> check_size(5.0)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: kingdom size must be 5 or 7, not 5.0
    """
    if isinstance(size, bool) or not isinstance(size, int) or size not in SIZES:
        raise error(f"kingdom size must be 5 or 7, not {shown(size)}")
    return size


def check_fits(squares: Iterable[Cell], size: int) -> None:
    """Raise :class:`NotationError` unless the castle and the squares (castle-relative cells,
    or a mapping keyed by them) fit size × size.

    >>> check_fits({(0, 5): Half(Terrain.WHEAT)}, 5)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.NotationError: the kingdom spans 6 columns, more than size 5 allows
    """
    rows = [r for r, _ in squares] + [0]
    cols = [c for _, c in squares] + [0]
    for name, values in (("rows", rows), ("columns", cols)):
        if max(values) - min(values) >= size:
            raise NotationError(
                f"the kingdom spans {max(values) - min(values) + 1} {name}, more than size "
                f"{size} allows")
