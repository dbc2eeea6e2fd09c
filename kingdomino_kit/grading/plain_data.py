"""An answer as plain data, so it can leave a submission's kernel and be judged elsewhere.

:func:`encode` turns an answer made of plain values (``None``, yes/no, whole numbers, finite
decimals, text, ``...``, fractions, and tuples, lists, sets and dicts of them; numpy's numbers
as their plain value; a :class:`~kingdomino_kit.kingdom.Kingdom` as its text; a board's play,
:class:`~kingdomino_kit.exercises.boards.BoardPlay`; a Kingdomino action — a claim, a
placement, a discard — as its domino's number and cells) into JSON-ready data; :func:`decode`
rebuilds the same value, and refuses data of any other shape. Anything else (a function, a
widget) raises :class:`NotPlain`: it cannot leave the kernel.

>>> from fractions import Fraction
>>> value = (3, Fraction(1, 4), ["W1 S", ...], {2, 5}, {"a": None})
>>> decode(encode(value)) == value
True
>>> from kingdomino_kit.dominoes import domino
>>> from kingdomino_kit.draft import Claim
>>> decode(encode([Claim(domino(7))])) == [Claim(domino(7))]
True
>>> encode(lambda x: x)
Traceback (most recent call last):
...
kingdomino_kit.grading.plain_data.NotPlain: a function is not plain data
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction
from typing import Any

from kingdomino_kit.dominoes import Domino, domino
from kingdomino_kit.draft import Claim, Discard
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.exercises.answer_kinds import is_numpy_bool
from kingdomino_kit.exercises.boards import BoardDataError, BoardPlay
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.placement import Placement

__all__ = ["MAX_ITEMS", "NotPlain", "decode", "encode"]

MAX_ITEMS = 100_000
"""The most values one answer may hold (a bigger one is judged where it lives)."""


class NotPlain(KingdominoError):
    """An answer that is not plain data."""


def encode(value: Any) -> Any:
    """The answer as JSON-ready data, or :class:`NotPlain`."""
    budget = [MAX_ITEMS]
    return _encode(value, budget)


def _encode(value: Any, budget: list[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise NotPlain("an answer too big to send")
    kind = type(value)
    if value is None or kind in (bool, str):
        return value
    if kind is int:
        return {"int": str(value)}  # JSON numbers lose big ints in some readers
    if kind is float:
        if not math.isfinite(value):
            return {"float": repr(value)}
        return value
    if value is Ellipsis:
        return {"ellipsis": True}
    if kind is Fraction:
        return {"fraction": [str(value.numerator), str(value.denominator)]}
    if kind in (tuple, list, set, frozenset):
        items = [_encode(v, budget) for v in value]
        return {kind.__name__: items}
    if kind is dict:
        return {"dict": [[_encode(k, budget), _encode(v, budget)] for k, v in value.items()]}
    if kind is Kingdom:
        return {"kingdom": [value.size, value.to_text() if len(value) else ""]}
    if kind is BoardPlay:
        return {"board": value.data()}
    if kind in (Claim, Discard) and type(value.domino) is Domino:
        return {kind.__name__.lower(): value.domino.number}
    if kind is Placement and type(value.domino) is Domino:
        return {"placement": [value.domino.number, *value.first, *value.second]}
    if isinstance(value, numbers.Number):  # numpy's and pandas' numbers: their plain value
        return _encode(_plain_number(value), budget)
    if is_numpy_bool(value):
        return bool(value)
    raise NotPlain(f"{'a function' if callable(value) else 'a ' + kind.__name__} is not plain "
                   "data")


def _plain_number(value: Any) -> Any:
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    raise NotPlain(f"a {type(value).__name__} is not plain data")


_TYPES = {"tuple": tuple, "list": list, "set": set, "frozenset": frozenset}


def decode(data: Any) -> Any:
    """The value :func:`encode` made ``data`` from."""
    if data is None or isinstance(data, (bool, str, float)):
        return data
    if isinstance(data, int):
        return data
    if not isinstance(data, dict) or len(data) != 1:
        raise NotPlain(f"not an encoded answer: {data!r:.60}")
    (tag, body), = data.items()
    if tag == "int":
        return int(body)
    if tag == "float":
        return float(body)
    if tag == "ellipsis":
        return ...
    if tag == "fraction":
        return Fraction(int(body[0]), int(body[1]))
    if tag in _TYPES:
        return _TYPES[tag](decode(v) for v in body)
    if tag == "dict":
        return {decode(k): decode(v) for k, v in body}
    if tag == "kingdom" and isinstance(body, list) and len(body) == 2 and body[0] in (5, 7) \
            and isinstance(body[1], str) and len(body[1]) <= 4000:
        try:
            return Kingdom.from_text(body[1], body[0]) if body[1] else Kingdom(body[0])
        except KingdominoError as error:
            raise NotPlain(f"not a kingdom: {error}") from None
    if tag == "board":
        try:
            return BoardPlay.from_data(body)
        except BoardDataError as error:
            raise NotPlain(str(error)) from None
    if tag in ("claim", "discard", "placement"):
        return _action(tag, body)
    raise NotPlain(f"not an encoded answer: {tag!r}")


def _action(tag: str, body: Any) -> Any:
    numbers_ = body if tag == "placement" else [body]
    if not (isinstance(numbers_, list) and len(numbers_) == (5 if tag == "placement" else 1)
            and all(type(n) is int and abs(n) <= 48 for n in numbers_)):
        raise NotPlain(f"not a {tag}: {body!r:.60}")
    try:
        piece = domino(numbers_[0])
    except KingdominoError as error:
        raise NotPlain(f"not a {tag}: {error}") from None
    if tag == "claim":
        return Claim(piece)
    if tag == "discard":
        return Discard(piece)
    r1, c1, r2, c2 = numbers_[1:]
    return Placement(piece, (r1, c1), (r2, c2))
