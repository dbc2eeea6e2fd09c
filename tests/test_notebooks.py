"""The notebooks (the teaching path 00–08 and those after it): one source each
(``notebooks/NN_name.py``), a student edition (the ``.ipynb`` beside it, executed, outputs
stored; nbval runs it again under ``make test``)
and a teacher edition made from the same source, whose solutions must all pass.
"""

from __future__ import annotations

import re
from pathlib import Path

import jupytext
import nbformat
import pytest

from kingdomino_kit.cli.notebooks import execute
from kingdomino_kit.exercises import NOTEBOOKS
from kingdomino_kit.exercises.editions import count_solutions, student_edition, teacher_edition

FOLDER = Path(__file__).resolve().parent.parent / "notebooks"
ALL = sorted(p.stem for p in FOLDER.glob("[0-9][0-9]_*.py"))
WITH_EXERCISES = sorted(NOTEBOOKS)
FEEDBACK = re.compile(r"^Exercise \d+ · ")


def source(name: str) -> nbformat.NotebookNode:
    return jupytext.read(FOLDER / f"{name}.py")


def check_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in nb.cells if c.cell_type == "code" and re.search(r"^check\(\d", c.source,
                                                                        re.M)]


def test_the_path_starts_00_to_08_and_numbers_each_notebook_once() -> None:
    numbers = [n[:2] for n in ALL]
    assert numbers[:9] == [f"{i:02d}" for i in range(9)] and len(set(numbers)) == len(numbers)
    assert set(WITH_EXERCISES) == {n for n in ALL if n[:2] <= "06"}


@pytest.mark.parametrize("name", ALL)
def test_the_ipynb_is_the_student_edition_of_its_source(name: str) -> None:
    stored = nbformat.read(FOLDER / f"{name}.ipynb", as_version=4)
    made = student_edition(source(name), name)
    assert [(c.cell_type, c.source) for c in stored.cells] == [
        (c.cell_type, c.source) for c in made.cells], "run: make notebooks"
    assert stored.metadata["kingdomino_kit"]["edition"] == "student"
    assert "jupytext" not in stored.metadata  # saving the edition never rewrites the source


@pytest.mark.parametrize("name", ALL)
def test_the_student_edition_is_executed_and_checks_report(name: str) -> None:
    nb = nbformat.read(FOLDER / f"{name}.ipynb", as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count is not None for c in code), "run: make notebooks"
    assert not any(o.get("output_type") == "error" for c in code for o in c.outputs)
    for cell in check_cells(nb):
        texts = [o["data"]["text/plain"] for o in cell.outputs if "data" in o]
        assert len(texts) == 1 and FEEDBACK.match(texts[0]), cell.source
        assert "Traceback" not in texts[0] and "correct!" not in texts[0]


@pytest.mark.parametrize("name", WITH_EXERCISES)
def test_each_notebook_has_four_exercises_or_more_and_blanks_for_students(name: str) -> None:
    src = source(name)
    student = student_edition(src, name)
    assert len(check_cells(student)) >= 4
    assert count_solutions(src, name) >= 3
    blanks = [c for c in student.cells if c.cell_type == "code" and "..." in c.source]
    assert len(blanks) >= count_solutions(src, name)
    assert not any("SOLUTION" in c.source for c in student.cells)
    assert not any("teacher" in c.metadata.get("tags", []) for c in student.cells)


@pytest.mark.slow
@pytest.mark.parametrize("name", WITH_EXERCISES)
def test_the_teacher_edition_runs_and_every_exercise_is_correct(name: str) -> None:
    nb = teacher_edition(source(name), name)
    assert nb.cells[-1].source == "check.require_all()"
    execute(nb, name, FOLDER, timeout=300)  # a wrong solution makes require_all raise
    outputs = [o["data"]["text/plain"] for c in check_cells(nb) for o in c.outputs
               if "data" in o]
    assert outputs and all("correct!" in text for text in outputs), outputs
