"""Solving one model: CP-SAT with the search's parameters, each layout it reports replayed
through the rules library and recorded as the search's progress.

A model's layout becomes placements (:func:`extract_placements`), is replayed through
:meth:`Kingdom.place` in a legal order and re-scored; a model score above the real score, or
a proven optimum whose layout really scores otherwise, raises
:class:`~kingdomino_kit.errors.SolverBug`.
The set model learns larger cut-off sets from its layouts and is solved again with them
(:func:`~.set_model.cut_off_sets`). A solve is a :class:`Job`, run by the search in a thread of
its own (so that Ctrl-C, or a notebook's stop, reaches Python and stops it, keeping the best
layout so far; and so that models can be solved side by side): what it learns goes into
:class:`Best` under its lock.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.errors import SolverBug
from kingdomino_kit.infra.cp_sat_loader import cp_model
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.solver.data import ModelData, static_bonus
from kingdomino_kit.solver.layout import LayoutModel
from kingdomino_kit.solver.progress import BOUND, PENDING, ProgressTracker
from kingdomino_kit.solver.rank_model import build_model
from kingdomino_kit.solver.set_model import add_cut_off_clauses, build_set_model, cut_off_sets
from kingdomino_kit.solver.solution import Solution, Status, replay_order

__all__ = ["Best", "Job", "SET_MODEL_WORKERS", "extract_placements", "layout_cells",
           "solve_model"]


@dataclass
class Best:
    """The best layout found so far and the proven bound of every model of the search."""

    score: int = -1
    kingdom: Kingdom | None = None
    order: tuple[Placement, ...] = ()
    bounds: dict[int, int] = field(default_factory=dict)  # model → proven bound
    pending: int = -1  # the most a choice not yet made into models can score
    tracker: ProgressTracker | None = None  # the proof stream (``on_progress``), if any
    lock: threading.RLock = field(default_factory=threading.RLock)  # models solved side by side

    def bound(self) -> int:
        """The overall proven upper bound."""
        return max([self.score, self.pending, *self.bounds.values()])

    def note(self, kind: str = BOUND) -> None:
        """Hand the bounds (the choices not yet made into models under key ``PENDING``) and the
        best score to the proof stream, which reports what changed."""
        if self.tracker is not None:
            self.tracker.note({PENDING: self.pending, **self.bounds}, self.score, kind=kind)

    def record(self, kingdom: Kingdom, order: tuple[Placement, ...], real: int) -> bool:
        """Keep a replayed layout if it beats the best; returns whether it did."""
        if real <= self.score:
            return False
        self.score, self.kingdom, self.order = real, kingdom, order
        return True


def extract_placements(lm: LayoutModel, value: Callable[[Any], int],
                       dominoes: Sequence[Domino]) -> list[Placement]:
    """The chosen placements, castle-relative, with catalogue dominoes assigned to pieces."""
    data = lm.data
    by_number = {d.number: d for d in dominoes}
    free_numbers = {i: list(p.numbers) for i, p in enumerate(data.pieces)}
    cr, cc = data.castle
    out = []
    for (i, a, b), var in lm.place.items():
        if not value(var):
            continue
        dom = by_number[free_numbers[i].pop(0)]
        first, second = data.pieces[i].halves
        if dom.first != first:  # the catalogue lists this domino the other way round
            a, b = b, a
        out.append(Placement(dom, (a[0] - cr, a[1] - cc), (b[0] - cr, b[1] - cc)))
    return out


def layout_cells(lm: LayoutModel, value: Callable[[Any], int]
                  ) -> dict[tuple[int, int], tuple[int, int]]:
    """The model's layout as ``cell → (terrain index, domino id)``, start squares with id -1."""
    cells = {u: (h.terrain.index, -1) for u, h in lm.data.fixed.items()}
    for k, ((i, a, b), var) in enumerate(lm.place.items()):
        if value(var):
            first, second = lm.data.pieces[i].halves
            cells[a], cells[b] = (first.terrain.index, k), (second.terrain.index, k)
    return cells


