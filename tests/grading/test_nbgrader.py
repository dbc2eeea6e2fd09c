"""The nbgrader export proven with nbgrader itself: ``generate_assignment`` makes a release
with no solution in it, and ``autograde`` scores a student's answers through the kit's
checker (installed by ``make test``: the ``grading`` extra)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent  # nbgrader runs its own tools (alembic) from here


def run(*cmd: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True,
                          timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT),
                                            "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"})
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


@pytest.mark.slow
def test_nbgrader_generates_the_assignment_and_autogrades_with_the_checker(
        tmp_path: Path) -> None:
    from nbgrader.api import Gradebook

    course = tmp_path / "course"
    run(sys.executable, "-m", "kingdomino_kit", "notebooks", "--source", ROOT / "lessons",
        "--only", "00_start_here", "--nbgrader", course / "source" / "ps1", cwd=tmp_path)
    (course / "nbgrader_config.py").write_text(
        f"c = get_config()\nc.CourseDirectory.root = {str(course)!r}\n"
        "c.CourseDirectory.course_id = 'kingdomino'\n")
    nbgrader = BIN / "nbgrader"
    run(nbgrader, "generate_assignment", "ps1", "--force", "--create", cwd=course)
    release = (course / "release" / "ps1" / "00_start_here.ipynb").read_text(encoding="utf-8")
    assert "SOLUTION" not in release and "3 * 1 + 3 * 1" not in release
    assert "sum(half.crowns" not in release

    nb = nbformat.read(course / "release" / "ps1" / "00_start_here.ipynb", as_version=4)
    answer(nb, 1, "answer_1 = 10")  # right
    answer(nb, 2, "answer_2 = 99")  # wrong
    folder = course / "submitted" / "ada" / "ps1"
    folder.mkdir(parents=True)
    nbformat.write(nb, folder / "00_start_here.ipynb")
    run(nbgrader, "autograde", "ps1", "--create", "--force", cwd=course)

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        def score(n: int) -> float:
            grade = gradebook.find_grade(f"exercise-{n}", "00_start_here", "ps1", "ada")
            return float(grade.score)

        assert score(1) == 1.0 and score(2) == 0.0 and score(4) == 0.0
        grade = gradebook.find_grade("exercise-1", "00_start_here", "ps1", "ada")
        assert grade.max_score == 1.0
    graded = nbformat.read(course / "autograded" / "ada" / "ps1" / "00_start_here.ipynb",
                           as_version=4)
    failed = [o for c in graded.cells for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert any("Exercise 2 · not yet: 99 is too high" in o.get("evalue", "") for o in failed)
