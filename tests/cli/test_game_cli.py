"""CLI contracts of ``play``, ``replay`` and ``simulate``: the cases through ``main(argv)`` in
this process, each command also in a real process (``tests/cli/command_line.py``)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
from pathlib import Path

import pytest

from tests.cli.command_line import run_here as run
from tests.cli.command_line import run_process


def assert_one_line_error(out: subprocess.CompletedProcess[str], *words: str) -> None:
    assert out.returncode == 2, out
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert "Traceback" not in out.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_play_writes_a_log_that_replays(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    out = run_process("play", "--players", "3", "--bots", "greedy,random,random", "--seed", "5",
                      "--middle-kingdom", "--harmony", "--log", str(log))
    assert out.returncode == 0, out.stderr
    assert "player 0 (greedy)" in out.stdout and "winner" in out.stdout
    data = json.loads(log.read_text())
    assert (data["players"], data["seed"], data["middle_kingdom"]) == (3, 5, True)
    for s in data["scores"]:
        assert f"player {s['player']} " in out.stdout and f"{s['score']} points" in out.stdout
    again = run("play", "--players", "3", "--bots", "greedy,random,random", "--seed", "5",
                "--middle-kingdom", "--harmony")
    assert again.stdout == out.stdout                                   # same seed, same game
    ok = run("replay", str(log))
    assert ok.returncode == 0 and "ok" in ok.stdout


def test_play_variants_run() -> None:
    for args in (["--players", "2", "--variant", "mighty-duel"],
                 ["--players", "3", "--three-player-draw", "4"],
                 ["--players", "2", "--dynasty"]):
        out = run("play", *args, "--seed", "1")
        assert out.returncode == 0, out.stderr


def test_replay_reports_the_round_and_rule(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    assert run("play", "--players", "4", "--seed", "9", "--log", str(log)).returncode == 0
    data = json.loads(log.read_text())
    turns = data["rounds"][4]["turns"]
    turns[1]["pick"] = turns[0]["pick"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert_one_line_error(run("replay", str(bad)), "round 4:", "claim rule", "bad.json")
    assert_one_line_error(run_process("replay", str(bad)), "round 4:", "claim rule", "bad.json")
    bad.write_text("{not json")
    assert_one_line_error(run("replay", str(bad)), "not JSON")
    assert_one_line_error(run("replay", str(tmp_path / "missing.json")), "missing.json")


@pytest.mark.parametrize("args", [
    ["play", "--players", "5"],
    ["play", "--players", "3", "--variant", "mighty-duel"],
    ["play", "--players", "4", "--three-player-draw", "4"],
    ["play", "--bots", "random,smart,random,random"],
    ["play", "--bots", "random,random"],
    ["play", "--bots", "mc:depth=3"],
    ["simulate", "--games", "2", "--workers", "0"],
    ["simulate", "--players", "2"],
])
def test_bad_arguments_exit_2_with_one_line(args: list[str]) -> None:
    assert_one_line_error(run(*args))


def test_simulate_csv_identical_for_any_worker_count(tmp_path: Path) -> None:
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    common = ["simulate", "--games", "600", "--players", "4", "--bots", "random", "--seed", "3"]
    a = run(*common, "--workers", "1", "--out", str(one))
    b = run_process(*common, "--workers", "2", "--out", str(two))
    assert a.returncode == b.returncode == 0, a.stderr + b.stderr
    assert one.read_text() == two.read_text()
    rows = list(csv.DictReader(io.StringIO(one.read_text())))
    assert len(rows) == 600 * 4
    assert {"game", "seed", "player", "bot", "score", "rank", "winner"} <= set(rows[0])
    assert "random" in a.stdout and "mean score" in a.stdout
    assert a.stderr == b.stderr == ""                       # no progress bar off a terminal
    stdout = run("simulate", "--games", "2", "--players", "2", "--bots", "greedy,random")
    assert stdout.returncode == 0
    assert len(stdout.stdout.strip().splitlines()) == 1 + 2 * 2
