"""A notebook's exercise sheet: the words of its exercises (topic, hints, why) written as one
block of text, joined to their checks (the kind of answer and the judge) by number.

The block: each exercise opens with a line ``N. topic``; its hints follow, one ``hint: …`` line
each (the first is shown after the first wrong try, the next after the next), then one
``why: …`` line (shown with a correct answer). A line that starts with two spaces goes on with
the one above (joined by one space); blank lines only separate.

A check is made by the helper of its kind: :func:`value` (one value, the answer compared with
it), :func:`function` (the student's function against the kit's, case by case) or a
:class:`Check` of any kind with its own judge.

>>> from kingdomino_kit.exercises.answer_kinds import WHOLE_NUMBER
>>> words = '''
... 1. one plus one
... hint: Count on your
...   fingers.
... hint: It is the first prime.
... why: 1 + 1 = 2.
... '''
>>> [(e.number, e.topic, e.hints, e.why) for e in sheet(words, {1: value(WHOLE_NUMBER, 2)})]
[(1, 'one plus one', ('Count on your fingers.', 'It is the first prime.'), '1 + 1 = 2.')]
>>> sheet(words, {2: value(WHOLE_NUMBER, 2)})
Traceback (most recent call last):
...
kingdomino_kit.exercises.checker.ExerciseError: the sheet's words are for exercises [1], its \
checks for [2]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.exercises.answer_kinds import FUNCTION, Kind
from kingdomino_kit.exercises.checker import Exercise, ExerciseError, value_judge
from kingdomino_kit.exercises.judges import same_function

__all__ = ["Check", "function", "sheet", "value", "words"]

_OPENING = re.compile(r"(\d+)\. (\S.*)")


@dataclass(frozen=True)
class Check:
    """How one exercise checks an answer: its kind, its judge, ``partial`` where it gives
    partial credit and the ``points`` it is worth (see
    :class:`~kingdomino_kit.exercises.checker.Exercise`)."""

    kind: Kind
    judge: Callable[[Any], str | None]
    partial: Callable[[Any], float] | None = None
    points: float = 1.0


def value(kind: Kind, expected: Any, *, wrong: str = "{answer} is not right",
          direction: bool = True, tolerance: float = 0.0) -> Check:
    """The check of an answer that is one value, ``expected`` or what it computes (see
    :meth:`~kingdomino_kit.exercises.checker.Exercise.value`)."""
    return Check(kind, value_judge(expected, wrong=wrong, direction=direction,
                                   tolerance=tolerance))


def function(name: str, reference: Callable[..., Any],
             cases: Iterable[tuple[Any, ...]] | Callable[[], Iterable[tuple[Any, ...]]],
             **options: Any) -> Check:
    """The check of a function the student writes, called on every case against
    ``reference`` (see :func:`~kingdomino_kit.exercises.judges.same_function`)."""
    return Check(FUNCTION, same_function(name, reference, cases, **options))


def words(text: str) -> dict[int, tuple[str, tuple[str, ...], str]]:
    """Each exercise's topic, hints and why, by number, in the order the block gives them."""
    entries: dict[int, list[Any]] = {}
    field: list[str] | None = None
    for n, line in enumerate(text.splitlines(), start=1):
        opening = _OPENING.fullmatch(line)
        if not line.strip():
            continue
        if opening:
            number = int(opening[1])
            entries[number] = [opening[2], [], []]
            field = None
        elif line.startswith("  ") and field:
            field[-1] += " " + line.strip()
        elif entries and line.startswith(("hint: ", "why: ")):
            name, _, said = line.partition(": ")
            field = entries[number][1 if name == "hint" else 2]
            field.append(said.strip())
        else:
            raise ExerciseError(f"line {n} of the sheet: expected 'N. topic', 'hint: …', "
                                f"'why: …' or a line going on, not {line!r}")
    for number, (topic, hints, why) in entries.items():
        if not hints or len(why) != 1:
            raise ExerciseError(f"exercise {number} ({topic}): give hints and one why")
    return {number: (topic, tuple(hints), why[0])
            for number, (topic, hints, why) in entries.items()}


def sheet(text: str, checks: Mapping[int, Check]) -> tuple[Exercise, ...]:
    """The exercises of a notebook: the words of ``text`` (see the module) with the check of
    the same number, in the order of the text."""
    written = words(text)
    if sorted(written) != sorted(checks):
        raise ExerciseError(f"the sheet's words are for exercises {sorted(written)}, its checks "
                            f"for {sorted(checks)}")
    return tuple(Exercise(number, topic, check.kind, check.judge, hints, why, check.partial,
                          check.points)
                 for number, (topic, hints, why) in written.items()
                 for check in (checks[number],))
