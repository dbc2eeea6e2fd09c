"""The grammar of Origins territories written down: the text notation and the JSON object, read
into and written from :class:`Contents` (hut-relative squares and what lies on them). The
territory, :class:`~kingdomino_kit.origins.kingdom.OriginsKingdom`, builds itself from these
(``OriginsKingdom.from_text``, ``OriginsKingdom.from_json``); this module knows nothing of it.

Rows are lines (or separated by ``/``); cells are separated by spaces:

- ``.`` an empty cell, ``H`` the hut (start tile);
- a square: its terrain letter ``G L F Q D V`` (grassland, lake, forest, quarry, desert, volcano),
  then its printed fire symbols (craters on a volcano) when 1–3: ``G``, ``L2``, ``V3``;
- then, in this order, what lies on it: ``*n`` a fire token of n fires, ``$`` a wooden resource
  (its kind is the terrain's: mammoth, fish, mushroom, flint), ``@x`` a caveman by letter
  (h hunter, p painter, c fishing child, l fire lady, g gatherer, s shaman, k sculptor,
  w small warrior, a Amazon, o oafish warrior).

>>> contents, hut = read_text("G$ G*2 V2 / H F@g Q1")
>>> hut, contents.tokens, contents.cavemen, contents.resources
((1, 0), {(-1, 1): 2}, {(0, 1): <Caveman.GATHERER: 'gatherer'>}, {(-1, 0): <Resource.MAMMOTH: \
'mammoth'>})
>>> print(write_text(contents))
G$ G*2 V2
H  F@g Q1
>>> read_text("H V2*1")
Traceback (most recent call last):
...
kingdomino_kit.origins.errors.OriginsNotationError: line 1, column 3: a fire token cannot lie \
on a volcano: 'V2*1'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from kingdomino_kit.errors import NotationError
from kingdomino_kit.grid import Cell
from kingdomino_kit.infra.untrusted import check_text, shown
from kingdomino_kit.notation import check_fits, check_known, check_size, grid_rows, json_grid
from kingdomino_kit.origins.catalogue import Half, Resource, Terrain
from kingdomino_kit.origins.errors import OriginsError, OriginsNotationError
from kingdomino_kit.origins.tribe import Caveman

__all__ = ["Contents", "JSON_FORMAT", "cell_token", "contents_from_json", "contents_to_json",
           "read_text", "write_text"]

JSON_FORMAT = "kingdomino-origins-territory/1"


@dataclass(frozen=True)
class Contents:
    """What the notation records of a territory: the hut-relative squares, the fire tokens (their
    fires), wooden resources and cavemen on them, whether wooden resources are in play (None:
    not said, as in the text notation) and how many dominoes were discarded."""

    squares: dict[Cell, Half]
    tokens: dict[Cell, int] = field(default_factory=dict)
    resources: dict[Cell, Resource] = field(default_factory=dict)
    cavemen: dict[Cell, Caveman] = field(default_factory=dict)
    with_resources: bool | None = None
    discarded: int = 0


_TOKEN = re.compile(r"([A-Za-z.])([0-9]*)(?:\*([0-9]+))?(\$)?(?:@([A-Za-z]))?$")


def cell_token(contents: Contents, cell: Cell) -> str:
    """The notation of one cell (``.`` empty, ``H`` the hut at (0, 0)).

    >>> contents = Contents({(0, 1): Half(Terrain.QUARRY)}, tokens={(0, 1): 2})
    >>> cell_token(contents, (0, 0)), cell_token(contents, (0, 1)), cell_token(contents, (1, 1))
    ('H', 'Q*2', '.')
    """
    if cell == (0, 0):
        return "H"
    half = contents.squares.get(cell)
    if half is None:
        return "."
    token = str(half)
    if cell in contents.tokens:
        token += f"*{contents.tokens[cell]}"
    if cell in contents.resources:
        token += "$"
    if cell in contents.cavemen:
        token += "@" + contents.cavemen[cell].letter
    return token


def write_text(contents: Contents) -> str:
    """The notation over the extent of the hut and the squares, columns aligned; round-trips
    with :func:`read_text`."""
    rows = [r for r, _ in contents.squares] + [0]
    cols = [c for _, c in contents.squares] + [0]
    grid = [[cell_token(contents, (r, c)) for c in range(min(cols), max(cols) + 1)]
            for r in range(min(rows), max(rows) + 1)]
    width = max(2, *(len(t) for row in grid for t in row))
    return "\n".join(" ".join(t.ljust(width) for t in row).rstrip() for row in grid)


def read_text(text: str, size: int = 5) -> tuple[Contents, Cell]:
    """Read the notation: the territory's contents (``with_resources`` left None) and the hut's
    (row, column) in the text's frame. Errors name the line and character column.

    >>> read_text("D . / H L3")[1]
    (1, 0)
    """
    check_size(size, OriginsError)
    check_text(text, "territory", OriginsNotationError)
    squares: dict[Cell, tuple[Half, int, int]] = {}
    extras: dict[Cell, tuple[int, bool, Caveman | None, int, int, str]] = {}
    hut: tuple[Cell, int, int] | None = None
    for tokens in grid_rows(text):
        for row, col, line_no, column, token in tokens:
            _read_token(token, line_no, column, (row, col), squares, extras)
            if token.upper() == "H":
                if hut is not None:
                    raise OriginsNotationError(
                        f"a second hut (the first is at line {hut[1]}, column {hut[2]})",
                        line_no, column)
                hut = ((row, col), line_no, column)
    if hut is None:
        raise OriginsNotationError("no hut: a territory needs exactly one H")
    (hr, hc), _, _ = hut
    halves = {(r - hr, c - hc): half for (r, c), (half, _, _) in squares.items()}
    try:
        check_fits(halves, size)
    except NotationError as error:
        raise OriginsNotationError(str(error)) from None
    contents = Contents(halves)
    for (r, c), (fire, has_resource, caveman, line_no, column, token) in extras.items():
        half = squares[(r, c)][0]
        cell = (r - hr, c - hc)
        if fire:
            if half.is_volcano:
                raise OriginsNotationError(f"a fire token cannot lie on a volcano: {shown(token)}",
                                           line_no, column)
            if half.fire:
                raise OriginsNotationError("a fire token cannot lie on a square with a fire "
                                           f"symbol: {shown(token)}", line_no, column)
            contents.tokens[cell] = fire
        if has_resource:
            if half.resource is None:
                raise OriginsNotationError(f"no resource icon on this square: {shown(token)}",
                                           line_no, column)
            contents.resources[cell] = half.resource
        if caveman is not None:
            if half.is_volcano:
                raise OriginsNotationError(f"a caveman cannot stand on a volcano: {shown(token)}",
                                           line_no, column)
            contents.cavemen[cell] = caveman
    return contents, (hr, hc)


def _read_token(token: str, line_no: int, column: int, rc: Cell,
                squares: dict[Cell, tuple[Half, int, int]],
                extras: dict[Cell, tuple[int, bool, Caveman | None, int, int, str]]) -> None:
    """Check one token; record its square and what lies on it (the hut and ``.`` record
    nothing)."""
    match = _TOKEN.match(token)
    if not match:
        raise OriginsNotationError(f"cannot read {shown(token)} (expected e.g. G, L2, V1, Q*2, G$, "
                                   "F@h, H or .)", line_no, column)
    letter, digits, fire, resource, caveman = match.groups()
    if len(digits) > 3 or (fire and len(fire) > 3):
        raise OriginsNotationError(f"a square shows 0–3 fire symbols (a volcano 1–3 craters) "
                                   f"and a token 1–3 fires: {shown(token)}", line_no, column)
    if letter in ".Hh":
        if digits or fire or resource or caveman:
            what = "an empty cell" if letter == "." else "the hut"
            raise OriginsNotationError(f"{what} carries nothing: {shown(token)}", line_no, column)
        return
    try:
        half = Half.parse(letter + digits)
    except OriginsError as error:
        raise OriginsNotationError(f"{error} in {shown(token)}", line_no, column) from None
    kind = None
    if caveman:
        try:
            kind = Caveman.parse(caveman)
        except ValueError as error:
            raise OriginsNotationError(str(error), line_no, column) from None
    token_fire = int(fire) if fire else 0
    if fire and not 1 <= token_fire <= 3:
        raise OriginsNotationError(f"a fire token has 1–3 fires, not {token_fire}: {shown(token)}",
                                   line_no, column)
    squares[rc] = (half, line_no, column)
    if fire or resource or caveman:
        extras[rc] = (token_fire, bool(resource), kind, line_no, column, token)


# --------------------------------------------------------------------------------- JSON
def contents_to_json(size: int, contents: Contents) -> dict[str, Any]:
    """A JSON-ready dict (format ``kingdomino-origins-territory/1``): size, whether wooden
    resources are in play, dominoes discarded, and the squares (hut-relative, hut implied),
    each with ``terrain`` and ``fire`` (or ``craters`` on a volcano) and, when present, the
    ``token`` (its fires), the wooden ``resource`` and the ``caveman`` on it.

    >>> contents, _ = read_text("H V2 G*1@h")
    >>> contents_to_json(5, contents)["squares"]
    [{'row': 0, 'col': 1, 'terrain': 'volcano', 'craters': 2}, \
{'row': 0, 'col': 2, 'terrain': 'grassland', 'fire': 0, 'token': 1, 'caveman': 'hunter'}]
    """
    squares = []
    for cell, half in sorted(contents.squares.items(), key=lambda item: item[0]):
        item: dict[str, Any] = {"row": cell[0], "col": cell[1], "terrain": half.terrain.value}
        if half.is_volcano:
            item["craters"] = half.craters
        else:
            item["fire"] = half.fire
        if cell in contents.tokens:
            item["token"] = contents.tokens[cell]
        if cell in contents.resources:
            item["resource"] = contents.resources[cell].value
        if cell in contents.cavemen:
            item["caveman"] = contents.cavemen[cell].value
        squares.append(item)
    return {"format": JSON_FORMAT, "size": size,
            "with_resources": bool(contents.with_resources), "discarded": contents.discarded,
            "squares": squares}


def _error(message: str) -> OriginsNotationError:
    return OriginsNotationError(message)


def _int(item: dict[str, Any], key: str, field: str, low: int, high: int, default: int) -> int:
    value = item.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        name = f"{field}.{key}" if field else key
        raise _error(f"{name}: must be {low}–{high}, not {shown(value)}")
    return value


FIELDS = frozenset({"format", "size", "with_resources", "discarded", "squares"})
"""The fields of a territory in JSON."""
SQUARE_FIELDS = frozenset({"row", "col", "terrain", "fire", "craters", "token", "resource",
                           "caveman"})
"""The fields of a square of a territory in JSON."""


def contents_from_json(data: dict[str, Any] | str) -> tuple[int, Contents]:
    """The size and the contents of what :func:`contents_to_json` wrote (a dict or a JSON
    string), checked to fit size × size; an error is one line naming the field.

    >>> size, contents = contents_from_json({"size": 7, "squares": [
    ...     {"row": 0, "col": 1, "terrain": "lake", "token": 2}]})
    >>> size, contents.tokens, contents.with_resources
    (7, {(0, 1): 2}, None)
    >>> contents_from_json({"squares": [{"row": 0, "col": 1, "terrain": "lake", "token": 7}]})
    Traceback (most recent call last):
    ...
    kingdomino_kit.origins.errors.OriginsNotationError: squares[0].token: must be 1–3, not 7
    """
    data, size, squares = json_grid(data, JSON_FORMAT, "territory", OriginsNotationError,
                                    FIELDS)
    discarded = _int(data, "discarded", "", 0, 48, 0)
    with_resources = data.get("with_resources")
    if with_resources is not None and not isinstance(with_resources, bool):
        raise _error(f"with_resources: must be true or false, not {shown(with_resources)}")
    contents = Contents({}, with_resources=with_resources, discarded=discarded)
    for n, item in enumerate(squares):
        field = f"squares[{n}]"
        if not isinstance(item, dict):
            raise _error(f"{field}: must be an object, not {shown(item)}")
        check_known(item, SQUARE_FIELDS, field + ".", OriginsNotationError)
        _square(item, field, contents)
    try:
        check_fits(contents.squares, size)
    except NotationError as error:
        raise _error(f"squares: {error}") from None
    return size, contents


def _square(item: dict[str, Any], field: str, contents: Contents) -> None:
    """Read one square into ``contents``; a cell given twice is an error."""
    for key in ("row", "col", "terrain"):
        if key not in item:
            raise _error(f"{field}: missing {shown(key)}")
    r, c = item["row"], item["col"]
    if not all(isinstance(x, int) and not isinstance(x, bool) and abs(x) < 7 for x in (r, c)):
        raise _error(f"{field}: row and col must be integers within 6 of the hut, not "
                     f"{shown(r)}, {shown(c)}")
    cell = (r, c)
    if cell == (0, 0) or cell in contents.squares:
        raise _error(f"{field}: cell {cell} is taken twice (or by the hut)")
    if not isinstance(item["terrain"], str):
        raise _error(f"{field}.terrain: must be a terrain name, not {shown(item['terrain'])}")
    try:
        terrain = Terrain.parse(item["terrain"])
    except OriginsError as error:
        raise _error(f"{field}.terrain: {error}") from None
    if terrain is Terrain.VOLCANO:
        if "fire" in item and item["fire"] != 0:
            raise _error(f"{field}.fire: a volcano shows craters, not fire symbols")
        half = Half(terrain, 0, _int(item, "craters", field, 1, 3, 0))
    else:
        if item.get("craters", 0) != 0:
            raise _error(f"{field}.craters: only a volcano has craters, not a "
                         f"{terrain.value} square")
        half = Half(terrain, _int(item, "fire", field, 0, 3, 0))
    if "token" in item:
        if half.is_volcano or half.fire:
            raise _error(f"{field}.token: a fire token cannot lie on a volcano or a square "
                         "with a fire symbol")
        contents.tokens[cell] = _int(item, "token", field, 1, 3, 0)
    if "resource" in item:
        value = item["resource"]
        if half.resource is None or value != half.resource.value:
            want = "none" if half.resource is None else repr(half.resource.value)
            raise _error(f"{field}.resource: this square's resource icon is {want}, not "
                         f"{shown(value)}")
        contents.resources[cell] = half.resource
    if "caveman" in item:
        if not isinstance(item["caveman"], str):
            raise _error(f"{field}.caveman: must be a caveman's name, not "
                         f"{shown(item['caveman'])}")
        try:
            kind = Caveman.parse(item["caveman"])
        except ValueError as error:
            raise _error(f"{field}.caveman: {error}") from None
        if half.is_volcano:
            raise _error(f"{field}.caveman: a caveman cannot stand on a volcano")
        contents.cavemen[cell] = kind
    contents.squares[cell] = half
