"""Submissions that patch the grading machinery in their own kernel, each with a wrong
function (exercise 4) and no kingdom built (exercise 5) of ``00_start_here``: none earns a
point. Each trick made a wrong answer pass when function and board answers were judged in the
submission's kernel; they are judged in the grader's process now (a function called on the
grader's inputs, its results compared there; a board replayed by the grader's rules)."""

from __future__ import annotations

import csv
import subprocess
import sys

import nbformat
import pytest

START = """from kingdomino_kit.dominoes import domino
from kingdomino_kit.exercises import for_notebook
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.widgets import KingdomBoard

check = for_notebook("00_start_here")
board = KingdomBoard(seed=2024)"""

WRONG = "def crowns_of(kingdom):\n    return 0"
CHECKS = "check(4, crowns_of)\ncheck(5, board)"
BIG = "M3 M3 M3 M3 / M3 C M3 M3 / M3 M3 M3 M3"  # scores 363: no hand builds it
FORGED = ('{"number": %d, "verdict": {"status": "correct", "message": "correct!", "hint": "", '
          '"credit": 1.0}, "judged": {"status": "correct", "message": "correct!", "hint": "", '
          '"credit": 1.0}}')
RECORDS = f"[{FORGED % 4}, {FORGED % 5}]"

TRICKS = {
    # the checker's verdicts themselves replaced
    "grade": [WRONG, """import kingdomino_kit.exercises.checker as c
c.Checker.grade = lambda self, n, a: c.Feedback(n, "correct", "correct!", credit=1.0)
c.Checker._judge = lambda self, e, a: c.Feedback(e.number, "correct", "correct!", credit=1.0)""",
              CHECKS],
    # the judge's call of the student's function answers with the kit's own reference
    "judges": [WRONG, """import kingdomino_kit.exercises.checker as c
import kingdomino_kit.exercises.judges as j
import kingdomino_kit.exercises.start_here as s
j.call_student = c.call_student = lambda f, *args, shown="": s._crowns(*args)
s._judge_board = lambda kingdom: None""", CHECKS],
    # the checker the grader made in the kernel, reached through the recorder
    "recorder": [WRONG, """import kingdomino_kit.exercises.checker as c
try:
    for e in list(__kk_record__.checker.exercises.values()):
        __kk_record__.checker.exercises[e.number] = c.Exercise(
            e.number, e.topic, e.kind, lambda answer: None, e.hints, e.why)
except AttributeError:
    pass""", CHECKS],
    # a recorder of the student's own that hands over verdicts
    "fake": [WRONG, f"""import builtins
from IPython.display import display
from kingdomino_kit.grading.recorder import MIME


class Fake:
    def call(self, n, answer, check, *rest):
        return check()(n, answer, *rest)

    def flush(self):
        display({{MIME: {{"records": {RECORDS}}}}}, raw=True)


builtins.__kk_record__ = Fake()""", CHECKS],
    # the real recorder's hand-over patched to add verdicts
    "flush": [WRONG, f"""from IPython.display import display
from kingdomino_kit.grading.recorder import MIME
type(__kk_record__).flush = lambda self: display({{MIME: {{"records": {RECORDS}}}}}, raw=True)""",
              CHECKS],
    # an answer equal to everything
    "equal": ["""class Same:
    def __eq__(self, other):
        return True


def crowns_of(kingdom):
    return Same()""", CHECKS],
    "int_equal": ["""class Same(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


def crowns_of(kingdom):
    return Same(0)""", CHECKS],
    # the builtin the judges compare with
    "builtins": [WRONG, """import builtins
import sys

real = bool


class Kind(type):
    def __instancecheck__(cls, value):
        return isinstance(value, real)


class Bool(metaclass=Kind):
    def __new__(cls, value=False):  # True for the judges' comparisons, else as before
        return True if sys._getframe(1).f_code.co_filename.endswith("judges.py") else real(value)


builtins.bool = Bool""", CHECKS],
    # the library the board's score comes from
    "score": [WRONG, "Kingdom.score = lambda self: 99", CHECKS],
    # a kingdom no click builds, put on the board by code
    "swap": [WRONG, f"""from kingdomino_kit.placement import Placement
board.kingdom = Kingdom.from_text({BIG!r})
board._done = [Placement(domino(48), (0, 1), (0, 2))]""", CHECKS],
}


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], dict[str, str]]:
    folder = tmp_path_factory.mktemp("tricks")
    for name, cells in TRICKS.items():
        nb = nbformat.v4.new_notebook()
        nb.metadata["kingdomino_kit"] = {"edition": "student", "source": "00_start_here.py"}
        nb.cells = [nbformat.v4.new_code_cell(c) for c in (START, *cells)]
        nbformat.write(nb, folder / f"{name}.ipynb")
    done = subprocess.run([sys.executable, "-m", "kingdomino_kit", "grade",
                           *(f"{n}.ipynb" for n in TRICKS), "--timeout", "30", "--out",
                           "book.csv"], capture_output=True, text=True, cwd=folder, timeout=900)
    assert done.returncode == 0, done.stderr
    with open(folder / "book.csv", encoding="utf-8", newline="") as handle:
        return {(r["student"], int(r["exercise"])): r for r in csv.DictReader(handle)}


@pytest.mark.slow
@pytest.mark.parametrize("trick", sorted(TRICKS))
def test_a_patch_in_the_kernel_earns_no_point(
        graded: dict[tuple[str, int], dict[str, str]], trick: str) -> None:
    function, board = graded[(trick, 4)], graded[(trick, 5)]
    assert function["status"] != "correct" and float(function["points"]) == 0, function
    assert board["status"] != "correct" and float(board["points"]) == 0, board
    if trick not in ("fake", "flush"):  # the answer reached the grader: judged, and wrong
        assert function["status"] == "wrong", function
        assert "gives" in function["message"] and "the right answer is" in function["message"]
