"""CLI contract of ``endgame`` (run as subprocesses)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from kingdomino_kit.bots import RandomBot
from kingdomino_kit.game import GameOptions, play
from kingdomino_kit.game.endgame import no_chance_left
from kingdomino_kit.game.endgame.log import log_position
from kingdomino_kit.game.log import replay


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kingdomino_kit", "endgame", *args],
                          capture_output=True, text=True, timeout=300)


def write_log(tmp_path: Path, players: int, seed: int) -> Path:
    game = play([RandomBot(p) for p in range(players)], GameOptions(players=players), seed)
    path = tmp_path / f"game{players}.json"
    path.write_text(json.dumps(game.log()))
    return path


def test_json_answer_replays_after_the_log_prefix(tmp_path: Path) -> None:
    path = write_log(tmp_path, 2, 3)
    out = run(str(path), "--json")
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert answer["status"] == "OPTIMAL" and answer["mode"] == "minimax"
    assert answer["nodes"] > 0 and answer["seconds"] >= 0 and answer["best"] == answer["line"][0]
    data = json.loads(path.read_text())
    game, turn = log_position(data)
    assert answer["turn"] == turn and no_chance_left(game.observation())
    # the log's prefix plus the line is a whole game that replays, to the scores announced
    turns = [t for r in data["rounds"] for t in r["turns"]][:turn] + answer["line"]
    rounds, done = [], 0
    for r in data["rounds"]:
        rounds.append({"line": r["line"], "turns": turns[done:done + len(r["turns"])]})
        done += len(r["turns"])
    keys = [tuple(k) for k in answer["keys"]]
    log = data | {"rounds": rounds,
                  "scores": [{"player": p, "score": s} for p, s in enumerate(answer["scores"])],
                  "winners": [p for p, k in enumerate(keys) if k == max(keys)]}
    finished = replay(log)
    assert finished.scores() == answer["scores"]
    codes = [k[0] * 10000 + k[1] * 100 + k[2] for k in answer["keys"]]
    assert answer["value"] == codes[0] - codes[1]
    assert answer["margin"] == answer["scores"][0] - answer["scores"][1]


def test_text_turn_and_paranoid(tmp_path: Path) -> None:
    path = write_log(tmp_path, 3, 4)
    data = json.loads(path.read_text())
    _, first = log_position(data)
    out = run(str(path), "--turn", str(first + 2), "--paranoid")
    assert out.returncode == 0, out.stderr
    assert "paranoid" in out.stdout and "best move:" in out.stdout
    assert "principal variation" in out.stdout and "nodes:" in out.stdout
    maxn = json.loads(run(str(path), "--json").stdout)
    assert maxn["mode"] == "maxn" and len(maxn["value"]) == 3


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    path = write_log(tmp_path, 2, 5)
    data = json.loads(path.read_text())
    data["rounds"][2]["turns"][0]["pick"] = 99
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    for args, word in (([str(bad)], "round 2"), ([str(path), "--turn", "3"], "chance is left"),
                       ([str(path), "--turn", "999"], "turn"),
                       ([str(path), "--time-limit", "0"], "--time-limit"),
                       ([str(tmp_path / "none.json")], "none.json")):
        out = run(*args)
        assert out.returncode == 2, out
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in out.stderr and word in lines[0], out.stderr


def test_time_limit_reports_unknown(tmp_path: Path) -> None:
    game = play([RandomBot(p) for p in range(4)], GameOptions(players=4), 1)
    path = tmp_path / "four.json"
    path.write_text(json.dumps(game.log()))
    out = run(str(path), "--json", "--time-limit", "0.01")
    answer = json.loads(out.stdout)
    assert out.returncode == 0 and answer["status"] in ("UNKNOWN", "OPTIMAL")
    assert len(answer["line"]) >= 1
