"""The compiled frame search (the 7×7 prover beside CP-SAT) against the plain search over every
order of placements, against the Python frame search it compiles, and inside the solver: the
same optimum with it and without it."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable

import pytest

from kingdomino_kit.dominoes import DOMINOES, Domino
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver import OPTIMAL, SolverSettings, best_kingdom
from kingdomino_kit.solver.exact import _Search
from kingdomino_kit.solver.frame_compiled import frame_search_compiled, symmetry_pairs
from kingdomino_kit.solver.frame_proof import frame_levels, frame_placements
from kingdomino_kit.solver.frame_search import castle_cells, frame_search
from kingdomino_kit.solver.solution import replay_order


def random_set(seed: int, n: int) -> list[Domino]:
    return random.Random(seed).sample(list(DOMINOES), n)


def slow_best(doms: list[Domino], rules: Rules, place_all: bool) -> int:
    """The best total from any subset (all of them with ``place_all``) by placing dominoes
    from the castle in every order; −1 if none."""
    search = _Search(doms, rules, float("inf"), place_all=place_all, any_subset=True, cap=None)
    search.run(Kingdom(rules.size), tuple(range(len(doms))), 0)
    assert search.complete
    return search.best


def far() -> float:
    return time.monotonic() + 600


@pytest.mark.parametrize(("seed", "n", "rules"), [
    (51, 4, Rules()), (52, 4, Rules(middle_kingdom=True)), (53, 4, Rules(harmony=True)),
    (54, 3, Rules(size=7)), (55, 4, Rules(size=7, middle_kingdom=True, harmony=True)),
    (56, 5, Rules(middle_kingdom=True, harmony=True)),
])
def test_the_compiled_search_finds_what_every_order_finds(seed: int, n: int,
                                                          rules: Rules) -> None:
    doms = random_set(seed, n)
    for place_all in (False, True):
        expected = slow_best(doms, rules, place_all)
        found = frame_search_compiled(doms, rules, far(), -1, place_all=place_all)
        assert found.complete and found.value == expected
        if expected < 0:
            continue
        kingdom, order = replay_order(frame_placements(found, rules.size), None, rules.size)
        assert rules.total(kingdom) == expected and len(order) == len(found.layout)
        # nothing above the best, the best just above the one below it
        assert frame_search_compiled(doms, rules, far(), expected,
                                     place_all=place_all).value == -1
        assert frame_search_compiled(doms, rules, far(), expected - 1,
                                     place_all=place_all).value == expected


@pytest.mark.parametrize("seed", range(8))
def test_the_compiled_search_answers_as_the_python_search(seed: int) -> None:
    rng = random.Random(seed)
    doms = random_set(100 + seed, rng.choice([6, 8, 9]))
    rules = Rules(5, middle_kingdom=seed % 2 == 0, harmony=seed % 4 < 2)
    python = frame_search(doms, rules, far(), -1)
    compiled = frame_search_compiled(doms, rules, far(), -1)
    assert python.complete and compiled.complete
    assert compiled.value == python.value


@pytest.mark.parametrize("size", [5, 7])
def test_the_symmetry_pairs_keep_an_image_of_every_frame(size: int) -> None:
    """For every castle cell and every content of its four neighbours, some symmetry of the
    square that keeps the castle where it is gives an image that meets every pair."""
    n = size

    def symmetry(k: int) -> Callable[[int, int], tuple[int, int]]:
        """The k-th symmetry of the n × n square (k < 4 the rotations)."""
        def g(r: int, c: int) -> tuple[int, int]:
            for _ in range(k % 4):
                r, c = c, n - 1 - r
            return (c, r) if k >= 4 else (r, c)
        return g

    maps = [symmetry(k) for k in range(8)]
    for castle in castle_cells(n):
        cr, cc = divmod(castle, n)
        pairs = symmetry_pairs(n, cr, cc)
        keep = [g for g in maps if g(cr, cc) == (cr, cc)]
        near = [(cr + dr, cc + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
                if 0 <= cr + dr < n and 0 <= cc + dc < n]
        for a, b in pairs:
            assert divmod(a, n) in near and divmod(b, n) in near
            assert any(g(*divmod(a, n)) == divmod(b, n) for g in keep)
        for codes in itertools.product(range(3), repeat=len(near)):
            held = dict(zip(near, codes, strict=True))
            assert any(all(held[g(*divmod(a, n))] >= held[g(*divmod(b, n))] for a, b in pairs)
                       for g in keep), (castle, codes)


def test_frame_levels_refute_down_to_the_best_or_find_it() -> None:
    doms = random_set(7, 10)
    rules = Rules()
    optimum = frame_search(doms, rules, far(), -1).value
    top = optimum + 6
    refuted = frame_levels(doms, rules, best=optimum, bound=top, deadline=far(),
                           below=lambda level: level)
    assert refuted.found is None and refuted.refuted_above == optimum
    skipping = frame_levels(doms, rules, best=optimum, bound=top, deadline=far(),
                            below=lambda level: level - 1 if level > optimum + 1 else level)
    assert skipping.refuted_above == optimum
    found = frame_levels(doms, rules, best=optimum - 3, bound=top, deadline=far(),
                         below=lambda level: level)
    assert found.found is not None and found.found.value == optimum
    assert found.refuted_above == optimum


def test_the_solver_proves_the_same_optimum_with_and_without_the_frame_search() -> None:
    """No beam, no annealing: the frame search meets the set first (7×7, both bonuses)."""
    doms = random_set(11, 7)
    rules = Rules(7, middle_kingdom=True, harmony=True)
    with_frames = best_kingdom(doms, rules=rules, workers=1, settings=SolverSettings(
        beam=False, anneal7=0, canonical=False))
    without = best_kingdom(doms, rules=rules, workers=1, settings=SolverSettings(
        beam=False, anneal7=0, canonical=False, frames=False))
    assert with_frames.status == without.status == OPTIMAL
    assert with_frames.score == without.score
    assert with_frames.kingdom is not None and rules.total(with_frames.kingdom) == \
        with_frames.score
