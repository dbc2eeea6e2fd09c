"""The scoring rules of a Kingdomino kingdom as one value: its size and the bonus rules in play.

:class:`Rules` is what games, logs, puzzles, the solver, batch solving, hindsight and the coach
take; nothing else of the kit names a bonus rule. A bonus rule is three things:

- its flag and its points, here (a field of :class:`Rules` and an entry of :data:`POINTS`);
- its scorer, in :mod:`kingdomino_kit.bitkingdom` (an entry of ``BONUS_TESTS``: does a kingdom
  earn it);
- its model, in :mod:`kingdomino_kit.solver.data` (``static_bonus``: its share of a castle cell's
  static bound) and :mod:`kingdomino_kit.solver.layout` (``bonus_variables``: its CP-SAT term).

>>> r = Rules(size=7, harmony=True)
>>> r.bonuses, r.bonus_bound, str(r)
(('harmony',), 5, '7x7+harmony')
>>> Rules.parse("7x7+harmony") == r, Rules.from_json(r.to_json()) == r
(True, True)
>>> r.to_json()
{'size': 7, 'middle_kingdom': False, 'harmony': True}
>>> Rules(size=6)
Traceback (most recent call last):
...
kingdomino_kit.rules.RulesError: rules: size must be 5 or 7, not 6
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from types import MappingProxyType
from typing import Any, Protocol

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.grid import SIZES

__all__ = ["BONUS_NAMES", "DEFAULT_RULES", "POINTS", "VARIANT_SIZES", "Rules", "RulesError",
           "rules_or_flags", "variant_size"]

POINTS: Mapping[str, int] = MappingProxyType({"middle_kingdom": 10, "harmony": 5})
"""The points of each bonus rule, in the order the rules list them. Middle Kingdom: the castle
in the centre of the size × size grid, gaps allowed (every square within ±2 rows and columns
of the castle on 5×5, ±3 on 7×7). Harmony: all size × size cells filled."""

BONUS_NAMES: Mapping[str, str] = MappingProxyType(
    {"middle_kingdom": "Middle Kingdom", "harmony": "Harmony"})
"""Each bonus rule's name in words."""

VARIANT_SIZES: Mapping[str, int] = MappingProxyType({"standard": 5, "mighty-duel": 7})
"""The kingdom size each variant of the drafting game plays on (the one home of the rule)."""


class Scored(Protocol):
    """A kingdom that scores itself under rules (:class:`~kingdomino_kit.kingdom.Kingdom`,
    :class:`~kingdomino_kit.bitkingdom.BitKingdom`)."""

    def total(self, rules: Rules) -> int: ...


class RulesError(KingdominoError):
    """Rules that are not Kingdomino's: a size other than 5 or 7, a flag that is not a bool,
    an unknown bonus."""


