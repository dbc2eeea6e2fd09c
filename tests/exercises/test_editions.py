"""Student and teacher editions from one source: otter-grader's markers in cells tagged
``solution``, teacher cells, and errors for markers that would leak a solution."""

from __future__ import annotations

import nbformat
import pytest

from kingdomino_kit.exercises.editions import EditionError, student_edition, teacher_edition

v4 = nbformat.v4


def notebook(*cells: nbformat.NotebookNode) -> nbformat.NotebookNode:
    nb = v4.new_notebook(cells=list(cells))
    nb.metadata["jupytext"] = {"formats": "ipynb,py:percent"}
    return nb


def solution(source: str) -> nbformat.NotebookNode:
    return v4.new_code_cell(source, metadata={"tags": ["solution"]})


def test_a_marked_line_becomes_a_blank_and_a_block_your_code_here() -> None:
    nb = notebook(solution("def f(k):\n    # BEGIN SOLUTION\n    x = 1\n    return x\n"
                           "    # END SOLUTION\n\nanswer_1 = f(2)  # SOLUTION\ncheck(1, answer_1)"),
                  v4.new_code_cell("print('teacher')", metadata={"tags": ["teacher"]}),
                  v4.new_markdown_cell("# SOLUTION in words is fine"))
    student = student_edition(nb, "demo")
    assert student.cells[0].source == ("def f(k):\n    ...  # your code here\n\n"
                                       "answer_1 = ...\ncheck(1, answer_1)")
    assert [c.cell_type for c in student.cells] == ["code", "markdown"]
    teacher = teacher_edition(nb, "demo")
    assert teacher.cells[0].source == ("def f(k):\n    x = 1\n    return x\n\n"
                                       "answer_1 = f(2)\ncheck(1, answer_1)")
    assert teacher.cells[1].source == "print('teacher')"
    assert teacher.cells[-1].source == "check.require_all()"
    for edition in (student, teacher):
        assert "jupytext" not in edition.metadata
        assert [c.id for c in edition.cells] == [f"cell-{i}" for i in
                                                 range(1, len(edition.cells) + 1)]
    assert student.metadata["kingdomino_kit"] == {"edition": "student", "source": "demo.py"}


def test_a_line_that_assigns_nothing_becomes_a_bare_blank() -> None:
    nb = notebook(solution("x = [1,\n     2]\nprint(x)  # SOLUTION"))
    assert student_edition(nb, "n").cells[0].source == "x = [1,\n     2]\n..."


@pytest.mark.parametrize("cell, message", [
    (v4.new_code_cell("x = 1  # SOLUTION"), "not tagged 'solution'"),
    (solution("x = 1"), "has no # SOLUTION marker"),
    (solution("# BEGIN SOLUTION\nx = 1"), "BEGIN SOLUTION without END SOLUTION"),
    (solution("x = 1  # SOLUTION\n# END SOLUTION"), "END SOLUTION without BEGIN SOLUTION"),
])
def test_markers_that_could_leak_a_solution_are_errors(cell: nbformat.NotebookNode,
                                                       message: str) -> None:
    with pytest.raises(EditionError, match=message):
        student_edition(notebook(cell), "bad")


def test_a_notebook_without_exercises_gets_no_require_all() -> None:
    nb = notebook(v4.new_code_cell("1 + 1"))
    assert [c.source for c in teacher_edition(nb, "n").cells] == ["1 + 1"]
