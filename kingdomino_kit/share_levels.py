"""The level rule of the Kingdoms and Origins puzzles: how often a random legal answer is
optimal (``docs/puzzles.md``). It sits below both games, whose puzzle makers import it.

A puzzle's generator plays ``RANDOM_SAMPLES`` seeded random legal answers (every piece put on a
random legal spot, every fire token on a random allowed square) and counts the optimal ones;
the share gives the level, lower share, higher level:

=======  ==========================
level    share of random answers
=======  ==========================
1        at least 10 %
2        at least 2 %
3        at least 0.4 %
4        above 0 (at least one)
5        none
=======  ==========================

>>> [level_from_share(n, 2000) for n in (400, 200, 40, 8, 1, 0)]
[1, 1, 2, 3, 4, 5]
"""

from __future__ import annotations

from kingdomino_kit.errors import PuzzleError

__all__ = ["RANDOM_SAMPLES", "LEVEL_SHARES", "level_from_share"]

RANDOM_SAMPLES = 2000
"""Random legal answers played per puzzle."""

LEVEL_SHARES = ((1, 0.10), (2, 0.02), (3, 0.004))
"""(level, the least share of optimal random answers for it); above 0: level 4; none: 5."""


def level_from_share(optimal: int, samples: int) -> int:
    """The level of a puzzle whose random answers were optimal ``optimal`` times out of
    ``samples``.

    >>> level_from_share(2, 1)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.PuzzleError: optimal answers: 0–1, not 2
    """
    if samples < 1 or not 0 <= optimal <= samples:
        raise PuzzleError(f"optimal answers: 0–{samples}, not {optimal}")
    for level, share in LEVEL_SHARES:
        if optimal >= share * samples:
            return level
    return 4 if optimal else 5
