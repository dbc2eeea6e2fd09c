"""The notebooks as nbgrader assignments: ``kingdomino-kit notebooks --nbgrader DIR``.

nbgrader (Jupyter's own grading tool) reads an instructor's *source* notebook whose cells carry
``nbgrader`` metadata: answer cells (``solution: true``) with the solution between ``### BEGIN
SOLUTION`` and ``### END SOLUTION``, which ``nbgrader generate_assignment`` replaces by a stub,
and locked autograder test cells (``grade: true``, ``points``) that ``nbgrader autograde``
restores from its database and runs: a test cell that raises scores 0, one that does not
scores its points.

:func:`nbgrader_source` makes that notebook from a kit source: each cell tagged ``solution``
becomes an answer cell (every ``# SOLUTION`` line and ``# BEGIN/END SOLUTION`` block in
nbgrader's markers), followed by one test cell per exercise it checks, which asks the kit's
checker for a verdict on the answer (:func:`require`): the message a student reads when it
fails is the checker's one line, never a test's code. A cell that checks a board (``check(5,
board)``, no answer to write) is kept as it is, followed by its test cell. Cells tagged
``teacher`` are left out; points come from the kit's exercises.

>>> import nbformat
>>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
...     "answer_1 = 3 * 4  # SOLUTION\\ncheck(1, answer_1)", metadata={"tags": ["solution"]})])
>>> out = nbgrader_source(nb, "00_start_here")
>>> print(out.cells[0].source)
### BEGIN SOLUTION
answer_1 = 3 * 4
### END SOLUTION
check(1, answer_1)
>>> print(out.cells[1].source)
from kingdomino_kit.grading.nbgrader import require
require("00_start_here", 1, answer_1)
>>> out.cells[1].metadata["nbgrader"]["points"], out.cells[1].metadata["nbgrader"]["locked"]
(1.0, True)

A test cell runs in the student's kernel, where the student's code ran before it and may have
changed anything (the checker, ``require``, the builtins): its own verdict is only what a
student sees when validating. The verdict nbgrader records comes from the kit's autograde step
(:mod:`.nbgrader_autograde`, one line in ``nbgrader_config.py``), which judges in nbgrader's
own process what each test cell handed over — and a board exercise on the board saved in the
submitted notebook.
"""

from __future__ import annotations

import ast
import builtins
import copy
from pathlib import Path
from typing import Any

import nbformat

from kingdomino_kit.exercises import for_notebook
from kingdomino_kit.exercises.editions import SOLUTION_TAG, TEACHER_TAG, count_solutions
from kingdomino_kit.grading.recorder import Recorder
from kingdomino_kit.grading.rewrite import RECORD, as_python
from kingdomino_kit.infra.atomic import atomic_write

__all__ = ["nbgrader_source", "require"]

_SCHEMA = 3


def require(notebook: str, number: int, answer: Any) -> None:
    """An nbgrader test: hands the answer over as data (:mod:`.recorder`, for the kit's
    autograde step, :mod:`.nbgrader_autograde`, to judge in nbgrader's own process), then
    raises ``AssertionError`` with the checker's verdict unless ``answer`` to exercise
    ``number`` of ``notebook`` is correct (what a student sees when validating)."""

    recorder = getattr(builtins, RECORD, None)
    if not isinstance(recorder, Recorder) or recorder.notebook != notebook:
        recorder = Recorder(notebook)
        setattr(builtins, RECORD, recorder)
    recorder(number, answer)
    recorder.flush()
    feedback = for_notebook(notebook).grade(number, answer)
    if not feedback.correct:
        raise AssertionError(f"Exercise {number} · {feedback.message}")


def _markers(source: str) -> str:
    out: list[str] = []
    for line in source.split("\n"):
        stripped = line.strip()
        indent = line[:len(line) - len(line.lstrip())]
        if stripped.startswith("#") and stripped.lstrip("# ").startswith(("BEGIN SOLUTION",
                                                                         "END SOLUTION")):
            out.append(f"{indent}### {stripped.lstrip('# ')}")
        elif stripped.endswith("# SOLUTION") and not stripped.startswith("#"):
            code = line[:line.rindex("#")].rstrip()
            out += [f"{indent}### BEGIN SOLUTION", code, f"{indent}### END SOLUTION"]
        else:
            out.append(line)
    return "\n".join(out)


