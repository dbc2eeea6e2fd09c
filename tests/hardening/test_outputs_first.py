"""Every output is checked before the work starts: a file flag (``--log``, ``--out``) naming
something that cannot be written — a FIFO, a folder that does not exist, a path under a
regular file, a place of the system where no file can be made — is refused in one line before
a game is played, a tournament run, a batch solved or a submission graded.

The command's work is replaced by a recorder: a refusal that comes after the work (a game
played, then its log refused) is caught by the record, whatever the machine's speed.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.hardening.samples import ROOT, cli

WORK = {
    "play": ("kingdomino_kit.cli.game", "play"),
    "kingdoms play": ("kingdomino_kit.cli.kingdoms", "play_game"),
    "origins play": ("kingdomino_kit.cli.origins", "play"),
    "tournament": ("kingdomino_kit.cli.tournament", "tournament"),
    "simulate": ("kingdomino_kit.cli.game", "simulate"),
    "solve-batch": ("kingdomino_kit.cli.batch", "solve_many"),
    "grade": ("kingdomino_kit.cli.grade", "grade_submission"),
}
"""Each writing command: the function its work starts with (replaced by a recorder)."""

COMMANDS: dict[str, tuple[list[str], str]] = {
    "play": (["play", "--players", "2", "--seed", "1"], "--log"),
    "kingdoms play": (["kingdoms", "play", "--players", "2", "--seed", "1"], "--log"),
    "origins play": (["origins", "play", "--players", "2", "--seed", "1"], "--log"),
    "tournament": (["tournament", "--games", "2", "--players", "2", "--bots", "random"],
                   "--out"),
    "simulate": (["simulate", "--games", "2", "--players", "2"], "--out"),
    "solve-batch": (["solve-batch", "--random", "1", "--count", "2"], "--out"),
    "grade": (["grade", str(ROOT / "notebooks" / "00_start_here.ipynb")], "--out"),
}


def _fifo(tmp_path: Path, name: str) -> str:
    path = tmp_path / name
    os.mkfifo(path)
    return str(path)


def _under_a_file(tmp_path: Path, name: str) -> str:
    (tmp_path / "plain").write_text("x")
    return str(tmp_path / "plain" / name)


PLACES = {
    "a FIFO": _fifo,
    "a missing folder": lambda tmp_path, name: str(tmp_path / "missing" / name),
    "under a regular file": _under_a_file,
    "a place where no file can be made": lambda tmp_path, name: f"/proc/{name}",
}


@pytest.fixture
def worked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    import importlib

    calls: list[str] = []
    for command, (module, name) in WORK.items():
        def record(*args: Any, _command: str = command, **kwargs: Any) -> Any:
            calls.append(_command)
            raise AssertionError(f"{_command} started its work")
        monkeypatch.setattr(importlib.import_module(module), name, record)
    return calls


@pytest.mark.parametrize("place", list(PLACES))
@pytest.mark.parametrize("command", list(COMMANDS))
def test_an_output_that_cannot_be_written_is_refused_before_the_work(
        command: str, place: str, tmp_path: Path, worked: list[str],
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    args, flag = COMMANDS[command]
    name = "out.json" if flag == "--log" else "out.csv"
    target = PLACES[place](tmp_path, name)
    code, out, err = cli([*args, flag, target], capsys, monkeypatch)
    assert not worked, f"{command} started before refusing {target}"
    assert code == 2, (code, err[-300:])
    assert len(err.splitlines()) == 1 and flag in err and target in err, err
    assert not out


@pytest.mark.parametrize("place", list(PLACES))
def test_a_feedback_folder_that_cannot_be_made_is_refused_before_grading(
        place: str, tmp_path: Path, worked: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    target = PLACES[place](tmp_path, "pages")
    if place == "a missing folder":
        target = _under_a_file(tmp_path, "pages")  # a missing folder is made: not refused
    code, _, err = cli([*COMMANDS["grade"][0], "--feedback", target], capsys, monkeypatch)
    assert not worked
    assert code == 2 and len(err.splitlines()) == 1 and "--feedback" in err, (code, err)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_good_output_starts_the_work(command: str, tmp_path: Path, worked: list[str],
                                       capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The recorder sees the work start when the output is fine (the test above can fail)."""
    monkeypatch.chdir(tmp_path)
    args, flag = COMMANDS[command]
    with pytest.raises(AssertionError, match="started its work"):
        cli([*args, flag, str(tmp_path / ("o.json" if flag == "--log" else "o.csv"))],
            capsys, monkeypatch)
    assert worked == [command]
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".probe")) == []
