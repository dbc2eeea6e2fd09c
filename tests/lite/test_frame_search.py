"""The frame search (the best kingdom from the castle without OR-Tools, the Lite edition's
engine) against CP-SAT on twelve-domino sets and the collection's best-kingdom puzzles, and
against the plain exact search (placement by placement from the castle, every order) on small
sets, with each way of leaving dominoes out."""

from __future__ import annotations

import random

import pytest

import kingdomino_kit.solver as solver
from kingdomino_kit.dominoes import DOMINOES, Domino
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.puzzles import Puzzle, load_collection, solve_puzzle
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver import FEASIBLE, INFEASIBLE, OPTIMAL, Solution, best_kingdom
from kingdomino_kit.solver.exact import EXACT_SEARCH, _Search, best_kingdom_exact
from kingdomino_kit.solver.frame_search import castle_cells, complete


def random_set(seed: int, n: int) -> list[Domino]:
    return random.Random(seed).sample(list(DOMINOES), n)


def check_layout(sol: Solution, rules: Rules) -> None:
    """The answer's kingdom scores its score, is built by its order, and leaves out only
    dominoes that fit nowhere in it."""
    assert sol.kingdom is not None and rules.total(sol.kingdom) == sol.score
    replayed = Kingdom(rules.size)
    for placement in sol.order:
        replayed.place(placement)
    assert replayed == sol.kingdom
    for number in sol.discarded:
        assert not sol.kingdom.can_place(DOMINOES[number - 1])


@pytest.mark.parametrize(("seed", "rules"), [
    (1, Rules()), (8, Rules()), (3, Rules(middle_kingdom=True, harmony=True)),
])
def test_twelve_dominoes_are_proven_as_cp_sat_proves_them(seed: int, rules: Rules) -> None:
    doms = random_set(seed, 12)
    framed = best_kingdom_exact(doms, rules, time_limit_s=120)
    cp_sat = best_kingdom(doms, rules=rules, workers=2)
    assert (framed.status, framed.score) == (cp_sat.status, cp_sat.score) == (OPTIMAL,
                                                                              cp_sat.score)
    check_layout(framed, rules)


def test_a_set_best_with_the_castle_in_a_corner_is_proven() -> None:
    """Seed 54: every terrain one property (54, the terrain bound), with the castle in a
    corner — the cell searched last, found as the castle cells take turns; CP-SAT proves 54
    in 43 s (two workers, under load), too slow to run here, so its value is written down."""
    doms = random_set(54, 12)
    sol = best_kingdom_exact(doms, Rules(), time_limit_s=120)
    assert (sol.status, sol.score) == (OPTIMAL, 54)
    check_layout(sol, Rules())


def slow_best(doms: list[Domino], rules: Rules, *, any_subset: bool, place_all: bool) -> int:
    """The best total by the plain search: every order of placements from the castle (no
    memo shared with the frame search, its bound the terrain bound); −1 if none."""
    search = _Search(doms, rules, float("inf"), place_all=place_all, any_subset=any_subset,
                     cap=None)
    search.run(Kingdom(rules.size), tuple(range(len(doms))), 0)
    assert search.complete
    return search.best


@pytest.mark.parametrize(("seed", "n", "rules"), [
    (21, 3, Rules()), (22, 4, Rules()), (23, 4, Rules(middle_kingdom=True)),
    (24, 3, Rules(size=7)), (25, 4, Rules(middle_kingdom=True, harmony=True)),
    (26, 5, Rules()),
])
def test_the_frame_search_finds_what_every_order_finds(seed: int, n: int, rules: Rules) -> None:
    doms = random_set(seed, n)
    for free, place_all in ((False, False), (True, False), (False, True)):
        sol = best_kingdom_exact(doms, rules, free_discard=free, place_all=place_all)
        expected = slow_best(doms, rules, any_subset=free, place_all=place_all)
        if expected < 0:
            assert sol.status == INFEASIBLE
            continue
        assert (sol.status, sol.score) == (OPTIMAL, expected)
        check_layout(sol, rules)
        if place_all:
            assert len(sol.order) == n


