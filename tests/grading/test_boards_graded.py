"""Board exercises graded on the board the student built by clicks: the play saved in the
notebook when the board was checked, replayed by the grader's rules. A board built by clicks
in a real kernel grades ``correct`` (00 ex 5 and 05 ex 4); forged plays in the saved notebook
(an illegal placement, a domino from no hand, a claimed score, junk) never do."""

from __future__ import annotations

import copy
import csv
import subprocess
import sys
from typing import Any

import nbformat
import pytest

from kingdomino_kit.exercises.boards import BOARD_MIME
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.puzzles import find_puzzle
from kingdomino_kit.widgets.board import parse_hand
from tests.grading.board_clicks import clicks_for, greedy, play, student_notebook

START = ("from kingdomino_kit.widgets import KingdomBoard\n"
         "board = KingdomBoard(seed=2024, title='Your kingdom')\nboard")
PUZZLE = ("from kingdomino_kit.widgets import PuzzleBoard\n"
          "board = PuzzleBoard('14-best-kingdom')\nboard")


def checker(name: str) -> str:
    return f"from kingdomino_kit.exercises import for_notebook\ncheck = for_notebook({name!r})"


def forged(nb: nbformat.NotebookNode, board: Any) -> nbformat.NotebookNode:
    """The notebook with its saved play replaced by ``board``."""
    out = copy.deepcopy(nb)
    for cell in out.cells:
        for output in cell.get("outputs", []):
            if BOARD_MIME in output.get("data", {}):
                output["data"][BOARD_MIME]["board"] = board
    return out


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[tuple[str, int], Any], Any]:
    folder = tmp_path_factory.mktemp("boards")
    moves = greedy(parse_hand(None, 5, 2024), Kingdom())
    ada = play([START, checker("00_start_here"), "check(5, board)"], 0, clicks_for(moves),
               "00_start_here", folder / "ada.ipynb")
    puzzle = find_puzzle("14-best-kingdom")
    play([PUZZLE, checker("05_puzzles"), "check(4, board)"], 0,
         clicks_for(puzzle.solution.order), "05_puzzles", folder / "pia.ipynb")
    # a board never clicked, handed in without running it: the grader's own run finds it empty
    nbformat.write(student_notebook([START, checker("00_start_here"), "check(5, board)"],
                                    "00_start_here"), folder / "nob.ipynb")
    good = next(o["data"][BOARD_MIME]["board"] for c in ada.cells for o in c.get("outputs", [])
                if BOARD_MIME in o.get("data", {}))
    first = good["actions"][0]
    fakes = {
        "ill": {**good, "actions": [[first[0], 4, 4, 4, 5], *good["actions"][1:]]},
        "twice": {**good, "actions": [*good["actions"], good["actions"][0]]},
        "hand": {"actions": [[48, 0, 1, 0, 2]], "kingdom": "C M3 M3", "size": 5},
        "claim": {"actions": [], "kingdom": "M3 M3 M3 M3 / M3 C M3 M3", "size": 5, "score": 51},
        "junk": {"actions": "all of them", "score": 51},
    }
    for name, board in fakes.items():
        nbformat.write(forged(ada, board), folder / f"{name}.ipynb")
    names = ["ada", "pia", "nob", *fakes]
    done = subprocess.run([sys.executable, "-m", "kingdomino_kit", "grade",
                           *(f"{n}.ipynb" for n in names), "--timeout", "60", "--out",
                           "book.csv", "--feedback", "pages"], capture_output=True, text=True,
                          cwd=folder, timeout=900)
    assert done.returncode == 0, done.stderr
    with open(folder / "book.csv", encoding="utf-8", newline="") as handle:
        rows = {(r["student"], int(r["exercise"])): r for r in csv.DictReader(handle)}
    return rows, (folder, good, moves)


@pytest.mark.slow
def test_a_board_built_by_clicks_grades_correct(graded: Any) -> None:
    rows, (folder, good, moves) = graded
    assert len(good["actions"]) == len(moves) and "score" not in good  # the clicks, saved
    expected = Kingdom()
    for p in moves:
        expected.place(p)
    assert expected.score() >= 30  # the test's own player reaches the goal
    assert rows[("ada", 5)]["status"] == "correct", rows[("ada", 5)]
    assert float(rows[("ada", 5)]["points"]) == float(rows[("ada", 5)]["max_points"])
    assert rows[("pia", 4)]["status"] == "correct", rows[("pia", 4)]
    assert rows[("nob", 5)]["status"] == "blank" and "still empty" in rows[("nob", 5)]["message"]
    page = (folder / "pages" / "ada.md").read_text(encoding="utf-8")
    assert "**Exercise 5** (1 of 1, correct)" in page


@pytest.mark.slow
@pytest.mark.parametrize(("name", "words"), [("ill", "not legal here"),
                                             ("twice", "placed twice"),
                                             ("hand", "not in this exercise's hand"),
                                             ("claim", "still empty"),
                                             ("junk", "cannot be read")])
def test_a_forged_board_never_grades_correct(graded: Any, name: str, words: str) -> None:
    rows, _ = graded
    row = rows[(name, 5)]
    assert row["status"] in ("wrong", "blank") and float(row["points"]) == 0, row
    assert words in row["message"], row
