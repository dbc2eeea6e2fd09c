"""SolverView: the streamed figures match a direct solver call; Stop ends the child at once."""

from __future__ import annotations

import os
import queue
import signal
import threading
import time
from typing import Any

from kingdomino_kit.dominoes import dominoes
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.solver import best_kingdom
from kingdomino_kit.widgets import SolverView
from kingdomino_kit.widgets.solver_process import pack


def browser_click(widget: SolverView, action: str) -> None:
    seq = int(widget.event.get("seq", 0)) + 1
    widget.event = {"kkAction": action, "seq": seq}


def test_a_run_agrees_with_the_solver_and_draws_its_progress() -> None:
    numbers = "41,36,12,13,27"
    view = SolverView(numbers, workers=1, seed=3)
    assert view.status == "ready" and 'data-kk-action="stop" disabled' in view.html
    final = view.run()
    direct = best_kingdom(dominoes(numbers), workers=1, seed=3)
    assert (final.status, final.score, final.bound) == (direct.status, direct.score, direct.bound)
    assert view.status == "optimal" and view.score == view.bound == direct.score
    assert view.best.kingdom.total() == direct.score          # re-scored by the rules library
    assert view.points and view.points[-1][1:] == (direct.score, direct.bound)
    assert all(s <= b for _, s, b in view.points)
    assert [s for _, s, _ in view.points] == sorted(s for _, s, _ in view.points)
    assert f'class="kk-solver-score">{direct.score}<' in view.html
    assert 'class="kk-plot"' in view.html and 'class="kk-kingdom"' in view.html
    assert "Proven optimal" in view.message and not view._process.is_alive()


def test_a_start_kingdom_is_kept() -> None:
    start = Kingdom.from_text("C G1")
    view = SolverView("41", start=start, workers=1)
    final = view.run()
    assert final.status == "optimal" and final.kingdom.at((0, 1)) == start.at((0, 1))
    assert final.score == best_kingdom(dominoes("41"), start=start, workers=1).score


def test_stop_ends_the_solver_and_keeps_the_best_so_far() -> None:
    hard = "37,38,39,40,41,42,43,44,45,46,47,48"      # a first layout in seconds, no quick proof
    view = SolverView(hard, workers=1, time_limit_s=120)
    browser_click(view, "solve")
    assert view.running and 'data-kk-action="solve" disabled' in view.html
    deadline = time.monotonic() + 60
    while not view.points and time.monotonic() < deadline and view.running:
        time.sleep(0.2)
    assert view.points, view.message
    browser_click(view, "stop")
    assert view.status == "stopped" and not view._process.is_alive()
    assert "Stopped. Best found" in view.message
    best = view.best
    assert best.kingdom.total() == best.score <= view.bound
    points = len(view.points)
    time.sleep(0.5)
    assert len(view.points) == points and view.solution is None   # nothing arrives any more
    assert view.wait() is best


def test_an_interrupt_stops_a_blocking_run_and_returns_the_best_so_far() -> None:
    view = SolverView("37,38,39,40,41,42,43,44,45,46,47,48", workers=1, time_limit_s=120)

    def interrupt_after_the_first_solution() -> None:
        deadline = time.monotonic() + 60
        while not view.points and time.monotonic() < deadline:
            time.sleep(0.1)
        if view.running:
            os.kill(os.getpid(), signal.SIGINT)     # what Ctrl-C / the kernel's stop sends

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    watcher = threading.Thread(target=interrupt_after_the_first_solution)
    watcher.start()
    try:
        result = view.run()
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a late signal must not hit the suite
        watcher.join()
        signal.signal(signal.SIGINT, previous)
    assert view.status == "stopped" and not view._process.is_alive()
    assert result is view.best and result.kingdom.total() == result.score <= view.bound


def test_bad_input_is_reported_not_raised() -> None:
    view = SolverView("3,3", workers=1)
    assert view.run() is None
    assert view.status == "error" and "more than once" in view.message


class _Ended:
    """A solver process that has already ended."""

    exitcode = 0

    def is_alive(self) -> bool:
        return False

    def join(self, timeout: float | None = None) -> None:
        return None


class _Late:
    """A queue whose words arrive only after the process is seen to have ended."""

    def __init__(self, items: list[tuple[str, Any]]) -> None:
        self.items, self.calls = items, 0

    def get(self, timeout: float | None = None) -> tuple[str, Any]:
        self.calls += 1
        if self.calls == 1 or not self.items:
            raise queue.Empty
        return self.items.pop(0)


def _read_from(view: SolverView, words: list[tuple[str, Any]]) -> None:
    process = _Ended()
    view._process, view.status = process, "running"  # as start() leaves them
    view._read(process, _Late(words))


def test_the_last_words_of_a_child_that_has_just_ended_are_read() -> None:
    final = best_kingdom(dominoes("41,36"), workers=1)
    view = SolverView("41,36", workers=1)
    _read_from(view, [("done", pack(final))])
    assert (view.status, view.score) == ("optimal", final.score)


def test_a_child_that_ends_without_a_word_is_an_error() -> None:
    view = SolverView("41,36", workers=1)
    _read_from(view, [])
    assert view.status == "error" and "ended unexpectedly" in view.message
