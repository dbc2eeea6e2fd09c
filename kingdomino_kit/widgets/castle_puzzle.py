"""A stored Kingdoms castle puzzle on a page: its start board, on which a click scores a row and
a column (:class:`~kingdomino_kit.widgets.kingdoms_board.ScoringBoard`), its question above it
and how to have an answer graded. Never its answer.

>>> from kingdomino_kit.kingdoms.puzzles import castle_puzzles
>>> board = CastlePuzzleBoard(castle_puzzles()[0])
>>> board.message.startswith("You are player a."), "k01-three-castles" in board.html
(True, True)
"""

from __future__ import annotations

from kingdomino_kit.kingdoms.puzzles import CastlePuzzle
from kingdomino_kit.widgets.kingdoms_board import ScoringBoard

__all__ = ["CastlePuzzleBoard"]


class CastlePuzzleBoard(ScoringBoard):
    """A castle puzzle's start board, scored cell by cell, with its question as the message
    whenever no cell is selected."""

    def __init__(self, puzzle: CastlePuzzle) -> None:
        self.castle_puzzle = puzzle
        self.question = (f"{puzzle.question} Click a cell to score its row and column; "
                         f"`kingdomino-kit puzzle check {puzzle.id.split('-', 1)[0]} "
                         "--answer BOARD` grades a finished board.")
        super().__init__(puzzle.problem.board, title=f"{puzzle.id}: {puzzle.title}")

    def _render(self) -> None:
        if self.selected is None:
            self.message = self.question
        super()._render()
