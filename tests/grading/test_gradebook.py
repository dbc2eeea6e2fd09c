"""The gradebook's parts without a kernel: points from the kit (never the submission), which
notebook a submission is, how records and troubles become rows."""

from __future__ import annotations

import dataclasses

import jupytext
import nbformat
import pytest

from kingdomino_kit.exercises.editions import student_edition
from kingdomino_kit.grading.gradebook import notebook_of, points_of, rows_of
from kingdomino_kit.grading.plain_data import encode
from kingdomino_kit.grading.run import Outcome

SOURCE = """# %%
from kingdomino_kit.exercises import for_notebook

check = for_notebook("00_start_here")

# %% tags=["solution"] points=3
answer_1 = 10  # SOLUTION
check(1, answer_1)

# %% tags=["solution"]
answer_2 = 5  # SOLUTION
check(2, answer_2)
"""


def test_points_come_from_the_kit_not_from_the_submission(
        monkeypatch: pytest.MonkeyPatch) -> None:
    student = student_edition(jupytext.reads(SOURCE, fmt="py:percent"), "00_start_here")
    assert student.cells[1].metadata["points"] == 3  # what the notebook claims: not read
    assert points_of("00_start_here") == {n: 1.0 for n in range(1, 6)}
    import kingdomino_kit.exercises.start_here as key

    worth_two = (dataclasses.replace(key.EXERCISES[0], points=2.0), *key.EXERCISES[1:])
    monkeypatch.setattr(key, "EXERCISES", worth_two)
    assert points_of("00_start_here") == {1: 2.0, 2: 1.0, 3: 1.0, 4: 1.0, 5: 1.0}
    assert notebook_of(student) == "00_start_here"
    bare = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        'check = for_notebook("01_rules")')])
    assert notebook_of(bare) == "01_rules"
    assert notebook_of(nbformat.v4.new_notebook()) is None


def test_the_last_answer_counts_and_troubles_explain_the_rest() -> None:
    outcome = Outcome(records=[{"number": 1, "answer": encode(12)},
                               {"number": 1, "answer": encode(10)},
                               {"number": 2, "answer": encode(...)},
                               {"number": 9, "answer": encode(1)},  # no such exercise
                               {"number": 4, "judged": {  # the grader's own verdict
                                   "status": "timeout", "message": "crowns_of did not return",
                                   "hint": "", "credit": 0.0}}],
                      troubles={3: ("timeout", "cell 4 ran over 5 s"),
                                2: ("error", "cell 3 raised NameError")})
    rows = {r.exercise: r for r in rows_of("ada", "00_start_here", outcome, {1: 3.0})}
    assert sorted(rows) == [1, 2, 3, 4, 5]
    assert (rows[1].status, rows[1].points, rows[1].max_points) == ("correct", 3.0, 3.0)
    assert rows[2].status == "blank"  # answered ..., then the cell failed: still blank
    assert (rows[3].status, rows[3].message) == ("timeout", "cell 4 ran over 5 s")
    assert rows[4].status == "timeout" and rows[4].points == 0
    assert rows[5].status == "blank" and rows[5].hint


def test_a_wrong_answer_gets_its_first_hint_and_no_points() -> None:
    outcome = Outcome(records=[{"number": 1, "answer": encode(11)}])
    row = rows_of("bob", "00_start_here", outcome, {})[0]
    assert (row.status, row.points, row.message) == ("wrong", 0.0, "not yet: 11 is too high.")
    assert row.hint.startswith("Find each property")
