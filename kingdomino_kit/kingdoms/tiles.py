"""Tiles and castles of Knizia's *Kingdoms*, and the supplies a game starts with.

Text tokens: ``+N`` resource, ``-N`` hazard (N = 1–6), ``^`` mountain, ``D`` dragon, ``$`` gold
mine, ``W`` wizard (2011 edition); a castle is a player letter ``a``–``d`` and its rank (``b3``).

>>> len(tile_set()), len(tile_set(wizard=True))
(22, 23)
>>> Tile.parse("-6"), str(Tile.parse("+3")), Castle.parse("b3")
(Tile.parse('-6'), '+3', Castle('b', 3))
>>> castle_supply(3)
{1: 3, 2: 3, 3: 2, 4: 1}
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum

from kingdomino_kit.kingdoms.errors import KingdomsError

__all__ = [
    "TileKind", "Tile", "Castle", "PLAYERS", "RANKS", "CASTLES_PER_RANK", "RANK1_BY_PLAYERS",
    "tile_set", "tile_counts", "castle_supply", "MOUNTAIN", "DRAGON", "GOLD_MINE", "WIZARD",
]

PLAYERS = "abcd"
"""Player letters in seat (clockwise) order."""
RANKS = (1, 2, 3, 4)
CASTLES_PER_RANK = {1: 4, 2: 3, 3: 2, 4: 1}
"""Castles of one colour in the box."""
RANK1_BY_PLAYERS = {2: 4, 3: 3, 4: 2}
"""Rank-1 castles each player takes, by player count (ranks 2–4: all of them)."""


class TileKind(Enum):
    """What a tile does when its row and column are scored."""

    RESOURCE = "resource"
    HAZARD = "hazard"
    MOUNTAIN = "mountain"
    DRAGON = "dragon"
    GOLD_MINE = "gold mine"
    WIZARD = "wizard"


_SYMBOLS = {TileKind.MOUNTAIN: "^", TileKind.DRAGON: "D", TileKind.GOLD_MINE: "$",
            TileKind.WIZARD: "W"}
_BY_SYMBOL = {s: k for k, s in _SYMBOLS.items()}


@dataclass(frozen=True)
class Tile:
    """One tile; ``value`` is the signed gold of a resource (+) or hazard (−), else 0.

    >>> Tile.parse("+5").value, Tile.parse("-3").kind.value, Tile.parse("$").kind.value
    (5, 'hazard', 'gold mine')
    """

    kind: TileKind
    value: int = 0

    def __post_init__(self) -> None:
        ok = {TileKind.RESOURCE: 1 <= self.value <= 6,
              TileKind.HAZARD: -6 <= self.value <= -1}.get(self.kind, self.value == 0)
        if not ok:
            raise KingdomsError(f"no {self.kind.value} tile of value {self.value}")

    def __lt__(self, other: object) -> bool:  # order by token, enum members don't compare
        if not isinstance(other, Tile):
            return NotImplemented
        return self._key() < other._key()

    def _key(self) -> tuple[int, int]:
        return (list(TileKind).index(self.kind), self.value)

    @property
    def is_resource(self) -> bool:
        """A tile that earns gold (+1 … +6)."""
        return self.kind is TileKind.RESOURCE

    @property
    def is_hazard(self) -> bool:
        """A tile that costs gold (−1 … −6)."""
        return self.kind is TileKind.HAZARD

    @classmethod
    def parse(cls, token: str) -> Tile:
        """The tile of a text token (``+4``, ``-6``, ``^``, ``D``, ``$``, ``W``).

        >>> Tile.parse("^").kind
        <TileKind.MOUNTAIN: 'mountain'>
        """
        if token in _BY_SYMBOL:
            return cls(_BY_SYMBOL[token])
        if len(token) == 2 and token[0] in "+-" and token[1] in "123456":
            kind = TileKind.RESOURCE if token[0] == "+" else TileKind.HAZARD
            return cls(kind, int(token))
        raise KingdomsError(f"unknown tile {token!r} (expected +1…+6, -1…-6, ^, D, $ or W)")

    def __str__(self) -> str:
        if self.kind in _SYMBOLS:
            return _SYMBOLS[self.kind]
        return f"{self.value:+d}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"


MOUNTAIN = Tile(TileKind.MOUNTAIN)
DRAGON = Tile(TileKind.DRAGON)
GOLD_MINE = Tile(TileKind.GOLD_MINE)
WIZARD = Tile(TileKind.WIZARD)


@dataclass(frozen=True, order=True)
class Castle:
    """A castle of ``player`` (``a``–``d``) of ``rank`` 1–4.

    >>> str(Castle("a", 4)), Castle.parse("c1").rank
    ('a4', 1)
    """

    player: str
    rank: int

    def __post_init__(self) -> None:
        if self.player not in PLAYERS:
            raise KingdomsError(f"no player {self.player!r} (players are a, b, c, d)")
        if self.rank not in RANKS:
            raise KingdomsError(f"no castle of rank {self.rank} (ranks are 1–4)")

    @classmethod
    def parse(cls, token: str) -> Castle:
        """The castle of a text token such as ``b3``."""
        if len(token) == 2 and token[0] in PLAYERS and token[1] in "1234":
            return cls(token[0], int(token[1]))
        raise KingdomsError(f"unknown castle {token!r} (expected a player a–d and a rank 1–4)")

    def __str__(self) -> str:
        return f"{self.player}{self.rank}"

    def __repr__(self) -> str:
        return f"Castle({self.player!r}, {self.rank})"


Piece = Tile | Castle


def tile_set(wizard: bool = False) -> tuple[Tile, ...]:
    """Every tile of the game in a fixed order: 12 resources, 6 hazards, 2 mountains, dragon,
    gold mine (and the wizard of the 2011 edition).

    >>> " ".join(map(str, tile_set(wizard=True)))
    '+1 +1 +2 +2 +3 +3 +4 +4 +5 +5 +6 +6 -1 -2 -3 -4 -5 -6 ^ ^ D $ W'
    """
    tiles = [Tile(TileKind.RESOURCE, v) for v in range(1, 7) for _ in range(2)]
    tiles += [Tile(TileKind.HAZARD, -v) for v in range(1, 7)]
    tiles += [MOUNTAIN, MOUNTAIN, DRAGON, GOLD_MINE]
    if wizard:
        tiles.append(WIZARD)
    return tuple(tiles)


def tile_counts(wizard: bool = False) -> Counter[Tile]:
    """How many of each tile the box holds.

    >>> tile_counts()[MOUNTAIN], tile_counts()[WIZARD]
    (2, 0)
    """
    return Counter(tile_set(wizard))


def castle_supply(players: int) -> dict[int, int]:
    """The castles each player takes, rank → count, for 2–4 players.

    >>> castle_supply(2)
    {1: 4, 2: 3, 3: 2, 4: 1}
    """
    if players not in RANK1_BY_PLAYERS:
        raise KingdomsError(f"Kingdoms is for 2–4 players, not {players}")
    return {1: RANK1_BY_PLAYERS[players], 2: 3, 3: 2, 4: 1}
