"""Terrains, squares and dominoes of Kingdomino Origins, read from a catalogue CSV.

The printed list of the 48 Origins dominoes is not public, so the kit reads it from a CSV that
owners of the game can type in. The columns are::

    number,left_terrain,left_fire,left_craters,right_terrain,right_fire,right_craters

``*_terrain`` is grassland, lake, forest, quarry, desert or volcano (or its letter G L F Q D V);
``*_fire`` is the number of printed fire symbols (0–3, 0 on a volcano); ``*_craters`` is 1–3 on a
volcano and 0 elsewhere. Lines starting with ``#`` are comments. A square shows a resource icon
(where Totem and Tribe modes put a wooden resource) when its terrain has a resource and it shows
no fire symbol. Errors name the line.

The catalogue shipped with the kit, :func:`sample_catalogue`, is an ILLUSTRATIVE SAMPLE invented
for the kit, not the printed set.

>>> cat = sample_catalogue()
>>> cat.illustrative, len(cat), cat[21]
(True, 48, Domino(21, V1|D))
>>> load_catalogue("number,left_terrain,left_fire,left_craters,right_terrain,right_fire,"
...                "right_craters\\n1,volcano,0,4,lake,0,0\\n", "mine.csv")
Traceback (most recent call last):
...
kingdomino_kit.origins.errors.CatalogueError: mine.csv, line 2: left_craters: a volcano has 1–3 \
craters, not 4
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from importlib import resources
from pathlib import Path

from kingdomino_kit.dominoes import DominoBase, domino_number, number_list
from kingdomino_kit.errors import InvariantError
from kingdomino_kit.infra.untrusted import JSON_LIMIT, check_text, read_file, shown
from kingdomino_kit.origins.errors import CatalogueError, OriginsError

__all__ = ["Terrain", "Resource", "Half", "Domino", "Catalogue", "COLUMNS", "load_catalogue",
           "read_catalogue", "sample_catalogue", "earlier_samples", "EARLIER_SAMPLES",
           "THROW_DISTANCE"]

COLUMNS = ("number", "left_terrain", "left_fire", "left_craters",
           "right_terrain", "right_fire", "right_craters")

THROW_DISTANCE = {1: 3, 2: 2, 3: 1}
"""Craters (= fire on the token thrown) → the farthest the token may land (king moves)."""


class Terrain(Enum):
    """The six Origins terrains; ``index`` 0–5 is the order below.

    >>> Terrain.parse("Q"), Terrain.VOLCANO.letter, Terrain.LAKE.resource
    (<Terrain.QUARRY: 'quarry'>, 'V', <Resource.FISH: 'fish'>)
    """

    GRASSLAND = "grassland"
    LAKE = "lake"
    FOREST = "forest"
    QUARRY = "quarry"
    DESERT = "desert"
    VOLCANO = "volcano"

    @property
    def letter(self) -> str:
        """The one-letter code of the text notation (``G L F Q D V``)."""
        return self.name[0]

    @property
    def index(self) -> int:
        """Position 0–5 in the order grassland, lake, forest, quarry, desert, volcano."""
        return _INDEX[self]

    @property
    def resource(self) -> Resource | None:
        """The resource its icons show (None for desert and volcano)."""
        return _RESOURCE_OF.get(self)

    @classmethod
    def parse(cls, name: str) -> Terrain:
        """The terrain named (``"lake"``) or lettered (``"L"``); jungle is an alias of forest."""
        if not isinstance(name, str):
            raise OriginsError(f"a terrain is named by text, not {shown(name)}")
        key = name.strip().lower()
        if key == "jungle":
            key = "forest"
        for terrain in cls:
            if key in (terrain.value, terrain.letter.lower()):
                return terrain
        raise OriginsError(f"unknown terrain {name!r} (expected grassland, lake, forest, quarry,"
                           " desert or volcano)")


class Resource(Enum):
    """The four wooden resources and the terrain each lies on.

    >>> [r.terrain.value for r in Resource]
    ['grassland', 'lake', 'forest', 'quarry']
    """

    MAMMOTH = "mammoth"
    FISH = "fish"
    MUSHROOM = "mushroom"
    FLINT = "flint"

    @property
    def terrain(self) -> Terrain:
        """The terrain whose squares carry this resource."""
        return next(t for t, r in _RESOURCE_OF.items() if r is self)


_INDEX = {terrain: i for i, terrain in enumerate(Terrain)}
_RESOURCE_OF = {Terrain.GRASSLAND: Resource.MAMMOTH, Terrain.LAKE: Resource.FISH,
                Terrain.FOREST: Resource.MUSHROOM, Terrain.QUARRY: Resource.FLINT}


@dataclass(frozen=True, slots=True)
class Half:
    """One square of a domino: a terrain, printed fire symbols (0–3) and, on a volcano, craters.

    >>> h = Half(Terrain.VOLCANO, craters=2)
    >>> str(h), h.throw_distance, str(Half(Terrain.LAKE, 1)), Half(Terrain.LAKE).resource
    ('V2', 2, 'L1', <Resource.FISH: 'fish'>)
    """

    terrain: Terrain
    fire: int = 0
    craters: int = 0
    # terrain.index, stored once for the kingdom rules' bit planes (see kingdomino_kit.dominoes.
    # Square): an Enum's position is slow to look up on their hot paths
    terrain_index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.terrain, Terrain):
            raise OriginsError(f"not an Origins terrain: {shown(self.terrain)}")
        for name in ("fire", "craters"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise OriginsError(f"{name} must be a whole number 0–3, not {shown(value)}")
        object.__setattr__(self, "terrain_index", _INDEX[self.terrain])
        if not 0 <= self.fire <= 3:
            raise OriginsError(f"fire symbols must be 0–3, not {self.fire}")
        if self.terrain is Terrain.VOLCANO:
            if not 1 <= self.craters <= 3:
                raise OriginsError(f"a volcano has 1–3 craters, not {self.craters}")
            if self.fire:
                raise OriginsError("a volcano shows craters, not fire symbols")
        elif self.craters:
            raise OriginsError(f"only a volcano has craters, not a {self.terrain.value} square")

    @property
    def is_volcano(self) -> bool:
        """True for a volcano square."""
        return self.terrain is Terrain.VOLCANO

    @property
    def resource(self) -> Resource | None:
        """The resource icon it shows: its terrain's resource when it has no fire symbol."""
        return None if self.fire else self.terrain.resource

    @property
    def throw_distance(self) -> int:
        """How far its fire token may land (3, 2, 1 for 1, 2, 3 craters; 0 if not a volcano)."""
        return THROW_DISTANCE.get(self.craters, 0)

    @property
    def count(self) -> int:
        """Fire symbols, or craters on a volcano: the number written in the notation, and the
        number the kingdom rules store for the square (see :class:`kingdomino_kit.dominoes.
        Square`)."""
        return self.craters or self.fire

    def __str__(self) -> str:
        return self.terrain.letter + (str(self.count) if self.count else "")

    @classmethod
    def parse(cls, token: str) -> Half:
        """A half from its notation (``G``, ``L2``, ``V3``).

        >>> Half.parse("V3")
        Half(terrain=<Terrain.VOLCANO: 'volcano'>, fire=0, craters=3)
        """
        if not isinstance(token, str):
            raise OriginsError(f"a square in notation is text, not {type(token).__name__}")
        token = token.strip()
        terrain = Terrain.parse(token[:1])
        digits = token[1:]
        if digits and not (digits.isascii() and digits.isdigit() and len(digits) <= 3):
            raise OriginsError(f"cannot read square {token[:12]!r} (expected e.g. G, L2, V1)")
        count = int(digits) if digits else 0
        if terrain is Terrain.VOLCANO:
            return cls(terrain, 0, count)
        return cls(terrain, count)


