"""What the grader puts into a submission's kernel: a recorder of the answers checked. It
judges nothing: it hands answers over as data.

The grader starts each submission's kernel with one cell of its own that makes a
:class:`Recorder` (``builtins.__kk_record__``) before any of the student's code runs, and
rewrites every ``check(n, answer)`` of the submission into
``__kk_record__.call(n, answer, lambda: check)``: the answer is recorded on its way to the
student's ``check``, whatever ``check`` has become (deleted, redefined). After each of the student's
cells the grader runs ``__kk_record__.flush()``, which hands over the records as display data
of the grader's own cell (:data:`MIME`): the student's outputs are never read.

A record is data, never a verdict: a plain answer (:mod:`kingdomino_kit.grading.plain_data`; a
board as its play) travels whole; a function stays here, kept under a number, and the grader
calls it from its own process through :meth:`Recorder.run_kept` on inputs it sends, getting
back what each call returned, as data (:data:`RESULT_MIME`), to judge it there
(:mod:`.remote`). Code of the submission can change this recorder — then it hands over other
data, which the grader judges by its own rules all the same.

>>> record = Recorder("00_start_here", display=lambda bundle: bundle[MIME]["records"])
>>> record(1, 10)
10
>>> record.flush()
[{'number': 1, 'answer': {'int': '10'}}]
>>> counts = record(4, lambda kingdom: 0)
>>> record.flush()
[{'number': 4, 'function': 0, 'name': '<lambda>'}]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from IPython.display import display

from kingdomino_kit.exercises.answer_kinds import describe
from kingdomino_kit.exercises.boards import is_board, play_of
from kingdomino_kit.grading.plain_data import NotPlain, encode
from kingdomino_kit.grading.travel import changes, unpack

__all__ = ["MIME", "RESULT_MIME", "Recorder", "bootstrap_code", "verdict_data"]

MIME = "application/vnd.kingdomino-kit.answers+json"
"""The display data type of the records the recorder hands over."""
RESULT_MIME = "application/vnd.kingdomino-kit.results+json"
"""The display data type of what a kept function's calls gave."""


def verdict_data(feedback: Any) -> dict[str, Any]:
    """A checker's feedback as plain data."""
    return {"status": feedback.status, "message": feedback.message, "hint": feedback.hint,
            "credit": feedback.credit}


def _outcome(function: Callable[..., Any], args: tuple[Any, ...]) -> dict[str, Any]:
    """One call of a student's function, as data: what it returned (or raised), and what it
    did to its model arguments."""
    try:
        value = function(*args)
    except Exception as error:  # the student's code: any error is an answer too
        return {"raised": [type(error).__name__, " ".join(str(error).split())[:500]]}
    try:
        result: dict[str, Any] = {"returned": encode(value)}
    except NotPlain:
        result = {"unreadable": describe(value)}
    if (after := changes(args)):
        result["changed"] = after
    return result


class Recorder:
    """Records each checked answer of one notebook's exercises (see the module docstring)."""

    def __init__(self, notebook: str, display: Callable[[Any], Any] | None = None) -> None:
        self.notebook = notebook
        self.records: list[dict[str, Any]] = []
        self.kept: list[Callable[..., Any]] = []
        self.display = display

    def __call__(self, number: Any, answer: Any) -> Any:
        value = play_of(answer) if is_board(answer) else answer
        try:
            self.records.append({"number": number, "answer": encode(value)})
            return answer
        except NotPlain:
            pass
        if callable(value):
            self.kept.append(value)
            self.records.append({"number": number, "function": len(self.kept) - 1,
                                 "name": str(getattr(value, "__name__", "your function"))[:80]})
        else:
            self.records.append({"number": number, "unreadable": describe(value)})
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
        return self._show({MIME: {"records": records}})

    def run_kept(self, index: int, calls: str) -> Any:
        """Call kept function ``index`` with each argument tuple of ``calls`` (the grader's,
        :func:`~kingdomino_kit.grading.travel.pack` ed) and hand over what each call gave."""
        function = self.kept[index]
        return self._show({RESULT_MIME: {"results": [_outcome(function, tuple(args))
                                                     for args in unpack(calls)]}})

    def _show(self, bundle: dict[str, Any]) -> Any:
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
