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
own layout stands. Where annealing runs (7×7), the first annealing walk and the connected
tiling are asked first (:mod:`.canonical_full`): this pass only when neither gives one.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.infra.cp_sat_loader import cp_model
from kingdomino_kit.infra.stoppable import solve_stoppably
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.solver.data import ModelData
from kingdomino_kit.solver.position import extract_placements, layout_cells
from kingdomino_kit.solver.rank_model import build_model
from kingdomino_kit.solver.set_model import add_cut_off_clauses, build_set_model, cut_off_sets
from kingdomino_kit.solver.solution import replay_order

__all__ = ["CANONICAL_DTIME", "CANONICAL_WALL_S", "CHOICE_WORK", "canonical_choice_layout",
           "canonical_layout"]

CANONICAL_DTIME = 2.0
"""CP-SAT's deterministic time each model of a castle position gets in the final pass."""
CUT_OFF_ROUNDS = 8
"""The set model's solves again with the cut-off sets learnt, at most (then the rank model)."""
CANONICAL_WALL_S = 30.0
"""A wall-clock safety cap on the whole pass (past it, the search's layout stands)."""
CHOICE_WORK = 6.0
"""With free choice, the deterministic time of the whole pass (set models only): spent, the
search's layout stands — a choice of 24 dominoes on 7×7 is beyond a short pass, and its
search took less than the full pass would (about a second of wall clock per unit)."""
CUT_SHORT = -1
"""The status of a solve of the pass that the wall-clock cap stopped."""

Found = tuple[Kingdom, tuple[Placement, ...]]


def canonical_layout(datas: Sequence[ModelData], bounds: Sequence[int], target: int,
                     dominoes: Sequence[Domino], start: Kingdom | None, use_sets: bool,
                     seed: int) -> Found | None:
    """The first layout of real score ``target`` found, position by position in the order of
    ``datas``, by deterministic solves; None when none is found within the limits."""
    final = _Pass(target, start, use_sets, seed, time.perf_counter() + CANONICAL_WALL_S)
    return final.first(datas, bounds, dominoes)[0]


def canonical_choice_layout(choices: Iterable[tuple[Sequence[Domino], Sequence[ModelData],
                                                    Sequence[int]]],
                            target: int, start: Kingdom | None, use_sets: bool, seed: int
                            ) -> Found | None:
    """With free choice: the first layout of real score ``target`` found, choice by choice in
    the feed's order (its dominoes, its models, their bounds: every choice whose bound reaches
    ``target``), then position by position, by the set model alone, within :data:`CHOICE_WORK`
    of deterministic time for the whole pass; None when none is found within the limits."""
    final = _Pass(target, start, use_sets, seed, time.perf_counter() + CANONICAL_WALL_S,
                  work=CHOICE_WORK, rank_after_sets=False)
    for chosen, datas, bounds in choices:
        found, stop = final.first(datas, bounds, chosen)
        if found is not None or stop:
            return found
    return None


@dataclass
class _Pass:
    """The final pass: its target, its seed, its wall-clock cap (``until``) and the
    deterministic time left (``work``); ``rank_after_sets``: a position the set model leaves
    open is asked of the rank model too."""

    target: int
    start: Kingdom | None
    use_sets: bool
    seed: int
    until: float
    work: float = math.inf
    rank_after_sets: bool = True

    def first(self, datas: Sequence[ModelData], bounds: Sequence[int],
              dominoes: Sequence[Domino]) -> tuple[Found | None, bool]:
        """The first layout of the target over these positions, and whether the pass must
        stop (the wall clock or the work spent)."""
        models = ((True, False) if self.rank_after_sets else (True,)) if self.use_sets else (False,)
        for data, bound in zip(datas, bounds, strict=True):
            if bound < self.target:
                continue  # proven out of reach here
            placements = None
            for sets in models:
                if self.work <= 0 or time.perf_counter() >= self.until:
                    return None, True
                placements, status = self._solve_at(data, dominoes, sets)
                if status == CUT_SHORT:
                    return None, True  # stopped by the clock, not by the work: not repeatable
                if placements is not None or status == cp_model.INFEASIBLE:
                    break  # found, or none here (either model's proof holds for both)
            if placements is None:
                continue
            kingdom, order = replay_order(
                placements, self.start, data.size, choose=data.choose,
                given=None if data.settings.free_discard or data.settings.place_all else dominoes)
            if kingdom.total(data.rules) == self.target:
                return (kingdom, order), False
        return None, False

    def _solve_at(self, data: ModelData, dominoes: Sequence[Domino], use_sets: bool
                  ) -> tuple[list[Placement] | None, int]:
        """A layout of model score ``target`` at this castle position, or None, and the last
        solve's status: ``INFEASIBLE`` (none here: the set model with its cut-off sets is a
        relaxation, so its proof holds), ``UNKNOWN`` (the work limit reached) or
        :data:`CUT_SHORT` (the wall-clock cap). The set model learns cut-off sets and is
        solved again, as in the search."""
        lm = (build_set_model if use_sets else build_model)(data, at_least=self.target)
        lm.model.add(lm.objective <= self.target)
        spent = 0.0
        for _ in range(CUT_OFF_ROUNDS):
            solver = cp_model.CpSolver()
            solver.parameters.num_workers = 1
            solver.parameters.random_seed = self.seed
            solver.parameters.max_deterministic_time = max(
                min(CANONICAL_DTIME - spent, self.work), 0.01)
            solver.parameters.max_time_in_seconds = max(self.until - time.perf_counter(), 0.01)
            solver.parameters.catch_sigint_signal = False
            if use_sets:
                solver.parameters.linearization_level = 0
            status = solve_stoppably(solver, lm.model)  # Ctrl-C: the proven layout stands
            spent += solver.deterministic_time
            self.work -= solver.deterministic_time
            if status == cp_model.UNKNOWN and time.perf_counter() >= self.until:
                return None, CUT_SHORT
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                return None, int(status)
            value = _values(solver)
            if "link" in lm.extras:
                cut_off = cut_off_sets(data, layout_cells(lm, value))
                if cut_off:
                    add_cut_off_clauses(lm, cut_off)
                    continue
            return extract_placements(lm, value, dominoes), int(status)
        return None, int(cp_model.UNKNOWN)


def _values(solver: cp_model.CpSolver) -> Any:
    def value(var: Any) -> int:
        return int(solver.value(var))
    return value
