"""The plays saved in a submission, judged without a kernel: the best of the fresh run's answer
and the saved plays counts, each play replayed by the grader's rules (cross-checked with the
kingdom built here by the test's own player)."""

from __future__ import annotations

from typing import Any

import nbformat

from kingdomino_kit.exercises.boards import BOARD_MIME, BoardPlay
from kingdomino_kit.grading.boards import saved_boards
from kingdomino_kit.grading.plain_data import encode
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.widgets.board import parse_hand
from tests.grading.board_clicks import greedy

MOVES = greedy(parse_hand(None, 5, 2024), Kingdom())
GOOD = [[p.domino.number, *p.first, *p.second] for p in MOVES]


def notebook(*boards: Any, name: str = "00_start_here") -> nbformat.NotebookNode:
    outputs = [nbformat.v4.new_output("execute_result", data={  # type: ignore[no-untyped-call]
        "text/plain": "Exercise 5 · …", BOARD_MIME: {"notebook": name, "exercise": 5,
                                                    "board": board}}) for board in boards]
    cell = nbformat.v4.new_code_cell("check(5, board)")  # type: ignore[no-untyped-call]
    cell.outputs = outputs
    return nbformat.v4.new_notebook(cells=[cell])  # type: ignore[no-untyped-call]


def empty_run() -> list[dict[str, Any]]:
    return [{"number": 5, "answer": encode(BoardPlay(()))}]


def test_a_saved_play_beats_the_empty_board_of_the_fresh_run() -> None:
    built = Kingdom()
    for p in MOVES:
        built.place(p)
    assert built.score() >= 30
    added = saved_boards(notebook({"actions": GOOD}), "00_start_here", empty_run())
    assert [a["judged"]["status"] for a in added] == ["correct"]


def test_the_best_play_counts_and_a_short_one_earns_its_share() -> None:
    first = GOOD[:1]
    trial = Kingdom()
    trial.place(MOVES[0])
    added = saved_boards(notebook({"actions": first}), "00_start_here", empty_run())
    assert added[0]["judged"]["status"] == "wrong"
    assert abs(added[0]["judged"]["credit"] - trial.score() / 30) < 1e-9
    both = saved_boards(notebook({"actions": first}, {"actions": GOOD}), "00_start_here",
                        empty_run())
    assert both[0]["judged"]["status"] == "correct"


def test_forged_or_foreign_plays_change_nothing_better() -> None:
    correct_run = [{"number": 5, "answer": encode(BoardPlay(tuple(map(tuple, GOOD))))}]
    forged = notebook({"actions": [[48, 0, 1, 0, 2]]}, {"actions": "all"})
    assert saved_boards(forged, "00_start_here", correct_run) == []
    assert saved_boards(notebook({"actions": GOOD}, name="05_puzzles"), "00_start_here",
                        empty_run()) == []
    added = saved_boards(forged, "00_start_here", empty_run())
    assert added[0]["judged"]["status"] == "kind" and added[0]["judged"]["credit"] == 0
