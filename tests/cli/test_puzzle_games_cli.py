"""``puzzle list|show|solve|check`` with a Kingdoms or Origins id: one command for all three
games, each game's id through each action, and bad values as one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kingdomino_kit.cli import main
from kingdomino_kit.kingdoms.puzzles import castle_puzzles
from kingdomino_kit.origins.puzzles import answer_json, origins_puzzles
from kingdomino_kit.puzzles import collection_ids

ROOT = Path(__file__).resolve().parents[2]
CASTLES = castle_puzzles()
ORIGINS = origins_puzzles()
FIRST = {"kingdomino": collection_ids()[0], "kingdoms": CASTLES[0].id,
         "origins": ORIGINS[0].id}


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one line on stderr of a command that exits 2."""
    try:
        code = main(list(args))
    except SystemExit as stop:
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


def test_list_by_game_kind_and_level(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = cli(capsys, "puzzle", "list", "--game", "kingdoms")
    assert [line.split()[0] for line in out.splitlines()] == [p.id for p in CASTLES]
    _, out, _ = cli(capsys, "puzzle", "list", "--game", "origins", "--kind", "totem")
    totems = [p.id for p in ORIGINS if p.kind == "totem"]
    assert totems and [line.split()[0] for line in out.splitlines()] == totems
    _, out, _ = cli(capsys, "puzzle", "list", "--kind", "fire")      # the game follows
    assert [line.split()[0] for line in out.splitlines()] == [
        p.id for p in ORIGINS if p.kind == "fire"]
    level = CASTLES[0].level
    _, out, _ = cli(capsys, "puzzle", "list", "--game", "kingdoms", "--level", str(level),
                    "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in rows] == [p.id for p in CASTLES if p.level == level]
    assert all(r["game"] == "kingdoms" and r["kind"] == "castles" for r in rows)
    _, out, _ = cli(capsys, "puzzle", "list")
    ids = [line.split()[0] for line in out.splitlines()]
    assert ids[-len(CASTLES) - len(ORIGINS):] == [p.id for p in CASTLES + ORIGINS]  # type: ignore[operator]


def test_list_bad_values_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert "kinds: castles" in refused(capsys, "puzzle", "list", "--game", "kingdoms",
                                       "--kind", "fire")
    refused(capsys, "puzzle", "list", "--game", "chess")
    refused(capsys, "puzzle", "list", "--kind", "volcano")
    refused(capsys, "puzzle", "list", "--level", "9")


@pytest.mark.parametrize("game", ["kingdomino", "kingdoms", "origins"])
def test_show_takes_each_games_id_and_number(capsys: pytest.CaptureFixture[str],
                                             game: str) -> None:
    ident = FIRST[game]
    _, by_id, _ = cli(capsys, "puzzle", "show", ident)
    _, by_number, _ = cli(capsys, "puzzle", "show", ident.split("-")[0])
    assert by_id == by_number and by_id.startswith(f"{ident}: ")
    _, data, _ = cli(capsys, "puzzle", "show", ident, "--json")
    shown = json.loads(data)
    assert shown["id"] == ident and "solution" not in shown
    assert "hint" not in shown and "hints" not in shown        # no hint unless asked for


@pytest.mark.parametrize("game", ["kingdoms", "origins"])
def test_show_gives_hints_and_the_solution_only_when_asked(
        capsys: pytest.CaptureFixture[str], game: str) -> None:
    puzzle = CASTLES[0] if game == "kingdoms" else ORIGINS[0]
    _, plain, _ = cli(capsys, "puzzle", "show", puzzle.id)
    assert puzzle.hints[0] not in plain and "optimum" not in plain
    _, hinted, _ = cli(capsys, "puzzle", "show", puzzle.id, "--hint")
    assert f"hint 1: {puzzle.hints[0]}" in hinted and "optimum:" not in hinted
    _, solved, _ = cli(capsys, "puzzle", "show", puzzle.id, "--solution", "--json")
    assert json.loads(solved)["solution"]["optimum"] == puzzle.optimum


@pytest.mark.parametrize("game", ["kingdoms", "origins"])
def test_solve_agrees_with_the_stored_optimum(capsys: pytest.CaptureFixture[str],
                                              game: str) -> None:
    puzzle = CASTLES[0] if game == "kingdoms" else ORIGINS[0]
    code, out, _ = cli(capsys, "puzzle", "solve", puzzle.id, "--json", "--workers", "1")
    data = json.loads(out)
    assert code == 0 and data["status"] == "OPTIMAL"
    assert data["score"] == data["stored_optimum"] == puzzle.optimum
    code, out, _ = cli(capsys, "puzzle", "solve", puzzle.id.split("-")[0], "--workers", "1")
    assert code == 0 and f"agrees with the stored optimum {puzzle.optimum}" in out


def test_kingdoms_solve_file_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "puzzles" / "kingdoms" / f"{CASTLES[0].id}.json"
    code, out, _ = cli(capsys, "kingdoms", "solve", str(path), "--json")
    assert code == 0 and json.loads(out)["score"] == CASTLES[0].optimum
    _, by_path, _ = cli(capsys, "puzzle", "show", str(path))
    assert by_path.startswith(f"{CASTLES[0].id}: ")


@pytest.mark.parametrize("game", ["kingdomino", "kingdoms", "origins"])
def test_check_the_stored_solution_of_each_game(capsys: pytest.CaptureFixture[str],
                                                game: str) -> None:
    code, out, _ = cli(capsys, "puzzle", "check", FIRST[game], "--json")
    assert code == 0 and json.loads(out)["stored_solution"] == "ok"


def test_check_a_kingdoms_answer(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = CASTLES[0]
    assert puzzle.answer is not None
    best = " / ".join(puzzle.answer.to_text().splitlines())
    code, out, _ = cli(capsys, "puzzle", "check", puzzle.id, "--answer", best, "--json")
    verdict = json.loads(out)
    assert code == 0 and verdict["legal"] and verdict["optimal"]
    assert verdict["score"] == puzzle.optimum
    start = " / ".join(puzzle.problem.board.to_text().splitlines())   # nothing placed
    code, out, _ = cli(capsys, "puzzle", "check", puzzle.id, "--answer", start, "--json",
                       "--exit-code")
    verdict = json.loads(out)
    assert code == 1 and verdict["legal"] is False and "adds" in verdict["reason"]
    refused(capsys, "puzzle", "check", puzzle.id, "--answer", "x y z")


def test_check_an_origins_answer(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    puzzle = ORIGINS[0]
    assert puzzle.answer is not None
    best = json.dumps(answer_json(puzzle.answer))
    path = tmp_path / "answer.json"
    path.write_text(best, encoding="utf-8")
    code, out, _ = cli(capsys, "puzzle", "check", puzzle.id, "--answer", str(path), "--json")
    verdict = json.loads(out)
    assert code == 0 and verdict["legal"] and verdict["optimal"]
    one = answer_json(puzzle.answer)
    one["order"], one["fire"] = one["order"][:1], []          # its volcano throws nothing
    first = puzzle.answer.order[0]
    code, out, _ = cli(capsys, "puzzle", "check", puzzle.id, "--answer", json.dumps(one))
    if first.volcanoes():
        assert code == 0 and "not legal" in out
    else:
        assert code == 0 and "short" in out
    refused(capsys, "puzzle", "check", puzzle.id, "--answer", "{not json")
    refused(capsys, "puzzle", "check", puzzle.id, "--answer", '{"order": 3, "fire": []}')


@pytest.mark.parametrize("action", ["show", "solve", "check"])
@pytest.mark.parametrize("ref", ["k99", "o99", "k01-no-such-puzzle"])
def test_an_unknown_id_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                              action: str, ref: str) -> None:
    assert "puzzle list --game" in refused(capsys, "puzzle", action, ref)
