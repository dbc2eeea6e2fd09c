"""The board state machine the kit's placing boards share: the hand, the chosen domino, its
rotation, the keyboard's cursor, and which action a key or a click asks for.

:class:`~kingdomino_kit.widgets.board.KingdomBoard`,
:class:`~kingdomino_kit.widgets.origins_board.OriginsBoard` and
:class:`~kingdomino_kit.widgets.draft.DraftTable` each hold one :class:`BoardMachine` and answer
the browser through :class:`MachineBoard`, so choosing, turning, the cursor and the keys are
written once. The machine knows no rule of the game and no widget: it turns a key or a browser
message into an :data:`Action` (a cursor move is its own; everything else is the board's to
do), and an action it refuses changes nothing. The keys are those the browser side
(``static/view.js``) reports: ``up``/``down``/``left``/``right``, ``enter``, ``rotate``,
``undo``.

>>> m = BoardMachine([41, 13])
>>> m.selected, m.rotation, m.cursor
(41, 0, (0, 1))
>>> m.key("left", (-4, 4, -4, 4)), m.key("enter", (-4, 4, -4, 4))
(Moved(cell=(0, 0)), CellAt(cell=(0, 0)))
>>> m.key("x", (-4, 4, -4, 4))
Refused(reason="Unknown key 'x': use the arrows, Enter, R or U.")
>>> m.rotate(3), m.rotate(), m.halves((2, 2))          # a full turn wraps to 0
(Turned(rotation=3), Turned(rotation=0), ((2, 2), (2, 3)))
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from kingdomino_kit.dominoes import DominoBase
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.grid import DIRECTIONS, Cell
from kingdomino_kit.placement import Placement

__all__ = ["BoardMachine", "MachineBoard", "WidgetError", "Action", "Moved", "CellAt", "Chose",
           "Turned", "Press", "Refused", "ROTATIONS", "KEYS", "Frame", "move_cursor",
           "first_cells"]

ROTATIONS = ("right of", "below", "left of", "above")
"""Where the second half lies from the first, by rotation 0–3 (the order of grid.DIRECTIONS)."""
KEYS = ("up", "down", "left", "right", "enter", "rotate", "undo")
"""Every key the browser side reports (``static/view.js``)."""
_STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
_KEY_WORDS = {"rotate": "R", "undo": "U"}
Frame = tuple[int, int, int, int]
"""The cells the cursor may visit: first row, last row, first column, last column."""


class WidgetError(KingdominoError):
    """A widget asked to do something that its state does not allow (e.g. select a domino
    that is not in the hand)."""


def move_cursor(cursor: Cell, key: str, frame: Frame) -> Cell:
    """The cursor one cell ``key`` (up/down/left/right) of ``cursor``, held inside ``frame``.

    >>> move_cursor((0, 1), "up", (-4, 4, -4, 4)), move_cursor((-4, 0), "up", (-4, 4, -4, 4))
    ((-1, 1), (-4, 0))
    """
    dr, dc = _STEPS[key]
    rmin, rmax, cmin, cmax = frame
    return (min(max(cursor[0] + dr, rmin), rmax), min(max(cursor[1] + dc, cmin), cmax))


def first_cells(placements: Iterable[Placement], rotation: int) -> set[Cell]:
    """The cells a click may pick for the first half, the second half lying as ``rotation``
    says (a double's two orientations are the same layout, listed once by the rules library).

    >>> from kingdomino_kit import domino
    >>> from kingdomino_kit.kingdom import Kingdom
    >>> sorted(first_cells(Kingdom().legal_placements(domino(1)), 2))[:2]   # W|W, leftwards
    [(-1, 0), (-1, 1)]
    """
    dr, dc = DIRECTIONS[rotation]
    cells = set()
    for p in placements:
        (r1, c1), (r2, c2) = p.cells
        if (r2 - r1, c2 - c1) == (dr, dc):
            cells.add(p.first)
        elif p.domino.is_double and (r1 - r2, c1 - c2) == (dr, dc):
            cells.add(p.second)
    return cells


# ---------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Moved:
    """The cursor moved to ``cell`` (the machine's own state; the board says where it is)."""

    cell: Cell


@dataclass(frozen=True)
class CellAt:
    """A cell clicked, by the mouse or by Enter on the cursor: the board decides what it does
    (place a first half, aim a fire token, spend, settle)."""

    cell: Cell


@dataclass(frozen=True)
class Chose:
    """Domino ``number`` of the hand chosen."""

    number: int


@dataclass(frozen=True)
class Turned:
    """The chosen domino turned: its second half now lies ``rotation`` of the first."""

    rotation: int


@dataclass(frozen=True)
class Press:
    """A button of the board (``rotate``, ``undo``, ``discard``, ``claim`` …) with the data the
    browser sent: the board answers it or says it does not know it."""

    name: str
    data: Mapping[str, str]


@dataclass(frozen=True)
class Refused:
    """Nothing changed, for ``reason`` (said in the message line)."""

    reason: str


Action = Moved | CellAt | Chose | Turned | Press | Refused


class Placing(Protocol):
    """A kingdom or a territory, as far as a hint asks it."""

    def can_place(self, dom: Any, /) -> bool: ...


class BoardMachine:
    """The hand (domino numbers, in order), the chosen domino (0 when the hand is empty), the
    rotation 0–3 and the keyboard's cursor; ``keys`` the board's own keys besides the arrows
    and Enter (``rotate``, ``undo``).

    >>> m = BoardMachine([5, 7], keys=("rotate",))
    >>> m.select(9), m.selected                  # refused: nothing changed
    (Refused(reason='domino 9 is not in the hand'), 5)
    >>> m.deal([7, 8]); m.selected               # 5 left the hand: the first is chosen
    7
    >>> m.key("undo", (0, 0, 0, 0))
    Refused(reason="Unknown key 'undo': use the arrows, Enter or R.")
    """

    def __init__(self, hand: Sequence[int] = (), *, keys: Sequence[str] = ("rotate", "undo"),
                 cursor: Cell = (0, 1)) -> None:
        unknown = [k for k in keys if k not in _KEY_WORDS]
        if unknown:
            raise WidgetError(f"keys: unknown {unknown[0]!r} (known: rotate, undo)")
        self.keys = tuple(keys)
        self.hand: tuple[int, ...] = ()
        self.selected = 0
        self.rotation = 0
        self.cursor = cursor
        self.deal(hand, keep=False)

    def deal(self, hand: Sequence[int], *, keep: bool = True, choose: int = 0) -> None:
        """A new hand: ``choose`` is chosen if it is in it, else the domino chosen now if
        ``keep`` and it is still in it, else the first (0 for an empty hand)."""
        self.hand = tuple(hand)
        if choose in self.hand:
            self.selected = choose
        elif not (keep and self.selected in self.hand):
            self.selected = self.hand[0] if self.hand else 0

    def restart(self) -> None:
        """The rotation back to 0 (a board reset or a new game)."""
        self.rotation = 0

    def select(self, number: int) -> Chose | Refused:
        """Choose domino ``number``; refused (nothing changed) if it is not in the hand."""
        if number not in self.hand:
            return Refused(f"domino {number} is not in the hand")
        self.selected = number
        return Chose(number)

    def rotate(self, steps: int = 1) -> Turned:
        """Turn a quarter clockwise ``steps`` times (four turns are no turn)."""
        self.rotation = (self.rotation + steps) % 4
        return Turned(self.rotation)

    def halves(self, first: Cell) -> tuple[Cell, Cell]:
        """The cells of the two halves when the first lies on ``first``."""
        dr, dc = DIRECTIONS[self.rotation]
        return first, (first[0] + dr, first[1] + dc)

    def first_cells(self, placements: Iterable[Placement]) -> set[Cell]:
        """The first halves among ``placements`` that lie as the rotation says."""
        return first_cells(placements, self.rotation)

    def key(self, name: str, frame: Frame | None) -> Action:
        """The action of key ``name``: an arrow moves the cursor inside ``frame`` (None: the
        board has no cursor now), Enter clicks the cell under it, ``rotate``/``undo`` press
        their buttons if the board has those keys."""
        if name in _STEPS and frame is not None:
            self.cursor = move_cursor(self.cursor, name, frame)
            return Moved(self.cursor)
        if name == "enter":
            return CellAt(self.cursor)
        if name in self.keys:
            return Press(name, {})
        return Refused(f"Unknown key {name!r}: {self.keys_words()}.")

    def keys_words(self) -> str:
        """The keys this board answers, as the message line names them."""
        words = ["the arrows", "Enter"] + [_KEY_WORDS[k] for k in self.keys]
        return "use " + ", ".join(words[:-1]) + " or " + words[-1]

    def event(self, action: str, data: Mapping[str, str], frame: Frame | None) -> Action:
        """The action of a browser message (``data-kk-action`` and its ``data-*``); a missing
        or malformed value raises KeyError or ValueError, as the board's ``handle`` says.

        >>> BoardMachine([3]).event("cell", {"row": "2", "col": "-1"}, None)
        CellAt(cell=(2, -1))
        """
        if action == "cell":
            return CellAt((int(data["row"]), int(data["col"])))
        if action == "select":
            return Chose(int(data["domino"]))
        if action == "key":
            return self.key(data["key"], frame)
        return Press(action, data)

    def hint(self, piece: DominoBase[Any], kingdom: Placing, legal: Collection[Cell],
             lead: str = "Domino") -> str:
        """What to do with ``piece`` in this rotation, as every board says it: discard it
        when it has no legal placement in ``kingdom``, rotate it when none is in this rotation
        (``legal``: the cells marked for it)."""
        head = (f"{lead} {piece.number} ({piece.first}|{piece.second}), second half "
                f"{ROTATIONS[self.rotation]} the first: ")
        if not kingdom.can_place(piece):
            return head + "it fits nowhere, so discard it."
        if not legal:
            return head + "no legal cell in this rotation — rotate it (R)."
        return head + "click a cell marked with a dot for its first half."


class MachineHost(Protocol):
    """What :class:`MachineBoard` uses of a board."""

    controls: BoardMachine

    def click(self, row: int, col: int) -> bool: ...
    def press(self, name: str, data: Mapping[str, str]) -> bool: ...
    def select(self, number: int) -> None: ...
    def perform(self, action: Action) -> bool: ...
    def _frame(self) -> Frame | None: ...
    def _cursor_words(self) -> str: ...
    def _hint(self) -> str: ...
    def _say(self, text: str, kind: str) -> None: ...


class MachineBoard:
    """How a board answers through its :class:`BoardMachine` (``self.controls``): choosing,
    turning, keys and browser messages, for the three boards alike. The board gives what
    :class:`MachineHost` lists: ``click``, ``press`` (its buttons: False for a name it does not
    know), ``_frame`` (the cursor's, or None), ``_cursor_words``, ``_hint`` and ``_say``; a
    refused action is said and changes nothing."""

    @property
    def selected(self: MachineHost) -> int:
        """The chosen domino's number (0 when the hand is empty)."""
        return self.controls.selected

    @property
    def rotation(self: MachineHost) -> int:
        """0–3: the second half lies right of / below / left of / above the first."""
        return self.controls.rotation

    @property
    def cursor(self: MachineHost) -> Cell:
        """The keyboard's cursor: where Enter clicks."""
        return self.controls.cursor

    def select(self: MachineHost, number: int) -> None:
        """Choose domino ``number`` from the hand (a WidgetError if it is not in it)."""
        done = self.controls.select(number)
        if isinstance(done, Refused):
            raise WidgetError(done.reason)
        self._say(self._hint(), "info")

    def rotate(self: MachineHost, steps: int = 1) -> None:
        """Turn the chosen domino a quarter clockwise ``steps`` times."""
        self.controls.rotate(steps)
        self._say(self._hint(), "info")

    def key(self: MachineHost, name: str) -> bool:
        """Answer a key (see :meth:`BoardMachine.key`); False if it did nothing."""
        return self.perform(self.controls.key(name, self._frame()))

    def handle(self: MachineHost, action: str, data: dict[str, str]) -> None:
        """Answer a browser click or key."""
        try:
            self.perform(self.controls.event(action, data, self._frame()))
        except (KeyError, ValueError) as error:  # KingdominoError is a ValueError
            self._say(f"Cannot do {action!r}: {error}", "error")

    def perform(self: MachineHost, action: Action) -> bool:
        """Do ``action``; False if it was refused or failed (the message says why)."""
        if isinstance(action, Moved):
            self._say(self._cursor_words(), "info")
            return True
        if isinstance(action, CellAt):
            return self.click(*action.cell)
        if isinstance(action, Chose):
            self.select(action.number)
            return True
        if isinstance(action, Turned):
            self._say(self._hint(), "info")
            return True
        if isinstance(action, Press):
            if self.press(action.name, action.data):
                return True
            self._say(f"Unknown action {action.name!r} from the browser.", "error")
            return False
        self._say(action.reason, "error")
        return False
