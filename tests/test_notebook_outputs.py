"""The comparison of a notebook's stored outputs with a new run's (tests/notebook_outputs.py)
finds what changed and only that."""

from __future__ import annotations

import nbformat
import pytest

from tests.notebook_outputs import compared, difference, sanitize_patterns

PATTERNS = sanitize_patterns()


def stream(text: str, name: str = "stdout") -> nbformat.NotebookNode:
    return nbformat.v4.new_output("stream", name=name, text=text)


def result(plain: str, **more: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_output("execute_result", data={"text/plain": plain, **more},
                                  execution_count=1)


def test_a_changed_value_or_a_missing_output_is_a_difference() -> None:
    assert difference([result("41")], [result("42")], PATTERNS) == \
        "text/plain: stored ['41'], now ['42']"
    assert difference([result("41"), stream("hi\n")], [result("41")], PATTERNS) == \
        "outputs ['stdout', 'text/plain'] stored, ['text/plain'] now"
    assert difference([stream("a\n")], [stream("a\n", "stderr")], PATTERNS) is not None


def test_pieces_of_a_stream_timings_addresses_and_pictures_are_not_differences() -> None:
    assert difference([stream("one\ntwo\n")], [stream("one\n"), stream("two\n")], PATTERNS) is None
    assert difference([stream("solved in 1.5 s\n")], [stream("solved in 0.25 s\n")],
                      PATTERNS) is None
    assert difference([result("<Board at 0x7f00aa>")], [result("<Board at 0x55bb01>")],
                      PATTERNS) is None
    assert difference([result("x", **{"image/png": "AAAA"})],
                      [result("x", **{"image/png": "BBBB"})], PATTERNS) is None
    assert difference([stream("50%\r100%\n")], [stream("100%\n")], PATTERNS) is None


def test_only_the_ignore_marker_is_understood() -> None:
    assert compared(nbformat.v4.new_code_cell("x = 1"))
    assert not compared(nbformat.v4.new_code_cell("# NBVAL_IGNORE_OUTPUT\nx"))
    assert not compared(nbformat.v4.new_code_cell("x", metadata={"tags": ["nbval-ignore-output"]}))
    with pytest.raises(ValueError, match="NBVAL_SKIP"):
        compared(nbformat.v4.new_code_cell("# NBVAL_SKIP\nx"))
