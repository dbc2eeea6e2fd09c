"""The catalogue of the 48 dominoes."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from kingdomino_kit import DOMINOES, KingdominoError, Terrain, UnknownDomino, domino, dominoes
from kingdomino_kit.dominoes import Half, load_catalogue
from tests import reference

# Totals stated by the rules, independent of the CSV.
EXPECTED = {
    Terrain.WHEAT: (26, 5),
    Terrain.FOREST: (22, 6),
    Terrain.LAKE: (18, 6),
    Terrain.GRASSLAND: (14, 6),
    Terrain.SWAMP: (10, 6),
    Terrain.MINE: (6, 10),
}


def test_48_dominoes_numbered_1_to_48() -> None:
    assert [d.number for d in DOMINOES] == list(range(1, 49))
    assert all(domino(n) is DOMINOES[n - 1] for n in range(1, 49))


def test_per_terrain_totals() -> None:
    squares: Counter[Terrain] = Counter()
    crowns: Counter[Terrain] = Counter()
    for d in DOMINOES:
        for half in d.halves:
            squares[half.terrain] += 1
            crowns[half.terrain] += half.crowns
    assert {t: (squares[t], crowns[t]) for t in Terrain} == EXPECTED
    assert sum(squares.values()) == 96 and sum(crowns.values()) == 39


def test_known_dominoes() -> None:
    assert (domino(48).first, domino(48).second) == (Half(Terrain.WHEAT), Half(Terrain.MINE, 3))
    assert str(domino(44).second) == "S2"
    assert [d.number for d in DOMINOES if d.is_double] == list(range(1, 13))


def test_catalogue_matches_the_reference_listing() -> None:
    listing = reference.catalogue()
    assert sorted(listing) == list(range(1, 49))
    for d in DOMINOES:
        halves = tuple((h.terrain.letter, h.crowns) for h in d.halves)
        assert halves == listing[d.number], d


def test_dominoes_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        domino(1).number = 2  # type: ignore[misc]


@pytest.mark.parametrize("bad", [0, 49, -1, "x", "4.5"])
def test_unknown_domino(bad: object) -> None:
    with pytest.raises(UnknownDomino) as info:
        domino(bad)  # type: ignore[arg-type]
    assert isinstance(info.value, KingdominoError)
    assert "1–48" in str(info.value)


def test_dominoes_from_a_list() -> None:
    assert [d.number for d in dominoes("48, 1,2")] == [48, 1, 2]
    assert len(dominoes("all")) == 48


def test_catalogue_errors_name_the_line() -> None:
    header = "number,left_terrain,left_crowns,right_terrain,right_crowns\n"
    with pytest.raises(KingdominoError, match="line 3"):
        load_catalogue(header + "1,wheat,0,lake,0\n2,desert,0,lake,0\n")
    with pytest.raises(KingdominoError, match="line 2.*crowns"):
        load_catalogue(header + "1,wheat,4,lake,0\n")
    with pytest.raises(KingdominoError, match="header"):
        load_catalogue("n,a,b\n1,2,3\n")
