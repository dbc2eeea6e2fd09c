"""The errors of the Kingdoms game, all in the kit's :class:`KingdominoError` family.

>>> from kingdomino_kit import KingdominoError
>>> issubclass(IllegalAction, KingdominoError), issubclass(BoardNotationError, KingdominoError)
(True, True)
"""

from __future__ import annotations

from kingdomino_kit import errors
from kingdomino_kit.errors import KingdominoError, NotationError

__all__ = ["KingdomsError", "BoardNotationError", "IllegalAction", "ReplayError", "SolverBug",
           "SolverError"]


class KingdomsError(KingdominoError):
    """Base class of every Kingdoms error (bad board, illegal action, failed replay, puzzle)."""


class BoardNotationError(NotationError, KingdomsError):
    """A board (or tile, castle, action) text that cannot be read; names the line and column."""


class IllegalAction(errors.IllegalAction, KingdomsError):
    """An action that breaks a rule; ``rule`` names it (``turn``, ``occupied``, ``no-castle``,
    ``no-tile``, ``no-secret``, ``pending``, ``pass``, ``over``)."""


class ReplayError(errors.LogError, KingdomsError):
    """A game log that does not replay: it names the turn (or epoch) where it went wrong."""


class SolverError(errors.SolverError, KingdomsError):
    """Bad input to the castle solver (a time limit that is not a positive finite number, a
    seed past CP-SAT's 32 bits)."""


class SolverBug(errors.SolverBug):
    """The castle model and the scoring disagree: a bug, never a user error."""
