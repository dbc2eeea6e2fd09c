"""Verdicts as a gradebook: one row per student × notebook × exercise, a summary, feedback.

:func:`grade_submission` runs one submission (:mod:`.run`) and turns what it answered into
:class:`Row` s: the last answer recorded for an exercise is judged (plain answers here, by a
fresh checker; functions by the grader while the kernel ran, :mod:`.remote`; a board exercise
also by the play saved in the notebook when that grades better, :mod:`.boards`); an exercise with no
answer recorded is ``timeout`` or ``error`` when the cell that checks it failed so, else
``blank``. Points: each exercise is worth the ``points`` of its definition in the kit
(:class:`~kingdomino_kit.exercises.Exercise`, default 1) — never what a submission's cells or
metadata say; a correct answer earns them all, a wrong one the share its exercise's partial
credit gives (where it defines one).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kingdomino_kit.exercises import NOTEBOOKS, for_notebook
from kingdomino_kit.grading.boards import saved_boards
from kingdomino_kit.grading.plain_data import NotPlain, decode
from kingdomino_kit.grading.recorder import verdict_data
from kingdomino_kit.grading.run import GradingError, Outcome, run_submission
from kingdomino_kit.grading.sandbox import Sandbox
from kingdomino_kit.infra.tables import Column, Schema

__all__ = ["SCHEMA", "STATUSES", "Row", "check_notebook", "feedback_page", "grade_submission",
           "notebook_of",
           "points_of", "summary_table"]

STATUSES = ("correct", "wrong", "blank", "error", "timeout")
"""The statuses of a row."""
SCHEMA = Schema((Column("student", "str"), Column("notebook", "category"),
                 Column("exercise", "int16"), Column("points", "float64"),
                 Column("max_points", "float64"), Column("status", "category"),
                 Column("message", "str")))
"""The gradebook's columns, in order."""
_STATUS = {"correct": "correct", "blank": "blank", "wrong": "wrong", "kind": "wrong",
           "raised": "error", "timeout": "timeout", "error": "error"}
_FOR_NOTEBOOK = re.compile(r"for_notebook\(\s*['\"](\d\d[a-z]?_[a-z0-9_]+)['\"]\s*\)")


@dataclass(frozen=True)
class Row:
    """One exercise of one submission, graded (the gradebook's columns, and the hint)."""

    student: str
    notebook: str
    exercise: int
    points: float
    max_points: float
    status: str
    message: str
    hint: str = ""

    def values(self) -> tuple[Any, ...]:
        """The row in :data:`SCHEMA`'s order."""
        return (self.student, self.notebook, self.exercise, self.points, self.max_points,
                self.status, self.message)


def notebook_of(nb: Any) -> str | None:
    """Which notebook a submission is: its edition's metadata, else the ``for_notebook``
    call in its cells; ``None`` when it is none of the notebooks with exercises."""
    source = str(nb.metadata.get("kingdomino_kit", {}).get("source", ""))
    if source.removesuffix(".py") in NOTEBOOKS:
        return source.removesuffix(".py")
    for cell in nb.cells:
        found = _FOR_NOTEBOOK.search(cell.get("source", "")) if cell.cell_type == "code" else None
        if found and found[1] in NOTEBOOKS:
            return found[1]
    return None


def points_of(notebook: str) -> dict[int, float]:
    """The points of each exercise of ``notebook``, from the kit's definitions."""
    return {n: float(e.points) for n, e in for_notebook(notebook).exercises.items()}


def _verdict(checker: Any, record: dict[str, Any]) -> dict[str, Any] | None:
    number = record.get("number")
    if number not in checker.exercises:
        return None
    if "answer" in record:
        try:
            answer = decode(record["answer"])
        except NotPlain:
            return {"status": "error", "message": "the answer could not be read back",
                    "hint": "", "credit": 0.0}
        return verdict_data(checker.grade(number, answer))
    verdict = record.get("judged")  # made by the grader (.remote), never by the kernel
    return verdict if isinstance(verdict, dict) else None


