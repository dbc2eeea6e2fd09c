"""OriginsBoard: build a Kingdomino Origins territory by clicks — place dominoes, throw fire,
recruit cavemen — in free play or as a puzzle checked against the proven optimum.

Everything is decided here, by the Origins rules (:mod:`kingdomino_kit.origins`); the browser
only draws the HTML and reports clicks and keys (:mod:`kingdomino_kit.widgets.view`). A turn:

1. choose a domino of the hand, turn it (Rotate, R), click the cell of its first half (the
   cells where that is legal carry the legal marker; a domino that fits nowhere is discarded);
2. each volcano placed throws a fire token (the box's supply permitting: five of 1 fire, four
   of 2, one of 3): the squares it can reach are tinted orange on the board, those it may land
   on carry the legal marker; click one to aim (the cell is named), then *Throw* (or click it,
   or Enter, again) — a token with no square allowed goes back to the box by itself;
3. in Totem and Tribe modes each square showing a resource icon gets its wooden resource; in
   Tribe mode *Recruit* a face-up caveman with 2 different resources: click the resources to
   spend, then the square where the caveman settles
   (:mod:`kingdomino_kit.widgets.origins_tribe`).

An illegal click says which rule it breaks in the message line and changes nothing; *Undo*
takes back the last step (a placement, a throw, a spend or a settling). The score sheet
(:func:`kingdomino_kit.origins.scoring.score_sheet`) is shown region by region.

With the board focused, the arrows move a cursor, Enter clicks the cell under it, R rotates and
U undoes, as on every board of the kit.

>>> board = OriginsBoard("36,18", seed=0)
>>> board.select(18); board.click(1, 0)       # F|G below the hut
True
>>> board.select(36); board.click(0, 1)       # V1|G1 right of it: the volcano's token is up
True
>>> board.phase, len(board.fire_reach()), sorted(board.legal_cells())   # 3 squares at most
('fire', 48, [(1, 0), (1, 1)])
>>> board.click(1, 1), board.aim, board.kingdom.tokens        # aimed, not thrown yet
(True, (1, 1), {})
>>> board.confirm(), board.kingdom.tokens, board.score
(True, {(1, 1): 1}, 2)
>>> board.click(0, 2), board.undo(), board.kingdom.tokens     # (nothing to place) then undo
(False, True, {})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import traitlets

from kingdomino_kit.errors import InvariantError, KingdominoError
from kingdomino_kit.grid import Cell
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.origins.catalogue import Catalogue, Domino, Resource, sample_catalogue
from kingdomino_kit.origins.kingdom import OriginsKingdom, Placement
from kingdomino_kit.origins.render import square_words
from kingdomino_kit.origins.scoring import Mode, ScoreSheet, score_sheet
from kingdomino_kit.origins.totem import DEFAULT_TOTEM_BONUS, update_totems
from kingdomino_kit.origins.tribe import Caveman
from kingdomino_kit.render import cell_name, name_cells
from kingdomino_kit.widgets.board_machine import BoardMachine, Frame, MachineBoard, WidgetError
from kingdomino_kit.widgets.classroom import answers_shown
from kingdomino_kit.widgets.markup import reach_frame
from kingdomino_kit.widgets.origins_fire import FireSteps
from kingdomino_kit.widgets.origins_hand import BoardState, origins_hand
from kingdomino_kit.widgets.origins_markup import (
    KEYS_HELP,
    board_html,
    board_picture,
    picture_words,
)
from kingdomino_kit.widgets.origins_tribe import TribeSteps
from kingdomino_kit.widgets.picture import StaticPicture
from kingdomino_kit.widgets.view import ActionView

__all__ = ["OriginsBoard", "KEYS_HELP"]

_PUZZLE_OPTIONS = ("size", "empire_of_fire", "homo_habilis")


class OriginsBoard(TribeSteps, FireSteps, MachineBoard, StaticPicture, ActionView):
    """A clickable Origins territory with a hand of dominoes, fire, resources and cavemen.

    Free play: ``OriginsBoard(hand=None, *, seed=0, mode="discovery", size=5,
    empire_of_fire=False, homo_habilis=False, catalogue=None, title="")`` — ``hand`` as
    :func:`origins_hand` reads it (``None``: a seeded deal of the catalogue, the kit's
    illustrative sample by default); ``mode`` ``discovery``, ``totem`` (wooden resources, and
    the totems a lone player holds) or ``tribe`` (resources and cavemen: a seeded cave board).

    Puzzle: :meth:`OriginsBoard.puzzle` ``(tiles, options=None, optimum=None,
    question="Build the best territory you can from these dominoes.", *, title="",
    reveal=None, catalogue=None)`` — ``tiles`` the dominoes (numbers or dominoes of the
    catalogue), ``options`` a mapping with any of ``size`` (5 or 7), ``empire_of_fire`` and
    ``homo_habilis`` (bools), ``optimum`` the proven best Discovery score
    (:func:`kingdomino_kit.origins.solver.solve_discovery`; ``None``: solved on the first Check),
    ``question`` shown above the board. *Check* compares the score with the optimum; ``reveal``
    (or the class switch, :mod:`kingdomino_kit.widgets.classroom`) says whether the optimum may
    be shown.

    ``score`` and ``message`` are traits; ``kingdom`` is the live territory, ``phase`` what a
    click on a cell does now (``place``, ``fire``, ``spend`` or ``settle``).
    """

    score = traitlets.Int(0)
    message = traitlets.Unicode("")

    def __init__(self, hand: Any = None, *, seed: int = 0, mode: str | Mode = "discovery",
                 size: int = 5, empire_of_fire: bool = False, homo_habilis: bool = False,
                 catalogue: Catalogue | None = None, title: str = "") -> None:
        super().__init__()
        if size not in (5, 7) or isinstance(size, bool):
            raise WidgetError(f"size: 5 or 7, not {shown(size)}")
        for name, flag in (("empire_of_fire", empire_of_fire), ("homo_habilis", homo_habilis)):
            if not isinstance(flag, bool):
                raise WidgetError(f"{name}: True or False, not {shown(flag)}")
        try:
            self.mode = Mode.parse(mode)
        except KingdominoError as error:
            raise WidgetError(str(error)) from None
        self.catalogue = catalogue if catalogue is not None else sample_catalogue()
        if not isinstance(self.catalogue, Catalogue):
            raise WidgetError(f"catalogue: a Catalogue, not {shown(catalogue)}")
        self.size = size
        self.seed = seed
        self.empire_of_fire = empire_of_fire
        self.homo_habilis = homo_habilis
        self.title = title
        self._hand0 = origins_hand(hand, self.catalogue, size, seed)
        self.question = ""
        self.optimum: int | None = None
        self.rivals: dict[Resource, int] | None = None
        self.totem_bonus = DEFAULT_TOTEM_BONUS
        self.reveal = True
        self.is_puzzle = False
        self.hints: tuple[str, ...] = ()
        self.hints_shown = 0
        self.verdict: str | None = None
        self.message_kind = "info"
        self.controls = BoardMachine()
        self._aim: Cell | None = None
        self._undo: list[BoardState] = []
        self._state = self._fresh()
        self.reset()

    @classmethod
    def puzzle(cls, tiles: Any, options: Mapping[str, Any] | None = None,
               optimum: int | None = None,
               question: str = "Build the best territory you can from these dominoes.", *,
               title: str = "", reveal: bool | None = None,
               catalogue: Catalogue | None = None,
               rivals: Mapping[Resource, int] | None = None,
               totem_bonus: str = DEFAULT_TOTEM_BONUS,
               hints: Sequence[str] = ()) -> OriginsBoard:
        """A puzzle board: ``tiles`` to build the best Discovery territory from, under
        ``options`` (``size``, ``empire_of_fire``, ``homo_habilis``), checked against
        ``optimum`` (see the class docstring). With ``rivals`` (resource → how many a rival
        keeps) it is a Totem puzzle: a totem is won by keeping more of its resource than they do,
        worth ``totem_bonus``. ``hints`` (up to three, nudge first) are said one at a time by
        the *Hint* button.

        >>> board = OriginsBoard.puzzle("40,48", optimum=9, question="Two quarries.")
        >>> board.question, board.optimum, board.phase
        ('Two quarries.', 9, 'place')
        """
        opts = dict(options or {})
        unknown = sorted(set(opts) - set(_PUZZLE_OPTIONS))
        if unknown:
            raise WidgetError(f"options: unknown {unknown[0]!r} (known: "
                              f"{', '.join(_PUZZLE_OPTIONS)})")
        if optimum is not None and (isinstance(optimum, bool) or not isinstance(optimum, int)
                                    or optimum < 0):
            raise WidgetError(f"optimum: a whole number ≥ 0 or None, not {shown(optimum)}")
        if not isinstance(question, str):
            raise WidgetError(f"question: text, not {shown(question)}")
        board = cls(tiles, size=opts.get("size", 5),
                    mode="discovery" if rivals is None else "totem",
                    empire_of_fire=opts.get("empire_of_fire", False),
                    homo_habilis=opts.get("homo_habilis", False), catalogue=catalogue,
                    title=title)
        board.is_puzzle = True
        board.question = question
        board.optimum = optimum
        board.rivals = None if rivals is None else dict(rivals)
        board.totem_bonus = totem_bonus
        if isinstance(hints, str) or not all(isinstance(h, str) for h in hints):
            raise WidgetError(f"hints: a list of texts, not {shown(hints)}")
        board.hints = tuple(hints)  # the Hint button says them one at a time, nudge first
        board.reveal = answers_shown() if reveal is None else bool(reveal)
        board._say(board._hint(), "info")
        return board

    # ------------------------------------------------------------------ state
    def _fresh(self) -> BoardState:
        return BoardState.fresh(self.size, self.mode, self.seed)

    @property
    def kingdom(self) -> OriginsKingdom:
        """The territory (live: read it, change it only through the board)."""
        return self._state.kingdom

    @property
    def hand(self) -> list[Domino]:
        """The dominoes still to place, in the hand's order."""
        return [d for d in self._hand0 if d.number not in self._state.used]

    @property
    def supply(self) -> dict[int, int]:
        """Fire tokens left in the box, by fire (a copy)."""
        return dict(self._state.supply)

    @property
    def cave(self) -> list[Caveman | None]:
        """The face-up cavemen (Tribe mode)."""
        return list(self._state.cave)

    @property
    def phase(self) -> str:
        """What a click on a cell does now: ``place``, ``fire``, ``spend`` or ``settle``."""
        state = self._state
        if state.fire:
            return "fire"
        if state.recruit is not None:
            return "spend" if len(state.recruit[2]) < state.recruit[1] else "settle"
        return "place"

    def name(self, cell: Cell) -> str:
        """The cell's name as the labels show it (the hut is E5 on 5×5)."""
        return cell_name(cell, self.size)

    def held_totems(self) -> list[Resource]:
        """Totem mode: the totems a lone player holds (each resource it has at least one of)."""
        if self.mode is not Mode.TOTEM:
            return []
        if self.rivals is not None:                 # a puzzle's rivals: keep more than they do
            return [r for r, n in self.kingdom.resource_counts().items()
                    if n > self.rivals.get(r, 0)]
        holders, _ = update_totems({}, [self.kingdom.resource_counts()])
        return [r for r, h in holders.items() if h == 0]

    def sheet(self) -> ScoreSheet:
        """The score sheet of the territory (:func:`~kingdomino_kit.origins.scoring.score_sheet`
        in the board's mode, with its supplementary rules)."""
        return score_sheet(self.kingdom, self.mode, totems=self.held_totems(),
                           totem_bonus_values=self.totem_bonus,
                           empire_of_fire=self.empire_of_fire, homo_habilis=self.homo_habilis)

    def selected_domino(self) -> Domino | None:
        """The chosen domino (None when the hand is empty)."""
        return next((d for d in self.hand if d.number == self.selected), None)

    def legal_placements(self) -> list[Placement]:
        """Every legal placement of the chosen domino (none outside the place phase)."""
        dom = self.selected_domino()
        if dom is None or self.phase != "place":
            return []
        return self.kingdom.legal_placements(dom)

    def legal_cells(self) -> set[Cell]:
        """Where a click on a cell is legal now: first halves, landings, resources to spend or
        squares to settle on."""
        phase, state = self.phase, self._state
        if phase == "place":
            return self.controls.first_cells(self.legal_placements())
        if phase == "fire":
            return set(self.kingdom.fire_targets(*state.fire[0]))
        if state.recruit is None:
            raise InvariantError("expected state.recruit is not None")
        if phase == "spend":
            return {c for c, r in self.kingdom.resources.items() if r not in state.recruit[2]}
        return set(self.kingdom.settle_targets())

    # ------------------------------------------------------------------ actions
    def _push(self) -> None:
        self._undo.append(self._state.copy())

    def click(self, row: int, col: int) -> bool:
        """A click on a cell, as the phase says: place the chosen domino's first half there,
        aim (then throw) the fire token, spend the resource or settle the caveman. Returns
        True if something happened; otherwise the message says why and nothing changed."""
        cell = (row, col)
        phase = self.phase
        if phase == "fire":
            return self._fire_click(cell)
        if phase == "spend":
            return self._spend(cell)
        if phase == "settle":
            return self._settle(cell)
        dom = self.selected_domino()
        if dom is None:
            self._say("The hand is empty: nothing to place.", "error")
            return False
        return self.place(Placement(dom, *self.controls.halves(cell)))

    def place(self, placement: Placement) -> bool:
        """Place a domino of the hand; an illegal placement is explained and changes nothing."""
        if self.phase != "place":
            self._say(self._hint(), "error")
            return False
        if placement.domino not in self.hand:
            self._say(f"Domino {placement.domino.number} is not in the hand.", "error")
            return False
        before = self.sheet().total
        snapshot = self._state.copy()
        try:
            self.kingdom.place(placement)
        except KingdominoError as error:
            self._say(f"Illegal: {name_cells(str(error), self.size)}. The territory is "
                      "unchanged.", "error")
            return False
        self._undo.append(snapshot)
        state = self._state
        state.used.append(placement.domino.number)
        state.fire = [(c, k) for c, k in placement.volcanoes() if state.supply[k] > 0]
        first, second = placement.cells
        said = (f"Placed domino {placement.domino.number} on {self.name(first)},"
                f"{self.name(second)}: score {before} → {self.sheet().total}.")
        self._next_token(said)
        return True

    def discard(self) -> bool:
        """Discard the chosen domino — only when it has no legal placement."""
        dom = self.selected_domino()
        if dom is None or self.phase != "place":
            self._say("Nothing to discard now.", "error")
            return False
        if self.kingdom.can_place(dom):
            self._say(f"Domino {dom.number} has a legal placement, so it may not be "
                      "discarded.", "error")
            return False
        self._push()
        self._state.used.append(dom.number)
        self.kingdom.discarded += 1
        self._after_action()
        self._say(f"Discarded domino {dom.number} (it fits nowhere). " + self._hint(), "ok")
        return True

    def undo(self) -> bool:
        """Take back the last placement, throw, discard, recruit, spend or settling."""
        if not self._undo:
            self._say("Nothing to undo.", "error")
            return False
        self._state = self._undo.pop()
        self._after_action()
        self._say("Undone. " + self._hint(), "info")
        return True

    def reset(self) -> None:
        """Back to the empty territory and the full hand."""
        self._state = self._fresh()
        self._undo = []
        self.controls.restart()
        self._after_action()
        self._say(self._hint(), "info")

    def _frame(self) -> Frame:
        return reach_frame(self.kingdom)

    def _cursor_words(self) -> str:
        legal = self.cursor in self.legal_cells()
        return f"Cursor on {self._words(self.cursor)}" + (
            "." if legal or self.phase != "place" else "; not legal here.")

    def hint(self) -> None:
        """Puzzle mode: say the next hint of the puzzle's ladder (nudge first; after the last,
        from the first again). Hidden, as the answer is, when the class hides answers."""
        if not self.hints or not self.reveal:
            self._say("This puzzle has no hint." if self.reveal
                      else "Hints are hidden in this class.", "error")
            return
        self.hints_shown = self.hints_shown % len(self.hints) + 1
        self._say(f"Hint {self.hints_shown} of {len(self.hints)}: "
                  f"{self.hints[self.hints_shown - 1]}", "info")

    def check(self) -> str | None:
        """Puzzle mode: compare the score with the proven optimum; the message says the verdict
        (``optimal``, ``short`` or None while a fire token waits to be thrown)."""
        if not self.is_puzzle:
            self._say("Check is for puzzles (OriginsBoard.puzzle).", "error")
            return None
        if self.phase != "place":
            self.verdict = None
            self._say("Not finished: " + self._hint(), "info")
            return None
        optimum = self._optimum()
        total = self.sheet().total
        if optimum is None:
            self._say(f"Score {total}. The solver could not prove the best score in time.",
                      "info")
            return None
        self.verdict = "optimal" if total >= optimum else "short"
        left = len(self.hand)
        unplaced = (f" ({left} domino{'es' if left > 1 else ''} not placed: the best may "
                    "leave some out, or not.)") if left else ""
        if self.verdict == "optimal":
            self._say(f"Optimal: score {total}, the proven best.{unplaced}", "ok")
        elif self.reveal:
            self._say(f"Legal, score {total}: {optimum - total} short of the proven optimum "
                      f"{optimum}.{unplaced}", "info")
        else:
            self._say(f"Legal, score {total}, and not the best yet.{unplaced}", "info")
        return self.verdict

    def _optimum(self) -> int | None:
        if self.optimum is None:
            from kingdomino_kit.origins.solver import solve_discovery  # OR-Tools: heavy

            solution = solve_discovery(list(self._hand0), size=self.size,
                                       empire_of_fire=self.empire_of_fire,
                                       homo_habilis=self.homo_habilis, workers=1)
            if str(solution.status) != "optimal":
                return None
            self.optimum = solution.score
        return self.optimum

    def _after_action(self) -> None:
        self.controls.deal([d.number for d in self.hand])
        self._aim = None if not self._state.fire else self._aim
        self.verdict = None
        self.score = self.sheet().total

    # ------------------------------------------------------------------ messages
    def _words(self, cell: Cell) -> str:
        return square_words(self.kingdom, cell, legal=cell in self.legal_cells(),
                            reach=cell in self.fire_reach())

    def _hint(self) -> str:
        phase, state = self.phase, self._state
        if phase == "fire":
            volcano, fire = state.fire[0]
            return (f"Throw the {fire}-fire token of the volcano on {self.name(volcano)}: it "
                    f"flies 1–{4 - fire} squares (king moves); the tinted squares are in "
                    "reach, click a marked one to aim.")
        if phase in ("spend", "settle"):
            if state.recruit is None:
                raise InvariantError("expected state.recruit is not None")
            man, cost, spent = state.recruit
            if phase == "spend":
                return (f"Spend {cost - len(spent)} more resource(s) of a kind not spent yet "
                        f"for the {man.value}: click a marked resource.")
            return f"Click a marked square where the {man.value} settles."
        dom = self.selected_domino()
        if dom is None:
            return f"All dominoes are used: the territory scores {self.sheet().total}."
        return self.controls.hint(dom, self.kingdom, self.legal_cells())

    def _say(self, text: str, kind: str) -> None:
        self.message_kind = kind
        self.message = text
        self.html = self.markup()

    # ------------------------------------------------------------------ browser events
    def press(self, name: str, data: Mapping[str, str]) -> bool:
        """Answer a button of the board (recruit, rotate, undo, reset, discard, confirm, check,
        hint); False for another name."""
        if name == "recruit":
            self.recruit(int(data["slot"]))
        elif name in ("rotate", "undo", "reset", "discard", "confirm", "check", "hint"):
            getattr(self, name)()
        else:
            return False
        return True

    # ------------------------------------------------------------------ rendering
    def markup(self) -> str:
        """The board as HTML (what the browser shows)."""
        return board_html(self)

    def picture(self) -> str:
        """The board as a still picture (the display data of a stored notebook)."""
        return board_picture(self)

    def picture_words(self) -> str:
        """The still picture's alt text."""
        return picture_words(self)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(mode={self.mode.value}, size={self.size}, placed="
                f"{len(self.kingdom)} squares, hand={[d.number for d in self.hand]}, "
                f"score={self.sheet().total})")
