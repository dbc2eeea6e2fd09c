"""The Origins territory on the shared kingdom rules (its Layout): legal placements on 5×5 and
7×7 against the slow reference in tests/reference.py, Origins halves and dominoes kept as they
are (no proxy numbers, no Kingdomino terrains), regions against a flood fill."""

from __future__ import annotations

import random

import pytest

from kingdomino_kit.dominoes import Half as CoreHalf
from kingdomino_kit.errors import IllegalPlacement
from kingdomino_kit.kingdom import BaseKingdom, Kingdom
from kingdomino_kit.origins import Half, OriginsKingdom, Placement, Terrain, sample_catalogue
from kingdomino_kit.origins.kingdom import Layout
from tests import reference

CAT = sample_catalogue()


def grid_of(k: OriginsKingdom) -> reference.Grid:
    """The territory square by square through its public API: (terrain, fire or craters)."""
    return {cell: (half.terrain.value, half.count) for cell, half in k.squares()}


def key(half: Half) -> tuple[str, int]:
    return (half.terrain.value, half.count)


@pytest.mark.parametrize("size, seed", [(5, 1), (5, 2), (7, 3), (7, 4)])
def test_legal_placements_match_the_slow_reference(size: int, seed: int) -> None:
    rng = random.Random(seed)
    k = OriginsKingdom(size)
    dominoes = list(CAT)
    rng.shuffle(dominoes)
    placed = reference.grow_checked(k, dominoes, key, rng)
    assert placed >= (10 if size == 5 else 18) and placed == len(k.history)
    assert all(type(p) is Placement for p in k.history)
    assert [p.domino.number for p in k.history] == [p.domino.number for p in k.layout.history]


def test_squares_are_origins_halves_and_regions_match_a_flood_fill() -> None:
    rng = random.Random(7)
    for _ in range(10):
        k = OriginsKingdom(7)
        for d in rng.sample(list(CAT), 20):
            if k.can_place(d):
                k.place(rng.choice(k.legal_placements(d)))
        halves = [half for _, half in k.squares()]
        assert halves and all(type(h) is Half for h in halves)
        assert not any(isinstance(h, CoreHalf) for h in halves)
        printed = {cell: (t, 0 if t == "volcano" else n) for cell, (t, n) in grid_of(k).items()}
        mine = sorted((r.terrain.value, r.squares, r.fire) for r in k.regions())
        assert mine == reference.properties(printed)      # no tokens yet: fire is printed


def test_the_layout_is_a_base_kingdom_not_a_kingdomino_kingdom() -> None:
    k = OriginsKingdom()
    assert isinstance(k.layout, BaseKingdom) and isinstance(k.layout, Layout)
    assert not isinstance(k.layout, Kingdom)
    assert Layout.terrains == tuple(Terrain) and Layout.centre == "hut"


def test_a_7x7_territory_breaks_the_size_rule_at_8_columns_and_names_the_real_number() -> None:
    k = OriginsKingdom(7)
    lake = CAT.domino(next(d.number for d in CAT
                           if d.first.terrain is d.second.terrain is Terrain.LAKE))
    for c in (1, 3, 5):
        k.place(Placement(lake, (0, c), (0, c + 1)))
    assert k.bounds == (0, 0, 0, 6)
    with pytest.raises(IllegalPlacement, match=rf"^domino {lake.number} at \(0, 7\),\(1, 7\)"
                       r" breaks the size rule: the kingdom would span 2 rows × 8 columns"
                       ) as info:
        k.place(Placement(lake, (0, 7), (1, 7)))
    assert info.value.rule == "size" and len(k) == 6
