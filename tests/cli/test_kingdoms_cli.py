"""``kingdomino-kit kingdoms score|play|replay|solve`` run as a user runs them (subprocesses),
checked against the seed's worked example and the library."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kingdomino_kit.kingdoms import replay
from kingdomino_kit.kingdoms.puzzles import castle_collection
from tests.reference import SEED_EXAMPLE


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kingdomino_kit", "kingdoms", *args],
                          input=stdin, capture_output=True, text=True, timeout=120)


def one_line_error(out: subprocess.CompletedProcess[str], needle: str) -> None:
    assert out.returncode == 2, out.stdout
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert needle in out.stderr, out.stderr


def test_score_json_contract(tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text(SEED_EXAMPLE)
    out = run("score", str(path), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"gold", "lines"}
    assert set(data["gold"]) == {"a", "b", "c"}
    assert all(set(entry) == {"line", "cells", "value", "ranks"} for entry in data["lines"])
    row1 = data["lines"][0]
    assert row1 == {"line": "row 1", "cells": [[1, c] for c in range(1, 7)], "value": -3,
                    "ranks": {"a": 5, "b": 1, "c": 1}}
    col2 = [e for e in data["lines"] if e["line"] == "column 2"]
    assert col2 == [{"line": "column 2", "cells": [[r, 2] for r in range(1, 6)], "value": -6,
                     "ranks": {"a": 0, "b": 1, "c": 0}}]
    row4 = [e for e in data["lines"] if e["line"] == "row 4"]
    assert [e["cells"] for e in row4] == [[[4, 1], [4, 2], [4, 3]], [[4, 5], [4, 6]]]
    assert [e["value"] for e in row4] == [0, 5]
    # the gold is the sum over the segments of value × ranks
    for p in "abc":
        assert data["gold"][p] == sum(e["value"] * e["ranks"][p] for e in data["lines"])


def test_score_stdin_text_and_explain() -> None:
    out = run("score", stdin=SEED_EXAMPLE)
    assert out.returncode == 0 and "dragon cancels +4" in out.stdout
    assert out.stdout.splitlines()[0].startswith("row 1") and "a-15 b-3 c-3" in out.stdout
    data = json.loads(run("score", "-", "--json", "--explain", stdin=SEED_EXAMPLE).stdout)
    col2 = next(e for e in data["lines"] if e["line"] == "column 2")
    assert col2["dragon"] and col2["gold_mine"] and col2["base"] == 1 and col2["gold"]["b"] == -6


def test_wizard_needs_the_flag() -> None:
    board = "a1 W . . . . \n" + ". . . . . .\n" * 4
    one_line_error(run("score", stdin=board), "line 1, column 4: the wizard W")
    out = run("score", "--wizard", "--json", stdin=board)
    assert json.loads(out.stdout)["lines"][0]["ranks"] == {"a": 2}


@pytest.mark.parametrize(("board", "needle"), [
    (". . . . . .\n" * 6, "a board has 5 rows, not 6"),
    (". . . . . . .\n" + ". . . . . .\n" * 4, "line 1: a row has 6 cells, not 7"),
    (". . . . . .\n. x . . . .\n" + ". . . . . .\n" * 3, "line 2, column 3: unknown token 'x'"),
    ("b2 b2 b2 b2 . .\n" + ". . . . . .\n" * 4, "player b has 4 castles of rank 2"),
])
def test_bad_boards_are_one_line_errors(board: str, needle: str) -> None:
    one_line_error(run("score", "-", "--json", stdin=board), needle)


def test_missing_file() -> None:
    one_line_error(run("score", "/nonexistent/board.txt"), "cannot read board")


def test_play_writes_a_log_that_replays(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    out = run("play", "--players", "3", "--bots", "greedy,random,random", "--seed", "4",
              "--log", str(log), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["seed"] == 4 and data["bots"] == ["greedy", "random", "random"]
    assert len(data["epochs"]) == 3 and data["winners"]
    game = replay(log.read_text())
    assert game.gold == data["gold"] and game.winners == data["winners"]
    again = run("play", "--players", "3", "--bots", "greedy,random,random", "--seed", "4",
                "--json")
    assert json.loads(again.stdout) == data
    checked = run("replay", str(log))
    assert checked.returncode == 0 and "replay ok" in checked.stdout
    tampered = json.loads(log.read_text())
    tampered["turns"][3] = tampered["turns"][2]
    log.write_text(json.dumps(tampered))
    one_line_error(run("replay", str(log)), "turn 4")


def test_play_variants_and_text_output() -> None:
    out = run("play", "--players", "2", "--seed", "1", "--open-tiles", "--score-as-you-go",
              "--until-last-castle", "--wizard")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("seed 1, 2 players (random, random)")
    assert "winner" in out.stdout.splitlines()[-1]


@pytest.mark.parametrize(("args", "needle"), [
    (["--bots", "random,clever"], "--bots: 2 bots for 3 players (give one per player, or one "
                                  "for all)"),
    (["--bots", "clever"], "unknown bot 'clever'"),
])
def test_play_bad_bots(args: list[str], needle: str) -> None:
    one_line_error(run("play", "--players", "3", *args), needle)


def test_play_needs_players() -> None:
    out = run("play", "--players", "5")
    assert out.returncode == 2 and "invalid choice" in out.stderr


def test_solve_a_stored_puzzle() -> None:
    path = castle_collection() / "k03-gold-mine-margin.json"
    out = run("solve", str(path), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["status"] == "OPTIMAL"
    assert data["score"] == json.loads(path.read_text())["solution"]["optimum"]
    one_line_error(run("solve", str(path.parent / "nope.json")), "cannot read puzzle")
