"""The exercise checker of the notebooks: feedback, not a bare ``AssertionError``.

A notebook makes one :class:`Checker` for its exercises (``check = for_notebook("01_rules")``)
and every exercise cell ends in ``check(n, answer_n)``. The call never raises: it returns a
:class:`Feedback`, shown under the cell, that is one of

- *not answered yet* — the answer is still the blank ``...`` (or a function with no body);
- *of the wrong kind* — one line saying what was expected (a whole number, not the text '12');
- *not yet* — what is wrong with the answer, and a hint; the next wrong try gets the next hint;
- *correct* — and a short why;
- *raised* — the student's code raised an error: its type and message in one line, no
  traceback.

An :class:`Exercise` knows the kind of answer it expects (:mod:`.answer_kinds`), a ``judge`` that
says what is wrong with an answer of that kind (or ``None`` when it is right), its hints and its
why. Expected values are computed by the kit's own library, not stored beside the exercise. The
model is nbgrader's and otter-grader's autograded cells, with the feedback written for a student
who is alone with the notebook.

>>> from kingdomino_kit.exercises.answer_kinds import WHOLE_NUMBER
>>> two = Exercise.value(1, "one plus one", WHOLE_NUMBER, 2, hints=("Count on your fingers.",
...                      "It is the first prime."), why="1 + 1 = 2.")
>>> check = Checker("demo", [two])
>>> check(1, ...)
Exercise 1 · not answered yet: replace the ... with a whole number, then run the cell again.
>>> check(1, "2")
Exercise 1 · expects a whole number, not the text '2' (write 2 without quotes).
>>> check(1, 3)
Exercise 1 · not yet: 3 is too high.
  Hint: Count on your fingers.
>>> check(1, 4)
Exercise 1 · not yet: 4 is too high.
  Hint: It is the first prime.
>>> check(1, 2)
Exercise 1 · correct! 1 + 1 = 2.
>>> check.summary()
demo: 1 of 1 exercises correct.
"""

from __future__ import annotations

import dataclasses
import html
import numbers
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.exercises.answer_kinds import Kind, WrongKind, describe
from kingdomino_kit.exercises.boards import BOARD_MIME

__all__ = ["BLANK", "CORRECT", "KIND", "RAISED", "WRONG", "Checker", "Exercise", "ExerciseError",
           "Feedback", "NotAnswered", "StudentCodeError", "Summary", "call_student", "value_judge"]

BLANK, KIND, WRONG, RAISED, CORRECT, UNKNOWN = ("blank", "kind", "wrong", "raised", "correct",
                                                "unknown")
_COLOURS = {BLANK: "#888888", KIND: "#b26a00", WRONG: "#c62828", RAISED: "#c62828",
            CORRECT: "#2e7d32", UNKNOWN: "#b26a00"}
_MARKS = {BLANK: "…", KIND: "?", WRONG: "✗", RAISED: "✗", CORRECT: "✓", UNKNOWN: "?"}


class ExerciseError(KingdominoError):
    """Exercises that are not correct where they must be (the teacher edition's last cell)."""


class NotAnswered(Exception):  # noqa: N818 — a signal from a judge, not an error
    """Raised by a judge when the answer is still a blank (a function with no body yet)."""


class StudentCodeError(Exception):
    """The student's code raised; the message is one line naming the call and the error."""


def call_student(function: Callable[..., Any], *args: Any, shown: str = "") -> Any:
    """Call the student's function; an exception becomes a :class:`StudentCodeError` whose
    message names the call (``shown``: how its arguments read) and the error, in one line.

    >>> def broken(x):
    ...     return 1 / x
    >>> call_student(broken, 0, shown="0")
    Traceback (most recent call last):
    ...
    kingdomino_kit.exercises.checker.StudentCodeError: broken(0) raised ZeroDivisionError: \
division by zero
    """
    try:
        return function(*args)
    except Exception as error:  # the student's code: any error is feedback
        name = getattr(function, "__name__", "your function")
        text = " ".join(str(error).split())
        raise StudentCodeError(f"{name}({shown}) raised {type(error).__name__}"
                               + (f": {text}" if text else "")) from None


