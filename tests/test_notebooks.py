"""The notebooks (the teaching path 00–08 and those after it): one source each
(``lessons/NN_name.py``, with the solutions), a student edition (``notebooks/NN_name.ipynb``,
executed, outputs stored; run again, it gives them again) and a teacher edition made from the
same source, whose solutions must all pass (one run proves both: the student edition, then the
teacher edition's exercises). The students' folder ``notebooks/`` holds
the student editions and nothing else, and no hint gives its exercise's solution away.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import jupytext
import nbformat
import pytest

from kingdomino_kit.cli.notebooks import execute
from kingdomino_kit.exercises import NOTEBOOKS, for_notebook
from kingdomino_kit.exercises.editions import count_solutions, student_edition, teacher_edition
from tests.notebook_outputs import compared, difference, sanitize_patterns

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "notebooks"
SOURCES = ROOT / "lessons"
ALL = sorted(p.stem for p in SOURCES.glob("[0-9][0-9]*_*.py"))
WITH_EXERCISES = sorted(NOTEBOOKS)
FEEDBACK = re.compile(r"^Exercise \d+ · ")


def source(name: str) -> nbformat.NotebookNode:
    return jupytext.read(SOURCES / f"{name}.py")


def check_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in nb.cells if c.cell_type == "code" and re.search(r"^check\(\d", c.source,
                                                                        re.M)]


def test_the_path_starts_00_to_08_and_numbers_each_notebook_once() -> None:
    numbers = [n.split("_")[0] for n in ALL]       # 04 and 04b: one lesson in two sittings
    assert sorted({n[:2] for n in numbers})[:9] == [f"{i:02d}" for i in range(9)]
    assert len(set(numbers)) == len(numbers) and numbers == sorted(numbers)
    assert {"04_cp_sat", "04b_highest_score"} <= set(ALL)
    assert set(WITH_EXERCISES) == set(ALL)  # every notebook ends with checked exercises


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


def with_solutions(stored: nbformat.NotebookNode, name: str) -> nbformat.NotebookNode:
    """The student edition as stored, then the teacher edition's exercises (from the cell that
    makes the checker to ``check.require_all()``): one run proves both the student edition's
    outputs and the solutions. The two editions share every cell before the exercises."""
    teacher = teacher_edition(source(name), name)
    assert teacher.cells[-1].source == "check.require_all()"
    start = next(i for i, c in enumerate(teacher.cells)
                 if c.cell_type == "code" and "for_notebook(" in c.source)
    assert [(c.cell_type, c.source) for c in teacher.cells[:start]] == [
        (c.cell_type, c.source) for c in stored.cells[:start]]
    both = nbformat.v4.new_notebook(metadata=stored.metadata)
    for cell in stored.cells:
        copy = nbformat.from_dict(dict(cell))
        if copy.cell_type == "code":
            copy.outputs, copy.execution_count = [], None
        both.cells.append(copy)
    for n, cell in enumerate(teacher.cells[start:]):
        both.cells.append(nbformat.from_dict({**cell, "id": f"teacher-{n}"}))
    return both


@pytest.mark.slow
@pytest.mark.parametrize("name", WITH_EXERCISES)
def test_the_student_edition_gives_its_outputs_again_and_the_solutions_all_pass(
        name: str, tmp_path: Path) -> None:
    stored = nbformat.read(FOLDER / f"{name}.ipynb", as_version=4)
    ran = with_solutions(stored, name)
    execute(ran, name, tmp_path, timeout=300)  # a failing cell, or a wrong solution, raises
    patterns = sanitize_patterns()
    pairs = zip(stored.cells, ran.cells[:len(stored.cells)], strict=True)
    changed = [f"cell {n}: {diff}" for n, (was, now) in enumerate(pairs)
               if was.cell_type == "code" and compared(was)
               and (diff := difference(was.outputs, now.outputs, patterns)) is not None]
    assert not changed, f"{name}: outputs differ from the stored ones (run: make notebooks): " \
        + "; ".join(changed)
    solutions = ran.cells[len(stored.cells):]
    outputs = [o["data"]["text/plain"] for c in check_cells(nbformat.v4.new_notebook(
        cells=solutions)) for o in c.outputs if "data" in o]
    assert outputs and all("correct!" in text for text in outputs), outputs


# ------------------------------------------------------------------ no answer for students
MARKED = re.compile(r"^\s*(?:[A-Za-z_][\w\s,.\[\]'\"]*?=(?!=))?\s*(?P<code>.*?)\s*#\s*SOLUTION\s*$")
CHECKED = re.compile(r"\bcheck\((\d+)\s*,")


def _squeezed(text: str) -> str:
    """Text as compared: quotes dropped, × read as *, spaces squeezed (and around operators)."""
    text = text.replace("'", "").replace('"', "").replace("×", "*").replace("√", "sqrt")
    return " ".join(re.sub(r"\s*([*/+(),-])\s*", r" \1 ", text).split())


def _arguments(code: str) -> list[str]:
    """The arguments of every call in a line of code (``Fraction(49 + 7, 8)``: ``49 + 7``)."""
    try:
        tree = ast.parse(code.strip())
    except SyntaxError:
        return []
    return [_squeezed(ast.unparse(a)) for node in ast.walk(tree) if isinstance(node, ast.Call)
            for a in node.args if not isinstance(a, (ast.Constant, ast.Name))]


def solution_pieces(cell_source: str, whole: bool = False) -> list[str]:
    """What a solution cell's solution says, in pieces a hint must not contain: each marked
    line's code (the value of an assignment), each line of a BEGIN/END block, and for a
    kingdom in text every two rows that follow each other. ``whole``: each block as one piece
    (what a student edition must not contain)."""
    pieces: list[str] = []
    block: list[str] | None = None
    for line in cell_source.split("\n"):
        if re.match(r"^\s*#\s*BEGIN SOLUTION", line):
            block = []
        elif re.match(r"^\s*#\s*END SOLUTION", line) and block is not None:
            lines = [_squeezed(b) for b in block if b.strip()]
            pieces += [" ".join(lines)] if whole else [b for b in lines if len(b.split()) >= 3]
            block = None
        elif block is not None:
            block.append(line)
        elif (marked := MARKED.match(line)) is not None and marked["code"]:
            code = _squeezed(marked["code"])
            rows = [r.strip() for r in code.split("/")]
            pieces.append(code)
            if not whole:
                pieces += [f"{a} / {b}" for a, b in zip(rows, rows[1:], strict=False)]
                pieces += _arguments(marked["code"])
    return [p for p in pieces if len(p.replace(" ", "")) >= 6]


def solutions_by_exercise(name: str, whole: bool = False) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for cell in source(name).cells:
        if "solution" in cell.metadata.get("tags", []):
            for number in CHECKED.findall(cell.source):
                found.setdefault(int(number), []).extend(solution_pieces(cell.source, whole))
    return found


def test_a_solution_piece_is_found_where_it_is() -> None:  # the hint test can fail
    pieces = solution_pieces('answer_1 = "S S / W1 S / W M3"  # SOLUTION\n# BEGIN SOLUTION\n'
                             "    return sum(x for x in y)\n# END SOLUTION")
    assert pieces == ["S S / W1 S / W M3", "S S / W1 S", "W1 S / W M3",
                      "return sum ( x for x in y )"]
    assert any(p in _squeezed("Write them: 'S S / W1 S'.") for p in pieces)
    assert solution_pieces("# BEGIN SOLUTION\nx = 1\nreturn x + 2\n# END SOLUTION", whole=True) == [
        "x = 1 return x + 2"]
    assert any(p in _squeezed("Hint: (49 + 1 × 7) / 8")
               for p in solution_pieces("a = Fraction(49 + 1 * 7, 8)  # SOLUTION"))


@pytest.mark.parametrize("name", WITH_EXERCISES)
def test_no_hint_is_its_exercises_solution(name: str) -> None:
    checker = for_notebook(name)
    by_exercise = solutions_by_exercise(name)
    assert by_exercise, name  # the sources mark solutions the test can read
    for number, pieces in by_exercise.items():
        for hint in checker.exercises[number].hints:
            leaked = [p for p in pieces if p in _squeezed(hint)]
            assert not leaked, f"{name} exercise {number}: the hint {hint!r} gives {leaked}"


NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")
SHARED_RUN = 3
"""Tokens in a row a hint may repeat from the solution before they count as copied."""
MOST = 0.6
"""The share of the solution's tokens a hint may not repeat (in runs of ``SHARED_RUN``)."""


