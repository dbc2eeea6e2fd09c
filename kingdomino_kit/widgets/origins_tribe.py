"""Tribe mode on the Origins board (:class:`~kingdomino_kit.widgets.origins_board.OriginsBoard`):
recruit a face-up caveman, spend the resources he costs, settle him on a square.

The steps are the board's own (each undoable, an illegal click explained and changing nothing);
they live here, as a mixin the board inherits, so that the board's module keeps to placing and
throwing. The mixin sees the board through :class:`TribeBoard` (no import of the board).
"""

from __future__ import annotations

from typing import Protocol

from kingdomino_kit.errors import InvariantError
from kingdomino_kit.grid import Cell
from kingdomino_kit.origins.kingdom import OriginsKingdom
from kingdomino_kit.origins.scoring import Mode, ScoreSheet
from kingdomino_kit.origins.tribe import RECRUIT_COST
from kingdomino_kit.widgets.origins_hand import BoardState

__all__ = ["TribeBoard", "TribeSteps"]


class TribeBoard(Protocol):
    """What the Tribe steps use of an Origins board."""

    mode: Mode
    _state: BoardState

    @property
    def kingdom(self) -> OriginsKingdom: ...
    @property
    def phase(self) -> str: ...
    def legal_cells(self) -> set[Cell]: ...
    def sheet(self) -> ScoreSheet: ...
    def name(self, cell: Cell) -> str: ...
    def _push(self) -> None: ...
    def _after_action(self) -> None: ...
    def _hint(self) -> str: ...
    def _say(self, text: str, kind: str) -> None: ...


class TribeSteps:
    """Recruit, spend and settle: the Tribe mode's steps of the Origins board."""

    def recruit(self: TribeBoard, slot: int) -> bool:
        """Tribe mode: recruit the face-up caveman of ``slot`` (0–3) for 2 different
        resources, spent with the next clicks."""
        state = self._state
        kinds = set(self.kingdom.resources.values())
        if self.mode is not Mode.TRIBE or self.phase != "place":
            self._say("Recruiting is for Tribe mode, between placements." if
                      self.mode is not Mode.TRIBE else self._hint(), "error")
            return False
        if not 0 <= slot < len(state.cave) or state.cave[slot] is None:
            self._say(f"No caveman in slot {slot + 1}.", "error")
            return False
        cost = RECRUIT_COST["board"]
        if len(kinds) < cost:
            self._say(f"Recruiting needs {cost} different resources; the territory has "
                      f"{len(kinds)} kind(s).", "error")
            return False
        self._push()
        man = state.cave[slot]
        if man is None:
            raise InvariantError("expected man is not None")
        state.cave[slot] = state.pile.pop() if state.pile else None
        state.recruit = (man, cost, [])
        self._after_action()
        self._say(f"Recruiting a {man.value}. " + self._hint(), "ok")
        return True

    def _spend(self: TribeBoard, cell: Cell) -> bool:
        state = self._state
        if state.recruit is None:
            raise InvariantError("expected state.recruit is not None")
        if cell not in self.legal_cells():
            self._say(f"Cannot spend on {self.name(cell)}: it needs a wooden resource of a "
                      "kind not spent yet. The territory is unchanged.", "error")
            return False
        self._push()
        state.recruit[2].append(self.kingdom.spend(cell))
        self._after_action()
        self._say(f"Spent the {state.recruit[2][-1].value} on {self.name(cell)}. "
                  + self._hint(), "ok")
        return True

    def _settle(self: TribeBoard, cell: Cell) -> bool:
        state = self._state
        if state.recruit is None:
            raise InvariantError("expected state.recruit is not None")
        man = state.recruit[0]
        if cell not in self.legal_cells():
            self._say(f"A caveman cannot settle on {self.name(cell)}: it needs a terrain "
                      "square with no volcano, fire symbol, token, resource or caveman. The "
                      "territory is unchanged.", "error")
            return False
        before = self.sheet().total
        self._push()
        self.kingdom.settle(cell, man)
        state.recruit = None
        self._after_action()
        self._say(f"The {man.value} settled on {self.name(cell)}: score {before} → "
                  f"{self.sheet().total}. " + self._hint(), "ok")
        return True
