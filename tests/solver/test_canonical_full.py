"""The canonical layout where annealing runs (7×7, :mod:`kingdomino_kit.solver.canonical_full`):
the first annealing walk's layout of the optimum, else the connected tiling's — the same
whatever the search did and however many workers it had."""

from __future__ import annotations

import time
from typing import Any

import pytest

from kingdomino_kit.dominoes import dominoes
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver import SolverSettings, best_kingdom, replay_order
from kingdomino_kit.solver.anneal import Annealed, anneal
from kingdomino_kit.solver.canonical_full import FullProvers, full_layout, walk_placements
from kingdomino_kit.solver.connected_tiling import connected_tiling
from kingdomino_kit.solver.discard import complete
from kingdomino_kit.solver.frame_proof import frame_placements

# Mighty Duel, the benchmark's set 4 (seed 4): its optimum is the top level of the full frame
DUEL = dominoes("2,3,4,5,7,8,10,12,13,15,17,26,27,29,31,32,33,35,36,38,41,43,44,47")
ITERATIONS = SolverSettings().anneal7
PLAIN = Rules(7)


def _layout(sol: Any) -> tuple[str, str, list[Any]]:
    data = sol.to_json()
    return data["status"], data["grid"], data["order"]


def _replayed(placements: list[Placement], rules: Rules = PLAIN) -> Kingdom:
    """The layout built, with what still fits of the set placed (the discard rule)."""
    kingdom, order = replay_order(placements, None, 7)
    return complete(kingdom, order, DUEL, rules=rules)[0]


@pytest.mark.parametrize("rules", [Rules(7), Rules(7, middle_kingdom=True, harmony=True)])
def test_the_first_walks_layout_for_one_worker_or_two(rules: Rules) -> None:
    one = best_kingdom(DUEL, rules=rules, workers=1, seed=3)
    assert one.status == "optimal"
    # two workers: two walks in processes, the second may stop the first before the optimum
    assert _layout(best_kingdom(DUEL, rules=rules, workers=2, seed=3)) == _layout(one)
    castle = (3, 3) if rules.middle_kingdom else None
    walk = anneal(DUEL, size=7, iterations=ITERATIONS, seed=3, castle=castle, rules=rules)
    assert walk.score == one.score
    assert one.kingdom == _replayed(walk_placements(walk), rules)


def test_the_connected_tilings_layout_when_the_walk_misses_the_optimum() -> None:
    short = SolverSettings(anneal7=300)
    walk = anneal(DUEL, size=7, iterations=300, seed=0)
    sol = best_kingdom(DUEL, size=7, workers=1, settings=short)
    assert sol.status == "optimal" and walk.score < sol.score
    tiled = connected_tiling(DUEL, Rules(7), time.monotonic() + 600)
    assert tiled.value == sol.score
    assert sol.kingdom == _replayed(frame_placements(tiled, 7))
    assert _layout(best_kingdom(DUEL, size=7, workers=1, settings=short)) == _layout(sol)


def test_a_walk_cut_short_is_walked_again() -> None:
    target = 131
    fresh = anneal(DUEL, size=7, iterations=ITERATIONS, seed=5, target=target)
    assert fresh.score == target and not fresh.cut
    cut = Annealed(target - 1, fresh.castle, fresh.placements, 10, cut=True)

    def place(placements: list[Placement]) -> tuple[Kingdom, tuple[Placement, ...]] | None:
        kingdom = _replayed(placements)
        return (kingdom, ()) if kingdom.score() == target else None

    found, go_on = full_layout(DUEL, Rules(7), target,
                               FullProvers(ITERATIONS, 5, None, cut), True, place)
    assert found is not None and not go_on
    assert found[0] == _replayed(walk_placements(fresh))
