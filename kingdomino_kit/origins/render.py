"""Drawing Origins territories: deterministic SVG (notebooks, tests) and matplotlib figures.

Fire symbols are small flames in the top-left corner, a volcano's craters dark dots, a fire
token an orange disc with its number, a wooden resource a brown square with its initial, a
caveman a white disc with its letter. Every element carries a CSS class (``ko-cell``,
``ko-fire``, ``ko-crater``, ``ko-token``, ``ko-resource``, ``ko-caveman``) as a stable hook.
Rows and columns are labelled as for Kingdomino (the hut is E5 on 5×5), and the palette is
told apart under deuteranopia and protanopia too (checked with the core palette's test).

>>> from kingdomino_kit.origins import OriginsKingdom
>>> svg = origins_svg(OriginsKingdom.from_text("H V2 G*1 / . F$ D@h"))
>>> [svg.count(f'class="ko-{k}') for k in ("crater", "token", "resource", "caveman")]
[2, 1, 1, 1]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from kingdomino_kit.dominoes import Terrain as CoreTerrain
from kingdomino_kit.grid import Cell
from kingdomino_kit.origins.catalogue import Domino, Half, Terrain
from kingdomino_kit.origins.kingdom import OriginsKingdom
from kingdomino_kit.render import (
    EMPTY_COLOUR,
    Frame,
    axes_squares,
    cell_name,
    cursor_mark_svg,
    domino_outline_svg,
    domino_picture_svg,
    escape_svg,
    finish_axes,
    frame_of,
    label_score,
    legal_marker_svg,
    new_axes,
    outline_path,
    svg_cells,
    svg_open,
)
from kingdomino_kit.render import TERRAIN_COLOURS as CORE_COLOURS

__all__ = ["TERRAIN_COLOURS", "origins_svg", "draw_origins", "territory_words", "half_words",
           "domino_words", "square_words", "domino_svg", "REACH_COLOUR"]

TERRAIN_COLOURS: dict[Terrain, str] = {
    Terrain.GRASSLAND: "#77970d",
    Terrain.LAKE: CORE_COLOURS[CoreTerrain.LAKE],  # the same lakes and forests as Kingdomino
    Terrain.FOREST: CORE_COLOURS[CoreTerrain.FOREST],
    Terrain.QUARRY: "#9b8569",
    Terrain.DESERT: "#ffd96e",
    Terrain.VOLCANO: "#42001b",
}
HUT_COLOUR = "#e5cf9a"
FIRE_COLOUR = "#ff7a00"
TOKEN_COLOUR = "#ff5a1f"
RESOURCE_COLOUR = "#8b5a2b"
REACH_COLOUR = "#ff7a00"
"""The tint and dashed border of the squares a fire token about to be thrown can reach."""
_COUNT_WORDS = ("no", "one", "two", "three")


def _flame(x: float, y: float, s: float) -> str:
    return (f"M{x + s / 2:.1f},{y:.1f} Q{x + s:.1f},{y + s * 0.6:.1f} {x + s / 2:.1f},"
            f"{y + s:.1f} Q{x:.1f},{y + s * 0.6:.1f} {x + s / 2:.1f},{y:.1f} Z")


def _label(x: float, y: float, size: int, text: object, fill: str | None = None) -> str:
    """A small centred text (a token's fires, a resource's initial, a caveman's letter)."""
    colour = "" if fill is None else f' fill="{fill}"'
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="middle" '
            f'font-family="sans-serif"{colour}>{text}</text>')


def territory_words(kingdom: OriginsKingdom) -> str:
    """The territory's picture in words (its alt text): its size and what it holds, then the
    hut and every square row by row with what lies on it (:func:`square_words`) — never a score.

    >>> from kingdomino_kit.origins.kingdom import OriginsKingdom
    >>> summary, squares = territory_words(OriginsKingdom.from_text("H V2 G*1 / . F$ D@h")
    ...                                    ).split(". ")
    >>> summary
    'Origins territory (5×5): the hut and 4 squares, 1 fire token, 1 resource, 1 caveman'
    >>> squares.split("; ")  # doctest: +NORMALIZE_WHITESPACE
    ['E5, hut', 'F5, volcano, two craters', 'G5, grassland, fire token of 1 fire',
     'F6, forest, mushroom', 'G6, desert, caveman: hunter']
    """
    rmin, rmax, cmin, cmax = kingdom.bounds
    cells = [(r, c) for r in range(rmin, rmax + 1) for c in range(cmin, cmax + 1)
             if (r, c) == (0, 0) or kingdom.at((r, c)) is not None]

    def count(n: int, what: str) -> str:
        return f"{n} {what}" + ("" if n == 1 else ("men" if what == "caveman" else "s"))

    return (f"Origins territory ({kingdom.size}×{kingdom.size}): the hut and {len(cells) - 1} "
            f"squares, {count(len(kingdom.tokens), 'fire token')}, "
            f"{count(len(kingdom.resources), 'resource')}, "
            f"{count(len(kingdom.cavemen), 'caveman')}. "
            + "; ".join(square_words(kingdom, cell) for cell in cells))


