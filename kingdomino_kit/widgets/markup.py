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

from kingdomino_kit.dominoes import Domino, Half
from kingdomino_kit.grid import DIRECTIONS, Cell
from kingdomino_kit.kingdom import Kingdom, Property
from kingdomino_kit.render import (
    TERRAIN_COLOURS,
    Bounded,
    Frame,
    crowns_svg,
    domino_picture_svg,
    domino_words,
    kingdom_svg,
)

__all__ = ["button", "domino_svg", "kingdom_grid", "reach_frame", "compact_frame",
           "breakdown_table", "escape", "score_table", "table", "HAND_CELL"]

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
    def square(half: Half, x: int, y: int) -> list[str]:
        return [f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                f'fill="{TERRAIN_COLOURS[half.terrain]}" stroke="#333" stroke-width="0.5"/>',
                crowns_svg(x, y, cell, half.crowns)]

    return domino_picture_svg(dom.halves, domino_words(dom), direction, cell, square)


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


def table(css: str, headers: Iterable[str], rows: Iterable[str]) -> str:
    """An HTML table of class ``css``: one header row (``headers``, as HTML) above the body's
    ``rows`` (each a whole ``<tr>``).

    >>> table("kk-breakdown", ["a", "b"], ["<tr><td>1</td><td>2</td></tr>"])[:72]
    '<table class="kk-breakdown"><thead><tr><th>a</th><th>b</th></tr></thead>'
    """
    head = "".join(f"<th>{h}</th>" for h in headers)
    return (f'<table class="{css}"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}'
            "</tbody></table>")


def score_table(css: str, what: str, counted: str,
                parts: Iterable[tuple[str, str, int, int, int]],
                bonuses: Iterable[tuple[str, int]], total: int) -> str:
    """A score sheet as a table of class ``css``: a numbered row per part scored (``what``:
    its name, e.g. "property"; a part is its colour swatch, terrain, squares, ``counted``
    (crowns or fire) and points, ``kk-zero`` when it scores nothing), a row per bonus, the
    total last.

    >>> t = score_table("kk-breakdown", "property", "crowns", [("#fff", "lake", 2, 0, 0)],
    ...                 [("harmony", 5)], 5)
    >>> '<tr class="kk-zero"><td>1</td>' in t, "<td><b>5</b></td>" in t
    (True, True)
    """
    zero = ' class="kk-zero"'
    rows = [f'<tr{"" if points else zero}><td>{k}</td><td>'
            f'<span class="kk-swatch" style="background: {colour}"></span>{terrain}</td>'
            f"<td>{squares}</td><td>{count}</td><td>{points}</td></tr>"
            for k, (colour, terrain, squares, count, points) in enumerate(parts, start=1)]
    rows += [f'<tr class="kk-bonus"><td></td><td>{escape(name)}</td><td></td><td></td>'
             f"<td>{points}</td></tr>" for name, points in bonuses]
    rows.append(f'<tr class="kk-total"><td></td><td><b>total</b></td><td></td><td></td>'
                f"<td><b>{total}</b></td></tr>")
    return table(css, ("#", what, "squares", counted, "points"), rows)


def breakdown_table(props: Iterable[Property], *, bonuses: Sequence[tuple[str, int]] = ()
                    ) -> str:
    """A table of every property: number, terrain, squares, crowns, points; bonuses below.

    >>> t = breakdown_table(Kingdom.from_text("C G1 G").properties())
    >>> "<td>2</td><td>1</td><td>2</td>" in t
    True
    """
    props = list(props)
    parts = [(TERRAIN_COLOURS[p.terrain], p.terrain.value, p.squares, p.crowns, p.score)
             for p in props]
    return score_table("kk-breakdown", "property", "crowns", parts, bonuses,
                       sum(p.score for p in props) + sum(points for _, points in bonuses))
