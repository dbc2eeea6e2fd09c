"""Answers judged in the grader's own process, functions included: the kernel only answers
calls.

:func:`judge_records` takes what a submission's kernel handed over (:mod:`.recorder`) and keeps
only data: a plain answer (judged later by a fresh checker); for a function answer, the verdict
is made **here**, at once, while the kernel still runs: the grader's checker judges a
:class:`RemoteFunction`, a stand-in that sends each call's arguments — the checker's own test
inputs, made in this process — to the kernel (:mod:`.travel`), where the student's function
runs, and reads back what it returned or raised, as plain data. What is compared, and how, is
decided in this process, by code the submission never ran beside: a patched checker, judge or
``check`` in the kernel changes nothing here. A submission can only change what comes back,
and what comes back must equal the kit's own results on the grader's inputs.

Where a judge lists its cases ahead (:func:`~kingdomino_kit.exercises.judges.same_function`),
all of them are sent in one cell; otherwise each call is a cell of its own. A call that does
not come back within the cell's timeout makes the verdict ``timeout``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from nbclient.exceptions import DeadKernelError

from kingdomino_kit.exercises import for_notebook
from kingdomino_kit.exercises.checker import Checker
from kingdomino_kit.grading.plain_data import NotPlain, decode
from kingdomino_kit.grading.recorder import RESULT_MIME, verdict_data
from kingdomino_kit.grading.travel import apply_changes, pack

__all__ = ["RemoteFunction", "Unreadable", "judge_records", "verdict_of"]

Execute = Callable[[str], Any]
"""Runs one cell of the grader's in the submission's kernel and returns it (with outputs)."""
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,60}")


class _Stop(BaseException):
    """No verdict can be made (a call ran out of time, the kernel did not answer): not an
    ``Exception``, so the checker's own handlers let it through."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


class Unreadable:
    """A value a student's function returned that cannot travel as data: equal to nothing,
    shown as what it was (``a Foo``)."""

    def __init__(self, words: str) -> None:
        self.words = words

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.words}>"


def _raised(name: Any, text: Any) -> Exception:
    """The student's exception again, by its type's name and message (never its object)."""
    kind = str(name) if _NAME.fullmatch(str(name)) else "Exception"
    error: Exception = type(kind, (Exception,), {})(str(text)[:500])
    return error


def _line(cell: Any) -> str:
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            return f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"[:200]
    return ""


class RemoteFunction:
    """A student's function kept in the submission's kernel (``index``), called from here."""

    def __init__(self, index: int, name: str, execute: Execute) -> None:
        self.index, self.execute = index, execute
        self.__name__ = name if _NAME.fullmatch(name) else "your function"
        self._ahead: list[tuple[str, dict[str, Any]]] = []
        self._next = 0

    def _run(self, calls: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
        try:
            cell = self.execute(f"__kk_record__.run_kept({self.index}, {pack(calls)!r})")
        except DeadKernelError:
            raise _Stop("error", f"the kernel died while {self.__name__} ran") from None
        found = None
        for output in cell.get("outputs", []):
            data = output.get("data", {}) if output.get("output_type") == "display_data" else {}
            if isinstance(data.get(RESULT_MIME), dict):
                found = data[RESULT_MIME].get("results")  # the last one: the recorder's own
        if isinstance(found, list) and len(found) == len(calls) and \
                all(isinstance(r, dict) for r in found):
            return found
        trouble = _line(cell)
        if "KeyboardInterrupt" in trouble or "Timeout" in trouble:
            raise _Stop("timeout", f"{self.__name__} did not return within the time limit")
        raise _Stop("error", f"the grader could not call {self.__name__}"
                    + (f" ({trouble})" if trouble else ""))

    def prefetch(self, calls: list[tuple[Any, ...]]) -> None:
        """Make ``calls`` at once, in one cell; the calls that follow in that order are
        answered from them."""
        self._ahead = list(zip((pack([c]) for c in calls), self._run(calls), strict=True))
        self._next = 0

    def __call__(self, *args: Any) -> Any:
        key = pack([args])
        if self._next < len(self._ahead) and self._ahead[self._next][0] == key:
            outcome = self._ahead[self._next][1]
            self._next += 1
        else:
            self._ahead = []
            outcome = self._run([args])[0]
        apply_changes(args, outcome.get("changed"))
        if "raised" in outcome and isinstance(outcome["raised"], list) and \
                len(outcome["raised"]) == 2:
            raise _raised(*outcome["raised"])
        if "returned" in outcome:
            try:
                return decode(outcome["returned"])
            except NotPlain:
                return Unreadable("a value the grader cannot read")
        if "unreadable" in outcome:
            return Unreadable(str(outcome["unreadable"])[:80])
        raise _Stop("error", f"the grader could not read what {self.__name__} returned")


def _judge_function(checker: Checker, number: int, remote: RemoteFunction) -> dict[str, Any]:
    exercise = checker.exercises[number]
    cases = getattr(exercise.judge, "cases", None)
    try:
        if callable(cases):
            remote.prefetch([tuple(c) for c in cases()])
        return verdict_data(checker.grade(number, remote))
    except _Stop as stop:
        return {"status": stop.status, "message": stop.message, "hint": exercise.hints[0],
                "credit": 0.0}


def judge_records(records: list[Any], notebook: str, execute: Execute) -> list[dict[str, Any]]:
    """The records of one flush made safe: a plain answer's data kept as it is, for a fresh
    checker; a function answer judged now, here (``judged``, the grader's verdict); anything
    else the kernel said (a verdict of its own, an unknown exercise) left out."""
    checker = for_notebook(notebook)
    out: list[dict[str, Any]] = []
    for record in records:
        number = record.get("number") if isinstance(record, dict) else None
        if type(number) is not int or number not in checker.exercises:
            continue
        exercise = checker.exercises[number]
        if "answer" in record:
            out.append({"number": number, "answer": record["answer"]})
        elif type(record.get("function")) is int:
            remote = RemoteFunction(record["function"], str(record.get("name", "")), execute)
            out.append({"number": number, "judged": _judge_function(checker, number, remote)})
        elif "unreadable" in record:
            words = str(record["unreadable"])[:80]
            out.append({"number": number, "judged": {
                "status": "kind", "message": f"expects {exercise.kind.name}, not {words}.",
                "hint": exercise.hints[0], "credit": 0.0}})
    return out


def verdict_of(checker: Checker, record: dict[str, Any]) -> dict[str, Any] | None:
    """The verdict on one record :func:`judge_records` kept: a plain answer judged now by
    ``checker``, or the verdict already made (``judged``)."""
    if "judged" in record:
        return record["judged"] if isinstance(record["judged"], dict) else None
    try:
        answer = decode(record["answer"])
    except NotPlain:
        return {"status": "error", "message": "the answer could not be read back", "hint": "",
                "credit": 0.0}
    return verdict_data(checker.grade(record["number"], answer))