def half_words(half: Half, joiner: str = ", ") -> str:
    """A square of an Origins domino in words: its terrain, and its fire symbols or craters.

    >>> half_words(Half.parse("V2")), half_words(Half.parse("F1"), " with ")
    ('volcano, two craters', 'forest with one fire symbol')
    >>> half_words(Half.parse("L"))
    'lake'
    """
    if half.craters:
        what = f"{_COUNT_WORDS[half.craters]} crater" + ("s" if half.craters > 1 else "")
    elif half.fire:
        what = f"{_COUNT_WORDS[half.fire]} fire symbol" + ("s" if half.fire > 1 else "")
    else:
        return half.terrain.value
    return f"{half.terrain.value}{joiner}{what}"


def domino_words(dom: Domino) -> str:
    """An Origins domino named by its number, terrains, fire symbols and craters.

    >>> from kingdomino_kit.origins import sample_catalogue
    >>> domino_words(sample_catalogue()[36])
    'domino 36: volcano with one crater and grassland with one fire symbol'
    """
    return (f"domino {dom.number}: {half_words(dom.first, ' with ')} and "
            f"{half_words(dom.second, ' with ')}")


def square_words(kingdom: OriginsKingdom, where: Cell, *, legal: bool = False,
                 out: bool = False, reach: bool = False) -> str:
    """A square of a territory named as the labels name it, with what lies there: "E5, hut",
    "C3, forest, one fire symbol, fire token of 2 fires, mushroom", "D4, empty, legal here";
    ``reach``: a fire token about to be thrown can reach it.

    >>> k = OriginsKingdom.from_text("H G*1 L$ / . . F@h", with_resources=True)
    >>> square_words(k, (0, 1)), square_words(k, (0, 2), reach=True, legal=True)
    ('F5, grassland, fire token of 1 fire', 'G5, lake, fish, in fire reach, legal here')
    >>> square_words(k, (1, 2)), square_words(k, (0, 0))
    ('G6, forest, caveman: hunter', 'E5, hut')
    """
    name = cell_name(where, kingdom.size)
    if where == (0, 0):
        return f"{name}, hut"
    half = kingdom.at(where)
    parts = [name]
    if half is None:
        parts.append("empty")
    else:
        parts.append(half_words(half))
        token = kingdom.tokens.get(where)
        if token:
            parts.append(f"fire token of {token} fire" + ("s" if token > 1 else ""))
        resource = kingdom.resources.get(where)
        if resource is not None:
            parts.append(resource.value)
        man = kingdom.cavemen.get(where)
        if man is not None:
            parts.append(f"caveman: {man.value}")
    parts += [words for words, on in (("in fire reach", reach), ("legal here", legal),
                                      ("out of reach", out)) if on]
    return ", ".join(parts)


def _square_svg(half: Half, x: float, y: float, cell: int, rect: str, extra: str = "") -> list[str]:
    """A terrain square: its colour, its fire symbols (flames) or craters (dark dots)."""
    out = [f'<rect class="ko-cell ko-{half.terrain.value}{extra}" {rect} '
           f'fill="{TERRAIN_COLOURS[half.terrain]}" stroke="#333" stroke-width="0.5"/>']
    s = max(12, cell * 0.3)
    for k in range(half.fire):
        flame = _flame(x + 3 + k * (s * 0.7 + 2), y + 3, s)
        out.append(f'<path class="ko-fire-halo" d="{flame}" fill="none" stroke="#fff" '
                   'stroke-width="3"/>'
                   f'<path class="ko-fire" d="{flame}" fill="{FIRE_COLOUR}" stroke="#000" '
                   'stroke-width="1"/>')
    for k in range(half.craters):
        out.append(f'<circle class="ko-crater" cx="{x + 9 + k * 12}" cy="{y + 10}" '
                   'r="4" fill="#1b0b06" stroke="#fff" stroke-width="1"/>')
    return out


