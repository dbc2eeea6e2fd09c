"""The search behind :func:`kingdomino_kit.solver.best_kingdom`: one CP-SAT model per castle
position, asked for descending target scores in time slices.

The castle is tried on each frame cell of one eighth of the square (the D4 symmetry of the frame
maps every layout onto one with its castle there). With the set model, the open position with the
highest bound is asked to reach exactly that bound: a layout found there is the best possible, a
proof of infeasibility lowers that position's bound by one. Each solve gets a time slice, doubled
when every position at a target needs more; once slices are long (``primal_after``), a round asks
each position only to beat the best layout. With the rank model, each position is solved once to
optimality (above the best layout so far).

Every layout a model reports is replayed through the rules library and re-scored; the proven bound
is the best real score or the largest bound of a position still open. A model score above the real
score, or an "optimal" layout whose real score differs from the model's, raises
:class:`~kingdomino_kit.errors.SolverBug`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.errors import SolverBug
from kingdomino_kit.kingdom import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS, Kingdom, Placement
from kingdomino_kit.solver.beam import beam_layout
from kingdomino_kit.solver.data import ModelData, model_data, terrain_bound
from kingdomino_kit.solver.inputs import castle_positions, fixed_squares
from kingdomino_kit.solver.layout import LayoutModel
from kingdomino_kit.solver.progress import START, Progress, ProgressTracker
from kingdomino_kit.solver.rank_model import build_model
from kingdomino_kit.solver.set_model import add_cut_off_clauses, build_set_model, cut_off_sets
from kingdomino_kit.solver.settings import SolverSettings
from kingdomino_kit.solver.solution import Solution, Status, replay_order

__all__ = ["INTERRUPTED", "SET_MODEL_WORKERS", "extract_placements", "solve_positions"]

INTERRUPTED = threading.Event()
"""Set when the last solve was stopped by Ctrl-C (the CLI then leaves without the interpreter's
shutdown, where OR-Tools 9.15 may abort on a thread left by a stopped search)."""

@dataclass
class _Best:
    """The best layout found so far across castle positions."""

    score: int = -1
    kingdom: Kingdom | None = None
    order: tuple[Placement, ...] = ()
    bounds: dict[int, int] = field(default_factory=dict)  # position → proven bound

    def bound(self) -> int:
        """The overall proven upper bound."""
        return max([self.score, *self.bounds.values()])


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


def _layout_cells(lm: LayoutModel, value: Callable[[Any], int]
                  ) -> dict[tuple[int, int], tuple[int, int]]:
    """The model's layout as ``cell → (terrain index, domino id)``, start squares with id -1."""
    cells = {u: (h.terrain.index, -1) for u, h in lm.data.fixed.items()}
    for k, ((i, a, b), var) in enumerate(lm.place.items()):
        if value(var):
            first, second = lm.data.pieces[i].halves
            cells[a], cells[b] = (first.terrain.index, k), (second.terrain.index, k)
    return cells


def _real(kingdom: Kingdom, data: ModelData) -> int:
    return kingdom.total(middle_kingdom=data.middle_kingdom, harmony=data.harmony)


class _Stream(cp_model.CpSolverSolutionCallback):
    """Replays each improving solution through the rules and streams it."""

    def __init__(self, lm: LayoutModel, dominoes: Sequence[Domino], start: Kingdom | None,
                 best: _Best, position: int, started: float,
                 on_solution: Callable[[Solution], None] | None,
                 tracker: ProgressTracker) -> None:
        super().__init__()
        self.lm, self.dominoes, self.start, self.best = lm, dominoes, start, best
        self.position, self.started, self.on_solution = position, started, on_solution
        self.tracker = tracker
        self.error: BaseException | None = None
        self.cut_off: list[frozenset[tuple[int, int]]] = []

    def on_solution_callback(self) -> None:
        try:
            self._record()
        except BaseException as error:  # re-raised by solve_positions once CP-SAT has stopped
            self.error = error
            self.stop_search()

    def _record(self) -> None:
        lm = self.lm
        if "link" in lm.extras:  # the set model: larger cut-off sets are found here
            self.cut_off = cut_off_sets(lm.data, _layout_cells(lm, self.value))
            if self.cut_off:
                self.stop_search()
                return
        placements = extract_placements(lm, self.value, self.dominoes)
        kingdom, order = replay_order(placements, self.start, lm.data.size)
        real = _real(kingdom, lm.data)
        objective = int(self.objective_value)
        if objective > real:
            raise SolverBug(f"model score {objective} above the real score {real} of\n{kingdom}")
        if real > self.best.score:
            self.best.score, self.best.kingdom, self.best.order = real, kingdom, order
            self.best.bounds[self.position] = min(self.best.bounds[self.position],
                                                  max(int(self.best_objective_bound), real))
            if self.on_solution is not None:
                self.on_solution(Solution(Status.FEASIBLE, real, self.best.bound(), kingdom,
                                          order, time.perf_counter() - self.started))
            self.tracker.note(self.best.bounds, self.best.score)


