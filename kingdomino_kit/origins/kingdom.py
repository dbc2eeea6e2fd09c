"""One player's Origins territory, on the kingdom rules every game of the kit shares.

The layout (which square holds which terrain, the hut, the 5×5 or 7×7 size and connection rules)
is a :class:`Layout`: the kernel's :class:`~kingdomino_kit.kingdom.BaseKingdom` with Origins'
terrain alphabet, halves and placements (each square's fire symbols, or a volcano's craters, as
its printed number). The hut is the centre tile: wild for the connection rule, in no region. On
top of the layout this class keeps the fire tokens, the wooden resources and the cavemen.

>>> from kingdomino_kit.origins import sample_catalogue
>>> cat = sample_catalogue()
>>> k = OriginsKingdom()
>>> k.place(Placement(cat[36], (0, 1), (0, 2)))        # V1|G1 right of the hut
>>> k.fire_targets((0, 1), 1)                          # the grassland shows fire: nowhere
[]
>>> k.place(Placement(cat[18], (1, 0), (1, 1)))        # F|G below
>>> k.throw((0, 1), 1, (1, 1)).target
(1, 1)
>>> print(k)
H  V1 G1
F  G*1 .
>>> k.score()                    # two 1-square grassland regions with 1 fire each
2
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from kingdomino_kit.grid import Cell, Geometry, geometry
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.kingdom import BaseKingdom
from kingdomino_kit.kingdom import Placement as CorePlacement
from kingdomino_kit.origins.catalogue import Domino, Half, Resource, Terrain
from kingdomino_kit.origins.errors import IllegalAction
from kingdomino_kit.origins.fire import Throw, king_distance, within
from kingdomino_kit.origins.notation import (
    Contents,
    contents_from_json,
    contents_to_json,
    read_text,
    write_text,
)
from kingdomino_kit.origins.tribe import Caveman

__all__ = ["Layout", "OriginsKingdom", "Placement", "Region", "parse_text",
           "territory_from_json"]

_TERRAINS = tuple(Terrain)


class Placement(CorePlacement):
    """An Origins domino put on two adjacent cells; ``first`` takes the first half. The core's
    placement (cells, :meth:`shifted`) with the volcanoes it brings.

    >>> from kingdomino_kit.origins import sample_catalogue
    >>> p = Placement(sample_catalogue()[36], (0, 1), (1, 1))
    >>> p.cells, p.shifted(1, 0).volcanoes()
    (((0, 1), (1, 1)), [((1, 1), 1)])
    """

    __slots__ = ()

    domino: Domino  # type: ignore[assignment]  # an Origins domino in the core's field

    def __new__(cls, domino: Domino, first: Cell, second: Cell) -> Placement:
        return super().__new__(cls, domino, first, second)  # type: ignore[arg-type]

    def volcanoes(self) -> list[tuple[Cell, int]]:
        """(cell, craters) of each volcano half: each throws a token of that many fires."""
        return [(cell, half.craters) for half, cell in zip(self.domino.halves, self.cells,
                                                           strict=True) if half.is_volcano]


class Layout(BaseKingdom[Half, Placement]):
    """The squares of a territory under the shared placement rules: Origins terrains in the
    kernel's bit planes, fire symbols (craters on a volcano) as each square's printed number,
    the hut as the wild centre tile.

    >>> from kingdomino_kit.origins import sample_catalogue
    >>> layout, v1_d = Layout(), sample_catalogue()[21]
    >>> len(layout.legal_placements(v1_d))      # 12 cell pairs by the hut × 2 orientations
    24
    >>> layout.place(Placement(v1_d, (0, 1), (0, 2)))
    >>> layout.at((0, 1))
    Half(terrain=<Terrain.VOLCANO: 'volcano'>, fire=0, craters=1)
    >>> layout.place(Placement(v1_d, (2, 2), (2, 3)))
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.IllegalPlacement: domino 21 at (2, 2),(2, 3) breaks the connection \
rule: neither half touches the hut or a square of its own terrain
    """

    __slots__ = ()

    terrains = _TERRAINS
    centre = "hut"
    placement = Placement

    @classmethod
    def half(cls, terrain_index: int, count: int) -> Half:
        """The Origins half of that terrain: ``count`` fire symbols, or craters on a volcano.

        >>> Layout.half(5, 2), Layout.half(1, 1)
        (Half(terrain=<Terrain.VOLCANO: 'volcano'>, fire=0, craters=2), \
Half(terrain=<Terrain.LAKE: 'lake'>, fire=1, craters=0))
        """
        terrain = _TERRAINS[terrain_index]
        if terrain is Terrain.VOLCANO:
            return Half(terrain, 0, count)
        return Half(terrain, count)


@dataclass(frozen=True)
class Region:
    """A maximal orthogonally connected set of squares of one terrain.

    ``fire`` counts printed symbols plus fire on tokens; a volcano region scores nothing.

    >>> Region(Terrain.LAKE, ((0, 1), (0, 2)), fire=3, tokens=1).score
    6
    >>> Region(Terrain.VOLCANO, ((0, 1),), fire=0, tokens=0).score
    0
    """

    terrain: Terrain
    cells: tuple[Cell, ...]
    fire: int
    tokens: int

    @property
    def squares(self) -> int:
        """How many squares it has."""
        return len(self.cells)

    @property
    def score(self) -> int:
        """Squares × fire (0 without fire, 0 for a volcano region)."""
        return 0 if self.terrain is Terrain.VOLCANO else len(self.cells) * self.fire


class OriginsKingdom:
    """A territory of size 5 (default) or 7 (Neolithic): layout, fire tokens, resources, cavemen.

    ``with_resources`` (Totem and Tribe modes): each placed square showing a resource icon gets
    its wooden resource.
    """

    def __init__(self, size: int = 5, *, with_resources: bool = False) -> None:
        self.layout = Layout(size)
        self.with_resources = with_resources
        self.tokens: dict[Cell, int] = {}
        self.resources: dict[Cell, Resource] = {}
        self.cavemen: dict[Cell, Caveman] = {}
        self.discarded = 0

    # ----------------------------------------------------------------- basic queries
    @property
    def size(self) -> int:
        """5 or 7."""
        return self.layout.size

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(min row, max row, min column, max column) of the hut and every square."""
        return self.layout.bounds

    @property
    def history(self) -> list[Placement]:
        """The placements made, oldest first (a territory read from notation has none)."""
        return self.layout.history

    @property
    def geometry(self) -> Geometry:
        """The shared bitboard geometry of this size."""
        return geometry(self.size)

    def __len__(self) -> int:
        """Number of terrain squares (the hut not counted)."""
        return len(self.layout)

    def at(self, cell: Cell) -> Half | None:
        """The half on ``cell`` (None for an empty cell or the hut)."""
        return self.layout.at(cell)

    def squares(self) -> Iterator[tuple[Cell, Half]]:
        """Every terrain square with its half, by terrain then row-major."""
        yield from self.layout.squares()

    def copy(self) -> OriginsKingdom:
        """An independent copy."""
        k = OriginsKingdom.__new__(OriginsKingdom)
        k.layout = self.layout.copy()
        k.with_resources = self.with_resources
        k.tokens = dict(self.tokens)
        k.resources = dict(self.resources)
        k.cavemen = dict(self.cavemen)
        k.discarded = self.discarded
        return k

    def key(self) -> tuple[object, ...]:
        """A hashable value equal for equal territories (history and discards aside)."""
        return (self.layout.key(), tuple(sorted(self.tokens.items())),
                tuple(sorted((c, r.value) for c, r in self.resources.items())),
                tuple(sorted((c, m.value) for c, m in self.cavemen.items())))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OriginsKingdom):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    # ----------------------------------------------------------------- placing dominoes
    def legal_placements(self, dom: Domino) -> list[Placement]:
        """Every distinct legal placement of ``dom`` (the core's rules; the hut is wild).

        >>> from kingdomino_kit.origins import sample_catalogue
        >>> len(OriginsKingdom().legal_placements(sample_catalogue()[1]))
        24
        """
        return self.layout.legal_placements(dom)

    def can_place(self, dom: Domino) -> bool:
        """True if ``dom`` has a legal placement (else it must be discarded)."""
        return self.layout.can_place(dom)

    def check(self, placement: Placement) -> None:
        """Raise :class:`IllegalPlacement` naming the broken rule, or return if legal."""
        self.layout.check(placement)

    def place(self, placement: Placement) -> None:
        """Put a domino in (checked); its wooden resources come with it when ``with_resources``.
        Fire is thrown separately with :meth:`throw`. An illegal placement changes nothing."""
        placement = self.layout.checked(placement)
        self.check(placement)
        self.push(placement)

    def push(self, placement: Placement) -> None:
        """Place a placement known to be legal, without checks (for search code)."""
        dom = placement.domino
        self.layout.push(placement)
        if self.with_resources:
            for half, cell in zip(dom.halves, placement.cells, strict=True):
                if half.resource is not None:
                    self.resources[cell] = half.resource

    # ----------------------------------------------------------------- fire
    def fire_targets(self, volcano: Cell, fire: int) -> list[Cell]:
        """Cells a ``fire``-fire token thrown from ``volcano`` may land on, row-major: terrain
        squares within reach (3, 2, 1 king moves), not a volcano, no fire symbol, no token."""
        reach = 4 - fire
        out = []
        for cell in within(volcano, reach):
            half = self.at(cell)
            if half is None or half.is_volcano or half.fire or cell in self.tokens:
                continue
            out.append(cell)
        return out

    def throw(self, volcano: Cell, fire: int, target: Cell | None) -> Throw:
        """Land a fire token (None: back to the box, only when no square is allowed).

        Destroys the resource or caveman on the target. An illegal landing raises
        :class:`IllegalAction` and changes nothing.
        """
        volcano = _cell(volcano, "volcano")
        if isinstance(fire, bool) or not isinstance(fire, int):
            raise IllegalAction(f"fire: a token has 1–3 fires, not {shown(fire)}", "fire-source")
        half = self.at(volcano)
        if half is None or not half.is_volcano or half.craters != fire:
            raise IllegalAction(f"no {fire}-crater volcano at {volcano}", "fire-source")
        targets = self.fire_targets(volcano, fire)
        if target is None:
            if targets:
                raise IllegalAction(f"the {fire}-fire token must land: {len(targets)} squares "
                                    "allow it", "fire-must-land")
            return Throw(volcano, fire, None)
        target = _cell(target, "target")
        if target not in targets:
            raise IllegalAction(self._why_not(volcano, fire, target), "fire-landing")
        self.tokens[target] = fire
        self.resources.pop(target, None)
        self.cavemen.pop(target, None)
        return Throw(volcano, fire, target)

    def _why_not(self, volcano: Cell, fire: int, target: Cell) -> str:
        where = f"a {fire}-fire token from {volcano} cannot land on {target}"
        half = self.at(target)
        if king_distance(volcano, target) > 4 - fire or target == volcano:
            return f"{where}: it flies 1–{4 - fire} squares (king moves)"
        if half is None:
            return f"{where}: not a terrain square of the territory"
        if half.is_volcano:
            return f"{where}: a volcano"
        if half.fire:
            return f"{where}: the square shows a fire symbol"
        return f"{where}: a fire token is already there"

    # ----------------------------------------------------------------- resources and cavemen
    def resource_counts(self) -> dict[Resource, int]:
        """Wooden resources still on the territory, by kind (every kind listed)."""
        counts = dict.fromkeys(Resource, 0)
        for resource in self.resources.values():
            counts[resource] += 1
        return counts

    def settle_targets(self) -> list[Cell]:
        """Squares a caveman may go on: a terrain square, not a volcano, with no fire symbol,
        fire token, resource or caveman (the kit's reading of the rules), row-major."""
        return sorted(cell for cell, half in self.squares()
                      if not half.is_volcano and not half.fire and cell not in self.tokens
                      and cell not in self.resources and cell not in self.cavemen)

    def spend(self, cell: Cell) -> Resource:
        """Take the wooden resource on ``cell`` back to the box (to recruit)."""
        cell = _cell(cell, "spend")
        if cell not in self.resources:
            raise IllegalAction(f"no wooden resource on {cell}", "spend")
        return self.resources.pop(cell)

    def settle(self, cell: Cell, caveman: Caveman) -> None:
        """Put a recruited caveman on ``cell`` (checked against :meth:`settle_targets`).

        >>> OriginsKingdom.from_text("H G").settle((0, 1), None)
        Traceback (most recent call last):
        ...
        kingdomino_kit.origins.errors.IllegalAction: not a caveman: None (settle rule)
        """
        if not isinstance(caveman, Caveman):
            raise IllegalAction(f"not a caveman: {shown(caveman)}", "settle")
        cell = _cell(cell, "settle")
        if cell not in self.settle_targets():
            raise IllegalAction(f"a caveman cannot go on {cell}: it needs a terrain square with "
                                "no volcano, fire symbol, token, resource or caveman", "settle")
        self.cavemen[cell] = caveman

    # ----------------------------------------------------------------- scoring
    def regions(self) -> list[Region]:
        """Every region, with fire symbols and tokens counted, by terrain then position."""
        out = []
        for t, cells, count in self.layout.groups():
            terrain = _TERRAINS[t]
            tokens = [self.tokens[c] for c in cells if c in self.tokens]
            printed = 0 if terrain is Terrain.VOLCANO else count
            out.append(Region(terrain, cells, printed + sum(tokens), len(tokens)))
        return out

    def score(self) -> int:
        """Discovery score without bonuses: Σ squares × fire over the regions."""
        return sum(r.score for r in self.regions())

    def is_empire_of_fire(self) -> bool:
        """True if the hut is at the centre of the territory (complete or not)."""
        return self.layout.is_centred()

    def is_complete(self) -> bool:
        """True if all size × size squares are filled."""
        return self.layout.is_full()

    def largest_region(self) -> int:
        """Squares in the largest region, with or without fire (the first tie-break)."""
        return max((r.squares for r in self.regions()), default=0)

    def fire_symbols(self, cell: Cell | None = None) -> int:
        """Fire symbols on ``cell`` — printed on its square plus those on a fire token there — or,
        with no cell, on the whole territory (the second tie-break).

        >>> k = OriginsKingdom.from_text("H G1 L*2")
        >>> k.fire_symbols((0, 1)), k.fire_symbols((0, 2)), k.fire_symbols()
        (1, 2, 3)
        """
        if cell is None:
            return sum(h.fire for _, h in self.squares()) + sum(self.tokens.values())
        half = self.at(cell)
        return (half.fire if half is not None else 0) + self.tokens.get(cell, 0)

    # ----------------------------------------------------------------- notation
    def contents(self) -> Contents:
        """What the notation records of the territory (see :mod:`kingdomino_kit.origins.
        notation`); the dicts are copies.

        >>> OriginsKingdom.from_text("H L*2").contents().tokens
        {(0, 1): 2}
        """
        return Contents(dict(self.squares()), dict(self.tokens), dict(self.resources),
                        dict(self.cavemen), self.with_resources, self.discarded)

    @classmethod
    def from_contents(cls, contents: Contents, size: int = 5) -> OriginsKingdom:
        """A territory holding ``contents`` (checked only to fit size × size: no placement rule);
        wooden resources are in play if ``contents`` says so, or (None) if any lies there.

        >>> from kingdomino_kit.origins.catalogue import Half, Terrain
        >>> print(OriginsKingdom.from_contents(Contents({(0, -1): Half(Terrain.DESERT, 2)})))
        D2 H
        """
        with_resources = contents.with_resources
        if with_resources is None:
            with_resources = bool(contents.resources)
        kingdom = cls(size, with_resources=with_resources)
        kingdom.layout = Layout.from_squares(contents.squares, size)
        kingdom.tokens = dict(contents.tokens)
        kingdom.resources = dict(contents.resources)
        kingdom.cavemen = dict(contents.cavemen)
        kingdom.discarded = contents.discarded
        return kingdom

    def to_text(self) -> str:
        """The text notation (see :mod:`kingdomino_kit.origins.notation`)."""
        return write_text(self.contents())

    @classmethod
    def from_text(cls, text: str, size: int = 5, *, with_resources: bool | None = None
                  ) -> OriginsKingdom:
        """Read the text notation (see :mod:`kingdomino_kit.origins.notation`);
        ``with_resources`` defaults to whether any ``$`` shows."""
        return parse_text(text, size, with_resources=with_resources)[0]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, format ``kingdomino-origins-territory/1``
        (see :func:`kingdomino_kit.origins.notation.contents_to_json`).

        >>> OriginsKingdom.from_text("H L*2").to_json()["squares"][0]["token"]
        2
        """
        return contents_to_json(self.size, self.contents())

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> OriginsKingdom:
        """Read what :meth:`to_json` wrote (a dict or a JSON string); errors name the field.

        >>> k = OriginsKingdom.from_text("G$ V2 / H F@g")
        >>> OriginsKingdom.from_json(k.to_json()) == k
        True
        """
        size, contents = contents_from_json(data)
        return cls.from_contents(contents, size)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        size = "" if self.size == 5 else f", size={self.size}"
        return f"OriginsKingdom.from_text({self.to_text().replace(chr(10), ' / ')!r}{size})"

    def _repr_svg_(self) -> str:
        from kingdomino_kit.origins.render import origins_svg

        return origins_svg(self)

    def _repr_html_(self) -> str:
        """The picture inline, an image with alt text (as ``Kingdom._repr_html_``)."""
        return self._repr_svg_()


def _cell(value: Any, what: str) -> Cell:
    """A (row, column) pair of integers, or :class:`IllegalAction` naming ``what``."""
    if (isinstance(value, (tuple, list)) and len(value) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in value)):
        return (value[0], value[1])
    rule = {"volcano": "fire-source", "spend": "spend", "settle": "settle"}.get(what,
                                                                               "fire-landing")
    raise IllegalAction(f"{what}: a cell is a (row, column) pair of integers, not "
                        f"{shown(value)}", rule)


def parse_text(text: str, size: int = 5, *, with_resources: bool | None = None
               ) -> tuple[OriginsKingdom, Cell]:
    """Read a territory in the text notation (:mod:`kingdomino_kit.origins.notation`) and the
    hut's (row, column) in the text's frame. Errors name the line and character column;
    ``with_resources`` defaults to whether any ``$`` shows.

    >>> territory, hut = parse_text("D . / H L3")
    >>> hut, territory.score()
    ((1, 0), 3)
    """
    contents, hut = read_text(text, size)
    if with_resources is not None:
        contents = replace(contents, with_resources=with_resources)
    return OriginsKingdom.from_contents(contents, size), hut


def territory_from_json(data: dict[str, Any] | str) -> OriginsKingdom:
    """Read a territory from its JSON (:meth:`OriginsKingdom.from_json`); an error is one line
    naming the field.

    >>> territory_from_json({"squares": [{"row": 0, "col": 1, "terrain": "lake", "token": 7}]})
    Traceback (most recent call last):
    ...
    kingdomino_kit.origins.errors.OriginsNotationError: squares[0].token: must be 1–3, not 7
    """
    return OriginsKingdom.from_json(data)
