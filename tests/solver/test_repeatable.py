"""Repeatable solves: the same input and seed give the same layout, run to run and whatever the
worker count (the final deterministic pass of :mod:`kingdomino_kit.solver.canonical`), so a
resumed batch holds the same rows as an uninterrupted one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.dominoes import dominoes
from kingdomino_kit.solver import SolverSettings, best_kingdom
from kingdomino_kit.solver.batch import random_sets, solve_many

# a set with several optimal layouts, between which the search's choice used to vary
MANY_OPTIMA = dominoes("1,4,16,18,19,21,22,23,32,38")


def _layout(sol: Any) -> tuple[str, str, list[Any], list[int]]:
    data = sol.to_json()
    return data["status"], data["grid"], data["order"], data["discarded"]


@pytest.mark.parametrize("runs", [(1, 2), pytest.param((1, 1, 1, 2), marks=pytest.mark.sweep)])
def test_the_same_layout_run_to_run_and_for_any_worker_count(runs: tuple[int, ...]) -> None:
    first = best_kingdom(MANY_OPTIMA, workers=1, seed=0)
    assert first.status == "optimal"
    for workers in runs:
        assert _layout(best_kingdom(MANY_OPTIMA, workers=workers, seed=0)) == _layout(first)


def test_the_canonical_layout_scores_the_proven_optimum() -> None:
    plain = best_kingdom(MANY_OPTIMA, workers=1, settings=SolverSettings(canonical=False))
    canonical = best_kingdom(MANY_OPTIMA, workers=1)
    assert (canonical.status, canonical.score, canonical.bound) == (
        plain.status, plain.score, plain.bound)
    assert canonical.kingdom is not None and canonical.kingdom.score() == canonical.score


def _rows(frame: Any) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k != "seconds"} for row in frame.to_dict("records")]


@pytest.mark.parametrize("n", [4, pytest.param(6, marks=pytest.mark.sweep)])
def test_a_resumed_batch_holds_the_rows_of_an_uninterrupted_one(tmp_path: Path, n: int) -> None:
    sets = random_sets(n, count=8, seed=11)
    whole = solve_many(sets)
    out = tmp_path / "rows.csv"
    solve_many(sets[:n // 2], out=out)     # an earlier run that stopped half way
    resumed = solve_many(sets, out=out)
    assert _rows(resumed) == _rows(whole)
    assert _rows(solve_many(sets)) == _rows(whole)


def test_free_choice_gives_one_layout_whatever_path_the_search_took() -> None:
    """With free choice the search may meet its optimum in any choice that reaches it; the
    final pass asks the choices in the feed's order. Searches that take other paths (slices of
    a tenth of a second, two workers) give the same layout; without the pass they did not."""
    import dataclasses

    pool = dominoes(",".join(str(n) for n in range(1, 48, 2)))
    first = best_kingdom(pool, choose=10, workers=1)
    assert (first.status, first.score) == ("optimal", 58)
    assert first.kingdom is not None and first.kingdom.score() == 58
    other_path = dataclasses.replace(SolverSettings(), first_slice_s=0.1)
    assert _layout(best_kingdom(pool, choose=10, workers=1, settings=other_path)) == _layout(first)
    assert _layout(best_kingdom(pool, choose=10, workers=2)) == _layout(first)
