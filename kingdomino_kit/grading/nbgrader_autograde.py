"""nbgrader's autograde with the kit's judging: every verdict made in nbgrader's own process.

nbgrader scores a locked test cell by what its outputs say after it ran in the student's
kernel (an error: no points). That kernel ran the student's code first, so a monkeypatch there
(``require``, the checker, the builtins) could make a wrong answer's test pass. With this
module in ``nbgrader_config.py``::

    from kingdomino_kit.grading.nbgrader_autograde import configure
    configure(c)

``nbgrader autograde`` runs two more steps of the kit's:

- :class:`KeepBoards`, before the submission's outputs are cleared: the board plays saved in
  them (:data:`~kingdomino_kit.exercises.boards.BOARD_MIME`, written when the student checked
  a board) are kept in the notebook's metadata;
- :class:`KitExecute`, nbgrader's own ``Execute`` step, which after each of the kit's test
  cells reads the answer the cell handed over (:mod:`.recorder`; data only) and judges it here
  with a fresh checker — a function called in the kernel on this process's inputs
  (:mod:`.remote`), a board exercise also on the saved plays (:mod:`.boards`) — then replaces
  the cell's outputs by that verdict: nothing when correct, the checker's one line as an error
  otherwise. What ran in the kernel decides nothing.
"""

from __future__ import annotations

import re
from typing import Any

import nbformat
from nbgrader.converters.autograde import Autograde
from nbgrader.preprocessors import Execute, NbGraderPreprocessor

from kingdomino_kit.exercises import NOTEBOOKS, for_notebook
from kingdomino_kit.grading.boards import best_of_plays, board_payloads
from kingdomino_kit.grading.recorder import MIME
from kingdomino_kit.grading.remote import judge_records, verdict_of

__all__ = ["KeepBoards", "KitExecute", "configure"]

SAVED = "kingdomino_kit_saved_boards"
"""The notebook metadata key where :class:`KeepBoards` keeps the saved board plays."""
_TEST = re.compile(r'require\("(\d\d[a-z]?_[a-z0-9_]+)", (\d+), ')


class KeepBoards(NbGraderPreprocessor):  # type: ignore[misc]
    """Keeps the board plays saved in a submission's outputs (see the module docstring)."""

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        nb.metadata[SAVED] = board_payloads(nb)
        return nb, resources


def _test_of(cell: Any) -> tuple[str, int] | None:
    """The notebook and exercise of one of the kit's locked test cells (its source and
    metadata restored by nbgrader from its database), else ``None``."""
    meta = cell.get("metadata", {}).get("nbgrader", {})
    found = _TEST.search(cell.get("source", "")) if meta.get("grade") else None
    if found is None or found[1] not in NOTEBOOKS or \
            meta.get("grade_id") != f"exercise-{found[2]}":
        return None
    return found[1], int(found[2])


def _handed_over(cell: Any, number: int) -> list[Any]:
    records: list[Any] = []
    for output in cell.get("outputs", []):
        data = output.get("data", {}) if output.get("output_type") == "display_data" else {}
        if isinstance(data.get(MIME), dict) and isinstance(data[MIME].get("records"), list):
            records = data[MIME]["records"]  # the last hand-over: the test's own
    return [r for r in records if isinstance(r, dict) and r.get("number") == number]


class KitExecute(Execute):  # type: ignore[misc]
    """nbgrader's ``Execute``, and after each of the kit's test cells the kit's verdict."""

    def preprocess_cell(self, cell: Any, resources: Any, index: int) -> tuple[Any, Any]:
        cell, resources = super().preprocess_cell(cell, resources, index)
        test = _test_of(cell)
        if test is None:
            return cell, resources
        notebook, number = test

        def execute(source: str) -> Any:  # a cell of the grader's, in the same kernel
            extra = nbformat.v4.new_code_cell(source)  # type: ignore[no-untyped-call]
            return self.execute_cell(extra, index, store_history=False)

        checker = for_notebook(notebook)
        try:
            records = judge_records(_handed_over(cell, number), notebook, execute)
        finally:
            self.nb.cells[index] = cell  # nbclient stores the grader's cells in its place
        verdict = verdict_of(checker, records[-1]) if records else None
        verdict = best_of_plays(checker, number, verdict, self.nb.metadata.get(SAVED, []),
                                notebook) or {"status": "error",
                                              "message": "no answer reached the grader"}
        cell.outputs = [] if verdict.get("status") == "correct" else [nbformat.v4.new_output(  # type: ignore[no-untyped-call]
            "error", ename="AssertionError",
            evalue=f"Exercise {number} · {verdict.get('message', '')}", traceback=[])]
        return cell, resources


def configure(c: Any) -> None:
    """Set nbgrader's autograde steps to the kit's (call it in ``nbgrader_config.py``)."""
    traits = Autograde.class_traits()
    sanitize = list(traits["sanitize_preprocessors"].default())
    autograde = [KitExecute if step is Execute else step
                 for step in traits["autograde_preprocessors"].default()]
    c.Autograde.sanitize_preprocessors = [KeepBoards, *sanitize]
    c.Autograde.autograde_preprocessors = autograde
