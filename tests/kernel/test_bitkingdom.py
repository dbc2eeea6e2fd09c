"""BitKingdom, the rules on bitboards that Kingdom and the fast games share, cross-checked
against the slow dict-based rules in tests/reference.py on random kingdoms."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingdomino_kit import DOMINOES, Domino, Half, Kingdom, KingdominoError, Placement, Terrain
from kingdomino_kit.bitkingdom import BitKingdom
from kingdomino_kit.dominoes import TERRAINS
from kingdomino_kit.grid import Cell
from kingdomino_kit.rules import Rules
from tests import reference

# make test: 25 random kingdoms a property (new ones each run); make test-sweeps: 80
SETTINGS = settings(max_examples=int(os.environ.get("KERNEL_EXAMPLES", "25")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
LETTERS = [t.letter for t in TERRAINS]
Step = tuple[Domino, Cell, Cell]


def indices(mask: int) -> list[int]:
    """The set bits of a mask, low first (the slow way)."""
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def grid_of(bits: BitKingdom) -> reference.Grid:
    """A BitKingdom's squares read through its public fields, as a reference grid."""
    g = bits.geometry
    return {g.cell(i): (LETTERS[t], bits.crowns_at(i))
            for t, mask in enumerate(bits.terrain) for i in indices(mask)}


def put(bits: BitKingdom, dom: Domino, a: Cell, b: Cell) -> None:
    g = bits.geometry
    bits.put(g.index(*a), g.index(*b), dom.first.terrain_index, dom.first.crowns,
             dom.second.terrain_index, dom.second.crowns)


def state(bits: BitKingdom) -> tuple[object, ...]:
    """Every field, for exact comparisons."""
    return (bits.size, tuple(bits.terrain), bits.crown1, bits.crown2, bits.occupied,
            bits.bounds)


def masks_of(bits: BitKingdom, dom: Domino) -> tuple[int, int, int, int]:
    return bits.legal_masks(dom.first.terrain_index, dom.second.terrain_index, dom.is_double)


@st.composite
def grown(draw: st.DrawFn) -> tuple[BitKingdom, reference.Grid, list[Step]]:
    """A kingdom grown by legal placements chosen from the reference's own list: as a
    BitKingdom (by ``put``), as the reference grid, and the steps."""
    size = draw(st.sampled_from([5, 7]))
    order = draw(st.permutations(range(1, 49)))
    steps = draw(st.integers(0, 12 if size == 5 else 24))
    grid, placed = reference.grow(size, order[:steps], lambda n: draw(st.integers(0, n - 1)))
    bits = BitKingdom(size)
    for dom, a, b in placed:
        put(bits, dom, a, b)
    return bits, grid, placed


@st.composite
def frames(draw: st.DrawFn) -> tuple[BitKingdom, reference.Grid]:
    """Any squares in a size × size frame around the castle (not necessarily buildable), put
    one by one with ``put_square``."""
    size = draw(st.sampled_from([5, 7]))
    castle = (draw(st.integers(0, size - 1)), draw(st.integers(0, size - 1)))
    bits, grid = BitKingdom(size), {}
    for r in range(size):
        for c in range(size):
            if (r, c) == castle or not draw(st.booleans()):
                continue
            cell = (r - castle[0], c - castle[1])
            t, crowns = draw(st.integers(0, 5)), draw(st.integers(0, 3))
            bits.put_square(bits.geometry.index(*cell), t, crowns)
            grid[cell] = (LETTERS[t], crowns)
    return bits, grid


# ------------------------------------------------------------------ placement rules
@SETTINGS
@given(grown(), st.sampled_from(DOMINOES))
def test_legal_masks_agree_with_brute_force(case: tuple[BitKingdom, reference.Grid, list[Step]],
                                            dom: Domino) -> None:
    bits, grid, _ = case
    g = bits.geometry
    masks = masks_of(bits, dom)
    count = bits.placement_count(masks)
    pairs = [bits.nth_placement(masks, n) for n in range(count)]
    cells = [(g.cell(a), g.cell(b)) for a, b in pairs]
    keys = [tuple(sorted(c)) if dom.is_double else c for c in cells]
    assert len(keys) == len(set(keys)), "a placement is offered twice"
    assert set(keys) == reference.legal_placements(grid, dom, bits.size)
    assert bits.can_place(dom.first.terrain_index, dom.second.terrain_index) == bool(keys)
    # the order: direction by direction, low bit first, the second half one shift away
    assert pairs == [(i, i + g.shifts[d]) for d, mask in enumerate(masks) for i in indices(mask)]


