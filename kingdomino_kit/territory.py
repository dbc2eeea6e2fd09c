"""A territory of squares under the placement rules, for any game's dominoes.

:class:`BaseKingdom` is what Kingdomino's :class:`~kingdomino_kit.kingdom.Kingdom` and the
Origins layout (:class:`~kingdomino_kit.origins.kingdom.Layout`) share: the squares (kept in a
:class:`~kingdomino_kit.bitkingdom.BitKingdom`, where the rules are written once), placements
and halves as values, checked placing with the broken rule named, pushing, undo history, copies
and regions. The rules: a domino's two halves on adjacent empty cells, the whole territory
within size × size, one half touching the centre tile (wild) or a square of its own terrain.

The hook for a game's pieces: a subclass names

- ``terrains``, the game's terrain alphabet (a half's ``terrain_index`` is its position);
- :meth:`BaseKingdom.half`, the game's half for a terrain index and a printed number;
- ``placement``, the :class:`~kingdomino_kit.placement.Placement` (sub)class it builds;
- ``centre``, what the centre tile is called in error messages (``castle``, ``hut``).

A half is anything with ``terrain_index`` and ``count`` (:class:`~kingdomino_kit.dominoes.Square`);
a domino is a :class:`~kingdomino_kit.dominoes.DominoBase` of such halves. Scoring and notation
are the game's.

>>> from kingdomino_kit.kingdom import Kingdom
>>> from kingdomino_kit.dominoes import domino
>>> k = Kingdom()
>>> len(k.legal_placements(domino(13)))   # W|F: 12 cell pairs × 2 orientations
24
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

from kingdomino_kit.bitkingdom import BitKingdom
from kingdomino_kit.dominoes import DominoBase, Square
from kingdomino_kit.errors import IllegalPlacement, KingdominoError
from kingdomino_kit.grid import DIRECTIONS, Cell, Geometry
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.notation import check_fits, check_size
from kingdomino_kit.placement import Placement

__all__ = ["BaseKingdom"]

H = TypeVar("H", bound=Square)
"""A game's half (Kingdomino's :class:`~kingdomino_kit.dominoes.Half`, Origins' own)."""
P = TypeVar("P", bound=Placement)
"""A game's placement type (:class:`Placement` or a subclass for that game's dominoes)."""
K = TypeVar("K", bound="BaseKingdom[Any, Any]")


