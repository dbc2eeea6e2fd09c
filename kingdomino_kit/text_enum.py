"""Enums whose members are their names as text: ``str(member)`` and an f-string give the value
(``"claim"``, not ``"Phase.CLAIM"``), and a member equals its value (``Phase.CLAIM ==
"claim"``) — what the standard library's ``StrEnum`` does from Python 3.11 on.

>>> class Colour(TextEnum):
...     RED = "red"
>>> str(Colour.RED), f"{Colour.RED:>5}", Colour.RED == "red", Colour("red") is Colour.RED
('red', '  red', True, True)
"""

from __future__ import annotations

from enum import Enum

__all__ = ["TextEnum"]


class TextEnum(str, Enum):
    """A ``str`` enum shown as its value (subclass it with the members)."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)