@dataclass(frozen=True, slots=True, repr=False)
class Domino(DominoBase[Half]):
    """A numbered Origins domino; ``first`` is the half listed first (left) in the catalogue.

    >>> d = Domino(7, Half(Terrain.LAKE, 1), Half(Terrain.VOLCANO, craters=1))
    >>> d, d.fire, d.is_double, [h.craters for h in d.volcanoes]
    (Domino(7, L1|V1), 1, False, [1])
    """

    @property
    def fire(self) -> int:
        """Printed fire symbols on both halves."""
        return self.first.fire + self.second.fire

    @property
    def volcanoes(self) -> list[Half]:
        """Its volcano halves (each throws one fire token)."""
        return [h for h in self.halves if h.is_volcano]


@dataclass(frozen=True)
class Catalogue:
    """A numbered set of Origins dominoes and where it came from.

    >>> cat = sample_catalogue()
    >>> [d.number for d in cat.dominoes("1, 21")], cat.name
    ([1, 21], 'origins_sample.csv (ILLUSTRATIVE sample, not the printed set)')
    """

    dominoes_: tuple[Domino, ...]
    name: str = "catalogue"
    illustrative: bool = False

    def __len__(self) -> int:
        return len(self.dominoes_)

    def __iter__(self) -> Iterator[Domino]:
        return iter(self.dominoes_)

    def __getitem__(self, number: int) -> Domino:
        """Domino ``number`` (as numbered in the catalogue)."""
        return self.domino(number)

    def domino(self, number: object) -> Domino:
        """Domino ``number`` (an integer, or its digits as text); raises :class:`OriginsError`
        if the catalogue has none."""
        n = domino_number(number, OriginsError)
        found = self._by_number().get(n)
        if found is None:
            raise OriginsError(f"domino {n} is not in {self.name} (numbers "
                               f"{min(self._by_number())}–{max(self._by_number())})")
        return found

    def dominoes(self, numbers: str | list[int] | tuple[int, ...]) -> list[Domino]:
        """Several dominoes from numbers or a comma list (``"3,17"``; ``"all"``)."""
        if isinstance(numbers, str) and numbers.strip().lower() == "all":
            return list(self.dominoes_)
        return [self.domino(n) for n in number_list(numbers, OriginsError)]

    def _by_number(self) -> dict[int, Domino]:
        return {d.number: d for d in self.dominoes_}