@dataclass(frozen=True)
class Exercise:
    """One exercise: its number in the notebook, a few words on what it asks (``topic``), the
    kind of answer, a judge, its hints (the first one after the first wrong try, the next one
    after the next) and a short why for a correct answer.

    ``judge(answer)`` gets the answer in the kind's normal form and returns what is wrong with
    it (one sentence) or ``None`` when it is right; it may raise :class:`NotAnswered` or
    :class:`StudentCodeError`. ``partial(answer)``, where an exercise defines it, is the share
    of the points (0 to 1) a wrong answer of the right kind earns when graded; ``points``: what
    the exercise is worth in a gradebook (the grader takes it from here, never from a
    submission).
    """

    number: int
    topic: str
    kind: Kind
    judge: Callable[[Any], str | None]
    hints: tuple[str, ...]
    why: str
    partial: Callable[[Any], float] | None = None
    points: float = 1.0

    def __post_init__(self) -> None:
        if not self.hints:
            raise ExerciseError(f"exercise {self.number}: give at least one hint")

    @classmethod
    def value(cls, number: int, topic: str, kind: Kind, expected: Any, *, hints: Sequence[str],
              why: str, wrong: str = "{answer} is not right", direction: bool = True,
              tolerance: float = 0.0) -> Exercise:
        """An exercise whose answer is one value. ``expected`` is the value or a function
        that computes it (called when the answer is checked, so a notebook imports no solver
        before it needs one); ``wrong`` says what is wrong (``{answer}`` is the answer), and
        for numbers ``direction`` says "too high" or "too low" instead. A number within
        ``tolerance`` of the expected one is right (a decimal for an exact fraction)."""
        judge = value_judge(expected, wrong=wrong, direction=direction, tolerance=tolerance)
        return cls(number, topic, kind, judge, tuple(hints), why)


def value_judge(expected: Any, *, wrong: str = "{answer} is not right", direction: bool = True,
                tolerance: float = 0.0) -> Callable[[Any], str | None]:
    """The judge of an answer that is one value (see :meth:`Exercise.value`)."""

    def judge(answer: Any) -> str | None:
        want = expected() if callable(expected) else expected
        if answer == want or (tolerance and _comparable(answer, want)
                              and abs(answer - want) <= tolerance):
            return None
        shown = _show(answer)
        if direction and _comparable(answer, want):
            return f"{shown} is too {'high' if answer > want else 'low'}"
        return wrong.format(answer=shown)

    return judge


def _show(answer: Any) -> str:
    return str(answer) if not isinstance(answer, str) else repr(answer)


def _comparable(a: Any, b: Any) -> bool:
    """Both are plain numbers (not yes/no), so "too high" or "too low" makes sense."""
    return all(isinstance(x, numbers.Real) and not isinstance(x, bool) for x in (a, b))


@dataclass(frozen=True)
class Feedback:
    """What the checker says about one answer: ``status`` (``blank``, ``kind``, ``wrong``,
    ``raised``, ``correct``, ``unknown``), the sentence and, after a wrong try, a hint."""

    number: Any
    status: str
    message: str
    hint: str = ""
    credit: float = 0.0
    """The share of the exercise's points the answer earns when graded: 1 when correct, a
    share for a wrong answer where the exercise gives partial credit, else 0."""
    saved: Any = None
    """What the notebook keeps of the answer with this feedback (a board's play, as data),
    shown as :data:`~kingdomino_kit.exercises.boards.BOARD_MIME` beside the text."""

    @property
    def correct(self) -> bool:
        """True when the answer is right."""
        return self.status == CORRECT

    def text(self) -> str:
        """The feedback as plain text: one line, and the hint on a second line."""
        line = f"Exercise {self.number} · {self.message}"
        return line + (f"\n  Hint: {self.hint}" if self.hint else "")

    def __repr__(self) -> str:
        return self.text()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle: dict[str, Any] = {"text/plain": self.text(), "text/html": self._repr_html_()}
        if self.saved is not None:

            bundle[BOARD_MIME] = self.saved
        return bundle

    def _repr_html_(self) -> str:
        colour = _COLOURS[self.status]
        hint = (f'<div class="kk-hint"><b>Hint:</b> {html.escape(self.hint)}</div>'
                if self.hint else "")
        return (f'<div class="kk-feedback kk-feedback-{self.status}" style="border-left: 4px '
                f'solid {colour}; padding: 2px 8px; margin: 2px 0">'
                f'<b style="color: {colour}">{_MARKS[self.status]} Exercise {self.number}</b> · '
                f"{html.escape(self.message)}{hint}</div>")


@dataclass(frozen=True)
class Summary:
    """How many of a notebook's exercises are correct (shown as one line)."""

    notebook: str
    correct: tuple[int, ...]
    open: tuple[int, ...]

    def __repr__(self) -> str:
        total = len(self.correct) + len(self.open)
        still = f" Still to do: {', '.join(map(str, self.open))}." if self.open else ""
        return f"{self.notebook}: {len(self.correct)} of {total} exercises correct.{still}"


