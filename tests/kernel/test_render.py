"""Rendering: deterministic SVG and a matplotlib drawing."""

from __future__ import annotations

import re

from kingdomino_kit import Kingdom
from kingdomino_kit.render import draw_kingdom, kingdom_svg, kingdom_words

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


def _cells(svg: str) -> dict[tuple[int, int], str]:
    """Each square's opening tag, by (row, col), read back from the SVG text."""
    return {(int(m[2]), int(m[3])): m[0] for m in re.finditer(
        r'<rect class="kk-cell ([^"]*)"[^>]*data-row="(-?\d+)" data-col="(-?\d+)"[^>]*>', svg)}


def test_the_plain_picture_is_an_image_named_in_words_and_nothing_of_a_board() -> None:
    k = Kingdom.from_text(TEXT)
    svg = k._repr_svg_()
    head = svg.split("\n")[0]
    words = kingdom_words(k)       # the castle and every square named, never the score
    assert 'role="img"' in head and f'aria-label="{words}"' in head
    assert words.startswith("Kingdom (5×5), the castle and 6 squares: ") and "E5, castle" in words
    assert words.count("; ") == 6 and "point" not in words
    assert svg.split("\n")[1].startswith("<title>Kingdom (5×5)")
    for marker in ("data-kk-action", "kk-legal", "kk-out", "kk-cursor", "kk-badge",
                   "data-property", 'role="group"', "aria-label=\"E5"):
        assert marker not in svg, marker


def test_the_renderer_takes_what_a_board_adds() -> None:
    k = Kingdom.from_text(TEXT)
    props = k.properties()
    frame = (-2, 2, -2, 2)
    svg = kingdom_svg(k, frame=frame, highlight=props, legal={(2, 0)}, out={(-2, -2)},
                      classes={(0, 1): "kk-move"}, clickable=True, badges=True, cursor=(2, 0),
                      named=True, description="my board")
    cells = _cells(svg)
    assert len(cells) == 25 and all('data-kk-action="cell"' in tag for tag in cells.values())
    assert "kk-legal" in cells[(2, 0)] and "kk-cursor" in cells[(2, 0)]
    assert "kk-out" in cells[(-2, -2)] and "kk-move" in cells[(0, 1)]
    assert sum("kk-legal" in t for t in cells.values()) == 1
    assert 'aria-label="E7, empty, legal here"' in cells[(2, 0)]
    assert 'aria-label="C3, empty, out of reach"' in cells[(-2, -2)]
    assert 'aria-label="F5, grassland"' in cells[(0, 1)]
    assert 'aria-label="G6, mine, three crowns"' in cells[(1, 2)]
    assert 'role="group" aria-label="my board"' in svg.split("\n")[0]
    # every property numbered in order, the crownless ones dashed, one badge each
    numbers = re.findall(r'<path class="kk-property( kk-zero)?" data-property="(\d+)"', svg)
    assert [int(n) for _, n in numbers] == list(range(1, len(props) + 1))
    assert [bool(z) for z, _ in numbers] == [p.score == 0 for p in props]
    assert svg.count('class="kk-badge"') == len(props)
    assert svg.count('class="kk-cursor-mark"') == 1


def test_the_widgets_no_longer_patch_the_renderers_text() -> None:
    from pathlib import Path

    import kingdomino_kit.widgets as widgets

    for module in Path(widgets.__file__).parent.glob("*.py"):
        text = module.read_text()
        assert "import re\n" not in text and ".replace(\"</svg>\"" not in text, module