def solution_code(cell_source: str) -> str:
    """A solution cell's solution as one line: the marked lines' code and the BEGIN/END blocks."""
    lines: list[str] = []
    block = False
    for line in cell_source.split("\n"):
        if re.match(r"^\s*#\s*BEGIN SOLUTION", line):
            block = True
        elif re.match(r"^\s*#\s*END SOLUTION", line):
            block = False
        elif block and line.strip():
            lines.append(line)
        elif (marked := MARKED.match(line)) is not None and marked["code"]:
            lines.append(marked["code"])
    return " ".join(lines)


def _arithmetic(code: str) -> tuple[float, list[float]] | None:
    """The value and the number literals of a solution that is arithmetic on numbers alone
    (``3 * 1 + 2 * 2``: 10 and 3, 1, 3, 1, 2, 2), else None."""
    try:
        tree = ast.parse(code.strip(), mode="eval")
    except SyntaxError:
        return None
    numbers: list[float] = []
    for node in ast.walk(tree.body):
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            numbers.append(float(node.value))
        elif not isinstance(node, (ast.BinOp, ast.UnaryOp, ast.operator, ast.unaryop)):
            return None
    return float(eval(compile(tree, "<solution>", "eval"))), numbers  # numbers and operators


def _tokens(text: str) -> list[str]:
    return _squeezed(text).replace("...", " ... ").split()


