"""The reachable levels (:mod:`kingdomino_kit.solver.levels`) against slow, obvious counts.

* A terrain's partition values equal those of every set partition of its halves, listed one by
  one.
* The reachable levels equal the sums over every subset of the dominoes (at most ``at_most``
  of them) of every partition of each terrain, near the top; with a bonus, the same.
* Every layout the rules build scores a reachable level; a level the levels skip is refuted by
  the set model itself; the solver gives the same optimum with the levels on and off.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator

import pytest
from ortools.sat.python import cp_model

from kingdomino_kit import Kingdom
from kingdomino_kit.dominoes import DOMINOES, Domino, dominoes
from kingdomino_kit.solver import best_kingdom
from kingdomino_kit.solver.data import model_data
from kingdomino_kit.solver.levels import WINDOW, partition_values, reachable_levels
from kingdomino_kit.solver.pieces import pieces_of
from kingdomino_kit.solver.set_model import build_set_model
from kingdomino_kit.solver.settings import SolverSettings


def set_partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """Every partition of a list into non-empty blocks (items told apart by position)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        yield [[first], *partition]
        for j in range(len(partition)):
            yield [*partition[:j], [first, *partition[j]], *partition[j + 1:]]


@functools.cache
def brute_values(crowns: tuple[int, ...]) -> frozenset[int]:
    """Σ over blocks of squares × crowns, for every partition of the halves."""
    return frozenset(sum(len(b) * sum(b) for b in p) for p in set_partitions(list(crowns)))


def brute_scores(doms: list[Domino], at_most: int, bonus: tuple[int, int] | None) -> set[int]:
    """Every subset of at most ``at_most`` dominoes, every partition of each terrain."""
    out = set()
    for k in range(at_most + 1):
        for subset in itertools.combinations(doms, k):
            by_terrain: dict[object, list[int]] = {}
            for d in subset:
                for h in d.halves:
                    by_terrain.setdefault(h.terrain, []).append(h.crowns)
            sums = {0}
            for crowns in by_terrain.values():
                sums = {s + v for s in sums for v in brute_values(tuple(sorted(crowns)))}
            out |= sums
            if bonus is not None and k >= bonus[1]:
                out |= {s + bonus[0] for s in sums}
    return out


def test_partition_values_equal_every_set_partition() -> None:
    rng = random.Random(7)
    for _ in range(60):
        crowns = [rng.choice((0, 0, 0, 1, 1, 2, 3)) for _ in range(rng.randint(1, 7))]
        counts = tuple(crowns.count(c) for c in range(4))
        values = brute_values(tuple(crowns))
        assert partition_values(counts, 0) == values, crowns
        floor = max(values) - 3
        assert partition_values(counts, floor) == {v for v in values if v >= floor}


@pytest.mark.parametrize("seed", range(6))
def test_reachable_levels_equal_the_sums_over_subsets(seed: int) -> None:
    rng = random.Random(seed)
    doms = rng.sample(list(DOMINOES[18:]), rng.randint(3, 4))
    for at_most in (len(doms), len(doms) - 1):
        for bonus in (None, (5, len(doms)), (10, 0)):
            bonuses = [(0, 0)] if bonus is None else [(0, 0), bonus]
            if bonus == (10, 0):
                bonuses = [bonus]  # a constant bonus: every layout earns it
            levels = reachable_levels(pieces_of(doms), (), at_most=at_most, bonuses=bonuses)
            assert levels is not None
            brute = brute_scores(doms, at_most, None if bonus == (10, 0) else bonus)
            if bonus == (10, 0):
                brute = {s + 10 for s in brute}
            top = max(brute)
            assert levels.floor == top - WINDOW
            assert levels.scores == {s for s in brute if s >= top - WINDOW}, (doms, at_most)


def grown(rng: random.Random, size: int, count: int) -> tuple[Kingdom, list[Domino]]:
    """A kingdom grown by random legal placements of the rules library."""
    k = Kingdom(size)
    used = []
    for d in rng.sample(list(DOMINOES), 48):
        options = k.legal_placements(d)
        if options:
            k.place(rng.choice(options))
            used.append(d)
        if len(used) == count:
            break
    return k, used


def test_every_layout_scores_a_reachable_level() -> None:
    rng = random.Random(3)
    for size, count in ((5, 5), (5, 10), (7, 6), (7, 10)):
        for _ in range(8):
            kingdom, used = grown(rng, size, count)
            levels = reachable_levels(pieces_of(used), (), at_most=len(used), window=10_000,
                                      most_nodes=10**6)
            assert levels is not None
            assert levels.reaches(kingdom.score()), kingdom


def test_too_many_dominoes_left_out_give_up() -> None:
    assert reachable_levels(pieces_of(DOMINOES), (), at_most=24, most_nodes=1000) is None


def test_a_skipped_level_is_refuted_by_the_set_model() -> None:
    doms = dominoes("41,44,47,48")  # crowned terrains of 2 crowns and more: top − 1 is no sum
    data = model_data(doms, size=5, castle=(2, 2))
    top = data.upper_bound
    assert data.levels is not None and not data.reaches(top - 1) and data.below(top - 1) < top - 1
    for level in range(data.below(top - 1) + 1, top):
        lm = build_set_model(data, at_least=level)
        lm.model.add(lm.objective == level)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        assert solver.solve(lm.model) == cp_model.INFEASIBLE, level


@pytest.mark.parametrize(("numbers", "size", "middle", "harmony"), [
    ("41,44,47,48", 5, False, False),
    ("20,33,41,44,47", 5, True, True),
    ("23,41,44,47", 7, True, False),
])
def test_the_solver_with_and_without_the_levels(numbers: str, size: int, middle: bool,
                                                harmony: bool) -> None:
    doms = dominoes(numbers)
    on = best_kingdom(doms, size=size, middle_kingdom=middle, harmony=harmony, workers=1)
    off = best_kingdom(doms, size=size, middle_kingdom=middle, harmony=harmony, workers=1,
                       settings=SolverSettings(levels=False))
    assert on.status == off.status == "optimal"
    assert on.score == off.score
