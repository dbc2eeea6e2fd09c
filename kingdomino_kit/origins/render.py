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

from typing import Any

from kingdomino_kit.dominoes import Terrain as CoreTerrain
from kingdomino_kit.origins.catalogue import Terrain
from kingdomino_kit.origins.kingdom import OriginsKingdom
from kingdomino_kit.render import (
    EMPTY_COLOUR,
    axes_cells,
    finish_axes,
    frame_of,
    label_score,
    svg_cells,
    svg_open,
)
from kingdomino_kit.render import TERRAIN_COLOURS as CORE_COLOURS

__all__ = ["TERRAIN_COLOURS", "origins_svg", "draw_origins", "territory_words"]

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


def _flame(x: float, y: float, s: float) -> str:
    return (f"M{x + s / 2:.1f},{y:.1f} Q{x + s:.1f},{y + s * 0.6:.1f} {x + s / 2:.1f},"
            f"{y + s:.1f} Q{x:.1f},{y + s * 0.6:.1f} {x + s / 2:.1f},{y:.1f} Z")


def _label(x: float, y: float, size: int, text: object, fill: str | None = None) -> str:
    """A small centred text (a token's fires, a resource's initial, a caveman's letter)."""
    colour = "" if fill is None else f' fill="{fill}"'
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="middle" '
            f'font-family="sans-serif"{colour}>{text}</text>')


def territory_words(kingdom: OriginsKingdom) -> str:
    """The territory's picture in words (its alt text).

    >>> from kingdomino_kit.origins.kingdom import OriginsKingdom
    >>> territory_words(OriginsKingdom.from_text("H V2 G*1 / . F$ D@h"))
    'Origins territory (5×5): the hut and 4 squares, 1 fire token, 1 resource, 1 caveman'
    """
    rmin, rmax, cmin, cmax = kingdom.bounds
    squares = sum(kingdom.at((r, c)) is not None and (r, c) != (0, 0)
                  for r in range(rmin, rmax + 1) for c in range(cmin, cmax + 1))

    def count(n: int, what: str) -> str:
        return f"{n} {what}" + ("" if n == 1 else ("men" if what == "caveman" else "s"))

    return (f"Origins territory ({kingdom.size}×{kingdom.size}): the hut and {squares} squares, "
            f"{count(len(kingdom.tokens), 'fire token')}, "
            f"{count(len(kingdom.resources), 'resource')}, "
            f"{count(len(kingdom.cavemen), 'caveman')}")


