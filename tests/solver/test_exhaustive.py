"""The CP-SAT solver against an exhaustive search written here (independent of the model)."""

from __future__ import annotations

import random

import pytest

from kingdomino_kit import Kingdom, domino
from kingdomino_kit.dominoes import DOMINOES, Domino
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver import Solution, SolverError, best_kingdom, best_kingdom_under
from tests.reference import check_solution, exhaustive_best


def _random_sets(count: int, k: int, seed: int) -> list[list[Domino]]:
    rng = random.Random(seed)
    return [rng.sample(list(DOMINOES[18:]), k) for _ in range(count)]


SWEEP = pytest.mark.sweep  # make test-sweeps; make test keeps a case of each path
CASES = [  # (dominoes, middle kingdom)
    ("41,36", False), ("48,47", False), ("48,47", True), ("1,13", False), ("41,42", True),
    pytest.param("44,39,12", False, marks=SWEEP), pytest.param("45,40,23", False, marks=SWEEP),
    pytest.param("19,24,13", False, marks=SWEEP),  # triples: test_random_triples_agree
]


@pytest.mark.slow
@pytest.mark.parametrize("numbers,middle", CASES)
def test_agrees_with_exhaustive_search(numbers: str, middle: bool) -> None:
    doms = [domino(n) for n in numbers.split(",")]
    sol = best_kingdom(doms, middle_kingdom=middle, workers=1, time_limit_s=600)
    assert sol.status == "optimal"
    assert sol.score == sol.bound == exhaustive_best(doms, middle_kingdom=middle)
    check_solution(sol, doms, middle_kingdom=middle)


@pytest.mark.parametrize("doms", [pytest.param(d, marks=[SWEEP] if i else [])
                                  for i, d in enumerate(_random_sets(3, 3, seed=7))])
def test_random_triples_agree(doms: list[Domino]) -> None:
    """Two workers here (the models side by side); the other cases solve with one."""
    sol = best_kingdom(doms, workers=2, time_limit_s=60)
    assert sol.status == "optimal"
    assert sol.score == exhaustive_best(doms)
    check_solution(sol, doms)


def test_seven_by_seven_agrees() -> None:
    doms = [domino(n) for n in (46, 47)]
    sol = best_kingdom(doms, size=7, middle_kingdom=True, workers=1, time_limit_s=600)
    assert sol.status == "optimal"
    assert sol.score == exhaustive_best(doms, size=7, middle_kingdom=True)
    check_solution(sol, doms, middle_kingdom=True)


# A 5×5 start with four free cells: (−2, 1), (−2, 2), (2, −2), (2, −1) castle-relative.
START = Kingdom.from_text("""
W  W  W  .  .
W  F  F  F  W
G  G  C  L  W
S  S  L1 L  W
.  .  F  F1 W
""")


@pytest.mark.parametrize("numbers,middle", [("41,48", False), ("13,41", True), ("1,32", False)])
def test_start_and_harmony_agree(numbers: str, middle: bool) -> None:
    doms = [domino(n) for n in numbers.split(",")]
    for harmony in (False, True):
        expected = exhaustive_best(doms, start=START, middle_kingdom=middle, harmony=harmony)
        sol = best_kingdom(doms, start=START, middle_kingdom=middle, harmony=harmony, workers=1)
        assert sol.status == "optimal"
        assert sol.score == sol.bound == expected
        check_solution(sol, doms, START, middle_kingdom=middle, harmony=harmony)
        for cell, half in START.squares():
            assert sol.kingdom is not None and sol.kingdom.at(cell) == half


