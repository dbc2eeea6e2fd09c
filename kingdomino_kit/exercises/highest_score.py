"""The exercises of ``04b_highest_score``: a terrain bound by hand and as a function, the best
bound of a pair of dominoes, and where a proof with bonuses starts.

Each expected value is computed here from the catalogue, the kit's branch and bound and its
record of the proven maxima — never typed in.
"""

from __future__ import annotations

import random

from kingdomino_kit.dominoes import DOMINOES, dominoes
from kingdomino_kit.exercises.answer_kinds import WHOLE_NUMBER, pair_of
from kingdomino_kit.exercises.sheet import function, sheet, value
from kingdomino_kit.solver.choices import choice_bound
from kingdomino_kit.solver.pieces import pieces_of, terrain_bound
from kingdomino_kit.solver.proven import proven_maxima

__all__ = ["EXERCISES", "bound_of", "both_bonuses_gap"]

BY_HAND = [19, 27, 38, 43]
MIDDLE, HARMONY = 10, 5


def bound_of(numbers: list[int]) -> int:
    """The kit's terrain bound of the dominoes ``numbers``.

    >>> bound_of(BY_HAND), bound_of([48, 47, 46])
    (12, 21)
    """
    return terrain_bound([h for d in dominoes(numbers) for h in d.halves])


def _sets() -> list[tuple[list[int]]]:
    """Sets of 1 to 12 dominoes, seeded: the cases a student's bound is tried on."""
    rng = random.Random(4)
    numbers = [d.number for d in DOMINOES]
    return [([41],), ([1, 2],), ([48, 47, 46],)] + [
        (sorted(rng.sample(numbers, rng.randint(1, 12))),) for _ in range(40)]


def both_bonuses_gap() -> tuple[int, int]:
    """Where the 5 × 5 proof with both bonuses starts (the choice bound plus both bonuses) and
    how far below it the proven maximum lies, from the kit's record.

    >>> both_bonuses_gap()
    (143, 2)
    """

    record = next(r for r in proven_maxima() if r["name"] == "5x5-both")
    start = int(record["choice_bound"]) + MIDDLE + HARMONY
    return start, start - int(record["score"])


_WORDS = """
1. a terrain bound by hand
hint: Per terrain: how many squares, how many crowns? Wheat has four squares here.
hint: Multiply squares by crowns for each terrain separately, then add the terrains; a terrain with
  no crown adds nothing.
why: wheat 4 squares × 1 crown + forest 2 × 1 + swamp 2 × 3 = 12.

2. the terrain bound as a function
hint: Keep two dictionaries keyed by terrain: squares and crowns; every half adds 1 square and its
  crowns to its own terrain.
hint: Multiply inside each terrain, not the totals: sum of squares[t] × crowns[t].
why: Every terrain scores at most its squares × its crowns, whatever the layout.

3. the best pair
hint: Crowns count only where their terrain has squares: look for the terrain whose dominoes carry
  the most crowns.
hint: Two halves of one terrain with as many crowns as possible between them: the mine halves carry
  the most.
why: Two mine halves with 2 and 3 crowns: 2 squares × 5 crowns = 10 (dominoes 45 and 48); nothing
  else comes close.

4. where a proof with bonuses starts
hint: The choice bound of 12 dominoes is in the table's column 'choice bound'; the Middle Kingdom
  adds 10, Harmony 5.
hint: The shortfall is that sum minus the proven maximum with both bonuses.
why: 128 + 10 + 5 = 143; the best layout with both bonuses scores 141, two points less: the two
  bonuses cost two points of properties.
"""

EXERCISES = sheet(_WORDS, {
    1: value(WHOLE_NUMBER, lambda: bound_of(BY_HAND)),
    2: function("terrain_bound_of", bound_of, _sets),
    3: value(WHOLE_NUMBER, lambda: choice_bound(pieces_of(DOMINOES), 2)),
    4: value(pair_of(WHOLE_NUMBER, WHOLE_NUMBER), both_bonuses_gap,
             wrong="not both right: add both bonuses to the 5 × 5 choice bound, then compare "
                   "with the maximum in the table"),
})
