"""The set model (:mod:`kingdomino_kit.solver.set_model`) checked against the slow reference rules.

* Exactness: a layout built by the rules, pinned in the model, scores what the reference flood
  fill says (split terrains, crownless parts and all), and the budget cuts built for that very
  score keep it.
* Buildability: :func:`cut_off_sets` is empty exactly when the rules can replay the layout.
* The whole solver with the set model (beam off, so CP-SAT does the work) and with the rank
  model agree with each other and with an exhaustive search on small sets.
"""

from __future__ import annotations

import functools
import random

import pytest
from ortools.sat.python import cp_model

from kingdomino_kit import Kingdom
from kingdomino_kit.dominoes import DOMINOES, Domino
from kingdomino_kit.kingdom import Placement
from kingdomino_kit.solver import SolverBug, best_kingdom, replay_order
from kingdomino_kit.solver.data import model_data, piece_key
from kingdomino_kit.solver.layout import frame_symmetries
from kingdomino_kit.solver.set_model import build_set_model, connected_sets, cut_off_sets
from kingdomino_kit.solver.settings import SolverSettings
from tests import reference
from tests.reference import exhaustive_best

Frame = tuple[int, int]


def random_kingdom(rng: random.Random, count: int, size: int = 5) -> tuple[Kingdom, list[Domino]]:
    """A kingdom grown by random legal placements (the rules library), and the dominoes used."""
    k = Kingdom(size)
    used = []
    for d in rng.sample(list(DOMINOES), 48):
        if len(used) == count:
            break
        options = k.legal_placements(d)
        if options:
            k.place(rng.choice(options))
            used.append(d)
    return k, used


def frame_layout(k: Kingdom, size: int) -> tuple[Frame, dict[Frame, tuple[int, int]]]:
    """The castle's frame cell and the kingdom as frame cell → (row, col) relative to the castle."""
    rmin, _, cmin, _ = k.bounds
    castle = (-rmin, -cmin)
    return castle, {(r - rmin, c - cmin): (r, c) for (r, c), _ in k.squares()}


def pin(lm, placements: list[Placement], castle: Frame) -> None:  # type: ignore[no-untyped-def]
    """Fix the model's placement variables to exactly these placements."""
    chosen = set()
    for p in placements:
        key = piece_key(p.domino)
        i = next(j for j, piece in enumerate(lm.data.pieces) if piece.halves == key)
        a = (p.first[0] + castle[0], p.first[1] + castle[1])
        b = (p.second[0] + castle[0], p.second[1] + castle[1])
        if p.domino.first != key[0]:
            a, b = b, a
        if (i, a, b) not in lm.place:
            a, b = b, a  # a double: one orientation per cell pair
        chosen.add((i, a, b))
    for key, var in lm.place.items():
        lm.model.add(var == (1 if key in chosen else 0))


def solve(lm) -> tuple[str, int]:  # type: ignore[no-untyped-def]
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 30
    status = solver.solve(lm.model)
    value = int(solver.objective_value) if status == cp_model.OPTIMAL else -1
    return solver.status_name(status), value


NO_SYMMETRY = SolverSettings(symmetry=False)
"""Pinned layouts need not be the one of their symmetric family that the model keeps."""


@pytest.mark.parametrize("seed", range(12))
def test_pinned_layout_scores_like_the_flood_fill(seed: int) -> None:
    rng = random.Random(seed)
    k, used = random_kingdom(rng, rng.randint(3, 12))
    castle, _ = frame_layout(k, 5)
    data = model_data(used, size=5, castle=castle, settings=NO_SYMMETRY)
    lm = build_set_model(data)
    pin(lm, k.history, castle)
    expected = reference.score(reference.grid_of(k))
    assert solve(lm) == ("OPTIMAL", expected)


