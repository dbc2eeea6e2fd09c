"""Rendering: deterministic SVG and a matplotlib drawing."""

from __future__ import annotations

import re

from kingdomino_kit import Kingdom
from kingdomino_kit.render import draw_kingdom, kingdom_svg

TEXT = "G2 G . / C G W1 / . S M3"


def test_svg_is_deterministic_and_complete() -> None:
    k = Kingdom.from_text(TEXT)
    svg = k._repr_svg_()
    assert svg == Kingdom.from_text(TEXT)._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    # one rect per cell of the 3×3 extent, one crown glyph per crown
    assert len(re.findall(r'class="kk-cell ', svg)) == 9
    assert svg.count('class="kk-crown"') == 6
    assert svg.count("kk-castle") == 1 and svg.count("kk-grassland") == 3
    assert 'data-row="0" data-col="0"' in svg


def test_svg_highlights_properties() -> None:
    k = Kingdom.from_text(TEXT)
    scoring = [p for p in k.properties() if p.score]
    svg = kingdom_svg(k, highlight=scoring, title="a <title>")
    assert svg.count('class="kk-property"') == len(scoring) == 3
    assert "a &lt;title&gt;" in svg


def test_matplotlib_drawing_outlines_scoring_properties() -> None:
    k = Kingdom.from_text(TEXT)
    ax = draw_kingdom(k)
    assert len(ax.patches) >= 9 + 6  # cells and crowns
    labels = sorted(t.get_text() for t in ax.texts if t.get_text() != "C")
    assert labels == sorted(str(p.score) for p in k.properties() if p.score)