def shared_share(solution: str, hint: str) -> float:
    """The share of the solution's tokens the hint repeats in runs of SHARED_RUN or more."""
    code, said = _tokens(solution), _tokens(hint)
    runs = {tuple(said[i:j]) for i in range(len(said))
            for j in range(i + SHARED_RUN, len(said) + 1)}
    i = shared = 0
    while i < len(code):
        longest = max((n for n in range(SHARED_RUN, len(code) - i + 1)
                       if tuple(code[i:i + n]) in runs), default=0)
        shared += longest
        i += longest or 1
    return shared / len(code) if code else 0.0


def answer_given(solution: str, hint: str) -> str | None:
    """What of the solution a hint gives away, or None: the value of an arithmetic answer, all
    its factors (three or more besides 0 and 1), or most of the solution's code."""
    numbers = Counter(float(n) for n in NUMBER.findall(hint.replace(",", "")))
    worked = _arithmetic(solution)
    if worked is not None:
        value, factors = worked
        if numbers[value]:
            return f"the answer {value:g}"
        telling = Counter(f for f in factors if f not in (0.0, 1.0))
        if sum(telling.values()) >= 3 and not telling - numbers:
            return f"every factor of {solution.strip()}"
    share = shared_share(solution, hint)
    return f"{share:.0%} of the solution's code" if share >= MOST else None


def test_a_hint_that_gives_the_answer_is_caught() -> None:  # the hint test below can fail
    assert answer_given("3 * 1 + 3 * 1 + 2 * 2",
                        "Three properties score: the lake (3 squares, 1 crown), the forest "
                        "(3 squares, 1 crown) and the grassland (2 squares, 2 crowns).")
    assert answer_given("3 * 2 + 2 * 1 + 0 + 1 * 2",
                        "Grassland 3 squares × 2 crowns, lake 2 × 1, swamp 2 × 0, mine 1 × 2.")
    assert answer_given("10", "When line 10 is drawn, only 4 unseen dominoes remain.")
    assert answer_given(
        "return sum(1 for _, _, crowns in flood_fill_properties(k) if crowns > 0)",
        "With flood_fill_properties(k) from above: sum(1 for _, _, crowns in ... if crowns > 0).")
    assert not answer_given("3 * 1 + 3 * 1 + 2 * 2", "Count each property: squares × crowns.")
    assert not answer_given("4 * 3", "The castle has 4 neighbours.")
    assert not answer_given(
        "return sum(1 for _, _, crowns in flood_fill_properties(k) if crowns > 0)",
        "flood_fill_properties(k) from above gives one tuple per property.")


@pytest.mark.parametrize("name", WITH_EXERCISES)
def test_no_hint_gives_its_exercises_answer_or_most_of_its_code(name: str) -> None:
    checker = for_notebook(name)
    seen = 0
    for cell in source(name).cells:
        if "solution" not in cell.metadata.get("tags", []):
            continue
        solution = solution_code(cell.source)
        for number in CHECKED.findall(cell.source):
            seen += 1
            for hint in checker.exercises[int(number)].hints:
                given = answer_given(solution, hint)
                assert given is None, f"{name} exercise {number}: the hint {hint!r} gives {given}"
    assert seen >= 3, name


