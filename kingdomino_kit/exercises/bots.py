"""The exercises of ``10_bots_and_coach``: a bot's expected score, the Elo scale of the
tournament's rating, the line-ups of a tournament, the coach's cost of a move, and order
against rearrangement."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

from kingdomino_kit.exercises.answer_kinds import FRACTION, NUMBER, WHOLE_NUMBER, YES_NO
from kingdomino_kit.exercises.sheet import sheet, value

__all__ = ["EXERCISES", "OUTCOMES", "PLAYOUTS"]

OUTCOMES = {30: Fraction(1, 4), 42: Fraction(1, 2), 60: Fraction(1, 4)}
"""Exercise 1: a bot's final score and its chance."""
PLAYOUTS = {"played": 38.4, "coach's best": 41.9, "third": 36.2}
"""Exercise 4: the mean final score of the playouts after each move."""


def _expected() -> Fraction:
    return sum((score * chance for score, chance in OUTCOMES.items()), Fraction(0))


def _elo(difference: int) -> Fraction:
    """The Elo scale's chance of winning for a rating ``difference`` (a multiple of 400)."""
    return Fraction(1) / (1 + Fraction(10) ** (-difference // 400))


def _cost() -> float:
    return round(max(PLAYOUTS.values()) - PLAYOUTS["played"], 6)


_WORDS = """
1. a bot's expected score
hint: An expected value weighs each score by its chance, then adds them up.
hint: The chances add up to 1; multiply each score by its chance and sum.
why: The expectation: each score times its chance, summed.

2. a rating gap of 400 on the Elo scale
hint: On the Elo scale a bot rated d points higher has odds of 10 ** (d / 400) to 1 of winning;
  odds of x to 1 are a chance of x / (x + 1).
hint: With d = 400 the exponent -d / 400 is −1: work out the power of ten first.
why: Every 400 points multiply the odds by 10: odds 10 to 1.

3. the line-ups of a small tournament
hint: Two of the three bots sit at the table, and the seat matters.
hint: Count the pairs of different bots, then count each pair once per seating.
why: 3 pairs × 2 seatings: ordered pairs of distinct bots.

4. the coach's cost of a move
hint: A move's cost is how far it falls behind the best alternative the coach tried.
hint: Subtract the mean after the move you played from the best mean.
why: The best alternative's mean minus the played move's mean.

5. order against rearrangement
hint: best_in_order must keep the order the dominoes came in; best_kingdom may place them in any
  order.
hint: Is every kingdom built in the order they came also a kingdom of the same dominoes?
why: Every in-order kingdom is one of the rearrangements, so the free best is at least as high.
"""

EXERCISES = sheet(_WORDS, {
    1: value(FRACTION, _expected),
    2: value(NUMBER, lambda: float(_elo(400)), tolerance=1e-3),
    3: value(WHOLE_NUMBER, lambda: len(list(permutations(range(3), 2)))),
    4: value(NUMBER, _cost, tolerance=1e-6),
    5: value(YES_NO, False, wrong="{answer} is not right"),
})
