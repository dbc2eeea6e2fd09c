"""The canonical layout where annealing runs (7×7, :mod:`kingdomino_kit.solver.canonical_full`):
the connected tiling's filling when it comes within QUICK_NODES, else the first annealing
walk's layout of the optimum, else the tiling's — the same whatever the search did and however
many workers it had."""

from __future__ import annotations

import time
from typing import Any

import pytest

import kingdomino_kit.solver.connected_tiling as tiling_module
from kingdomino_kit.dominoes import Domino, dominoes
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver import SolverSettings, best_kingdom, replay_order
from kingdomino_kit.solver.anneal import Annealed, anneal
from kingdomino_kit.solver.canonical_full import FullProvers, full_layout, walk_placements
from kingdomino_kit.solver.connected_tiling import QUICK_NODES, connected_tiling
from kingdomino_kit.solver.discard import complete
from kingdomino_kit.solver.frame_proof import frame_placements

# Mighty Duel, the benchmark's sets (seed 4): each optimum is the top level of the full frame;
# the tiling reaches set 4's within a few thousand nodes, set 9's within a million, set 1's
# and set 2's (with both bonuses) in many millions
SET1 = dominoes("2,7,8,9,11,13,15,17,20,21,24,29,30,31,32,34,35,39,40,41,42,45,46,47")
SET2 = dominoes("1,2,4,8,9,11,12,13,17,19,22,23,26,27,30,31,34,35,36,37,45,46,47,48")
SET4 = dominoes("2,3,4,5,7,8,10,12,13,15,17,26,27,29,31,32,33,35,36,38,41,43,44,47")
SET9 = dominoes("1,2,4,5,7,8,9,11,12,15,19,20,22,24,26,27,35,36,38,39,41,42,45,48")
ITERATIONS = SolverSettings().anneal7
PLAIN = Rules(7)


def _layout(sol: Any) -> tuple[str, str, list[Any]]:
    data = sol.to_json()
    return data["status"], data["grid"], data["order"]


def _replayed(placements: list[Placement], pool: list[Domino], rules: Rules = PLAIN) -> Kingdom:
    """The layout built, with what still fits of the set placed (the discard rule)."""
    kingdom, order = replay_order(placements, None, 7)
    return complete(kingdom, order, pool, rules=rules)[0]


@pytest.mark.parametrize(("pool", "rules", "runs"), [
    (SET1, PLAIN, (1, 2)),
    # with both bonuses (the castle kept at the centre): 10 CPU s, under make test-sweeps
    pytest.param(SET2, Rules(7, middle_kingdom=True, harmony=True), (1,),
                 marks=pytest.mark.sweep)])
def test_the_first_walks_layout_for_one_worker_or_two(pool: list[Domino], rules: Rules,
                                                       runs: tuple[int, ...]) -> None:
    assert not connected_tiling(pool, rules, time.monotonic() + 600, QUICK_NODES).complete
    one = best_kingdom(pool, rules=rules, workers=1)
    assert one.status == "optimal"
    # two workers: two walks in processes, the second may stop the first before the optimum
    for workers in runs[1:]:
        assert _layout(best_kingdom(pool, rules=rules, workers=workers)) == _layout(one)
    castle = (3, 3) if rules.middle_kingdom else None  # every other walk keeps it there
    walk = anneal(pool, size=7, iterations=ITERATIONS, seed=0, castle=castle, rules=rules)
    assert walk.score == one.score
    assert one.kingdom == _replayed(walk_placements(walk), pool, rules)


def test_the_connected_tilings_filling_when_it_comes_quickly() -> None:
    sol = best_kingdom(SET4, size=7, workers=1)
    tiled = connected_tiling(SET4, PLAIN, time.monotonic() + 600)
    assert sol.status == "optimal" and tiled.value == sol.score
    assert sol.kingdom == _replayed(frame_placements(tiled, 7), SET4)


def test_the_connected_tilings_filling_when_the_walk_misses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tiling_module, "QUICK_NODES", 100)  # the quick call finds nothing
    short = SolverSettings(anneal7=300)
    sol = best_kingdom(SET4, size=7, workers=1, settings=short)
    assert sol.status == "optimal"
    assert anneal(SET4, size=7, iterations=300, seed=0).score < sol.score
    tiled = connected_tiling(SET4, PLAIN, time.monotonic() + 600)
    assert sol.kingdom == _replayed(frame_placements(tiled, 7), SET4)
    assert _layout(best_kingdom(SET4, size=7, workers=1, settings=short)) == _layout(sol)


def test_a_walk_cut_short_is_walked_again() -> None:
    target = 131
    fresh = anneal(SET4, size=7, iterations=ITERATIONS, seed=5, target=target)
    assert fresh.score == target and not fresh.cut
    cut = Annealed(target - 1, fresh.castle, fresh.placements, 10, cut=True)

    def place(placements: list[Placement]) -> tuple[Kingdom, tuple[Placement, ...]] | None:
        kingdom = _replayed(placements, SET4)
        return (kingdom, ()) if kingdom.score() == target else None

    found, go_on = full_layout(SET4, PLAIN, target, FullProvers(ITERATIONS, 5, None, cut),
                               False, place)
    assert found is not None and not go_on
    assert found[0] == _replayed(walk_placements(fresh), SET4)


def test_a_cap_on_the_nodes_finds_the_filling_found_without_it() -> None:
    whole = connected_tiling(SET9, PLAIN, time.monotonic() + 600)
    assert whole.value >= 0 and whole.castle != 24  # not the first castle cell's
    capped = connected_tiling(SET9, PLAIN, time.monotonic() + 600, whole.nodes // 2)
    assert not capped.complete and capped.capped and capped.value < 0
    again = connected_tiling(SET9, PLAIN, time.monotonic() + 600, whole.nodes + 1)
    assert (again.value, again.castle, again.layout) == (whole.value, whole.castle, whole.layout)
