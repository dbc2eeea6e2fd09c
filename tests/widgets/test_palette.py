"""The boards' colours told apart with deuteranopia and protanopia as with normal vision: every
pair of terrains, the empty square, the castle and the legal marker at least MIN_DE apart (CIE76)
after simulation — for Kingdomino and for Origins. The browser test repeats the check on
pixels read from a screenshot."""

from __future__ import annotations

import pytest

from kingdomino_kit.origins import render as origins_render
from kingdomino_kit.render import CASTLE_COLOUR, EMPTY_COLOUR, LEGAL_COLOUR, TERRAIN_COLOURS
from tests.colour_vision import closest_pair, distance, rgb, simulate

MIN_DE = 25.0
VISIONS = ("normal", "deuteranopia", "protanopia")


def kingdomino_palette() -> dict[str, tuple[float, float, float]]:
    colours = {t.value: rgb(c) for t, c in TERRAIN_COLOURS.items()}
    colours |= {"empty": rgb(EMPTY_COLOUR), "castle": rgb(CASTLE_COLOUR),
                "legal marker": rgb(LEGAL_COLOUR)}
    return colours


def origins_palette() -> dict[str, tuple[float, float, float]]:
    colours = {t.value: rgb(c) for t, c in origins_render.TERRAIN_COLOURS.items()}
    colours |= {"empty": rgb(EMPTY_COLOUR), "hut": rgb(origins_render.HUT_COLOUR),
                "legal marker": rgb(LEGAL_COLOUR)}
    return colours


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("palette", [kingdomino_palette, origins_palette])
def test_every_pair_of_board_colours_stays_apart(palette: object, vision: str) -> None:
    colours = palette()  # type: ignore[operator]
    gap, a, b = closest_pair(colours, vision)
    assert gap >= MIN_DE, f"{a} and {b} are only ΔE {gap:.1f} apart with {vision}"


def test_the_simulation_collapses_red_and_green_as_deuteranopia_does() -> None:
    red, green = rgb("#d62728"), rgb("#2ca02c")
    assert distance(red, green) > 60                          # far apart, normally
    assert distance(red, green, "deuteranopia") < 25          # close for a deuteranope
    blue, yellow = rgb("#1f4fd0"), rgb("#f0e040")
    assert distance(blue, yellow, "deuteranopia") > 60        # the blue–yellow axis survives
    grey = (128.0, 128.0, 128.0)
    assert all(abs(v - 128) < 1 for v in simulate(grey, "deuteranopia"))   # greys stay grey


def test_the_check_rejects_the_palette_it_replaced() -> None:
    """The old colours (forest near swamp for a deuteranope, wheat near grassland for a
    protanope): the same check must fail on them, or it checks nothing."""
    old = {"wheat": rgb("#e9c944"), "forest": rgb("#2f6b34"), "lake": rgb("#3b7fd0"),
           "grassland": rgb("#93c94a"), "swamp": rgb("#8c7d56"), "mine": rgb("#4b4b52"),
           "legal marker": rgb("#b8e6a4"), "empty": rgb(EMPTY_COLOUR)}
    assert closest_pair(old, "deuteranopia")[1:] == ("forest", "swamp")
    assert closest_pair(old, "deuteranopia")[0] < MIN_DE
    assert closest_pair(old, "protanopia")[1:] == ("grassland", "wheat")
    assert closest_pair(old, "protanopia")[0] < MIN_DE