def _pieces_svg(kingdom: OriginsKingdom, where: Cell, x: float, y: float, cell: int) -> list[str]:
    """What lies on a square: a fire token, a wooden resource, a caveman."""
    out = []
    if where in kingdom.tokens:
        out.append(f'<circle class="ko-token" cx="{x + cell - 12}" cy="{y + cell - 12}"'
                   f' r="9" fill="{TOKEN_COLOUR}" stroke="#700"/>')
        out.append(_label(x + cell - 12, y + cell - 8, 11, kingdom.tokens[where], "white"))
    if where in kingdom.resources:
        resource = kingdom.resources[where]
        out.append(f'<rect class="ko-resource ko-{resource.value}" x="{x + 4}" '
                   f'y="{y + cell - 18}" width="14" height="14" fill="{RESOURCE_COLOUR}"'
                   ' stroke="#3b2412"/>')
        out.append(_label(x + 11, y + cell - 7, 10, resource.value[0].upper(), "white"))
    if where in kingdom.cavemen:
        man = kingdom.cavemen[where]
        out.append(f'<circle class="ko-caveman" data-kind="{man.value}" '
                   f'cx="{x + cell / 2}" cy="{y + cell / 2}" r="10" fill="white" '
                   'stroke="#222"/>')
        out.append(_label(x + cell / 2, y + cell / 2 + 4, 12, man.letter))
    return out


def origins_svg(kingdom: OriginsKingdom, *, cell: int = 44, full: bool = False,
                title: str | None = None, labels: bool = True,
                description: str | None = None, frame: Frame | None = None,
                legal: Iterable[Cell] = (), out: Collection[Cell] = (),
                reach: Collection[Cell] = (), classes: Mapping[Cell, str] | None = None,
                clickable: bool = False, cursor: Cell | None = None,
                named: bool = False, highlight: Iterable[Sequence[Cell]] = (),
                outlines: bool = False) -> str:
    """The territory as an SVG document; the same territory always gives the same text.
    ``labels``: the column letters and row numbers (the hut is E5 on 5×5); the picture is an
    image named by ``description`` (or :func:`territory_words`).

    What a board adds (as :func:`kingdomino_kit.render.kingdom_svg`): ``frame`` (the cells to
    draw), ``legal`` cells (the legal marker and ``kk-legal``), ``out`` cells (``kk-out``),
    ``reach`` (``ko-reach``: a fire token about to be thrown reaches them, tinted orange with
    a dashed border), ``classes``, ``clickable`` (``data-kk-action="cell"``), ``cursor``
    (``kk-cursor`` and a thick outline) and ``named`` (the picture a group whose every square
    is an image named by :func:`square_words`); ``highlight`` outlines sets of cells (the
    scoring regions) in red; ``outlines`` draws a thin outline inside each placed domino (the
    territory's ``history``), as the Kingdomino boards do.

    >>> svg = origins_svg(OriginsKingdom.from_text("H V1 G"), reach=[(0, 2)], named=True,
    ...                   legal=[(0, 2)], clickable=True)
    >>> 'aria-label="G5, grassland, in fire reach, legal here"' in svg, svg.count("ko-reach-mark")
    (True, 1)
    """
    frame = frame or frame_of(kingdom, full=full)
    about = description if description is not None else territory_words(kingdom)
    lines = svg_open("ko-territory", frame, cell, title, labels=kingdom.size if labels else None,
                     description=about, role="group" if named else "img")
    marked = set(legal)
    action = ' data-kk-action="cell"' if clickable else ""
    corners: dict[Cell, tuple[int, int]] = {}
    for r, c, x, y, rect in svg_cells(frame, cell, title, labels):
        where = (r, c)
        corners[where] = (x, y)
        extra = "".join(f" {name}" for name, on in (
            ("kk-cell", clickable or named), ("kk-legal", where in marked),
            ("kk-out", where in out), ("ko-reach", where in reach),
            ("kk-cursor", where == cursor)) if on)
        if classes and where in classes:
            extra += " " + classes[where]
        rect = action + " " + rect
        if named:
            words = square_words(kingdom, where, legal=where in marked, out=where in out,
                                 reach=where in reach)
            rect += f' role="img" aria-label="{escape_svg(words)}"'
        half = None if where == (0, 0) else kingdom.at(where)
        if where == (0, 0):
            lines.append(f'<rect class="ko-cell ko-hut{extra}"{rect} fill="{HUT_COLOUR}" '
                         'stroke="#555"/>')
            lines.append(f'<path d="M{x + 8},{y + cell - 8} L{x + cell / 2},{y + 8} '
                         f'L{x + cell - 8},{y + cell - 8} Z" fill="#6b4b2a"/>')
        elif half is None:
            lines.append(f'<rect class="ko-cell ko-empty{extra}"{rect} fill="{EMPTY_COLOUR}" '
                         'stroke="#ddd"/>')
        else:
            lines += _square_svg(half, x, y, cell, rect.lstrip(), extra)
            lines += _pieces_svg(kingdom, where, x, y, cell)
        if where in reach:
            lines.append(f'<rect class="ko-reach-mark" x="{x + 1}" y="{y + 1}" '
                         f'width="{cell - 2}" height="{cell - 2}" fill="{REACH_COLOUR}" '
                         f'fill-opacity="0.3" stroke="{REACH_COLOUR}" stroke-width="2" '
                         'stroke-dasharray="3 2"/>')
        if where in marked:
            lines.append(legal_marker_svg(x, y, cell))
    x0, y0 = corners[(frame[0], frame[2])]
    if outlines:
        lines += [domino_outline_svg(p.cells, frame[0], frame[2], cell, x0, y0)
                  for p in kingdom.history]
    lines += [outline_path(cells, frame[0], frame[2], cell, x0, y0) for cells in highlight]
    if cursor is not None and cursor in corners:
        lines.append(cursor_mark_svg(*corners[cursor], cell))
    lines.append("</svg>")
    return "\n".join(lines)


