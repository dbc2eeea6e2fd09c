"""One player's kingdom: legal placements, properties, scores, text and JSON notation.

Cells are castle-relative (row, column) pairs, the castle at (0, 0), rows growing downward and
columns rightward; a kingdom may grow in any direction as long as it fits size × size.

The placement rules (adjacent halves, the size rule, the connection rule with a wild centre
tile) and the squares' bitboards are :class:`BaseKingdom`, written for any game's dominoes;
:class:`Kingdom` is Kingdomino's: its terrains, crowns, scoring and notation. Another game's
territory (:class:`kingdomino_kit.origins.kingdom.Layout`) is a sibling subclass that names its
own terrain alphabet, halves and placement type (see :class:`BaseKingdom`).

>>> k = Kingdom()
>>> len(k.legal_placements(domino(1)))     # a double domino: 12 distinct placements
12
>>> k.place(Placement(domino(41), (0, 1), (0, 2)))   # W|G2 right of the castle
>>> print(k)
C  W  G2
>>> k.score(), k.total(middle_kingdom=True)
(2, 2)
>>> k.undo().domino.number
41
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from kingdomino_kit.dominoes import TERRAINS, Domino, DominoBase, Half, Square, Terrain, domino
from kingdomino_kit.errors import IllegalPlacement, KingdominoError
from kingdomino_kit.grid import DIRECTIONS, SIZES, Cell, Geometry, geometry
from kingdomino_kit.notation import check_fits, read_text, squares_from_json, squares_to_json

__all__ = [
    "BaseKingdom",
    "Kingdom",
    "Placement",
    "Property",
    "MIDDLE_KINGDOM_BONUS",
    "HARMONY_BONUS",
    "domino",
    "kingdom_from",
    "parse_text",
]

MIDDLE_KINGDOM_BONUS = 10
HARMONY_BONUS = 5
JSON_FORMAT = "kingdomino-kingdom/1"


class Placement(NamedTuple):
    """A domino put on two adjacent cells; ``first`` takes the catalogue's first half.

    Origins placements (:class:`kingdomino_kit.origins.kingdom.Placement`) are a subclass.

    >>> p = Placement(domino(13), (0, 1), (1, 1))
    >>> p.cells
    ((0, 1), (1, 1))
    """

    domino: Domino
    first: Cell
    second: Cell

    @property
    def cells(self) -> tuple[Cell, Cell]:
        """Both cells, first half's cell first."""
        return (self.first, self.second)

    def shifted(self, dr: int, dc: int) -> Placement:
        """The same placement in a frame moved by (dr, dc), e.g. castle-relative → text frame.

        >>> Placement(domino(1), (0, 1), (0, 2)).shifted(2, 2).cells
        ((2, 3), (2, 4))
        """
        (r1, c1), (r2, c2) = self.first, self.second
        return self._replace(first=(r1 + dr, c1 + dc), second=(r2 + dr, c2 + dc))


@dataclass(frozen=True)
class Property:
    """A maximal orthogonally connected set of squares of one terrain.

    >>> Property(Terrain.GRASSLAND, ((0, 1), (0, 2), (1, 2)), 2).score
    6
    """

    terrain: Terrain
    cells: tuple[Cell, ...]
    crowns: int

    @property
    def squares(self) -> int:
        """How many squares the property has."""
        return len(self.cells)

    @property
    def score(self) -> int:
        """Squares × crowns (no crowns, no points)."""
        return len(self.cells) * self.crowns


H = TypeVar("H", bound=Square)
"""A game's half (Kingdomino's :class:`~kingdomino_kit.dominoes.Half`, Origins' own)."""
P = TypeVar("P", bound=Placement)
"""A game's placement type (:class:`Placement` or a subclass for that game's dominoes)."""
K = TypeVar("K", bound="BaseKingdom[Any, Any]")