def _real(kingdom: Kingdom, data: ModelData) -> int:
    return kingdom.total(data.rules)


class _Stream(cp_model.CpSolverSolutionCallback):
    """Replays each improving solution through the rules and streams it."""

    def __init__(self, lm: LayoutModel, dominoes: Sequence[Domino], start: Kingdom | None,
                 best: Best, position: int, started: float,
                 on_solution: Callable[[Solution], None] | None) -> None:
        super().__init__()
        self.lm, self.dominoes, self.start, self.best = lm, dominoes, start, best
        self.position, self.started, self.on_solution = position, started, on_solution
        self.error: BaseException | None = None
        self.cut_off: list[frozenset[tuple[int, int]]] = []
        self.reals: dict[int, int] = {}  # model score → real score of the layouts seen
        self.found = False  # whether one of them beat the best

    def on_solution_callback(self) -> None:
        try:
            self._record()
        except BaseException as error:  # re-raised by solve_positions once CP-SAT has stopped
            self.error = error
            self.stop_search()

    def _record(self) -> None:
        lm = self.lm
        if "link" in lm.extras:  # the set model: larger cut-off sets are found here
            self.cut_off = cut_off_sets(lm.data, layout_cells(lm, self.value))
            if self.cut_off:
                self.stop_search()
                return
        placements = extract_placements(lm, self.value, self.dominoes)
        kingdom, order = replay_order(
            placements, self.start, lm.data.size, choose=lm.data.choose,
            given=None if lm.data.settings.free_discard else self.dominoes)
        real = _real(kingdom, lm.data)
        objective = int(self.objective_value)
        if objective > real:
            raise SolverBug(f"model score {objective} above the real score {real} of\n{kingdom}")
        self.reals[objective] = real
        best = self.best
        with best.lock:
            if not best.record(kingdom, order, real):
                return
            self.found = True
            best.bounds[self.position] = min(best.bounds[self.position], max(
                self.lm.data.below(int(self.best_objective_bound + 1e-6)), real))
            if self.on_solution is not None:
                self.on_solution(Solution(Status.FEASIBLE, real, best.bound(), kingdom,
                                          order, time.perf_counter() - self.started))
            best.note()


@dataclass
class Job:
    """One solve of one model: position ``k`` asked for a score of at least ``target`` (``None``:
    plain maximisation). The search runs it in a thread of its own and may :meth:`stop` it from
    another; ``learnt`` says afterwards whether it proved or found anything."""

    k: int
    target: int | None
    stopped: bool = False
    preempted: bool = False  # stopped because its slice was over and another solve waited
    began: float = 0.0
    learnt: bool = False
    error: BaseException | None = None
    solver: cp_model.CpSolver | None = None

    def stop(self) -> None:
        """Stop the search (again and again if need be: a stop sent before CP-SAT has started
        is lost)."""
        self.stopped = True
        solver = self.solver
        if solver is not None:
            solver.stop_search()


def solve_model(job: Job, data: ModelData, use_sets: bool, dominoes: Sequence[Domino],
                start: Kingdom | None, best: Best, until: float, workers: int, seed: int,
                on_solution: Callable[[Solution], None] | None, started: float) -> None:
    """Solve ``job``'s model until the clock reads ``until`` and record what is learnt in
    ``best`` (its layouts and this position's bound). Errors are kept in ``job.error``."""
    try:
        _solve(job, data, use_sets, dominoes, start, best, until, workers, seed, on_solution,
               started)
    except BaseException as error:  # handed to the search's thread
        job.error = error