def solve_positions(dominoes: list[Domino], *, size: int, middle_kingdom: bool, harmony: bool,
                    start: Kingdom | None, time_limit_s: float, workers: int, seed: int,
                    on_solution: Callable[[Solution], None] | None,
                    choose: int | None, settings: SolverSettings,
                    on_progress: Callable[[Progress], None] | None = None) -> Solution:
    """Solve every castle position in turn (centre first); see the module docstring.
    ``on_progress`` receives every change of the proven bounds (:mod:`.progress`)."""
    started = time.perf_counter()
    best = _Best()
    positions = castle_positions(size, start)
    datas = []
    INTERRUPTED.clear()
    try:
        for k, castle in enumerate(positions):
            data = model_data(dominoes, size=size, castle=castle,
                              fixed=fixed_squares(start, castle), middle_kingdom=middle_kingdom,
                              harmony=harmony, choose=choose, settings=settings)
            datas.append(data)
            best.bounds[k] = data.upper_bound
    except KeyboardInterrupt:
        INTERRUPTED.set()
        halves = [h for d in dominoes for h in d.halves]
        halves += [h for _, h in start.squares()] if start is not None else []
        bound = (terrain_bound(halves) + (MIDDLE_KINGDOM_BONUS if middle_kingdom else 0)
                 + (HARMONY_BONUS if harmony else 0))
        return Solution(Status.UNKNOWN, 0, bound, None, (), time.perf_counter() - started)
    tracker = ProgressTracker(on_progress, started, [d.castle for d in datas])
    tracker.note(best.bounds, best.score, kind=START)
    interrupted = False
    if not harmony and settings.beam:  # a real layout first: the models must beat it
        try:
            _beam_incumbent(dominoes, size, start, middle_kingdom, choose, best)
        except KeyboardInterrupt:
            interrupted = True
        if on_solution is not None and best.kingdom is not None:
            on_solution(Solution(Status.FEASIBLE, best.score, best.bound(), best.kingdom,
                                 best.order, time.perf_counter() - started))
        tracker.note(best.bounds, best.score)
    chooses = choose is not None and choose < len(dominoes)
    use_sets = (settings.model_for_choice if chooses else settings.model) == "sets"
    cap = settings.first_slice_s if use_sets else float("inf")
    deferred: set[int] = set()  # positions that ran out of their time slice at this target
    primal = False  # a round that asks only to beat the best layout, to find better ones
    while not interrupted:
        open_ = [k for k in range(len(datas)) if best.bounds[k] > best.score]
        left = time_limit_s - (time.perf_counter() - started)
        if not open_ or left <= 0:
            break
        top = max(best.bounds[k] for k in open_)
        target = (best.score + 1 if primal else top) if use_sets else None
        ready = [k for k in open_ if (target is None or best.bounds[k] >= target)
                 and k not in deferred]
        if not ready:  # every position at this target needs more time
            if not primal and cap >= settings.primal_after(size):
                primal, deferred = True, set()
            else:
                primal, cap, deferred = False, cap * 2, set()
            continue
        if use_sets and settings.edge_first:  # best layouts often have the castle off-centre
            ready.reverse()
        k = ready[0]
        before = dict(best.bounds), best.score
        interrupted = _solve_position(k, datas[k], target, use_sets, dominoes, start, best,
                                      time.perf_counter() + min(cap, left), workers, seed,
                                      on_solution, started, tracker)
        tracker.note(best.bounds, best.score)
        if primal or ((dict(best.bounds), best.score) == before and not interrupted):
            if not use_sets:
                break  # nothing learnt: the time is up
            deferred.add(k)
    if interrupted:
        INTERRUPTED.set()
    seconds = time.perf_counter() - started
    bound = best.bound()
    closed = sum(best.bounds[k] <= best.score for k in range(len(datas)))
    if best.kingdom is None:
        status = (Status.INFEASIBLE if closed == len(datas) and not interrupted
                  else Status.UNKNOWN)
        tracker.done(best.bounds, best.score, max(bound, 0), str(status))
        return Solution(status, 0, max(bound, 0), None, (), seconds)
    if best.score > bound:
        raise SolverBug(f"real score {best.score} above the proven bound {bound}")
    status = (Status.OPTIMAL if closed == len(datas) and best.score == bound
              else Status.FEASIBLE)
    tracker.done(best.bounds, best.score, bound, str(status))
    return Solution(status, best.score, bound, best.kingdom, best.order, seconds)