class BaseKingdom(Generic[H, P]):
    """The squares of a kingdom-like territory and the placement rules, for any game's dominoes:
    two halves on adjacent empty cells, everything within size × size, and one half touching
    the centre tile (wild) or a square of its own terrain. Squares live on the shared
    :class:`~kingdomino_kit.grid.Geometry` bitboards, one bit plane per terrain of the game's
    alphabet and two for the number printed on each square (0–3).

    The hook for a game's pieces: a subclass names

    - ``terrains``, the game's terrain alphabet (a half's ``terrain_index`` is its position);
    - :meth:`half`, the game's half for a terrain index and a printed number (to read back);
    - ``placement``, the :class:`Placement` (sub)class that :meth:`legal_placements` builds;
    - ``centre``, what the centre tile is called in error messages.

    A half is anything with ``terrain_index`` and ``count`` (:class:`~kingdomino_kit.dominoes.
    Square`); a domino is a :class:`~kingdomino_kit.dominoes.DominoBase` of such halves. Scoring
    and notation are the game's (:class:`Kingdom` for Kingdomino).
    """

    __slots__ = ("_g", "_terrain", "_crown1", "_crown2", "_occ",
                 "_rmin", "_rmax", "_cmin", "_cmax", "_history")

    terrains: ClassVar[Sequence[Enum]]
    centre: ClassVar[str]
    placement: type[P]

    @classmethod
    def half(cls, terrain_index: int, count: int) -> H:
        """The game's half of terrain ``terrain_index`` showing ``count`` (0–3)."""
        raise NotImplementedError(f"{cls.__name__} names no half type")

    def __init__(self, size: int = 5) -> None:
        if size not in SIZES:
            raise KingdominoError(f"kingdom size must be 5 or 7, not {size}")
        g = geometry(size)
        self._g: Geometry = g
        self._terrain: list[int] = [0] * len(self.terrains)
        self._crown1 = 0  # bit 0 of each square's crown count
        self._crown2 = 0  # bit 1
        self._occ = g.castle_bit
        self._rmin = self._rmax = self._cmin = self._cmax = 0
        self._history: list[tuple[P, tuple[int, int, int, int]]] = []

    # ----------------------------------------------------------------- basic queries
    @property
    def size(self) -> int:
        """5 or 7: the kingdom must fit size × size, castle included."""
        return self._g.size

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(min row, max row, min column, max column) of the castle and every square."""
        return (self._rmin, self._rmax, self._cmin, self._cmax)

    @property
    def history(self) -> list[P]:
        """The placements made with :meth:`place`, oldest first (what :meth:`undo` takes back)."""
        return [p for p, _ in self._history]

    def __len__(self) -> int:
        """Number of terrain squares (the castle not counted)."""
        return self._occ.bit_count() - 1

    def at(self, cell: Cell) -> H | None:
        """The half on ``cell``, or None for an empty cell or the centre tile.

        >>> Kingdom.from_text("C W2").at((0, 1))
        Half(terrain=<Terrain.WHEAT: 'wheat'>, crowns=2)
        """
        r, c = cell
        if not self._g.contains(r, c):
            return None
        i = self._g.index(r, c)
        bit = 1 << i
        for t, mask in enumerate(self._terrain):
            if mask & bit:
                return self.half(t, (1 if self._crown1 & bit else 0)
                                 + (2 if self._crown2 & bit else 0))
        return None

    def squares(self) -> Iterator[tuple[Cell, H]]:
        """Every terrain square with its half, by terrain then row-major."""
        for t, mask in enumerate(self._terrain):
            for cell in self._g.cells(mask):
                yield cell, self.half(t, self._crowns_at(self._g.index(*cell)))

    def _crowns_at(self, i: int) -> int:
        return ((self._crown1 >> i) & 1) + 2 * ((self._crown2 >> i) & 1)

    def is_empty(self, cell: Cell) -> bool:
        """True if ``cell`` holds neither the castle nor a square (it may lie beyond the size)."""
        r, c = cell
        return not (self._g.contains(r, c) and self._occ >> self._g.index(r, c) & 1)

    def copy(self: K) -> K:
        """An independent copy (cheap: a few ints and a short list)."""
        k = type(self).__new__(type(self))
        k._g = self._g
        k._terrain = self._terrain.copy()
        k._crown1 = self._crown1
        k._crown2 = self._crown2
        k._occ = self._occ
        k._rmin, k._rmax, k._cmin, k._cmax = self._rmin, self._rmax, self._cmin, self._cmax
        k._history = self._history.copy()
        return k

    __copy__ = copy

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BaseKingdom) or type(other) is not type(self):
            return NotImplemented
        return (self._g is other._g and self._terrain == other._terrain
                and self._crown1 == other._crown1 and self._crown2 == other._crown2)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def key(self) -> tuple[int, ...]:
        """A hashable value that equals for equal kingdoms (squares and size, not history)."""
        return (self._g.size, *self._terrain, self._crown1, self._crown2)

    # ----------------------------------------------------------------- placements
    def legal_placements(self, dom: DominoBase[H]) -> list[P]:
        """Every distinct legal placement of ``dom`` (a double counts each layout once).

        >>> k = Kingdom()
        >>> len(k.legal_placements(domino(13)))   # W|F: 12 cell pairs × 2 orientations
        24
        """
        g = self._g
        occ = self._occ
        free = g.window(self._rmin, self._rmax, self._cmin, self._cmax) & ~occ
        if not free:
            return []
        castle = g.castle_bit
        w = g.stride
        m1 = self._terrain[dom.first.terrain_index] | castle
        m2 = self._terrain[dom.second.terrain_index] | castle
        near1 = ((m1 << 1) | (m1 >> 1) | (m1 << w) | (m1 >> w)) & free
        near2 = ((m2 << 1) | (m2 >> 1) | (m2 << w) | (m2 >> w)) & free
        table = _placement_table(g, dom, self.placement)
        out: list[P] = []
        # second half to the right (+1) / below (+w) / left (-1) / above (-w) of the first
        for d, s in enumerate(g.shifts[: 2 if dom.is_double else 4]):
            if s > 0:
                ok = free & (free >> s) & (near1 | (near2 >> s))
            else:
                ok = free & (free << -s) & (near1 | (near2 << -s))
            row = table[d]
            while ok:
                low = ok & -ok
                out.append(row[low.bit_length() - 1])
                ok ^= low
        return out

    def can_place(self, dom: DominoBase[H]) -> bool:
        """True if ``dom`` has at least one legal placement (else it must be discarded)."""
        g = self._g
        free = g.window(self._rmin, self._rmax, self._cmin, self._cmax) & ~self._occ
        if not free:
            return False
        castle = g.castle_bit
        m1 = self._terrain[dom.first.terrain_index] | castle
        m2 = self._terrain[dom.second.terrain_index] | castle
        near = (g.dilate(m1) | g.dilate(m2)) & free
        # a near cell with a free neighbour (either half may take it, rotation is free)
        return bool(near & g.dilate(free))

    def check(self, placement: P) -> None:
        """Raise :class:`IllegalPlacement` naming the broken rule, or return if legal.

        >>> Kingdom().check(Placement(domino(1), (0, 2), (0, 3)))
        Traceback (most recent call last):
        ...
        kingdomino_kit.errors.IllegalPlacement: domino 1 at (0, 2),(0, 3) breaks the connection \