def rows_of(student: str, notebook: str, outcome: Outcome,
            points: dict[int, float]) -> list[Row]:
    """The rows of one run (see the module docstring)."""
    checker = for_notebook(notebook)
    last: dict[int, dict[str, Any]] = {}
    for record in outcome.records:
        verdict = _verdict(checker, record)
        if verdict is not None:
            last[record["number"]] = verdict
    rows = []
    for n, exercise in sorted(checker.exercises.items()):
        worth = points.get(n, 1.0)
        if n in last:
            v = last[n]
            status = _STATUS.get(str(v.get("status")), "error")
            credit = 1.0 if status == "correct" else float(v.get("credit", 0.0) or 0.0)
            rows.append(Row(student, notebook, n, round(worth * min(1.0, max(0.0, credit)), 2),
                            worth, status, str(v.get("message", "")), str(v.get("hint", ""))))
            continue
        status, message = outcome.troubles.get(n, outcome.stopped)
        if not status:
            status, message = "blank", "never checked: no answer given"
        rows.append(Row(student, notebook, n, 0.0, worth, status, message, exercise.hints[0]))
    return rows


def grade_submission(student: str, nb: Any, notebook: str, timeout: float,
                     sandbox: Sandbox) -> list[Row]:
    """Run ``student``'s submission ``nb`` of ``notebook`` in a fresh place of ``sandbox``
    and grade what it answered (points from the kit)."""
    with sandbox.place(nb, notebook) as place:
        outcome = run_submission(nb, notebook, timeout, place)
    outcome.records += saved_boards(nb, notebook, outcome.records)  # boards built by clicks
    return rows_of(student, notebook, outcome, points_of(notebook))


def summary_table(rows: Sequence[Row]) -> str:
    """One line per submission: points out of the most, and how many of each status."""
    groups: dict[tuple[str, str], list[Row]] = {}
    for row in rows:
        groups.setdefault((row.student, row.notebook), []).append(row)
    head = f"{'student':16} {'notebook':20} {'points':>11}  " + " ".join(
        f"{s:>7}" for s in STATUSES)
    lines = [head, "-" * len(head)]
    for (student, notebook), group in groups.items():
        got, most = sum(r.points for r in group), sum(r.max_points for r in group)
        counts = " ".join(f"{sum(r.status == s for r in group):>7}" for s in STATUSES)
        lines.append(f"{student[:16]:16} {notebook[:20]:20} {got:>5g} / {most:<3g}  {counts}")
    return "\n".join(lines)


def feedback_page(student: str, rows: Iterable[Row]) -> str:
    """A short Markdown page for one student: each exercise's verdict, points and, when it is
    not correct, its hint. Never a solution: only what the checker says to a student."""
    out = [f"# Feedback for {student}", ""]
    by_notebook: dict[str, list[Row]] = {}
    for row in rows:
        by_notebook.setdefault(row.notebook, []).append(row)
    for notebook, group in by_notebook.items():
        got, most = sum(r.points for r in group), sum(r.max_points for r in group)
        out += [f"## {notebook}: {got:g} of {most:g} points", ""]
        for row in group:
            out.append(f"- **Exercise {row.exercise}** ({row.points:g} of {row.max_points:g}, "
                       f"{row.status}): {row.message}")
            if row.status != "correct" and row.hint:
                out.append(f"  - Hint: {row.hint}")
        out.append("")
    return "\n".join(out)


def check_notebook(path: Path, nb: Any) -> str:
    """The notebook a submission is, or :class:`GradingError` naming the file."""
    name = notebook_of(nb)
    if name is None:
        raise GradingError(f"{path}: not a kingdomino-kit notebook with exercises (no "
                           "for_notebook(...) call, no edition metadata)")
    return name
