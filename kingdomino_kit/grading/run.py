"""One submission run in a fresh kernel, cell by cell, each cell under a timeout.

The kernel is a new ``python3`` kernel (``nbclient``/``jupyter_client``), never the grading
process, started in a folder of its own. It first runs the grader's cell that makes the
recorder (:mod:`.recorder`); then each of the submission's code cells, rewritten
(:mod:`.rewrite`), followed by the grader's ``flush`` cell that hands over what was recorded.
A cell that fails is noted for the exercises it checks and the run goes on; a cell that runs
over the timeout is interrupted by the client, noted, and the run goes on (and stops if the
kernel stays busy); a kernel that dies ends the run. The outcome is the records, in order, and
what went wrong where.
"""

from __future__ import annotations

import logging
import re
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import DeadKernelError

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.grading.recorder import MIME, bootstrap_code
from kingdomino_kit.grading.remote import judge_records
from kingdomino_kit.grading.rewrite import RECORD, rewrite_cell

__all__ = ["GradingError", "Outcome", "run_submission"]

ANSI = re.compile(r"\x1b\[[0-9;]*m")
FLUSH = f"{RECORD}.flush()"


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


def run_submission(nb: Any, notebook: str, timeout: float, folder: Path) -> Outcome:
    """Run the submission ``nb`` (an ``nbformat`` notebook) of ``notebook`` in a fresh kernel
    in ``folder``; every cell may run ``timeout`` seconds."""
    quiet = logging.getLogger("kingdomino_kit.grading.kernel")
    quiet.addHandler(logging.NullHandler())
    quiet.propagate = False  # nbclient logs a dead kernel's traceback: the row says it
    client = NotebookClient(nbformat.v4.new_notebook(), timeout=timeout,  # type: ignore[no-untyped-call]
                            kernel_name="python3", allow_errors=True, record_timing=False,
                            resources={"metadata": {"path": str(folder)}}, log=quiet,
                            interrupt_on_timeout=True)
    outcome = Outcome()
    code = [c for c in nb.cells if c.get("cell_type") == "code"]
    with client.setup_kernel(stderr=subprocess.DEVNULL):
        start = _execute(client, bootstrap_code(notebook))
        if (failed := _error_line(start)):
            raise GradingError(f"the grader's kernel cannot record answers: {failed}")
        for index, cell in enumerate(code, start=1):
            rewritten = rewrite_cell(cell.get("source", ""))
            where = f"cell {index}"
            began = time.monotonic()
            try:
                running = _execute(client, rewritten.source)
            except DeadKernelError:
                outcome.stopped = ("error", f"the kernel died in {where}")
                return outcome
            failed = _error_line(running)
            late = time.monotonic() - began >= timeout
            if late and (not failed or "KeyboardInterrupt" in failed):
                for n in rewritten.exercises:  # interrupted by the client at the timeout
                    outcome.troubles[n] = ("timeout", f"{where} ran over {timeout:g} s")
            elif failed:
                for n in rewritten.exercises:
                    outcome.troubles.setdefault(n, ("error", f"{where} raised {failed}"))
            began = time.monotonic()
            try:
                flush = _execute(client, FLUSH)
            except DeadKernelError:
                outcome.stopped = ("error", f"the kernel died in {where}")
                return outcome
            if time.monotonic() - began >= timeout:
                outcome.stopped = ("timeout", f"the kernel stayed busy after {where} ran over "
                                   f"{timeout:g} s")
                return outcome
            outcome.records += judge_records(  # function answers judged now, by the grader
                _records(flush), notebook, lambda source: _execute(client, source))
    return outcome
