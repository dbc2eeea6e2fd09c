"""Kingdom: legal placements, placing, scoring and notation, cross-checked against the slow
reference implementation in tests/reference.py."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingdomino_kit import (
    DOMINOES,
    IllegalPlacement,
    Kingdom,
    KingdominoError,
    NotationError,
    Placement,
    domino,
)
from tests import reference

# make test: 25 random kingdoms a property (new ones each run); make test-sweeps: 80
SETTINGS = settings(max_examples=int(os.environ.get("KERNEL_EXAMPLES", "25")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def grown_kingdoms(draw: st.DrawFn) -> tuple[Kingdom, reference.Grid]:
    """A kingdom grown by legal placements chosen from the reference's own list, both as the
    library's Kingdom and the reference grid."""
    size = draw(st.sampled_from([5, 7]))
    order = draw(st.permutations(range(1, 49)))
    steps = draw(st.integers(0, 12 if size == 5 else 24))
    grid, placed = reference.grow(size, order[:steps], lambda n: draw(st.integers(0, n - 1)))
    kingdom = Kingdom(size)
    for dom, a, b in placed:
        kingdom.place(Placement(dom, a, b))
    return kingdom, grid


@st.composite
def grids(draw: st.DrawFn) -> reference.Grid:
    """Any arrangement of squares in a 5×5 frame around the castle (not necessarily buildable)."""
    castle = (draw(st.integers(0, 4)), draw(st.integers(0, 4)))
    grid = {}
    for r in range(5):
        for c in range(5):
            if (r, c) == castle or not draw(st.booleans()):
                continue
            grid[(r - castle[0], c - castle[1])] = (draw(st.sampled_from("WFLGSM")),
                                                    draw(st.integers(0, 3)))
    return grid


def _key(p: Placement) -> tuple[tuple[int, int], ...]:
    cells = (p.first, p.second)
    return tuple(sorted(cells)) if p.domino.is_double else cells


# ------------------------------------------------------------------ the seed examples
def test_seed_example_grassland_3_squares_2_crowns_is_6() -> None:
    k = Kingdom.from_text("G1 G1 / C G")
    assert [(p.terrain.value, p.squares, p.crowns, p.score) for p in k.properties()] == [
        ("grassland", 3, 2, 6)]
    assert k.score() == 6


def test_seed_example_6_wheat_no_crown_is_0() -> None:
    k = Kingdom.from_text("W W W / W W W / C . .")
    assert [(p.squares, p.crowns) for p in k.properties()] == [(6, 0)]
    assert k.score() == 0


# ------------------------------------------------------------------ legal placements
@SETTINGS
@given(grown_kingdoms(), st.sampled_from(DOMINOES))
def test_legal_placements_agree_with_brute_force(state: tuple[Kingdom, reference.Grid],
                                                 dom: object) -> None:
    kingdom, grid = state
    fast = kingdom.legal_placements(dom)  # type: ignore[arg-type]
    keys = [_key(p) for p in fast]
    assert len(keys) == len(set(keys)), "a placement is offered twice"
    assert set(keys) == reference.legal_placements(grid, dom, kingdom.size)  # type: ignore[arg-type]
    assert kingdom.can_place(dom) == bool(fast)  # type: ignore[arg-type]


@SETTINGS
@given(grown_kingdoms(), st.sampled_from(DOMINOES))
def test_every_legal_placement_keeps_the_kingdom_within_size(
        state: tuple[Kingdom, reference.Grid], dom: object) -> None:
    kingdom, _ = state
    for p in kingdom.legal_placements(dom):  # type: ignore[arg-type]
        branch = kingdom.copy()
        branch.place(p)  # the checked path agrees with the generator
        rmin, rmax, cmin, cmax = branch.bounds
        assert rmax - rmin < kingdom.size and cmax - cmin < kingdom.size


def test_first_placement_counts() -> None:
    k = Kingdom()
    # 12 unordered cell pairs touch the castle; a double gives 12, any other domino 24
    assert len(k.legal_placements(domino(1))) == 12
    assert len(k.legal_placements(domino(13))) == 24
    assert len(Kingdom(7).legal_placements(domino(48))) == 24


def test_size_limit_blocks_a_sixth_column() -> None:
    k = Kingdom.from_text("C W W W W")
    cells = {c for p in k.legal_placements(domino(1)) for c in p.cells}
    assert all(0 <= c <= 4 for _, c in cells)


