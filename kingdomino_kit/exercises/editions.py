"""The student and teacher editions of a notebook, made from its one source.

The source of a notebook (``notebooks/NN_name.py``, jupytext's percent format) holds the
solutions. A code cell tagged ``solution`` marks them the way otter-grader does:

- a line ending in ``# SOLUTION`` — in the student edition ``name = value  # SOLUTION``
  becomes ``name = ...`` (any other such line becomes ``...``);
- the lines between ``# BEGIN SOLUTION`` and ``# END SOLUTION`` — in the student edition
  one ``...  # your code here`` at the block's indentation.

The editions are ``nbformat`` notebooks (Jupyter's own format, installed with JupyterLab);
this module is imported by the ``notebooks`` command and the tests, never by the checker.

The teacher edition keeps the solutions (the markers removed), keeps the cells tagged
``teacher`` (notes for the teacher, left out of the student edition) and ends with a cell that
requires every exercise to be correct (``check.require_all()``). Markers outside a cell tagged
``solution`` are an error, so a solution cannot leak into the student edition by a missing tag.

>>> import nbformat
>>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
...     "answer_1 = 3 * 4  # SOLUTION\\ncheck(1, answer_1)", metadata={"tags": ["solution"]})])
>>> print(student_edition(nb, "demo").cells[0].source)
answer_1 = ...
check(1, answer_1)
>>> print(teacher_edition(nb, "demo").cells[0].source)
answer_1 = 3 * 4
check(1, answer_1)
"""

from __future__ import annotations

import copy
import re
from typing import Any

import nbformat

from kingdomino_kit.errors import KingdominoError

__all__ = ["EditionError", "SOLUTION_TAG", "TEACHER_TAG", "count_solutions", "student_edition",
           "teacher_edition"]

SOLUTION_TAG = "solution"
TEACHER_TAG = "teacher"
BLANK_CODE = "...  # your code here"
_LINE = re.compile(r"^(?P<indent>\s*)(?P<code>.*?)\s*#\s*SOLUTION\s*$")
_ASSIGN = re.compile(r"^(?P<target>[A-Za-z_][\w\s,.\[\]'\"]*?)\s*=(?!=)")
_BEGIN = re.compile(r"^(?P<indent>\s*)#\s*BEGIN SOLUTION\s*$")
_END = re.compile(r"^\s*#\s*END SOLUTION\s*$")
_ANY_MARKER = re.compile(r"#\s*(BEGIN |END )?SOLUTION\b")


class EditionError(KingdominoError):
    """A notebook source whose solution markers cannot be read; names the cell."""


def _tags(cell: Any) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def _strip(cell: Any, name: str, index: int, student: bool) -> str:
    """The source of a solution cell for one edition."""
    out: list[str] = []
    block: str | None = None  # the indentation of an open BEGIN SOLUTION block
    for line in cell.source.split("\n"):
        if (begin := _BEGIN.match(line)) is not None:
            if block is not None:
                raise EditionError(f"{name}, cell {index}: BEGIN SOLUTION inside a solution block")
            block = begin["indent"]
            if student:
                out.append(block + BLANK_CODE)
            continue
        if _END.match(line):
            if block is None:
                raise EditionError(f"{name}, cell {index}: END SOLUTION without BEGIN SOLUTION")
            block = None
            continue
        if block is not None:
            if not student:
                out.append(line)
            continue
        if (marked := _LINE.match(line)) is not None:
            if not student:
                out.append(marked["indent"] + marked["code"])
                continue
            target = _ASSIGN.match(marked["code"])
            out.append(marked["indent"] + (f"{target['target'].strip()} = ..." if target
                                           else "..."))
            continue
        out.append(line)
    if block is not None:
        raise EditionError(f"{name}, cell {index}: BEGIN SOLUTION without END SOLUTION")
    return "\n".join(out)


def _check_markers(nb: Any, name: str) -> None:
    for i, cell in enumerate(nb.cells, start=1):
        tagged = SOLUTION_TAG in _tags(cell)
        marked = cell.cell_type == "code" and bool(_ANY_MARKER.search(cell.source))
        if marked and not tagged:
            raise EditionError(f"{name}, cell {i}: solution markers in a cell not tagged "
                               f"{SOLUTION_TAG!r}")
        if tagged and not marked:
            raise EditionError(f"{name}, cell {i}: tagged {SOLUTION_TAG!r} but has no "
                               "# SOLUTION marker")


def count_solutions(nb: Any, name: str = "notebook") -> int:
    """The number of cells tagged ``solution`` (after checking every marker)."""
    _check_markers(nb, name)
    return sum(SOLUTION_TAG in _tags(c) for c in nb.cells)


def _edition(nb: Any, name: str, edition: str) -> Any:
    _check_markers(nb, name)
    out = copy.deepcopy(nb)
    student = edition == "student"
    cells = []
    for i, cell in enumerate(out.cells, start=1):
        tags = _tags(cell)
        if TEACHER_TAG in tags and student:
            continue
        if SOLUTION_TAG in tags:
            cell.source = _strip(cell, name, i, student)
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        cells.append(cell)
    out.cells = cells
    for i, cell in enumerate(out.cells, start=1):  # stable ids: the same source, the same file
        cell.id = f"cell-{i}"
    metadata = out.metadata
    metadata.pop("jupytext", None)  # an edition is no jupytext pair: saving it changes no source
    metadata["kingdomino_kit"] = {"edition": edition, "source": f"{name}.py"}
    return out


def student_edition(nb: Any, name: str) -> Any:
    """The student edition of a source notebook (an ``nbformat`` notebook): blanks for the
    solutions, no teacher cells, no outputs."""
    return _edition(nb, name, "student")


def teacher_edition(nb: Any, name: str) -> Any:
    """The teacher edition: the solutions in place, the teacher cells kept, and — when the
    notebook has exercises — a last cell that requires them all to be correct."""
    out = _edition(nb, name, "teacher")
    if count_solutions(nb, name):
        out.cells.append(nbformat.v4.new_markdown_cell(  # type: ignore[no-untyped-call]
            "## Teacher edition: every exercise checked\n\n"
            "With the solutions above, every exercise must be correct; this cell says which "
            "are not."))
        out.cells.append(nbformat.v4.new_code_cell(  # type: ignore[no-untyped-call]
            "check.require_all()"))
    for i, cell in enumerate(out.cells, start=1):
        cell.id = f"cell-{i}"
    return out