def domino_svg(dom: Domino, direction: int = 0, cell: int = 32) -> str:
    """A picture of an Origins domino (a hand's), ``direction`` putting the second half right,
    below, left or above; named for a screen reader by :func:`domino_words`.

    >>> from kingdomino_kit.origins import sample_catalogue
    >>> svg = domino_svg(sample_catalogue()[36], 1)
    >>> svg.count("ko-crater"), svg.count('class="ko-fire"'), 'height="64"' in svg
    (1, 1, True)
    """
    return domino_picture_svg(
        dom.halves, domino_words(dom), direction, cell,
        lambda half, x, y: _square_svg(half, x, y, cell,
                                       f'x="{x}" y="{y}" width="{cell}" height="{cell}"'),
        css="kk-domino-svg ko-domino-svg")


def draw_origins(kingdom: OriginsKingdom, ax: Any = None, *, title: str | None = None) -> Any:
    """Draw the territory with matplotlib (scoring regions labelled with their points)."""
    from matplotlib.patches import Circle, Rectangle

    ax = new_axes(ax)
    frame = kingdom.bounds
    rmin, rmax, cmin, cmax = frame
    for cell, half, x, y in axes_squares(ax, kingdom.at, frame, TERRAIN_COLOURS,
                                         (HUT_COLOUR, "#555", "H", 13)):
        for k in range(half.fire):
            ax.add_patch(Circle((x + 0.15 + 0.2 * k, y + 0.85), 0.08, fc=FIRE_COLOUR))
        for k in range(half.craters):
            ax.add_patch(Circle((x + 0.15 + 0.25 * k, y + 0.85), 0.08, fc="#1b0b06"))
        if cell in kingdom.tokens:
            ax.add_patch(Circle((x + 0.75, y + 0.25), 0.18, fc=TOKEN_COLOUR, ec="#700"))
            ax.text(x + 0.75, y + 0.25, str(kingdom.tokens[cell]), ha="center",
                    va="center", fontsize=8, color="white")
        if cell in kingdom.resources:
            ax.add_patch(Rectangle((x + 0.08, y + 0.08), 0.28, 0.28, fc=RESOURCE_COLOUR))
        if cell in kingdom.cavemen:
            ax.add_patch(Circle((x + 0.5, y + 0.5), 0.2, fc="white", ec="#222"))
            ax.text(x + 0.5, y + 0.5, kingdom.cavemen[cell].letter, ha="center",
                    va="center", fontsize=9)
    for region in kingdom.regions():
        if region.score:
            r0, c0 = region.cells[0]
            label_score(ax, c0 - cmin + 0.5, rmax - r0 + 0.5, region.score)
    return finish_axes(ax, frame, title)