class Checker:
    """The exercises of one notebook; ``check(n, answer)`` returns a :class:`Feedback`.

    It remembers each exercise's wrong tries (for the next hint) and its last status (for
    :meth:`summary` and :meth:`require_all`).
    """

    def __init__(self, notebook: str, exercises: Iterable[Exercise]) -> None:
        self.notebook = notebook
        self.exercises = {e.number: e for e in exercises}
        self.tries: dict[int, int] = dict.fromkeys(self.exercises, 0)
        self.status: dict[int, str] = dict.fromkeys(self.exercises, BLANK)

    def __call__(self, number: Any, answer: Any = ...) -> Feedback:
        """Check ``answer`` to exercise ``number``; never raises (except a keyboard interrupt)."""
        exercise = self.exercises.get(number) if isinstance(number, int) else None
        if exercise is None:
            numbers = ", ".join(map(str, self.exercises))
            return Feedback(number, UNKNOWN, f"this notebook has no exercise {number!r} "
                            f"(its exercises are {numbers})")
        feedback = self._judge(exercise, answer)
        if feedback.status in (WRONG, RAISED):
            self.tries[exercise.number] += 1
            hints = exercise.hints
            hint = hints[min(self.tries[exercise.number], len(hints)) - 1]
            feedback = Feedback(exercise.number, feedback.status, feedback.message, hint)
        self.status[exercise.number] = feedback.status
        saved = exercise.kind.saved(answer) if exercise.kind.saved is not None else None
        if saved is not None:  # kept in the saved notebook, for the grader to check again
            feedback = dataclasses.replace(feedback, saved={
                "notebook": self.notebook, "exercise": exercise.number, "board": saved})
        return feedback

    def _judge(self, exercise: Exercise, answer: Any) -> Feedback:
        n = exercise.number
        if answer is ...:
            return Feedback(n, BLANK, f"not answered yet: replace the ... with "
                            f"{exercise.kind.name}, then run the cell again.")
        try:
            value = exercise.kind.read(answer)
        except WrongKind as error:
            return Feedback(n, KIND, f"{error}.")
        except Exception as error:  # a strange object: still one line
            return Feedback(n, KIND, f"cannot read {describe(answer)} as {exercise.kind.name} "
                            f"({type(error).__name__}).")
        try:
            wrong = exercise.judge(value)
        except NotAnswered as blank:
            return Feedback(n, BLANK, f"not answered yet: {blank}")
        except StudentCodeError as error:
            return Feedback(n, RAISED, f"{error}.")
        except Exception as error:  # raised by the answer itself (e.g. a comparison)
            text = " ".join(str(error).split())
            return Feedback(n, RAISED, f"checking your answer raised {type(error).__name__}"
                            + (f": {text}." if text else "."))
        if wrong is None:
            return Feedback(n, CORRECT, f"correct! {exercise.why}")
        return Feedback(n, WRONG, f"not yet: {wrong}.")

    def grade(self, number: int, answer: Any) -> Feedback:
        """The verdict a grader records for ``answer`` to exercise ``number``: what a first
        check would say (a wrong answer gets the first hint) and its credit. It changes
        nothing: no try is counted, no status remembered."""
        exercise = self.exercises.get(number) if isinstance(number, int) else None
        if exercise is None:
            raise ExerciseError(f"{self.notebook} has no exercise {number!r}")
        feedback = self._judge(exercise, answer)
        if feedback.status == CORRECT:
            return Feedback(number, CORRECT, feedback.message, credit=1.0)
        if feedback.status not in (WRONG, RAISED):
            return feedback
        credit = 0.0
        if feedback.status == WRONG and exercise.partial is not None:
            try:
                credit = min(1.0, max(0.0, float(exercise.partial(exercise.kind.read(answer)))))
            except Exception:  # the student's answer: no partial credit when it cannot be read
                credit = 0.0
        return Feedback(number, feedback.status, feedback.message, exercise.hints[0], credit)

    def summary(self) -> Summary:
        """Which exercises are correct, as their last check said."""
        done = tuple(n for n, s in self.status.items() if s == CORRECT)
        return Summary(self.notebook, done, tuple(n for n in self.exercises if n not in done))

    def require_all(self) -> Summary:
        """The summary, or :class:`ExerciseError` unless every exercise is correct (the
        teacher edition ends with this: its solutions must all pass)."""
        summary = self.summary()
        if summary.open:
            states = ", ".join(f"{n} ({self.status[n]})" for n in summary.open)
            raise ExerciseError(f"{self.notebook}: exercises not correct: {states}")
        return summary

    def __repr__(self) -> str:
        return f"Checker({self.notebook!r}, {len(self.exercises)} exercises)"
