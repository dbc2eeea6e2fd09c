"""Free choice (the best kingdom from any k dominoes of a pool), solved choice by choice, against
the exhaustive search of ``tests/reference.py`` over every subset, bonuses and a start included."""

from __future__ import annotations

import functools

import pytest

from kingdomino_kit import Kingdom
from kingdomino_kit.dominoes import DOMINOES, Domino
from kingdomino_kit.solver import best_kingdom
from kingdomino_kit.solver.settings import SolverSettings
from tests.reference import check_solution, exhaustive_best

# A 5×5 start with four free cells: (−2, 1), (−2, 2), (2, −2), (2, −1) castle-relative.
START = Kingdom.from_text("""
W  W  W  .  .
W  F  F  F  W
G  G  C  L  W
S  S  L1 L  W
.  .  F  F1 W
""")


def _doms(numbers: str) -> list[Domino]:
    return [DOMINOES[int(n) - 1] for n in numbers.split(",")]


@functools.cache
def _best_choice(numbers: str, choose: int, middle: bool, harmony: bool, start: bool) -> int:
    """The best total over every choice of ``choose`` dominoes of the pool, each layout
    leaving out only chosen dominoes that fit nowhere (the reference's own rule)."""
    return exhaustive_best(_doms(numbers), choose=choose, middle_kingdom=middle, harmony=harmony,
                           start=START if start else None)


SWEEP = pytest.mark.sweep  # the same paths as a kept case, on an open 5×5: make test-sweeps
CASES = [  # pool, choose, middle kingdom, harmony, start
    pytest.param("48,47,46,45", 2, False, False, False, marks=SWEEP),
    pytest.param("48,47,46,45", 2, True, False, False, marks=SWEEP),
    ("44,39,12", 2, True, False, False),  # the open 5×5, Middle Kingdom, on a smaller pool
    pytest.param("44,39,12,43", 2, True, False, False, marks=SWEEP),
    pytest.param("41,42,36,37,10", 2, False, False, False, marks=SWEEP),
    pytest.param("13,24,25,19", 2, True, False, False, marks=SWEEP),
    ("41,48,13,1,32", 2, False, True, True),  # a start, Harmony
    ("41,48,13,1,32", 2, True, True, True),   # a start, both bonuses
    ("7,10,32,41", 2, False, True, True),
]


@pytest.mark.parametrize("numbers,choose,middle,harmony,start", CASES)
def test_free_choice_agrees_with_exhaustive_search(numbers: str, choose: int, middle: bool,
                                                   harmony: bool, start: bool) -> None:
    pool = _doms(numbers)
    expected = _best_choice(numbers, choose, middle, harmony, start)
    sol = best_kingdom(pool, choose=choose, middle_kingdom=middle, harmony=harmony,
                       start=START if start else None, workers=2, time_limit_s=60)
    assert (sol.status, sol.score, sol.bound) == ("optimal", expected, expected)
    check_solution(sol, pool, START if start else None, middle_kingdom=middle, harmony=harmony,
                   choose=choose)
    assert len(sol.order) <= choose


@pytest.mark.parametrize("numbers,choose", [("48,47,46,45,23", 3), ("44,39,12,43,38", 3)])
def test_choice_by_choice_agrees_with_the_whole_pool_model(numbers: str, choose: int) -> None:
    pool = _doms(numbers)
    by_choice = best_kingdom(pool, choose=choose, workers=2, time_limit_s=60)
    whole = best_kingdom(pool, choose=choose, workers=2, time_limit_s=60,
                         settings=SolverSettings(choice_search=False))
    assert by_choice.status == whole.status == "optimal"
    assert by_choice.score == whole.score


def test_harmony_out_of_reach_with_too_few_chosen_is_no_bonus() -> None:
    """One domino cannot fill the start's four free cells: Harmony is out of reach, which only
    means no bonus."""
    pool = _doms("41,48,13,1,32")
    sol = best_kingdom(pool, choose=1, harmony=True, start=START, workers=2)
    plain = best_kingdom(pool, choose=1, start=START, workers=2)
    assert (sol.status, plain.status) == ("optimal", "optimal")
    assert sol.score == sol.bound == plain.score == exhaustive_best(pool, choose=1, start=START,
                                                                    harmony=True)
    check_solution(sol, pool, START, harmony=True, choose=1)


def test_streamed_layouts_carry_the_open_choices_in_their_bound() -> None:
    seen = []
    sol = best_kingdom(_doms("48,47,46,45,23,40"), choose=3, workers=2, on_solution=seen.append,
                       settings=SolverSettings(beam=False))
    assert seen and sol.status == "optimal"
    assert all(s.bound >= sol.score for s in seen)
    assert seen[-1].score == sol.score
