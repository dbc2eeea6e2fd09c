"""Drawing kingdoms: deterministic SVG text (for notebooks and tests) and matplotlib figures.

>>> from kingdomino_kit import Kingdom
>>> svg = kingdom_svg(Kingdom.from_text("C G2"))
>>> svg.startswith("<svg") and 'kk-castle' in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from kingdomino_kit.dominoes import Terrain
from kingdomino_kit.grid import Cell

if TYPE_CHECKING:
    from kingdomino_kit.kingdom import Kingdom, Property

__all__ = ["TERRAIN_COLOURS", "CASTLE_COLOUR", "Bounded", "Frame", "kingdom_svg", "draw_kingdom",
           "frame_of", "svg_open", "svg_cells", "crown_path", "outline_path", "escape_svg",
           "axes_cells", "label_score", "finish_axes"]

TERRAIN_COLOURS: dict[Terrain, str] = {
    Terrain.WHEAT: "#e9c944",
    Terrain.FOREST: "#2f6b34",
    Terrain.LAKE: "#3b7fd0",
    Terrain.GRASSLAND: "#93c94a",
    Terrain.SWAMP: "#8c7d56",
    Terrain.MINE: "#4b4b52",
}
CASTLE_COLOUR = "#c8c8c8"
EMPTY_COLOUR = "#f4f1e8"
CROWN_COLOUR = "#ffd700"

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


PAD = 4
"""Margin around a drawing, in pixels."""


def svg_open(css: str, frame: Frame, cell: int, title: str | None = None) -> list[str]:
    """The opening lines of a grid drawing (the games' renderers share it): the ``<svg>``
    element sized for ``frame`` with CSS class ``css``, and the title if any.

    >>> svg_open("kk-kingdom", (0, 0, 0, 1), 40, "a<b")[1]
    '<text x="4" y="15" font-family="sans-serif" font-size="13">a&lt;b</text>'
    """
    rmin, rmax, cmin, cmax = frame
    width = (cmax - cmin + 1) * cell + 2 * PAD
    height = (rmax - rmin + 1) * cell + 2 * PAD + (20 if title else 0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="{css}" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}">']
    if title:
        out.append(f'<text x="{PAD}" y="15" font-family="sans-serif" font-size="13">'
                   f"{escape_svg(title)}</text>")
    return out


def svg_cells(frame: Frame, cell: int, title: str | None = None
              ) -> Iterator[tuple[int, int, int, int, str]]:
    """Each cell of ``frame``, row-major, as (row, col, x, y, attributes): the attributes give
    ``data-row``, ``data-col`` and the square's rectangle (below the title, if any).

    >>> next(svg_cells((0, 0, 0, 0), 40))
    (0, 0, 4, 4, 'data-row="0" data-col="0" x="4" y="4" width="40" height="40"')
    """
    rmin, rmax, cmin, cmax = frame
    top = PAD + (20 if title else 0)
    for r in range(rmin, rmax + 1):
        for c in range(cmin, cmax + 1):
            x, y = PAD + (c - cmin) * cell, top + (r - rmin) * cell
            yield r, c, x, y, (f'data-row="{r}" data-col="{c}" x="{x}" y="{y}" '
                               f'width="{cell}" height="{cell}"')


def kingdom_svg(kingdom: Kingdom, *, cell: int = 40, frame: Frame | None = None,
                highlight: Iterable[Property] = (), title: str | None = None) -> str:
    """The kingdom as an SVG document; the same kingdom always gives the same text.

    ``highlight`` outlines properties (thick borders where a property meets another cell).
    Each square carries CSS classes (``kk-cell kk-wheat`` …) as stable hooks for tests.
    """
    frame = frame or frame_of(kingdom)
    out = svg_open("kk-kingdom", frame, cell, title)
    for r, c, x, y, attrs in svg_cells(frame, cell, title):
        if (r, c) == (0, 0):
            out.append(f'<rect class="kk-cell kk-castle" {attrs} fill="{CASTLE_COLOUR}"'
                       ' stroke="#666" stroke-width="1"/>')
            m = cell * 0.2
            out.append(f'<path d="M{x + m:.1f},{y + cell - m:.1f} L{x + m:.1f},{y + m * 2:.1f}'
                       f' L{x + cell / 2:.1f},{y + m:.1f} L{x + cell - m:.1f},{y + m * 2:.1f}'
                       f' L{x + cell - m:.1f},{y + cell - m:.1f} Z" fill="#8a8a8a"/>')
            continue
        half = kingdom.at((r, c))
        if half is None:
            out.append(f'<rect class="kk-cell kk-empty" {attrs} fill="{EMPTY_COLOUR}"'
                       ' stroke="#ddd" stroke-width="1"/>')
            continue
        colour = TERRAIN_COLOURS[half.terrain]
        out.append(f'<rect class="kk-cell kk-{half.terrain.value}" {attrs} '
                   f'fill="{colour}" stroke="#333" stroke-width="0.5"/>')
        s = cell * 0.28
        for k in range(half.crowns):
            path = crown_path(x + 3 + k * (s + 2), y + 3, s)
            out.append(f'<path class="kk-crown" d="{path}" fill="{CROWN_COLOUR}"'
                       ' stroke="#7a5c00" stroke-width="0.6"/>')
    for prop in highlight:
        out.append(outline_path(prop.cells, frame[0], frame[2], cell, PAD,
                                PAD + (20 if title else 0)))
    out.append("</svg>")
    return "\n".join(out)


def outline_path(cells: Sequence[Cell], rmin: int, cmin: int, cell: int, x0: int, y0: int
                 ) -> str:
    """A ``kk-property`` path along the border of a set of cells, drawn in a grid of ``cell``
    pixels whose cell (``rmin``, ``cmin``) has its top-left corner at (``x0``, ``y0``).

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
    return (f'<path class="kk-property" d="{" ".join(segs)}" fill="none" stroke="#d11"'
            ' stroke-width="3" stroke-linecap="square"/>')


def escape_svg(text: str) -> str:
    """Text made safe inside an SVG element (``&``, ``<`` and ``>`` escaped).

    >>> escape_svg("a<b & c")
    'a&lt;b &amp; c'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


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
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle, RegularPolygon

    if ax is None:
        _, ax = plt.subplots(figsize=(4, 4))
    frame = frame or frame_of(kingdom)
    rmin, rmax, cmin, cmax = frame
    for r, c, x, y in axes_cells(frame):
        half = kingdom.at((r, c))
        if (r, c) == (0, 0):
            ax.add_patch(Rectangle((x, y), 1, 1, fc=CASTLE_COLOUR, ec="#666"))
            ax.text(x + 0.5, y + 0.5, "C", ha="center", va="center", fontsize=14)
        elif half is None:
            ax.add_patch(Rectangle((x, y), 1, 1, fc=EMPTY_COLOUR, ec="#ddd"))
        else:
            ax.add_patch(Rectangle((x, y), 1, 1, fc=TERRAIN_COLOURS[half.terrain], ec="#333",
                                   lw=0.5))
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
