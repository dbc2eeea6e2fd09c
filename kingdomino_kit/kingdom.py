"""One player's kingdom: legal placements, properties, scores, text and JSON notation.

Cells are castle-relative (row, column) pairs, the castle at (0, 0), rows growing downward and
columns rightward; a kingdom may grow in any direction as long as it fits size × size.

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

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from kingdomino_kit.dominoes import TERRAINS, Domino, Half, Terrain, domino
from kingdomino_kit.errors import IllegalPlacement, KingdominoError
from kingdomino_kit.grid import DIRECTIONS, SIZES, Cell, Geometry, geometry
from kingdomino_kit.notation import (
    Squares,
    check_fits,
    read_text,
    squares_from_json,
    squares_to_json,
)

__all__ = [
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


class Kingdom:
    """A player's kingdom of size 5 (default) or 7, built by :meth:`place` and :meth:`undo`.

    Copying is cheap (a few ints): branch with :meth:`copy`.

    >>> k = Kingdom.from_text("G2 G . / C G .")
    >>> [(p.terrain.value, p.squares, p.crowns, p.score) for p in k.properties()]
    [('grassland', 3, 2, 6)]
    """

    __slots__ = ("_g", "_terrain", "_crown1", "_crown2", "_occ",
                 "_rmin", "_rmax", "_cmin", "_cmax", "_history")

    def __init__(self, size: int = 5) -> None:
        if size not in SIZES:
            raise KingdominoError(f"kingdom size must be 5 or 7, not {size}")
        g = geometry(size)
        self._g: Geometry = g
        self._terrain: list[int] = [0] * 6
        self._crown1 = 0  # bit 0 of each square's crown count
        self._crown2 = 0  # bit 1
        self._occ = g.castle_bit
        self._rmin = self._rmax = self._cmin = self._cmax = 0
        self._history: list[tuple[Placement, tuple[int, int, int, int]]] = []

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
    def history(self) -> list[Placement]:
        """The placements made with :meth:`place`, oldest first (what :meth:`undo` takes back)."""
        return [p for p, _ in self._history]

    def __len__(self) -> int:
        """Number of terrain squares (the castle not counted)."""
        return self._occ.bit_count() - 1

    def at(self, cell: Cell) -> Half | None:
        """The half on ``cell``, or None for an empty cell or the castle.

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
                return Half(TERRAINS[t], (1 if self._crown1 & bit else 0)
                            + (2 if self._crown2 & bit else 0))
        return None

    def squares(self) -> Iterator[tuple[Cell, Half]]:
        """Every terrain square with its half, row-major."""
        for t, mask in enumerate(self._terrain):
            for cell in self._g.cells(mask):
                yield cell, Half(TERRAINS[t], self._crowns_at(self._g.index(*cell)))

    def _crowns_at(self, i: int) -> int:
        return ((self._crown1 >> i) & 1) + 2 * ((self._crown2 >> i) & 1)

    def is_empty(self, cell: Cell) -> bool:
        """True if ``cell`` holds neither the castle nor a square (it may lie beyond the size)."""
        r, c = cell
        return not (self._g.contains(r, c) and self._occ >> self._g.index(r, c) & 1)

    def copy(self) -> Kingdom:
        """An independent copy (cheap: a few ints and a short list)."""
        k = Kingdom.__new__(Kingdom)
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
        if not isinstance(other, Kingdom):
            return NotImplemented
        return (self._g is other._g and self._terrain == other._terrain
                and self._crown1 == other._crown1 and self._crown2 == other._crown2)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def key(self) -> tuple[int, ...]:
        """A hashable value that equals for equal kingdoms (squares and size, not history)."""
        return (self._g.size, *self._terrain, self._crown1, self._crown2)

    # ----------------------------------------------------------------- placements
    def legal_placements(self, dom: Domino) -> list[Placement]:
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
        table = _placement_table(g, dom)
        out: list[Placement] = []
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

    def can_place(self, dom: Domino) -> bool:
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

    def check(self, placement: Placement) -> None:
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
                what = "the castle" if (r, c) == (0, 0) else "a square"
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
                f"{where} breaks the connection rule: neither half touches the castle or a "
                "square of its own terrain", "connection")

    def place(self, placement: Placement) -> None:
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
        if not isinstance(placement, Placement):
            placement = Placement(*placement)
        self.check(placement)
        self._history.append((placement, (self._rmin, self._rmax, self._cmin, self._cmax)))
        self._put(placement)

    def _put(self, placement: Placement) -> None:
        """Place without checks (callers have checked or generated the placement)."""
        g = self._g
        dom, (r1, c1), (r2, c2) = placement
        for half, r, c in ((dom.first, r1, c1), (dom.second, r2, c2)):
            self._set(g.index(r, c), half)
        self._rmin = min(self._rmin, r1, r2)
        self._rmax = max(self._rmax, r1, r2)
        self._cmin = min(self._cmin, c1, c2)
        self._cmax = max(self._cmax, c1, c2)

    def push(self, placement: Placement) -> None:
        """Place a placement known to be legal (from :meth:`legal_placements`) without checks;
        undoable. For search code; use :meth:`place` otherwise."""
        self._history.append((placement, (self._rmin, self._rmax, self._cmin, self._cmax)))
        self._put(placement)

    def _set(self, i: int, half: Half) -> None:
        bit = 1 << i
        self._occ |= bit
        self._terrain[half.terrain_index] |= bit
        if half.crowns & 1:
            self._crown1 |= bit
        if half.crowns & 2:
            self._crown2 |= bit

    def undo(self) -> Placement:
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
        for j in range(6):
            t[j] &= clear
        self._rmin, self._rmax, self._cmin, self._cmax = bounds
        return placement

    # ----------------------------------------------------------------- scoring
    def properties(self) -> list[Property]:
        """Every property, crowned or not, by terrain then position.

        >>> [p.squares for p in Kingdom.from_text("W W C W").properties()]
        [2, 1]
        """
        g = self._g
        out = []
        for t, mask in enumerate(self._terrain):
            for comp in g.components(mask):
                crowns = (comp & self._crown1).bit_count() + 2 * (comp & self._crown2).bit_count()
                out.append(Property(TERRAINS[t], tuple(g.cells(comp)), crowns))
        return out

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
        return self._rmin == -self._rmax and self._cmin == -self._cmax

    def is_harmony(self) -> bool:
        """True if all size × size cells are filled (no gap)."""
        return self._occ.bit_count() == self._g.size ** 2

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
    def from_squares(cls, squares: Squares, size: int = 5) -> Kingdom:
        """A kingdom holding castle-relative ``squares`` (checked only to fit size × size: no
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


# (size, number) -> (domino, table): the fast path for catalogue dominoes; a different domino
# with the same number (a user's own catalogue) gets its table from _TABLES_BY_VALUE.
_TABLES: dict[tuple[int, int], tuple[Domino, list[list[Placement]]]] = {}
_TABLES_BY_VALUE: dict[tuple[int, Domino], list[list[Placement]]] = {}


def _placement_table(g: Geometry, dom: Domino) -> list[list[Placement]]:
    """Interned placements of ``dom``: table[direction][bit index of the first half]."""
    entry = _TABLES.get((g.size, dom.number))
    if entry is not None and (entry[0] is dom or entry[0] == dom):
        return entry[1]
    table = _TABLES_BY_VALUE.get((g.size, dom))
    if table is None:
        table = []
        for dr, dc in DIRECTIONS:
            row: list[Placement] = []
            for i in range(g.span * g.stride):
                cell = g.cell_at(i)
                if cell is None:  # a pad bit: never a legal first half
                    row.append(None)  # type: ignore[arg-type]
                    continue
                r, c = cell
                row.append(Placement(dom, (r, c), (r + dr, c + dc)))
            table.append(row)
        _TABLES_BY_VALUE[(g.size, dom)] = table
    if entry is None:
        _TABLES[(g.size, dom.number)] = (dom, table)
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
