"""Terrains, dominoes and the catalogue of the 48 Kingdomino dominoes.

The catalogue ships as package data (``data/kingdomino_dominoes.csv``), the list agreed by five
independent public listings of the printed game.

>>> d = domino(48)
>>> d
Domino(48, W|M3)
>>> d.first.terrain, d.second.crowns
(<Terrain.WHEAT: 'wheat'>, 3)
>>> len(DOMINOES)
48
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from enum import Enum
from importlib import resources
from typing import Generic, Protocol, TypeVar

from kingdomino_kit.errors import InvariantError, KingdominoError, UnknownDomino
from kingdomino_kit.infra.untrusted import shown

__all__ = ["Terrain", "Half", "Domino", "DominoBase", "Square", "DOMINOES", "domino", "dominoes",
           "domino_number", "load_catalogue", "number_list"]


class Terrain(Enum):
    """The six terrains of Kingdomino.

    >>> Terrain.from_letter("G")
    <Terrain.GRASSLAND: 'grassland'>
    >>> Terrain.MINE.letter
    'M'
    """

    WHEAT = "wheat"
    FOREST = "forest"
    LAKE = "lake"
    GRASSLAND = "grassland"
    SWAMP = "swamp"
    MINE = "mine"

    @property
    def letter(self) -> str:
        """The one-letter code used in the text notation (``W F L G S M``)."""
        return _LETTERS[self]

    @property
    def index(self) -> int:
        """Position 0–5 in the order wheat, forest, lake, grassland, swamp, mine."""
        return _INDEX[self]

    @classmethod
    def from_letter(cls, letter: str) -> Terrain:
        """The terrain of a text-notation letter; raises :class:`KingdominoError` if unknown."""
        try:
            return _BY_LETTER[letter.upper()]
        except (KeyError, AttributeError):
            raise KingdominoError(f"unknown terrain letter {shown(letter)}") from None

    @classmethod
    def parse(cls, name: str) -> Terrain:
        """The terrain named ``name`` (``"wheat"``) or lettered (``"W"``).

        >>> Terrain.parse("Lake")
        <Terrain.LAKE: 'lake'>
        """
        if not isinstance(name, str):
            raise KingdominoError(f"a terrain is named by text, not {shown(name)}")
        key = name.strip().lower()
        for terrain in cls:
            if terrain.value == key or terrain.letter.lower() == key:
                return terrain
        raise KingdominoError(f"unknown terrain {shown(name)}")


TERRAINS: tuple[Terrain, ...] = tuple(Terrain)
_LETTERS = {
    Terrain.WHEAT: "W",
    Terrain.FOREST: "F",
    Terrain.LAKE: "L",
    Terrain.GRASSLAND: "G",
    Terrain.SWAMP: "S",
    Terrain.MINE: "M",
}
_BY_LETTER = {letter: terrain for terrain, letter in _LETTERS.items()}
_INDEX = {terrain: i for i, terrain in enumerate(TERRAINS)}


@dataclass(frozen=True, slots=True)
class Half:
    """One half (square) of a domino: a terrain and 0–3 crowns.

    >>> str(Half(Terrain.GRASSLAND, 2))
    'G2'
    """

    terrain: Terrain
    crowns: int = 0
    # terrain.index, stored once: an Enum's hash is slow on the hot paths of the rules
    terrain_index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.terrain, Terrain):
            raise KingdominoError(f"not a terrain: {shown(self.terrain)}")
        if isinstance(self.crowns, bool) or not isinstance(self.crowns, int) or \
                not 0 <= self.crowns <= 3:
            raise KingdominoError(f"crowns must be 0–3, not {shown(self.crowns)}")
        object.__setattr__(self, "terrain_index", _INDEX[self.terrain])

    @property
    def count(self) -> int:
        """The number printed on the square as the kingdom rules store it (see :class:`Square`):
        its crowns."""
        return self.crowns

    def __str__(self) -> str:
        return self.terrain.letter + (str(self.crowns) if self.crowns else "")


class Square(Protocol):
    """What the kingdom rules (:class:`kingdomino_kit.kingdom.BaseKingdom`) read of a half, in any
    game: the index of its terrain in the game's terrain alphabet, and the number printed on it
    (0–3: Kingdomino's crowns, Origins' fire symbols or a volcano's craters). A half of another
    game needs only these two to be placed by the shared rules.

    >>> square: Square = Half(Terrain.MINE, 2)
    >>> square.terrain_index, square.count
    (5, 2)
    """

    @property
    def terrain_index(self) -> int:
        """Position of its terrain in the game's alphabet (the bit plane it is stored in)."""

    @property
    def count(self) -> int:
        """The number printed on it, 0–3."""


H = TypeVar("H")


@dataclass(frozen=True, slots=True, repr=False)
class DominoBase(Generic[H]):
    """A numbered domino of two halves, whatever a half is (Kingdomino, Origins); ``first`` is
    the half listed first in the catalogue.

    >>> DominoBase(5, "a", "a").is_double, DominoBase(5, "a", "b")
    (True, Domino(5, a|b))
    """

    number: int
    first: H
    second: H

    @property
    def halves(self) -> tuple[H, H]:
        """Both halves, first then second."""
        return (self.first, self.second)

    @property
    def is_double(self) -> bool:
        """True when both halves are the same (its two orientations give the same kingdom)."""
        return self.first == self.second

    def __repr__(self) -> str:
        return f"Domino({self.number}, {self.first}|{self.second})"


@dataclass(frozen=True, slots=True, repr=False)
class Domino(DominoBase[Half]):
    """A numbered Kingdomino domino; ``first`` is the half listed first in the catalogue.

    >>> d = domino(19)
    >>> d.number, str(d.first), str(d.second), d.crowns, d.is_double
    (19, 'W1', 'F', 1, False)
    """

    @property
    def crowns(self) -> int:
        """Crowns on both halves together."""
        return self.first.crowns + self.second.crowns


def load_catalogue(text: str, source: str = "catalogue") -> tuple[Domino, ...]:
    """Read a catalogue CSV (``number,left_terrain,left_crowns,right_terrain,right_crowns``).

    >>> load_catalogue("number,left_terrain,left_crowns,right_terrain,right_crowns\\n"
    ...                "1,wheat,0,lake,1\\n")
    (Domino(1, W|L1),)
    """
    reader = csv.DictReader(io.StringIO(text))
    expected = ["number", "left_terrain", "left_crowns", "right_terrain", "right_crowns"]
    if reader.fieldnames != expected:
        raise KingdominoError(f"{source}: header must be {','.join(expected)}")
    result = []
    for line, row in enumerate(reader, start=2):
        try:
            result.append(
                Domino(
                    int(row["number"]),
                    Half(Terrain.parse(row["left_terrain"]), int(row["left_crowns"])),
                    Half(Terrain.parse(row["right_terrain"]), int(row["right_crowns"])),
                )
            )
        except (KingdominoError, ValueError, TypeError, AttributeError) as error:
            raise KingdominoError(f"{source}, line {line}: {error}") from None
    return tuple(result)


def _load_packaged() -> tuple[Domino, ...]:
    text = resources.files("kingdomino_kit").joinpath("data/kingdomino_dominoes.csv").read_text()
    catalogue = load_catalogue(text, "kingdomino_dominoes.csv")
    if not [d.number for d in catalogue] == list(range(1, 49)):
        raise InvariantError("catalogue must list 1..48")
    return catalogue


DOMINOES: tuple[Domino, ...] = _load_packaged()
"""The 48 dominoes; ``DOMINOES[n - 1]`` is domino ``n``."""


def domino(number: object) -> Domino:
    """Domino ``number`` (1–48, an integer or its digits) from the catalogue.

    >>> domino("7")
    Domino(7, L|L)
    >>> domino(49)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.UnknownDomino: domino 49 does not exist (dominoes are numbered 1–48)
    """
    n = domino_number(number, UnknownDomino, " (dominoes are 1–48)")
    if not 1 <= n <= 48:
        raise UnknownDomino(f"domino {n} does not exist (dominoes are numbered 1–48)")
    return DOMINOES[n - 1]


def dominoes(numbers: str | list[int] | tuple[int, ...]) -> list[Domino]:
    """Several dominoes, from numbers or a comma list like ``"3,17,22"`` (or ``"all"``).

    >>> [d.number for d in dominoes("3, 17,22")]
    [3, 17, 22]
    >>> dominoes("1 2")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.UnknownDomino: domino '1 2' is not a number (separate the numbers with \
commas: 1,2)
    """
    if isinstance(numbers, str) and numbers.strip().lower() == "all":
        return list(DOMINOES)
    return [domino(n) for n in number_list(numbers, UnknownDomino)]


def domino_number(number: object, error: type[KingdominoError] = UnknownDomino,
                  note: str = "") -> int:
    """A domino number given as an integer (not a bool or a float) or as its digits in text.

    >>> domino_number(" 7"), domino_number(7)
    (7, 7)
    >>> domino_number(7.5)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.UnknownDomino: domino 7.5 is not a number
    """
    if isinstance(number, int) and not isinstance(number, bool):
        return number
    if isinstance(number, str):
        text = number.strip()
        if text.isascii() and text.isdigit() and len(text) <= 6:
            return int(text)
        if " " in text and all(p.isdigit() for p in text.split()):
            note = f" (separate the numbers with commas: {','.join(text.split())})"
    raise error(f"domino {shown(number)} is not a number{note}")


def number_list(numbers: object, error: type[KingdominoError] = UnknownDomino) -> list[object]:
    """The items of a comma list (``"3, 17,22"``; empty items skipped) or of a list or tuple.

    >>> number_list("3, 17,,22"), number_list((5,))
    (['3', '17', '22'], [5])
    """
    if isinstance(numbers, str):
        return [p.strip() for p in numbers.split(",") if p.strip()]
    if isinstance(numbers, (list, tuple, range)):
        return list(numbers)
    raise error(f"domino numbers: a comma list or a list of numbers, not {shown(numbers)}")
