"""The exercises of 04b: the terrain bound as a function is judged against the kit's bound,
which a plain count over the halves reproduces; a common mistake gets a counterexample."""

from __future__ import annotations

from collections import defaultdict

from kingdomino_kit.dominoes import dominoes
from kingdomino_kit.exercises import for_notebook
from kingdomino_kit.exercises.highest_score import _sets, bound_of


def plain_bound(numbers: list[int]) -> int:
    squares: dict[str, int] = defaultdict(int)
    crowns: dict[str, int] = defaultdict(int)
    for d in dominoes(numbers):
        for h in d.halves:
            squares[str(h.terrain)] += 1
            crowns[str(h.terrain)] += h.crowns
    return sum(squares[t] * crowns[t] for t in squares)


def totals_multiplied(numbers: list[int]) -> int:  # the misconception: no terrain split
    halves = [h for d in dominoes(numbers) for h in d.halves]
    return len(halves) * sum(h.crowns for h in halves)


def test_the_kit_bound_is_the_plain_count_on_every_case() -> None:
    cases = _sets()
    assert len(cases) > 40 and all(bound_of(*c) == plain_bound(*c) for c in cases)


def test_the_function_exercise_accepts_a_right_function_and_shows_a_counterexample() -> None:
    check = for_notebook("04b_highest_score")
    assert check(2, plain_bound).status == "correct"
    wrong = check(2, totals_multiplied)
    assert wrong.status == "wrong" and "terrain_bound_of([41])" in wrong.text()
    assert check(2, lambda numbers: None).status == "blank"
