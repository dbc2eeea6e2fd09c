"""Drawing kingdoms: deterministic SVG text (for notebooks and tests) and matplotlib figures.

The pieces every board of the kit shares (Kingdomino, Kingdoms, Origins) live here:

- a palette told apart also with deuteranopia or protanopia (the tests simulate both on these
  colours and on screenshots and require a CIE76 distance of at least 25 between every pair of
  terrains, the empty square, the castle and :data:`LEGAL_COLOUR`);
- crowns at least :data:`CROWN_MIN` pixels wide, gold with a dark outline over a white halo, so
  they show on wheat as on mines (:func:`crowns_svg`);
- the legal-cell marker: an empty square with a dashed outline and a dot in
  :data:`LEGAL_COLOUR`, a colour no terrain has (:func:`legal_marker_svg`);
- row and column labels, and the cell names the messages use (:func:`cell_name`): columns are
  letters and rows numbers counted on the field a kingdom can reach, so the castle is always
  E5 on 5×5 (G7 on 7×7) and a name never changes while the kingdom grows;
- an outline around each placed domino.

>>> from kingdomino_kit import Kingdom
>>> svg = kingdom_svg(Kingdom.from_text("C G2"))
>>> svg.startswith("<svg") and 'kk-castle' in svg
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from kingdomino_kit.dominoes import Terrain
from kingdomino_kit.grid import DIRECTIONS, Cell

if TYPE_CHECKING:
    from kingdomino_kit.dominoes import Domino, Half
    from kingdomino_kit.kingdom import Kingdom, Property

__all__ = ["TERRAIN_COLOURS", "CASTLE_COLOUR", "EMPTY_COLOUR", "CROWN_COLOUR", "LEGAL_COLOUR",
           "CROWN_MIN", "LABEL", "PAPER", "Bounded", "Frame", "kingdom_svg", "draw_kingdom",
           "frame_of", "castle_mark_svg",
           "svg_open", "svg_cells", "crown_path", "crowns_svg", "legal_marker_svg",
           "domino_outline_svg", "cell_name", "name_cells", "badge_svg", "CROWN_WORDS",
           "half_words", "domino_words", "square_words", "kingdom_words", "labels_svg",
           "outline_path",
           "escape_svg", "axes_cells", "label_score", "finish_axes"]

TERRAIN_COLOURS: dict[Terrain, str] = {
    Terrain.WHEAT: "#fbe73f",
    Terrain.FOREST: "#005715",
    Terrain.LAKE: "#0064cc",
    Terrain.GRASSLAND: "#66990b",
    Terrain.SWAMP: "#b49775",
    Terrain.MINE: "#221a1c",
}
"""Terrain fills, chosen (by a small search around the usual colours) to stay apart under
deuteranopia and protanopia as well as in normal vision."""
CASTLE_COLOUR = "#9eb0d2"
EMPTY_COLOUR = "#f4f1e8"
CROWN_COLOUR = "#ffd21f"
LEGAL_COLOUR = "#ae0d6f"
"""The legal-cell marker's colour (dashed outline and dot on an empty square): no terrain's."""
CROWN_MIN = 14
"""The narrowest crown drawn, in pixels."""
LABEL = 16
"""Room for the row and column labels, in pixels."""
PAPER = "#fff"
"""The background every picture brings with it: its labels and title keep their contrast on a
dark page (JupyterLab's dark theme) as on a light one."""

Frame = tuple[int, int, int, int]
"""A bounding box of cells to draw: min row, max row, min column, max column (centre-relative)."""


class Bounded(Protocol):
    """What :func:`frame_of` reads of a kingdom of any game: its size and its extent."""

    @property
    def size(self) -> int:
        """5 or 7."""

    @property
    def bounds(self) -> Frame:
        """(min row, max row, min column, max column) of the centre tile and every square."""


def frame_of(kingdom: Bounded, full: bool = False) -> Frame:
    """The cells to draw: the kingdom's extent, or (``full``) a size × size frame around it.

    >>> from kingdomino_kit import Kingdom
    >>> frame_of(Kingdom.from_text("C W"), full=True)
    (0, 4, 0, 4)
    """
    rmin, rmax, cmin, cmax = kingdom.bounds
    if full:
        n = kingdom.size
        rmax = rmin + n - 1
        cmax = cmin + n - 1
    return (rmin, rmax, cmin, cmax)


def crown_path(x: float, y: float, s: float) -> str:
    """A small crown glyph with its top-left corner at (x, y), width s."""
    h = s * 0.6
    pts = [(0, h), (0, h * 0.25), (s * 0.25, h * 0.55), (s * 0.5, 0), (s * 0.75, h * 0.55),
           (s, h * 0.25), (s, h)]
    return "M" + " L".join(f"{x + px:.1f},{y + py:.1f}" for px, py in pts) + " Z"


def crowns_svg(x: float, y: float, cell: int, count: int, css: str = "kk-crown") -> str:
    """``count`` crowns in the top-left of the square at (x, y): two to a row, each at least
    :data:`CROWN_MIN` pixels wide, gold with a dark outline over a white halo.

    >>> svg = crowns_svg(0, 0, 40, 3)
    >>> svg.count('class="kk-crown"'), svg.count('class="kk-crown-halo"')
    (3, 3)
    """
    s = max(CROWN_MIN, cell * 0.36)
    out = []
    for k in range(count):
        path = crown_path(x + 2 + (k % 2) * (s + 1), y + 2 + (k // 2) * (s * 0.6 + 2), s)
        out.append(f'<path class="{css}-halo" d="{path}" fill="none" stroke="#fff" '
                   'stroke-width="3" stroke-linejoin="round"/>'
                   f'<path class="{css}" d="{path}" fill="{CROWN_COLOUR}" stroke="#000" '
                   'stroke-width="1.2" stroke-linejoin="round"/>')
    return "".join(out)


def legal_marker_svg(x: float, y: float, cell: int) -> str:
    """The legal-cell marker drawn over the square at (x, y): a dashed outline and a dot.

    >>> 'kk-legal-dot' in legal_marker_svg(0, 0, 40)
    True
    """
    return (f'<rect class="kk-legal-mark" x="{x + 2}" y="{y + 2}" width="{cell - 4}" '
            f'height="{cell - 4}" fill="none" stroke="{LEGAL_COLOUR}" stroke-width="2.5" '
            'stroke-dasharray="5 3"/>'
            f'<circle class="kk-legal-dot" cx="{x + cell / 2}" cy="{y + cell / 2}" '
            f'r="{max(4, cell // 7)}" fill="{LEGAL_COLOUR}"/>')


def cursor_mark_svg(x: float, y: float, cell: int) -> str:
    """The keyboard cursor's mark drawn over the square at (x, y): a thick blue outline.

    >>> cursor_mark_svg(0, 0, 40).split(" fill")[0]
    '<rect class="kk-cursor-mark" x="1" y="1" width="38" height="38"'
    """
    return (f'<rect class="kk-cursor-mark" x="{x + 1}" y="{y + 1}" width="{cell - 2}" '
            f'height="{cell - 2}" fill="none" stroke="#0b3d91" stroke-width="3"/>')


def domino_picture_svg(halves: Sequence[Any], words: str, direction: int, cell: int,
                       square: Callable[[Any, int, int], Iterable[str]],
                       css: str = "kk-domino-svg") -> str:
    """A picture of one domino of a hand or a line (a game's: ``square(half, x, y)`` draws a
    half at its top-left corner): the second half right of, below, left of or above the first
    (``direction``), a dark outline around both, the picture named ``words`` for a screen
    reader.

    >>> svg = domino_picture_svg(("a", "b"), "a|b", 1, 10, lambda half, x, y: [f"{half}{y}"])
    >>> svg.split("<title>")[0], svg.split("</title>")[1].split("<rect")[0]
    ('<svg class="kk-domino-svg" width="10" height="20" viewBox="0 0 10 20" role="img" \
aria-label="a|b">', 'a0b10')
    """
    dr, dc = DIRECTIONS[direction]
    cells = [(0, 0), (dr, dc)]
    rmin, cmin = min(r for r, _ in cells), min(c for _, c in cells)
    width, height = (2 if dc else 1) * cell, (2 if dr else 1) * cell
    named = escape_svg(words)
    out = [f'<svg class="{css}" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-label="{named}">'
           f"<title>{named}</title>"]
    for half, (r, c) in zip(halves, cells, strict=True):
        out.extend(square(half, (c - cmin) * cell, (r - rmin) * cell))
    out.append(f'<rect x="0.75" y="0.75" width="{width - 1.5}" height="{height - 1.5}" '
               'fill="none" stroke="#111" stroke-width="1.5"/>')
    out.append("</svg>")
    return "".join(out)


def domino_outline_svg(cells: Sequence[Cell], rmin: int, cmin: int, cell: int, x0: int,
                       y0: int) -> str:
    """A dark rounded outline just inside the two squares of a placed domino.

    >>> domino_outline_svg([(0, 0), (0, 1)], 0, 0, 10, 0, 0).split(" fill")[0]
    '<rect class="kk-domino" x="2.0" y="2.0" width="16.0" height="6.0" rx="3"'
    """
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    x = x0 + (min(cols) - cmin) * cell + 2.0
    y = y0 + (min(rows) - rmin) * cell + 2.0
    w = (max(cols) - min(cols) + 1) * cell - 4.0
    h = (max(rows) - min(rows) + 1) * cell - 4.0
    return (f'<rect class="kk-domino" x="{x}" y="{y}" width="{w}" height="{h}" rx="3" '
            'fill="none" stroke="#111" stroke-width="1.5"/>')


def cell_name(cell: Cell, size: int = 5) -> str:
    """The name of a cell on the field a kingdom of ``size`` can reach (rows and columns
    -(size-1)…size-1 around the castle): a column letter, then a row number from 1.

    >>> cell_name((0, 0)), cell_name((-4, -4)), cell_name((4, 4)), cell_name((0, 0), 7)
    ('E5', 'A1', 'I9', 'G7')
    """
    r, c = cell
    return f"{chr(ord('A') + c + size - 1)}{r + size}"


_COORDINATES = re.compile(r"\((-?\d+), ?(-?\d+)\)")


def name_cells(text: str, size: int = 5) -> str:
    """A message with every "(row, col)" written as the cell's name (:func:`cell_name`): the
    one place where the widgets turn the rules' coordinates into what the labels show.

    >>> name_cells("domino 13 at (3, 3),(3, 4) breaks the connection rule")
    'domino 13 at H8,I8 breaks the connection rule'
    """
    return _COORDINATES.sub(lambda m: cell_name((int(m[1]), int(m[2])), size), text)


PAD = 4
"""Margin around a drawing, in pixels."""


def _origin(title: str | None, labelled: bool) -> tuple[int, int]:
    """The top-left corner of the first cell."""
    extra = LABEL if labelled else 0
    return PAD + extra, PAD + (20 if title else 0) + extra


def svg_open(css: str, frame: Frame, cell: int, title: str | None = None,
             labels: int | None = None, *, description: str | None = None,
             role: str = "img") -> list[str]:
    """The opening lines of a grid drawing (the games' renderers share it): the ``<svg>``
    element sized for ``frame`` with CSS class ``css``, its accessible name (``description``:
    ``role``, ``aria-label`` and a ``<title>``), the title if any, and (``labels``: the
    kingdom's size) the column letters and row numbers of :func:`cell_name`.

    >>> svg_open("kk-kingdom", (0, 0, 0, 1), 40, "a<b")[1]
    '<text x="4" y="15" font-family="sans-serif" font-size="13">a&lt;b</text>'
    >>> svg_open("kk-kingdom", (0, 0, 0, 1), 40, description="a kingdom")[1]
    '<title>a kingdom</title>'
    """
    rmin, rmax, cmin, cmax = frame
    x0, y0 = _origin(title, labels is not None)
    width = (cmax - cmin + 1) * cell + x0 + PAD
    height = (rmax - rmin + 1) * cell + y0 + PAD
    name = ""
    if description is not None:
        name = f' role="{role}" aria-label="{escape_svg(description)}"'
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="{css}" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}"{name} style="background: {PAPER}">']
    if description is not None:
        out.append(f"<title>{escape_svg(description)}</title>")
    if title:
        out.append(f'<text x="{PAD}" y="15" font-family="sans-serif" font-size="13">'
                   f"{escape_svg(title)}</text>")
    if labels is not None:
        out.append(labels_svg(frame, cell, x0, y0, labels))
    return out


def labels_svg(frame: Frame, cell: int, x0: int, y0: int, size: int) -> str:
    """Column letters above and row numbers left of a grid whose first cell's corner is at
    (x0, y0), as :func:`cell_name` names them.

    >>> labels_svg((0, 0, -1, 0), 40, 20, 20, 5).count('class="kk-label"')
    3
    """
    rmin, rmax, cmin, cmax = frame
    font = 'font-family="sans-serif" font-size="12" text-anchor="middle" fill="#444"'
    out = []
    for c in range(cmin, cmax + 1):
        letter = cell_name((0, c), size)[0]
        out.append(f'<text class="kk-label" x="{x0 + (c - cmin) * cell + cell / 2:.1f}" '
                   f'y="{y0 - 4}" {font}>{letter}</text>')
    for r in range(rmin, rmax + 1):
        number = cell_name((r, 0), size)[1:]
        out.append(f'<text class="kk-label" x="{x0 - LABEL / 2:.1f}" '
                   f'y="{y0 + (r - rmin) * cell + cell / 2 + 4:.1f}" {font}>{number}</text>')
    return "".join(out)


def svg_cells(frame: Frame, cell: int, title: str | None = None, labelled: bool = False
              ) -> Iterator[tuple[int, int, int, int, str]]:
    """Each cell of ``frame``, row-major, as (row, col, x, y, attributes): the attributes give
    ``data-row``, ``data-col`` and the square's rectangle (below the title and right of and
    below the labels, if any).

    >>> next(svg_cells((0, 0, 0, 0), 40))
    (0, 0, 4, 4, 'data-row="0" data-col="0" x="4" y="4" width="40" height="40"')
    """
    rmin, rmax, cmin, cmax = frame
    left, top = _origin(title, labelled)
    for r in range(rmin, rmax + 1):
        for c in range(cmin, cmax + 1):
            x, y = left + (c - cmin) * cell, top + (r - rmin) * cell
            yield r, c, x, y, (f'data-row="{r}" data-col="{c}" x="{x}" y="{y}" '
                               f'width="{cell}" height="{cell}"')


def castle_mark_svg(x: float, y: float, cell: int) -> str:
    """The castle's tower drawn in the cell at (``x``, ``y``)."""
    m = cell * 0.2
    return (f'<path d="M{x + m:.1f},{y + cell - m:.1f} L{x + m:.1f},{y + m * 2:.1f}'
            f' L{x + cell / 2:.1f},{y + m:.1f} L{x + cell - m:.1f},{y + m * 2:.1f}'
            f' L{x + cell - m:.1f},{y + cell - m:.1f} Z" fill="#3c4a66"/>')


def kingdom_svg(kingdom: Kingdom, *, cell: int = 40, frame: Frame | None = None,
                highlight: Iterable[Property] = (), title: str | None = None,
                labels: bool = True, legal: Iterable[Cell] = (),
                out: Collection[Cell] = (), classes: Mapping[Cell, str] | None = None,
                clickable: bool = False, badges: bool = False, cursor: Cell | None = None,
                named: bool = False, description: str | None = None) -> str:
    """The kingdom as an SVG document; the same kingdom always gives the same text.

    ``highlight`` outlines properties (thick borders where a property meets another cell);
    each placed domino the kingdom remembers (its ``history``) gets a thin outline; ``labels``
    writes the column letters and row numbers of :func:`cell_name`; ``legal`` cells get the
    legal marker. Each square carries CSS classes (``kk-cell kk-wheat`` …) as stable hooks.
    The picture is an image with an accessible name (``description``, or
    :func:`kingdom_words`) as its ``<title>`` and ``aria-label``.

    What a board adds (the widgets): ``out`` cells (``kk-out``: out of reach), ``classes``
    (more CSS classes for some cells), ``clickable`` (``data-kk-action="cell"`` on every
    square), ``badges`` (the highlighted properties numbered in order, ``kk-zero`` when they
    score nothing, with a numbered disc in each one's first cell), ``cursor`` (the keyboard's
    cursor: ``kk-cursor`` and a thick outline) and ``named`` (the picture a group whose every
    square is an image named by :func:`square_words`, e.g. "C3, wheat, one crown").

    >>> from kingdomino_kit import Kingdom
    >>> svg = kingdom_svg(Kingdom.from_text("C W1"), frame=(0, 1, 0, 1), legal=[(1, 0)],
    ...                   named=True)
    >>> 'aria-label="F5, wheat, one crown"' in svg, 'aria-label="E6, empty, legal here"' in svg
    (True, True)
    """
    frame = frame or frame_of(kingdom)
    size = kingdom.size
    props = list(highlight)
    about = description if description is not None else kingdom_words(kingdom)
    out_lines = svg_open("kk-kingdom", frame, cell, title, labels=size if labels else None,
                         description=about, role="group" if named else "img")
    x0, y0 = _origin(title, labels)
    marked = set(legal)
    corners: dict[Cell, tuple[int, int]] = {}
    action = ' data-kk-action="cell"' if clickable else ""
    for r, c, x, y, attrs in svg_cells(frame, cell, title, labels):
        where = (r, c)
        corners[where] = (x, y)
        half = None if where == (0, 0) else kingdom.at(where)
        extra = "".join(f" {name}" for name, on in (
            ("kk-legal", where in marked), ("kk-out", where in out),
            ("kk-cursor", where == cursor)) if on)
        if classes and where in classes:
            extra += " " + classes[where]
        if named:
            words = square_words(kingdom, where, legal=where in marked, out=where in out)
            attrs += f' role="img" aria-label="{escape_svg(words)}"'
        if where == (0, 0):
            out_lines.append(f'<rect class="kk-cell kk-castle{extra}"{action} {attrs} '
                             f'fill="{CASTLE_COLOUR}" stroke="#555" stroke-width="1"/>')
            out_lines.append(castle_mark_svg(x, y, cell))
        elif half is None:
            out_lines.append(f'<rect class="kk-cell kk-empty{extra}"{action} {attrs} '
                             f'fill="{EMPTY_COLOUR}" stroke="#ccc" stroke-width="1"/>')
            if where in marked:
                out_lines.append(legal_marker_svg(x, y, cell))
        else:
            out_lines.append(f'<rect class="kk-cell kk-{half.terrain.value}{extra}"{action} '
                             f'{attrs} fill="{TERRAIN_COLOURS[half.terrain]}" stroke="#333" '
                             'stroke-width="0.5"/>')
            out_lines.append(crowns_svg(x, y, cell, half.crowns))
    rmin, _, cmin, _ = frame
    for placement in kingdom.history:
        out_lines.append(domino_outline_svg(placement.cells, rmin, cmin, cell, x0, y0))
    for k, prop in enumerate(props, start=1):
        number = (k, prop.score == 0) if badges else None
        out_lines.append(outline_path(prop.cells, rmin, cmin, cell, x0, y0, number=number))
    if badges:
        out_lines.extend(badge_svg(*corners[min(p.cells)], cell, k, p.score > 0)
                         for k, p in enumerate(props, start=1) if min(p.cells) in corners)
    if cursor is not None and cursor in corners:
        out_lines.append(cursor_mark_svg(*corners[cursor], cell))
    out_lines.append("</svg>")
    return "\n".join(out_lines)


def badge_svg(x: int, y: int, cell: int, number: int, scores: bool) -> str:
    """A property's number on a disc in the bottom-right corner of the square at (x, y): red
    when the property scores, grey when it has no crown.

    >>> badge_svg(0, 0, 40, 2, True).count("kk-badge")
    2
    """
    colour = "#d11" if scores else "#555"
    return (f'<circle class="kk-badge-disc" cx="{x + cell - 9}" cy="{y + cell - 9}" r="8" '
            f'fill="{colour}" stroke="#fff" stroke-width="1"/>'
            f'<text class="kk-badge" x="{x + cell - 9}" y="{y + cell - 5}" '
            f'text-anchor="middle">{number}</text>')


CROWN_WORDS = ("", "one crown", "two crowns", "three crowns")
"""How many crowns a square shows, in words (a screen reader reads "one crown", not "1")."""


def half_words(half: Half, joiner: str = ", ") -> str:
    """A square of a domino in words: its terrain and its crowns.

    >>> from kingdomino_kit import domino
    >>> half_words(domino(48).first), half_words(domino(48).second, " with ")
    ('wheat', 'mine with three crowns')
    """
    crowns = CROWN_WORDS[half.crowns] if half.crowns < len(CROWN_WORDS) else \
        f"{half.crowns} crowns"
    return half.terrain.value + (f"{joiner}{crowns}" if crowns else "")


def domino_words(dom: Domino) -> str:
    """A domino named by its number, terrains and crowns (what a screen reader says).

    >>> from kingdomino_kit import domino
    >>> domino_words(domino(48))
    'domino 48: wheat and mine with three crowns'
    """
    return (f"domino {dom.number}: {half_words(dom.first, ' with ')} and "
            f"{half_words(dom.second, ' with ')}")


def square_words(kingdom: Kingdom, where: Cell, *, legal: bool = False, out: bool = False
                 ) -> str:
    """A square of a kingdom named as the labels name it, with what lies there: "E5, castle",
    "C3, wheat, one crown", "D4, empty, legal here", "A1, empty, out of reach".

    >>> from kingdomino_kit import Kingdom
    >>> square_words(Kingdom.from_text("C W1"), (0, 1)), square_words(Kingdom(), (0, 0))
    ('F5, wheat, one crown', 'E5, castle')
    """
    name = cell_name(where, kingdom.size)
    if where == (0, 0):
        return f"{name}, castle"
    half = kingdom.at(where)
    if half is not None:
        return f"{name}, {half_words(half)}"
    return f"{name}, empty" + (", legal here" if legal else "") + (
        ", out of reach" if out else "")


def kingdom_words(kingdom: Kingdom) -> str:
    """A kingdom's picture in words (its alt text): its size, then the castle and every square
    row by row, named as the labels name them — what the picture shows, and never its score
    (an exercise may ask for it).

    >>> from kingdomino_kit import Kingdom
    >>> kingdom_words(Kingdom.from_text("C G2 / . W"))
    'Kingdom (5×5), the castle and 2 squares: E5, castle; F5, grassland, two crowns; F6, wheat'
    """
    cells = sorted([(0, 0), *(cell for cell, _ in kingdom.squares())])
    return (f"Kingdom ({kingdom.size}×{kingdom.size}), the castle and {len(kingdom)} squares: "
            + "; ".join(square_words(kingdom, cell) for cell in cells))


def outline_path(cells: Sequence[Cell], rmin: int, cmin: int, cell: int, x0: int, y0: int,
                 *, number: tuple[int, bool] | None = None) -> str:
    """A ``kk-property`` path along the border of a set of cells, drawn in a grid of ``cell``
    pixels whose cell (``rmin``, ``cmin``) has its top-left corner at (``x0``, ``y0``);
    ``number`` = (k, no crown) numbers it (``data-property``) and marks ``kk-zero`` (dashed).

    >>> outline_path([(0, 0)], 0, 0, 10, 0, 0).split('"')[3]
    'M0,0 H10 M0,10 H10 M0,0 V10 M10,0 V10'
    """
    inside = set(cells)
    segs = []
    for r, c in sorted(inside):
        x, y = x0 + (c - cmin) * cell, y0 + (r - rmin) * cell
        if (r - 1, c) not in inside:
            segs.append(f"M{x},{y} H{x + cell}")
        if (r + 1, c) not in inside:
            segs.append(f"M{x},{y + cell} H{x + cell}")
        if (r, c - 1) not in inside:
            segs.append(f"M{x},{y} V{y + cell}")
        if (r, c + 1) not in inside:
            segs.append(f"M{x + cell},{y} V{y + cell}")
    head = '<path class="kk-property"'
    if number is not None:
        head = (f'<path class="kk-property{" kk-zero" if number[1] else ""}" '
                f'data-property="{number[0]}"')
    return (f'{head} d="{" ".join(segs)}" fill="none" stroke="#d11"'
            ' stroke-width="3" stroke-linecap="square"/>')


def escape_svg(text: str) -> str:
    """Text made safe inside an SVG element or attribute (``&``, ``<``, ``>`` and ``"``).

    >>> escape_svg('a<b & "c"')
    'a&lt;b &amp; &quot;c&quot;'
    """
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def axes_cells(frame: Frame) -> Iterator[tuple[int, int, int, int]]:
    """Each cell of ``frame``, row-major, as (row, col, x, y) in matplotlib units (one per
    cell, y upward).

    >>> list(axes_cells((0, 1, 0, 0)))
    [(0, 0, 0, 1), (1, 0, 0, 0)]
    """
    rmin, rmax, cmin, cmax = frame
    for r in range(rmin, rmax + 1):
        for c in range(cmin, cmax + 1):
            yield r, c, c - cmin, rmax - r


def axes_squares(ax: Any, at: Callable[[Cell], Any], frame: Frame, colours: Mapping[Any, str],
                 centre: tuple[str, str, str, int]) -> Iterator[tuple[Cell, Any, int, int]]:
    """Draw the squares of ``frame`` with matplotlib on ``ax``: the centre cell (``centre``:
    its colour, edge colour, letter and font size), the empty cells, each placed half (``at``
    gives it, or None) in its terrain's colour (``colours``); yield (cell, half, x, y) for each
    placed half, as it is drawn, for what the game draws on top of it."""
    from matplotlib.patches import Rectangle

    colour, edge, letter, size = centre
    for r, c, x, y in axes_cells(frame):
        half = None if (r, c) == (0, 0) else at((r, c))
        if (r, c) == (0, 0):
            ax.add_patch(Rectangle((x, y), 1, 1, fc=colour, ec=edge))
            ax.text(x + 0.5, y + 0.5, letter, ha="center", va="center", fontsize=size)
        elif half is None:
            ax.add_patch(Rectangle((x, y), 1, 1, fc=EMPTY_COLOUR, ec="#ddd"))
        else:
            ax.add_patch(Rectangle((x, y), 1, 1, fc=colours[half.terrain], ec="#333", lw=0.5))
            yield (r, c), half, x, y


def new_axes(ax: Any) -> Any:
    """``ax``, or the axes of a new 4 × 4 inch figure when it is None."""
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(4, 4))
    return ax


def label_score(ax: Any, x: float, y: float, score: int) -> None:
    """Write a region's points at (x, y): white on a red badge."""
    ax.text(x, y, str(score), ha="center", va="center", fontsize=10, color="white",
            fontweight="bold", bbox={"boxstyle": "round,pad=0.15", "fc": "#d11", "ec": "none"})


def finish_axes(ax: Any, frame: Frame, title: str | None) -> Any:
    """Fit the axes to ``frame``, equal aspect, no axis lines; set the title; return ax."""
    rmin, rmax, cmin, cmax = frame
    ax.set_xlim(-0.05, cmax - cmin + 1.05)
    ax.set_ylim(-0.05, rmax - rmin + 1.05)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)
    return ax


