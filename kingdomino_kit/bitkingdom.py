"""A kingdom's squares as bitboards, and the placement and scoring rules on them, once.

:class:`BitKingdom` is the small mutable state that kingdoms and the fast games share: a mask
per terrain (six for Kingdomino), the crowns in two bit planes, the occupied cells (castle
included) and the extent, on the shared :class:`~kingdomino_kit.grid.Geometry` of its size.
Its methods are the rules of a kingdom — where a domino may go (:meth:`~BitKingdom.legal_masks`,
:meth:`~BitKingdom.can_place`), putting it there (:meth:`~BitKingdom.put`), taking it back
(:meth:`~BitKingdom.remove`), and the score with and without the bonuses
(:meth:`~BitKingdom.score`, :meth:`~BitKingdom.bonus`, :meth:`~BitKingdom.tiebreak_key`). They
are written here and nowhere else:

- :class:`~kingdomino_kit.territory.BaseKingdom` keeps its squares in a ``BitKingdom`` and adds
  what people use: placements and halves as values, checked placing with reasons, undo history;
  :class:`~kingdomino_kit.kingdom.Kingdom` (and the Origins territory's layout) build on it;
- :mod:`kingdomino_kit.game.fast.play` plays whole random games on bare ``BitKingdom`` objects,
  never building a ``Placement`` it does not play.

**Pieces are ints.** A domino is given as its halves' terrain indices (for Kingdomino 0–5, the
order of :data:`~kingdomino_kit.dominoes.TERRAINS`; another game names its own) and crowns (any
printed number 0–3), and whether it is a double (both
halves equal, crowns too); a cell as its bit index on the geometry. So the state knows nothing
of the catalogue, and any game whose pieces are two (terrain, count) halves on this grid can
play on it.

**Placements are masks.** ``legal_masks`` answers with one mask per direction of
:data:`~kingdomino_kit.grid.DIRECTIONS` (second half right of, below, left of, above the first):
bit ``i`` is set when the first half may go on cell ``i`` and the second on
``i + geometry.shifts[d]``. Listing them direction by direction, low bit first, is *the* order of
legal placements: :meth:`Kingdom.legal_placements <kingdomino_kit.kingdom.Kingdom.legal_placements>`
lists them so, :meth:`~BitKingdom.nth_placement` finds the k-th without listing, so a policy that
draws an index (``RandomBot``: ``rng.randrange(n)``) picks the same placement on either.

**Built for playouts.** A ``BitKingdom`` copies in a few ints (:meth:`~BitKingdom.copy`; a
``Kingdom``'s own via :meth:`Kingdom.to_bits <kingdomino_kit.kingdom.Kingdom.to_bits>`), so an
engine that plays a game on from any observation — random, greedy or other cheap policies —
takes each kingdom's bitboards, asks ``legal_masks``, tries a placement with ``put``, reads
``score``/``total`` and takes it back with ``remove``, without a third copy of the rules.

>>> from kingdomino_kit.dominoes import Terrain
>>> WHEAT, MINE = Terrain.WHEAT.index, Terrain.MINE.index
>>> k = BitKingdom()
>>> masks = k.legal_masks(WHEAT, MINE, double=False)      # domino 48, W|M3
>>> k.placement_count(masks)
24
>>> first, second = k.nth_placement(masks, 0)
>>> k.geometry.cell(first), k.geometry.cell(second)
((-1, -1), (-1, 0))
>>> k.put(first, second, WHEAT, 0, MINE, 3)
>>> k.score(), k.bounds, len(k)
(3, (-1, 0, -1, 0), 2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.grid import SIZES, Geometry, geometry
from kingdomino_kit.rules import DEFAULT_RULES, POINTS, Rules

__all__ = ["BONUS_TESTS", "BitKingdom", "HARMONY_BONUS", "MIDDLE_KINGDOM_BONUS", "Masks"]

MIDDLE_KINGDOM_BONUS = POINTS["middle_kingdom"]
"""Points for a castle in the centre of the kingdom (optional rule): the kingdom is its
size × size grid, gaps included, so every square lies within ±2 rows and columns of the castle
on 5×5 (±3 on 7×7)."""
HARMONY_BONUS = POINTS["harmony"]
"""Points for a kingdom that fills all size × size cells (optional rule)."""

BonusTest = Callable[[int, int, int, int, int, int], bool]
"""Does a kingdom earn a bonus: (size, rmin, rmax, cmin, cmax, occupied mask) → bool."""

Masks = tuple[int, int, int, int]
"""Legal first-half cells per direction of :data:`~kingdomino_kit.grid.DIRECTIONS`."""

_NO_PLACEMENT: Masks = (0, 0, 0, 0)


class BitKingdom:
    """The squares of one kingdom of size 5 (default) or 7, on bitboards.

    ``terrain[t]`` holds the cells of terrain index ``t``; a cell's crowns are bit 0 in
    ``crown1`` plus twice bit 0 in ``crown2``; ``occupied`` is every square and the castle;
    ``rmin``, ``rmax``, ``cmin``, ``cmax`` the castle-relative extent (castle included). The
    fields are public for fast readers; change them through the methods, which keep them
    consistent.

    >>> k = BitKingdom(7)
    >>> k.size, k.bounds, len(k), k.occupied == k.geometry.castle_bit
    (7, (0, 0, 0, 0), 0, True)
    """

    __slots__ = ("geometry", "terrain", "crown1", "crown2", "occupied",
                 "rmin", "rmax", "cmin", "cmax")

    def __init__(self, size: int = 5, terrains: int = 6) -> None:
        if size not in SIZES:
            raise KingdominoError(f"kingdom size must be 5 or 7, not {size}")
        g = geometry(size)
        self.geometry: Geometry = g
        self.terrain: list[int] = [0] * terrains
        self.crown1 = 0
        self.crown2 = 0
        self.occupied = g.castle_bit
        self.rmin = self.rmax = self.cmin = self.cmax = 0

    # ----------------------------------------------------------------- state
    @property
    def size(self) -> int:
        """5 or 7: the kingdom must fit size × size, castle included."""
        return self.geometry.size

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(min row, max row, min column, max column) of the castle and every square."""
        return (self.rmin, self.rmax, self.cmin, self.cmax)

    def __len__(self) -> int:
        """Number of terrain squares (the castle not counted)."""
        return self.occupied.bit_count() - 1

    def copy(self) -> BitKingdom:
        """An independent copy: a few ints and a list of one mask per terrain.

        >>> k = BitKingdom()
        >>> c = k.copy()
        >>> c.put_square(k.geometry.index(0, 1), 0, 1)
        >>> len(k), len(c)
        (0, 1)
        """
        k = BitKingdom.__new__(BitKingdom)
        k.geometry = self.geometry
        k.terrain = self.terrain.copy()
        k.crown1 = self.crown1
        k.crown2 = self.crown2
        k.occupied = self.occupied
        k.rmin, k.rmax, k.cmin, k.cmax = self.rmin, self.rmax, self.cmin, self.cmax
        return k

    __copy__ = copy

    def __eq__(self, other: object) -> bool:
        """Same size and the same squares (terrains and crowns)."""
        if not isinstance(other, BitKingdom):
            return NotImplemented
        return (self.geometry.size == other.geometry.size and self.terrain == other.terrain
                and self.crown1 == other.crown1 and self.crown2 == other.crown2)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def key(self) -> tuple[int, ...]:
        """A hashable value that equals for equal kingdoms (size and squares)."""
        return (self.geometry.size, *self.terrain, self.crown1, self.crown2)

    def crowns_at(self, index: int) -> int:
        """The crowns on cell ``index`` (0 for an empty cell or the castle)."""
        return ((self.crown1 >> index) & 1) + 2 * ((self.crown2 >> index) & 1)

    def __repr__(self) -> str:
        return f"<BitKingdom {self.size}×{self.size}, {len(self)} squares, bounds {self.bounds}>"

    # ----------------------------------------------------------------- placement rules
    def free(self) -> int:
        """The empty cells a square may take: the kingdom grown to include it still fits
        size × size."""
        return (self.geometry.window(self.rmin, self.rmax, self.cmin, self.cmax)
                & ~self.occupied)

    def legal_masks(self, first: int, second: int, double: bool) -> Masks:
        """Where a domino with halves of terrain indices ``first`` and ``second`` may go: per
        direction ``d`` of :data:`~kingdomino_kit.grid.DIRECTIONS`, the cells of the first half
        whose neighbour ``+ geometry.shifts[d]`` takes the second. Both cells are free and in the
        size, and a half touches the castle or a square of its own terrain. A ``double`` (equal
        halves) has the left and up masks 0: they repeat right and down with the halves swapped.

        >>> k = BitKingdom()
        >>> [m.bit_count() for m in k.legal_masks(0, 0, double=True)]
        [6, 6, 0, 0]
        """
        g = self.geometry
        free = g.window(self.rmin, self.rmax, self.cmin, self.cmax) & ~self.occupied
        if not free:
            return _NO_PLACEMENT
        w = g.stride
        castle = g.castle_bit
        terrain = self.terrain
        m1 = terrain[first] | castle
        m2 = terrain[second] | castle
        # cells beside the castle or a square of each half's terrain (Geometry.dilate, inlined)
        near1 = ((m1 << 1) | (m1 >> 1) | (m1 << w) | (m1 >> w)) & free
        near2 = ((m2 << 1) | (m2 >> 1) | (m2 << w) | (m2 >> w)) & free
        right = free & (free >> 1) & (near1 | (near2 >> 1))
        down = free & (free >> w) & (near1 | (near2 >> w))
        if double:
            return (right, down, 0, 0)
        return (right, down, free & (free << 1) & (near1 | (near2 << 1)),
                free & (free << w) & (near1 | (near2 << w)))

    @staticmethod
    def placement_count(masks: Masks) -> int:
        """How many placements ``masks`` (from :meth:`legal_masks`) hold."""
        right, down, left, up = masks
        return right.bit_count() + down.bit_count() + left.bit_count() + up.bit_count()

    def nth_placement(self, masks: Masks, n: int) -> tuple[int, int]:
        """The (first, second) cell indices of placement ``n`` (from 0) of ``masks``, in the
        order of legal placements: direction by direction, low bit first.

        >>> k = BitKingdom()
        >>> masks = k.legal_masks(0, 1, double=False)
        >>> k.nth_placement(masks, k.placement_count(masks))
        Traceback (most recent call last):
        ...
        kingdomino_kit.errors.KingdominoError: no placement 24: the masks hold 24
        """
        k = n
        for d, mask in enumerate(masks):
            count = mask.bit_count()
            if k < count:
                for _ in range(k):
                    mask &= mask - 1
                first = (mask & -mask).bit_length() - 1
                return first, first + self.geometry.shifts[d]
            k -= count
        raise KingdominoError(f"no placement {n}: the masks hold {self.placement_count(masks)}")

    def can_place(self, first: int, second: int) -> bool:
        """True if a domino of these terrain indices has a legal placement (else it must be
        discarded): some free cell beside a square of either half's terrain (or the castle)
        has a free neighbour, since a domino may be turned either way.

        >>> BitKingdom().can_place(0, 5)
        True
        """
        g = self.geometry
        free = g.window(self.rmin, self.rmax, self.cmin, self.cmax) & ~self.occupied
        if not free:
            return False
        friends = self.terrain[first] | self.terrain[second] | g.castle_bit
        return bool(g.dilate(friends) & free & g.dilate(free))

    def connects(self, index: int, terrain: int) -> bool:
        """True if a half of ``terrain`` on cell ``index`` would touch the castle or a square
        of its own terrain (the connection rule, one half at a time)."""
        g = self.geometry
        return bool(g.dilate(1 << index) & (self.terrain[terrain] | g.castle_bit))

    # ----------------------------------------------------------------- changes
    def put(self, first: int, second: int, first_terrain: int, first_crowns: int,
            second_terrain: int, second_crowns: int) -> None:
        """Put a domino's halves on cells ``first`` and ``second`` (indices), unchecked: the
        same as :meth:`put_square` on each, for cells taken from :meth:`legal_masks`."""
        a = 1 << first
        b = 1 << second
        self.occupied |= a | b
        terrain = self.terrain
        terrain[first_terrain] |= a
        terrain[second_terrain] |= b
        if first_crowns & 1:
            self.crown1 |= a
        if first_crowns & 2:
            self.crown2 |= a
        if second_crowns & 1:
            self.crown1 |= b
        if second_crowns & 2:
            self.crown2 |= b
        g = self.geometry
        r1, r2 = g.row_of[first], g.row_of[second]
        if r1 > r2:
            r1, r2 = r2, r1
        if r1 < self.rmin:
            self.rmin = r1
        if r2 > self.rmax:
            self.rmax = r2
        c1, c2 = g.col_of[first], g.col_of[second]
        if c1 > c2:
            c1, c2 = c2, c1
        if c1 < self.cmin:
            self.cmin = c1
        if c2 > self.cmax:
            self.cmax = c2

    def put_square(self, index: int, terrain: int, crowns: int) -> None:
        """Put one square of ``terrain`` with ``crowns`` on cell ``index``, unchecked (the
        extent grows to include it)."""
        bit = 1 << index
        self.occupied |= bit
        self.terrain[terrain] |= bit
        if crowns & 1:
            self.crown1 |= bit
        if crowns & 2:
            self.crown2 |= bit
        r, c = self.geometry.cell(index)
        self.rmin, self.rmax = min(self.rmin, r), max(self.rmax, r)
        self.cmin, self.cmax = min(self.cmin, c), max(self.cmax, c)

    def remove(self, first: int, second: int, bounds: tuple[int, int, int, int]) -> None:
        """Take the squares on cells ``first`` and ``second`` away and set the extent back to
        ``bounds`` (:attr:`bounds` before they were put: an extent cannot shrink by itself).

        >>> k = BitKingdom()
        >>> before = k.copy()
        >>> first, second = k.nth_placement(k.legal_masks(2, 2, double=True), 3)
        >>> k.put(first, second, 2, 1, 2, 0)
        >>> k.remove(first, second, before.bounds)
        >>> k == before, k.bounds == before.bounds, k.occupied == before.occupied
        (True, True, True)
        """
        keep = ~((1 << first) | (1 << second))
        self.occupied &= keep
        self.crown1 &= keep
        self.crown2 &= keep
        terrain = self.terrain
        for t in range(len(terrain)):
            terrain[t] &= keep
        self.rmin, self.rmax, self.cmin, self.cmax = bounds

    # ----------------------------------------------------------------- scoring
    def score(self) -> int:
        """The sum of squares × crowns over all properties (maximal orthogonally connected
        squares of one terrain), no bonuses."""
        g = self.geometry
        w = g.stride
        # Shift everything down to the kingdom's top-left corner (index of (rmin, cmin)):
        # smaller ints, faster ops.
        o = g.offset
        base = (self.rmin + o) * w + self.cmin + o
        c1, c2 = self.crown1 >> base, self.crown2 >> base
        crowned_all = (c1 | c2) << base
        total = 0
        for region in self.terrain:
            crowned = region & crowned_all
            if not crowned:
                continue
            region >>= base
            crowned >>= base
            while crowned:
                comp = crowned & -crowned
                while True:  # Geometry.fill, inlined
                    grown = (comp | (comp << 1) | (comp >> 1) | (comp << w) | (comp >> w)) & region
                    if grown == comp:
                        break
                    comp = grown
                crowned ^= comp & crowned
                total += comp.bit_count() * ((comp & c1).bit_count() + 2 * (comp & c2).bit_count())
        return total

    def total_after(self, first: int, second: int, first_terrain: int, first_crowns: int,
                    second_terrain: int, second_crowns: int, *, rules: Rules = DEFAULT_RULES,
                    score: int | None = None) -> tuple[int, int]:
        """The :meth:`total` the kingdom would have with a domino's halves on cells ``first``
        and ``second`` (as :meth:`put` takes them), and the :meth:`free` cells it would have
        then — without putting it: only the properties the halves join are scored again (the
        score of the others does not change), so a greedy player can judge every placement
        at the cost of a flood fill or two each. ``score``: the kingdom's :meth:`score` now,
        when the caller has it (judging many placements of one kingdom).

        >>> k = BitKingdom()
        >>> first, second = k.nth_placement(k.legal_masks(0, 0, double=True), 2)
        >>> middle = Rules(middle_kingdom=True)
        >>> total, free = k.total_after(first, second, 0, 1, 0, 0, rules=middle)
        >>> k.put(first, second, 0, 1, 0, 0)
        >>> total == k.total(middle), free == k.free()
        (True, True)
        """
        g = self.geometry
        w = g.stride
        a = 1 << first
        b = 1 << second
        terrain = self.terrain
        c1, c2 = self.crown1, self.crown2
        total = self.score() if score is None else score
        halves: tuple[tuple[int, int, int], ...]
        if first_terrain == second_terrain:
            halves = ((a | b, terrain[first_terrain], first_crowns + second_crowns),)
        else:
            halves = ((a, terrain[first_terrain], first_crowns),
                      (b, terrain[second_terrain], second_crowns))
        crowned_all = c1 | c2
        for cells, region, crowns in halves:
            if not crowns and not region & crowned_all:
                continue  # no crown in the terrain, none on the half: still worth nothing
            grown_region = region | cells
            comp = cells
            while True:  # the property the half joins (Geometry.fill, inlined)
                grown = (comp | (comp << 1) | (comp >> 1) | (comp << w) | (comp >> w)
                         ) & grown_region
                if grown == comp:
                    break
                comp = grown
            old_crowns = (comp & c1).bit_count() + 2 * (comp & c2).bit_count()
            if not old_crowns and not crowns:
                continue  # no crown, before or after: worth nothing either way
            total += comp.bit_count() * (old_crowns + crowns)
            crowned = comp & region & crowned_all  # the properties it joined, each once
            while crowned:
                part = crowned & -crowned
                while True:
                    grown = (part | (part << 1) | (part >> 1) | (part << w) | (part >> w)
                             ) & region
                    if grown == part:
                        break
                    part = grown
                crowned &= ~part
                total -= part.bit_count() * ((part & c1).bit_count()
                                             + 2 * (part & c2).bit_count())
        rmin, rmax, cmin, cmax = self.rmin, self.rmax, self.cmin, self.cmax
        for cell in (first, second):
            r = g.row_of[cell]
            if r < rmin:
                rmin = r
            elif r > rmax:
                rmax = r
            c = g.col_of[cell]
            if c < cmin:
                cmin = c
            elif c > cmax:
                cmax = c
        occupied = self.occupied | a | b
        for name in rules.bonuses:
            if BONUS_TESTS[name](g.size, rmin, rmax, cmin, cmax, occupied):
                total += POINTS[name]
        return total, g.window(rmin, rmax, cmin, cmax) & ~occupied

    def largest_property(self) -> int:
        """Squares in the largest property, crowned or not (the first tie-break)."""
        g = self.geometry
        o = g.offset
        base = (self.rmin + o) * g.stride + self.cmin + o  # the top-left corner, as in score()
        return max((comp.bit_count() for region in self.terrain
                    for comp in g.components(region >> base)), default=0)

    def crowns(self) -> int:
        """Crowns in the whole kingdom (the second tie-break)."""
        return self.crown1.bit_count() + 2 * self.crown2.bit_count()

    def is_middle_kingdom(self) -> bool:
        """True if the castle is the centre of a size × size grid that holds every square:
        every square within ±2 rows and columns of the castle on 5×5 (±3 on 7×7), gaps
        allowed. (The kingdom is its N×N grid, unfinished or not; "the centre of the squares'
        extent" is not what the rules mean.)

        >>> k = BitKingdom()
        >>> for r, c in ((-2, 0), (2, 0), (0, -1), (0, 2)):   # 5 rows × 4 columns
        ...     k.put_square(k.geometry.index(r, c), 0, 0)
        >>> k.is_middle_kingdom()
        True
        >>> k.put_square(k.geometry.index(0, -2), 0, 0)     # (0, 3) would break it
        >>> k.is_middle_kingdom(), k.bounds
        (True, (-2, 2, -2, 2))
        """
        return self.earns("middle_kingdom")

    def is_harmony(self) -> bool:
        """True if all size × size cells are filled (no gap)."""
        return self.earns("harmony")

    def earns(self, name: str) -> bool:
        """True if the kingdom earns the bonus rule ``name`` (a key of
        :data:`~kingdomino_kit.rules.POINTS`), whether it is in play or not."""
        return BONUS_TESTS[name](self.geometry.size, self.rmin, self.rmax, self.cmin, self.cmax,
                                 self.occupied)

    def bonus(self, rules: Rules = DEFAULT_RULES) -> int:
        """The bonus points of the rules in play that the kingdom earns."""
        return sum(POINTS[name] for name in rules.bonuses if self.earns(name))

    def total(self, rules: Rules = DEFAULT_RULES) -> int:
        """Score plus the bonuses in play."""
        return self.score() + self.bonus(rules)

    def tiebreak_key(self, rules: Rules = DEFAULT_RULES) -> tuple[int, int, int]:
        """(total, largest property, crowns): the higher key wins; equal keys share victory."""
        return self.total(rules), self.largest_property(), self.crowns()


def _in_middle(size: int, rmin: int, rmax: int, cmin: int, cmax: int, occupied: int) -> bool:
    """True if the extent lies within ±size // 2 rows and columns of the castle."""
    h = size // 2
    return -h <= rmin and rmax <= h and -h <= cmin and cmax <= h


def _full(size: int, rmin: int, rmax: int, cmin: int, cmax: int, occupied: int) -> bool:
    """True if all size × size cells are occupied."""
    return occupied.bit_count() == size ** 2


BONUS_TESTS: Mapping[str, BonusTest] = MappingProxyType(
    {"middle_kingdom": _in_middle, "harmony": _full})
"""The scorer of each bonus rule of :data:`~kingdomino_kit.rules.POINTS`: does a kingdom (its
size, extent and occupied cells) earn it."""
