"""The best kingdom from dominoes in the order they came, against an exhaustive search of every
legal sequence (each domino placed when it comes, or left out)."""

from __future__ import annotations

import random

import pytest

from kingdomino_kit import Domino, Kingdom, domino
from kingdomino_kit.solver import Status, best_kingdom
from kingdomino_kit.solver.ordered import best_in_order


def exhaustive_in_order(doms: list[Domino], *, size: int = 5, middle_kingdom: bool = False,
                        harmony: bool = False) -> int:
    """The best total over every sequence: each domino, in turn, left out or placed legally."""
    best = -1

    def walk(k: Kingdom, i: int) -> None:
        nonlocal best
        if i == len(doms):
            best = max(best, k.total(middle_kingdom=middle_kingdom, harmony=harmony))
            return
        walk(k, i + 1)
        for p in k.legal_placements(doms[i]):
            k.push(p)
            walk(k, i + 1)
            k.undo()

    walk(Kingdom(size), 0)
    return best


def test_against_the_exhaustive_search() -> None:
    rng = random.Random(11)
    for n in range(6):
        doms = [domino(x) for x in rng.sample(range(1, 49), 3)]
        mk, harmony = n % 2 == 1, n == 4
        sol = best_in_order(doms, middle_kingdom=mk, harmony=harmony, workers=1)
        assert sol.status is Status.OPTIMAL
        assert sol.score == exhaustive_in_order(doms, middle_kingdom=mk, harmony=harmony), doms


@pytest.mark.slow
def test_the_answer_replays_in_order() -> None:
    # a player's twelve dominoes from a game: rearranged they make at least as much
    numbers = [10, 44, 47, 29, 15, 6, 32, 1, 25, 8, 2, 23]
    doms = [domino(n) for n in numbers]
    ordered = best_in_order(doms, middle_kingdom=True, workers=1, time_limit_s=600)  # not hit
    free = best_kingdom(doms, middle_kingdom=True, workers=1, time_limit_s=600)
    assert ordered.status is Status.OPTIMAL and free.status is Status.OPTIMAL
    assert ordered.score <= free.score
    placed = [p.domino.number for p in ordered.order]
    assert placed == [n for n in numbers if n in placed]          # the order they came
    k = Kingdom()
    for p in ordered.order:
        k.place(p)                                                # each legal when it came
    assert k == ordered.kingdom and k.total(middle_kingdom=True) == ordered.score


@pytest.mark.parametrize("harmony", [False, True])
def test_harmony_is_the_better_of_full_and_not(harmony: bool) -> None:
    doms = [domino(n) for n in (41, 36, 48)]
    sol = best_in_order(doms, harmony=harmony, workers=1)
    assert sol.score == exhaustive_in_order(doms, harmony=harmony)