def _checked(source: str) -> list[tuple[int, str]]:
    """Each ``check(n, answer)`` of a cell: ``n`` and the answer's code, in order."""
    found: list[tuple[int, str]] = []
    if "check(" not in source:
        return found
    try:
        tree = ast.parse(source)
    except SyntaxError:  # IPython's own syntax (%magic): read as IPython runs it
        source = as_python(source)
        tree = ast.parse(source)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "check" and len(node.args) >= 2
                and isinstance(node.args[0], ast.Constant) and type(node.args[0].value) is int):
            code = ast.get_source_segment(source, node.args[1]) or ""
            found.append((node.args[0].value, code))
    return found


def nbgrader_source(nb: Any, name: str) -> Any:
    """The nbgrader source notebook of a kit source (see the module docstring)."""
    count_solutions(nb, name)  # the markers checked, as for the editions
    out = copy.deepcopy(nb)
    exercises = for_notebook(name).exercises
    cells: list[Any] = []
    for cell in out.cells:
        tags = list(cell.get("metadata", {}).get("tags", []))
        if TEACHER_TAG in tags:
            continue
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        checked = _checked(cell.source) if cell.cell_type == "code" else []
        if SOLUTION_TAG in tags:
            cell.source = _markers(cell.source)
            cell.metadata["nbgrader"] = {"grade": False, "solution": True, "locked": False,
                                         "grade_id": f"answer-{len(cells) + 1}",
                                         "schema_version": _SCHEMA}
        cells.append(cell)  # a cell that checks a board is no answer cell: it stays as is
        for number, code in checked:
            cells.append(nbformat.v4.new_code_cell(  # type: ignore[no-untyped-call]
                "from kingdomino_kit.grading.nbgrader import require\n"
                f'require("{name}", {number}, {code})',
                metadata={"nbgrader": {"grade": True, "solution": False, "locked": True,
                                       "points": exercises[number].points,
                                       "grade_id": f"exercise-{number}",
                                       "schema_version": _SCHEMA}}))
    out.cells = cells
    out.metadata.pop("jupytext", None)
    out.metadata["kingdomino_kit"] = {"edition": "nbgrader", "source": f"{name}.py"}
    return out


COURSE_CONFIG = """\
# The kit's autograde steps: each locked test cell judged in nbgrader's own process, board
# exercises on the boards saved in the submission (see docs/grading.md).
from kingdomino_kit.grading.nbgrader_autograde import configure

c = get_config()  # noqa: F821  (nbgrader's config loader defines it)
configure(c)
"""
"""The ``nbgrader_config.py`` the export writes in a course that has none."""


def course_config(assignment: Path) -> str:
    """After an export into ``assignment``: when it is ``COURSE/source/NAME`` (nbgrader's
    layout) and ``COURSE/nbgrader_config.py`` does not exist, write it with the kit's autograde
    steps; the one line to print about it (a config that does not call them is named, never
    changed).

    >>> import tempfile
    >>> course = Path(tempfile.mkdtemp())
    >>> print(course_config(course / "source" / "ps1").replace(str(course), "COURSE"))
    COURSE/nbgrader_config.py: written (the kit's autograde steps)
    >>> print(course_config(course / "source" / "ps2").replace(str(course), "COURSE"))
    COURSE/nbgrader_config.py: calls the kit's autograde steps
    """
    assignment = Path(assignment).resolve()
    if assignment.parent.name != "source":
        return ("nbgrader: add the kit's autograde steps to the course's nbgrader_config.py "
                "(docs/grading.md): from kingdomino_kit.grading.nbgrader_autograde import "
                "configure; configure(c)")
    config = assignment.parent.parent / "nbgrader_config.py"
    if not config.exists():
        with atomic_write(config, "the course's nbgrader_config.py") as handle:
            handle.write(COURSE_CONFIG)
        return f"{config}: written (the kit's autograde steps)"
    if "nbgrader_autograde" in config.read_text(encoding="utf-8", errors="replace"):
        return f"{config}: calls the kit's autograde steps"
    return (f"{config}: does not call the kit's autograde steps; add: from "
            f"kingdomino_kit.grading.nbgrader_autograde import configure; configure(c)")