rule: neither half touches the castle or a square of its own terrain
        """
        dom, (r1, c1), (r2, c2) = placement
        where = f"domino {dom.number} at ({r1}, {c1}),({r2}, {c2})"
        if abs(r1 - r2) + abs(c1 - c2) != 1:
            raise IllegalPlacement(f"{where}: the two halves must be on adjacent cells", "shape")
        rmin, rmax = min(self._rmin, r1, r2), max(self._rmax, r1, r2)
        cmin, cmax = min(self._cmin, c1, c2), max(self._cmax, c1, c2)
        n = self._g.size
        if rmax - rmin >= n or cmax - cmin >= n:
            raise IllegalPlacement(
                f"{where} breaks the size rule: the kingdom would span "
                f"{rmax - rmin + 1} rows × {cmax - cmin + 1} columns, more than {n}×{n}", "size")
        for r, c in ((r1, c1), (r2, c2)):
            if not self.is_empty((r, c)):
                what = f"the {self.centre}" if (r, c) == (0, 0) else "a square"
                raise IllegalPlacement(f"{where}: cell ({r}, {c}) already holds {what}",
                                       "occupied")
        g = self._g
        ok = False
        for half, (r, c) in ((dom.first, (r1, c1)), (dom.second, (r2, c2))):
            friends = self._terrain[half.terrain_index] | g.castle_bit
            if g.dilate(g.bit(r, c)) & friends:
                ok = True
        if not ok:
            raise IllegalPlacement(
                f"{where} breaks the connection rule: neither half touches the {self.centre} or "
                "a square of its own terrain", "connection")

    def place(self, placement: P) -> None:
        """Put a domino into the kingdom; an illegal placement raises and changes nothing.

        >>> k = Kingdom()
        >>> k.place(Placement(domino(1), (0, 2), (0, 3)))
        Traceback (most recent call last):
        ...
        kingdomino_kit.errors.IllegalPlacement: domino 1 at (0, 2),(0, 3) breaks the connection \
