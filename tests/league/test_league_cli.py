"""``kingdomino-kit league``: the kit's bots beside students' files, the tournament's table on the
kit's bots, the protocol playing as the kit's own bots play, every log replaying, a league
killed and resumed, the exports valid against the published schemas, bad input one line."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest

from kingdomino_kit.cli import main
from kingdomino_kit.game import GameOptions
from kingdomino_kit.game.tournament import tournament
from kingdomino_kit.league.league import run_league
from kingdomino_kit.league.process import Limits
from tests.league import hostile

SCHEMAS = Path(__file__).parent / "schemas"
STATS = ("bot", "seats", "mean_score", "mean_score_ci", "margin", "margin_ci", "win_share",
         "win_share_ci", "mean_rank", "mean_rank_ci", "rating", "rating_low", "rating_high")


def _schema(name: str) -> dict[str, object]:
    return json.loads((SCHEMAS / f"{name}_results.schema.json").read_text())


def test_a_league_of_the_kits_bots_has_the_tournaments_table(tmp_path: Path) -> None:
    options = GameOptions(players=2)
    league = run_league(["greedy", "random"], 6, options, out=tmp_path, seed=4)
    played = tournament(["greedy", "random"], 6, options, seed=4)
    assert [{k: t[k] for k in STATS} for t in league.table()] == [
        {k: t[k] for k in STATS} for t in played.table()]
    assert [(r["game"], r["bot"], r["score"]) for r in league.rows] == [
        (r["game"], r["bot"], r["score"]) for r in played.rows]


@pytest.mark.slow
def test_the_league_cli_ranks_kit_bots_and_student_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bots = tmp_path / "bots"
    good, slow, crash = hostile.greedy_file(bots), hostile.slow(bots), hostile.crashes(bots)
    out = tmp_path / "results"
    code = main(["league", "greedy", str(good), str(slow), str(crash), "--games", "6",
                 "--time-per-move", "0.3", "--workers", "2", "--out", str(out), "--seed", "2"])
    text = capsys.readouterr().out
    assert code == 0, text
    table = {t["bot"]: t for t in csv.DictReader((out / "table.csv").open())}
    assert set(table) == {"greedy", good.stem, slow.stem, crash.stem}
    assert table[good.stem]["forfeits"] == "0" and table["greedy"]["forfeits"] == "0"
    assert int(table[slow.stem]["games_out"]) == 2 and int(table[crash.stem]["games_out"]) == 2
    kinds = {(e["bot"], e["kind"]) for e in csv.DictReader((out / "events.csv").open())}
    assert kinds == {(slow.stem, "timeout"), (slow.stem, "out"), (crash.stem, "crash"),
                     (crash.stem, "out")}
    games = list(csv.DictReader((out / "games.csv").open()))
    assert len(games) == 12 and not (out / "games.csv.partial").exists()
    for log in sorted((out / "logs").glob("*.json")):
        assert main(["replay", str(log)]) == 0
    assert len(list((out / "logs").glob("*.json"))) == 6
    pairs = list(csv.DictReader((out / "pairwise.csv").open()))
    assert {(p["a"], p["b"]) for p in pairs} >= {("greedy", slow.stem), (slow.stem, "greedy")}
    for student in (good.stem, slow.stem, crash.stem):
        gradescope = json.loads((out / "gradescope" / student / "results.json").read_text())
        jsonschema.validate(gradescope, _schema("gradescope"))
        assert [e["name"] for e in gradescope["leaderboard"]] == [
            "Rating", "Mean score", "Win share", "Place"]
        prairie = json.loads((out / "prairielearn" / student / "results.json").read_text())
        jsonschema.validate(prairie, _schema("prairielearn"))
    first = json.loads((out / "gradescope" / good.stem / "results.json").read_text())
    assert first["tests"][0]["status"] == "passed"
    crashed = json.loads((out / "prairielearn" / crash.stem / "results.json").read_text())
    assert crashed["tests"][0]["points"] == 0 and crashed["score"] < 1
    assert not (out / "gradescope" / "greedy").exists()


def test_the_exports_are_checked_by_schemas_that_refuse_what_is_wrong() -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"tests": [{"name": "x", "status": "ok"}]}, _schema("gradescope"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"gradable": True, "score": 3}, _schema("prairielearn"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"score": 1, "leaderboard": [{"name": "x"}]}, _schema("gradescope"))


@pytest.mark.slow
def test_a_league_killed_goes_on_with_resume_and_plays_what_the_kits_bots_play(
        tmp_path: Path) -> None:
    good = hostile.greedy_file(tmp_path / "bots")
    out = tmp_path / "results"
    command = [sys.executable, "-m", "kingdomino_kit", "league", "greedy", str(good),
               "--games", "4", "--out", str(out), "--seed", "6"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    partial = out / "games.csv.partial"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if partial.exists() and len(partial.read_text().splitlines()) >= 3:
            break
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    assert not (out / "games.csv").exists()
    done = subprocess.run(command + ["--resume"], capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader((out / "games.csv").open()))
    played = tournament(["greedy", "greedy"], 4, GameOptions(players=2), seed=6)
    assert [(int(r["game"]), int(r["score"]), int(r["rank"])) for r in rows] == [
        (r["game"], r["score"], r["rank"]) for r in played.rows]
    assert [r["bot"] for r in rows] == ["greedy", good.stem, good.stem, "greedy"] * 2
    assert hostile.left_running(good.stem) == []


@pytest.mark.parametrize(("args", "needle"), [
    (["league", "smart", "greedy", "--games", "2", "--out", "{tmp}"], "unknown bot 'smart'"),
    (["league", "{tmp}/none.py", "greedy", "--games", "2", "--out", "{tmp}"], "no such file"),
    (["league", "{tmp}/plain", "greedy", "--games", "2", "--out", "{tmp}"], "not executable"),
    (["league", "greedy", "random", "--games", "0", "--out", "{tmp}"], "--games"),
    (["league", "greedy", "random", "--players", "4", "--games", "2", "--out", "{tmp}"],
     "2 bots for 4 players"),
    (["league", "greedy", "random", "--games", "2", "--time-per-move", "0", "--out", "{tmp}"],
     "time_per_move"),
])
def test_bad_league_input_is_one_line(args: list[str], needle: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "plain").write_text("not a program\n")
    code = main([a.replace("{tmp}", str(tmp_path)) for a in args])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and needle in err, err


def test_a_student_bot_through_the_protocol_plays_as_in_process(tmp_path: Path) -> None:
    good = hostile.greedy_file(tmp_path / "bots")
    league = run_league([str(good), "random"], 2, GameOptions(players=2), out=tmp_path / "o",
                        seed=8, limits=Limits(time_per_move=5))
    played = tournament(["greedy", "random"], 2, GameOptions(players=2), seed=8)
    assert [(r["score"], r["rank"]) for r in league.rows] == [
        (r["score"], r["rank"]) for r in played.rows]
