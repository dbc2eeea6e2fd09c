"""Pictures for the notebooks with a text alternative: a matplotlib figure or an SVG drawing
shown as an ``<img>`` whose ``alt`` says what it shows.

JupyterLab draws a bare ``image/png`` or ``image/svg+xml`` output as an ``<img>`` with no alt
text (a screen reader says "image", axe-core reports it as critical), whatever the output's
metadata says. A :class:`Picture` displays as HTML instead: an ``<img>`` with its ``alt`` and the
image as a ``data:`` address, which a notebook's sanitizer keeps, so an untrusted notebook shows
it too; its plain text is the alt text.

>>> picture = drawing('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2" '
...                   'role="img" aria-label="a dot &amp; a line"></svg>')
>>> picture.alt
'a dot & a line'
>>> picture._repr_html_().startswith('<img class="kk-figure" alt="a dot &amp; a line" ')
True
>>> drawing("<svg></svg>")
Traceback (most recent call last):
...
kingdomino_kit.errors.KingdominoError: a drawing needs alt text: give alt=, or an aria-label \
on its <svg>
"""

from __future__ import annotations

import base64
import html
import io
import re
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.errors import KingdominoError

__all__ = ["Picture", "drawing", "figure"]

_LABEL = re.compile(r'<svg\b[^>]*?\saria-label="([^"]*)"')


@dataclass(frozen=True)
class Picture:
    """An image (``data`` of type ``mime``) and the words that say what it shows."""

    data: bytes
    mime: str
    alt: str

    def __post_init__(self) -> None:
        if not self.alt.strip():
            raise KingdominoError("a picture needs alt text that says what it shows")

    def _repr_html_(self) -> str:
        address = base64.b64encode(self.data).decode("ascii")
        return (f'<img class="kk-figure" alt="{html.escape(self.alt)}" '
                f'src="data:{self.mime};base64,{address}"/>')

    def __repr__(self) -> str:
        return f"[picture: {self.alt}]"


def drawing(svg: str, alt: str | None = None) -> Picture:
    """An SVG document as a picture; ``alt`` defaults to the ``aria-label`` of its ``<svg>``
    (the kit's renderers name every picture they draw)."""
    if alt is None:
        found = _LABEL.search(svg)
        if found is None:
            raise KingdominoError("a drawing needs alt text: give alt=, or an aria-label on "
                                  "its <svg>")
        alt = html.unescape(found[1])
    return Picture(svg.encode("utf-8"), "image/svg+xml", alt)


def figure(fig: Any, alt: str, *, dpi: int = 100) -> Picture:
    """A matplotlib figure as a PNG picture (the figure is closed: it is not shown twice)."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    return Picture(buffer.getvalue(), "image/png", alt)
