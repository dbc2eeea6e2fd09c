"""The one door of the fast, compiled and endgame engines: what they play of the rules.

Every engine beside the readable one takes the game's
:class:`~kingdomino_kit.game.options.GameOptions` (its :class:`~kingdomino_kit.rules.Rules`),
never a bonus flag, and builds its configuration here, from the rules' own table of bonuses
(:data:`kingdomino_kit.rules.POINTS`): :func:`kernel_bonuses` gives the points of each bonus the
compiled kernels score, in the order of their parameters (:data:`KERNEL_BONUSES`), and refuses a
bonus in play that they do not score (:class:`UnsupportedRules`, of the
:class:`~kingdomino_kit.errors.KingdominoError` family) — a rule is never dropped.
:func:`supports` says it beforehand, so that a caller falls back on the Python engines, which
score every bonus through :data:`~kingdomino_kit.bitkingdom.BONUS_TESTS`.

>>> from kingdomino_kit.game.options import GameOptions
>>> from kingdomino_kit.rules import POINTS, Rules
>>> kernel_bonuses(Rules(harmony=True)), supports(GameOptions(rules=Rules(middle_kingdom=True)))
((0, 5), True)
"""

from __future__ import annotations

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.rules import POINTS, Rules

__all__ = ["JUDGED_BONUSES", "KERNEL_BONUSES", "UnsupportedRules", "kernel_bonuses", "supports",
           "unjudged_points"]

KERNEL_BONUSES = ("middle_kingdom", "harmony")
"""The bonus rules the compiled kernels score, in the order of their parameters (a rule's
points, 0 when it is off)."""


JUDGED_BONUSES = ("middle_kingdom", "harmony")
"""The bonus rules whose reach the engines' bounds judge (the greedy player's pruning, the
endgame's finish): any other bonus in play is counted whole in a bound, in reach or not."""


def unjudged_points(rules: Rules) -> int:
    """The points of the bonuses in play that the bounds do not judge (a bound counts them
    whole: too high costs time, too low would cost the exact answer).

    >>> unjudged_points(Rules(middle_kingdom=True, harmony=True))
    0
    """
    return sum(POINTS[name] for name in rules.bonuses if name not in JUDGED_BONUSES)


class UnsupportedRules(KingdominoError):
    """Rules with a bonus that an engine does not score: the caller plays them with the
    readable engine instead."""


def _rules_of(options: GameOptions | Rules) -> Rules:
    return options.rules if isinstance(options, GameOptions) else options


def supports(options: GameOptions | Rules, known: tuple[str, ...] = KERNEL_BONUSES) -> bool:
    """True when every bonus rule in play is one of ``known`` (default: the compiled
    kernels')."""
    return all(name in known for name in _rules_of(options).bonuses)


def kernel_bonuses(options: GameOptions | Rules) -> tuple[int, ...]:
    """The compiled kernels' bonus parameters: the points of each of :data:`KERNEL_BONUSES`
    from the rules' table, 0 for one that is off; a bonus in play that the kernels do not score
    raises :class:`UnsupportedRules`."""
    rules = _rules_of(options)
    unknown = [name for name in rules.bonuses if name not in KERNEL_BONUSES]
    if unknown:
        raise UnsupportedRules(f"the compiled engine does not score {', '.join(unknown)}: "
                               "play these rules with the Python engine")
    return tuple(POINTS[name] if name in rules.bonuses else 0 for name in KERNEL_BONUSES)
