"""One player's kingdom: legal placements, properties, scores, text and JSON notation.

Cells are castle-relative (row, column) pairs, the castle at (0, 0), rows growing downward and
columns rightward; a kingdom may grow in any direction as long as it fits size × size.

The rules themselves — where a domino may go, what a kingdom scores — are those of the
:class:`~kingdomino_kit.bitkingdom.BitKingdom` a kingdom keeps its squares in; this module adds
the values people handle (:class:`Placement`, :class:`Property`), placing checked rule by rule,
undo, and notation.

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

from kingdomino_kit.bitkingdom import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS, BitKingdom
from kingdomino_kit.dominoes import TERRAINS, Domino, Half, Terrain, domino
from kingdomino_kit.errors import IllegalPlacement, KingdominoError
from kingdomino_kit.grid import DIRECTIONS, SIZES, Cell, Geometry
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

    __slots__ = ("_g", "_bits", "_history")

    def __init__(self, size: int = 5) -> None:
        self._bits = BitKingdom(size)
        self._g: Geometry = self._bits.geometry
        self._history: list[tuple[Placement, tuple[int, int, int, int]]] = []

    # ----------------------------------------------------------------- basic queries
    @property
    def size(self) -> int:
        """5 or 7: the kingdom must fit size × size, castle included."""
        return self._g.size

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(min row, max row, min column, max column) of the castle and every square."""
        b = self._bits
        return (b.rmin, b.rmax, b.cmin, b.cmax)

    @property
    def history(self) -> list[Placement]:
        """The placements made with :meth:`place`, oldest first (what :meth:`undo` takes back)."""
        return [p for p, _ in self._history]

    def __len__(self) -> int:
        """Number of terrain squares (the castle not counted)."""
        return self._bits.occupied.bit_count() - 1

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
        b = self._bits
        for t, mask in enumerate(b.terrain):
            if mask & bit:
                return Half(TERRAINS[t], (1 if b.crown1 & bit else 0)
                            + (2 if b.crown2 & bit else 0))
        return None

    def squares(self) -> Iterator[tuple[Cell, Half]]:
        """Every terrain square with its half, row-major."""
        g, b = self._g, self._bits
        for t, mask in enumerate(b.terrain):
            for cell in g.cells(mask):
                yield cell, Half(TERRAINS[t], b.crowns_at(g.index(*cell)))

    def is_empty(self, cell: Cell) -> bool:
        """True if ``cell`` holds neither the castle nor a square (it may lie beyond the size)."""
        r, c = cell
        return not (self._g.contains(r, c) and self._bits.occupied >> self._g.index(r, c) & 1)

    def copy(self) -> Kingdom:
        """An independent copy (cheap: a few ints and a short list)."""
        k = Kingdom.__new__(Kingdom)
        k._g = self._g
        k._bits = self._bits.copy()
        k._history = self._history.copy()
        return k

    __copy__ = copy

    def to_bits(self) -> BitKingdom:
        """The squares as a :class:`~kingdomino_kit.bitkingdom.BitKingdom` of their own (a copy,
        without history): the state for playouts and searches on bitboards.

        >>> k = Kingdom.from_text("C W1 W")
        >>> bits = k.to_bits()
        >>> bits.score(), bits.key() == k.key()
        (2, True)
        """
        return self._bits.copy()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Kingdom):
            return NotImplemented
        return self._bits == other._bits

    __hash__ = None  # type: ignore[assignment]  # mutable

    def key(self) -> tuple[int, ...]:
        """A hashable value that equals for equal kingdoms (squares and size, not history)."""
        return self._bits.key()

    # ----------------------------------------------------------------- placements
    def legal_placements(self, dom: Domino) -> list[Placement]:
        """Every distinct legal placement of ``dom`` (a double counts each layout once), in
        the order of :meth:`BitKingdom.legal_masks
        <kingdomino_kit.bitkingdom.BitKingdom.legal_masks>`: by direction, low bit first.

        >>> k = Kingdom()
        >>> len(k.legal_placements(domino(13)))   # W|F: 12 cell pairs × 2 orientations
        24
        """
        masks = self._bits.legal_masks(dom.first.terrain_index, dom.second.terrain_index,
                                       dom.is_double)
        out: list[Placement] = []
        for row, ok in zip(_placement_table(self._g, dom), masks, strict=True):
            while ok:
                low = ok & -ok
                out.append(row[low.bit_length() - 1])
                ok ^= low
        return out

    def can_place(self, dom: Domino) -> bool:
        """True if ``dom`` has at least one legal placement (else it must be discarded)."""
        return self._bits.can_place(dom.first.terrain_index, dom.second.terrain_index)

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
        b = self._bits
        rmin, rmax = min(b.rmin, r1, r2), max(b.rmax, r1, r2)
        cmin, cmax = min(b.cmin, c1, c2), max(b.cmax, c1, c2)
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
        if not (b.connects(g.index(r1, c1), dom.first.terrain_index)
                or b.connects(g.index(r2, c2), dom.second.terrain_index)):
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
        self.push(placement)

    def push(self, placement: Placement) -> None:
        """Place a placement known to be legal (from :meth:`legal_placements`) without checks;
        undoable. For search code; use :meth:`place` otherwise."""
        b = self._bits
        self._history.append((placement, (b.rmin, b.rmax, b.cmin, b.cmax)))
        g = self._g
        dom, first, second = placement
        one, two = dom.first, dom.second
        b.put(g.index(*first), g.index(*second), one.terrain_index, one.crowns,
              two.terrain_index, two.crowns)

    def undo(self) -> Placement:
        """Take back the last placement made with :meth:`place` and return it."""
        if not self._history:
            raise KingdominoError("nothing to undo: no placement was made in this kingdom")
        placement, bounds = self._history.pop()
        g = self._g
        self._bits.remove(g.index(*placement.first), g.index(*placement.second), bounds)
        return placement

    # ----------------------------------------------------------------- scoring
    def properties(self) -> list[Property]:
        """Every property, crowned or not, by terrain then position.

        >>> [p.squares for p in Kingdom.from_text("W W C W").properties()]
        [2, 1]
        """
        g, b = self._g, self._bits
        out = []
        for t, mask in enumerate(b.terrain):
            for comp in g.components(mask):
                crowns = (comp & b.crown1).bit_count() + 2 * (comp & b.crown2).bit_count()
                out.append(Property(TERRAINS[t], tuple(g.cells(comp)), crowns))
        return out

    def score(self) -> int:
        """The sum of squares × crowns over all properties (no bonuses).

        >>> Kingdom.from_text("W W W / W C W / W W .").score()   # 7 wheat, no crown
        0
        """
        return self._bits.score()

    def is_middle_kingdom(self) -> bool:
        """True if the castle is exactly in the centre of the kingdom's extent (gaps allowed).

        >>> Kingdom.from_text("W C W").is_middle_kingdom()
        True
        >>> Kingdom.from_text("C W").is_middle_kingdom()
        False
        """
        return self._bits.is_middle_kingdom()

    def is_harmony(self) -> bool:
        """True if all size × size cells are filled (no gap)."""
        return self._bits.is_harmony()

    def bonus(self, *, middle_kingdom: bool = False, harmony: bool = False) -> int:
        """The bonus points of the optional rules that are switched on."""
        return self._bits.bonus(middle_kingdom=middle_kingdom, harmony=harmony)

    def total(self, *, middle_kingdom: bool = False, harmony: bool = False) -> int:
        """Score plus the bonuses switched on."""
        return self._bits.total(middle_kingdom=middle_kingdom, harmony=harmony)

    def largest_property(self) -> int:
        """Squares in the largest property (the first tie-break)."""
        return self._bits.largest_property()

    def crowns(self) -> int:
        """Crowns in the whole kingdom (the second tie-break)."""
        return self._bits.crowns()

    def tiebreak_key(self, *, middle_kingdom: bool = False, harmony: bool = False
                     ) -> tuple[int, int, int]:
        """(total, largest property, crowns): the higher key wins; equal keys share victory.

        >>> Kingdom.from_text("C G1 G").tiebreak_key()
        (2, 2, 1)
        """
        return self._bits.tiebreak_key(middle_kingdom=middle_kingdom, harmony=harmony)

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
        g, b = k._g, k._bits
        for (r, c), half in squares.items():
            b.put_square(g.index(r, c), half.terrain_index, half.crowns)
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
        rmin, rmax, cmin, cmax = self.bounds
        rows = []
        for r in range(rmin, rmax + 1):
            tokens = [self._token((r, c)) for c in range(cmin, cmax + 1)]
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
        return (-self._bits.rmin, -self._bits.cmin)

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
