"""One submission run in a fresh kernel, cell by cell, each cell under a timeout.

The kernel is a new ``python3`` kernel (``nbclient``/``jupyter_client``), never the grading
process, started at a :class:`~kingdomino_kit.grading.sandbox.Place` of its own (its folder,
and as root its own user and namespaces). It first runs the grader's cell that makes the
recorder (:mod:`.recorder`); then each of the submission's code cells, rewritten
(:mod:`.rewrite`), followed by the grader's ``flush`` cell that hands over what was recorded.
A cell that fails is noted for the exercises it checks and the run goes on; a cell that runs
over the timeout is interrupted, noted, and the run goes on — unless the kernel is still busy
:data:`GRACE_S` seconds later (a cell deaf to Ctrl-C): then every process of the submission
is killed and the run ends there; a kernel that dies ends the run. Every process of the
submission is gone when :func:`run_submission` returns. The outcome is the records, in order,
and what went wrong where.
"""

from __future__ import annotations

import contextlib
import logging
import re
import time
from dataclasses import dataclass, field
from typing import Any

import nbformat
from jupyter_core.utils import run_sync
from nbclient import NotebookClient
from nbclient.exceptions import DeadKernelError

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.grading.recorder import MIME, bootstrap_code
from kingdomino_kit.grading.remote import judge_records
from kingdomino_kit.grading.rewrite import RECORD, rewrite_cell
from kingdomino_kit.grading.sandbox import Place

__all__ = ["GRACE_S", "GradingError", "Outcome", "run_submission"]

ANSI = re.compile(r"\x1b\[[0-9;]*m")
FLUSH = f"{RECORD}.flush()"
GRACE_S = 5.0
"""Seconds a kernel has to stop after a cell that ran over is interrupted: past them every
process of the submission is killed."""
STARTUP_S = 60.0
"""Seconds a kernel has to start and run the grader's first cell."""
TIMED_OUT = {"ename": "CellTimeout", "evalue": "ran over the timeout"}
"""The reply nbclient gives a cell that ran over (it then stops waiting for it)."""


class GradingError(KingdominoError):
    """The grader cannot grade at all (no kernel, the kit not importable in it)."""


@dataclass
class Outcome:
    """What one run gave: ``records`` (the recorder's, in order); ``troubles``: for an
    exercise checked in a cell that failed or ran out of time, its status (``error`` or
    ``timeout``) and one line; ``stopped``: why the run ended early (or ``""``)."""

    records: list[dict[str, Any]] = field(default_factory=list)
    troubles: dict[int, tuple[str, str]] = field(default_factory=dict)
    stopped: tuple[str, str] = ("", "")


def _error_line(cell: Any) -> str:
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            value = " ".join(ANSI.sub("", str(output.get("evalue", ""))).split())
            return f"{output.get('ename', 'Error')}" + (f": {value}" if value else "")
    return ""


def _records(cell: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for output in cell.get("outputs", []):
        data = output.get("data", {}) if output.get("output_type") == "display_data" else {}
        if MIME in data and isinstance(data[MIME], dict):
            found += [r for r in data[MIME].get("records", []) if isinstance(r, dict)]
    return found


def _execute(client: Any, source: str) -> Any:
    """Run one cell of the grader's in the client's notebook (nbclient stores it there)."""
    cell = nbformat.v4.new_code_cell(source)  # type: ignore[no-untyped-call]
    client.nb.cells.append(cell)
    client.execute_cell(cell, len(client.nb.cells) - 1)
    return cell


def _timed(client: Any, source: str, timeout: float, outputs: float = 4.0) -> tuple[Any, bool]:
    """Run a cell under ``timeout``: the cell, and whether it ran out of time (the client then
    interrupted the kernel and gave up waiting); ``outputs``: seconds its outputs may come
    after its reply."""
    client.timeout = timeout
    client.iopub_timeout = outputs
    began = time.monotonic()
    cell = _execute(client, source)
    return cell, time.monotonic() - began >= timeout


def _start(client: Any, place: Place, stack: contextlib.ExitStack) -> None:
    try:
        stack.enter_context(client.setup_kernel(env=place.environment(), stderr=place.log()))
    except Exception as error:  # jupyter_client's own: the kernel did not start
        why = place.log_line() or " ".join(str(error).split())[:200]
        raise GradingError(f"the kernel did not start: {why}") from None


def run_submission(nb: Any, notebook: str, timeout: float, place: Place) -> Outcome:
    """Run the submission ``nb`` (an ``nbformat`` notebook) of ``notebook`` in a fresh kernel
    at ``place``; every cell may run ``timeout`` seconds. A cell that runs over is interrupted;
    if the kernel is still busy :data:`GRACE_S` seconds later, every process of the place is
    killed and the run ends there."""
    quiet = logging.getLogger("kingdomino_kit.grading.kernel")
    quiet.addHandler(logging.NullHandler())
    quiet.propagate = False  # nbclient logs a dead kernel's traceback: the row says it
    km = place.kernel_manager()
    client = NotebookClient(nbformat.v4.new_notebook(), km=km, timeout=timeout,  # type: ignore[no-untyped-call]
                            kernel_name="python3", allow_errors=True, record_timing=False,
                            resources={"metadata": {"path": str(place.cwd)}}, log=quiet,
                            interrupt_on_timeout=True, error_on_timeout=TIMED_OUT,
                            startup_timeout=STARTUP_S)
    try:
        with contextlib.ExitStack() as stack:
            _start(client, place, stack)
            return _cells(client, nb, notebook, timeout, place)
    finally:
        with contextlib.suppress(Exception):  # the kernel may be dead already
            run_sync(km.shutdown_kernel)(now=True)
        place.end_processes()


def _cells(client: Any, nb: Any, notebook: str, timeout: float, place: Place) -> Outcome:
    outcome = Outcome()
    start, late = _timed(client, bootstrap_code(notebook), max(timeout, STARTUP_S))
    if late or (failed := _error_line(start)):
        raise GradingError("the grader's kernel cannot record answers: "
                           + ("it did not answer" if late else failed))
    code = [c for c in nb.cells if c.get("cell_type") == "code"]
    for index, cell in enumerate(code, start=1):
        rewritten = rewrite_cell(cell.get("source", ""))
        where = f"cell {index}"
        try:
            running, late = _timed(client, rewritten.source, timeout, 1.0)
            failed = _error_line(running)
            if late and (not failed or "KeyboardInterrupt" in failed):
                for n in rewritten.exercises:  # interrupted by the client at the timeout
                    outcome.troubles[n] = ("timeout", f"{where} ran over {timeout:g} s")
            elif failed:
                for n in rewritten.exercises:
                    outcome.troubles.setdefault(n, ("error", f"{where} raised {failed}"))
            flush, busy = _timed(client, FLUSH, *((GRACE_S, 1.0) if late else (timeout, 4.0)))
            if not busy:
                outcome.records += judge_records(  # function answers judged now, by the grader
                    _records(flush), notebook, lambda source: _timed(client, source, timeout)[0])
        except DeadKernelError:
            outcome.stopped = ("error", f"the kernel died in {where}")
            return outcome
        if busy:
            place.end_processes()  # it ignored the interrupt: its processes are killed
            outcome.stopped = ("timeout", f"{where} ran over {timeout:g} s and went on when "
                               "interrupted: its kernel was ended" if late else
                               f"the kernel stayed busy after {where}: it was ended")
            return outcome
    return outcome
