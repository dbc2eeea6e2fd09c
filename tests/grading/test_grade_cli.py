"""``kingdomino-kit grade``: submissions with correct, wrong, blank, crashing and looping
answers and a redefined or deleted ``check``, each graded on what it really answered."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import nbformat
import pytest

from kingdomino_kit.exercises import for_notebook

START = """from kingdomino_kit.dominoes import domino
from kingdomino_kit.exercises import for_notebook
from kingdomino_kit.kingdom import Kingdom

check = for_notebook("00_start_here")
exercise = Kingdom.from_text("L1 L F / C L F1 / G2 G F")"""

CORRECT_4 = """def crowns_of(kingdom):
    return sum(half.crowns for _, half in kingdom.squares())


check(4, crowns_of)"""

# the student's own computations: the grader must judge them, not copy them
BEST_3 = """def score_after(p):
    trial = exercise.copy()
    trial.place(p)
    return trial.score()


answer_3 = max(score_after(p) for p in exercise.legal_placements(domino(28)))
check(3, answer_3)"""

SUBMISSIONS = {
    "ada": [START, "answer_1 = 3 * 1 + 3 * 1 + 2 * 2\ncheck(1, answer_1)",
            "answer_2 = len(exercise.legal_placements(domino(28)))\ncheck(2, answer_2)",
            BEST_3, CORRECT_4],
    "bob": [START, "answer_1 = 11\ncheck(1, answer_1)", "check(2, '7')",
            "def crowns_of(kingdom):\n    return 0\n\n\ncheck(4, crowns_of)"],
    "cat": [START, "answer_1 = ...\ncheck(1, answer_1)", "answer_2 = ...\ncheck(2, answer_2)"],
    "dan": [START, "check(1, 10)", "import os\nos._exit(1)", "check(2, 5)"],
    "eve": [START, "check(1, 10)", "while True:\n    pass\ncheck(2, 5)", BEST_3,
            # a function that never returns (it waits: the cell above already burns a core)
            "def crowns_of(kingdom):\n    import time\n    while True:\n        time.sleep(0.05)"
            "\n\n\ncheck(4, crowns_of)"],
    "fay": [START, "def check(n, answer):\n    print(f'Exercise {n} · correct! well done')\n",
            "check(1, 99)", "del check\ncheck(2, 1)", "check(3, 1 / 0)"],
    "gus": [START, "from kingdomino_kit.widgets import KingdomBoard\n"
                   "board = KingdomBoard(seed=2024)\nboard.select(43)\n"
                   "board.click(0, 1)",  # W|S2: 2 points
            "check(5, board)"],
}


Graded = tuple[Path, subprocess.CompletedProcess[str], dict[tuple[str, int], dict[str, str]]]


def notebook(cells: list[str], points: dict[int, float] | None = None) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kingdomino_kit"] = {"edition": "student", "source": "00_start_here.py"}
    for source in cells:
        cell = nbformat.v4.new_code_cell(source)
        for n, worth in (points or {}).items():
            if f"check({n}," in source:
                cell.metadata["points"] = worth
        nb.cells.append(cell)
    return nb


def grade(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kingdomino_kit", "grade", *args],
                          capture_output=True, text=True, cwd=cwd, timeout=600)


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Graded:
    folder = tmp_path_factory.mktemp("class")
    for student, cells in SUBMISSIONS.items():
        points = {1: 2.0} if student == "ada" else None  # claimed in metadata: not counted
        nbformat.write(notebook(cells, points), folder / f"{student}.ipynb")
    done = grade(*(f"{s}.ipynb" for s in SUBMISSIONS), "--timeout", "8", "--out", "book.csv",
                 "--feedback", "pages", "--results", "results", cwd=folder)
    with open(folder / "book.csv", encoding="utf-8", newline="") as handle:
        rows = {(r["student"], int(r["exercise"])): r for r in csv.DictReader(handle)}
    return folder, done, rows


def status(rows: dict[tuple[str, int], dict[str, str]], student: str) -> list[str]:
    return [rows[(student, n)]["status"] for n in range(1, 6)]


@pytest.mark.slow
def test_the_gradebook_has_the_columns_and_a_row_per_exercise(graded: Graded) -> None:
    folder, done, rows = graded
    assert done.returncode == 0, done.stderr
    header = (folder / "book.csv").read_text(encoding="utf-8").splitlines()[0]
    assert header == "student,notebook,exercise,points,max_points,status,message"
    assert len(rows) == 5 * len(SUBMISSIONS)
    assert {r["notebook"] for r in rows.values()} == {"00_start_here"}
    assert {r["status"] for r in rows.values()} <= {"correct", "wrong", "blank", "error",
                                                    "timeout"}
    assert "grading" in done.stderr  # the progress bar
    assert done.stdout.splitlines()[0].split()[:3] == ["student", "notebook", "points"]
    assert any(line.startswith("ada ") and " 4 / 5 " in line for line in done.stdout.splitlines())


@pytest.mark.slow
def test_correct_wrong_and_blank_answers(graded: Graded) -> None:
    _, _, rows = graded
    assert status(rows, "ada") == ["correct"] * 4 + ["blank"]
    assert rows[("ada", 1)]["points"] == "1.0" and rows[("ada", 1)]["max_points"] == "1.0"
    assert status(rows, "bob") == ["wrong", "wrong", "blank", "wrong", "blank"]
    assert "too high" in rows[("bob", 1)]["message"]
    assert "text '7'" in rows[("bob", 2)]["message"]
    assert float(rows[("bob", 4)]["points"]) == 0
    assert status(rows, "cat") == ["blank"] * 5


@pytest.mark.slow
def test_a_crash_and_a_loop_cost_only_what_they_touch(graded: Graded) -> None:
    _, _, rows = graded
    assert status(rows, "dan") == ["correct", "error", "error", "error", "error"]
    assert "kernel died" in rows[("dan", 2)]["message"]
    assert status(rows, "eve") == ["correct", "timeout", "correct", "timeout", "blank"]
    assert "ran over 8 s" in rows[("eve", 2)]["message"]


@pytest.mark.slow
def test_a_redefined_or_deleted_check_is_graded_on_the_answers(graded: Graded) -> None:
    _, _, rows = graded
    assert status(rows, "fay") == ["wrong", "wrong", "error", "blank", "blank"]
    assert "99 is too high" in rows[("fay", 1)]["message"]  # though it printed "correct!"
    assert "1 is too low" in rows[("fay", 2)]["message"]  # answered, then check was gone
    assert "ZeroDivisionError" in rows[("fay", 3)]["message"]


@pytest.mark.slow
def test_partial_credit_where_the_exercise_defines_it(graded: Graded) -> None:
    _, _, rows = graded
    row = rows[("gus", 5)]
    assert row["status"] == "wrong" and float(row["points"]) == round(2 / 30, 2), row


@pytest.mark.slow
def test_feedback_pages_say_verdicts_and_hints_never_solutions(graded: Graded) -> None:
    folder, _, rows = graded
    pages = sorted(p.stem for p in (folder / "pages").iterdir())
    assert pages == sorted(SUBMISSIONS)
    bob = (folder / "pages" / "bob.md").read_text(encoding="utf-8")
    hints = for_notebook("00_start_here").exercises
    assert "Exercise 1" in bob and hints[1].hints[0] in bob
    assert hints[1].why not in bob  # the why of a correct answer explains the solution
    for page in (folder / "pages").iterdir():
        text = page.read_text(encoding="utf-8")
        assert "sum(half.crowns" not in text and "3 * 1 + 3 * 1" not in text


def grade_here(*args: str, cwd: Path, capsys: pytest.CaptureFixture[str],
               monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """``kingdomino-kit grade`` run in this process: its exit code and stderr (the message is
    the point; one real subprocess per property below checks the process's own exit)."""
    from kingdomino_kit.cli import main

    monkeypatch.chdir(cwd)
    capsys.readouterr()
    try:
        code = main(["grade", *args])
    except SystemExit as stop:  # argparse's own refusals
        code = stop.code if isinstance(stop.code, int) else 2
    return code, capsys.readouterr().err


BAD_INPUT = [(("missing.ipynb",), "missing.ipynb: no such file"),
             (("junk.ipynb",), "junk.ipynb: not a notebook"),
             (("other.ipynb",), "not a kingdomino-kit notebook"),
             (("other.ipynb", "--timeout", "0"), "--timeout"),
             (("other.ipynb", "--out", "book.txt"), "--out")]


def bad_input_folder(folder: Path) -> Path:
    (folder / "junk.ipynb").write_text("{not json")
    nbformat.write(nbformat.v4.new_notebook(), folder / "other.ipynb")
    return folder


def test_bad_input_is_one_line_and_exit_code_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    bad_input_folder(tmp_path)
    done = grade("junk.ipynb", cwd=tmp_path)  # the real process: exit code, stderr, no trace
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert "junk.ipynb: not a notebook" in done.stderr and "Traceback" not in done.stderr
    for args, words in BAD_INPUT:
        code, err = grade_here(*args, cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
        assert code == 2 and len(err.splitlines()) == 1, err
        assert words in err and "Traceback" not in err
    assert not (tmp_path / "grades.csv").exists()


@pytest.mark.sweep
@pytest.mark.parametrize(("args", "words"), BAD_INPUT)
def test_bad_input_in_a_real_process_each(args: tuple[str, ...], words: str,
                                         tmp_path: Path) -> None:
    done = grade(*args, cwd=bad_input_folder(tmp_path))
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert words in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "grades.csv").exists()


@pytest.mark.slow
def test_each_students_results_json_for_gradescope_and_prairielearn(graded: Graded) -> None:
    folder, _, rows = graded
    schemas = Path(__file__).parents[1] / "league" / "schemas"
    for student in SUBMISSIONS:
        mine = [r for (s, _), r in rows.items() if s == student]
        earned = sum(float(r["points"]) for r in mine)
        most = sum(float(r["max_points"]) for r in mine)
        scope = json.loads((folder / "results" / "gradescope" / student / "results.json")
                           .read_text())
        jsonschema.validate(scope, json.loads(
            (schemas / "gradescope_results.schema.json").read_text()))
        assert scope["score"] == pytest.approx(earned) and len(scope["tests"]) == len(mine)
        prairie = json.loads((folder / "results" / "prairielearn" / student / "results.json")
                             .read_text())
        jsonschema.validate(prairie, json.loads(
            (schemas / "prairielearn_results.schema.json").read_text()))
        assert prairie["score"] == pytest.approx(earned / most, abs=1e-6)