# ------------------------------------------------------------------ place, undo, copy
@pytest.mark.parametrize(("placement", "rule", "words"), [
    (Placement(domino(1), (0, 0), (1, 0)), "occupied", "already holds the castle"),
    (Placement(domino(1), (0, 4), (0, 6)), "shape", "adjacent"),
    (Placement(domino(7), (1, 2), (1, 3)), "connection", "connection rule"),
    (Placement(domino(1), (0, 4), (0, 5)), "size", "size rule"),
    (Placement(domino(1), (1, 1), (1, 2)), None, None),
])
def test_illegal_placements_name_the_rule_and_change_nothing(placement: Placement,
                                                             rule: str | None,
                                                             words: str | None) -> None:
    k = Kingdom.from_text("C W W W")
    before = (k.key(), k.bounds, k.history, k.to_text())
    if rule is None:  # the control: a legal placement does change the kingdom
        k.place(placement)
        assert k.to_text() != before[3]
        return
    with pytest.raises(IllegalPlacement) as info:
        k.place(placement)
    assert info.value.rule == rule
    assert words in str(info.value)
    assert (k.key(), k.bounds, k.history, k.to_text()) == before


def test_occupied_square() -> None:
    k = Kingdom.from_text("C W W")
    with pytest.raises(IllegalPlacement, match="already holds a square"):
        k.place(Placement(domino(1), (0, 2), (1, 2)))


@SETTINGS
@given(grown_kingdoms(), st.sampled_from(DOMINOES), st.integers(0, 10_000))
def test_undo_restores_the_kingdom(state: tuple[Kingdom, reference.Grid], dom: object,
                                   pick: int) -> None:
    kingdom, _ = state
    options = kingdom.legal_placements(dom)  # type: ignore[arg-type]
    if not options:
        return
    before = (kingdom.key(), kingdom.bounds, kingdom.score())
    branch = kingdom.copy()
    kingdom.place(options[pick % len(options)])
    assert branch.key() == before[0], "a copy must not share state"
    assert kingdom.undo() == options[pick % len(options)]
    assert (kingdom.key(), kingdom.bounds, kingdom.score()) == before


def test_undo_on_nothing() -> None:
    with pytest.raises(KingdominoError, match="nothing to undo"):
        Kingdom().undo()


# ------------------------------------------------------------------ scoring
@SETTINGS
@given(grown_kingdoms())
def test_score_agrees_with_flood_fill(state: tuple[Kingdom, reference.Grid]) -> None:
    kingdom, grid = state
    assert kingdom.score() == reference.score(grid)
    assert sorted((p.terrain.letter, p.squares, p.crowns) for p in kingdom.properties()) == \
        reference.properties(grid)


def _transform(grid: reference.Grid, k: int) -> reference.Grid:
    """One of the 8 symmetries of the square (rotations, then mirrored rotations)."""
    out = {}
    for (r, c), half in grid.items():
        for _ in range(k % 4):
            r, c = c, -r
        if k >= 4:
            c = -c
        out[(r, c)] = half
    return out


@SETTINGS
@given(grids(), st.integers(0, 7))
def test_score_unchanged_by_the_8_symmetries(grid: reference.Grid, k: int) -> None:
    original = Kingdom.from_text(reference.text_of(grid))
    moved = Kingdom.from_text(reference.text_of(_transform(grid, k)))
    assert moved.score() == original.score() == reference.score(grid)
    for option in ({"middle_kingdom": True}, {"harmony": True}):
        assert moved.total(**option) == original.total(**option)
    assert moved.tiebreak_key() == original.tiebreak_key()


def test_bonuses() -> None:
    full = Kingdom.from_text("""
        W  W  G1 G  G
        F  F  L  L  G
        F  M2 C  L  S
        F  M  W  W  S
        F1 F  W  S1 S""")
    assert full.is_middle_kingdom() and full.is_harmony()
    # grassland 4 squares × 1, mine 2 × 2, forest 6 × 1, swamp 4 × 1; wheat and lake no crown
    assert full.score() == 4 * 1 + 2 * 2 + 6 * 1 + 4 * 1
    assert full.total(middle_kingdom=True, harmony=True) == full.score() + 15
    assert full.total(middle_kingdom=True) == full.score() + 10
    gap = Kingdom.from_text("W C W")
    assert gap.bonus(middle_kingdom=True, harmony=True) == 10
    assert Kingdom.from_text("C W W").bonus(middle_kingdom=True) == 10   # within ±2
    off = Kingdom.from_text("C W W W")
    assert off.bonus(middle_kingdom=True, harmony=True) == 0


def test_tiebreak_key() -> None:
    a = Kingdom.from_text("C G1 G G")  # 3, largest 3, 1 crown
    b = Kingdom.from_text("C L1 L / M3 . .")  # 2 + 3 = 5
    assert a.tiebreak_key() == (3, 3, 1)
    assert b.tiebreak_key() == (5, 2, 4)


# ------------------------------------------------------------------ notation
@SETTINGS
@given(grown_kingdoms())
def test_text_round_trip(state: tuple[Kingdom, reference.Grid]) -> None:
    kingdom, _ = state
    text = kingdom.to_text()
    again = Kingdom.from_text(text, size=kingdom.size)
    assert again == kingdom and again.to_text() == text
    assert Kingdom.from_text(text.replace("\n", " / "), size=kingdom.size) == kingdom