class BaseKingdom(Generic[H, P]):
    """The squares of a kingdom-like territory and the placement rules (see the module)."""

    __slots__ = ("_g", "_bits", "_history")

    terrains: ClassVar[Sequence[Enum]]
    centre: ClassVar[str]
    placement: type[P]

    @classmethod
    def half(cls, terrain_index: int, count: int) -> H:
        """The game's half of terrain ``terrain_index`` showing ``count`` (0–3)."""
        raise NotImplementedError(f"{cls.__name__} names no half type")

    def __init__(self, size: int = 5) -> None:
        check_size(size)
        self._bits = BitKingdom(size, len(self.terrains))
        self._g: Geometry = self._bits.geometry
        self._history: list[tuple[P, tuple[int, int, int, int]]] = []

    # ----------------------------------------------------------------- basic queries
    @property
    def size(self) -> int:
        """5 or 7: the territory must fit size × size, centre tile included."""
        return self._g.size

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(min row, max row, min column, max column) of the centre tile and every square."""
        b = self._bits
        return (b.rmin, b.rmax, b.cmin, b.cmax)

    @property
    def history(self) -> list[P]:
        """The placements made with :meth:`place`, oldest first (what :meth:`undo` takes back)."""
        return [p for p, _ in self._history]

    def __len__(self) -> int:
        """Number of terrain squares (the centre tile not counted)."""
        return self._bits.occupied.bit_count() - 1

    def at(self, cell: Cell) -> H | None:
        """The half on ``cell``, or None for an empty cell or the centre tile.

        >>> from kingdomino_kit.kingdom import Kingdom
        >>> Kingdom.from_text("C W2").at((0, 1))
        Half(terrain=<Terrain.WHEAT: 'wheat'>, crowns=2)
        """
        try:
            r, c = cell
            pair = not isinstance(r, bool) and not isinstance(c, bool)
            inside = pair and self._g.contains(r, c)
        except (TypeError, ValueError):
            pair = inside = False
        if not pair:
            raise KingdominoError(f"a cell is a (row, column) pair of integers, not "
                                  f"{shown(cell)}")
        if not inside:
            return None
        i = self._g.index(r, c)
        bit = 1 << i
        b = self._bits
        for t, mask in enumerate(b.terrain):
            if mask & bit:
                return self.half(t, b.crowns_at(i))
        return None

    def squares(self) -> Iterator[tuple[Cell, H]]:
        """Every terrain square with its half, by terrain then row-major."""
        g, b = self._g, self._bits
        for t, mask in enumerate(b.terrain):
            for cell in g.cells(mask):
                yield cell, self.half(t, b.crowns_at(g.index(*cell)))

    def is_empty(self, cell: Cell) -> bool:
        """True if ``cell`` holds neither the centre tile nor a square (it may lie beyond the
        size)."""
        try:
            r, c = cell
            return not (self._g.contains(r, c) and self._bits.occupied >> self._g.index(r, c) & 1)
        except (TypeError, ValueError):
            raise KingdominoError(f"a cell is a (row, column) pair of integers, not "
                                  f"{shown(cell)}") from None

    def copy(self: K) -> K:
        """An independent copy (cheap: a few ints and a short list)."""
        k = type(self).__new__(type(self))
        k._g = self._g
        k._bits = self._bits.copy()
        k._history = self._history.copy()
        return k

    __copy__ = copy

    def to_bits(self) -> BitKingdom:
        """The squares as a :class:`~kingdomino_kit.bitkingdom.BitKingdom` of their own (a copy,
        without history): the state for playouts and searches on bitboards.

        >>> from kingdomino_kit.kingdom import Kingdom
        >>> k = Kingdom.from_text("C W1 W")
        >>> bits = k.to_bits()
        >>> bits.score(), bits.key() == k.key()
        (2, True)
        """
        return self._bits.copy()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BaseKingdom) or type(other) is not type(self):
            return NotImplemented
        return self._bits == other._bits

    __hash__ = None  # type: ignore[assignment]  # mutable

    def key(self) -> tuple[int, ...]:
        """A hashable value that equals for equal territories (squares and size, not
        history)."""
        return self._bits.key()

    # ----------------------------------------------------------------- placements
    def legal_placements(self, dom: DominoBase[H]) -> list[P]:
        """Every distinct legal placement of ``dom`` (a double counts each layout once), in
        the order of :meth:`BitKingdom.legal_masks
        <kingdomino_kit.bitkingdom.BitKingdom.legal_masks>`: by direction, low bit first."""
        self.check_domino(dom)
        masks = self._bits.legal_masks(dom.first.terrain_index, dom.second.terrain_index,
                                       dom.is_double)
        out: list[P] = []
        for row, ok in zip(_placement_table(self._g, dom, self.placement), masks, strict=True):
            while ok:
                low = ok & -ok
                out.append(row[low.bit_length() - 1])
                ok ^= low
        return out

    def can_place(self, dom: DominoBase[H]) -> bool:
        """True if ``dom`` has at least one legal placement (else it must be discarded)."""
        self.check_domino(dom)
        return self._bits.can_place(dom.first.terrain_index, dom.second.terrain_index)

    def check(self, placement: P) -> None:
        """Raise :class:`~kingdomino_kit.errors.IllegalPlacement` naming the broken rule, or
        return if legal.

        >>> from kingdomino_kit.kingdom import Kingdom
        >>> from kingdomino_kit.dominoes import domino
        >>> Kingdom().check(Placement(domino(1), (0, 2), (0, 3)))
        Traceback (most recent call last):
        ...
        kingdomino_kit.errors.IllegalPlacement: domino 1 at (0, 2),(0, 3) breaks the connection \
