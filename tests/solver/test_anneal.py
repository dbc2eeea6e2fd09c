"""Simulated annealing (``solver/anneal.py``): every layout it reports is buildable by the rules
and scores what it says; walks in processes of their own are the walks made one by one."""

from __future__ import annotations

import random

from kingdomino_kit import Kingdom
from kingdomino_kit.dominoes import DOMINOES, Domino
from kingdomino_kit.kingdom import Placement
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver.anneal import Annealed, anneal, anneal_runs
from kingdomino_kit.solver.solution import replay_order
from tests import reference


def _kingdom(found: Annealed, size: int) -> tuple[Kingdom, int]:
    """The layout replayed through the rules, and how many dominoes it placed."""
    r0, c0 = found.castle
    placements = [Placement(d, (a[0] - r0, a[1] - c0), (b[0] - r0, b[1] - c0))
                  for d, a, b in found.placements]
    kingdom, order = replay_order(placements, None, size)
    return kingdom, len(order)


def _set(seed: int, k: int) -> list[Domino]:
    return random.Random(seed).sample(list(DOMINOES), k)


def test_annealed_layouts_replay_and_score_as_reported() -> None:
    for seed, (size, k) in enumerate([(5, 12), (7, 24), (5, 12), (7, 24)]):
        for middle, harmony in [(False, False), (True, True)]:
            found = anneal(_set(seed, k), size=size, iterations=4000, seed=seed,
                           rules=Rules(size, middle_kingdom=middle, harmony=harmony))
            if found.score < 0:  # Harmony: no full layout met in the budget
                assert harmony
                continue
            kingdom, placed = _kingdom(found, size)
            assert placed == len(found.placements)
            bonus = kingdom.bonus(middle_kingdom=middle, harmony=harmony)
            assert reference.score(reference.grid_of(kingdom)) + bonus == found.score
            if harmony:
                assert kingdom.is_harmony()


def test_walks_in_processes_are_the_walks_one_by_one() -> None:
    dominoes = _set(3, 24)
    runs = [(5, None), (6, (3, 3))]
    together = anneal_runs(dominoes, runs, size=7, iterations=3000)
    alone = [anneal(dominoes, seed=s, castle=c, size=7, iterations=3000) for s, c in runs]
    assert together == alone
    assert together[1].castle == (3, 3)
