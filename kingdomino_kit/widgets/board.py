"""KingdomBoard: build a kingdom by clicks — choose a domino, rotate it, click where it goes.

The board shows every cell the kingdom could still reach (a 9×9 field around the castle for a
5×5 kingdom: the castle may end anywhere inside the final 5×5); cells that would break the size
rule are dimmed. Clicking a cell puts the chosen domino's **first half** there, its second half
right of / below / left of / above it as the rotation says; the cells where that is legal carry
the legal marker (a dashed outline and a dot). An illegal click explains the broken rule in the
message line and changes nothing. Choosing a domino never turns it: Rotate (or R) does.

Cells are named as the board's labels show them (:func:`kingdomino_kit.render.cell_name`:
the castle is E5 on 5×5). With the board focused (click it), the arrows move a cursor, Enter
places the domino there, R rotates and U undoes (:meth:`KingdomBoard.key`).

>>> board = KingdomBoard("41,13")
>>> board.selected, board.rotation
(41, 0)
>>> board.click(0, 1)               # W|G2: W right of the castle, G2 right of it
True
>>> board.score, board.export()
(2, 'C  W  G2')
>>> board.click(3, 3)               # domino 13 far from anything
False
>>> board.message
'Illegal: domino 13 at H8,I8 breaks the connection rule: ... The kingdom is unchanged.'
>>> board.undo(), board.score
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

import traitlets

from kingdomino_kit.dominoes import DOMINOES, Domino, dominoes
from kingdomino_kit.errors import IllegalPlacement
from kingdomino_kit.grid import Cell
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.render import cell_name, domino_words, kingdom_svg, kingdom_words, name_cells
from kingdomino_kit.rules import BONUS_NAMES, Rules, rules_or_flags
from kingdomino_kit.seeds import plain_seed
from kingdomino_kit.widgets.board_machine import (
    ROTATIONS,
    BoardMachine,
    Frame,
    MachineBoard,
    WidgetError,
    first_cells,
    move_cursor,
)
from kingdomino_kit.widgets.markup import (
    breakdown_table,
    button,
    domino_svg,
    escape,
    kingdom_grid,
    reach_frame,
)
from kingdomino_kit.widgets.picture import StaticPicture, column_svg, dominoes_svg, text_svg
from kingdomino_kit.widgets.view import ActionView

__all__ = ["KingdomBoard", "WidgetError", "ROTATIONS", "KEYS_HELP", "first_cells", "parse_hand",
           "move_cursor"]

_ARROWS = ("→", "↓", "←", "↑")
KEYS_HELP = ("Keys (click the board or Tab to it): arrows move the cursor, Enter places, "
             "R rotates, U undoes; Tab reaches the dominoes and buttons, Enter or Space "
             "presses them, Escape returns to the board.")


Action = Placement | Domino  # a placement, or a domino discarded
HandSpec = str | Iterable[int | Domino] | None


def parse_hand(hand: HandSpec, size: int = 5, seed: int = 0) -> tuple[Domino, ...]:
    """The hand as dominoes: numbers ``"41,13"``, a list of numbers or dominoes, or ``None``
    for a seeded random hand that can fill the kingdom (12 dominoes for 5×5, 24 for 7×7).

    >>> [d.number for d in parse_hand("13, 41")]
    [13, 41]
    >>> len(parse_hand(None)), parse_hand(None) == parse_hand(None, seed=0)
    (12, True)
    >>> parse_hand("3,3")
    Traceback (most recent call last):
    ...
    kingdomino_kit.widgets.board_machine.WidgetError: hand: domino 3 appears twice
    """
    if hand is None:
        count = (size * size - 1) // 2
        return tuple(sorted(random.Random(plain_seed(seed)).sample(DOMINOES, count),
                            key=lambda d: d.number))
    if isinstance(hand, str):
        result = dominoes(hand)
    else:
        result = [d if isinstance(d, Domino) else dominoes([int(d)])[0] for d in hand]
    seen: set[int] = set()
    for d in result:
        if d.number in seen:
            raise WidgetError(f"hand: domino {d.number} appears twice")
        seen.add(d.number)
    return tuple(result)


class KingdomBoard(MachineBoard, StaticPicture, ActionView):
    """A clickable kingdom with a hand of dominoes, undo/redo, live score and its breakdown.

    ``hand``: the dominoes to choose from (see :func:`parse_hand`); ``kingdom``: a starting
    kingdom (kept by reset; undo never goes past it); ``rules``: the scoring rules (a
    :class:`~kingdomino_kit.rules.Rules`; ``middle_kingdom``/``harmony`` are its shorthand) whose
    bonuses count. ``score`` (the total, with the bonuses this board counts) and ``message`` are
    traits (observe them); ``kingdom`` is the live :class:`~kingdomino_kit.kingdom.Kingdom`.

    >>> b = KingdomBoard("1,2", kingdom=Kingdom.from_text("C W"))
    >>> b.select(2); b.rotate(); b.rotation
    1
    >>> sorted(b.legal_cells())[:3]     # W|W going down: its second half must touch C or W
    [(-2, 0), (-2, 1), (-1, -1)]

    Keys (:class:`~kingdomino_kit.widgets.board_machine.MachineBoard`): arrows move the cursor,
    ``enter`` places the chosen domino's first half on it, ``rotate`` and ``undo`` do what
    their buttons do.

    >>> b = KingdomBoard("41")
    >>> b.key("right"), b.message
    (True, 'Cursor on G5: ... not legal here.')
    >>> b.key("left"); b.key("enter"), b.export()
    True
    (True, 'C  W  G2')
    """

    score = traitlets.Int(0)
    message = traitlets.Unicode("")

    def __init__(self, hand: HandSpec = None, *, size: int | None = None, seed: int = 0,
                 kingdom: Kingdom | None = None, rules: Rules | None = None,
                 middle_kingdom: bool = False, harmony: bool = False, title: str = "") -> None:
        super().__init__()
        if kingdom is not None and size is not None and kingdom.size != size:
            raise WidgetError(f"size {size} differs from the starting kingdom's {kingdom.size}")
        if isinstance(rules, Rules) and size is None and kingdom is None:
            size = rules.size
        self._start = kingdom.copy() if kingdom is not None else Kingdom(size or 5)
        if isinstance(rules, Rules) and rules.size != self._start.size:
            raise WidgetError(f"rules for {rules.size}×{rules.size}, but the kingdom is "
                              f"{self._start.size}×{self._start.size}")
        self.rules = rules_or_flags(rules, size=self._start.size, middle_kingdom=middle_kingdom,
                                    harmony=harmony, error=WidgetError)
        self._hand0 = parse_hand(hand, self._start.size, seed)
        self.title = title
        self._show_export = False
        self._message_kind = "info"
        self.kingdom: Kingdom = self._start.copy()
        self._done: list[Action] = []
        self._undone: list[Action] = []
        self.controls = BoardMachine()
        self.reset()

    # ------------------------------------------------------------------ state
    @property
    def hand(self) -> list[Domino]:
        """The dominoes still to place, in the hand's order."""
        used = {a.domino.number if isinstance(a, Placement) else a.number for a in self._done}
        return [d for d in self._hand0 if d.number not in used]

    def name(self, cell: Cell) -> str:
        """The cell's name as the labels show it (e.g. ``E5`` for the castle on 5×5)."""
        return cell_name(cell, self.kingdom.size)

    @property
    def history(self) -> list[Action]:
        """What was done since the start, oldest first: placements and discarded dominoes."""
        return list(self._done)

    def total(self) -> int:
        """The score plus the bonuses this board counts."""
        return self.kingdom.total(self.rules)

    def legal_placements(self) -> list[Placement]:
        """Every legal placement of the chosen domino (any rotation)."""
        dom = self._selected_domino()
        return [] if dom is None else self.kingdom.legal_placements(dom)

    def legal_cells(self) -> set[Cell]:
        """The cells a click may choose for the first half, with the current rotation."""
        return self.controls.first_cells(self.legal_placements())

    def export(self) -> str:
        """The kingdom in the kit's text notation (``Kingdom.from_text`` reads it back)."""
        return self.kingdom.to_text()

    def _selected_domino(self) -> Domino | None:
        for d in self._hand0:
            if d.number == self.controls.selected:
                return d
        return None

    # ------------------------------------------------------------------ actions
    def click(self, row: int, col: int) -> bool:
        """Put the chosen domino's first half on (row, col) with the current rotation.

        Returns True if placed; otherwise the message says why and nothing changes.
        """
        dom = self._selected_domino()
        if dom is None:
            self._say("The hand is empty: nothing to place. Reset to start again.", "error")
            return False
        return self.place(Placement(dom, *self.controls.halves((row, col))))

    def place(self, placement: Placement) -> bool:
        """Place a domino of the hand; an illegal placement is explained and changes nothing."""
        if placement.domino not in self.hand:
            self._say(f"Domino {placement.domino.number} is not in the hand.", "error")
            return False
        before = self.total()
        try:
            self.kingdom.place(placement)
        except IllegalPlacement as error:
            self._say(f"Illegal: {name_cells(str(error), self.kingdom.size)}. "
                      "The kingdom is unchanged.", "error")
            return False
        self._done.append(placement)
        self._undone.clear()
        self._after_action()
        first, second = placement.cells
        self._say(f"Placed domino {placement.domino.number} on {self.name(first)},"
                  f"{self.name(second)}: score {before} → {self.total()}. " + self._hint(), "ok")
        return True

    def _frame(self) -> Frame:
        return reach_frame(self.kingdom)

    def _cursor_words(self) -> str:
        cursor = self.cursor
        where = self.name(cursor)
        if cursor == (0, 0):
            what = "the castle"
        elif self.kingdom.at(cursor) is not None:
            what = "a square already placed"
        elif cursor in self.legal_cells():
            what = "empty: press Enter to put the first half here"
        else:
            what = "empty, not legal here"
        dom = self._selected_domino()
        if dom is None:
            return f"Cursor on {where}: {what}."
        return (f"Cursor on {where}: {what}. Domino {dom.number}, second half "
                f"{ROTATIONS[self.rotation]} the first" + (
                    "." if cursor in self.legal_cells() else "; not legal here."))

    def discard(self) -> bool:
        """Discard the chosen domino — allowed only when it has no legal placement."""
        dom = self._selected_domino()
        if dom is None:
            self._say("The hand is empty: nothing to discard.", "error")
            return False
        if self.kingdom.can_place(dom):
            self._say(f"Domino {dom.number} has a legal placement, so it may not be discarded "
                      "(the rules allow a discard only when it fits nowhere).", "error")
            return False
        self._done.append(dom)
        self._undone.clear()
        self._after_action()
        self._say(f"Discarded domino {dom.number} (it fits nowhere). " + self._hint(), "ok")
        return True

    def undo(self) -> bool:
        """Take back the last placement or discard (not past the starting kingdom)."""
        if not self._done:
            self._say("Nothing to undo.", "error")
            return False
        action = self._done.pop()
        if isinstance(action, Placement):
            self.kingdom.undo()
        self._undone.append(action)
        dom = action.domino if isinstance(action, Placement) else action
        self.controls.deal([d.number for d in self.hand], choose=dom.number)
        self._after_action(keep_selection=True)
        self._say(f"Undone: domino {dom.number} is back in the hand.", "info")
        return True

    def redo(self) -> bool:
        """Do again what :meth:`undo` took back."""
        if not self._undone:
            self._say("Nothing to redo.", "error")
            return False
        action = self._undone.pop()
        if isinstance(action, Placement):
            self.kingdom.place(action)  # it was legal in this very state before
        self._done.append(action)
        self._after_action()
        dom = action.domino if isinstance(action, Placement) else action
        self._say(f"Redone: domino {dom.number}. " + self._hint(), "ok")
        return True

    def reset(self) -> None:
        """Back to the starting kingdom and the full hand."""
        self.kingdom = self._start.copy()
        self._done = []
        self._undone = []
        self.controls.restart()
        self._after_action()
        self._say(self._hint(), "info")

    def toggle_export(self) -> None:
        """Show or hide the kingdom's text notation under the board."""
        self._show_export = not self._show_export
        self._say(self.message, self._message_kind)

    def _after_action(self, keep_selection: bool = False) -> None:
        self.controls.deal([d.number for d in self.hand], keep=keep_selection)
        self.score = self.total()

    # ------------------------------------------------------------------ messages
    def _hint(self) -> str:
        dom = self._selected_domino()
        if dom is None:
            return f"All dominoes are used: the kingdom scores {self.total()}."
        return self.controls.hint(dom, self.kingdom, self.legal_cells())

    def _say(self, text: str, kind: str) -> None:
        """Set the message line and redraw (every action ends here)."""
        self._message_kind = kind
        self.message = text
        self._render()

    # ------------------------------------------------------------------ browser events
    def press(self, name: str, data: Mapping[str, str]) -> bool:
        """Answer a button of the board (rotate, undo, redo, reset, discard, export); False
        for a name neither the board nor :meth:`handle_more` knows."""
        if name in ("rotate", "undo", "redo", "reset", "discard"):
            getattr(self, name)()
        elif name == "export":
            self.toggle_export()
        else:
            return self.handle_more(name, dict(data))
        return True

    def handle_more(self, action: str, data: dict[str, str]) -> bool:
        """Subclasses answer their own actions here; True if ``action`` was theirs."""
        return False

    # ------------------------------------------------------------------ rendering
    def extra_controls(self) -> str:
        """More buttons after the board's own (for subclasses)."""
        return ""

    def extra_panel(self) -> str:
        """More HTML under the message line (for subclasses)."""
        return ""

    def extra_header(self) -> str:
        """More HTML above the hand and the board, under the title (for subclasses: a
        puzzle's question)."""
        return ""

    def _render(self) -> None:
        self.html = self.markup()

    def markup(self) -> str:
        """The board as HTML (what the browser shows)."""
        dom = self._selected_domino()
        hand_items = []
        for d in self.hand:
            classes = "kk-hand-domino"
            if d.number == self.selected:
                classes += " kk-selected"
            if not self.kingdom.can_place(d):
                classes += " kk-stuck"
            words = domino_words(d) + (", chosen" if d.number == self.selected else "") + (
                ", fits nowhere" if "kk-stuck" in classes else "")
            hand_items.append(
                f'<button class="{classes}" data-kk-action="select" data-domino="{d.number}" '
                f'title="domino {d.number}: {d.first}|{d.second}" aria-label="{escape(words)}" '
                f'aria-pressed="{str(d.number == self.selected).lower()}">{d.number}'
                f"{domino_svg(d, 0)}</button>")
        hand = "".join(hand_items) or '<span class="kk-empty-hand">(no dominoes left)</span>'
        chosen = ""
        if dom is not None:
            chosen = (f'<span class="kk-chosen">domino {dom.number} '
                      f'{_ARROWS[self.rotation]} {domino_svg(dom, self.rotation)}</span>')
        can_discard = dom is not None and not self.kingdom.can_place(dom)
        controls = "".join([
            chosen,
            button("Rotate ↻", "rotate", enabled=dom is not None,
                   title="turn a quarter clockwise (R)"),
            button("Undo", "undo", enabled=bool(self._done), title="take back the last (U)"),
            button("Redo", "redo", enabled=bool(self._undone)),
            button("Discard", "discard", enabled=can_discard,
                   title="only when the domino fits nowhere"),
            button("Reset", "reset"),
            button("Hide text" if self._show_export else "Export text", "export"),
            self.extra_controls(),
        ])
        props = self.kingdom.properties()
        props.sort(key=lambda p: (-p.score, p.terrain.index, min(p.cells)))
        grid = kingdom_grid(self.kingdom, legal=self.legal_cells(), direction=self.rotation,
                            ghost=dom, properties=props, cursor=self.cursor)
        bonuses = [(BONUS_NAMES[name], self.kingdom.bonus(self.rules.only(name)))
                   for name in self.rules.bonuses]
        score = (f'<div class="kk-score">Score: <b class="kk-score-value">{self.total()}</b>'
                 "</div>")
        export = ""
        if self._show_export:
            export = f'<pre class="kk-export-text">{escape(self.export())}</pre>'
        title = f'<div class="kk-title"><b>{escape(self.title)}</b></div>' if self.title else ""
        kind = self._message_kind
        name = escape(f"{self.title or 'Kingdom builder'}: {KEYS_HELP}")
        return (f'<div class="kk-board kk-keys" data-kk-keys="board" data-kk-name="{name}" '
                f'data-size="{self.kingdom.size}">{title}{self.extra_header()}'
                f'<div class="kk-hand">{hand}</div><div class="kk-controls">{controls}</div>'
                f'<div class="kk-main">{grid}<div class="kk-side">{score}'
                f"{breakdown_table(props, bonuses=bonuses)}"
                f'<div class="kk-keys-help">{escape(KEYS_HELP)}</div></div></div>'
                f'<div class="kk-message kk-{kind}">{escape(self.message)}</div>{export}'
                f"{self.extra_panel()}</div>")

    def picture(self) -> str:
        """The board as a still picture: the hand, the kingdom (scoring properties outlined) and
        the score — what a stored notebook shows before it runs."""
        parts = [text_svg(self.title, bold=True)] if self.title else []
        if self.hand:
            parts.append(dominoes_svg(self.hand, words="the hand"))
        parts.append(kingdom_svg(self.kingdom, frame=reach_frame(self.kingdom),
                                 highlight=[p for p in self.kingdom.properties() if p.score]))
        parts.append(text_svg(f"Score: {self.total()}", bold=True))
        return column_svg(parts, words=self.picture_words())

    def picture_words(self) -> str:
        hand = ", ".join(str(d.number) for d in self.hand) or "none"
        return (f"{self.title or 'Kingdom builder'}: {kingdom_words(self.kingdom)}; score "
                f"{self.total()}; dominoes in the hand: {hand}. Run the notebook to play.")

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(size={self.kingdom.size}, placed={len(self.kingdom)} "
                f"squares, hand={[d.number for d in self.hand]}, score={self.total()})")

