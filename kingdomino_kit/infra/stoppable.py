"""A CP-SAT solve that Ctrl-C and SIGTERM stop within a moment.

Python runs a signal's handler in the main thread between bytecodes; while the main thread is
inside ``CpSolver.solve`` it runs none, so a solve made there hears neither Ctrl-C nor SIGTERM
until its time limit. :func:`solve_stoppably` runs the solve in a thread of its own and waits
for it in short steps: an interruption (``KeyboardInterrupt``, the command line's SIGTERM)
stops the search (``stop_search``, sent until the search has ended: a stop sent before the
search has begun is lost), waits for the thread, and is raised again.

>>> class Slow:
...     def solve(self, model):
...         return "OPTIMAL"
...     def stop_search(self):
...         pass
>>> solve_stoppably(Slow(), None)
'OPTIMAL'
"""

from __future__ import annotations

import threading
from typing import Any

__all__ = ["STEP_S", "solve_stoppably"]

STEP_S = 0.05
"""How often the waiting thread looks up (a signal is handled within this)."""


def solve_stoppably(solver: Any, model: Any, *args: Any) -> Any:
    """``solver.solve(model, *args)`` in a thread; its status, or the interruption that came
    meanwhile (the search stopped first) or the solve's own error."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["status"] = solver.solve(model, *args)
        except BaseException as error:  # handed to the waiting thread
            outcome["error"] = error

    thread = threading.Thread(target=run, name="cp-sat", daemon=True)
    if hasattr(solver, "parameters"):  # Python, not CP-SAT, takes Ctrl-C
        solver.parameters.catch_sigint_signal = False
    thread.start()
    try:
        while thread.is_alive():
            thread.join(STEP_S)
    except BaseException:
        _stop(solver, thread)
        raise
    if "error" in outcome:
        raise outcome["error"]
    return outcome["status"]


def _stop(solver: Any, thread: threading.Thread) -> None:
    while thread.is_alive():
        try:
            solver.stop_search()
            thread.join(STEP_S)
        except KeyboardInterrupt:  # a second Ctrl-C: the search is being stopped already
            continue
