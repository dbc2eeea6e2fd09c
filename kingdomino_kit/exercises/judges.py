"""Judges for exercises whose answer is code: the student's function against the kit's own,
case by case, and the first case where they differ is the feedback.

>>> def double(x):
...     return 2 * x
>>> judge = same_function("double", lambda x: x + x, [(1,), (2,), (5,)], show=str)
>>> judge(double) is None
True
>>> judge(lambda x: x * x)
'double(1) gives 1, the right answer is 2'
>>> def blank(x):
...     ...
>>> judge(blank)
Traceback (most recent call last):
...
kingdomino_kit.exercises.checker.NotAnswered: double returns nothing yet: write its body and \
`return` the answer, then run the cell again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from kingdomino_kit.dominoes import DOMINOES
from kingdomino_kit.exercises.checker import NotAnswered, call_student
from kingdomino_kit.kingdom import Kingdom

__all__ = ["same_function", "sample_kingdoms", "show_kingdom"]


def sample_kingdoms(count: int, seed: int) -> list[Kingdom]:
    """``count`` seeded random legal kingdoms, the castle alone first: up to 12 random dominoes
    each, every one placed at a random legal place (or left out when it fits nowhere).

    >>> [len(k) for k in sample_kingdoms(3, seed=1)][0], len(sample_kingdoms(3, seed=1))
    (0, 3)
    """
    rng = random.Random(seed)
    out = [Kingdom()]
    while len(out) < count:
        k = Kingdom()
        for d in rng.sample(DOMINOES, rng.randint(1, 12)):
            moves = k.legal_placements(d)
            if moves:
                k.place(rng.choice(moves))
        out.append(k)
    return out


def show_kingdom(k: Kingdom) -> str:
    """A kingdom as it reads in a one-line message: ``Kingdom.from_text('C W G2')``."""
    return f"Kingdom.from_text({k.to_text().replace(chr(10), ' / ')!r})"


class _SameFunction:
    """The judge :func:`same_function` makes; its :meth:`cases` are the argument tuples it
    will try, in order (a grader calling the function elsewhere sends them all at once)."""

    def __init__(self, name: str, reference: Callable[..., Any],
                 cases: Iterable[tuple[Any, ...]] | Callable[[], Iterable[tuple[Any, ...]]],
                 show: Callable[..., str], same: Callable[[Any, Any], bool]) -> None:
        self.name, self.reference, self._cases, self.show, self.same = (name, reference, cases,
                                                                         show, same)

    def cases(self) -> list[tuple[Any, ...]]:
        """The argument tuples, in the order they are tried."""
        return list(self._cases() if callable(self._cases) else self._cases)

    def __call__(self, student: Callable[..., Any]) -> str | None:
        for i, args in enumerate(self.cases()):
            shown = self.show(*args)
            got = call_student(student, *args, shown=shown)
            if got is None and i == 0:
                raise NotAnswered(f"{self.name} returns nothing yet: write its body and "
                                  "`return` the answer, then run the cell again.")
            want = self.reference(*args)
            if not self.same(got, want):
                return f"{self.name}({shown}) gives {got!r}, the right answer is {want!r}"
        return None


def same_function(name: str, reference: Callable[..., Any], cases: Iterable[tuple[Any, ...]] |
                  Callable[[], Iterable[tuple[Any, ...]]], *,
                  show: Callable[..., str] = lambda *args: ", ".join(map(repr, args)),
                  same: Callable[[Any, Any], bool] = lambda a, b: bool(a == b),
                  ) -> Callable[[Any], str | None]:
    """A judge that calls the student's function on every case (``cases``: argument tuples, or
    a function making them) and compares with ``reference``. ``show(*args)`` writes a case's
    arguments for the message. A function that returns ``None`` on the first case has no body
    yet (:class:`~kingdomino_kit.exercises.checker.NotAnswered`). The judge's ``cases()`` lists
    the cases."""
    return _SameFunction(name, reference, cases, show, same)
