"""HTML pieces shared by the kit's widgets: dominoes, buttons, clickable kingdom grids, tables.

Every piece is a plain string built from the game state, with ``kk-*`` CSS classes as stable
hooks and ``data-kk-action`` on what can be clicked (see :mod:`kingdomino_kit.widgets.view`).

>>> 'data-kk-action="undo"' in button("Undo", "undo")
True
>>> 'kk-legal' in kingdom_grid(Kingdom(), legal={(0, 1)})
True
"""

from __future__ import annotations

import html
from collections.abc import Collection, Iterable, Mapping, Sequence

from kingdomino_kit.dominoes import Domino, Terrain
from kingdomino_kit.grid import DIRECTIONS, Cell
from kingdomino_kit.kingdom import Kingdom, Property
from kingdomino_kit.render import (
    TERRAIN_COLOURS,
    Bounded,
    Frame,
    crowns_svg,
    domino_words,
    kingdom_svg,
)

__all__ = ["button", "domino_svg", "kingdom_grid", "reach_frame", "compact_frame",
           "breakdown_table", "escape", "HAND_CELL"]

HAND_CELL = 32
"""The square size of a domino in a hand or a line, in pixels (crowns stay ≥ 14 px wide)."""

def escape(text: object) -> str:
    """Text made safe for HTML.

    >>> escape("a < b")
    'a &lt; b'
    """
    return html.escape(str(text), quote=True)


def button(label: str, action: str, *, enabled: bool = True, title: str = "",
           name: str = "", **data: object) -> str:
    """A button that reports ``action`` (and ``data`` as data-* attributes) when clicked;
    ``name`` is what a screen reader says when the label alone would not do.

    >>> button("Rotate", "rotate", title="turn")
    '<button class="kk-btn kk-rotate" data-kk-action="rotate" title="turn">Rotate</button>'
    """
    attrs = "".join(f' data-{k}="{escape(v)}"' for k, v in data.items())
    tip = f' title="{escape(title)}"' if title else ""
    if name:
        tip += f' aria-label="{escape(name)}"'
    off = " disabled" if not enabled else ""
    return (f'<button class="kk-btn kk-{action}" data-kk-action="{action}"{attrs}{tip}{off}>'
            f"{escape(label)}</button>")


def domino_svg(dom: Domino, direction: int = 0, cell: int = HAND_CELL) -> str:
    """A picture of a domino; ``direction`` puts the second half right/below/left/above. The
    picture is named for a screen reader by :func:`~kingdomino_kit.render.domino_words`.

    >>> from kingdomino_kit import domino
    >>> domino_svg(domino(48), 1).count("<rect")
    3
    """
    dr, dc = DIRECTIONS[direction]
    cells = [(0, 0), (dr, dc)]
    rmin, cmin = min(r for r, _ in cells), min(c for _, c in cells)
    width, height = (2 if dc else 1) * cell, (2 if dr else 1) * cell
    words = escape(domino_words(dom))
    out = [f'<svg class="kk-domino-svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-label="{words}">'
           f"<title>{words}</title>"]
    for half, (r, c) in zip(dom.halves, cells, strict=True):
        x, y = (c - cmin) * cell, (r - rmin) * cell
        out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                   f'fill="{TERRAIN_COLOURS[half.terrain]}" stroke="#333" stroke-width="0.5"/>')
        out.append(crowns_svg(x, y, cell, half.crowns))
    out.append(f'<rect x="0.75" y="0.75" width="{width - 1.5}" height="{height - 1.5}" '
               'fill="none" stroke="#111" stroke-width="1.5"/>')
    out.append("</svg>")
    return "".join(out)


def reach_frame(kingdom: Bounded) -> tuple[int, int, int, int]:
    """Every cell the kingdom could ever reach: size-1 cells around the castle each way.

    >>> reach_frame(Kingdom())
    (-4, 4, -4, 4)
    """
    n = kingdom.size - 1
    return (-n, n, -n, n)


