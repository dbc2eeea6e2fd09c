"""The errors of the Origins rules, all in the kit's :class:`KingdominoError` family.

>>> from kingdomino_kit import KingdominoError
>>> issubclass(CatalogueError, KingdominoError), issubclass(IllegalAction, OriginsError)
(True, True)
"""

from __future__ import annotations

from kingdomino_kit import errors
from kingdomino_kit.errors import KingdominoError, NotationError

__all__ = ["OriginsError", "CatalogueError", "IllegalAction", "OriginsNotationError",
           "SolverBug", "SolverError"]


class OriginsError(KingdominoError):
    """Base class of every Kingdomino Origins error."""


class CatalogueError(OriginsError):
    """A domino catalogue CSV that cannot be read; the message names the source and line."""

    def __init__(self, message: str, source: str = "catalogue", line: int | None = None) -> None:
        where = f"{source}, line {line}: " if line is not None else f"{source}: "
        super().__init__(where + message)
        self.source = source
        self.line = line


class IllegalAction(errors.IllegalAction, OriginsError):
    """An action that breaks a rule (fire landing, recruiting, settling, totem); ``rule`` names
    it. The state is left unchanged."""


class OriginsNotationError(OriginsError, NotationError):
    """Origins text or JSON that cannot be read (line and column in the message)."""


class SolverError(errors.SolverError, OriginsError):
    """Bad input to the Origins solver (a wrong type, a repeated domino, a time limit that is
    not a positive finite number)."""


class SolverBug(errors.SolverBug):
    """The Origins model and the rules disagree: a bug, never a user error."""
