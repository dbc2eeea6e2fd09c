"""The exercise sheet: the words of a notebook's exercises read from one block of text, joined
to their checks by number; a malformed block is refused naming its line."""

from __future__ import annotations

import importlib
import re

import pytest

from kingdomino_kit.exercises import NOTEBOOKS, ExerciseError
from kingdomino_kit.exercises.answer_kinds import FUNCTION, WHOLE_NUMBER
from kingdomino_kit.exercises.sheet import Check, function, sheet, value, words

BLOCK = """
2. the second
hint: A hint that goes
  on over two
  more lines.
hint: Another.
why: Because.

1. the first
hint: Only one.
why: A why that
  goes on.
"""


def test_the_words_are_read_in_the_order_written_and_lines_going_on_are_joined() -> None:
    assert words(BLOCK) == {
        2: ("the second", ("A hint that goes on over two more lines.", "Another."), "Because."),
        1: ("the first", ("Only one.",), "A why that goes on."),
    }
    exercises = sheet(BLOCK, {1: value(WHOLE_NUMBER, 1), 2: Check(WHOLE_NUMBER, lambda a: None)})
    assert [e.number for e in exercises] == [2, 1]
    assert exercises[1].judge(1) is None and exercises[1].judge(2) == "2 is too high"


def test_a_function_check_expects_a_function_and_compares_case_by_case() -> None:
    check = function("double", lambda x: 2 * x, [(1,), (3,)])
    assert check.kind is FUNCTION and check.partial is None and check.points == 1.0
    assert check.judge(lambda x: x + x) is None
    assert check.judge(lambda x: x * x) == "double(1) gives 1, the right answer is 2"


@pytest.mark.parametrize(("block", "says"), [
    ("1. a\nhint: h\nwhy: w\nhints: more\n", "line 4 of the sheet"),
    ("hint: h before any exercise\n", "line 1 of the sheet"),
    ("  going on before anything\n", "line 1 of the sheet"),
    ("1. a\nwhy: w\n", "exercise 1 (a): give hints and one why"),
    ("1. a\nhint: h\n", "exercise 1 (a): give hints and one why"),
    ("1. a\nhint: h\nwhy: w\nwhy: again\n", "exercise 1 (a): give hints and one why"),
])
def test_a_malformed_block_is_refused_naming_where(block: str, says: str) -> None:
    with pytest.raises(ExerciseError, match=re.escape(says)):
        words(block)


def test_words_and_checks_must_name_the_same_exercises() -> None:
    with pytest.raises(ExerciseError, match=r"words are for exercises \[1, 2\], its checks for "
                                            r"\[1\]"):
        sheet(BLOCK, {1: value(WHOLE_NUMBER, 1)})


@pytest.mark.parametrize("name", sorted(NOTEBOOKS))
def test_every_notebook_sheet_reads_to_clean_words(name: str) -> None:
    """Joined lines leave no double space, no space at either end, and every exercise has its
    hints and its why (a line joined to the wrong field would show here)."""
    module = importlib.import_module(f"kingdomino_kit.exercises.{NOTEBOOKS[name]}")
    assert module.EXERCISES
    for e in module.EXERCISES:
        for text in (e.topic, e.why, *e.hints):
            assert text == text.strip() and "  " not in text and "\n" not in text, (name, e)
        assert e.hints and e.why.endswith((".", ")")), (name, e.number, e.why)
