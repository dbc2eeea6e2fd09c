"""The nbgrader export proven with nbgrader itself: ``generate_assignment`` makes a release
with no solution in it, and ``autograde`` scores a student's answers through the kit's
checker (installed by ``make test``: the ``grading`` extra). The export runs as from an
installed kit: the environment's Python in a folder of its own, no ``lessons/`` there, no
``PYTHONPATH``; nbgrader's two steps run its converters in this process, configured by the
``nbgrader_config.py`` the export wrote, and autograde runs each submission in a kernel of its
own."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.widgets.board import parse_hand
from tests.grading.board_clicks import clicks_for, greedy, play_notebook

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent  # nbgrader runs its own tools (alembic) from here


def run(*cmd: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True,
                          timeout=600, env={**env, "PATH": f"{BIN}{os.pathsep}{env['PATH']}"})
    assert done.returncode == 0, done.stderr[-2000:]
    return done


def answer(nb: nbformat.NotebookNode, number: int, code: str) -> None:
    """The student replaces the stub of the answer cell that checks ``number``."""
    for cell in nb.cells:
        if cell.cell_type == "code" and f"check({number}," in cell.source and \
                "raise NotImplementedError" in cell.source:
            cell.source = cell.source.replace("raise NotImplementedError()", code)
            return
    raise AssertionError(f"no answer cell for exercise {number}")


def nbgrader_step(step: Any, course: Path, monkeypatch: pytest.MonkeyPatch,
                  **flags: bool) -> None:
    """nbgrader's ``step`` (``generate_assignment``, ``autograde``: its converter, what its
    command runs) for assignment ``ps1`` in this process, configured as the command is: by the
    course's ``nbgrader_config.py``, read by traitlets' loader of such files. (Not its own
    process: nbgrader's command line takes seconds of imports, each time.)"""
    from nbgrader.coursedir import CourseDirectory
    from nbgrader.utils import capture_log
    from traitlets.config.loader import PyFileConfigLoader

    monkeypatch.chdir(course)
    monkeypatch.setenv("PATH", f"{BIN}{os.pathsep}{os.environ['PATH']}")
    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    coursedir = CourseDirectory(config=config)
    coursedir.assignment_id = "ps1"
    app = step(coursedir=coursedir, config=config, force=True, **flags)
    done = capture_log(app)
    assert done["success"], (done.get("error"), done.get("log", "")[-2000:])


PATCHES = {
    # the checker in the kernel says "correct" to everything
    "ada": "import kingdomino_kit.exercises.checker as c\n"
           "c.Checker.grade = lambda self, n, a: c.Feedback(n, 'correct', 'correct!', credit=1.0)",
    # the locked test cells' require does nothing
    "bob": "import kingdomino_kit.grading.nbgrader as g\ng.require = lambda *args: None",
}


@pytest.mark.slow
def test_locked_tests_cannot_be_neutralised_and_a_board_built_by_clicks_scores(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nbgrader.api import Gradebook

    course = tmp_path / "course"
    assert not (tmp_path / "lessons").exists()  # the kit finds its own sources
    done = run(sys.executable, "-m", "kingdomino_kit", "notebooks", "--only", "00_start_here",
               "--nbgrader", course / "source" / "ps1", cwd=tmp_path)
    config = course / "nbgrader_config.py"  # the export writes the kit's autograde steps
    assert done.stdout.splitlines()[-1] == f"{config}: written (the kit's autograde steps)"
    with config.open("a", encoding="utf-8") as handle:
        handle.write(f"c.CourseDirectory.root = {str(course)!r}\n"
                     "c.CourseDirectory.course_id = 'kingdomino'\n")
    from nbgrader.converters import Autograde, GenerateAssignment

    nbgrader_step(GenerateAssignment, course, monkeypatch, create_assignment=True)
    text = (course / "release" / "ps1" / "00_start_here.ipynb").read_text(encoding="utf-8")
    assert "SOLUTION" not in text and "3 * 1 + 3 * 1" not in text
    assert "sum(half.crowns" not in text and "best_kingdom" not in text  # nor the teacher's
    release = nbformat.read(course / "release" / "ps1" / "00_start_here.ipynb", as_version=4)
    tests = [c for c in release.cells if c.metadata.get("nbgrader", {}).get("grade")]
    assert [c.metadata.nbgrader.grade_id for c in tests] == [f"exercise-{n}" for n in
                                                            range(1, 6)]
    board = next(i for i, c in enumerate(release.cells) if "KingdomBoard(seed=2024" in c.source)
    moves = greedy(parse_hand(None, 5, 2024), Kingdom())
    nb = copy.deepcopy(release)
    answer(nb, 1, f"answer_1 = 10\n{PATCHES['ada']}")  # right, and the patch
    answer(nb, 2, "answer_2 = 99")  # wrong
    for cell in nb.cells:  # a function that is wrong
        cell.source = cell.source.replace("    raise NotImplementedError()", "    return 0")
    for student in PATCHES:
        (course / "submitted" / student / "ps1").mkdir(parents=True)
    played = play_notebook(nb, board, clicks_for(moves),
                           course / "submitted" / "ada" / "ps1" / "00_start_here.ipynb")
    # Bob's notebook is Ada's as she played it, his patch in place of hers: autograde clears
    # every output and runs each submission afresh in a kernel of its own, keeping of the
    # student's run only the board's saved play — the same clicks, whichever patch ran.
    for cell in played.cells:
        cell.source = cell.source.replace(PATCHES["ada"], PATCHES["bob"])
    assert sum(PATCHES["bob"] in c.source for c in played.cells) == 1
    nbformat.write(played, course / "submitted" / "bob" / "ps1" / "00_start_here.ipynb")
    nbgrader_step(Autograde, course, monkeypatch, create_student=True)

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        def score(student: str, n: int) -> float:
            grade = gradebook.find_grade(f"exercise-{n}", "00_start_here", "ps1", student)
            return float(grade.score)

        assert [score("ada", n) for n in range(1, 6)] == [1, 0, 0, 0, 1]
        assert [score("bob", n) for n in (2, 4, 5)] == [0, 0, 1]
    graded = nbformat.read(course / "autograded" / "ada" / "ps1" / "00_start_here.ipynb",
                           as_version=4)
    errors = [o.get("evalue", "") for c in graded.cells for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert any("Exercise 4 · not yet: crowns_of(" in e and "gives 0" in e for e in errors), errors


def test_every_notebook_exports_one_locked_test_per_exercise(tmp_path: Path) -> None:
    from kingdomino_kit.cli import main
    from kingdomino_kit.exercises import NOTEBOOKS, for_notebook

    # in this process (the test above runs the export as its own process)
    assert main(["notebooks", "--source", str(ROOT / "lessons"), "--nbgrader",
                 str(tmp_path / "ps")]) == 0
    for name in NOTEBOOKS:
        nb = nbformat.read(tmp_path / "ps" / f"{name}.ipynb", as_version=4)
        tests = [c.metadata.nbgrader for c in nb.cells if c.metadata.get("nbgrader", {}).get(
            "grade")]
        exercises = for_notebook(name).exercises
        assert [t.grade_id for t in tests] == [f"exercise-{n}" for n in exercises], name
        assert all(t.locked and t.points == exercises[int(t.grade_id[9:])].points
                   for t in tests)
