"""A board's play as plain data, and a board exercise judged on it: what a student built by
clicks, checked again by the rules wherever it is read.

A board (:class:`~kingdomino_kit.widgets.KingdomBoard`, a ``PuzzleBoard``) keeps what was done
since its start: placements and discards. :func:`play_of` takes that as a :class:`BoardPlay`
(numbers only: no score, nothing to trust); :meth:`BoardPlay.data` is the same as JSON-ready
data, and :meth:`BoardPlay.from_data` reads it back, refusing anything of another shape. When a
board is checked in a notebook, the feedback carries that data (display type
:data:`BOARD_MIME`), so the notebook saved by JupyterLab holds the kingdom the student built;
the grader reads it there.

:func:`board_kind` is the kind of answer of a board exercise: it takes a board, or its play,
and **replays** every action on the exercise's own board (its hand, its starting kingdom) —
each domino from that hand, once, each placement legal when it is made, a discard only of a
domino that fits nowhere — and gives the kingdom so built, or says which action breaks which
rule. The judge then scores that kingdom itself.

>>> from kingdomino_kit.dominoes import domino
>>> kind = board_kind(lambda: ([domino(41), domino(13)], Kingdom()))
>>> play = BoardPlay.from_data({"actions": [[41, 0, 1, 0, 2]], "kingdom": "C W G2", "size": 5})
>>> kind.read(play).score()
2
>>> kind.read(BoardPlay.from_data({"actions": [[7, 0, 1, 0, 2]]}))
Traceback (most recent call last):
...
kingdomino_kit.exercises.answer_kinds.WrongKind: the board's move 1 is not legal here: domino 7 is \
not in this exercise's hand (or was placed twice)
>>> BoardPlay.from_data({"actions": [[41, 0, 1]]})
Traceback (most recent call last):
...
kingdomino_kit.exercises.boards.BoardDataError: a board's move must be [domino] or [domino, \
row, col, row, col], not [41, 0, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.errors import IllegalPlacement, KingdominoError
from kingdomino_kit.exercises.answer_kinds import KINGDOM, Kind, WrongKind, describe
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.placement import Placement
from kingdomino_kit.render import name_cells

__all__ = ["BOARD_MIME", "MAX_MOVES", "BoardDataError", "BoardPlay", "board_kind", "is_board",
           "play_of", "replay"]

BOARD_MIME = "application/vnd.kingdomino-kit.board+json"
"""The display type of a checked board's play in a notebook's saved outputs."""
MAX_MOVES = 200
"""The most moves a board's play may hold (a 7×7 hand has 24 dominoes; undo/redo keep none)."""
_MAX_TEXT = 4000


class BoardDataError(KingdominoError):
    """Data that is not a board's play."""


def is_board(value: Any) -> bool:
    """Whether ``value`` is a board widget (it has a kingdom, a hand and a history)."""
    return all(hasattr(value, name) for name in ("kingdom", "hand", "history"))


@dataclass(frozen=True)
class BoardPlay:
    """What was done on a board since its start: ``moves`` — ``(domino,)`` for a discard,
    ``(domino, row, col, row, col)`` for a placement, first half's cell first — and the kingdom
    the board showed (``shown``, text notation, ``size``), read only where a kingdom is asked
    for, never by a board exercise."""

    moves: tuple[tuple[int, ...], ...]
    shown: str = ""
    size: int = 5

    def data(self) -> dict[str, Any]:
        """The play as JSON-ready data."""
        return {"actions": [list(m) for m in self.moves], "kingdom": self.shown,
                "size": self.size}

    @classmethod
    def from_data(cls, data: Any) -> BoardPlay:
        """The play ``data`` describes, or :class:`BoardDataError` saying what is wrong."""
        if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
            raise BoardDataError(f"a board's play is a dict with 'actions', not {data!r:.60}")
        actions, shown, size = data["actions"], data.get("kingdom", ""), data.get("size", 5)
        if len(actions) > MAX_MOVES:
            raise BoardDataError(f"a board's play has at most {MAX_MOVES} moves, not "
                                 f"{len(actions)}")
        moves = []
        for move in actions:
            if (not isinstance(move, list) or len(move) not in (1, 5)
                    or not all(type(x) is int and abs(x) < 100 for x in move)):
                raise BoardDataError(f"a board's move must be [domino] or [domino, row, col, "
                                     f"row, col], not {move!r:.60}")
            moves.append(tuple(move))
        if not isinstance(shown, str) or len(shown) > _MAX_TEXT or size not in (5, 7):
            raise BoardDataError("a board's kingdom is text and its size 5 or 7")
        return cls(tuple(moves), shown, size)

    def shown_kingdom(self) -> Kingdom:
        """The kingdom the board showed (for an exercise that asks for a kingdom)."""
        try:
            return Kingdom.from_text(self.shown, self.size) if self.shown else Kingdom(self.size)
        except KingdominoError as error:
            raise WrongKind(f"cannot read the board's kingdom: {error}") from None


def play_of(board: Any) -> BoardPlay:
    """The play of a board widget (its history since its start)."""
    moves: list[tuple[int, ...]] = []
    for action in board.history:
        if isinstance(action, Placement):
            (r1, c1), (r2, c2) = action.cells
            moves.append((action.domino.number, r1, c1, r2, c2))
        else:
            moves.append((action.number,))
    kingdom = board.kingdom
    return BoardPlay(tuple(moves), kingdom.to_text() if len(kingdom) else "", kingdom.size)


def replay(play: BoardPlay, hand: Sequence[Domino], start: Kingdom) -> Kingdom:
    """The kingdom ``play`` builds from ``start`` with ``hand``, or :class:`WrongKind` naming
    the first move that breaks a rule."""

    kingdom = start.copy()
    left = {d.number: d for d in hand}
    for i, move in enumerate(play.moves, 1):
        def illegal(why: str, i: int = i) -> WrongKind:
            return WrongKind(f"the board's move {i} is not legal here: {why}")

        dom = left.pop(move[0], None)
        if dom is None:
            raise illegal(f"domino {move[0]} is not in this exercise's hand (or was placed "
                          "twice)")
        if len(move) == 1:
            if kingdom.can_place(dom):
                raise illegal(f"domino {dom.number} was discarded though it fits")
            continue
        first, second = (move[1], move[2]), (move[3], move[4])
        if abs(first[0] - second[0]) + abs(first[1] - second[1]) != 1:
            raise illegal(f"domino {dom.number}'s two halves are not side by side")
        try:
            kingdom.place(Placement(dom, first, second))
        except IllegalPlacement as error:
            raise illegal(name_cells(str(error), kingdom.size)) from None
    return kingdom


def board_kind(setup: Callable[[], tuple[Sequence[Domino], Kingdom]], *,
               kingdom_too: bool = False) -> Kind:
    """The kind of a board exercise: a board or its play, replayed on ``setup()`` (the hand
    and the starting kingdom of the exercise's board) into the kingdom it builds. With
    ``kingdom_too`` a kingdom itself (text, a ``Kingdom``) is an answer as well."""

    def read(value: Any) -> Kingdom:
        if is_board(value):
            value = play_of(value)
        if isinstance(value, BoardPlay):
            hand, start = setup()
            return replay(value, hand, start)
        if kingdom_too:
            return KINGDOM.read(value)  # type: ignore[no-any-return]
        raise WrongKind(f"expects the board itself (check(n, board)), not {describe(value)}")

    name = "a board" + (" or a kingdom in text notation" if kingdom_too else "")
    return Kind(name, read, saved=_saved)


def _saved(value: Any) -> dict[str, Any] | None:
    return play_of(value).data() if is_board(value) else None