@SETTINGS
@given(grown(), st.sampled_from(DOMINOES))
def test_kingdom_lists_the_placements_in_the_masks_order(
        case: tuple[BitKingdom, reference.Grid, list[Step]], dom: Domino) -> None:
    """Kingdom.legal_placements and nth_placement agree index for index: a bot drawing an index
    picks the same placement on either."""
    bits, _, steps = case
    kingdom = Kingdom(bits.size)
    for step in steps:
        kingdom.place(Placement(*step))
    g = bits.geometry
    masks = masks_of(bits, dom)
    listed = [(g.index(*p.first), g.index(*p.second)) for p in kingdom.legal_placements(dom)]
    assert listed == [bits.nth_placement(masks, n) for n in range(bits.placement_count(masks))]
    assert kingdom.to_bits() == bits and state(kingdom.to_bits()) == state(bits)


@SETTINGS
@given(grown(), st.integers(0, 5))
def test_connects_is_the_connection_rule(case: tuple[BitKingdom, reference.Grid, list[Step]],
                                         terrain: int) -> None:
    bits, grid, _ = case
    g = bits.geometry
    for cell in g.cells(g.inside):
        touching = any(n == reference.CASTLE or grid.get(n, ("", 0))[0] == LETTERS[terrain]
                       for n in reference.neighbours(cell))
        assert bits.connects(g.index(*cell), terrain) == touching, cell


def test_doubles_have_no_left_or_up_masks_and_a_full_kingdom_none() -> None:
    bits = BitKingdom()
    assert [m.bit_count() for m in bits.legal_masks(0, 0, double=True)] == [6, 6, 0, 0]
    assert [m.bit_count() for m in bits.legal_masks(0, 1, double=False)] == [6, 6, 6, 6]
    full = BitKingdom()
    for cell in full.geometry.cells(full.geometry.inside):
        if cell != (0, 0) and max(abs(cell[0]), abs(cell[1])) <= 2:
            full.put_square(full.geometry.index(*cell), 0, 0)
    assert full.free() == 0 and full.legal_masks(0, 0, double=False) == (0, 0, 0, 0)
    assert not full.can_place(0, 0)


# ------------------------------------------------------------------ changes
@SETTINGS
@given(grown())
def test_put_builds_the_reference_grid(case: tuple[BitKingdom, reference.Grid, list[Step]]
                                       ) -> None:
    bits, grid, steps = case
    assert grid_of(bits) == grid
    assert bits.bounds == reference.extent(grid)
    assert len(bits) == len(grid) and bits.occupied.bit_count() == len(grid) + 1
    # put is put_square on each half
    halves = BitKingdom(bits.size)
    g = halves.geometry
    for dom, a, b in steps:
        halves.put_square(g.index(*a), dom.first.terrain_index, dom.first.crowns)
        halves.put_square(g.index(*b), dom.second.terrain_index, dom.second.crowns)
    assert state(halves) == state(bits)


@SETTINGS
@given(grown(), st.sampled_from(DOMINOES), st.integers(0, 10 ** 6))
def test_remove_takes_back_put_exactly(case: tuple[BitKingdom, reference.Grid, list[Step]],
                                       dom: Domino, pick: int) -> None:
    bits, _, _ = case
    masks = masks_of(bits, dom)
    count = bits.placement_count(masks)
    if not count:
        return
    before = state(bits)
    copy = bits.copy()
    first, second = bits.nth_placement(masks, pick % count)
    bounds = bits.bounds
    bits.put(first, second, dom.first.terrain_index, dom.first.crowns,
             dom.second.terrain_index, dom.second.crowns)
    assert state(copy) == before, "a copy shares nothing"
    assert len(bits) == len(copy) + 2 and bits != copy
    bits.remove(first, second, bounds)
    assert state(bits) == before and bits == copy and bits.key() == copy.key()


