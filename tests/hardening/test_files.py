"""Nothing a user saved is lost: every file the kit writes replaces the old one whole or not at
all, a long ``simulate --out`` keeps every complete game of an interrupted run (and finishes it
with ``--resume``), and SIGTERM with worker processes leaves none behind.

A failed write is made by the disk refusing the flush (``os.fsync`` raising ``ENOSPC``, as a
full disk does) or by Ctrl-C arriving during it; the old file must still be there, byte for
byte, with no temporary file beside it.
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.infra import atomic, resumable
from tests.hardening.samples import ROOT, cli, refused

OLD = "a log the user kept\n"

WRITERS = {
    "play --log": ["play", "--players", "2", "--seed", "1", "--log"],
    "kingdoms play --log": ["kingdoms", "play", "--players", "2", "--seed", "1", "--log"],
    "origins play --log": ["origins", "play", "--players", "2", "--seed", "1", "--log"],
}


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    def go(*args: str) -> tuple[int, str, str]:
        return cli(list(args), capsys, monkeypatch)
    return go


def _full_disk(*_: Any) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _ctrl_c(*_: Any) -> None:
    raise KeyboardInterrupt


@pytest.mark.parametrize("writer", WRITERS)
def test_a_failed_log_write_leaves_the_old_file_whole(writer: str, run: Any, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.json"
    target.write_text(OLD)
    monkeypatch.setattr(atomic.os, "fsync", _full_disk)
    code, _, err = run(*WRITERS[writer], str(target))
    refused(code, err, f"cannot write {target}: No space left on device")
    assert target.read_text() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


@pytest.mark.parametrize("writer", WRITERS)
def test_an_interrupted_log_write_leaves_the_old_file_whole(
        writer: str, run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.json"
    target.write_text(OLD)
    monkeypatch.setattr(atomic.os, "fsync", _ctrl_c)
    code, _, err = run(*WRITERS[writer], str(target))
    assert code == 130 and "interrupted" in err and "Traceback" not in err, err
    assert target.read_text() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_log_write_replaces_the_old_file(writer: str, run: Any, tmp_path: Path) -> None:
    """The same writers, not failing: the new log is there and replays."""
    target = tmp_path / "game.json"
    target.write_text(OLD)
    code, _, err = run(*WRITERS[writer], str(target))
    assert code == 0, err
    game = WRITERS[writer][:-6]
    code, _, err = run(*game, "replay", str(target))
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


@pytest.mark.parametrize(("where", "why"), [("no/such/folder/game.json", "cannot write"),
                                            ("", "needs a file name")])
def test_a_log_that_cannot_be_written_says_cannot_write(where: str, why: str, run: Any,
                                                        tmp_path: Path) -> None:
    name = str(tmp_path / where) if where else ""
    refused(*run(*WRITERS["play --log"], name)[::2], "--log", why)


def test_a_failed_notebook_write_leaves_the_old_edition_whole(
        run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "00_start_here.ipynb"
    target.write_text(OLD)
    monkeypatch.setattr(atomic.os, "fsync", _full_disk)
    code, _, err = run("notebooks", "--source", str(ROOT / "lessons"), "--only",
                       "00_start_here", "--student", str(tmp_path))
    refused(code, err, f"cannot write {target}")
    assert target.read_text() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["00_start_here.ipynb"]


# --------------------------------------------------------------------------------- simulate
SIMULATE = ["simulate", "--games", "12", "--players", "2", "--bots", "random", "--seed", "4",
            "--workers", "1"]


def test_an_interrupted_simulation_keeps_its_games_and_resumes(
        run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = tmp_path / "whole.csv"
    code, _, err = run(*SIMULATE, "--out", str(whole))
    assert code == 0, err
    rows = whole.read_text().splitlines()
    assert len(rows) == 1 + 12 * 2

    target = tmp_path / "run.csv"
    target.write_text("an earlier run\n")
    write = resumable.ResumableCsv.write
    written = []

    def interrupted(self: resumable.ResumableCsv, row: dict[str, Any]) -> None:
        if len(written) == 15:  # game 7, second player: game 7 is incomplete
            raise KeyboardInterrupt
        written.append(row)
        write(self, row)

    monkeypatch.setattr(resumable.ResumableCsv, "write", interrupted)
    code, _, err = run(*SIMULATE, "--out", str(target))
    assert code == 130 and "7 of 12 games" in err and "--resume" in err, err
    assert target.read_text() == "an earlier run\n"          # never emptied first
    partial = tmp_path / "run.csv.partial"
    assert partial.read_text().splitlines() == rows[:1 + 7 * 2]  # complete games only
    monkeypatch.setattr(resumable.ResumableCsv, "write", write)

    refused(*run(*SIMULATE, "--out", str(target))[::2], "--resume")
    assert partial.read_text().splitlines() == rows[:1 + 7 * 2]
    refused(*run(*SIMULATE[:-4], "--seed", "5", "--workers", "1", "--out", str(target),
                 "--resume")[::2], "another run")

    code, out, err = run(*SIMULATE, "--out", str(target), "--resume")
    assert code == 0 and "7 resumed" in out, err
    assert target.read_text() == whole.read_text()
    assert not partial.exists()


def test_a_partial_file_cut_mid_line_resumes_from_its_last_complete_game(
        run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = tmp_path / "whole.csv"
    assert run(*SIMULATE, "--out", str(whole))[0] == 0
    text = whole.read_text()
    lines = text.splitlines(keepends=True)
    write = resumable.ResumableCsv.write
    written = []

    def killed(self: resumable.ResumableCsv, row: dict[str, Any]) -> None:
        if len(written) == 10:  # games 0-4 complete: the run (and its record) stops here
            raise KeyboardInterrupt
        written.append(row)
        write(self, row)

    monkeypatch.setattr(resumable.ResumableCsv, "write", killed)
    assert run(*SIMULATE, "--out", str(tmp_path / "run.csv"))[0] == 130
    monkeypatch.setattr(resumable.ResumableCsv, "write", write)
    partial = tmp_path / "run.csv.partial"
    with partial.open("a") as handle:  # then game 5 half written, as a kill would leave it
        handle.write(lines[11] + lines[12][:7])
    code, out, err = run(*SIMULATE, "--out", str(tmp_path / "run.csv"), "--resume")
    assert code == 0 and "5 resumed" in out, err
    assert (tmp_path / "run.csv").read_text() == text


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


@pytest.mark.skipif(not Path(f"/proc/self/task/{os.getpid()}/children").exists(),
                    reason="finds the workers in /proc (Linux)")
@pytest.mark.parametrize(("signum", "code", "word"), [
    (signal.SIGTERM, 128 + signal.SIGTERM, "terminated"), (signal.SIGINT, 130, "interrupted")],
    ids=["SIGTERM", "Ctrl-C"])
def test_a_signal_with_workers_stops_every_worker_and_keeps_the_games(
        signum: int, code: int, word: str, tmp_path: Path) -> None:
    target = tmp_path / "run.csv"
    partial = tmp_path / "run.csv.partial"
    process = subprocess.Popen(
        [sys.executable, "-m", "kingdomino_kit", "simulate", "--games", "1000000", "--players",
         "2", "--bots", "random", "--workers", "2", "--out", str(target)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    try:
        deadline = time.monotonic() + 240
        workers: list[int] = []
        while time.monotonic() < deadline and process.poll() is None:
            workers = _children(process.pid) or workers
            if len(workers) >= 2 and partial.exists() and partial.stat().st_size > 2000:
                break
            time.sleep(0.2)
        assert process.poll() is None and len(workers) >= 2, "the run did not start its workers"
        process.send_signal(signum)
        _, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    text = err.decode()
    assert process.returncode == code, text
    assert "Traceback" not in text and word in text and "--resume" in text, text
    for _ in range(50):
        if not any(map(_alive, workers)):
            break
        time.sleep(0.1)
    assert not any(map(_alive, workers)), "a worker process outlived the run"
    assert not target.exists()
    lines = partial.read_text().splitlines()
    assert len(lines) > 1 and (len(lines) - 1) % 2 == 0   # whole games only


BATCH = ["solve-batch", "--count", "5", "--time-limit", "60", "--seed", "4"]


@pytest.mark.parametrize("ext", ["csv", "parquet"])
def test_a_resumed_solve_batch_writes_the_bytes_of_an_uninterrupted_one(
        ext: str, run: Any, tmp_path: Path) -> None:
    """Stopped after three of six sets (the first run asks for three), then the same --out
    given the six: the table is byte for byte the one a batch of six writes at once — no
    wall-clock column (``--timings`` adds it), the same layouts."""
    whole, part = tmp_path / f"whole.{ext}", tmp_path / f"part.{ext}"
    assert run(*BATCH, "--random", "6", "--out", str(whole))[0] == 0
    assert run(*BATCH, "--random", "3", "--out", str(part))[0] == 0
    code, out, _ = run(*BATCH, "--random", "6", "--out", str(part))
    assert code == 0 and "3 of them already there" in out
    assert part.read_bytes() == whole.read_bytes()


def test_timings_are_a_column_on_request_and_not_mixed(run: Any, tmp_path: Path) -> None:
    import pandas as pd

    timed, untimed = tmp_path / "t.csv", tmp_path / "u.csv"
    assert run(*BATCH, "--random", "2", "--out", str(timed), "--timings")[0] == 0
    assert run(*BATCH, "--random", "2", "--out", str(untimed))[0] == 0
    assert "seconds" in pd.read_csv(timed).columns
    assert "seconds" not in pd.read_csv(untimed).columns
    assert run(*BATCH, "--random", "3", "--out", str(timed))[0] == 0  # timings dropped
    code, _, err = run(*BATCH, "--random", "3", "--out", str(untimed), "--timings")
    refused(code, err, "u.csv", "without timings")
