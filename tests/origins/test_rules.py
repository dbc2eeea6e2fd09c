"""Kingdomino Origins: catalogue, territory, fire, notation and scoring, mode by mode.

Expected values are worked out by hand from the rules text (docs/rules/origins.md)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kingdomino_kit import KingdominoError
from kingdomino_kit.errors import IllegalPlacement
from kingdomino_kit.origins import (
    CAVEMEN,
    CatalogueError,
    Caveman,
    Domino,
    Half,
    IllegalAction,
    OriginsKingdom,
    OriginsNotationError,
    Placement,
    Resource,
    Terrain,
    load_catalogue,
    sample_catalogue,
)
from kingdomino_kit.origins.fire import TOKEN_SUPPLY, king_distance
from kingdomino_kit.origins.scoring import caveman_points, score_sheet, tiebreak_key
from kingdomino_kit.origins.totem import TOTEM_BONUSES, totem_bonus, update_totems

HEADER = "number,left_terrain,left_fire,left_craters,right_terrain,right_fire,right_craters"
CAT = sample_catalogue()


def H(text: str) -> Half:
    return Half.parse(text)


def dom(number: int, a: str, b: str) -> Domino:
    return Domino(number, H(a), H(b))


# ----------------------------------------------------------------------------- catalogue
def test_sample_catalogue_is_labelled_and_follows_the_box() -> None:
    assert CAT.illustrative and "ILLUSTRATIVE" in CAT.name
    assert [d.number for d in CAT] == list(range(1, 49))
    halves = [h for d in CAT for h in d.halves]
    icons = {r: sum(1 for h in halves if h.resource is r) for r in Resource}
    assert icons == {Resource.MAMMOTH: 16, Resource.FISH: 13, Resource.MUSHROOM: 11,
                     Resource.FLINT: 9}
    craters = sorted(h.craters for h in halves if h.is_volcano)
    assert craters == [1] * 5 + [2] * 4 + [3]
    assert sum(TOKEN_SUPPLY.values()) == 10


@pytest.mark.parametrize("body, line, words", [
    ("1,volcano,0,4,lake,0,0", 2, "left_craters: a volcano has 1–3 craters, not 4"),
    ("1,volcano,0,0,lake,0,0", 2, "left_craters: a volcano has 1–3 craters, not 0"),
    ("1,lake,0,0,grassland,0,2", 2, "right_craters: only a volcano has craters"),
    ("1,lake,4,0,grassland,0,0", 2, "left_fire: must be 0–3"),
    ("1,volcano,1,1,grassland,0,0", 2, "left_fire"),
    ("1,swamp,0,0,lake,0,0", 2, "left_terrain: unknown terrain 'swamp'"),
    ("1,lake,0,0,lake", 2, "5 values, expected 7"),
    ("x,lake,0,0,lake,0,0", 2, "number: 'x' is not a whole number"),
    ("1,lake,0,0,lake,0,0\n1,lake,0,0,lake,0,0", 3, "domino 1 is listed twice (first on line 2)"),
])
def test_catalogue_errors_name_the_line(body: str, line: int, words: str) -> None:
    with pytest.raises(CatalogueError) as info:
        load_catalogue(HEADER + "\n" + body + "\n", "mine.csv")
    assert info.value.line == line
    assert str(info.value).startswith(f"mine.csv, line {line}: ")
    assert words in str(info.value)
    assert isinstance(info.value, KingdominoError)


def test_catalogue_wrong_column_and_comment_lines_counted() -> None:
    bad = HEADER.replace("left_fire", "left_fires")
    with pytest.raises(CatalogueError, match=r"x.csv, line 3: column 3 is 'left_fires'"):
        load_catalogue("# a comment\n\n" + bad + "\n1,lake,0,0,lake,0,0\n", "x.csv")
    with pytest.raises(CatalogueError, match=r"line 4: left_craters"):
        load_catalogue(f"# c\n{HEADER}\n1,lake,0,0,lake,0,0\n2,V,0,9,L,0,0\n")
    cat = load_catalogue(f"{HEADER}\n7,jungle,1,0,V,0,3\n")
    assert cat.domino(7) == Domino(7, Half(Terrain.FOREST, 1), Half(Terrain.VOLCANO, 0, 3))
    assert not cat.illustrative


# ----------------------------------------------------------------------------- placements
def test_placements_follow_the_core_rules_with_a_wild_hut() -> None:
    """Every cell pair in reach is checked by hand: legal ⇔ adjacent, empty, fits 5×5, and one
    half touches the hut or a square of its own terrain."""
    rng = random.Random(3)
    for _ in range(15):
        k = OriginsKingdom()
        for d in rng.sample(list(CAT), 7):
            if k.can_place(d):
                k.place(rng.choice(k.legal_placements(d)))
        d = rng.choice(list(CAT))
        want = set()
        for r in range(-5, 6):
            for c in range(-5, 6):
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                    p = Placement(d, (r, c), (r + dr, c + dc))
                    if _legal_by_hand(k, p):
                        want.add((p.first, p.second))
        got = {(p.first, p.second) for p in k.legal_placements(d)}
        if d.is_double:
            got |= {(b, a) for a, b in got}
        assert got == want
        assert k.can_place(d) == bool(want)


def _legal_by_hand(k: OriginsKingdom, p: Placement) -> bool:
    cells = [(0, 0), *[c for c, _ in k.squares()], *p.cells]
    if any(c == (0, 0) or k.at(c) is not None for c in p.cells):
        return False
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    if max(rows) - min(rows) >= 5 or max(cols) - min(cols) >= 5:
        return False
    for half, (r, c) in zip(p.domino.halves, p.cells, strict=True):
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n == (0, 0) or (k.at(n) is not None and k.at(n).terrain is half.terrain):
                return True
    return False


def test_illegal_placement_changes_nothing_and_names_the_hut() -> None:
    k = OriginsKingdom.from_text("H L")
    before = k.key()
    with pytest.raises(IllegalPlacement, match="the hut") as info:
        k.place(Placement(dom(1, "G", "G"), (0, 3), (0, 4)))
    assert info.value.rule == "connection"
    assert k.key() == before


def test_with_resources_puts_wooden_pieces_on_icons_only() -> None:
    k = OriginsKingdom(with_resources=True)
    k.place(Placement(dom(1, "G", "G1"), (0, 1), (0, 2)))
    k.place(Placement(dom(2, "D", "V2"), (1, 0), (2, 0)))
    assert k.resources == {(0, 1): Resource.MAMMOTH}


# ----------------------------------------------------------------------------- fire
@pytest.mark.parametrize("craters, reach", [(1, 3), (2, 2), (3, 1)])
def test_fire_lands_within_king_distance(craters: int, reach: int) -> None:
    # a full 7×7 of desert around a volcano in the middle: every square is a target in reach
    rows = []
    for r in range(7):
        row = ["D"] * 7
        if r == 3:
            row[3] = f"V{craters}"
        rows.append(" ".join(row))
    rows[6] = rows[6][:-1] + "H"
    k = OriginsKingdom.from_text("\n".join(rows), size=7)
    (vr, vc), = [c for c, h in k.squares() if h.is_volcano]
    got = set(k.fire_targets((vr, vc), craters))
    want = {c for c, h in k.squares()
            if not h.is_volcano and king_distance(c, (vr, vc)) <= reach}
    assert got == want
    assert len(want) == (2 * reach + 1) ** 2 - 1 - (reach == 3)   # the hut in a corner


def test_fire_never_lands_on_volcano_fire_symbol_token_hut_or_empty() -> None:
    k = OriginsKingdom.from_text("V1 G1 L*2 / D H . / V2 F Q")
    targets = k.fire_targets((-1, -1), 1)
    assert targets == [(0, -1), (1, 0), (1, 1)]           # D, F, Q
    before = k.key()
    for target, words in [((-1, 0), "fire symbol"), ((-1, 1), "token is already"),
                          ((0, 0), "not a terrain square"), ((0, 1), "not a terrain square"),
                          ((1, -1), "a volcano"), ((3, 3), "flies 1–3")]:
        with pytest.raises(IllegalAction, match=words) as info:
            k.throw((-1, -1), 1, target)
        assert info.value.rule == "fire-landing"
        assert k.key() == before
    with pytest.raises(IllegalAction, match="must land") as info:
        k.throw((-1, -1), 1, None)
    assert info.value.rule == "fire-must-land" and k.key() == before
    with pytest.raises(IllegalAction, match="no 2-crater volcano"):
        k.throw((-1, -1), 2, (0, -1))


def test_token_goes_back_to_the_box_when_nothing_allows_it() -> None:
    k = OriginsKingdom.from_text("H V3 G2")
    assert k.fire_targets((0, 1), 3) == []
    assert k.throw((0, 1), 3, None).target is None
    assert k.tokens == {}


def test_fire_destroys_resources_and_cavemen() -> None:
    k = OriginsKingdom.from_text("H V1 G$ F@h")
    k.throw((0, 1), 1, (0, 2))
    assert (0, 2) not in k.resources and k.tokens == {(0, 2): 1}
    k2 = OriginsKingdom.from_text("H V1 G$ F@h")
    k2.throw((0, 1), 1, (0, 3))
    assert k2.cavemen == {} and k2.tokens == {(0, 3): 1}


# ----------------------------------------------------------------------------- Discovery
def test_discovery_regions_squares_times_fire() -> None:
    k = OriginsKingdom.from_text("""
        G  G1 L  L
        G* H  L2 L*1
        V2 V1 Q  D
    """.replace("G* ", "G*2 "))
    # grassland 3 squares × (1 + 2 token) = 9; lake 4 × (2 + 1) = 12; volcanoes 0;
    # quarry 1 × 0; desert 1 × 0
    assert k.score() == 21
    by_terrain = {r.terrain: r.score for r in k.regions()}
    assert by_terrain[Terrain.VOLCANO] == 0
    assert score_sheet(k).total == 21           # the supplementary rules are off by default
    # Empire of fire: every square within ±2 of the hut
    assert score_sheet(k, empire_of_fire=True).total == 21 + 10
    assert score_sheet(k, empire_of_fire=False).total == 21


def test_two_regions_of_one_terrain_score_apart() -> None:
    assert OriginsKingdom.from_text("G1 D G2 / . H G").score() == 1 + 2 * 2


def test_empire_of_fire_and_homo_habilis() -> None:
    full = OriginsKingdom.from_text("""
        G  G  D  D  D
        G1 G  D  D  D
        L  L  H  D  D
        L  L  Q  Q  Q
        F  F  Q  Q  Q1
    """)
    both = {"empire_of_fire": True, "homo_habilis": True}
    sheet = score_sheet(full, **both)
    assert (sheet.regions, sheet.empire_of_fire, sheet.homo_habilis) == (4 + 6, 10, 5)
    # supplementary rules: off unless asked for, each on its own
    assert (score_sheet(full).empire_of_fire, score_sheet(full).homo_habilis) == (0, 0)
    assert score_sheet(full).total == 4 + 6
    assert score_sheet(full, homo_habilis=True).total == 4 + 6 + 5
    assert score_sheet(full, empire_of_fire=True).total == 4 + 6 + 10
    full.discarded = 1
    assert score_sheet(full, **both).homo_habilis == 0
    gappy = OriginsKingdom.from_text("G1 . . / . H . / . . D")
    assert score_sheet(gappy, **both).empire_of_fire == 10
    assert score_sheet(gappy, **both).homo_habilis == 0
    assert score_sheet(gappy, empire_of_fire=False).empire_of_fire == 0


def test_ties_largest_region_then_fire_tokens() -> None:
    a = OriginsKingdom.from_text("H D D D / L1 . . .")      # 1, largest 3, no token
    b = OriginsKingdom.from_text("H L*1 D D")               # 1, largest 2, one token
    c = OriginsKingdom.from_text("H D*1 D / L . .")         # 2
    keys = [tiebreak_key(k, score_sheet(k)) for k in (a, b, c)]
    assert keys == [(1, 3, 0), (1, 2, 1), (2, 2, 1)]
    assert max(keys) == keys[2] and keys[0] > keys[1]
    # same total and largest region: the most fire tokens wins (the seed: "nhiều con dấu Lửa
    # nhất"), whatever the fire on them and whatever is printed
    d = OriginsKingdom.from_text("H Q1 F1 / D D .")         # 2, largest 2, two printed, no token
    e = OriginsKingdom.from_text("H L*1 L / D*1 D .")       # 2 + 2, largest 2, two 1-fire tokens
    f = OriginsKingdom.from_text("H L*2 L / D D .")         # 4, largest 2, one 2-fire token
    g = OriginsKingdom.from_text("H L*1 L*1 / D1 D .")      # 4 + 2, largest 2, two tokens
    assert [tiebreak_key(k, score_sheet(k)) for k in (d, e, f, g)] == [
        (2, 2, 0), (4, 2, 2), (4, 2, 1), (6, 2, 2)]
    assert tiebreak_key(e, score_sheet(e)) > tiebreak_key(f, score_sheet(f))


def test_the_symbols_reading_of_the_tie_break_counts_printed_and_token_fire() -> None:
    """The English rulebook's reading, an option: every fire symbol, printed and on tokens. Two
    territories tied on total and largest region where the readings disagree."""
    e = OriginsKingdom.from_text("H L*1 L / D*1 D .")       # 4, largest 2: 2 tokens, 2 symbols
    f = OriginsKingdom.from_text("H L*2 L / D D .")         # 4, largest 2: 1 token, 2 symbols
    h = OriginsKingdom.from_text("H L*1 L / D1 D .")        # 4, largest 2: 1 token, 2 symbols
    tokens = [tiebreak_key(k, score_sheet(k), "tokens") for k in (e, f, h)]
    symbols = [tiebreak_key(k, score_sheet(k), "symbols") for k in (e, f, h)]
    assert tokens == [(4, 2, 2), (4, 2, 1), (4, 2, 1)]      # e alone wins
    assert symbols == [(4, 2, 2), (4, 2, 2), (4, 2, 2)]     # all three share victory
    with pytest.raises(KingdominoError, match="fire_count must be one of tokens, symbols"):
        tiebreak_key(e, score_sheet(e), "flames")


# ----------------------------------------------------------------------------- Totem
def test_totem_score_resources_and_totems() -> None:
    k = OriginsKingdom.from_text("G$ G$ V1 / H L$ Q1 / F$ F*1 .")
    sheet = score_sheet(k, "totem", totems=[Resource.FISH, Resource.FLINT],
                        totem_bonus_values="scarcity")
    # regions: grassland 2 × 0, lake 1 × 0, quarry 1 × 1 = 1, forest 2 × 1 = 2
    assert (sheet.regions, sheet.resources, sheet.totems) == (3, 4, 4 + 6)
    assert score_sheet(k, "totem", totems=[Resource.FISH]).totems == 4   # scarcity, the default
    assert score_sheet(k, "totem", totems=[Resource.FISH], totem_bonus_values="flat").totems == 3
    assert score_sheet(k, "discovery").resources == 0
    assert totem_bonus([Resource.MAMMOTH], {Resource.MAMMOTH: 7}) == 7
    assert set(TOTEM_BONUSES) == {"flat", "scarcity"}


def test_totem_majorities() -> None:
    R = Resource
    holders, pending = update_totems({}, [{R.FISH: 2}, {R.FISH: 2}])
    assert holders[R.FISH] is None and not pending        # a tie: nobody takes it
    holders, _ = update_totems(holders, [{R.FISH: 2}, {R.FISH: 3}])
    assert holders[R.FISH] == 1
    holders, pending = update_totems(holders, [{R.FISH: 3}, {R.FISH: 3}])
    assert holders[R.FISH] == 1 and not pending          # holder among the tied keeps it
    holders, _ = update_totems(holders, [{R.FISH: 4}, {R.FISH: 3}])
    assert holders[R.FISH] == 0                           # majority lost: it passes
    holders, _ = update_totems(holders, [{R.FISH: 0}, {R.FISH: 0}])
    assert holders[R.FISH] is None


# ----------------------------------------------------------------------------- Tribe
def test_the_22_cavemen() -> None:
    assert len(CAVEMEN) == 22
    assert sum(not c.is_warrior for c in CAVEMEN) == 14
    assert sorted(c.power for c in CAVEMEN if c.is_warrior) == [1, 1, 1, 1, 2, 2, 2, 3]
    assert {c: c.points for c in Caveman if not c.is_warrior} == {
        Caveman.HUNTER: 3, Caveman.PAINTER: 2, Caveman.FISHING_CHILD: 3, Caveman.FIRE_LADY: 1,
        Caveman.GATHERER: 4, Caveman.SHAMAN: 2, Caveman.SCULPTOR: 5}


def test_hunter_gatherers_count_the_8_squares_around() -> None:
    k = OriginsKingdom.from_text("""
        G$  L$  F$  Q$
        G$  D@p D*1 Q$
        H   D@l D@s Q$
        G$  D@k D@h .
    """)
    pts = caveman_points(k)
    # painter: G$ L$ F$ G$ around = 4 resources; fire lady: one token; shaman: 4 cavemen
    painter = [c for c, m in k.cavemen.items() if m is Caveman.PAINTER][0]
    fire_lady = [c for c, m in k.cavemen.items() if m is Caveman.FIRE_LADY][0]
    shaman = [c for c, m in k.cavemen.items() if m is Caveman.SHAMAN][0]
    sculptor = [c for c, m in k.cavemen.items() if m is Caveman.SCULPTOR][0]
    hunter = [c for c, m in k.cavemen.items() if m is Caveman.HUNTER][0]
    assert pts[painter] == 2 * 4
    assert pts[fire_lady] == 1 * 1
    assert pts[shaman] == 2 * 4            # painter, fire lady, sculptor, hunter
    assert pts[sculptor] == 0              # no flint around (quarries are 2 columns away)
    assert pts[hunter] == 0                # no mammoth around
    assert score_sheet(k, "tribe").cavemen == 8 + 1 + 8


def test_fishing_child_gatherer_and_warrior_groups() -> None:
    k = OriginsKingdom.from_text("""
        L$ L$ F$ D@w D@w
        L$ D@c D@g D  D@o
        H  D@a D@a D@w D
    """)
    pts = caveman_points(k)
    # fishing child (1,1): 3 fish around → 9; gatherer (1,2): 1 mushroom → 4;
    # warriors: {w, w, o} top right → 3 × (1 + 1 + 3) = 15; {a, a, w} bottom → 3 × 5 = 15
    assert sorted(pts.values()) == [4, 9, 15, 15]
    assert score_sheet(k, "tribe").cavemen == 43
    assert score_sheet(k, "totem").cavemen == 0 and score_sheet(k, "tribe").resources == 0


# ----------------------------------------------------------------------------- notation
def test_notation_round_trip_random_territories() -> None:
    rng = random.Random(5)
    for _ in range(30):
        k = OriginsKingdom(with_resources=True)
        for d in rng.sample(list(CAT), 12):
            if k.can_place(d):
                p = rng.choice(k.legal_placements(d))
                k.place(p)
                for cell, craters in p.volcanoes():
                    targets = k.fire_targets(cell, craters)
                    k.throw(cell, craters, rng.choice(targets) if targets else None)
            else:
                k.discarded += 1
        free = k.settle_targets()
        for cell in rng.sample(free, min(2, len(free))):
            k.settle(cell, rng.choice(CAVEMEN))
        again = OriginsKingdom.from_text(k.to_text())
        assert again == k and again.to_text() == k.to_text()
        assert again.score() == k.score()


@pytest.mark.parametrize("text, where, words", [
    ("H X", "line 1, column 3", "unknown terrain"),
    ("H G / L3*1", "line 1, column 7", "fire symbol"),
    ("H D$", "line 1, column 3", "no resource icon"),
    ("H G@z", "line 1, column 3", "unknown caveman"),
    ("H G*4", "line 1, column 3", "1–3 fires"),
    ("H . H", "line 1, column 5", "a second hut"),
    ("G G", None, "no hut"),
    ("H V4", "line 1, column 3", "1–3 craters"),
])
def test_notation_errors(text: str, where: str | None, words: str) -> None:
    with pytest.raises(OriginsNotationError, match=words) as info:
        OriginsKingdom.from_text(text)
    if where:
        assert str(info.value).startswith(where)


def test_origins_and_kingdomino_dominoes_never_mix_in_the_core_caches() -> None:
    from kingdomino_kit import Kingdom, domino
    from kingdomino_kit.territory import _TABLES

    _TABLES.clear()       # so the Origins domino is the first of its number the core sees
    for n in (1, 21, 48):
        OriginsKingdom().legal_placements(CAT[n])        # Origins first, same numbers
        placements = Kingdom().legal_placements(domino(n))
        assert {p.domino for p in placements} == {domino(n)}
        origins = OriginsKingdom().legal_placements(CAT[n])
        assert {p.domino for p in origins} == {CAT[n]}
    k = OriginsKingdom.from_text("H L")
    with pytest.raises(IllegalPlacement, match=r"^domino 5 at"):
        k.place(Placement(dom(5, "G", "G"), (0, 3), (0, 4)))


def _random_territory(rng: random.Random, *, tribe: bool = False) -> OriginsKingdom:
    k = OriginsKingdom(with_resources=True)
    for d in rng.sample(list(CAT), 12):
        if k.can_place(d):
            p = rng.choice(k.legal_placements(d))
            k.place(p)
            for cell, craters in p.volcanoes():
                targets = k.fire_targets(cell, craters)
                k.throw(cell, craters, rng.choice(targets) if targets else None)
    if tribe:
        free = k.settle_targets()
        for cell in rng.sample(free, min(6, len(free))):
            k.settle(cell, rng.choice(CAVEMEN))
    return k


def _score_by_hand(k: OriginsKingdom) -> int:
    squares = dict(k.squares())
    seen: set[tuple[int, int]] = set()
    total = 0
    for start, half in squares.items():
        if start in seen or half.is_volcano:
            continue
        stack, region = [start], []
        seen.add(start)
        while stack:
            r, c = stack.pop()
            region.append((r, c))
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in squares and n not in seen and squares[n].terrain is half.terrain:
                    seen.add(n)
                    stack.append(n)
        total += len(region) * sum(squares[c].fire + k.tokens.get(c, 0) for c in region)
    return total


def _cavemen_by_hand(k: OriginsKingdom, fire_count: str = "tokens") -> int:
    total = 0
    for (r, c), man in k.cavemen.items():
        around = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
        if man.is_warrior:
            continue
        what = man.counts
        if what == "fire" and fire_count == "tokens":  # the fire lady: one per token
            total += man.points * sum(1 for cell in around if cell in k.tokens)
            continue
        if what == "fire":  # the symbols reading: printed symbols and fire on tokens, each counts
            squares = dict(k.squares())
            total += man.points * sum((squares[cell].fire if cell in squares else 0)
                                      + k.tokens.get(cell, 0) for cell in around)
            continue
        things = {"resource": set(k.resources), "caveman": set(k.cavemen)}.get(
            what, {c for c, r in k.resources.items() if r.value == what})  # type: ignore[arg-type]
        total += man.points * sum(1 for cell in around if cell in things)
    groups: list[set[tuple[int, int]]] = []
    for cell, man in k.cavemen.items():
        if man.is_warrior:
            joined = [g for g in groups if any(abs(cell[0] - a) + abs(cell[1] - b) == 1
                                               for a, b in g)]
            merged = {cell}.union(*joined)
            groups = [g for g in groups if g not in joined] + [merged]
    for g in groups:
        total += len(g) * sum(k.cavemen[c].power for c in g)
    return total


def test_scores_match_a_flood_fill_and_a_neighbour_count_written_here() -> None:
    rng = random.Random(11)
    for _ in range(40):
        k = _random_territory(rng, tribe=True)
        assert k.score() == _score_by_hand(k)
        assert sum(caveman_points(k).values()) == _cavemen_by_hand(k)
        assert score_sheet(k, "tribe").cavemen == _cavemen_by_hand(k)
        for reading in ("tokens", "symbols"):
            assert (score_sheet(k, "tribe", fire_count=reading).cavemen
                    == sum(caveman_points(k, reading).values()) == _cavemen_by_hand(k, reading))
        assert score_sheet(k, "totem").resources == len(k.resources)


def test_the_fire_lady_counts_fire_tokens() -> None:
    """1 point per fire token in her 8 surrounding squares (the seed: "1 điểm mỗi con dấu ngọn
    lửa"): a 1-fire and a 2-fire token next to her are 2 points; the printed G1 and the fire on
    the tokens count nothing, nor does the 3-fire token two squares away."""
    k = OriginsKingdom.from_text("H G1 G . / D*1 D@l L*2 D*3")
    assert caveman_points(k) == {(1, 1): 2}
    assert score_sheet(k, "tribe").cavemen == 2
    assert score_sheet(k, "tribe", fire_count="tokens").cavemen == 2


def test_the_fire_lady_under_the_symbols_reading_counts_printed_and_token_fire() -> None:
    """The English rulebook's reading, an option: every fire symbol around her, a printed G1 (1),
    the 1-fire token (1) and the 2-fire token (2); the 3-fire token is out of reach."""
    k = OriginsKingdom.from_text("H G1 G . / D*1 D@l L*2 D*3")
    assert caveman_points(k, "symbols") == {(1, 1): 1 + 1 + 2}
    assert score_sheet(k, "tribe", fire_count="symbols").cavemen == 4
    with pytest.raises(KingdominoError, match="fire_count"):
        score_sheet(k, "tribe", fire_count="all")


# The rulebook's "Domino Terrain Distribution" and box contents (English rulebook, transcribed
# independently of the sample CSV): squares by printed fire (or craters on a volcano), and the
# wooden resources, one per fire-free square of grassland, lake, jungle and quarry.
RULEBOOK_SQUARES = {
    "desert": {0: 20, 1: 2}, "grassland": {0: 16, 1: 3}, "lake": {0: 13, 1: 4},
    "quarry": {0: 9, 1: 2, 2: 2}, "forest": {0: 11, 1: 3, 2: 1},
}
RULEBOOK_CRATERS = {1: 5, 2: 4, 3: 1}
RULEBOOK_RESOURCES = {"mammoth": 16, "fish": 13, "mushroom": 11, "flint": 9}


def test_the_illustrative_catalogue_matches_every_published_total() -> None:
    squares: dict[str, Counter[int]] = {}
    craters: Counter[int] = Counter()
    icons: Counter[str] = Counter()
    catalogue = sample_catalogue()
    for d in catalogue:
        for half in d.halves:
            if half.is_volcano:
                craters[half.craters] += 1
                continue
            squares.setdefault(half.terrain.value, Counter())[half.fire] += 1
            if half.fire == 0 and half.terrain.resource is not None:
                icons[half.terrain.resource.value] += 1
    assert {t: dict(c) for t, c in squares.items()} == RULEBOOK_SQUARES
    assert dict(craters) == RULEBOOK_CRATERS == TOKEN_SUPPLY   # a fire token per volcano
    assert dict(icons) == RULEBOOK_RESOURCES
    assert sum(sum(c.values()) for c in squares.values()) + sum(craters.values()) == 96
    assert catalogue.illustrative and "ILLUSTRATIVE" in catalogue.name