rule: neither half touches the castle or a square of its own terrain
        """
        dom, (r1, c1), (r2, c2) = self.checked(placement)
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
                what = f"the {self.centre}" if (r, c) == (0, 0) else "a square"
                raise IllegalPlacement(f"{where}: cell ({r}, {c}) already holds {what}",
                                       "occupied")
        g = self._g
        if not (b.connects(g.index(r1, c1), dom.first.terrain_index)
                or b.connects(g.index(r2, c2), dom.second.terrain_index)):
            raise IllegalPlacement(
                f"{where} breaks the connection rule: neither half touches the {self.centre} or "
                "a square of its own terrain", "connection")

    def place(self, placement: P) -> None:
        """Put a domino into the territory; an illegal placement raises and changes nothing.

        >>> from kingdomino_kit.kingdom import Kingdom
        >>> from kingdomino_kit.dominoes import domino
        >>> k = Kingdom()
        >>> k.place(Placement(domino(1), (0, 2), (0, 3)))
        Traceback (most recent call last):
        ...
        kingdomino_kit.errors.IllegalPlacement: domino 1 at (0, 2),(0, 3) breaks the connection \
rule: neither half touches the castle or a square of its own terrain
        >>> len(k)
        0
        """
        placement = self.checked(placement)
        self.check(placement)
        self.push(placement)

    def check_domino(self, dom: Any) -> None:
        """Raise :class:`~kingdomino_kit.errors.KingdominoError` unless ``dom`` is a domino of
        this game's halves (a terrain of its alphabet, a printed number 0–3 on each).

        >>> from kingdomino_kit.kingdom import Kingdom
        >>> Kingdom().check_domino(13)
        Traceback (most recent call last):
        ...
        kingdomino_kit.errors.KingdominoError: not a domino: 13
        """
        if not isinstance(dom, DominoBase):
            raise KingdominoError(f"not a domino: {shown(dom)}")
        for half in (dom.first, dom.second):
            t, n = getattr(half, "terrain_index", None), getattr(half, "count", None)
            if (not isinstance(t, int) or not 0 <= t < len(self.terrains)
                    or not isinstance(half, type(self.half(0, 0)))  # another game's half
                    or not isinstance(n, int) or not 0 <= n <= 3):
                raise KingdominoError(f"domino {shown(dom.number)}: {shown(half)} is not a half "
                                      f"of this game")

    def checked(self, placement: Any) -> P:
        """``placement`` as this game's placement, its domino and cells checked (a tuple
        ``(domino, first, second)`` is accepted); :class:`~kingdomino_kit.errors.
        KingdominoError` for anything else. No rule is checked here (see :meth:`check`).

        >>> from kingdomino_kit.kingdom import Kingdom
        >>> from kingdomino_kit.dominoes import domino
        >>> Kingdom().checked((domino(1), (0, 1), (0, "2")))
        Traceback (most recent call last):
        ...
        kingdomino_kit.errors.KingdominoError: a placement is (domino, (row, col), (row, col)) \
