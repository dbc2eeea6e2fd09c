"""The Origins puzzles in class mode: a student's
:class:`~kingdomino_kit.widgets.origins_board.OriginsBoard` that keeps its steps (placements,
throws, discards, and the Tribe steps) and its Checks in the class's progress file, and
restores them on a reload by replaying them through the board's own actions.

A step as saved: ``["place", number, r1, c1, r2, c2]``, ``["throw", r, c]``,
``["discard", number]``, ``["recruit", slot]``, ``["spend", r, c]``, ``["settle", r, c]``.

>>> import tempfile, pathlib
>>> from kingdomino_kit.server.progress import ProgressStore
>>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "class.db")
>>> from kingdomino_kit.puzzles.lookup import look_up
>>> puzzle = look_up("o01").puzzle
>>> board = class_origins_board(puzzle, store, "Ada")
>>> board.select(board.hand[0].number); board.click(0, 1) or board.click(1, 0)
True
>>> store.board("Ada", puzzle.id) == board.board_steps() != []
True
>>> class_origins_board(puzzle, store, "Ada").board_steps() == board.board_steps()
True
"""

from __future__ import annotations

from typing import Any

from kingdomino_kit.errors import InvariantError, KingdominoError
from kingdomino_kit.grid import Cell
from kingdomino_kit.origins.kingdom import Placement
from kingdomino_kit.origins.puzzles import OriginsPuzzle
from kingdomino_kit.server.progress import ProgressStore, check_name
from kingdomino_kit.widgets.origins_board import OriginsBoard
from kingdomino_kit.widgets.origins_puzzle import origins_puzzle_board

__all__ = ["ClassOriginsBoard", "class_origins_board"]


class ClassOriginsBoard(OriginsBoard):
    """An :class:`OriginsBoard` posing a puzzle of a class: every step and every Check kept in
    the class's progress file (:meth:`attach` says whose; :func:`class_origins_board` makes
    one)."""

    store: ProgressStore | None = None
    student = ""
    puzzle_id = ""
    _steps: list[list[Any]]

    def attach(self, store: ProgressStore, student: str, puzzle_id: str) -> None:
        """Keep this board as ``student``'s board of ``puzzle_id`` in ``store``, first
        restoring what was saved (a saved step that no longer applies is dropped with the
        ones after it)."""
        self.student = check_name(student)
        self.puzzle_id = puzzle_id
        saved = store.board(self.student, puzzle_id) or []
        self._steps = []
        for step in saved:
            if not self._replay(step):
                break
        self.store = store
        if self._steps:
            self._say(f"Welcome back, {self.student}: your board is as you left it. "
                      + self._hint(), "info")

    def board_steps(self) -> list[list[Any]]:
        """The board as saved: its steps, oldest first (a copy)."""
        return [list(step) for step in getattr(self, "_steps", [])]

    def _replay(self, step: list[Any]) -> bool:
        """One saved step through the board's own action; False if it does not apply."""
        try:
            kind, args = step[0], [int(x) for x in step[1:]]
            if kind == "place":
                n, r1, c1, r2, c2 = args
                dom = next((d for d in self.hand if d.number == n), None)
                return dom is not None and self.place(Placement(dom, (r1, c1), (r2, c2)))
            if kind == "throw":
                r, c = args
                return self.phase == "fire" and self.click(r, c) and self.confirm()
            if kind == "discard":
                self.select(args[0])
                return self.discard()
            if kind == "recruit":
                return self.recruit(args[0])
            if kind in ("spend", "settle"):
                r, c = args
                return self.phase == kind and self.click(r, c)
        except (KingdominoError, ValueError, TypeError, IndexError):
            return False
        return False

    def _keep(self, step: list[Any]) -> None:
        if not hasattr(self, "_steps"):  # the board is being made: nothing to keep yet
            return
        self._steps.append(step)
        self._save()

    def _save(self) -> None:
        if self.store is not None:
            self.store.save_board(self.student, self.puzzle_id, self.board_steps())

    # ---------------------------------------------------------------- the board's actions
    def place(self, placement: Placement) -> bool:
        done = super().place(placement)
        if done:
            (r1, c1), (r2, c2) = placement.cells
            self._keep(["place", placement.domino.number, r1, c1, r2, c2])
        return done

    def confirm(self) -> bool:
        target: Cell | None = self.aim
        done = super().confirm()
        if done and target is not None:
            self._keep(["throw", *target])
        return done

    def discard(self) -> bool:
        number = self.selected
        done = super().discard()
        if done:
            self._keep(["discard", number])
        return done

    def recruit(self, slot: int) -> bool:
        done = super().recruit(slot)
        if done:
            self._keep(["recruit", slot])
        return done

    def click(self, row: int, col: int) -> bool:
        phase = self.phase
        done = super().click(row, col)
        if done and phase in ("spend", "settle"):
            self._keep([phase, row, col])
        return done

    def undo(self) -> bool:
        done = super().undo()
        if done and getattr(self, "_steps", None):
            self._steps.pop()
            self._save()
        return done

    def reset(self) -> None:
        super().reset()
        if hasattr(self, "_steps"):
            self._steps = []
            self._save()

    def check(self) -> str | None:
        """Grade as :meth:`OriginsBoard.check` does, and count the try."""
        verdict = super().check()
        if verdict is not None and self.store is not None:
            self.store.record_check(self.student, self.puzzle_id, score=self.sheet().total,
                                    optimal=verdict == "optimal")
        return verdict


def class_origins_board(puzzle: OriginsPuzzle, store: ProgressStore,
                        student: str) -> ClassOriginsBoard:
    """``student``'s board of an Origins ``puzzle``, restored from ``store`` and kept there."""
    board = origins_puzzle_board(puzzle, board_class=ClassOriginsBoard)
    if not isinstance(board, ClassOriginsBoard):
        raise InvariantError("expected isinstance(board, ClassOriginsBoard)")
    board.attach(store, student, puzzle.id)
    return board
