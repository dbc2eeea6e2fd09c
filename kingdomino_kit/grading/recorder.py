"""What the grader puts into a submission's kernel: a recorder of the answers checked.

The grader starts each submission's kernel with one cell of its own that makes a
:class:`Recorder` (``builtins.__kk_record__``) before any of the student's code runs, and
rewrites every ``check(n, answer)`` of the submission into
``__kk_record__.call(n, answer, lambda: check)``: the answer is recorded on its way to the
student's ``check``, whatever ``check`` has become (deleted, redefined). After each of the student's
cells the grader runs ``__kk_record__.flush()``, which hands over the records as display data
of the grader's own cell (:data:`MIME`): the student's outputs are never read.

A plain answer (:mod:`kingdomino_kit.grading.answers`) is recorded as data and judged by the
grader in its own process. Any other answer (a function, a board) is judged here, at once, by
the checker the recorder made before the student's code ran; a record is written *pending*
before that judging starts, so an answer whose judging runs out of time is seen as such.

>>> record = Recorder("00_start_here", display=lambda bundle: bundle[MIME]["records"])
>>> record(1, 10)
10
>>> record.flush()
[{'number': 1, 'answer': {'int': '10'}}]
>>> counts = record(4, lambda kingdom: 0)
>>> record.flush()[0]["verdict"]["status"]
'wrong'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from IPython.display import display

from kingdomino_kit.exercises import for_notebook
from kingdomino_kit.grading.answers import NotPlain, encode

__all__ = ["MIME", "Recorder", "bootstrap_code", "verdict_data"]

MIME = "application/vnd.kingdomino-kit.answers+json"
"""The display data type of the records the recorder hands over."""


def verdict_data(feedback: Any) -> dict[str, Any]:
    """A checker's feedback as plain data."""
    return {"status": feedback.status, "message": feedback.message, "hint": feedback.hint,
            "credit": feedback.credit}


class Recorder:
    """Records each checked answer of one notebook's exercises (see the module docstring)."""

    def __init__(self, notebook: str, display: Callable[[Any], Any] | None = None) -> None:
        self.checker = for_notebook(notebook)
        self.records: list[dict[str, Any]] = []
        self.display = display

    def __call__(self, number: Any, answer: Any) -> Any:
        try:
            self.records.append({"number": number, "answer": encode(answer)})
            return answer
        except NotPlain:
            pass
        record: dict[str, Any] = {"number": number, "pending": True}
        self.records.append(record)
        if number in self.checker.exercises:
            record["verdict"] = verdict_data(self.checker.grade(number, answer))
        else:
            record["verdict"] = {"status": "unknown", "message": f"no exercise {number!r}",
                                 "hint": "", "credit": 0.0}
        del record["pending"]
        return answer

    def call(self, number: Any, answer: Any, check: Callable[[], Any], *rest: Any,
             **keywords: Any) -> Any:
        """Record ``answer``, then call the student's ``check`` (looked up only now) as the
        student wrote the call."""
        self(number, answer)
        return check()(number, answer, *rest, **keywords)

    def flush(self) -> Any:
        """Hand the records over (as display data) and start afresh."""
        records, self.records = self.records, []
        bundle = {MIME: {"records": records}}
        if self.display is not None:
            return self.display(bundle)
        display(bundle, raw=True)  # type: ignore[no-untyped-call]
        return None


def bootstrap_code(notebook: str) -> str:
    """The grader's first cell in a submission's kernel."""
    return ("import builtins as _kk_builtins\n"
            "from kingdomino_kit.grading.recorder import Recorder as _KkRecorder\n"
            f"_kk_builtins.__kk_record__ = _KkRecorder({notebook!r})\n"
            "del _kk_builtins, _KkRecorder\n")