@pytest.mark.parametrize("seed", range(8))
def test_budget_cuts_keep_a_layout_of_the_target_score(seed: int) -> None:
    rng = random.Random(100 + seed)
    k, used = random_kingdom(rng, 12)
    castle, _ = frame_layout(k, 5)
    data = model_data(used, size=5, castle=castle, settings=NO_SYMMETRY)
    real = reference.score(reference.grid_of(k))
    lm = build_set_model(data, at_least=real)
    pin(lm, k.history, castle)
    assert solve(lm) == ("OPTIMAL", real)
    lm = build_set_model(data, at_least=real + 1)  # the layout itself cannot reach one more
    pin(lm, k.history, castle)
    assert solve(lm)[0] == "INFEASIBLE"


@pytest.mark.parametrize("seed", [s if s < 8 else pytest.param(s, marks=pytest.mark.sweep)
                                  for s in range(20)])  # 8 kingdoms in make test, 20 in sweeps
def test_symmetry_breaking_keeps_one_image_of_every_layout(seed: int) -> None:
    """Of a layout and its images under the symmetries of its castle cell, the model with
    symmetry breaking keeps at least one, and every one kept scores the same."""
    rng = random.Random(200 + seed)
    while True:  # a kingdom whose castle sits on a symmetric cell of the 5×5 frame
        k, used = random_kingdom(rng, 12)
        castle, _ = frame_layout(k, 5)
        maps = frame_symmetries(5, castle)
        if maps:
            break
    real = reference.score(reference.grid_of(k))
    kept = []
    for g in [None, *maps]:
        placements = k.history if g is None else [
            Placement(p.domino, _moved(g, p.first, castle), _moved(g, p.second, castle))
            for p in k.history]
        lm = build_set_model(model_data(used, size=5, castle=castle))
        pin(lm, placements, castle)
        kept.append(solve(lm))
    assert ("OPTIMAL", real) in kept
    assert set(kept) <= {("OPTIMAL", real), ("INFEASIBLE", -1)}


def _moved(g: dict[Frame, Frame], cell: Frame, castle: Frame) -> Frame:
    r, c = g[(cell[0] + castle[0], cell[1] + castle[1])]
    return (r - castle[0], c - castle[1])


def _random_tiling(rng: random.Random, castle: Frame, count: int
                   ) -> list[tuple[Domino, Frame, Frame]]:
    """Random non-overlapping dominoes on the 5×5 frame (legal or not)."""
    taken = {castle}
    out = []
    for d in rng.sample(list(DOMINOES), 48):
        cells = [(r, c) for r in range(5) for c in range(5) if (r, c) not in taken]
        rng.shuffle(cells)
        for a in cells:
            options = [b for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1), (a[0] - 1, a[1]),
                                   (a[0], a[1] - 1))
                       if 0 <= b[0] < 5 and 0 <= b[1] < 5 and b not in taken]
            if options:
                b = rng.choice(options)
                taken |= {a, b}
                out.append((d, a, b))
                break
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("seed", range(40))
def test_cut_off_sets_exactly_when_the_rules_cannot_replay(seed: int) -> None:
    rng = random.Random(seed)
    castle = (rng.randrange(5), rng.randrange(5))
    tiles = _random_tiling(rng, castle, rng.randint(1, 8))
    data = model_data([d for d, _, _ in tiles], size=5, castle=castle)
    cells = {}
    for k, (d, a, b) in enumerate(tiles):
        cells[a], cells[b] = (d.first.terrain.index, k), (d.second.terrain.index, k)
    cut = cut_off_sets(data, cells)
    placements = [Placement(d, (a[0] - castle[0], a[1] - castle[1]),
                            (b[0] - castle[0], b[1] - castle[1])) for d, a, b in tiles]
    try:
        replay_order(placements, None, 5)
        buildable = True
    except SolverBug:
        buildable = False
    assert buildable == (not cut)
    assert set().union(*cut) <= set(cells)


def test_connected_sets_match_a_brute_force_count() -> None:
    import itertools

    cells = [(r, c) for r in range(4) for c in range(4) if (r, c) != (1, 1)]
    sets = connected_sets(4, (1, 1), 4)
    for k in range(1, 5):
        brute = set()
        for combo in itertools.combinations(cells, k):
            seen, todo = {combo[0]}, [combo[0]]
            while todo:
                u = todo.pop()
                for v in reference.neighbours(u):
                    if v in combo and v not in seen:
                        seen.add(v)
                        todo.append(v)
            if len(seen) == k:
                brute.add(frozenset(combo))
        assert set(sets[k]) == brute


