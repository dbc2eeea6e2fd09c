"""The one command-line contract of ``kingdomino-kit``, ``kingdomino-kit kingdoms`` and
``kingdomino-kit origins``: the same ``play`` flags and defaults, ``replay FILE`` in every game
with one output shape, log formats named ``kingdomino-kit/<game>-log/1`` (the old names still
read), the same fields and status spelling in every ``solve --json``, and bad input as one line
on stderr with exit code 2.

The cases run through ``main(argv)`` in this process (``tests/cli/command_line.py``); each
command also runs in a real process (``python -m kingdomino_kit``, under ``-O`` in the -O
smoke) where it answers and where it refuses: the exit code the shell sees, and nothing more on
stderr at the interpreter's exit.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import kingdomino_kit.game
import kingdomino_kit.kingdoms
import kingdomino_kit.origins  # noqa: F401  (the three games register their bots)
from kingdomino_kit.bots import REGISTRY
from tests.cli.command_line import run_here as run
from tests.cli.command_line import run_process

ROOT = Path(__file__).resolve().parents[2]
OLD_LOGS = Path(__file__).resolve().parent / "logs"  # written by the kit before the renaming
GAMES = {"kingdomino": [], "kingdoms": ["kingdoms"], "origins": ["origins"]}
SEATS: dict[str, list[Any]] = {"kingdomino": [0, 1, 2, 3], "kingdoms": ["a", "b", "c", "d"],
                               "origins": [0, 1, 2, 3]}
STATUSES = {"OPTIMAL", "FEASIBLE", "INFEASIBLE", "UNKNOWN"}
ANSWER_FIELDS = ["status", "score", "bound", "grid", "order", "seconds"]
RESULT_FIELDS = ["game", "seed", "players", "scores", "winners"]


def ok_json(out: subprocess.CompletedProcess[str]) -> Any:
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def one_line_error(out: subprocess.CompletedProcess[str], *needles: str) -> None:
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    for needle in needles:
        assert needle in out.stderr, out.stderr


# --------------------------------------------------------------------------------- play
@pytest.mark.parametrize("game", GAMES)
def test_play_usage_has_the_common_flags(game: str) -> None:
    out = run(*GAMES[game], "play", "--help")
    assert out.returncode == 0
    usage = " ".join(out.stdout.split())
    assert "[--players {2,3,4}] [--bots A,B,...] [--seed SEED] [--log FILE] [--json]" in usage
    assert "2, 3 or 4 players (default 4)" in usage
    assert f"--log FILE write the game log (kingdomino-kit/{game}-log/1) to FILE" in usage
    assert ", ".join(REGISTRY[game]) in usage                        # the registry's names


@pytest.mark.parametrize("game", GAMES)
def test_play_defaults_and_seeds(game: str) -> None:
    data = ok_json(run(*GAMES[game], "play", "--seed", "7", "--json"))
    assert list(data)[:5] == RESULT_FIELDS
    assert (data["game"], data["seed"], data["players"]) == (game, 7, 4)   # 4 players default
    assert data["bots"] == ["random"] * 4                                   # random default
    assert [s["player"] for s in data["scores"]] == SEATS[game]
    best = max(s["score"] for s in data["scores"])
    assert data["winners"] and all(
        s["score"] == best for s in data["scores"] if s["player"] in data["winners"])
    assert ok_json(run(*GAMES[game], "play", "--seed", "7", "--json")) == data  # same seed
    fresh = ok_json(run(*GAMES[game], "play", "--json"))
    assert isinstance(fresh["seed"], int)                     # a random seed, printed ...
    again = ok_json(run(*GAMES[game], "play", "--json", "--seed", str(fresh["seed"])))
    assert again == fresh                                     # ... plays the same game again


@pytest.mark.parametrize("game", GAMES)
def test_bots_one_name_for_all_or_one_per_seat(game: str) -> None:
    data = ok_json(run(*GAMES[game], "play", "--players", "3", "--bots", "greedy", "--seed",
                       "2", "--json"))
    assert data["players"] == 3 and data["bots"] == ["greedy"] * 3
    for name in REGISTRY[game]:
        data = ok_json(run(*GAMES[game], "play", "--players", "2", "--bots", f"{name},random",
                           "--seed", "3", "--json"))
        assert data["bots"] == [name, "random"] and len(data["scores"]) == 2


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("args", "needles"), [
    (["--players", "5"], ["argument --players: invalid choice: 5"]),
    (["--players", "2", "--bots", "random,random,random"],
     ["--bots: 3 bots for 2 players (give one per player, or one for all)"]),
    (["--bots", "clever"], ["--bots: unknown bot 'clever' (known: random, greedy"]),
    (["--players", "2", "--bots", "random", "random"], ["unrecognized arguments: random"]),
])
def test_bad_play_flags(game: str, args: list[str], needles: list[str]) -> None:
    one_line_error(run(*GAMES[game], "play", *args), *needles)


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_play_flag_in_a_real_process_is_one_line(game: str) -> None:
    one_line_error(run_process(*GAMES[game], "play", "--bots", "clever"),
                   "--bots: unknown bot 'clever' (known: random, greedy")


# --------------------------------------------------------------------------------- logs
@pytest.mark.parametrize("game", GAMES)
def test_play_log_replays_with_one_output_shape(game: str, tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    log.write_text("an older file, replaced whole")
    played = ok_json(run_process(*GAMES[game], "play", "--players", "2", "--bots",
                                 "greedy,random", "--seed", "11", "--log", log, "--json"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]   # no temporary left
    assert json.loads(log.read_text())["format"] == f"kingdomino-kit/{game}-log/1"
    out = run_process(*GAMES[game], "replay", log)
    assert out.returncode == 0 and out.stderr == "" and out.stdout.count("\n") == 1
    here = run(*GAMES[game], "replay", log)                    # in this process: the same
    assert (here.returncode, here.stdout, here.stderr) == (0, out.stdout, "")
    scores = " ".join(f"{s['player']}={s['score']}" for s in played["scores"])
    winners = ", ".join(str(w) for w in played["winners"])
    line = out.stdout.rstrip("\n")
    assert line.startswith(f"{log}: replay ok — {game}, 2 players, seed 11, "), line
    assert line.endswith(f"; scores {scores}; winners {winners}"), line
    data = ok_json(run(*GAMES[game], "replay", log, "--json"))
    assert list(data)[:3] == ["ok", "file", "format"] and list(data)[3:8] == RESULT_FIELDS
    assert data["ok"] is True and data["format"] == f"kingdomino-kit/{game}-log/1"
    assert {k: data[k] for k in RESULT_FIELDS} == {k: played[k] for k in RESULT_FIELDS}
    for args in (["-"], []):                                   # stdin: "-" or no file at all
        out = run(*GAMES[game], "replay", *args, stdin=log.read_text())
        assert out.returncode == 0 and out.stdout.startswith("<stdin>: replay ok — ")


@pytest.mark.parametrize("game", GAMES)
def test_broken_logs_are_one_line_errors(game: str, tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    assert run(*GAMES[game], "play", "--players", "2", "--seed", "5", "--log", log
               ).returncode == 0
    data = json.loads(log.read_text())
    data["seed"] += 1                                          # another deal than the one logged
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    one_line_error(run(*GAMES[game], "replay", bad), str(bad))
    one_line_error(run_process(*GAMES[game], "replay", bad), str(bad))   # a real process too
    bad.write_text("{not json")
    one_line_error(run(*GAMES[game], "replay", bad), str(bad), "not JSON")
    one_line_error(run(*GAMES[game], "replay", tmp_path / "none.json"), "cannot read log",
                   "none.json")
    other = next(g for g in GAMES if g != game)
    assert run(*GAMES[other], "play", "--players", "2", "--seed", "5", "--log", bad
               ).returncode == 0
    one_line_error(run(*GAMES[game], "replay", bad), "field 'format'",
                   f"kingdomino-kit/{other}-log/1", f"the {other} log format")


@pytest.mark.parametrize("game", GAMES)
def test_a_log_is_not_written_where_it_cannot_be(game: str, tmp_path: Path) -> None:
    one_line_error(run(*GAMES[game], "play", "--players", "2", "--log",
                       tmp_path / "missing" / "game.json"), "--log: cannot write")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("game", "old_name"), [("kingdomino", "kingdomino-log/1"),
                                                ("origins", "kingdomino-origins-log/1")])
def test_logs_under_the_old_format_names_still_replay(game: str, old_name: str) -> None:
    log = OLD_LOGS / f"{old_name.replace('/', '-')}.json"
    assert json.loads(log.read_text())["format"] == old_name
    out = run(*GAMES[game], "replay", log)
    assert out.returncode == 0 and f"{log}: replay ok — {game}, 2 players, seed 3" in out.stdout
    data = ok_json(run(*GAMES[game], "replay", log, "--json"))
    assert data["format"] == old_name
    assert [s["score"] for s in data["scores"]] == [
        s["score"] for s in json.loads(log.read_text())["scores"]]


def test_origins_play_replay_is_an_alias_of_replay() -> None:
    log = OLD_LOGS / "kingdomino-origins-log-1.json"
    alias, replay = run("origins", "play", "--replay", log), run("origins", "replay", log)
    assert alias.returncode == replay.returncode == 0
    assert alias.stdout == replay.stdout and "replay ok" in replay.stdout


# --------------------------------------------------------------------------------- solve
SOLVES = {
    "kingdomino": ["solve", "--dominoes", "41,36,48", "--workers", "1"],
    "puzzle": ["puzzle", "solve", ROOT / "puzzles/kingdomino/01-best-kingdom.json",
               "--workers", "1"],
    "kingdoms": ["kingdoms", "solve",
                 ROOT / "puzzles/kingdoms/k01-three-castles.json"],
    "origins": ["origins", "solve", "36,18", "--workers", "1"],
}


@pytest.mark.parametrize("which", SOLVES)
def test_solve_json_has_the_common_fields(which: str) -> None:
    data = ok_json(run_process(*SOLVES[which], "--json"))
    assert list(data)[:6] == ANSWER_FIELDS
    assert data["status"] in STATUSES and data["status"] == "OPTIMAL"
    assert isinstance(data["score"], int) and data["score"] == data["bound"]
    assert isinstance(data["seconds"], (int, float)) and data["seconds"] >= 0
    grid = [row.split() for row in data["grid"].splitlines()]
    assert grid and data["order"]
    for item in data["order"]:                   # cells in the frame of the printed grid
        if which == "kingdoms":                  # Kingdoms counts rows and columns from 1
            r, c = item["cell"]
            assert grid[r - 1][c - 1] == item["piece"]
        else:
            (r1, c1), (r2, c2) = item["cells"]
            assert abs(r1 - r2) + abs(c1 - c2) == 1
            assert grid[r1][c1] != "." and grid[r2][c2] != "."
    if which == "origins":
        for throw in data["fire"]:
            assert grid[throw["from"][0]][throw["from"][1]].startswith("V")  # a volcano
            if throw["to"] is not None:
                assert "*" in grid[throw["to"][0]][throw["to"][1]]          # its token


@pytest.mark.parametrize("which", ["kingdomino", "kingdoms", "origins"])
def test_solve_text_starts_with_the_same_status_line(which: str) -> None:
    data = ok_json(run(*SOLVES[which], "--json"))
    out = run(*SOLVES[which])
    assert out.returncode == 0
    assert f"status {data['status']}  score {data['score']}  bound {data['bound']}  (" in out.stdout


@pytest.mark.parametrize(("args", "needle"), [
    (["solve", "--dominoes", "3,60"], "domino 60"),
    (["puzzle", "solve", "/nonexistent/p.json"], "cannot read puzzle"),
    (["kingdoms", "solve", "/nonexistent/p.json"], "cannot read puzzle"),
    (["origins", "solve", "1,99"], "domino 99"),
])
def test_bad_solve_input_is_one_line(args: list[str], needle: str) -> None:
    one_line_error(run(*args, "--json"), needle)
    if args[0] in ("solve", "puzzle"):  # kingdoms and origins: a real refusal above (replay)
        one_line_error(run_process(*args, "--json"), needle)


# --------------------------------------------------------------------------------- imports
@pytest.mark.parametrize(("args", "stdin"), [(["--help"], ""), (["score"], "C W\n")])
def test_help_and_score_load_no_solver_and_no_other_game(args: list[str], stdin: str) -> None:
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "kingdomino_kit", *args],
                         input=stdin, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0
    loaded = {line.rsplit("|", 1)[-1].strip() for line in out.stderr.splitlines()
              if line.startswith("import time:")}
    assert "kingdomino_kit.cli" in loaded                           # the report is read right
    for heavy in ("ortools", "matplotlib", "kingdomino_kit.solver", "kingdomino_kit.kingdoms",
                  "kingdomino_kit.origins", "kingdomino_kit.game", "kingdomino_kit.cli.solve"):
        assert heavy not in loaded, heavy


def test_no_import_inside_a_function_in_the_cli() -> None:
    nested = []
    for path in sorted((ROOT / "kingdomino_kit" / "cli").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                nested += [f"{path.name}:{inner.lineno}" for inner in ast.walk(node)
                           if isinstance(inner, (ast.Import, ast.ImportFrom))]
    assert nested == []