@pytest.mark.parametrize("numbers,middle", [("41,48", False), ("13,41", True), ("7,10", False)])
def test_best_under_the_rules_counts_harmony_as_a_player_s_score_does(numbers: str,
                                                                     middle: bool) -> None:
    """With Harmony on, the best kingdom under the rules counts the +5 as a player's score
    does (found here by exhaustive search, Harmony a bonus); when no layout fills the frame
    (7 and 10 cannot fill the start's gaps) it is still the best kingdom, not none."""
    doms = [domino(n) for n in numbers.split(",")]
    rules = Rules(middle_kingdom=middle, harmony=True)
    plain = exhaustive_best(doms, start=START, middle_kingdom=middle)
    scored = exhaustive_best(doms, start=START, middle_kingdom=middle, harmony=True)
    assert plain >= 0 and scored >= plain
    sol = best_kingdom_under(doms, rules, start=START, workers=1)
    assert sol.status == "optimal"
    assert sol.score == sol.bound == scored
    assert sol.kingdom is not None and sol.kingdom.total(rules) == sol.score
    assert best_kingdom_under(doms, rules.without("harmony"), start=START).score == plain


def test_more_dominoes_than_the_start_leaves_room_for() -> None:
    with pytest.raises(KingdominoError, match="cannot fit"):
        best_kingdom([domino(n) for n in (48, 32, 1)], start=START)


def test_harmony_out_of_reach_is_no_bonus_not_infeasible() -> None:
    # L|L and G|G touch no lake, grassland or castle in the gaps: both are left out, the start
    # stays as it is, Harmony's +5 is simply out of reach
    doms = [domino(7), domino(10)]
    assert exhaustive_best(doms, start=START, harmony=True) == START.score()
    sol = best_kingdom(doms, start=START, harmony=True, workers=1)
    assert (sol.status, sol.score, sol.bound) == ("optimal", START.score(), START.score())
    assert sol.kingdom == START and sol.order == () and sol.discarded == (7, 10)


def test_eleven_dominoes_with_harmony_answer_the_best_kingdom() -> None:
    doms = [domino(n) for n in range(1, 12)]
    sol = best_kingdom(doms, harmony=True, workers=1, time_limit_s=600)
    assert sol.status == "optimal" and sol.kingdom is not None
    assert sol.score == sol.bound == best_kingdom(doms, workers=1, time_limit_s=600).score
    check_solution(sol, doms, harmony=True)


@pytest.mark.parametrize("numbers,middle", [("41,48,38", True),
                                            pytest.param("46,45,40", False, marks=SWEEP)])
def test_harmony_is_a_bonus_on_small_sets(numbers: str, middle: bool) -> None:
    doms = [domino(n) for n in numbers.split(",")]
    sol = best_kingdom(doms, harmony=True, middle_kingdom=middle, workers=1, time_limit_s=600)
    expected = exhaustive_best(doms, harmony=True, middle_kingdom=middle)
    assert (sol.status, sol.score, sol.bound) == ("optimal", expected, expected)
    check_solution(sol, doms, harmony=True, middle_kingdom=middle)


def test_choose_limits_the_count() -> None:
    doms = [domino(n) for n in (48, 47, 46)]
    sol = best_kingdom(doms, choose=1, workers=1)
    assert sol.status == "optimal" and len(sol.order) == 1
    assert sol.score == exhaustive_best(doms, choose=1)
    check_solution(sol, doms, choose=1)


def test_on_solution_streams_improvements() -> None:
    seen: list[Solution] = []
    sol = best_kingdom([domino(n) for n in (41, 42, 36, 37)], workers=1, on_solution=seen.append)
    assert seen and all(s.status == "feasible" for s in seen)
    scores = [s.score for s in seen]
    assert scores == sorted(set(scores)) and scores[-1] == sol.score
    assert all(s.bound >= sol.score for s in seen)


@pytest.mark.parametrize("numbers,error", [
    ("41,41", "more than once"),
    (",".join(str(n) for n in range(1, 14)), "cannot fit"),
])
def test_bad_input_raises(numbers: str, error: str) -> None:
    with pytest.raises(SolverError, match=error):
        best_kingdom([domino(n) for n in numbers.split(",")])


def test_empty_set_scores_zero() -> None:
    sol = best_kingdom([], workers=1)
    assert (sol.status, sol.score, sol.bound, sol.order) == ("optimal", 0, 0, ())
