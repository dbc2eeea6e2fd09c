"""One family of errors for the whole kit.

Every error the library raises on bad input or an illegal action is a
:class:`KingdominoError`, so a notebook can catch them all at once:

>>> from kingdomino_kit import Kingdom, KingdominoError
>>> try:
...     Kingdom.from_text("C X")
... except KingdominoError as error:
...     print(error)
line 1, column 3: unknown terrain letter 'X' (expected one of W F L G S M, C or .)
"""

from __future__ import annotations


class KingdominoError(ValueError):
    """Base class of every error the kit raises on bad input or an illegal action."""


class NotationError(KingdominoError):
    """Text or JSON that cannot be read; the message names the line and column (or field)."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        where = ""
        if line is not None:
            where = f"line {line}, " if column is None else f"line {line}, column {column}: "
            if column is None:
                where = f"line {line}: "
        super().__init__(where + message)
        self.line = line
        self.column = column


class IllegalPlacement(KingdominoError):
    """A placement that breaks a rule; ``rule`` names it (``occupied``, ``shape``, ``size``,
    ``connection``, ``off-grid``)."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


class UnknownDomino(KingdominoError):
    """A domino number outside 1–48 (or a catalogue that cannot be read)."""
