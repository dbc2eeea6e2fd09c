"""Text notation of Origins territories.

Rows are lines (or separated by ``/``); cells are separated by spaces:

- ``.`` an empty cell, ``H`` the hut (start tile);
- a square: its terrain letter ``G L F Q D V`` (grassland, lake, forest, quarry, desert, volcano),
  then its printed fire symbols (craters on a volcano) when 1–3: ``G``, ``L2``, ``V3``;
- then, in this order, what lies on it: ``*n`` a fire token of n fires, ``$`` a wooden resource
  (its kind is the terrain's: mammoth, fish, mushroom, flint), ``@x`` a caveman by letter
  (h hunter, p painter, c fishing child, l fire lady, g gatherer, s shaman, k sculptor,
  w small warrior, a Amazon, o oafish warrior).

>>> k = OriginsKingdom.from_text("G$ G*2 V2 / H F@g Q1")
>>> print(k)
G$ G*2 V2
H  F@g Q1
>>> k.tokens, k.cavemen, sorted(k.resources.values(), key=str)
({(-1, 1): 2}, {(0, 1): <Caveman.GATHERER: 'gatherer'>}, [<Resource.MAMMOTH: 'mammoth'>])
>>> OriginsKingdom.from_text("H V2*1")
Traceback (most recent call last):
...
kingdomino_kit.origins.errors.OriginsNotationError: line 1, column 3: a fire token cannot lie \
on a volcano: 'V2*1'
"""

from __future__ import annotations

import re
from typing import Any

from kingdomino_kit.errors import NotationError
from kingdomino_kit.grid import SIZES, Cell
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.kingdom import parse_text as core_parse_text
from kingdomino_kit.notation import grid_rows, json_grid
from kingdomino_kit.origins.catalogue import Half, Resource, Terrain
from kingdomino_kit.origins.errors import OriginsError, OriginsNotationError
from kingdomino_kit.origins.kingdom import OriginsKingdom, _core_half
from kingdomino_kit.origins.tribe import Caveman

__all__ = ["parse_text", "to_text", "cell_token", "JSON_FORMAT", "territory_to_json",
           "territory_from_json"]

JSON_FORMAT = "kingdomino-origins-territory/1"

_TOKEN = re.compile(r"([A-Za-z.])(\d*)(?:\*(\d+))?(\$)?(?:@([A-Za-z]))?$")


def cell_token(kingdom: OriginsKingdom, cell: Cell) -> str:
    """The notation of one cell.

    >>> cell_token(OriginsKingdom.from_text("H Q1*2"), (0, 1))
    Traceback (most recent call last):
    ...
    kingdomino_kit.origins.errors.OriginsNotationError: line 1, column 3: a fire token cannot \
lie on a square with a fire symbol: 'Q1*2'
    """
    if cell == (0, 0):
        return "H"
    half = kingdom.at(cell)
    if half is None:
        return "."
    token = str(half)
    if cell in kingdom.tokens:
        token += f"*{kingdom.tokens[cell]}"
    if cell in kingdom.resources:
        token += "$"
    if cell in kingdom.cavemen:
        token += "@" + kingdom.cavemen[cell].letter
    return token


def to_text(kingdom: OriginsKingdom) -> str:
    """The notation over the territory's extent, columns aligned; round-trips with
    :func:`parse_text`."""
    rmin, rmax, cmin, cmax = kingdom.bounds
    grid = [[cell_token(kingdom, (r, c)) for c in range(cmin, cmax + 1)]
            for r in range(rmin, rmax + 1)]
    width = max(2, *(len(t) for row in grid for t in row))
    return "\n".join(" ".join(t.ljust(width) for t in row).rstrip() for row in grid)