def origins_svg(kingdom: OriginsKingdom, *, cell: int = 44, full: bool = False,
                title: str | None = None, labels: bool = True,
                description: str | None = None) -> str:
    """The territory as an SVG document; the same territory always gives the same text.
    ``labels``: the column letters and row numbers (the hut is E5 on 5×5); the picture is an
    image named by ``description`` (or :func:`territory_words`)."""
    frame = frame_of(kingdom, full=full)
    about = description if description is not None else territory_words(kingdom)
    out = svg_open("ko-territory", frame, cell, title, labels=kingdom.size if labels else None,
                   description=about)
    for r, c, x, y, rect in svg_cells(frame, cell, title, labels):
        if (r, c) == (0, 0):
            out.append(f'<rect class="ko-cell ko-hut" {rect} fill="{HUT_COLOUR}" '
                       'stroke="#555"/>')
            out.append(f'<path d="M{x + 8},{y + cell - 8} L{x + cell / 2},{y + 8} '
                       f'L{x + cell - 8},{y + cell - 8} Z" fill="#6b4b2a"/>')
            continue
        half = kingdom.at((r, c))
        if half is None:
            out.append(f'<rect class="ko-cell ko-empty" {rect} fill="{EMPTY_COLOUR}" '
                       'stroke="#ddd"/>')
            continue
        out.append(f'<rect class="ko-cell ko-{half.terrain.value}" {rect} '
                   f'fill="{TERRAIN_COLOURS[half.terrain]}" stroke="#333" '
                   'stroke-width="0.5"/>')
        s = max(12, cell * 0.3)
        for k in range(half.fire):
            flame = _flame(x + 3 + k * (s * 0.7 + 2), y + 3, s)
            out.append(f'<path class="ko-fire-halo" d="{flame}" fill="none" stroke="#fff" '
                       'stroke-width="3"/>'
                       f'<path class="ko-fire" d="{flame}" fill="{FIRE_COLOUR}" stroke="#000" '
                       'stroke-width="1"/>')
        for k in range(half.craters):
            out.append(f'<circle class="ko-crater" cx="{x + 9 + k * 12}" cy="{y + 10}" '
                       'r="4" fill="#1b0b06"/>')
        if (r, c) in kingdom.tokens:
            out.append(f'<circle class="ko-token" cx="{x + cell - 12}" cy="{y + cell - 12}"'
                       f' r="9" fill="{TOKEN_COLOUR}" stroke="#700"/>')
            out.append(_label(x + cell - 12, y + cell - 8, 11, kingdom.tokens[(r, c)], "white"))
        if (r, c) in kingdom.resources:
            resource = kingdom.resources[(r, c)]
            out.append(f'<rect class="ko-resource ko-{resource.value}" x="{x + 4}" '
                       f'y="{y + cell - 18}" width="14" height="14" fill="{RESOURCE_COLOUR}"'
                       ' stroke="#3b2412"/>')
            out.append(_label(x + 11, y + cell - 7, 10, resource.value[0].upper(), "white"))
        if (r, c) in kingdom.cavemen:
            man = kingdom.cavemen[(r, c)]
            out.append(f'<circle class="ko-caveman" data-kind="{man.value}" '
                       f'cx="{x + cell / 2}" cy="{y + cell / 2}" r="10" fill="white" '
                       'stroke="#222"/>')
            out.append(_label(x + cell / 2, y + cell / 2 + 4, 12, man.letter))
    out.append("</svg>")
    return "\n".join(out)


def draw_origins(kingdom: OriginsKingdom, ax: Any = None, *, title: str | None = None) -> Any:
    """Draw the territory with matplotlib (scoring regions labelled with their points)."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, Rectangle

    if ax is None:
        _, ax = plt.subplots(figsize=(4, 4))
    frame = kingdom.bounds
    rmin, rmax, cmin, cmax = frame
    for r, c, x, y in axes_cells(frame):
        half = kingdom.at((r, c))
        if (r, c) == (0, 0):
            ax.add_patch(Rectangle((x, y), 1, 1, fc=HUT_COLOUR, ec="#555"))
            ax.text(x + 0.5, y + 0.5, "H", ha="center", va="center", fontsize=13)
            continue
        if half is None:
            ax.add_patch(Rectangle((x, y), 1, 1, fc=EMPTY_COLOUR, ec="#ddd"))
            continue
        ax.add_patch(Rectangle((x, y), 1, 1, fc=TERRAIN_COLOURS[half.terrain], ec="#333",
                               lw=0.5))
        for k in range(half.fire):
            ax.add_patch(Circle((x + 0.15 + 0.2 * k, y + 0.85), 0.08, fc=FIRE_COLOUR))
        for k in range(half.craters):
            ax.add_patch(Circle((x + 0.15 + 0.25 * k, y + 0.85), 0.08, fc="#1b0b06"))
        if (r, c) in kingdom.tokens:
            ax.add_patch(Circle((x + 0.75, y + 0.25), 0.18, fc=TOKEN_COLOUR, ec="#700"))
            ax.text(x + 0.75, y + 0.25, str(kingdom.tokens[(r, c)]), ha="center",
                    va="center", fontsize=8, color="white")
        if (r, c) in kingdom.resources:
            ax.add_patch(Rectangle((x + 0.08, y + 0.08), 0.28, 0.28, fc=RESOURCE_COLOUR))
        if (r, c) in kingdom.cavemen:
            ax.add_patch(Circle((x + 0.5, y + 0.5), 0.2, fc="white", ec="#222"))
            ax.text(x + 0.5, y + 0.5, kingdom.cavemen[(r, c)].letter, ha="center",
                    va="center", fontsize=9)
    for region in kingdom.regions():
        if region.score:
            r0, c0 = region.cells[0]
            label_score(ax, c0 - cmin + 0.5, rmax - r0 + 0.5, region.score)
    return finish_axes(ax, frame, title)
