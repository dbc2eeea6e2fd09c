"""Scoring of Origins territories, mode by mode.

- Discovery: each region scores squares × fire (printed symbols + fire on tokens); volcano
  regions score nothing.
- Supplementary rules, in all modes, off unless asked for (as Kingdomino's Middle Kingdom and
  Harmony): Empire of fire +10 (the hut the centre of the 5×5 — 7×7 — territory, complete or
  not: every square within ±2, ±3, rows and columns of it), Homo Habilis +5 (complete and no
  domino discarded).
- Totem: Discovery + 1 point per wooden resource left + each held totem's bonus.
- Tribe: Discovery + caveman points (wooden resources score nothing).

Ties: largest region (with or without fire, volcano regions included: the kit's reading), then
the most fire tokens, then shared.

What the fire lady and the second tie-break count is a named reading, :data:`FIRE_COUNTS`:
``tokens`` (the seed's: one per fire token, whatever its fire — the default) or ``symbols`` (the
English rulebook's: every fire symbol, printed on the squares and on the tokens).

>>> from kingdomino_kit.origins import OriginsKingdom
>>> k = OriginsKingdom.from_text("G$ G1 Q$ / D H F$ / D D F")
>>> sheet = score_sheet(k, "totem", totems=[Resource.MUSHROOM], empire_of_fire=True)
>>> sheet.regions, sheet.empire_of_fire, sheet.resources, sheet.totems, sheet.total
(2, 10, 3, 5, 20)
>>> score_sheet(k, "totem", totems=[Resource.MUSHROOM]).total       # no supplementary rule
10
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from kingdomino_kit.grid import Cell
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.origins.catalogue import Resource
from kingdomino_kit.origins.errors import OriginsError
from kingdomino_kit.origins.fire import within
from kingdomino_kit.origins.kingdom import OriginsKingdom
from kingdomino_kit.origins.totem import DEFAULT_TOTEM_BONUS, totem_bonus

__all__ = ["Mode", "ScoreSheet", "score_sheet", "caveman_points", "EMPIRE_OF_FIRE_BONUS",
           "HOMO_HABILIS_BONUS", "tiebreak_key", "FIRE_COUNTS", "DEFAULT_FIRE_COUNT",
           "counted_fire", "check_fire_count"]

EMPIRE_OF_FIRE_BONUS = 10
HOMO_HABILIS_BONUS = 5

FIRE_COUNTS: dict[str, str] = {
    "tokens": "one per fire token, whatever its fire (the seed: \"con dấu Lửa\")",
    "symbols": "every fire symbol, printed on the squares and on the tokens (the English "
               "rulebook)",
}
"""Named readings of what the fire lady and the second tie-break count."""

DEFAULT_FIRE_COUNT = "tokens"


def check_fire_count(reading: object) -> str:
    """``reading`` if it names a :data:`FIRE_COUNTS` reading, else :class:`OriginsError`.

    >>> check_fire_count("flames")
    Traceback (most recent call last):
    ...
    kingdomino_kit.origins.errors.OriginsError: fire_count must be one of tokens, symbols, not \
