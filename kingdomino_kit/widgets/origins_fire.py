"""Fire on the Origins board (:class:`~kingdomino_kit.widgets.origins_board.OriginsBoard`): each
volcano placed throws a fire token from the box; a click aims it, *Throw* (or a second click,
or Enter) throws it; a token with no square to land on goes back to the box by itself.

The steps are the board's own (each undoable, an illegal click explained and changing nothing);
they live here, as a mixin the board inherits, as the Tribe steps do
(:mod:`kingdomino_kit.widgets.origins_tribe`). The mixin sees the board through
:class:`FireBoard` (no import of the board).
"""

from __future__ import annotations

from typing import Protocol

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.grid import Cell
from kingdomino_kit.origins.fire import within
from kingdomino_kit.origins.render import square_words
from kingdomino_kit.render import name_cells
from kingdomino_kit.widgets.origins_tribe import TribeBoard

__all__ = ["FireBoard", "FireSteps"]


class FireBoard(TribeBoard, Protocol):
    """What the fire steps use of an Origins board (what the Tribe steps use, and more)."""

    size: int
    _aim: Cell | None

    def confirm(self) -> bool: ...
    def _next_token(self, said: str) -> None: ...


class FireSteps:
    """Aim and throw: the fire steps of the Origins board."""

    _aim: Cell | None = None

    @property
    def aim(self: FireBoard) -> Cell | None:
        """Where the fire token about to be thrown is aimed (None: not aimed yet)."""
        return self._aim

    def fire_reach(self: FireBoard) -> list[Cell]:
        """Every cell the token about to be thrown can reach (king moves), row-major."""
        if not self._state.fire:
            return []
        volcano, fire = self._state.fire[0]
        return within(volcano, 4 - fire)

    def _next_token(self: FireBoard, said: str) -> None:
        """Take the next volcano's token from the box; one with no square allowed goes back
        to the box by itself. Then say what is next."""
        state = self._state
        self._aim = None
        while state.fire:
            volcano, fire = state.fire[0]
            if state.supply[fire] == 0:
                state.fire.pop(0)
                continue
            if self.kingdom.fire_targets(volcano, fire):
                state.supply[fire] -= 1
                break
            state.supply[fire] -= 1
            self.kingdom.throw(volcano, fire, None)
            state.fire.pop(0)
            said += (f" The {fire}-fire token of the volcano on {self.name(volcano)} has no "
                     "square to land on: back to the box.")
        self._after_action()
        self._say(f"{said} {self._hint()}".strip(), "ok")

    def _fire_click(self: FireBoard, cell: Cell) -> bool:
        volcano, fire = self._state.fire[0]
        if cell not in self.kingdom.fire_targets(volcano, fire):
            try:
                self.kingdom.copy().throw(volcano, fire, cell)
                why = "not allowed"
            except KingdominoError as error:
                why = name_cells(str(error), self.size)
            self._say(f"Cannot throw there: {why}. The territory is unchanged.", "error")
            return False
        if self._aim != cell:
            self._aim = cell
            self._say(f"Aimed: the {fire}-fire token from {self.name(volcano)} would land on "
                      f"{square_words(self.kingdom, cell)}. Throw (or Enter, or a click on it "
                      "again) to confirm.", "info")
            return True
        return self.confirm()

    def confirm(self: FireBoard) -> bool:
        """Throw the fire token on the cell aimed at."""
        if self.phase != "fire" or self._aim is None:
            self._say("Nothing to throw: aim a fire token at a square first." if
                      self.phase == "fire" else "No fire token to throw now.", "error")
            return False
        volcano, fire = self._state.fire[0]
        before = self.sheet().total
        self._push()
        target = self._aim
        self.kingdom.throw(volcano, fire, target)
        self._state.fire.pop(0)
        self._state.throws += 1
        self._next_token(f"Threw the {fire}-fire token onto {self.name(target)}: score "
                         f"{before} → {self.sheet().total}.")
        return True
