"""``kingdomino-kit notebooks``: editions written atomically, bad input in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from tests.cli import command_line

SOURCE = """# %% [markdown]
# A tiny notebook

# %%
from kingdomino_kit.exercises import for_notebook

check = for_notebook("01_rules")

# %% tags=["solution"]
answer_1 = 4 * 3  # SOLUTION

check(1, answer_1)
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kingdomino_kit", "notebooks", *args],
                          capture_output=True, text=True, cwd=cwd)


def test_both_editions_are_written_from_one_source(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "01_tiny.py").write_text(SOURCE)
    done = command_line.run_here("notebooks", "--source", "src", "--student", "st",
                                 "--solutions", "te", cwd=tmp_path)  # a real one: below
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.splitlines() == [
        "st/01_tiny.ipynb: student edition, 1 solution cells",
        "te/01_tiny.ipynb: teacher edition, 1 solution cells"]
    student = nbformat.read(tmp_path / "st" / "01_tiny.ipynb", as_version=4)
    teacher = nbformat.read(tmp_path / "te" / "01_tiny.ipynb", as_version=4)
    assert "answer_1 = ...\n" in student.cells[2].source
    assert "answer_1 = 4 * 3\n" in teacher.cells[2].source
    assert teacher.cells[-1].source == "check.require_all()"
    assert json.loads((tmp_path / "st" / "01_tiny.ipynb").read_text())["nbformat"] == 4


BAD_INPUT = [
    (("--source", "nowhere", "--student", "out"), "--source nowhere: no such folder"),
    (("--source", "src"), "say which edition"),
    (("--source", "src", "--student", "out", "--only", "09_x"), "no notebook source"),
    (("--source", "src", "--student", "out"), "not tagged 'solution'")]


def leaky_source(folder: Path) -> Path:
    (folder / "src").mkdir()
    (folder / "src" / "01_leak.py").write_text("# %%\nanswer = 1  # SOLUTION\n")
    return folder


def run_here(*args: str, cwd: Path, capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """``kingdomino-kit notebooks`` run in this process: exit code, stdout, stderr."""
    from kingdomino_kit.cli import main

    monkeypatch.chdir(cwd)
    capsys.readouterr()
    try:
        code = main(["notebooks", *args])
    except SystemExit as stop:  # argparse's own refusals
        code = stop.code if isinstance(stop.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


def test_bad_input_is_one_line_and_exit_code_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    leaky_source(tmp_path)
    done = run("--source", "src", "--student", "out", cwd=tmp_path)  # the real process
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1 and "not tagged 'solution'" in done.stderr
    for args, words in BAD_INPUT:  # the messages, in-process
        code, out, err = run_here(*args, cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
        assert code == 2 and out == ""
        assert len(err.splitlines()) == 1 and words in err, err
        assert "Traceback" not in err
    assert not (tmp_path / "out").exists()  # nothing half written


@pytest.mark.sweep
@pytest.mark.parametrize(("args", "words"), BAD_INPUT)
def test_bad_input_in_a_real_process_each(args: tuple[str, ...], words: str,
                                         tmp_path: Path) -> None:
    done = run(*args, cwd=leaky_source(tmp_path))
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and words in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()
