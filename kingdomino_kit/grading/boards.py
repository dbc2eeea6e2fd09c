"""Board exercises graded on the board the student built: the play saved in the notebook.

A board built by clicks leaves no code: the grader's fresh run of the notebook sees the board
empty. When the student checks a board (``check(5, board)``), the feedback carries the board's
play as data (:data:`~kingdomino_kit.exercises.boards.BOARD_MIME`: its moves, no score), and
JupyterLab saves it with the cell's output. :func:`saved_boards` reads those plays from the
submitted notebook and has the grader's own checker judge them: every move replayed on the
exercise's own board (its hand, its start, each placement legal), the kingdom scored by the
grader. Data that is not a legal play of that board grades ``wrong`` — a claimed score is not
even read. For each board exercise, the best of the fresh run's last answer and the saved plays
counts.
"""

from __future__ import annotations

from typing import Any

from kingdomino_kit.exercises import for_notebook
from kingdomino_kit.exercises.boards import BOARD_MIME, BoardDataError, BoardPlay
from kingdomino_kit.exercises.checker import Checker
from kingdomino_kit.grading.recorder import verdict_data
from kingdomino_kit.grading.remote import verdict_of

__all__ = ["best_of_plays", "board_payloads", "saved_boards"]


def board_payloads(nb: Any) -> list[Any]:
    """Every board play saved in the notebook's outputs (the data as found, not yet read)."""
    found: list[Any] = []
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        for output in cell.get("outputs", []):
            data = output.get("data") if isinstance(output, dict) else None
            if isinstance(data, dict) and isinstance(data.get(BOARD_MIME), dict):
                found.append(data[BOARD_MIME])
    return found


def _rank(verdict: dict[str, Any] | None) -> tuple[bool, float, bool]:
    if verdict is None:
        return (False, -1.0, False)
    credit = verdict.get("credit", 0.0)
    return (verdict.get("status") == "correct",
            float(credit) if isinstance(credit, (int, float)) else 0.0,
            verdict.get("status") != "blank")


def best_of_plays(checker: Checker, number: int, verdict: dict[str, Any] | None,
                  payloads: Any, notebook: str) -> dict[str, Any] | None:
    """The best of ``verdict`` (the fresh run's, or ``None``) and the verdicts of the plays
    among ``payloads`` saved for board exercise ``number`` of ``notebook``, each replayed by
    ``checker``."""
    exercise = checker.exercises.get(number)
    if exercise is None or exercise.kind.saved is None or not isinstance(payloads, list):
        return verdict
    for saved in payloads:
        if not isinstance(saved, dict) or saved.get("notebook") != notebook or \
                saved.get("exercise") != number or type(saved.get("exercise")) is not int:
            continue
        try:
            mine = verdict_data(checker.grade(number, BoardPlay.from_data(saved.get("board"))))
        except BoardDataError as error:
            mine = {"status": "kind", "message": f"the board saved in the notebook cannot be "
                    f"read: {error}.", "hint": exercise.hints[0], "credit": 0.0}
        if _rank(mine) > _rank(verdict):
            verdict = mine
    return verdict


def saved_boards(nb: Any, notebook: str, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records to add after the fresh run's ``records``: for each board exercise whose
    saved play grades better than the run's last answer, that play's verdict (``judged``,
    made here)."""
    checker = for_notebook(notebook)
    boards = {n for n, e in checker.exercises.items() if e.kind.saved is not None}
    payloads = board_payloads(nb)
    if not boards or not payloads:
        return []
    latest: dict[int, dict[str, Any]] = {}
    for record in records:
        if record.get("number") in boards:
            latest[record["number"]] = record
    last = {n: verdict_of(checker, r) for n, r in latest.items()}  # board exercises only
    added = []
    for number in sorted(boards):
        best = best_of_plays(checker, number, last.get(number), payloads, notebook)
        if best is not None and best is not last.get(number):
            added.append({"number": number, "judged": best})
    return added