def _solve_position(k: int, data: ModelData, target: int | None, use_sets: bool,
                    dominoes: list[Domino], start: Kingdom | None, best: _Best, until: float,
                    workers: int, seed: int, on_solution: Callable[[Solution], None] | None,
                    started: float, tracker: ProgressTracker) -> bool:
    """Solve castle position ``k`` for a score of at least ``target`` until the clock reads
    ``until`` and record what is learnt in ``best`` (its layouts and this position's bound).
    Returns whether Ctrl-C stopped it."""
    try:
        lm = (build_set_model if use_sets else build_model)(data, at_least=target)
    except KeyboardInterrupt:
        return True
    before = best.score
    while True:  # again while solutions show cut-off sets the model did not know
        solver = _solver(until - time.perf_counter(), workers, seed, best, use_sets,
                         data.settings.stop_when_beaten)
        stream = _Stream(lm, dominoes, start, best, k, started, on_solution, tracker)
        status, interrupted = _solve_interruptible(solver, lm, stream)
        if not stream.cut_off or interrupted or stream.error is not None:
            break
        add_cut_off_clauses(lm, stream.cut_off)
    if stream.error is not None:
        raise stream.error
    if status == cp_model.OPTIMAL:
        model_best = int(solver.objective_value)
        best.bounds[k] = model_best
        _check_optimal(model_best, best, before, data)
    elif status == cp_model.INFEASIBLE:
        best.bounds[k] = min(best.bounds[k], target - 1 if target is not None else -1)
    elif status == cp_model.FEASIBLE:
        if not interrupted:
            position_bound = min(best.bounds[k], int(solver.best_objective_bound + 1e-6))
            best.bounds[k] = max(best.score, position_bound)
    elif status != cp_model.UNKNOWN:  # UNKNOWN: no layout, and its "bound" (0) means nothing
        raise SolverBug(f"CP-SAT says {solver.status_name(status)} for castle {data.castle}")
    return interrupted


def _solver(left: float, workers: int, seed: int, best: _Best, sets: bool,
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


def _solve_interruptible(solver: cp_model.CpSolver, lm: LayoutModel,
                         stream: _Stream) -> tuple[Any, bool]:
    """Solve in a worker thread so that Ctrl-C (or a notebook's stop) reaches Python: the search
    is then stopped and the best layout so far kept. Returns (status, interrupted)."""
    result: dict[str, Any] = {}

    def run() -> None:
        result["status"] = solver.solve(lm.model, stream)

    thread = threading.Thread(target=run, name="cp-sat", daemon=True)
    thread.start()
    interrupted = False
    while True:
        try:
            if interrupted:  # again and again: a stop sent before the search starts is lost
                solver.stop_search()
            thread.join(0.05)
            if not thread.is_alive():
                break
        except KeyboardInterrupt:
            interrupted = True
    return result.get("status", cp_model.UNKNOWN), interrupted


SET_MODEL_WORKERS = ("no_lp", "default_lp", "quick_restart_no_lp", "pseudo_costs", "core",
                     "max_lp", "quick_restart", "reduced_costs")
"""CP-SAT's subsolvers for the set model, in the order they are given workers."""


def _stopper(solver: cp_model.CpSolver, best: _Best) -> Callable[[float], None]:
    """A bound callback that stops the search once the bound is no better than the best."""
    def check(bound: float) -> None:
        if best.kingdom is not None and bound <= best.score:
            solver.stop_search()
    return check


def _beam_incumbent(dominoes: list[Domino], size: int, start: Kingdom | None,
                    middle_kingdom: bool, choose: int | None, best: _Best) -> None:
    """Record the beam search's layout (replayed through the rules) as the best so far."""
    kingdom, order = beam_layout(dominoes, size=size, start=start,
                                 middle_kingdom=middle_kingdom, width=3 if size <= 5 else 10,
                                 choose=choose)
    replayed, order = replay_order(order, start, size)
    if replayed != kingdom:
        raise SolverBug("the beam layout does not replay")
    best.score = replayed.total(middle_kingdom=middle_kingdom)
    best.kingdom, best.order = replayed, order


def _check_optimal(model_best: int, best: _Best, before: int, data: ModelData) -> None:
    """At a proven optimum of one position the real score of the layout found there must equal
    the model's (the only allowed excess: a Middle Kingdom bonus the off-centre models ignore)."""
    if best.score == model_best or best.score == before:
        return
    excess = best.score - model_best
    allowed = MIDDLE_KINGDOM_BONUS if data.middle_kingdom else 0
    if excess != allowed:
        raise SolverBug(f"castle {data.castle}: proven model optimum {model_best} but the layout "
                        f"really scores {best.score}")