def score_with(kingdom: Kingdom, placement: Placement) -> int:
    kingdom.push(placement)
    try:
        return kingdom.score()
    finally:
        kingdom.undo()


@pytest.mark.parametrize(("seed", "rules"), [(31, Rules()), (32, Rules(middle_kingdom=True)),
                                           (33, Rules(harmony=True))])
def test_from_a_start_kingdom_the_frame_search_finds_what_every_order_finds(
        seed: int, rules: Rules) -> None:
    doms = random_set(seed, 6)
    start = Kingdom(rules.size)
    for d in doms[:3]:                     # three dominoes placed where they score most
        start.place(max(start.legal_placements(d), key=lambda q: score_with(start, q)))
    rest = doms[3:]
    sol = best_kingdom_exact(rest, rules, start=start)
    search = _Search(rest, rules, float("inf"), place_all=False, any_subset=False, cap=None)
    search.run(start.copy(), tuple(range(len(rest))), 0)
    assert (sol.status, sol.score) == (OPTIMAL, search.best)
    assert sol.kingdom is not None and rules.total(sol.kingdom) == sol.score
    replayed = start.copy()
    for placement in sol.order:                   # the order goes on from the start
        replayed.place(placement)
    assert replayed == sol.kingdom
    for number in sol.discarded:
        assert not sol.kingdom.can_place(DOMINOES[number - 1])


@pytest.mark.parametrize(("seed", "n", "choose", "rules"), [
    (41, 5, 2, Rules()), (42, 5, 3, Rules(middle_kingdom=True)), (43, 4, 3, Rules(size=7)),
])
def test_at_most_choose_dominoes_the_frame_search_finds_what_every_order_finds(
        seed: int, n: int, choose: int, rules: Rules) -> None:
    doms = random_set(seed, n)
    sol = best_kingdom_exact(doms, rules, choose=choose)
    search = _Search(doms, rules, float("inf"), place_all=False, any_subset=True, cap=choose)
    search.run(Kingdom(rules.size), tuple(range(n)), 0)
    assert (sol.status, sol.score) == (OPTIMAL, search.best)
    check_layout(sol, rules)
    assert len(sol.order) <= choose and sol.discarded == ()


def test_out_of_time_the_answer_is_a_legal_kingdom_no_worse_than_the_greedy_one() -> None:
    doms = random_set(0, 24)
    rules = Rules(size=7)
    sol = best_kingdom_exact(doms, rules, time_limit_s=2)
    assert sol.status in (FEASIBLE, OPTIMAL) and sol.bound >= sol.score
    check_layout(sol, rules)
    greedy = Kingdom(7)
    complete(greedy, doms, rules)
    assert sol.score >= rules.total(greedy)


def test_the_castle_cells_are_one_of_each_class_under_the_symmetries() -> None:
    for n in (5, 7):
        def images(cell: int, n: int = n) -> set[tuple[int, int]]:
            r, c = divmod(cell, n)
            out = set()
            for _ in range(4):
                r, c = c, n - 1 - r
                out |= {(r, c), (r, n - 1 - c)}
            return out
        seen = [images(cell) for cell in castle_cells(n)]
        assert set().union(*seen) == {(r, c) for r in range(n) for c in range(n)}
        assert sum(len(s) for s in seen) == n * n                # no class twice
    assert castle_cells(5)[0] == 12                              # the centre first


def best_kingdom_puzzles() -> list[Puzzle]:
    return [p for p in load_collection("kingdomino_kit/collection/kingdomino")
            if p.rules.size == 5 and p.kind.name == "BEST_KINGDOM" and len(p.dominoes) > 5
            and p.solution is not None]


@pytest.mark.parametrize("puzzle", best_kingdom_puzzles(), ids=lambda p: p.id)
def test_a_best_kingdom_puzzle_is_proven_at_its_optimum_without_or_tools(
        puzzle: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solver, "engine", lambda: EXACT_SEARCH)
    answer = solve_puzzle(puzzle, workers=1)                       # type: ignore[arg-type]
    assert answer.status == OPTIMAL
    assert answer.optimum == puzzle.solution.optimum               # type: ignore[attr-defined]
