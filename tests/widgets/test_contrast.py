"""Contrast of the widgets' styles: text at least 4.5:1 (WCAG 2.1 AA) against its background, in
JupyterLab's light theme (white page) and dark theme (#111 page), read from the CSS files."""

from __future__ import annotations

import re

from kingdomino_kit.render import PAPER
from kingdomino_kit.widgets.view import STATIC

LIGHT_PAGE, DARK_PAGE = "#ffffff", "#111111"
AA = 4.5


def luminance(colour: str) -> float:
    """WCAG relative luminance of a #rrggbb or #rgb colour."""
    hex_ = colour.lstrip("#")
    if len(hex_) == 3:
        hex_ = "".join(c * 2 for c in hex_)
    channels = [int(hex_[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def rules() -> list[tuple[str, str]]:
    """(selector, declarations) of every rule in the widgets' stylesheets."""
    text = "".join(path.read_text() for path in sorted(STATIC.glob("*.css")))
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return [(m[1].strip(), m[2]) for m in re.finditer(r"([^{}]+)\{([^{}]*)\}", text)]


def test_the_reference_contrasts() -> None:
    assert round(contrast("#777777", "#ffffff"), 2) == 4.48   # the usual "just fails" grey
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0


def test_muted_text_is_legible_in_both_themes() -> None:
    found = {selector: body for selector, body in rules() if "--kk-muted" in body}
    light = re.search(r"--kk-muted:\s*(#[0-9a-f]+)", found[".kk-root"]).group(1)  # type: ignore
    dark_rule = found['body[data-jp-theme-light="false"] .kk-root']
    dark = re.search(r"--kk-muted:\s*(#[0-9a-f]+)", dark_rule).group(1)  # type: ignore
    assert contrast(light, LIGHT_PAGE) >= AA and contrast(dark, DARK_PAGE) >= AA
    assert contrast("#888888", LIGHT_PAGE) < AA       # what the zero-point rows had: too light
    zero = dict(rules())[".kk-breakdown tr.kk-zero td"]
    assert "var(--kk-muted)" in zero


def test_every_rule_with_its_own_background_sets_a_legible_text_colour() -> None:
    checked = 0
    by_selector = dict(rules())
    for selector, body in rules():
        background = re.search(r"background:\s*(#[0-9a-f]{3,6})\b", body)
        if not background or "kk-swatch" in selector:
            continue
        base = by_selector.get(selector.rsplit(".", 1)[0], "")  # .kk-x.kk-state from .kk-x
        colour = re.search(r"(?<![-\w])color:\s*(#[0-9a-f]{3,6})\b", body + ";" + base)
        # a background under text that inherits the theme's colour would vanish in one theme
        assert colour, f"{selector} sets a background but leaves the text colour to the theme"
        assert contrast(colour[1], background[1]) >= AA, selector
        checked += 1
    assert checked >= 5


def test_pictures_bring_their_own_paper_for_their_labels() -> None:
    from kingdomino_kit import Kingdom

    svg = Kingdom.from_text("C W1")._repr_svg_()
    assert f'style="background: {PAPER}"' in svg.split("\n")[0]
    label = re.search(r'class="kk-label"[^>]*fill="(#[0-9a-f]+)"', svg)
    assert label and contrast(label[1], PAPER) >= AA