def parse_text(text: str, size: int = 5, *, with_resources: bool | None = None
               ) -> tuple[OriginsKingdom, Cell]:
    """Read the notation; also return the hut's (row, column) in the text's frame. Errors
    name the line and character column. ``with_resources`` defaults to whether any ``$`` shows.

    >>> parse_text("D . / H L3")[1]
    (1, 0)
    """
    if size not in SIZES:
        raise OriginsError(f"territory size must be 5 or 7, not {size}")
    squares: dict[Cell, tuple[Half, int, int]] = {}
    extras: dict[Cell, tuple[int, bool, Caveman | None, int, int, str]] = {}
    hut: tuple[Cell, int, int] | None = None
    core_rows: list[list[str]] = []
    for tokens in grid_rows(text):
        core_row = []
        for row, col, line_no, column, token in tokens:
            core_row.append(_read_token(token, line_no, column, (row, col), squares, extras))
            if token.upper() == "H":
                if hut is not None:
                    raise OriginsNotationError(
                        f"a second hut (the first is at line {hut[1]}, column {hut[2]})",
                        line_no, column)
                hut = ((row, col), line_no, column)
        core_rows.append(core_row)
    if hut is None:
        raise OriginsNotationError("no hut: a territory needs exactly one H")
    try:
        layout, (hr, hc) = core_parse_text("\n".join(" ".join(r) for r in core_rows), size)
    except NotationError as error:
        raise OriginsNotationError(str(error)) from None
    if with_resources is None:
        with_resources = any(has for _, has, _, _, _, _ in extras.values())
    kingdom = OriginsKingdom(size, with_resources=with_resources)
    kingdom.layout = layout
    for (r, c), (fire, has_resource, caveman, line_no, column, token) in extras.items():
        half = squares[(r, c)][0]
        cell = (r - hr, c - hc)
        if fire:
            if half.is_volcano:
                raise OriginsNotationError(f"a fire token cannot lie on a volcano: {token!r}",
                                           line_no, column)
            if half.fire:
                raise OriginsNotationError("a fire token cannot lie on a square with a fire "
                                           f"symbol: {token!r}", line_no, column)
            kingdom.tokens[cell] = fire
        if has_resource:
            if half.resource is None:
                raise OriginsNotationError(f"no resource icon on this square: {token!r}",
                                           line_no, column)
            kingdom.resources[cell] = half.resource
        if caveman is not None:
            if half.is_volcano:
                raise OriginsNotationError(f"a caveman cannot stand on a volcano: {token!r}",
                                           line_no, column)
            kingdom.cavemen[cell] = caveman
    return kingdom, (hr, hc)


def _read_token(token: str, line_no: int, column: int, rc: Cell,
                squares: dict[Cell, tuple[Half, int, int]],
                extras: dict[Cell, tuple[int, bool, Caveman | None, int, int, str]]) -> str:
    """Check one token; return its core-notation spelling."""
    match = _TOKEN.match(token)
    if not match:
        raise OriginsNotationError(f"cannot read {token!r} (expected e.g. G, L2, V1, Q*2, G$, "
                                   "F@h, H or .)", line_no, column)
    letter, digits, fire, resource, caveman = match.groups()
    if letter in ".Hh":
        if digits or fire or resource or caveman:
            what = "an empty cell" if letter == "." else "the hut"
            raise OriginsNotationError(f"{what} carries nothing: {token!r}", line_no, column)
        return "." if letter == "." else "C"
    try:
        half = Half.parse(letter + digits)
    except OriginsError as error:
        raise OriginsNotationError(f"{error} in {token!r}", line_no, column) from None
    kind = None
    if caveman:
        try:
            kind = Caveman.parse(caveman)
        except ValueError as error:
            raise OriginsNotationError(str(error), line_no, column) from None
    token_fire = int(fire) if fire else 0
    if fire and not 1 <= token_fire <= 3:
        raise OriginsNotationError(f"a fire token has 1–3 fires, not {token_fire}: {token!r}",
                                   line_no, column)
    squares[rc] = (half, line_no, column)
    if fire or resource or caveman:
        extras[rc] = (token_fire, bool(resource), kind, line_no, column, token)
    return str(_core_half(half))


# --------------------------------------------------------------------------------- JSON
def territory_to_json(kingdom: OriginsKingdom) -> dict[str, Any]:
    """A JSON-ready dict (format ``kingdomino-origins-territory/1``): size, whether wooden
    resources are in play, dominoes discarded, and the squares (hut-relative, hut implied),
    each with ``terrain`` and ``fire`` (or ``craters`` on a volcano) and, when present, the
    ``token`` (its fires), the wooden ``resource`` and the ``caveman`` on it.

    >>> territory_to_json(OriginsKingdom.from_text("H V2 G*1@h"))["squares"]
    [{'row': 0, 'col': 1, 'terrain': 'volcano', 'craters': 2}, \
{'row': 0, 'col': 2, 'terrain': 'grassland', 'fire': 0, 'token': 1, 'caveman': 'hunter'}]
    """
    squares = []
    for cell, half in sorted(kingdom.squares(), key=lambda item: item[0]):
        item: dict[str, Any] = {"row": cell[0], "col": cell[1], "terrain": half.terrain.value}
        if half.is_volcano:
            item["craters"] = half.craters
        else:
            item["fire"] = half.fire
        if cell in kingdom.tokens:
            item["token"] = kingdom.tokens[cell]
        if cell in kingdom.resources:
            item["resource"] = kingdom.resources[cell].value
        if cell in kingdom.cavemen:
            item["caveman"] = kingdom.cavemen[cell].value
        squares.append(item)
    return {"format": JSON_FORMAT, "size": kingdom.size,
            "with_resources": kingdom.with_resources, "discarded": kingdom.discarded,
            "squares": squares}


