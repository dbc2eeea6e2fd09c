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
    assert data["empire_of_fire"] == 0 and data["total"] == 17   # supplementary rules: off
    code, out, _ = run(capsys, "origins", "score", str(f), "--json", "--mode", "totem",
                       "--totems", "fish,flint", "--empire-of-fire")
    data = json.loads(out)
    assert data["empire_of_fire"] == 10 and data["total"] == 27   # all within ±2 of the hut
    code, out, _ = run(capsys, "origins", "score", str(f))
    assert code == 0 and out.splitlines()[-1].split() == ["total", "3"]    # regions 3
    code, out, _ = run(capsys, "origins", "score", str(f), "--empire-of-fire")
    assert code == 0 and out.splitlines()[-1].split() == ["total", "13"]   # regions 3 + empire 10


def test_score_supplementary_rules_and_fire_count(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A complete 5×5 territory, hut centred, a fire lady beside a 2-fire token (1 token, 2
    symbols): each flag adds its own points; the old spelling --no-empire still reads (the
    default now) but not together with --empire-of-fire."""
    f = tmp_path / "t.txt"
    f.write_text("G  G  D  D  D\nG1 G  D  D  D\nL  L  H  D@l D*2\nL  L  Q  Q  Q\n"
                 "F  F  Q  Q  Q1\n")

    def total(*flags: str) -> int:
        code, out, err = run(capsys, "origins", "score", str(f), "--json", "--mode", "tribe",
                             *flags)
        assert code == 0, err
        return int(json.loads(out)["total"])

    regions = 4 + 6 + 8 * 2                        # G1 4 × 1, Q1 6 × 1, desert 8 × 2 (token)
    assert total() == regions + 1                  # the fire lady: one token
    assert total("--fire-count", "tokens") == regions + 1
    assert total("--fire-count", "symbols") == regions + 2
    assert total("--empire-of-fire") == regions + 1 + 10
    assert total("--homo-habilis") == regions + 1 + 5
    assert total("--empire-of-fire", "--homo-habilis") == regions + 1 + 15
    assert total("--no-empire", "--no-homo-habilis") == regions + 1
    for flags, words in ((["--empire-of-fire", "--no-empire"], "not allowed with"),
                         (["--fire-count", "flames"], "--fire-count: invalid choice")):
        with pytest.raises(SystemExit) as stop:
            run(capsys, "origins", "score", str(f), *flags)
        out, err = capsys.readouterr()
        assert stop.value.code == 2 and out == "" and words in err


@pytest.mark.parametrize(("flags", "recorded"), [
    ([], (False, False, "tokens")),
    (["--empire-of-fire"], (True, False, "tokens")),
    (["--homo-habilis", "--fire-count", "symbols"], (False, True, "symbols")),
    (["--empire-of-fire", "--homo-habilis"], (True, True, "tokens")),
])
def test_play_flags_are_played_and_recorded(flags: list[str], recorded: tuple[object, ...],
                                            tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.json"
    code, out, err = run(capsys, "origins", "play", "--players", "2", "--seed", "14",
                         "--log", str(log), "--json", *flags)
    assert code == 0, err
    data = json.loads(log.read_text())
    assert (data["empire_of_fire"], data["homo_habilis"], data["fire_count"]) == recorded
    scores = json.loads(out)["scores"]
    assert all(s["empire_of_fire"] in ((0, 10) if recorded[0] else (0,)) for s in scores)
    assert all(s["homo_habilis"] in ((0, 5) if recorded[1] else (0,)) for s in scores)
    code, out, _ = run(capsys, "origins", "replay", str(log), "--json")
    assert code == 0 and json.loads(out)["scores"] == scores


def test_play_replay_takes_no_rule_flag(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.json"
    assert run(capsys, "origins", "play", "--players", "2", "--seed", "1", "--log",
               str(log))[0] == 0
    for flag in (["--empire-of-fire"], ["--homo-habilis"], ["--fire-count", "symbols"]):
        code, out, err = run(capsys, "origins", "play", "--replay", str(log), *flag)
        assert code == 2 and out == "" and f"{flag[0]}: --replay re-checks a log" in err


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

    for flag in ("--empire-of-fire", "--empire"):      # the older spelling still reads
        code, out, _ = run(capsys, "origins", "solve", "36,18", "--json", "--workers", "1", flag)
        assert code == 0 and json.loads(out)["score"] == 4 + 10


def test_score_reads_the_json_territory_it_writes(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "t.txt"
    f.write_text("G$ G$ V1\nH L$ Q1@h\nF$ F*1 .\n")
    code, out, _ = run(capsys, "origins", "score", str(f), "--json", "--mode", "tribe",
                       "--discarded", "1")
    first = json.loads(out)
    assert code == 0 and first["territory"]["discarded"] == 1 and first["homo_habilis"] == 0
    code, out, _ = run(capsys, "origins", "score", str(f), "--json", "--mode", "tribe",
                       "--homo-habilis", "--discarded", "1")
    assert json.loads(out)["homo_habilis"] == 0          # a domino was discarded
    j = tmp_path / "t.json"
    j.write_text(json.dumps(first["territory"]))
    code, out, _ = run(capsys, "origins", "score", str(j), "--json", "--mode", "tribe")
    assert code == 0 and json.loads(out) == first
    first["territory"]["squares"][0]["token"] = 9
    j.write_text(json.dumps(first["territory"]))
    code, out, err = run(capsys, "origins", "score", str(j))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "squares[0].token: must be 1–3, not 9" in err