def test_the_students_folder_holds_student_editions_only() -> None:
    # JupyterLab's checkpoints are a student's own saves (make lab writes them), not handed out
    files = sorted(p for p in FOLDER.rglob("*")
                   if p.is_file() and ".ipynb_checkpoints" not in p.relative_to(FOLDER).parts)
    assert files and all(p.suffix == ".ipynb" and p.parent == FOLDER for p in files), files
    for path in files:
        text = path.read_text(encoding="utf-8")
        nb = nbformat.reads(text, as_version=4)
        assert nb.metadata["kingdomino_kit"]["edition"] == "student", path
        assert "SOLUTION" not in text, path
        if path.stem in WITH_EXERCISES:
            pieces = [p for ps in solutions_by_exercise(path.stem, whole=True).values()
                      for p in ps]
            code = _squeezed(" ".join(c.source for c in nb.cells))
            assert pieces and not [p for p in pieces if p in code], path


VIEW = "application/vnd.jupyter.widget-view+json"
PICTURE = re.compile(r'<img (?=[^>]*class="kk-picture")(?=[^>]*alt="[^"]+")'
                     r'(?=[^>]*src="data:image/svg\+xml;base64,)')  # attributes in any order


def widget_outputs(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
            if VIEW in o.get("data", {})]


WITH_BOARDS = [n for n in ALL
               if widget_outputs(nbformat.read(FOLDER / f"{n}.ipynb", as_version=4))]


def test_the_boards_are_in_several_notebooks() -> None:  # the tests below test something
    assert {"00_start_here", "05_puzzles", "07_kingdoms", "10_bots_and_coach"} <= set(
        WITH_BOARDS)


@pytest.mark.parametrize("name", WITH_BOARDS)
def test_every_stored_board_has_its_picture_and_no_widget_state(name: str) -> None:
    nb = nbformat.read(FOLDER / f"{name}.ipynb", as_version=4)
    assert "widgets" not in nb.metadata, "run: make notebooks (editions store no widget state)"
    for output in widget_outputs(nb):
        assert output.data["image/svg+xml"].startswith("<svg"), "run: make notebooks"
        assert PICTURE.match(output.data["text/html"]), "run: make notebooks"


@pytest.mark.parametrize("name", WITH_BOARDS)
def test_the_html_export_shows_every_board_as_its_picture(name: str) -> None:
    """What nbviewer and ``jupyter nbconvert --to html`` show of the stored edition."""
    from nbconvert import HTMLExporter

    nb = nbformat.read(FOLDER / f"{name}.ipynb", as_version=4)
    html, _ = HTMLExporter().from_notebook_node(nb)
    assert len(PICTURE.findall(html)) == len(widget_outputs(nb)) > 0
    assert 'type="application/vnd.jupyter.widget-view+json"' not in html  # no dead view


def class_times() -> dict[str, dict[str, int]]:
    """Each notebook's class time in minutes as the README, docs/notebooks.md and
    docs/teaching.md write it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    path = (ROOT / "docs" / "notebooks.md").read_text(encoding="utf-8")
    guide = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    prefix = {n.split("_")[0]: n for n in ALL}
    return {
        "README.md": {m[1]: int(m[2]) for m in re.finditer(r"^\| `(\w+)` \| (\d+) min \|",
                                                             readme, re.M)},
        "docs/notebooks.md": {m[1]: int(m[2]) for m in re.finditer(r"^\| `(\w+)` \| (\d+) \|",
                                                                   path, re.M)},
        "docs/teaching.md": {prefix[m[1]]: int(m[2]) for m in re.finditer(
            r"^### (\d\d[a-z]?) · .* — (\d+) min", guide, re.M)},
    }


def test_the_class_times_agree_and_no_sitting_is_longer_than_45_minutes() -> None:
    times = class_times()
    for where, found in times.items():
        assert set(found) == set(ALL), (where, sorted(set(ALL) ^ set(found)))
    assert times["README.md"] == times["docs/notebooks.md"] == times["docs/teaching.md"]
    assert max(times["README.md"].values()) <= 45