'flames'
    """
    if not isinstance(reading, str) or reading not in FIRE_COUNTS:
        raise OriginsError(f"fire_count must be one of {', '.join(FIRE_COUNTS)}, not "
                           f"{shown(reading)}")
    return reading


def counted_fire(kingdom: OriginsKingdom, reading: str = DEFAULT_FIRE_COUNT,
               cell: Cell | None = None) -> int:
    """The fire counted on ``cell`` — or, with no cell, on the whole territory — under a
    :data:`FIRE_COUNTS` reading: fire tokens, or fire symbols (printed and on tokens).

    >>> k = OriginsKingdom.from_text("H G1 L*2 / D*1 . .")
    >>> counted_fire(k), counted_fire(k, "symbols"), counted_fire(k, "tokens", (0, 2))
    (2, 4, 1)
    """
    if check_fire_count(reading) == "symbols":
        return kingdom.fire_symbols(cell)
    if cell is None:
        return len(kingdom.tokens)
    return int(cell in kingdom.tokens)


class Mode(Enum):
    """The three ways to play."""

    DISCOVERY = "discovery"
    TOTEM = "totem"
    TRIBE = "tribe"

    @classmethod
    def parse(cls, mode: str | Mode) -> Mode:
        """A mode from its name.

        >>> Mode.parse("Tribe")
        <Mode.TRIBE: 'tribe'>
        """
        if isinstance(mode, Mode):
            return mode
        try:
            return cls(str(mode).strip().lower())
        except ValueError:
            raise OriginsError(f"unknown mode {mode!r} (discovery, totem or tribe)") from None


@dataclass(frozen=True)
class ScoreSheet:
    """The points of one territory, line by line as on the score pad."""

    mode: Mode
    regions: int
    empire_of_fire: int
    homo_habilis: int
    resources: int = 0
    totems: int = 0
    cavemen: int = 0

    @property
    def total(self) -> int:
        """Everything added up."""
        return (self.regions + self.empire_of_fire + self.homo_habilis + self.resources
                + self.totems + self.cavemen)


def caveman_points(kingdom: OriginsKingdom,
                   fire_count: str = DEFAULT_FIRE_COUNT) -> dict[Cell, int]:
    """Points of each caveman: a hunter-gatherer per thing in its 8 surrounding squares (the
    fire lady per fire token, or per fire symbol under the ``symbols`` reading of
    :data:`FIRE_COUNTS`); a warrior gets its share of its group's (warriors × total power),
    reported on the group's first cell (so the values add up to the Tribe bonus).

    >>> k = OriginsKingdom.from_text("G$ G$ L$ / H Q@h D@w / F$ D@a D@w")
    >>> caveman_points(k)          # hunter: 2 mammoths × 3; warriors: group of 3, power 4
    {(0, 1): 6, (0, 2): 12}
    """
    check_fire_count(fire_count)
    out: dict[Cell, int] = {}
    warriors = 0
    g = kingdom.geometry
    for cell, kind in sorted(kingdom.cavemen.items()):
        if kind.is_warrior:
            warriors |= g.bit(*cell)
            continue
        near = within(cell, 1)  # the 8 surrounding squares
        counted = kind.counts
        if counted == "resource":
            n = sum(1 for x in near if x in kingdom.resources)
        elif counted == "fire":  # tokens, or symbols printed and on tokens
            n = sum(counted_fire(kingdom, fire_count, x) for x in near)
        elif counted == "caveman":
            n = sum(1 for x in near if x in kingdom.cavemen)
        else:
            n = sum(1 for x in near if x in kingdom.resources
                    and kingdom.resources[x].value == counted)
        out[cell] = n * kind.points
    for group in g.components(warriors):
        cells = g.cells(group)
        power = sum(kingdom.cavemen[c].power for c in cells)
        out[cells[0]] = len(cells) * power
    return dict(sorted(out.items()))


def score_sheet(kingdom: OriginsKingdom, mode: str | Mode = Mode.DISCOVERY, *,
                totems: Iterable[Resource] = (),
                totem_bonus_values: str | Mapping[Resource, int] = DEFAULT_TOTEM_BONUS,
                empire_of_fire: bool = False, homo_habilis: bool = False,
                fire_count: str = DEFAULT_FIRE_COUNT) -> ScoreSheet:
    """The score sheet of a territory in a mode (``totems``: those the player holds, each kind
    at most once — there is one totem of each); the supplementary rules count only when
    switched on; ``fire_count`` is what the fire lady counts (:data:`FIRE_COUNTS`).

    >>> score_sheet(OriginsKingdom.from_text("H L$"), "totem", totems=["fish", "fish"])
    Traceback (most recent call last):
    ...
    kingdomino_kit.origins.errors.OriginsError: totems: fish is held twice (there is one totem of \
each resource)
    """
    if not isinstance(kingdom, OriginsKingdom):
        raise OriginsError(f"kingdom: must be an OriginsKingdom, not {shown(kingdom)}")
    totems = held_totems(totems)
    mode = Mode.parse(mode)
    empire = EMPIRE_OF_FIRE_BONUS if empire_of_fire and kingdom.is_empire_of_fire() else 0
    habilis = (HOMO_HABILIS_BONUS if homo_habilis and kingdom.is_complete()
               and kingdom.discarded == 0 else 0)
    resources = len(kingdom.resources) if mode is Mode.TOTEM else 0
    totem_points = totem_bonus(list(totems), totem_bonus_values) if mode is Mode.TOTEM else 0
    check_fire_count(fire_count)
    cavemen = sum(caveman_points(kingdom, fire_count).values()) if mode is Mode.TRIBE else 0
    return ScoreSheet(mode, kingdom.score(), empire, habilis, resources, totem_points, cavemen)


def held_totems(totems: Any) -> list[Resource]:
    """The totems a player holds, as resources (named or given), each at most once.

    >>> held_totems(["Fish", Resource.FLINT])
    [<Resource.FISH: 'fish'>, <Resource.FLINT: 'flint'>]
    """
    if isinstance(totems, (str, bytes)) or not isinstance(totems, Iterable):
        raise OriginsError(f"totems: a list of resources, not {shown(totems)}")
    held: list[Resource] = []
    for item in totems:
        if not isinstance(item, (Resource, str)):
            raise OriginsError(f"totems: {shown(item)} is not a resource")
        try:
            resource = item if isinstance(item, Resource) else Resource(item.strip().lower())
        except ValueError:
            raise OriginsError(f"totems: unknown resource {shown(item)} (mammoth, fish, "
                               "mushroom, flint)") from None
        if resource in held:
            raise OriginsError(f"totems: {resource.value} is held twice (there is one totem of "
                               "each resource)")
        held.append(resource)
    return held


def tiebreak_key(kingdom: OriginsKingdom, sheet: ScoreSheet,
                 fire_count: str = DEFAULT_FIRE_COUNT) -> tuple[int, int, int]:
    """(total, largest region, fire tokens — or fire symbols, printed and on tokens, under the
    ``symbols`` reading of :data:`FIRE_COUNTS`): the higher key wins; equal keys share victory.

    >>> k = OriginsKingdom.from_text("H G1 G*2")
    >>> tiebreak_key(k, score_sheet(k)), tiebreak_key(k, score_sheet(k), "symbols")
    ((6, 2, 1), (6, 2, 3))
    """
    return (sheet.total, kingdom.largest_region(), counted_fire(kingdom, fire_count))

