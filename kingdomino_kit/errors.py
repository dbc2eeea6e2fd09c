"""One family of errors for the whole kit, shared by its three games.

Every error the library raises on bad input or an illegal action is a
:class:`KingdominoError`, so a notebook can catch them all at once:

>>> from kingdomino_kit import Kingdom, KingdominoError
>>> try:
...     Kingdom.from_text("C X")
... except KingdominoError as error:
...     print(error)
line 1, column 3: unknown terrain letter 'X' (expected one of W F L G S M, C or .)

Each game subclasses the shared kinds — :class:`IllegalAction` (a move the rules forbid now),
:class:`SolverError` (bad input to a solver) and :class:`SolverBug` (a solver and the rules
disagree) — so code that handles one game's errors handles the others' too.
"""

from __future__ import annotations

__all__ = ["IllegalAction", "IllegalPlacement", "InvariantError", "KingdominoError", "LogError",
           "NotationError", "PuzzleError", "SolverBug", "SolverError", "UnknownDomino"]


class KingdominoError(ValueError):
    """Base class of every error the kit raises on bad input or an illegal action."""


class InvariantError(KingdominoError):
    """A state the code holds impossible (a value known to be there is missing): a bug in the
    kit, raised the same with and without ``python -O`` (the package has no ``assert``)."""


class NotationError(KingdominoError):
    """Text or JSON that cannot be read; the message names the line and column (or field).

    >>> str(NotationError("bad token", line=2, column=5)), str(NotationError("bad", line=3))
    ('line 2, column 5: bad token', 'line 3: bad')
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        if line is None:
            where = ""
        elif column is None:
            where = f"line {line}: "
        else:
            where = f"line {line}, column {column}: "
        super().__init__(where + message)
        self.line = line
        self.column = column


class IllegalPlacement(KingdominoError):
    """A placement that breaks a rule; ``rule`` names it (``occupied``, ``shape``, ``size``,
    ``connection``, ``off-grid``)."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


class IllegalAction(KingdominoError):
    """An action a game's rules forbid now; ``rule`` names the rule, and the message ends with
    it. The game's state is left unchanged.

    >>> str(IllegalAction("the game is over: no more actions", "game-over"))
    'the game is over: no more actions (game-over rule)'
    """

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule} rule)")
        self.rule = rule


class LogError(KingdominoError):
    """A game log that is malformed or breaks a rule; the message starts with ``round N:`` (or
    the field), ``rule`` names the rule broken (``format`` for a malformed log).

    >>> str(LogError("domino 3 is drawn twice", "line", 2))
    'round 2: domino 3 is drawn twice'
    """

    def __init__(self, message: str, rule: str = "format", round: int | None = None) -> None:
        super().__init__(message if round is None else f"round {round}: {message}")
        self.rule = rule
        self.round = round


class PuzzleError(KingdominoError):
    """A puzzle file that cannot be read; the message names the file and the field."""


class UnknownDomino(KingdominoError):
    """A domino number outside 1–48 (or a catalogue that cannot be read)."""


class SolverError(KingdominoError):
    """Bad input to a solver (repeated domino, too many dominoes, a start that cannot be used)."""


class SolverBug(AssertionError):
    """A solver and the rules library disagree: a bug, never a user error."""