# ------------------------------------------------------------------ scoring
@SETTINGS
@given(frames(), st.booleans(), st.booleans())
def test_scoring_agrees_with_flood_fill(case: tuple[BitKingdom, reference.Grid],
                                        middle_kingdom: bool, harmony: bool) -> None:
    bits, grid = case
    size = bits.size
    assert grid_of(bits) == grid and bits.bounds == reference.extent(grid)
    assert bits.score() == reference.score(grid)
    rules = {"middle_kingdom": middle_kingdom, "harmony": harmony}
    total, largest, crowns = reference.tiebreak_key(grid, size, **rules)
    assert bits.largest_property() == largest
    assert bits.crowns() == crowns
    assert bits.bonus(Rules(size, **rules)) == reference.bonus(grid, size, **rules)
    assert bits.total(Rules(size, **rules)) == total
    assert bits.tiebreak_key(Rules(size, **rules)) == (total, largest, crowns)
    assert bits.is_middle_kingdom() == (reference.bonus(grid, size, middle_kingdom=True,
                                                        harmony=False) == 10)
    assert bits.is_harmony() == (reference.bonus(grid, size, middle_kingdom=False,
                                                 harmony=True) == 5)


@SETTINGS
@given(grown(), st.sampled_from(DOMINOES), st.booleans(), st.booleans())
def test_total_after_is_the_reference_total_of_every_placement(
        case: tuple[BitKingdom, reference.Grid, list[Step]], dom: Domino, middle_kingdom: bool,
        harmony: bool) -> None:
    bits, grid, _ = case
    before = state(bits)
    rules = {"middle_kingdom": middle_kingdom, "harmony": harmony}
    g = bits.geometry
    masks = masks_of(bits, dom)
    for n in range(bits.placement_count(masks)):
        first, second = bits.nth_placement(masks, n)
        a, b = g.cell(first), g.cell(second)
        after = {**grid, a: (dom.first.terrain.letter, dom.first.crowns),
                 b: (dom.second.terrain.letter, dom.second.crowns)}
        total, free = bits.total_after(first, second, dom.first.terrain_index,
                                       dom.first.crowns, dom.second.terrain_index,
                                       dom.second.crowns, rules=Rules(**rules))
        assert total == reference.tiebreak_key(after, bits.size, **rules)[0], (a, b)
        assert total == bits.total_after(first, second, dom.first.terrain_index,
                                         dom.first.crowns, dom.second.terrain_index,
                                         dom.second.crowns, score=bits.score(),
                                         rules=Rules(**rules))[0]
        put(bits, dom, a, b)
        assert free == bits.free()
        bits.remove(first, second, reference.extent(grid))
        assert state(bits) == before, "total_after changes nothing"


@SETTINGS
@given(frames())
def test_kingdom_scores_are_its_bitboards_scores(case: tuple[BitKingdom, reference.Grid]
                                                 ) -> None:
    bits, grid = case
    squares = {cell: Half(Terrain.from_letter(t), n) for cell, (t, n) in grid.items()}
    kingdom = Kingdom.from_squares(squares, bits.size)
    assert kingdom.to_bits() == bits and state(kingdom.to_bits()) == state(bits)
    for rules in (Rules(bits.size), Rules(bits.size, middle_kingdom=True, harmony=True)):
        assert kingdom.tiebreak_key(rules) == bits.tiebreak_key(rules)
        flags = {name: True for name in rules.bonuses}
        assert kingdom.tiebreak_key(**flags) == bits.tiebreak_key(rules)


def test_harmony_and_middle_kingdom_on_a_full_kingdom() -> None:
    bits = Kingdom.from_text("""
        W  W  W  W  W
        F  F1 F  F  F
        L  L  C  L2 L
        G  G  G  G  G
        S  S  M3 S  S""").to_bits()
    assert bits.is_harmony() and bits.is_middle_kingdom()
    # forest 5 × 1, lake 2 × 2, mine 1 × 3; the wheat, grassland and swamps have no crown
    assert bits.score() == 5 + 4 + 3
    assert bits.bonus(Rules(middle_kingdom=True, harmony=True)) == 15
    assert bits.tiebreak_key(Rules(middle_kingdom=True)) == (22, 5, 6)


# ------------------------------------------------------------------ bad input
def test_bad_size_and_placement_number() -> None:
    with pytest.raises(KingdominoError, match="kingdom size must be 5 or 7, not 6"):
        BitKingdom(6)
    bits = BitKingdom()
    masks = bits.legal_masks(0, 0, double=True)
    assert bits.placement_count(masks) == 12
    assert bits.nth_placement(masks, 11) != bits.nth_placement(masks, 0)
    with pytest.raises(KingdominoError, match="no placement 12: the masks hold 12"):
        bits.nth_placement(masks, 12)
