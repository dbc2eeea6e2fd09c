"""A solve that another lane stops just as its own callback stops it at a layout with cut-off
sets (the set model's check) has proved nothing, whatever status CP-SAT gives: the layout it
stopped at was never a real one. (The race needs the other lane's stop at that instant, so a
stand-in for CP-SAT plays it here.)"""

from __future__ import annotations

import time
from typing import Any

import pytest
from ortools.sat.python import cp_model

import kingdomino_kit.solver.position as position
from kingdomino_kit.dominoes import dominoes
from kingdomino_kit.solver.data import model_data
from kingdomino_kit.solver.position import Best, Job, solve_model


class _StoppedAtCutOff:
    """CP-SAT as the race leaves it: one layout seen, its cut-off sets found (so it was not
    recorded), the job stopped by another lane, the status OPTIMAL at that layout's value."""

    def __init__(self, job: Job, value: int) -> None:
        self.job, self.objective_value, self.best_objective_bound = job, value, value

    def solve(self, model: Any, stream: Any) -> int:
        stream.cut_off = [frozenset({(0, 0)})]
        self.job.stopped = True
        return cp_model.OPTIMAL


def test_a_solve_stopped_at_a_cut_off_layout_proves_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    doms = dominoes("1,4,16,18,19,21,22,23,32,38")
    data = model_data(doms, size=5, castle=(0, 0))
    job, best = Job(k=0, target=None), Best()
    best.bounds[0] = data.upper_bound
    monkeypatch.setattr(position, "_solver", lambda *args: _StoppedAtCutOff(job, 36))
    solve_model(job, data, True, doms, None, best, time.perf_counter() + 60, 1, 0, None,
                time.perf_counter())
    assert job.error is None  # no SolverBug: nothing was claimed
    assert best.bounds[0] == data.upper_bound and not job.learnt
