"""What an exercise expects: a kind of answer that reads a student's value or says, in one line,
why it is not of that kind.

A kind's :meth:`Kind.read` returns the value in a normal form (a whole number as ``int``, a
fraction as :class:`~fractions.Fraction`, a kingdom as :class:`~kingdomino_kit.kingdom.Kingdom`)
or raises :class:`WrongKind` with the sentence the checker shows. ``...`` (the blank of the
student edition) is never of any kind: the checker reports it as not answered before it asks.

>>> WHOLE_NUMBER.read(12), WHOLE_NUMBER.read(12.0)
(12, 12)
>>> WHOLE_NUMBER.read("12")
Traceback (most recent call last):
...
kingdomino_kit.exercises.answer_kinds.WrongKind: expects a whole number, not the text '12' \
(write 12 without quotes)
>>> FRACTION.read(0.75), YES_NO.read(True)
(Fraction(3, 4), True)
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.kingdom import Kingdom

__all__ = ["FRACTION", "FUNCTION", "KINGDOM", "NUMBER", "NUMBERS", "WHOLE_NUMBER", "YES_NO", "Kind",
           "WrongKind", "choice", "describe", "is_numpy_bool", "pair_of"]


class WrongKind(KingdominoError):
    """An answer of the wrong kind; the message is the one line the student reads."""


def describe(value: Any) -> str:
    """A short, readable name of a value for messages: ``the text '12'``, ``a list``.

    >>> describe("12"), describe([1, 2]), describe(None), describe(2.5)
    ("the text '12'", 'the list [1, 2]', 'None', 'the number 2.5')
    """
    if value is None:
        return "None"
    if isinstance(value, str):
        short = value if len(value) <= 40 else value[:37] + "..."
        return f"the text {short!r}"
    if isinstance(value, bool):
        return f"{value}"
    if isinstance(value, numbers.Number):
        return f"the number {value}"
    if isinstance(value, (list, tuple, set, frozenset)):
        text = repr(value)
        text = text if len(text) <= 40 else text[:37] + "..."
        return f"the {type(value).__name__} {text}"
    if callable(value):
        return f"the function {getattr(value, '__name__', '?')}"
    return f"a {type(value).__name__}"


@dataclass(frozen=True)
class Kind:
    """A kind of answer: ``name`` for messages ("a whole number") and ``reader``, which returns
    the normal form or raises :class:`WrongKind`; ``saved``, where given, is what of an answer
    the notebook keeps with the feedback (a board's play, as data; ``None``: nothing)."""

    name: str
    reader: Callable[[Any], Any]
    saved: Callable[[Any], Any] | None = None

    def read(self, value: Any) -> Any:
        """The answer in normal form, or :class:`WrongKind` saying what was expected."""
        return self.reader(value)


def _whole(value: Any) -> int:
    if isinstance(value, bool):
        raise WrongKind(f"expects a whole number, not {value} (True and False are yes/no)")
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, (float, Fraction)) and value == int(value):
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        raise WrongKind(f"expects a whole number, not {describe(value)} "
                        f"(write {value.strip()} without quotes)")
    if isinstance(value, numbers.Number):
        raise WrongKind(f"expects a whole number, not {describe(value)}")
    raise WrongKind(f"expects a whole number, not {describe(value)}")


def _fraction(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (numbers.Rational, float)):
        hint = " (write Fraction(3, 4) or 3 / 4)" if isinstance(value, str) else ""
        raise WrongKind(f"expects a number or a Fraction, not {describe(value)}{hint}")
    return Fraction(value)


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        hint = " (write it without quotes)" if isinstance(value, str) else ""
        raise WrongKind(f"expects a number, not {describe(value)}{hint}")
    return float(value)


def is_numpy_bool(value: Any) -> bool:
    """Whether ``value`` is numpy's yes/no (what a comparison of a table's values gives).

    >>> import numpy as np
    >>> is_numpy_bool(np.int64(3) > 2), is_numpy_bool(True)
    (True, False)
    """
    kind = type(value)
    return kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool")


def _yes_no(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if is_numpy_bool(value):
        return bool(value)
    raise WrongKind(f"expects True or False, not {describe(value)}")


def _numbers(value: Any) -> list[int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise WrongKind(f"expects a list of whole numbers such as [3, 4], not {describe(value)}")
    out = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, numbers.Integral):
            raise WrongKind(f"expects a list of whole numbers; {describe(item)} is not one")
        out.append(int(item))
    return out


def _kingdom(value: Any) -> Kingdom:
    if isinstance(value, Kingdom):
        return value
    shown = getattr(value, "shown_kingdom", None)  # a board's play sent to the grader
    if callable(shown):
        return shown()  # type: ignore[no-any-return]
    kingdom = getattr(value, "kingdom", None)  # a board widget: grade what it shows
    if isinstance(kingdom, Kingdom):
        return kingdom
    if not isinstance(value, str):
        raise WrongKind(f"expects a kingdom in text notation such as 'C W G2', not "
                        f"{describe(value)}")
    try:
        return Kingdom.from_text(value)
    except KingdominoError as error:
        raise WrongKind(f"cannot read the kingdom {value!r}: {error}") from None


def _function(value: Any) -> Callable[..., Any]:
    if callable(value) and not isinstance(value, type):
        return value  # type: ignore[no-any-return]
    raise WrongKind(f"expects a function (write `def ...`), not {describe(value)}")


WHOLE_NUMBER = Kind("a whole number", _whole)
NUMBER = Kind("a number", _number)
FRACTION = Kind("a number or a Fraction", _fraction)
YES_NO = Kind("True or False", _yes_no)
NUMBERS = Kind("a list of whole numbers", _numbers)
KINGDOM = Kind("a kingdom (text notation, a Kingdom or a board)", _kingdom)
FUNCTION = Kind("a function", _function)


def pair_of(first: Kind, second: Kind) -> Kind:
    """Two answers at once, as a tuple ``(a, b)``.

    >>> pair_of(WHOLE_NUMBER, WHOLE_NUMBER).read((6, 6.0))
    (6, 6)
    >>> pair_of(WHOLE_NUMBER, WHOLE_NUMBER).read(6)
    Traceback (most recent call last):
    ...
    kingdomino_kit.exercises.answer_kinds.WrongKind: expects two answers as a pair (a, b), \
not the number 6
    """
    def read(value: Any) -> tuple[Any, Any]:
        if not isinstance(value, (tuple, list)) or len(value) != 2:
            raise WrongKind(f"expects two answers as a pair (a, b), not {describe(value)}")
        if value[0] is ... or value[1] is ...:
            raise WrongKind("has a blank `...` left in the pair: fill in both answers")
        try:
            a = first.read(value[0])
        except WrongKind as error:
            raise WrongKind(f"first answer: {error}") from None
        try:
            b = second.read(value[1])
        except WrongKind as error:
            raise WrongKind(f"second answer: {error}") from None
        return a, b

    return Kind(f"a pair ({first.name}, {second.name})", read)


def choice(*options: str) -> Kind:
    """One of a few words (case and spaces ignored).

    >>> choice("yes", "no").read(" Yes ")
    'yes'
    """
    allowed = {o.lower(): o for o in options}

    def read(value: Any) -> str:
        if isinstance(value, str) and value.strip().lower() in allowed:
            return allowed[value.strip().lower()]
        words = " or ".join(repr(o) for o in options)
        raise WrongKind(f"expects {words}, not {describe(value)}")

    return Kind(" or ".join(repr(o) for o in options), read)