def _error(message: str) -> OriginsNotationError:
    return OriginsNotationError(message)


def _int(item: dict[str, Any], key: str, field: str, low: int, high: int, default: int) -> int:
    value = item.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        name = f"{field}.{key}" if field else key
        raise _error(f"{name}: must be {low}–{high}, not {value!r}")
    return value


def territory_from_json(data: dict[str, Any] | str) -> OriginsKingdom:
    """Read what :func:`territory_to_json` wrote (a dict or a JSON string); an error is one
    line naming the field.

    >>> k = OriginsKingdom.from_text("G$ G*2 V2 / H F@g Q1")
    >>> territory_from_json(territory_to_json(k)) == k
    True
    >>> territory_from_json({"squares": [{"row": 0, "col": 1, "terrain": "lake", "token": 7}]})
    Traceback (most recent call last):
    ...
    kingdomino_kit.origins.errors.OriginsNotationError: squares[0].token: must be 1–3, not 7
    """
    data, size = json_grid(data, JSON_FORMAT, "territory", OriginsNotationError)
    squares = data.get("squares")
    if not isinstance(squares, list):
        raise _error("squares: must be a list")
    discarded = _int(data, "discarded", "", 0, 48, 0)
    with_resources = data.get("with_resources")
    if with_resources is not None and not isinstance(with_resources, bool):
        raise _error(f"with_resources: must be true or false, not {with_resources!r}")
    halves: dict[Cell, Half] = {}
    tokens: dict[Cell, int] = {}
    resources: dict[Cell, Resource] = {}
    cavemen: dict[Cell, Caveman] = {}
    for n, item in enumerate(squares):
        field = f"squares[{n}]"
        if not isinstance(item, dict):
            raise _error(f"{field}: must be an object")
        _square(item, field, halves, tokens, resources, cavemen)
    try:
        layout = Kingdom.from_squares({c: _core_half(h) for c, h in halves.items()}, size)
    except NotationError as error:
        raise _error(f"squares: {error}") from None
    if with_resources is None:
        with_resources = bool(resources)
    kingdom = OriginsKingdom(size, with_resources=with_resources)
    kingdom.layout = layout
    kingdom.tokens, kingdom.resources, kingdom.cavemen = tokens, resources, cavemen
    kingdom.discarded = discarded
    return kingdom


def _square(item: dict[str, Any], field: str, halves: dict[Cell, Half],
            tokens: dict[Cell, int], resources: dict[Cell, Resource],
            cavemen: dict[Cell, Caveman]) -> None:
    """Read one square into the dicts; a cell given twice is an error."""
    for key in ("row", "col", "terrain"):
        if key not in item:
            raise _error(f"{field}: missing {key!r}")
    r, c = item["row"], item["col"]
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (r, c)):
        raise _error(f"{field}: row and col must be integers, not {r!r}, {c!r}")
    cell = (r, c)
    if cell == (0, 0) or cell in halves:
        raise _error(f"{field}: cell {cell} is taken twice (or by the hut)")
    try:
        terrain = Terrain.parse(str(item["terrain"]))
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
        tokens[cell] = _int(item, "token", field, 1, 3, 0)
    if "resource" in item:
        value = item["resource"]
        if half.resource is None or value != half.resource.value:
            want = "none" if half.resource is None else repr(half.resource.value)
            raise _error(f"{field}.resource: this square's resource icon is {want}, not "
                         f"{value!r}")
        resources[cell] = half.resource
    if "caveman" in item:
        try:
            kind = Caveman.parse(str(item["caveman"]))
        except ValueError as error:
            raise _error(f"{field}.caveman: {error}") from None
        if half.is_volcano:
            raise _error(f"{field}.caveman: a caveman cannot stand on a volcano")
        cavemen[cell] = kind
    halves[cell] = half