def _solve(job: Job, data: ModelData, use_sets: bool, dominoes: Sequence[Domino],
           start: Kingdom | None, best: Best, until: float, workers: int, seed: int,
           on_solution: Callable[[Solution], None] | None, started: float) -> None:
    k, target = job.k, job.target
    lm = (build_set_model if use_sets else build_model)(data, at_least=target)
    with best.lock:
        cap = best.bounds[k]
    if cap < data.upper_bound:  # the levels refuted here so far: no need to again
        lm.model.add(lm.objective <= cap)
    while True:  # again while solutions show cut-off sets the model did not know
        solver = _solver(until - time.perf_counter(), workers, seed, best, use_sets,
                         data.settings.stop_when_beaten)
        stream = _Stream(lm, dominoes, start, best, k, started, on_solution)
        if job.stopped:
            return
        job.solver = solver
        status = solver.solve(lm.model, stream)
        job.learnt |= stream.found
        if not stream.cut_off or job.stopped or stream.error is not None:
            break
        add_cut_off_clauses(lm, stream.cut_off)
    if stream.error is not None:
        raise stream.error
    if stream.cut_off:  # stopped at a layout with cut-off sets, not a real one: nothing proven
        return          # (its status may still read OPTIMAL when that layout met the bound)
    with best.lock:
        if status == cp_model.OPTIMAL:
            model_best = int(solver.objective_value)
            best.bounds[k] = min(best.bounds[k], model_best)
            _check_optimal(model_best, stream.reals, data)
            job.learnt = True
        elif status == cp_model.INFEASIBLE:  # the next level down a layout could reach
            best.bounds[k] = min(best.bounds[k], data.below(target - 1) if target is not None
                                 else -1)
            job.learnt = True
        elif status == cp_model.FEASIBLE:
            if not job.stopped:
                position_bound = min(best.bounds[k],
                                     data.below(int(solver.best_objective_bound + 1e-6)))
                job.learnt |= position_bound < cap
                best.bounds[k] = max(best.score, position_bound)
        elif status != cp_model.UNKNOWN:  # UNKNOWN: no layout, and its "bound" (0) means nothing
            raise SolverBug(f"CP-SAT says {solver.status_name(status)} for castle {data.castle}")


def _solver(left: float, workers: int, seed: int, best: Best, sets: bool,
            stop_when_beaten: bool) -> cp_model.CpSolver:
    """A CP-SAT solver with the search's parameters and ``left`` seconds.

    The set model is pure clauses and small sums: its LP relaxation is weak and slow, so the
    search without LP leads (:data:`SET_MODEL_WORKERS`)."""
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(left, 0.01)
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    if sets and workers == 1:
        solver.parameters.linearization_level = 0
    elif sets and workers <= len(SET_MODEL_WORKERS):
        solver.parameters.subsolvers.extend(SET_MODEL_WORKERS[:workers])
    if stop_when_beaten:  # this position cannot beat the best layout: no need to go on
        solver.best_bound_callback = _stopper(solver, best)
    solver.parameters.catch_sigint_signal = False
    return solver


SET_MODEL_WORKERS = ("no_lp", "default_lp", "quick_restart_no_lp", "pseudo_costs", "core",
                     "max_lp", "quick_restart", "reduced_costs")
"""CP-SAT's subsolvers for the set model, in the order they are given workers."""


def _stopper(solver: cp_model.CpSolver, best: Best) -> Callable[[float], None]:
    """A bound callback that stops the search once the bound is no better than the best."""
    def check(bound: float) -> None:
        if best.kingdom is not None and bound <= best.score:
            solver.stop_search()
    return check


def _check_optimal(model_best: int, reals: dict[int, int], data: ModelData) -> None:
    """At a proven optimum of one position the real score of the layout the model found there
    must equal the model's (the only allowed excess: a Middle Kingdom bonus the off-centre models
    ignore)."""
    real = reals.get(model_best)
    allowed = (0, data.rules.bonus_bound - static_bonus(data.rules, data.size, data.castle))
    if real is None or real - model_best not in allowed:
        raise SolverBug(f"castle {data.castle}: proven model optimum {model_best} but the layout "
                        f"really scores {real}")
