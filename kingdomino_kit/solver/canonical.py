"""Repeatable answers: once the optimum S is proven, one canonical layout of score S.

The search (:mod:`.search`) schedules its solves by wall-clock time slices, so which of several
equally good layouts it meets first varies from run to run. After a proof, a final pass asks
the castle positions in their fixed order (:func:`~.inputs.castle_positions`) for a layout of
exactly S, each by one CP-SAT worker with the given seed and a *deterministic* time limit
(CP-SAT's ``max_deterministic_time``, a count of work, not of seconds) — the set model (at
most :data:`CUT_OFF_ROUNDS` rounds of learnt cut-off sets), then the rank model, whose
buildability needs no such rounds — and keeps the first layout found. Each such solve is a
function of the model, the seed and the limit alone, so the pass gives the same layout on
every run, whatever the search did and however many workers it had. Positions proven below S
are skipped: a solve there would find nothing, so skipping them changes the time, never the
answer. Without a layout within the limits (or past the wall-clock safety cap) the search's
own layout stands.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from ortools.sat.python import cp_model

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.infra.stoppable import solve_stoppably
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.solver.data import ModelData
from kingdomino_kit.solver.position import extract_placements, layout_cells
from kingdomino_kit.solver.rank_model import build_model
from kingdomino_kit.solver.set_model import add_cut_off_clauses, build_set_model, cut_off_sets
from kingdomino_kit.solver.solution import replay_order

__all__ = ["CANONICAL_DTIME", "CANONICAL_WALL_S", "canonical_layout"]

CANONICAL_DTIME = 2.0
"""CP-SAT's deterministic time each model of a castle position gets in the final pass."""
CUT_OFF_ROUNDS = 8
"""The set model's solves again with the cut-off sets learnt, at most (then the rank model)."""
CANONICAL_WALL_S = 30.0
"""A wall-clock safety cap on the whole pass (past it, the search's layout stands)."""


def canonical_layout(datas: Sequence[ModelData], bounds: Sequence[int], target: int,
                     dominoes: Sequence[Domino], start: Kingdom | None, use_sets: bool,
                     seed: int) -> tuple[Kingdom, tuple[Placement, ...]] | None:
    """The first layout of real score ``target`` found, position by position in the order of
    ``datas``, by deterministic solves; None when none is found within the limits."""
    began = time.perf_counter()
    for data, bound in zip(datas, bounds, strict=True):
        if bound < target:
            continue  # proven out of reach here
        left = CANONICAL_WALL_S - (time.perf_counter() - began)
        if left <= 0:
            return None
        placements = None
        for sets in ((True, False) if use_sets else (False,)):
            placements, cut_short = _solve_at(data, target, dominoes, sets, seed, left)
            if cut_short:
                return None  # stopped by the clock, not by the work limit: not repeatable
            if placements is not None:
                break
        if placements is None:
            continue
        kingdom, order = replay_order(
            placements, start, data.size, choose=data.choose,
            given=None if data.settings.free_discard or data.settings.place_all else dominoes)
        if kingdom.total(data.rules) == target:
            return kingdom, order
    return None


def _solve_at(data: ModelData, target: int, dominoes: Sequence[Domino], use_sets: bool,
              seed: int, wall_s: float) -> tuple[list[Placement] | None, bool]:
    """A layout of model score ``target`` at this castle position, or None (none, or the
    work limit reached), and whether the wall-clock cap cut the solve short. The set model
    learns cut-off sets and is solved again, as in the search."""
    lm = (build_set_model if use_sets else build_model)(data, at_least=target)
    lm.model.add(lm.objective <= target)
    spent = 0.0
    for _ in range(CUT_OFF_ROUNDS):
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = seed
        solver.parameters.max_deterministic_time = max(CANONICAL_DTIME - spent, 0.01)
        solver.parameters.max_time_in_seconds = wall_s
        solver.parameters.catch_sigint_signal = False
        if use_sets:
            solver.parameters.linearization_level = 0
        clock = time.perf_counter()
        status = solve_stoppably(solver, lm.model)  # Ctrl-C: the proven layout stands
        spent += solver.deterministic_time
        wall_s -= time.perf_counter() - clock
        if status == cp_model.UNKNOWN and wall_s <= 0:
            return None, True
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None, False
        value = _values(solver)
        if "link" in lm.extras:
            cut_off = cut_off_sets(data, layout_cells(lm, value))
            if cut_off:
                add_cut_off_clauses(lm, cut_off)
                continue
        return extract_placements(lm, value, dominoes), False
    return None, False


def _values(solver: cp_model.CpSolver) -> Any:
    def value(var: Any) -> int:
        return int(solver.value(var))
    return value