def load_catalogue(text: str, source: str = "catalogue", *, illustrative: bool = False
                   ) -> Catalogue:
    """Read a catalogue CSV (see the module docstring); errors name ``source`` and the line.

    >>> load_catalogue("number,left_terrain,left_fire,left_craters,right_terrain,right_fire,"
    ...                "right_craters\\n1,G,1,0,V,0,2\\n").dominoes_
    (Domino(1, G1|V2),)
    """
    check_text(text, "catalogue", CatalogueError, JSON_LIMIT)
    lines = text.splitlines()
    rows = [(n, line) for n, line in enumerate(lines, start=1)
            if line.strip() and not line.lstrip().startswith("#")]
    if not rows:
        raise CatalogueError("empty: expected a header line " + ",".join(COLUMNS), source)
    header_line, header = rows[0]
    names = [c.strip() for c in _fields(header, source, header_line)]
    if tuple(names) != COLUMNS:
        for i, (got, want) in enumerate(zip(names, COLUMNS, strict=False), start=1):
            if got != want:
                raise CatalogueError(f"column {i} is {got!r}, expected {want!r} (header: "
                                     f"{','.join(COLUMNS)})", source, header_line)
        raise CatalogueError(f"the header has {len(names)} columns, expected {len(COLUMNS)}: "
                             + ",".join(COLUMNS), source, header_line)
    result: list[Domino] = []
    seen: dict[int, int] = {}
    for line_no, line in rows[1:]:
        values = [v.strip() for v in _fields(line, source, line_no)]
        if len(values) != len(COLUMNS):
            raise CatalogueError(f"{len(values)} values, expected {len(COLUMNS)}", source, line_no)
        row = dict(zip(COLUMNS, values, strict=True))
        dom = _read_row(row, source, line_no)
        if dom.number in seen:
            raise CatalogueError(f"domino {dom.number} is listed twice (first on line "
                                 f"{seen[dom.number]})", source, line_no)
        seen[dom.number] = line_no
        result.append(dom)
    if not result:
        raise CatalogueError("no dominoes after the header", source)
    return Catalogue(tuple(result), source, illustrative)


