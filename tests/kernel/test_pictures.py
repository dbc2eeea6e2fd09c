"""A lesson's own pictures: an ``<img>`` whose alt text says what it shows, the image itself
inside it, and never a picture without words."""

from __future__ import annotations

import base64
import re

import pytest

from kingdomino_kit import Kingdom
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.pictures import Picture, drawing, figure
from kingdomino_kit.render import kingdom_svg, kingdom_words


def _shown(picture: Picture) -> tuple[str, bytes]:
    """The alt text and the image bytes of the HTML a notebook shows."""
    found = re.fullmatch(r'<img class="kk-figure" alt="([^"]*)" '
                         r'src="data:([^;]+);base64,([A-Za-z0-9+/=]+)"/>', picture._repr_html_())
    assert found is not None, picture._repr_html_()[:120]
    assert found[2] == picture.mime
    return found[1], base64.b64decode(found[3])


def test_a_figure_is_a_png_with_its_alt_text_and_is_closed() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(2, 1))
    ax.plot([0, 1], [1, 0])
    picture = figure(fig, alt='a line falling from 1 to 0 & "down"')
    alt, data = _shown(picture)
    assert alt == "a line falling from 1 to 0 &amp; &quot;down&quot;"
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and data == picture.data
    assert fig.number not in plt.get_fignums()          # not shown a second time
    assert repr(picture) == '[picture: a line falling from 1 to 0 & "down"]'


def test_a_kit_drawing_takes_its_words_and_an_alt_can_replace_them() -> None:
    k = Kingdom.from_text("C W1 / . G2")
    alt, data = _shown(drawing(kingdom_svg(k)))
    assert alt == kingdom_words(k) and data.decode() == kingdom_svg(k)
    assert drawing(kingdom_svg(k), alt="two squares").alt == "two squares"


@pytest.mark.parametrize("alt", ["", "   "])
def test_a_picture_without_words_is_refused(alt: str) -> None:
    with pytest.raises(KingdominoError, match="alt text"):
        Picture(b"x", "image/png", alt)
