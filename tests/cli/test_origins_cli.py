"""``kingdomino-kit origins score|play|solve``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kingdomino_kit.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_score_json_by_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "t.txt"
    f.write_text("G$ G$ V1\nH L$ Q1\nF$ F*1 .\n")
    code, out, _ = run(capsys, "origins", "score", str(f), "--json", "--mode", "totem",
                       "--totems", "fish,flint", "--totem-bonus", "scarcity")
    data = json.loads(out)
    assert code == 0
    assert (data["region_points"], data["resources"], data["totems"]) == (3, 4, 10)
    assert data["empire_of_fire"] == 10 and data["total"] == 27   # all within ±2 of the hut
    code, out, _ = run(capsys, "origins", "score", str(f))
    assert code == 0 and out.splitlines()[-1].split() == ["total", "13"]   # regions 3 + empire 10


@pytest.mark.parametrize("argv, words", [
    (["origins", "score", "BAD"], "line 1, column 3: unknown terrain"),
    (["origins", "score", "GOOD", "--totems", "gold"], "unknown resource 'gold'"),
    (["origins", "solve", "1,99"], "domino 99 is not in"),
    (["origins", "play", "--bots", "a,b"], "--bots: 2 bots for 4 players"),
    (["origins", "play", "--catalogue", "CAT"], "line 2: left_craters: a volcano has 1–3"),
    (["origins", "score", "/nonexistent/x"], "cannot read"),
])
def test_errors_are_one_line_exit_2(argv: list[str], words: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad").write_text("H X\n")
    (tmp_path / "good").write_text("H G1\n")
    (tmp_path / "cat").write_text("number,left_terrain,left_fire,left_craters,right_terrain,"
                                  "right_fire,right_craters\n1,V,0,5,L,0,0\n")
    argv = [str(tmp_path / a.lower()) if a in ("BAD", "GOOD", "CAT") else a for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_play_writes_a_log_that_replays(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.json"
    code, out, _ = run(capsys, "origins", "play", "--players", "3", "--mode", "tribe",
                       "--seed", "5", "--bots", "greedy,random,random", "--log", str(log),
                       "--json")
    assert code == 0
    played = json.loads(out)
    code, out, _ = run(capsys, "origins", "play", "--replay", str(log), "--json")
    assert code == 0 and json.loads(out)["scores"] == played["scores"]
    data = json.loads(log.read_text())
    data["rounds"][3]["actions"][0]["by"] = 9
    log.write_text(json.dumps(data))
    code, _, err = run(capsys, "origins", "play", "--replay", str(log))
    assert code == 2 and "round 3: it is the turn of player" in err


def test_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "origins", "solve", "36,18", "--json", "--workers", "1")
    data = json.loads(out)
    assert code == 0 and data["status"] == "OPTIMAL" and data["score"] == 4
    assert [t["fire"] for t in data["fire"]] == [1] and "V1" in data["grid"]


def test_score_reads_the_json_territory_it_writes(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "t.txt"
    f.write_text("G$ G$ V1\nH L$ Q1@h\nF$ F*1 .\n")
    code, out, _ = run(capsys, "origins", "score", str(f), "--json", "--mode", "tribe",
                       "--discarded", "1")
    first = json.loads(out)
    assert code == 0 and first["territory"]["discarded"] == 1 and first["homo_habilis"] == 0
    j = tmp_path / "t.json"
    j.write_text(json.dumps(first["territory"]))
    code, out, _ = run(capsys, "origins", "score", str(j), "--json", "--mode", "tribe")
    assert code == 0 and json.loads(out) == first
    first["territory"]["squares"][0]["token"] = 9
    j.write_text(json.dumps(first["territory"]))
    code, out, err = run(capsys, "origins", "score", str(j))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "squares[0].token: must be 1–3, not 9" in err
