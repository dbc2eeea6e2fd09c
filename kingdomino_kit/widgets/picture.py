"""A board's still picture in its display data, so a stored notebook shows it before Run All.

A widget's output holds its view (``application/vnd.jupyter.widget-view+json``), which only a
running kernel can draw. What JupyterLab 4 (with ipywidgets 8) shows of a stored output instead:

- a notebook that is not trusted — every notebook handed out, downloaded or written by
  ``kingdomino-kit notebooks`` — draws the first *safe* type of the output, which is the
  sanitized ``text/html`` (an inline ``<svg>`` there is removed by the sanitizer, an ``<img>``
  with a ``data:`` address is kept); without ``text/html`` it shows the ``text/plain`` line;
- a trusted notebook draws the widget view: from the widget state stored in the notebook's
  metadata when there is one, else the words "Error displaying widget: model not found";
- nbconvert's HTML (what nbviewer and the HTML export show) draws the widget view only when the
  notebook stores its widget state, else ``text/html`` — so the kit stores its editions without
  widget state, and the picture shows there too.

So the bundle of a board holds, beside the view and the text line, its picture as
``image/svg+xml`` and as ``text/html`` (an ``<img>`` of that SVG with alt text).
:class:`StaticPicture` adds both to any widget that draws itself as SVG in :meth:`picture`::

    class OriginsBoard(StaticPicture, ActionView):
        def picture(self) -> str: ...

The helpers put several SVG documents (a kingdom, a row of dominoes, a line of text) into one.

>>> line = text_svg("Score 3")
>>> both = column_svg([line, line], words="two lines")
>>> both.count("<svg"), svg_size(both)
(3, (60.0, 52.0))
>>> picture_html(line, "a line").startswith('<img class="kk-picture" alt="a line" ')
True
"""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from html import escape
from typing import Any

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.widgets.markup import domino_svg

__all__ = ["StaticPicture", "SVG_MIME", "picture_html", "svg_size", "column_svg", "row_svg",
           "text_svg", "dominoes_svg"]

SVG_MIME = "image/svg+xml"
HTML_MIME = "text/html"
_SVG_NS = 'xmlns="http://www.w3.org/2000/svg"'
_CHAR_WIDTH = 7.5  # a generous average width of a 13 px sans-serif character
_GAP = 8


def svg_size(svg: str) -> tuple[float, float]:
    """The width and height written on an SVG document's outer element.

    >>> svg_size('<svg class="x" width="64" height="32" viewBox="0 0 64 32"></svg>')
    (64.0, 32.0)
    """
    text = svg.lstrip()
    head = text[:text.find(">") + 1].removesuffix(">").removesuffix("/")
    try:
        outer = ET.fromstring(head + "/>") if head.startswith("<svg") else None
    except ET.ParseError:
        outer = None
    try:
        if outer is not None:
            return float(outer.get("width", "")), float(outer.get("height", ""))
    except ValueError:
        pass
    raise KingdominoError("an SVG document without width and height")


def _placed(svg: str, x: float, y: float) -> str:
    """``svg`` moved to (x, y) inside another SVG document (the renderer's text untouched)."""
    return f'<g transform="translate({x:g} {y:g})">{svg.strip()}</g>'



def _document(width: float, height: float, words: str, body: str) -> str:
    label = escape(words)
    return (f'<svg {_SVG_NS} class="kk-picture" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{label}" '
            f'style="background: #fff"><title>{label}</title>'
            f'<rect width="{width:g}" height="{height:g}" fill="#fff"/>{body}</svg>')


def column_svg(parts: Sequence[str], *, words: str, gap: float = _GAP) -> str:
    """The SVG documents ``parts`` one under another, as one document named ``words``."""
    sizes = [svg_size(p) for p in parts]
    y, body = 0.0, []
    for part, (_, h) in zip(parts, sizes, strict=True):
        body.append(_placed(part, 0, y))
        y += h + gap
    width = max((w for w, _ in sizes), default=0.0)
    return _document(width, max(y - gap, 0.0), words, "".join(body))


def row_svg(parts: Sequence[str], *, words: str, gap: float = _GAP, wrap: int = 0) -> str:
    """The SVG documents ``parts`` side by side (``wrap`` of them a row when not 0), as one
    document named ``words``."""
    rows = [parts[i:i + wrap] for i in range(0, len(parts), wrap)] if wrap else [parts]
    lines = []
    for row in rows:
        sizes = [svg_size(p) for p in row]
        x, body = 0.0, []
        for part, (w, _) in zip(row, sizes, strict=True):
            body.append(_placed(part, x, 0))
            x += w + gap
        lines.append(_document(max(x - gap, 0.0), max((h for _, h in sizes), default=0.0),
                               words, "".join(body)))
    return lines[0] if len(lines) == 1 else column_svg(lines, words=words, gap=gap)


def text_svg(text: str, *, bold: bool = False, size: int = 13) -> str:
    """One line of dark text on white, as an SVG document."""
    width = max(8.0, round(len(text) * (_CHAR_WIDTH + bold) * size / 13 + 8))
    height = size + 9
    weight = ' font-weight="bold"' if bold else ""
    return (f'<svg {_SVG_NS} width="{width:g}" height="{height}" '
            f'viewBox="0 0 {width:g} {height}"><text x="4" y="{size + 3}" '
            f'font-family="sans-serif" font-size="{size}" fill="#222"{weight}>'
            f"{escape(text)}</text></svg>")


def dominoes_svg(dominoes: Sequence[Domino], *, words: str, wrap: int = 8) -> str:
    """Dominoes side by side, each under its number (``wrap`` of them a row).

    >>> from kingdomino_kit.dominoes import dominoes
    >>> dominoes_svg(dominoes("1,2"), words="two").count(">2</text>")
    1
    """
    return row_svg([column_svg([text_svg(str(d.number)), domino_svg(d)], words=str(d), gap=0)
                    for d in dominoes], words=words, wrap=wrap)


def picture_html(svg: str, words: str) -> str:
    """``svg`` as an ``<img>`` with alt text ``words``: the HTML a sanitizer keeps."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<img class="kk-picture" alt="{escape(words)}" '
            f'src="data:{SVG_MIME};base64,{data}"/>')


class StaticPicture:
    """A widget whose display data also holds its still picture (see the module's text).

    Put it before the widget class in the bases and write :meth:`picture`; the alt text is
    :meth:`picture_words` (the widget's ``repr`` unless overridden).
    """

    def picture(self) -> str:
        """The widget as it stands, drawn as one SVG document."""
        raise NotImplementedError

    def picture_words(self) -> str:
        """The picture's alt text."""
        return repr(self)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        found = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data, metadata = found if isinstance(found, tuple) else (found or {}, {})
        svg = self.picture()
        return ({**data, SVG_MIME: svg, HTML_MIME: picture_html(svg, self.picture_words())},
                dict(metadata))