def _read_row(row: dict[str, str], source: str, line_no: int) -> Domino:
    def integer(column: str) -> int:
        text = row[column]
        if not (text.isascii() and text.isdigit()) or len(text) > 6:
            raise CatalogueError(f"{column}: {text[:12]!r} is not a whole number (up to six "
                                 "digits)", source, line_no)
        return int(text)

    number = integer("number")
    if number < 1:
        raise CatalogueError(f"number: must be 1 or more, not {number}", source, line_no)
    halves = []
    for side in ("left", "right"):
        try:
            terrain = Terrain.parse(row[f"{side}_terrain"])
        except OriginsError as error:
            raise CatalogueError(f"{side}_terrain: {error}", source, line_no) from None
        fire, craters = integer(f"{side}_fire"), integer(f"{side}_craters")
        if terrain is Terrain.VOLCANO and not 1 <= craters <= 3:
            raise CatalogueError(f"{side}_craters: a volcano has 1–3 craters, not {craters}",
                                 source, line_no)
        if terrain is not Terrain.VOLCANO and craters:
            raise CatalogueError(f"{side}_craters: only a volcano has craters (this square is "
                                 f"{terrain.value}), not {craters}", source, line_no)
        if not 0 <= fire <= 3 or (fire and terrain is Terrain.VOLCANO):
            raise CatalogueError(f"{side}_fire: must be 0–3 (0 on a volcano), not {fire}",
                                 source, line_no)
        halves.append(Half(terrain, fire, craters))
    return Domino(number, halves[0], halves[1])


def read_catalogue(path: str | Path) -> Catalogue:
    """Read a catalogue CSV file (errors name the file and line)."""
    return load_catalogue(read_file(path, "catalogue", OriginsError), Path(path).name)


FIELD_LIMIT = 100
"""Characters of one value of a catalogue line at most (the longest real one is a terrain's
name); a longer one is refused before the CSV reader sees it."""


def _fields(line: str, source: str, line_no: int) -> list[str]:
    """The values of one CSV line; an overlong or malformed line is a :class:`CatalogueError`
    naming it."""
    if len(line) > FIELD_LIMIT * (len(COLUMNS) + 1):
        raise CatalogueError(f"a line of {len(line):,} characters: not a catalogue line",
                             source, line_no)
    try:
        return next(csv.reader([line]), [])
    except csv.Error as error:
        raise CatalogueError(f"not a CSV line ({error})", source, line_no) from None


@cache
def sample_catalogue() -> Catalogue:
    """The ILLUSTRATIVE sample of 48 dominoes shipped with the kit (not the printed set)."""
    text = resources.files("kingdomino_kit.origins").joinpath("data/origins_sample.csv")
    cat = load_catalogue(text.read_text(encoding="utf-8"),
                         "origins_sample.csv (ILLUSTRATIVE sample, not the printed set)",
                         illustrative=True)
    if not [d.number for d in cat] == list(range(1, 49)):
        raise InvariantError("expected [d.number for d in cat] == list(range(1, 49))")
    return cat


EARLIER_SAMPLES = ("origins_sample_v1.csv",)
"""The samples the kit shipped before :func:`sample_catalogue` (the first one, corrected since
to match the rulebook's published totals): a log played with one of them still replays."""


@cache
def earlier_samples() -> tuple[Catalogue, ...]:
    """The catalogues of :data:`EARLIER_SAMPLES`, oldest first.

    >>> [c.name for c in earlier_samples()]
    ['origins_sample_v1.csv (the ILLUSTRATIVE sample before its correction)']
    """
    folder = resources.files("kingdomino_kit.origins").joinpath("data")
    return tuple(load_catalogue(folder.joinpath(name).read_text(encoding="utf-8"),
                                f"{name} (the ILLUSTRATIVE sample before its correction)",
                                illustrative=True)
                 for name in EARLIER_SAMPLES)
