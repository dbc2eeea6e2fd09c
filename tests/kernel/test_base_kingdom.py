"""BaseKingdom, the placement rules for any game's dominoes: a made-up game of three terrains
built on the hook here (its own halves, dominoes, placements and centre tile) is played at
random and cross-checked against the slow reference in tests/reference.py, which knows nothing
of bitboards."""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass
from enum import Enum

import pytest

from kingdomino_kit import IllegalPlacement, Kingdom, KingdominoError, Placement, domino
from kingdomino_kit.dominoes import DominoBase
from kingdomino_kit.kingdom import BaseKingdom
from tests import reference


class Ground(Enum):
    SEA = "sea"
    SAND = "sand"
    ROCK = "rock"


@dataclass(frozen=True)
class Tile:
    """A half of the made-up game: a ground and 0–3 shells."""

    ground: Ground
    shells: int = 0

    @property
    def terrain_index(self) -> int:
        return list(Ground).index(self.ground)

    @property
    def count(self) -> int:
        return self.shells


class Piece(DominoBase[Tile]):
    """A domino of the made-up game."""


class Drop(Placement):
    """A placement of the made-up game (a subclass, as Origins has)."""

    __slots__ = ()


class Island(BaseKingdom[Tile, Drop]):
    __slots__ = ()

    terrains = tuple(Ground)
    centre = "lighthouse"
    placement = Drop

    @classmethod
    def half(cls, terrain_index: int, count: int) -> Tile:
        return Tile(tuple(Ground)[terrain_index], count)


def pieces(rng: random.Random, n: int) -> list[Piece]:
    """n random pieces, numbered 1.. (the same numbers as Kingdomino's dominoes, on purpose)."""
    def tile() -> Tile:
        return Tile(rng.choice(list(Ground)), rng.randrange(4))

    out = []
    for number in range(1, n + 1):
        first = tile()
        out.append(Piece(number, first, first if rng.random() < 0.2 else tile()))
    return out


def grid_of(island: Island) -> reference.Grid:
    """The island square by square through its public API, as the reference's grid."""
    return {cell: key(tile) for cell, tile in island.squares()}


def key(tile: Tile) -> tuple[str, int]:
    return (tile.ground.value, tile.shells)


@pytest.mark.parametrize("size, seed", [(5, 1), (5, 2), (7, 3), (7, 4)])
def test_legal_placements_of_another_game_match_the_slow_reference(size: int, seed: int) -> None:
    rng = random.Random(seed)
    island = Island(size)
    placed = reference.grow_checked(island, pieces(rng, 40), key, rng)
    assert placed == len(island.history) > 0
    assert all(type(p) is Drop for p in island.legal_placements(Piece(99, *[Tile(Ground.SEA)] * 2)))
    assert len(island) == 2 * len(island.history) > 0


def test_regions_of_another_game_match_a_flood_fill() -> None:
    rng = random.Random(5)
    island = Island()
    for piece in pieces(rng, 30):
        options = island.legal_placements(piece)
        if options:
            island.push(rng.choice(options))
    groups = list(island.groups())
    mine = sorted((list(Ground)[t].value, len(cells), count) for t, cells, count in groups)
    assert mine == reference.properties(grid_of(island))
    cells = [c for _, group, _ in groups for c in group]
    assert sorted(cells) == sorted(cell for cell, _ in island.squares())


def test_illegal_placements_name_the_rule_the_real_number_and_the_centre() -> None:
    island = Island()
    piece = Piece(7, Tile(Ground.SEA), Tile(Ground.ROCK, 2))
    with pytest.raises(IllegalPlacement, match=r"^domino 7 at \(0, 2\),\(0, 3\) breaks the "
                       r"connection rule: neither half touches the lighthouse") as info:
        island.place(Drop(piece, (0, 2), (0, 3)))
    assert info.value.rule == "connection" and len(island) == 0
    with pytest.raises(IllegalPlacement, match=r"already holds the lighthouse"):
        island.place(Drop(piece, (0, 0), (0, 1)))
    island.place((piece, (0, 1), (0, 2)))            # a plain tuple becomes the game's placement
    assert type(island.history[0]) is Drop
    assert island.undo().domino is piece and len(island) == 0


def test_the_shared_state_operations_keep_the_subclass() -> None:
    island = Island.from_squares({(0, 1): Tile(Ground.SAND, 3), (1, 1): Tile(Ground.SEA)}, 7)
    assert type(island) is Island and island.size == 7
    assert island.at((0, 1)) == Tile(Ground.SAND, 3) and island.at((0, 0)) is None
    assert island.bounds == (0, 1, 0, 1) and island.is_centred() and not island.is_full()
    assert not Island.from_squares({(0, 4): Tile(Ground.SAND)}, 7).is_centred()   # 4 > 3
    other = island.copy()
    assert type(other) is Island and other == island
    other.push(Drop(Piece(1, Tile(Ground.ROCK), Tile(Ground.ROCK)), (0, -1), (-1, -1)))
    assert other != island and island.at((0, -1)) is None
    again = pickle.loads(pickle.dumps(other))
    assert type(again) is Island and again.key() == other.key()
    assert type(again.history[0]) is Drop and again.at((-1, -1)) == Tile(Ground.ROCK)
    with pytest.raises(KingdominoError, match="size must be 5 or 7"):
        Island(6)


def test_a_kingdom_and_another_games_territory_never_compare_equal() -> None:
    assert Kingdom() != Island() and Island() != Kingdom()
    assert Kingdom() == Kingdom() and Island() == Island()


def test_kingdomino_and_another_game_share_the_placement_caches_without_mixing() -> None:
    """Pieces numbered like Kingdomino's dominoes, alternately asked for: each game gets its own
    placements, of its own type, holding its own domino."""
    rng = random.Random(6)
    mine = pieces(rng, 48)
    for _ in range(2):
        for number in (1, 13, 48):
            core = Kingdom().legal_placements(domino(number))
            assert {type(p) for p in core} == {Placement}
            assert {p.domino for p in core} == {domino(number)}
            made_up = Island().legal_placements(mine[number - 1])
            assert {type(p) for p in made_up} == {Drop}
            assert {p.domino for p in made_up} == {mine[number - 1]}