rule: neither half touches the castle or a square of its own terrain
        >>> len(k)
        0
        """
        if not isinstance(placement, self.placement):
            placement = self.placement(*placement)
        self.check(placement)
        self._history.append((placement, (self._rmin, self._rmax, self._cmin, self._cmax)))
        self._put(placement)

    def _put(self, placement: P) -> None:
        """Place without checks (callers have checked or generated the placement)."""
        g = self._g
        dom, (r1, c1), (r2, c2) = placement
        for half, r, c in ((dom.first, r1, c1), (dom.second, r2, c2)):
            self._set(g.index(r, c), half)
        self._rmin = min(self._rmin, r1, r2)
        self._rmax = max(self._rmax, r1, r2)
        self._cmin = min(self._cmin, c1, c2)
        self._cmax = max(self._cmax, c1, c2)

    def push(self, placement: P) -> None:
        """Place a placement known to be legal (from :meth:`legal_placements`) without checks;
        undoable. For search code; use :meth:`place` otherwise."""
        self._history.append((placement, (self._rmin, self._rmax, self._cmin, self._cmax)))
        self._put(placement)

    def _set(self, i: int, half: Square) -> None:
        bit = 1 << i
        self._occ |= bit
        self._terrain[half.terrain_index] |= bit
        count = half.count
        if count & 1:
            self._crown1 |= bit
        if count & 2:
            self._crown2 |= bit

    def undo(self) -> P:
        """Take back the last placement made with :meth:`place` and return it."""
        if not self._history:
            raise KingdominoError("nothing to undo: no placement was made in this kingdom")
        placement, bounds = self._history.pop()
        g = self._g
        clear = ~(g.bit(*placement.first) | g.bit(*placement.second))
        self._occ &= clear
        self._crown1 &= clear
        self._crown2 &= clear
        t = self._terrain
        for j in range(len(t)):
            t[j] &= clear
        self._rmin, self._rmax, self._cmin, self._cmax = bounds
        return placement

    # ----------------------------------------------------------------- regions and shape
    def groups(self) -> Iterator[tuple[int, tuple[Cell, ...], int]]:
        """Each maximal orthogonally connected set of squares of one terrain, by terrain index
        then position: (terrain index, its cells row-major, the sum of their printed numbers).

        >>> list(Kingdom.from_text("W W1 C W").groups())
        [(0, ((0, -2), (0, -1)), 1), (0, ((0, 1),), 0)]
        """
        g = self._g
        for t, mask in enumerate(self._terrain):
            for comp in g.components(mask):
                count = (comp & self._crown1).bit_count() + 2 * (comp & self._crown2).bit_count()
                yield t, tuple(g.cells(comp)), count

    def is_centred(self) -> bool:
        """True if the centre tile is exactly in the middle of the extent (gaps allowed)."""
        return self._rmin == -self._rmax and self._cmin == -self._cmax

    def is_full(self) -> bool:
        """True if all size × size cells are filled (no gap)."""
        return self._occ.bit_count() == self._g.size ** 2

    @classmethod
    def from_squares(cls: type[K], squares: Mapping[Cell, H], size: int = 5) -> K:
        """A territory holding centre-relative ``squares`` (checked only to fit size × size: no
        placement rule, no history to undo).

        >>> from kingdomino_kit.dominoes import Half, Terrain
        >>> print(Kingdom.from_squares({(0, 2): Half(Terrain.MINE, 3)}))
        C  .  M3
        """
        check_fits(squares, size)
        k = cls(size)
        g = k._g
        for (r, c), half in squares.items():
            k._set(g.index(r, c), half)
        rows = [r for r, _ in squares] + [0]
        cols = [c for _, c in squares] + [0]
        k._rmin, k._rmax, k._cmin, k._cmax = min(rows), max(rows), min(cols), max(cols)
        return k


class Kingdom(BaseKingdom[Half, Placement]):
    """A player's kingdom of size 5 (default) or 7, built by :meth:`place` and :meth:`undo`.

    Copying is cheap (a few ints): branch with :meth:`copy`.

    >>> k = Kingdom.from_text("G2 G . / C G .")
    >>> [(p.terrain.value, p.squares, p.crowns, p.score) for p in k.properties()]
    [('grassland', 3, 2, 6)]
    """

    __slots__ = ()

    terrains = TERRAINS
    centre = "castle"
    placement = Placement

    @classmethod
    def half(cls, terrain_index: int, count: int) -> Half:
        """A Kingdomino half: the terrain of that index with ``count`` crowns.

        >>> Kingdom.half(3, 2)
        Half(terrain=<Terrain.GRASSLAND: 'grassland'>, crowns=2)
        """
        return Half(TERRAINS[terrain_index], count)

    # ----------------------------------------------------------------- scoring
    def properties(self) -> list[Property]:
        """Every property, crowned or not, by terrain then position.

        >>> [p.squares for p in Kingdom.from_text("W W C W").properties()]
        [2, 1]
        """
        return [Property(TERRAINS[t], cells, crowns) for t, cells, crowns in self.groups()]

    def score(self) -> int:
        """The sum of squares × crowns over all properties (no bonuses).

        >>> Kingdom.from_text("W W W / W C W / W W .").score()   # 7 wheat, no crown
        0
        """
        g = self._g
        w = g.stride
        # Shift everything down to the kingdom's top-left corner: smaller ints, faster ops.
        base = g.index(self._rmin, self._cmin)
        c1, c2 = self._crown1 >> base, self._crown2 >> base
        crowned_all = (c1 | c2) << base
        total = 0
        for region in self._terrain:
            crowned = region & crowned_all
            if not crowned:
                continue
            region >>= base
            crowned >>= base
            while crowned:
                comp = crowned & -crowned
                while True:
                    grown = (comp | (comp << 1) | (comp >> 1) | (comp << w) | (comp >> w)) & region
                    if grown == comp:
                        break
                    comp = grown
                crowned ^= comp & crowned
                total += comp.bit_count() * ((comp & c1).bit_count() + 2 * (comp & c2).bit_count())
        return total

    def is_middle_kingdom(self) -> bool:
        """True if the castle is exactly in the centre of the kingdom's extent (gaps allowed).

        >>> Kingdom.from_text("W C W").is_middle_kingdom()
        True
        >>> Kingdom.from_text("C W").is_middle_kingdom()
        False
        """
        return self.is_centred()

    def is_harmony(self) -> bool:
        """True if all size × size cells are filled (no gap)."""
        return self.is_full()

    def bonus(self, *, middle_kingdom: bool = False, harmony: bool = False) -> int:
        """The bonus points of the optional rules that are switched on."""
        return ((MIDDLE_KINGDOM_BONUS if middle_kingdom and self.is_middle_kingdom() else 0)
                + (HARMONY_BONUS if harmony and self.is_harmony() else 0))

    def total(self, *, middle_kingdom: bool = False, harmony: bool = False) -> int:
        """Score plus the bonuses switched on."""
        return self.score() + self.bonus(middle_kingdom=middle_kingdom, harmony=harmony)

    def largest_property(self) -> int:
        """Squares in the largest property (the first tie-break)."""
        return max((c.bit_count() for m in self._terrain for c in self._g.components(m)),
                   default=0)

    def crowns(self) -> int:
        """Crowns in the whole kingdom (the second tie-break)."""
        return self._crown1.bit_count() + 2 * self._crown2.bit_count()

    def tiebreak_key(self, *, middle_kingdom: bool = False, harmony: bool = False
                     ) -> tuple[int, int, int]:
        """(total, largest property, crowns): the higher key wins; equal keys share victory.

        >>> Kingdom.from_text("C G1 G").tiebreak_key()
        (2, 2, 1)
        """
        return (self.total(middle_kingdom=middle_kingdom, harmony=harmony),
                self.largest_property(), self.crowns())

    # ----------------------------------------------------------------- notation
    @classmethod
    def from_text(cls, text: str, size: int = 5) -> Kingdom:
        """Read the text notation (rows on lines or separated by ``/``).

        >>> print(Kingdom.from_text("S . / C M3"))
        S  .
        C  M3
        """
        return cls.from_squares(read_text(text, size)[0], size)

    def to_text(self) -> str:
        """The text notation over the kingdom's extent; columns aligned, round-trips."""
        rows = []
        for r in range(self._rmin, self._rmax + 1):
            tokens = [self._token((r, c)) for c in range(self._cmin, self._cmax + 1)]
            rows.append(" ".join(t.ljust(2) for t in tokens).rstrip())
        return "\n".join(rows)

    def _token(self, cell: Cell) -> str:
        if cell == (0, 0):
            return "C"
        half = self.at(cell)
        return "." if half is None else str(half)

    def text_origin(self) -> Cell:
        """Where the castle stands in :meth:`to_text` (row, column), to move cells into that frame.

        >>> Kingdom.from_text("W . / W C").text_origin()
        (1, 1)
        """
        return (-self._rmin, -self._cmin)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        size = "" if self.size == 5 else f", size={self.size}"
        return f"Kingdom.from_text({self.to_text().replace(chr(10), ' / ')!r}{size})"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: format, size, and the squares (castle-relative, castle implied).

        >>> Kingdom.from_text("C L1").to_json()["squares"]
        [{'row': 0, 'col': 1, 'terrain': 'lake', 'crowns': 1}]
        """
        return squares_to_json(self.size, self.squares())

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> Kingdom:
        """Read what :meth:`to_json` wrote (a dict or a JSON string); errors name the field.

        >>> k = Kingdom.from_text("G2 G / C S")
        >>> Kingdom.from_json(k.to_json()) == k
        True
        """
        size, squares = squares_from_json(data)
        return cls.from_squares(squares, size)

    def _repr_svg_(self) -> str:
        from kingdomino_kit.render import kingdom_svg

        return kingdom_svg(self)


# (size, placement type, number) -> (domino, table): the fast path for catalogue dominoes; a
# different domino with the same number (a user's own catalogue) gets its table from
# _TABLES_BY_VALUE.
_TABLES: dict[tuple[int, Callable[..., Any], int], tuple[Any, list[list[Any]]]] = {}
_TABLES_BY_VALUE: dict[tuple[int, Callable[..., Any], Any], list[list[Any]]] = {}


def _placement_table(g: Geometry, dom: DominoBase[Any], placement: Callable[..., P]
                     ) -> list[list[P]]:
    """Interned placements of ``dom``: table[direction][bit index of the first half]."""
    entry = _TABLES.get((g.size, placement, dom.number))
    if entry is not None and (entry[0] is dom or entry[0] == dom):
        return entry[1]
    table = _TABLES_BY_VALUE.get((g.size, placement, dom))
    if table is None:
        table = []
        for dr, dc in DIRECTIONS:
            row: list[P] = []
            for i in range(g.span * g.stride):
                cell = g.cell_at(i)
                if cell is None:  # a pad bit: never a legal first half
                    row.append(None)  # type: ignore[arg-type]
                    continue
                r, c = cell
                row.append(placement(dom, (r, c), (r + dr, c + dc)))
            table.append(row)
        _TABLES_BY_VALUE[(g.size, placement, dom)] = table
    if entry is None:
        _TABLES[(g.size, placement, dom.number)] = (dom, table)
    return table


def kingdom_from(placements: Iterable[Placement], size: int = 5) -> Kingdom:
    """Build a kingdom by placing each placement in turn (each checked by the rules).

    >>> print(kingdom_from([Placement(domino(1), (0, 1), (0, 2)),
    ...                      Placement(domino(2), (1, 1), (1, 2))]))
    C  W  W
    .  W  W
    """
    k = Kingdom(size)
    for p in placements:
        k.place(p)
    return k


def parse_text(text: str, size: int = 5) -> tuple[Kingdom, Cell]:
    """Read a kingdom in the text notation (:mod:`kingdomino_kit.notation`) and the castle's
    (row, column) in the text's frame.

    >>> kingdom, castle = parse_text("G2 G . / C G W1")
    >>> castle, kingdom.score()
    ((1, 0), 7)
    """
    if size not in SIZES:
        raise KingdominoError(f"kingdom size must be 5 or 7, not {size}")
    squares, castle = read_text(text, size)
    return Kingdom.from_squares(squares, size), castle
