"""The class switch: with ``KINGDOMINO_KIT_HIDE_ANSWERS`` set, a puzzle board shows no answer,
no hint ("Aim for N") and no proven optimum; ``reveal=`` overrides it per board."""

from __future__ import annotations

import pytest

from kingdomino_kit.puzzles import find_puzzle
from kingdomino_kit.widgets import PuzzleBoard
from kingdomino_kit.widgets.classroom import HIDE_ANSWERS

PUZZLE = "51-best-kingdom"  # its hint starts "Aim for 29"


def test_the_switch_hides_answer_hint_and_optimum(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = find_puzzle(PUZZLE)
    assert puzzle.hint.startswith("Aim for") and puzzle.solution is not None
    shown = PuzzleBoard(PUZZLE)
    assert "Show an answer" in shown.html and ">Hint<" in shown.html
    monkeypatch.setenv(HIDE_ANSWERS, "1")
    hidden = PuzzleBoard(PUZZLE)
    assert "Show an answer" not in hidden.html and ">Hint<" not in hidden.html
    hidden.show_answer()
    hidden.show_hint()
    optimum = str(puzzle.solution.optimum)
    assert "Aim for" not in hidden.html and "optimal layout" not in hidden.html
    assert hidden.message == "Hints are hidden in this class."
    first = hidden.kingdom.legal_placements(hidden.hand[0])[0]
    hidden.click(*first.first)
    hidden.check()
    assert "proven optimum" not in hidden.html and f"optimum is {optimum}" not in hidden.message
    assert "Show an answer" in PuzzleBoard(PUZZLE, reveal=True).html  # the board's own say


def test_the_switch_is_read_when_a_board_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    board = PuzzleBoard(PUZZLE)
    monkeypatch.setenv(HIDE_ANSWERS, "yes")
    board.show_answer()  # made before the switch: keeps showing
    assert "optimal layout" in board.html
    monkeypatch.setenv(HIDE_ANSWERS, "0")
    assert "Show an answer" in PuzzleBoard(PUZZLE).html