def draw_kingdom(kingdom: Kingdom, ax: Any = None, *, highlight: bool | Iterable[Property] = True,
                 frame: Frame | None = None, title: str | None = None) -> Any:
    """Draw the kingdom with matplotlib; outline the scoring properties (or those given).

    Returns the Axes. ``highlight=True`` outlines and labels every property that scores.
    """
    from matplotlib.patches import RegularPolygon

    ax = new_axes(ax)
    frame = frame or frame_of(kingdom)
    rmin, rmax, cmin, cmax = frame
    for _, half, x, y in axes_squares(ax, kingdom.at, frame, TERRAIN_COLOURS,
                                      (CASTLE_COLOUR, "#666", "C", 14)):
        for k in range(half.crowns):
            ax.add_patch(RegularPolygon((x + 0.2 + 0.25 * k, y + 0.8), 3, radius=0.1,
                                        fc=CROWN_COLOUR, ec="#7a5c00"))
    props: Iterable[Property]
    if highlight is True:
        props = [p for p in kingdom.properties() if p.score]
    elif highlight is False:
        props = []
    else:
        props = highlight
    for prop in props:
        for r, c in prop.cells:
            x, y = c - cmin, rmax - r
            cells = set(prop.cells)
            for (dr, dc), (x1, y1, x2, y2) in (((-1, 0), (x, y + 1, x + 1, y + 1)),
                                               ((1, 0), (x, y, x + 1, y)),
                                               ((0, -1), (x, y, x, y + 1)),
                                               ((0, 1), (x + 1, y, x + 1, y + 1))):
                if (r + dr, c + dc) not in cells:
                    ax.plot([x1, x2], [y1, y2], color="#d11", lw=2.5)
        r0, c0 = prop.cells[0]
        label_score(ax, c0 - cmin + 0.5, rmax - r0 + 0.35, prop.score)
    return finish_axes(ax, frame, title)
