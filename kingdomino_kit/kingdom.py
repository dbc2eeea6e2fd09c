"""One player's kingdom: legal placements, properties, scores, text and JSON notation.

Cells are castle-relative (row, column) pairs, the castle at (0, 0), rows growing downward and
columns rightward; a kingdom may grow in any direction as long as it fits size × size.

The placement rules, the squares and undo are those every territory of the kit shares
(:class:`~kingdomino_kit.territory.BaseKingdom`, on the bitboards of
:class:`~kingdomino_kit.bitkingdom.BitKingdom`, where the rules are written once); this module
adds what is Kingdomino's: its terrains and crowns, properties, scores and bonuses, and the
text and JSON notation.

>>> k = Kingdom()
>>> len(k.legal_placements(domino(1)))     # a double domino: 12 distinct placements
12
>>> k.place(Placement(domino(41), (0, 1), (0, 2)))   # W|G2 right of the castle
>>> print(k)
C  W  G2
>>> k.score(), k.total(middle_kingdom=True)   # every square within ±2 of the castle: +10
(2, 12)
>>> k.undo().domino.number
41
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.bitkingdom import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS
from kingdomino_kit.dominoes import TERRAINS, Half, Terrain, domino
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.grid import SIZES, Cell
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.notation import read_text, squares_from_json, squares_to_json
from kingdomino_kit.placement import Placement
from kingdomino_kit.rules import Rules, rules_or_flags
from kingdomino_kit.territory import BaseKingdom

__all__ = [
    "BaseKingdom",
    "HARMONY_BONUS",
    "Kingdom",
    "MIDDLE_KINGDOM_BONUS",
    "Placement",
    "Property",
    "domino",
    "kingdom_from",
    "parse_text",
]

JSON_FORMAT = "kingdomino-kingdom/1"


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



def _check_flags(middle_kingdom: Any, harmony: Any) -> None:
    """The bonus switches of a score: True or False (a string such as 'no' is not one)."""
    for name, flag in (("middle_kingdom", middle_kingdom), ("harmony", harmony)):
        if not isinstance(flag, bool):
            raise KingdominoError(f"{name}: must be True or False, not {shown(flag)}")

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
        return self._bits.score()

    def is_middle_kingdom(self) -> bool:
        """True if the castle is the centre of the kingdom's size × size grid: every square
        within ±2 rows and columns of it on 5×5 (±3 on 7×7), gaps allowed.

        >>> Kingdom.from_text("C W").is_middle_kingdom()      # still room on every side
        True
        >>> Kingdom.from_text("C W W W").is_middle_kingdom()   # a square 3 columns away
        False
        >>> Kingdom.from_text(". W . . / . W . . / . C W W / . W . . / . W . .").is_middle_kingdom()
        True
        """
        return self._bits.is_middle_kingdom()

    def is_harmony(self) -> bool:
        """True if all size × size cells are filled (no gap)."""
        return self._bits.is_harmony()

    def bonus(self, rules: Rules | None = None, *, middle_kingdom: bool = False,
              harmony: bool = False) -> int:
        """The bonus points of the rules in play (a :class:`~kingdomino_kit.rules.Rules`, or
        the shorthand keywords of the two classic bonuses) that the kingdom earns; the
        kingdom's own size counts, not the size of ``rules``.

        >>> Kingdom.from_text("C W").bonus(Rules(middle_kingdom=True, harmony=True))
        10
        """
        return self._bits.bonus(self._rules(rules, middle_kingdom, harmony))

    def total(self, rules: Rules | None = None, *, middle_kingdom: bool = False,
              harmony: bool = False) -> int:
        """Score plus the bonuses in play (as for :meth:`bonus`; each keyword True or False).

        >>> Kingdom(5).total(middle_kingdom="no")
        Traceback (most recent call last):
        ...
        kingdomino_kit.errors.KingdominoError: middle_kingdom: must be True or False, not 'no'
        """
        return self._bits.total(self._rules(rules, middle_kingdom, harmony))

    def _rules(self, rules: Rules | None, middle_kingdom: bool, harmony: bool) -> Rules:
        _check_flags(middle_kingdom, harmony)
        return rules_or_flags(rules, size=self.size if rules is None else 5,
                              middle_kingdom=middle_kingdom, harmony=harmony)

    def largest_property(self) -> int:
        """Squares in the largest property (the first tie-break)."""
        return self._bits.largest_property()

    def crowns(self) -> int:
        """Crowns in the whole kingdom (the second tie-break)."""
        return self._bits.crowns()

    def tiebreak_key(self, rules: Rules | None = None, *, middle_kingdom: bool = False,
                     harmony: bool = False) -> tuple[int, int, int]:
        """(total, largest property, crowns): the higher key wins; equal keys share victory.

        >>> Kingdom.from_text("C G1 G").tiebreak_key()
        (2, 2, 1)
        """
        return self._bits.tiebreak_key(self._rules(rules, middle_kingdom, harmony))

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
        rmin, _, cmin, _ = self.bounds
        return (-rmin, -cmin)

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

    def _repr_html_(self) -> str:
        """The picture inline (an image with alt text: JupyterLab shows a bare SVG output as an
        ``<img>`` without one)."""
        return self._repr_svg_()


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
