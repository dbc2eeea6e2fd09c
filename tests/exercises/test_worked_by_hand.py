"""The answers of the exercises of 01 (6–9), 04b, 07, 08 and 10, worked out by hand (the
working is in each case's comment), against the checker: the hand's answer is correct, a near
miss is not, and each near miss is told what is wrong."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from kingdomino_kit.exercises import for_notebook

BY_HAND: list[tuple[str, int, Any, Any]] = [
    # Ann 3 wheat × 1 + 2 forest × 2 = 7, largest 3; Bob 5 lake × 1 + 2 swamp × 1 = 7, largest 5
    ("01_rules", 6, "Bob", "Ann"),
    ("01_rules", 7, 24, 48),            # 48 dominoes, two players; 7 × 7 − 1 = 48 squares
    ("01_rules", 8, 12, 0),             # 12 rounds, 4 drawn, 3 claimed
    ("01_rules", 9, "Bob", "Ann"),      # Ann 52 + 47 + 31 = 130, Bob 49 + 44 + 41 = 134
    ("07_kingdoms", 1, -1, 4),          # a1 with the −1 right of the mountain; +5 is left of it
    ("07_kingdoms", 2, 0, 15),          # the dragon cancels the +5: 3 × 0
    # (2, 5): row 3 +2 doubled = 4, column 6 +6 −1 +4 = 9, 2 × 13 = 26; (1, 0) gives 2 × 8
    ("07_kingdoms", 3, (2, 5), (1, 0)),
    ("07_kingdoms", 4, 12, 20),         # 4 columns split the row × 3 rows split the column
    ("07_kingdoms", 5, -5, -7),         # −7, then rank 5 in row 1 (−3) and column 5 (+5)
    ("07_kingdoms", 6, 60, 120),        # 6 cells for the rank 3, then C(5, 2) for the two 1s
    ("07_kingdoms", 7, 16, 12),         # row 1 full: black's ranks 2 + 2 × (+2 − 4 + 6)
    ("04b_highest_score", 1, 12, 20),   # wheat 4 × 1, forest 2 × 1, swamp 2 × 3 (not 8 × 5 / 2)
    ("04b_highest_score", 3, 10, 9),    # two mine halves, 2 + 3 crowns: 2 × 5 (not 3 × 3)
    ("04b_highest_score", 4, (143, 2), (143, 0)),  # 128 + 10 + 5, the maximum is 141
    ("08_origins", 1, 14, 12),          # meadow 3 × 2, lake 3 × 2, forest 2 × 1
    ("08_origins", 2, 10, 13),          # 13 squares besides hut and volcano, 3 with fire
    ("08_origins", 3, 9, 6),            # 3 fires on the 3-square meadow
    ("08_origins", 4, 15, 17),          # regions 3 + resources 4 + mammoth 3 + mushroom 5
    ("08_origins", 5, 15, 9),           # hunter 3 mammoths × 3, painter 3 resources × 2
    ("10_bots_and_coach", 1, Fraction(87, 2), 42),   # 30/4 + 42/2 + 60/4
    ("10_bots_and_coach", 2, 10 / 11, 0.9),          # 1 / (1 + 10 ** −1)
    ("10_bots_and_coach", 3, 6, 3),                  # ordered pairs of 3 bots
    ("10_bots_and_coach", 4, 3.5, 5.7),              # 41.9 − 38.4 (not 41.9 − 36.2)
    ("10_bots_and_coach", 5, False, True),
]


@pytest.mark.parametrize(("name", "number", "right", "wrong"), BY_HAND,
                         ids=[f"{n}-{k}" for n, k, _, _ in BY_HAND])
def test_the_answer_worked_by_hand_is_correct_and_a_near_miss_is_not(
        name: str, number: int, right: Any, wrong: Any) -> None:
    check = for_notebook(name)
    assert check(number, right).status == "correct", check(number, right).text()
    missed = check(number, wrong)
    assert missed.status == "wrong", missed.text()
    assert missed.hint and missed.message.startswith("not yet")