@dataclass(frozen=True)
class Rules:
    """The kingdom size and the bonus rules that count; frozen and hashable.

    >>> Rules(size=5, middle_kingdom=True).describe()
    '5×5, Middle Kingdom +10'
    >>> Rules(harmony=1)
    Traceback (most recent call last):
    ...
    kingdomino_kit.rules.RulesError: rules: harmony must be true or false, not 1
    """

    size: int = 5
    middle_kingdom: bool = False
    harmony: bool = False

    def __post_init__(self) -> None:
        if type(self.size) is not int or self.size not in SIZES:
            raise RulesError(f"rules: size must be 5 or 7, not {self.size!r}")
        for name in POINTS:
            value = getattr(self, name)
            if type(value) is not bool:
                raise RulesError(f"rules: {name} must be true or false, not {value!r}")

    @property
    def bonuses(self) -> tuple[str, ...]:
        """The bonus rules switched on, in the order of :data:`POINTS`."""
        return tuple(name for name in POINTS if getattr(self, name))

    @property
    def bonus_bound(self) -> int:
        """The most the bonuses switched on can add to a kingdom's score."""
        return sum(POINTS[name] for name in self.bonuses)

    def without(self, *names: str) -> Rules:
        """These rules with the named bonuses switched off.

        >>> Rules(middle_kingdom=True, harmony=True).without("harmony")
        Rules(size=5, middle_kingdom=True, harmony=False)
        """
        for name in names:
            if name not in POINTS:
                raise RulesError(f"rules: no bonus rule named {name!r}")
        return replace(self, **dict.fromkeys(names, False))

    def total(self, kingdom: Scored) -> int:
        """The kingdom's score with the bonuses of these rules (its own :meth:`total`).

        >>> Rules().total(None)
        Traceback (most recent call last):
        ...
        kingdomino_kit.rules.RulesError: rules.total: expected a kingdom, not NoneType
        """
        total = getattr(kingdom, "total", None)
        if not callable(total):
            raise RulesError(f"rules.total: expected a kingdom, not {type(kingdom).__name__}")
        return int(total(self))

    def only(self, name: str) -> Rules:
        """The same size with the bonus ``name`` alone (for showing each bonus apart).

        >>> Rules(7, middle_kingdom=True, harmony=True).only("harmony")
        Rules(size=7, middle_kingdom=False, harmony=True)
        """
        return replace(self.without(*POINTS), **{name: True})

    def describe(self) -> str:
        """The rules in words."""
        words = [f"{self.size}×{self.size}"]
        words += [f"{BONUS_NAMES[name]} +{POINTS[name]}" for name in self.bonuses]
        return ", ".join(words)

    def to_json(self) -> dict[str, Any]:
        """The JSON form: ``size`` and one bool per bonus rule (logs, puzzles, tables)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: object, where: str = "rules") -> Rules:
        """The value of a :meth:`to_json` dict; a bonus rule it does not name is off (so files
        written before a rule existed read as they were meant). ``where`` names the place in
        the error messages.

        >>> Rules.from_json({"size": 7})
        Rules(size=7, middle_kingdom=False, harmony=False)
        >>> Rules.from_json({"size": 5, "bonus": True})
        Traceback (most recent call last):
        ...
        kingdomino_kit.rules.RulesError: rules: unknown field 'bonus'
        """
        if not isinstance(data, Mapping):
            raise RulesError(f"{where}: must be an object, not {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise RulesError(f"{where}: unknown field {key!r}")
        try:
            return cls(**data)
        except RulesError as error:
            raise RulesError(str(error).replace("rules:", f"{where}:", 1)) from None

    def __str__(self) -> str:
        return "+".join([f"{self.size}x{self.size}", *self.bonuses])

    @classmethod
    def parse(cls, text: object) -> Rules:
        """The value of its text form, ``5x5`` then ``+name`` for each bonus rule on.

        >>> Rules.parse("5x5+middle_kingdom+harmony").bonuses
        ('middle_kingdom', 'harmony')
        >>> Rules.parse("5x5+castle")
        Traceback (most recent call last):
        ...
        kingdomino_kit.rules.RulesError: rules: no bonus rule named 'castle' in '5x5+castle'
        """
        if not isinstance(text, str):
            raise RulesError(f"rules: must be text, not {type(text).__name__}")
        head, *names = text.strip().split("+")
        sizes = {f"{n}x{n}": n for n in SIZES}
        if head not in sizes:
            raise RulesError(f"rules: {text!r} does not start with 5x5 or 7x7")
        for name in names:
            if name not in POINTS:
                raise RulesError(f"rules: no bonus rule named {name!r} in {text!r}")
        return cls(sizes[head], **dict.fromkeys(names, True))


DEFAULT_RULES = Rules()
"""5×5, no bonus rule: the basic game."""


def variant_size(variant: str) -> int:
    """The kingdom size of a variant (:data:`VARIANT_SIZES`).

    >>> variant_size("mighty-duel"), variant_size("standard")
    (7, 5)
    >>> variant_size("giant")
    Traceback (most recent call last):
    ...
    kingdomino_kit.rules.RulesError: variant must be one of standard, mighty-duel, not 'giant'
    """
    size = VARIANT_SIZES.get(variant) if isinstance(variant, str) else None
    if size is None:
        raise RulesError(f"variant must be one of {', '.join(VARIANT_SIZES)}, not {variant!r}")
    return size


def rules_or_flags(rules: object, *, size: object = 5, middle_kingdom: object = False,
                   harmony: object = False, error: type[KingdominoError] = RulesError) -> Rules:
    """``rules`` when given (the shorthand keywords then left as they are), else the
    :class:`Rules` of the shorthand keywords of the two classic bonus rules; a wrong value raises
    ``error`` (a :class:`~kingdomino_kit.errors.KingdominoError` kind).

    >>> rules_or_flags(None, middle_kingdom=True)
    Rules(size=5, middle_kingdom=True, harmony=False)
    >>> rules_or_flags(Rules(), harmony=True)
    Traceback (most recent call last):
    ...
    kingdomino_kit.rules.RulesError: rules: give a Rules value or the keywords, not both
    """
    if rules is None:
        try:
            return Rules(size, middle_kingdom, harmony)  # type: ignore[arg-type]
        except RulesError as bad:
            raise error(str(bad)) from None
    if not isinstance(rules, Rules):
        raise error(f"rules: must be a Rules value, not {type(rules).__name__}")
    if (size, middle_kingdom, harmony) != (5, False, False) and (
            size, middle_kingdom, harmony) != (rules.size, False, False):
        raise error("rules: give a Rules value or the keywords, not both")
    return rules