def compact_frame(kingdom: Kingdom) -> tuple[int, int, int, int]:
    """A size × size frame holding the kingdom, as centred on the castle as its extent allows
    (inside :func:`reach_frame`): for the small boards of the other players.

    >>> compact_frame(Kingdom()), compact_frame(Kingdom.from_text("C W W W W"))
    ((-2, 2, -2, 2), (-2, 2, 0, 4))
    """
    n = kingdom.size
    rmin, rmax, cmin, cmax = kingdom.bounds

    def span(lo: int, hi: int) -> tuple[int, int]:
        start = min(max(-(n // 2), hi - n + 1), lo)
        return start, start + n - 1

    return (*span(rmin, rmax), *span(cmin, cmax))


def reachable(kingdom: Bounded, cell: Cell) -> bool:
    """True if a square on ``cell`` would still let the kingdom fit size × size.

    >>> k = Kingdom.from_text("C W W W W")
    >>> reachable(k, (0, -1)), reachable(k, (4, 0)), reachable(k, (5, 0))
    (False, True, False)
    """
    rmin, rmax, cmin, cmax = kingdom.bounds
    r, c = cell
    n = kingdom.size
    return max(rmax, r) - min(rmin, r) < n and max(cmax, c) - min(cmin, c) < n


def kingdom_grid(kingdom: Kingdom, *, legal: Collection[Cell] = (),
                 direction: int | None = None, ghost: Domino | None = None,
                 properties: Sequence[Property] | None = None, cell: int = 40,
                 clickable: bool = True, badges: bool = True, frame: Frame | None = None,
                 cursor: Cell | None = None, classes: Mapping[Cell, str] | None = None,
                 description: str | None = None) -> str:
    """The kingdom drawn on every cell it could reach (or on ``frame``), as SVG inside
    ``<div class="kk-grid">``, with row and column labels.

    Cells are :func:`kingdomino_kit.render.kingdom_svg` squares, each named for a screen
    reader ("D4, empty, legal here"), with extra classes: ``kk-legal`` (in ``legal``, also drawn
    with the legal marker), ``kk-out`` (out of reach: the kingdom would no longer fit),
    ``kk-cursor`` (the keyboard's cursor, outlined), ``classes`` and
    ``data-kk-action="cell"`` when ``clickable``. Every property is outlined (dashed when it
    has no crown) with a numbered badge (unless not ``badges``). With ``ghost`` and
    ``direction``, hovering previews the domino.
    """
    props = kingdom.properties() if properties is None else list(properties)
    frame = frame or reach_frame(kingdom)
    rmin, rmax, cmin, cmax = frame
    out = {(r, c) for r in range(rmin, rmax + 1) for c in range(cmin, cmax + 1)
           if not reachable(kingdom, (r, c))}
    svg = kingdom_svg(kingdom, cell=cell, frame=frame, highlight=props, legal=legal, out=out,
                      classes=classes, clickable=clickable, badges=badges, cursor=cursor,
                      named=True, description=description)
    style = ""
    data = ""
    if ghost is not None and direction is not None:
        dr, dc = DIRECTIONS[direction]
        style = (f' style="--kk-ghost-first: {TERRAIN_COLOURS[ghost.first.terrain]}; '
                 f'--kk-ghost-second: {TERRAIN_COLOURS[ghost.second.terrain]}"')
        data = f' data-ghost-dr="{dr}" data-ghost-dc="{dc}"'
    return f'<div class="kk-grid"{data}{style}>{svg}</div>'


def breakdown_table(props: Iterable[Property], *, bonuses: Sequence[tuple[str, int]] = ()
                    ) -> str:
    """A table of every property: number, terrain, squares, crowns, points; bonuses below.

    >>> t = breakdown_table(Kingdom.from_text("C G1 G").properties())
    >>> "<td>2</td><td>1</td><td>2</td>" in t
    True
    """
    rows = ['<table class="kk-breakdown"><thead><tr><th>#</th><th>property</th><th>squares</th>'
            "<th>crowns</th><th>points</th></tr></thead><tbody>"]
    total = 0
    for k, prop in enumerate(props, start=1):
        total += prop.score
        zero = ' class="kk-zero"' if not prop.score else ""
        rows.append(f"<tr{zero}><td>{k}</td><td>{_swatch(prop.terrain)}{prop.terrain.value}</td>"
                    f"<td>{prop.squares}</td><td>{prop.crowns}</td><td>{prop.score}</td></tr>")
    for name, points in bonuses:
        total += points
        rows.append(f'<tr class="kk-bonus"><td></td><td>{escape(name)}</td><td></td><td></td>'
                    f"<td>{points}</td></tr>")
    rows.append(f'<tr class="kk-total"><td></td><td><b>total</b></td><td></td><td></td>'
                f"<td><b>{total}</b></td></tr></tbody></table>")
    return "".join(rows)


def _swatch(terrain: Terrain) -> str:
    return f'<span class="kk-swatch" style="background: {TERRAIN_COLOURS[terrain]}"></span>'