with integer cells, not (Domino(1, W|W), (0, 1), (0, '2'))
        """
        try:
            dom, first, second = placement
            cells = [(int(r), int(c)) for r, c in (first, second)
                     if all(isinstance(x, int) and not isinstance(x, bool) for x in (r, c))]
        except (TypeError, ValueError):
            cells = []
        if len(cells) != 2:
            raise KingdominoError(f"a placement is (domino, (row, col), (row, col)) with integer "
                                  f"cells, not {shown(placement)}")
        self.check_domino(dom)
        if isinstance(placement, self.placement):
            return placement
        return self.placement(dom, cells[0], cells[1])

    def push(self, placement: P) -> None:
        """Place a placement known to be legal (from :meth:`legal_placements`) without checks;
        undoable. For search code; use :meth:`place` otherwise."""
        b = self._bits
        self._history.append((placement, (b.rmin, b.rmax, b.cmin, b.cmax)))
        g = self._g
        dom, first, second = placement
        one, two = dom.first, dom.second
        b.put(g.index(*first), g.index(*second), one.terrain_index, one.count,
              two.terrain_index, two.count)

    def undo(self) -> P:
        """Take back the last placement made with :meth:`place` and return it."""
        if not self._history:
            raise KingdominoError("nothing to undo: no placement was made in this kingdom")
        placement, bounds = self._history.pop()
        g = self._g
        self._bits.remove(g.index(*placement.first), g.index(*placement.second), bounds)
        return placement

    # ----------------------------------------------------------------- regions and shape
    def groups(self) -> Iterator[tuple[int, tuple[Cell, ...], int]]:
        """Each maximal orthogonally connected set of squares of one terrain, by terrain index
        then position: (terrain index, its cells row-major, the sum of their printed numbers).

        >>> from kingdomino_kit.kingdom import Kingdom
        >>> list(Kingdom.from_text("W W1 C W").groups())
        [(0, ((0, -2), (0, -1)), 1), (0, ((0, 1),), 0)]
        """
        g, b = self._g, self._bits
        for t, mask in enumerate(b.terrain):
            for comp in g.components(mask):
                count = (comp & b.crown1).bit_count() + 2 * (comp & b.crown2).bit_count()
                yield t, tuple(g.cells(comp)), count

    def is_centred(self) -> bool:
        """True if the centre tile is the centre of a size × size grid holding every square
        (gaps allowed): Kingdomino's Middle Kingdom, Origins' Empire of fire."""
        return self._bits.is_middle_kingdom()

    def is_full(self) -> bool:
        """True if all size × size cells are filled (no gap)."""
        return self._bits.is_harmony()

    @classmethod
    def from_squares(cls: type[K], squares: Mapping[Cell, Square], size: int = 5) -> K:
        """A territory holding centre-relative ``squares`` (checked only to fit size × size: no
        placement rule, no history to undo).

        >>> from kingdomino_kit.kingdom import Kingdom
        >>> from kingdomino_kit.dominoes import Half, Terrain
        >>> print(Kingdom.from_squares({(0, 2): Half(Terrain.MINE, 3)}))
        C  .  M3
        """
        k = cls(size)
        if not isinstance(squares, Mapping):
            raise KingdominoError(f"squares: must be a mapping of cells to halves, not "
                                  f"{shown(squares)}")
        for cell, half in squares.items():
            if (not isinstance(cell, tuple) or len(cell) != 2 or not all(
                    isinstance(x, int) and not isinstance(x, bool) for x in cell)):
                raise KingdominoError(f"squares: a cell is a (row, column) pair of integers, "
                                      f"not {shown(cell)}")
            t, n = getattr(half, "terrain_index", None), getattr(half, "count", None)
            if (not isinstance(t, int) or not 0 <= t < len(cls.terrains)
                    or not isinstance(n, int) or not 0 <= n <= 3):
                raise KingdominoError(f"squares: {shown(half)} on {cell} is not a half of this "
                                      "game")
            if cell == (0, 0):
                raise KingdominoError(f"squares: (0, 0) is the {cls.centre}'s cell")
        check_fits(squares, size)
        g, b = k._g, k._bits
        for (r, c), half in squares.items():
            b.put_square(g.index(r, c), half.terrain_index, half.count)
        return k


# (size, placement type, number) -> (domino, table): the fast path for catalogue dominoes; a
# different domino with the same number (a user's own catalogue, another game's) gets its table
# from _TABLES_BY_VALUE.
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