@SETTINGS
@given(grown_kingdoms())
def test_json_round_trip(state: tuple[Kingdom, reference.Grid]) -> None:
    kingdom, _ = state
    data = json.loads(json.dumps(kingdom.to_json()))
    again = Kingdom.from_json(data)
    assert again == kingdom and again.size == kingdom.size and again.bounds == kingdom.bounds


def test_text_notation_reads_what_the_issue_describes() -> None:
    k = Kingdom.from_text(". G2\nC W\n")
    assert k.at((-1, 1)) is not None and str(k.at((-1, 1))) == "G2"
    assert k.at((0, 1)) is not None and str(k.at((0, 1))) == "W"
    assert k.at((-1, 0)) is None
    assert Kingdom.from_text("c w0 g3") == Kingdom.from_text("C W G3")


@pytest.mark.parametrize(("text", "message"), [
    ("C X", "line 1, column 3: unknown terrain letter 'X'"),
    ("C W\nG5", "line 2, column 1: crowns must be 0–3, not 5"),
    ("C W\nW C", "line 2, column 3: a second castle (the first is at line 1, column 1)"),
    ("W W", "no castle"),
    ("C W W W W W", "spans 6 columns, more than size 5"),
    ("C/W/W/W/W/W", "spans 6 rows"),
    ("C W/ G .3", "line 1, column 8: an empty cell has no crowns"),
    ("C2", "the castle has no crowns"),
    ("C W+", "cannot read 'W+'"),
])
def test_parse_errors_name_line_and_column(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        Kingdom.from_text(text)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_size_seven_allows_seven_columns() -> None:
    k = Kingdom.from_text("C W W W W W W", size=7)
    assert k.size == 7 and len(k) == 6
    with pytest.raises(KingdominoError):
        Kingdom(6)


@pytest.mark.parametrize(("data", "field"), [
    ({"size": 9, "squares": []}, "size"),
    ({"squares": "x"}, "squares"),
    ({"squares": [{"row": 0, "col": 1, "terrain": "desert"}]}, "squares[0].terrain"),
    ({"squares": [{"row": 0, "col": 1, "terrain": "wheat", "crowns": 7}]}, "squares[0].crowns"),
    ({"squares": [{"row": 0, "terrain": "wheat"}]}, "squares[0]: missing 'col'"),
    ({"squares": [{"row": 0, "col": 0, "terrain": "wheat"}]}, "squares[0]"),
    ({"format": "other/9", "squares": []}, "format"),
])
def test_json_errors_name_the_field(data: dict[str, object], field: str) -> None:
    with pytest.raises(NotationError, match=field.replace("[", r"\[").replace("]", r"\]")):
        Kingdom.from_json(data)


def test_text_origin_and_shifted_placements() -> None:
    k = Kingdom.from_text("W . / W C")
    assert k.text_origin() == (1, 1)
    p = Placement(domino(1), (-1, -1), (-2, -1)).shifted(*k.text_origin())
    assert p.cells == ((0, 0), (-1, 0))


def test_a_domino_of_another_catalogue_with_the_same_number_gets_its_own_placements() -> None:
    from kingdomino_kit import Half, Terrain
    from kingdomino_kit.dominoes import Domino

    ours = domino(1)  # W|W
    other = Domino(1, Half(Terrain.LAKE, 1), Half(Terrain.MINE))
    k = Kingdom()
    assert k.legal_placements(ours)[0].domino is ours
    assert all(p.domino == other for p in k.legal_placements(other))
    assert all(p.domino is ours for p in k.legal_placements(ours))


def test_legal_placements_do_not_rely_on_assert() -> None:
    """Under ``python -O`` asserts vanish: the placement table once caught AssertionError to skip
    pad bits, and raised TypeError there instead."""
    import subprocess
    import sys

    code = ("from kingdomino_kit import Kingdom, domino; "
            "print(len(Kingdom().legal_placements(domino(48))), "
            "len(Kingdom(7).legal_placements(domino(1))))")
    out = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["24", "12"]   # W|M3: 12 pairs × 2; W|W: 12 pairs, once


def test_a_pickled_kingdom_equals_the_original() -> None:
    import pickle

    k = Kingdom.from_text("G2 G . / C G W1", size=7)
    k.place(Placement(domino(48), (0, 3), (0, 4)))
    again = pickle.loads(pickle.dumps(k))
    assert again == k and again.key() == k.key() and again.history == k.history
    assert again.to_bits().geometry is k.to_bits().geometry  # one geometry per size
    assert again.legal_placements(domino(13)) == k.legal_placements(domino(13))
    assert again.undo() == k.history[-1] and again.score() == Kingdom.from_text(
        "G2 G . / C G W1", size=7).score()
