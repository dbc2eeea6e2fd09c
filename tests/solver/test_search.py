"""The search's schedule: models solved side by side, a solve stopped when its question is
answered or when its slice is over and another waits, and the same answers as one at a time."""

from __future__ import annotations

import time

import pytest

from kingdomino_kit.dominoes import DOMINOES, Domino
from kingdomino_kit.errors import SolverBug
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver import best_kingdom
from kingdomino_kit.solver.data import model_data
from kingdomino_kit.solver.position import Best, Job, _check_optimal, solve_model
from kingdomino_kit.solver.search import _Search
from kingdomino_kit.solver.settings import SolverSettings
from kingdomino_kit.solver.slices import Plan, stop_answered
from tests.reference import check_solution


def _set(numbers: str) -> list[Domino]:
    return [DOMINOES[int(n) - 1] for n in numbers.split(",")]


# Crowned sets of the benchmark whose proofs take about a second; the Middle Kingdom ones are
# proven at the centre only, several levels below the bound of the other castle cells.
QUICK = ["22,25,26,27,31,32,33,34,35,40,46,48", "20,21,24,25,31,32,38,42,43,44,46,48",
         "19,21,24,25,29,35,37,39,40,42,45,47"]


@pytest.mark.slow
@pytest.mark.parametrize("numbers,middle,harmony", [  # each set once with each bonus in make
    pytest.param(numbers, middle, harmony,           # test, every pair in make test-sweeps
                 marks=[] if i == j else [pytest.mark.sweep])
    for i, numbers in enumerate(QUICK)
    for j, (middle, harmony) in enumerate([(True, False), (False, True), (True, True)])])
def test_side_by_side_proves_what_one_at_a_time_proves(numbers: str, middle: bool,
                                                        harmony: bool) -> None:
    doms = _set(numbers)
    answers = []
    for side_by_side in (True, False):
        sol = best_kingdom(doms, middle_kingdom=middle, harmony=harmony, workers=2,
                           time_limit_s=60, seed=0,
                           settings=SolverSettings(side_by_side=side_by_side))
        check_solution(sol, doms, middle_kingdom=middle, harmony=harmony)
        answers.append((sol.status, sol.score, sol.bound))
    assert answers[0] == answers[1]
    assert answers[0][0] == "optimal"


def _search(numbers: str, **options: bool) -> _Search:
    search = _Search(_set(numbers), rules=Rules(middle_kingdom=options.get("middle", False)),
                     start=None, time_limit_s=60, workers=2, seed=0,
                     on_solution=None, choose=None, settings=SolverSettings())
    search.make_models()
    return search


def test_a_solve_past_its_slice_is_stopped_only_when_another_waits() -> None:
    search = _search(QUICK[0])
    plan = Plan(cap=1.0, use_sets=True, workers=1)
    best = search.best
    top = max(best.bounds.values())
    at_top = [k for k, b in best.bounds.items() if b == top]
    assert len(at_top) >= 2, "the test needs two castle cells at the top bound"
    first, second = at_top[:2]
    late = Job(first, top, began=time.perf_counter() - 5)
    search._preempt(list(best.bounds), [late], plan)
    assert late.stopped and late.preempted  # the other model at the top bound waits

    # every other model at the top is solved or has had its slice: nothing waits
    plan.deferred = {(k, top) for k in at_top if k != first}
    alone = Job(first, top, began=time.perf_counter() - 5)
    search._preempt(list(best.bounds), [alone], plan)
    assert not alone.stopped
    fresh = Job(second, top, began=time.perf_counter())  # within its slice
    plan.deferred = set()
    search._preempt(list(best.bounds), [fresh], plan)
    assert not fresh.stopped


def test_while_one_model_is_solved_the_other_lane_asks_a_level_lower() -> None:
    search = _search(QUICK[0], middle=True)
    plan = Plan(cap=1.0, use_sets=True, workers=1)
    best = search.best
    centre = next(k for k, d in enumerate(search.datas) if d.castle == (2, 2))
    top = best.bounds[centre]
    assert top > max(b for k, b in best.bounds.items() if k != centre)  # the bonus
    first = search._candidates(list(best.bounds), [], plan)
    assert [(j.k, j.target) for j in first] == [(centre, top)]
    running = [first[0]]
    second = search._candidates(list(best.bounds), running, plan)
    assert [(j.k, j.target) for j in second][:2] == [(centre, top - 1), (centre, top - 2)]


def test_a_solve_is_stopped_once_another_has_answered_it() -> None:
    best = Best(score=60, bounds={0: 70, 1: 65, 2: 70})
    refuted = Job(1, 66)  # model 1 is proven at most 65: nothing of 66 there
    reached = Job(0, 60)  # the best layout already scores 60
    open_question = Job(2, 70)
    stop_answered([refuted, reached, open_question], best)
    assert refuted.stopped and reached.stopped and not open_question.stopped


def test_slices_double_and_long_ones_bring_a_primal_round() -> None:
    plan = Plan(cap=1.0, use_sets=True, workers=1, deferred={(0, 5)})
    plan.next_round(primal_after=2.0)
    assert (plan.cap, plan.primal, plan.deferred) == (2.0, False, set())
    plan.next_round(primal_after=2.0)
    assert (plan.cap, plan.primal) == (2.0, True)
    plan.next_round(primal_after=2.0)
    assert (plan.cap, plan.primal) == (4.0, False)


def test_a_job_stopped_before_it_starts_learns_nothing() -> None:
    doms = _set(QUICK[0])
    data = model_data(doms, size=5, castle=(0, 0))
    best = Best(bounds={0: data.upper_bound})
    job = Job(0, data.upper_bound)
    job.stop()
    solve_model(job, data, True, doms, None, best, time.perf_counter() + 10, 1, 0, None,
                time.perf_counter())
    assert (job.learnt, job.error, best.kingdom, best.bounds[0]) == (
        False, None, None, data.upper_bound)


def test_a_proven_optimum_must_be_the_real_score_of_its_layout() -> None:
    data = model_data(_set("41,36,48"), size=5, castle=(0, 0),
                      rules=Rules(middle_kingdom=True))
    _check_optimal(12, {12: 12}, data)
    _check_optimal(12, {12: 22}, data)  # off the centre the model leaves the bonus out
    with pytest.raises(SolverBug):
        _check_optimal(12, {12: 13}, data)
    with pytest.raises(SolverBug):
        _check_optimal(12, {11: 11}, data)  # no layout of the proven score was seen