@pytest.fixture(params=["sets", "ranks"])
def model(request: pytest.FixtureRequest) -> SolverSettings:
    """The solver with one model or the other, and no beam layout: CP-SAT finds everything."""
    return SolverSettings(model=request.param, model_for_choice=request.param, beam=False)


@functools.cache
def _exhaustive(numbers: str, middle: bool) -> int | None:
    """The exhaustive search of ``test_solver``, once per set (about 2 min on 4 dominoes: that
    set is a sweep, ``make test-sweeps``)."""
    return exhaustive_best([DOMINOES[int(n) - 1] for n in numbers.split(",")],
                           middle_kingdom=middle)


@pytest.mark.slow
@pytest.mark.parametrize("numbers,middle", [("48,47,46", False), ("30,44,46", True),
                                            pytest.param("45,40,23", True,
                                                         marks=pytest.mark.sweep),
                                            pytest.param("12,44,39", False,
                                                         marks=pytest.mark.sweep),
                                            pytest.param("19,24,13", True,
                                                         marks=pytest.mark.sweep),
                                            pytest.param("45,40,23,12", False,
                                                         marks=pytest.mark.sweep)])
def test_both_models_agree_with_exhaustive_search(model: SolverSettings, numbers: str,
                                                  middle: bool) -> None:
    doms = [DOMINOES[int(n) - 1] for n in numbers.split(",")]
    sol = best_kingdom(doms, middle_kingdom=middle, workers=1, time_limit_s=600, settings=model)
    assert (sol.status, sol.score, sol.bound) == ("optimal",) + (_exhaustive(numbers, middle),) * 2


@pytest.mark.slow
@pytest.mark.parametrize("seed,ranks_s", [(0, 3.0)] + [
    pytest.param(s, 30.0, marks=pytest.mark.sweep) for s in (1, 2)])
def test_set_model_optimum_lies_within_the_rank_models_bounds(seed: int, ranks_s: float) -> None:
    """Box sets of 12 whose optimum the set model proves in seconds: the rank model, solving the
    same set on its own, must find no better layout and prove no lower bound. The rank model
    does not finish these sets: stopped at any time limit its layout and bound must bracket the
    optimum, so make test stops it after a few seconds (the sweeps after 30)."""
    rng = random.Random(seed)
    doms = sorted(rng.sample(list(DOMINOES), 12), key=lambda d: d.number)
    sets = best_kingdom(doms, workers=1, time_limit_s=600)
    ranks = best_kingdom(doms, workers=1, time_limit_s=ranks_s,
                         settings=SolverSettings(model="ranks", beam=False))
    assert sets.status == "optimal"
    assert ranks.score <= sets.score <= ranks.bound
    if ranks.status == "optimal":
        assert ranks.score == sets.score


@pytest.mark.slow
@pytest.mark.parametrize("pool,choose", [("13,24,25,41", 2), ("36,41,21,1", 2),
                                         pytest.param("17,28,32,9", 3, marks=pytest.mark.sweep)])
def test_choosing_with_dominated_dominoes_agrees_with_exhaustive_search(
        model: SolverSettings, pool: str, choose: int) -> None:
    """W|F (13) is dominated by F1|W (24, 25), W|G1 (36) by W|G2 (41): the dominance rule
    (use a domino only when every better copy is used) must not lose the optimum."""
    import itertools

    doms = [DOMINOES[int(n) - 1] for n in pool.split(",")]
    expected = max(exhaustive_best(list(subset)) or 0
                   for subset in itertools.combinations(doms, choose))
    sol = best_kingdom(doms, choose=choose, workers=1, time_limit_s=600, settings=model)
    assert (sol.status, sol.score, sol.bound) == ("optimal", expected, expected)
