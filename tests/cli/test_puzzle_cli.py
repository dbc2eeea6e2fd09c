"""``puzzle list|show|solve|check``: ids, paths, the solve verdict, and exact wrong-answer words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kingdomino_kit import Kingdom
from kingdomino_kit.cli import main
from kingdomino_kit.cli.puzzle import _comparison
from kingdomino_kit.puzzles import collection_ids, find_puzzle, load_collection, load_puzzle
from kingdomino_kit.puzzles.solving import solve_puzzle

DATA = Path(__file__).resolve().parents[1] / "puzzles" / "data"
IDS = collection_ids()


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_list_prints_one_line_per_puzzle_starting_with_its_id(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "puzzle", "list", "--game", "kingdomino")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == IDS
    _, every, _ = cli(capsys, "puzzle", "list")          # all three games, Kingdomino first
    assert [line.split()[0] for line in every.splitlines()][:len(IDS)] == IDS


def test_list_filters_by_kind_and_level(capsys: pytest.CaptureFixture[str]) -> None:
    puzzles = load_collection()
    _, out, _ = cli(capsys, "puzzle", "list", "--kind", "rearrange", "--level", "3")
    want = [p.id for p in puzzles if p.kind == "rearrange" and p.level == 3]
    assert want and [line.split()[0] for line in out.splitlines()] == want
    _, out, _ = cli(capsys, "puzzle", "list", "--json", "--game", "kingdomino")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in rows] == IDS
    assert all(r["optimal_answers"] >= 1 and r["greedy_score"] is not None for r in rows)


def test_list_rejects_a_kind_it_does_not_know(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["puzzle", "list", "--kind", "castle"])
    assert stop.value.code == 2


def test_show_solve_check_take_an_id_a_number_or_a_path(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)                      # ids do not depend on the folder
    first = IDS[0]
    _, by_id, _ = cli(capsys, "puzzle", "show", first)
    _, by_number, _ = cli(capsys, "puzzle", "show", first.split("-")[0])
    assert by_id == by_number and by_id.startswith(f"{first}: ")
    path = tmp_path / "copy.json"
    path.write_text(find_puzzle(first).dumps(), encoding="utf-8")
    _, by_path, _ = cli(capsys, "puzzle", "show", str(path))
    assert by_path == by_id
    code, out, _ = cli(capsys, "puzzle", "check", first)
    assert code == 0 and "replays legally" in out
    code, out, _ = cli(capsys, "puzzle", "solve", first, "--workers", "1")
    assert code == 0 and "optimal" in out and "agrees with the stored optimum" in out


def test_show_keeps_the_hint_until_asked(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = find_puzzle(IDS[0])
    assert puzzle.hint
    _, out, _ = cli(capsys, "puzzle", "show", IDS[0])
    assert puzzle.hint not in out and "--hint" in out
    _, out, _ = cli(capsys, "puzzle", "show", IDS[0], "--hint")
    assert f"hint 1 of 3: {puzzle.hint}" in out


def test_show_json_keeps_the_hint_and_the_solution_until_asked(
        capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = find_puzzle(IDS[0])
    assert puzzle.hint and puzzle.solution is not None
    _, out, _ = cli(capsys, "puzzle", "show", IDS[0], "--json")
    assert "hint" not in json.loads(out) and "solution" not in json.loads(out)
    _, out, _ = cli(capsys, "puzzle", "show", IDS[0], "--json", "--hint")
    assert json.loads(out)["hint"] == puzzle.hint and "solution" not in json.loads(out)
    _, out, _ = cli(capsys, "puzzle", "show", IDS[0], "--json", "--hint", "--solution")
    assert json.loads(out)["hint"] == puzzle.hint
    assert json.loads(out)["solution"]["optimum"] == puzzle.solution.optimum


@pytest.mark.parametrize(("ref", "words"), [
    ("no-such-puzzle", "no puzzle 'no-such-puzzle': a puzzle id is NN or NN-kind"),
    ("999", "no puzzle '999' in the collection"),
    ("01-best-kingdon", "no puzzle '01-best-kingdon' in the collection (did you mean "
                        "01-best-kingdom?)")])
def test_an_unknown_id_is_one_line_saying_how_to_see_the_ids(
        capsys: pytest.CaptureFixture[str], ref: str, words: str) -> None:
    for action in ("show", "solve", "check"):
        code, out, err = cli(capsys, "puzzle", action, ref)
        assert code == 2 and out == ""
        assert len(err.strip().splitlines()) == 1
        assert words in err and "puzzle list" in err


def test_a_missing_file_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "puzzle", "show", "/nonexistent/p.json")
    assert code == 2 and "cannot read puzzle /nonexistent/p.json" in err


# ------------------------------------------------------------------ the 12-domino solve
def test_the_12_domino_puzzle_is_solved_with_all_12_and_proven() -> None:
    """The puzzle once solved as 'unknown' with an 11-domino kingdom that 'agreed' with 38:
    the best subset left domino 12 out and no layout of all twelve was looked for."""
    puzzle = load_puzzle(DATA / "45-best-kingdom.json")
    answer = solve_puzzle(puzzle, workers=1, time_limit_s=120)
    assert answer.status == "optimal" and answer.optimum == 38 == answer.bound
    assert answer.kingdom is not None
    assert sorted(p.domino.number for p in answer.order) == sorted(puzzle.dominoes)
    rebuilt = Kingdom()
    for p in answer.order:
        rebuilt.place(p)
    assert rebuilt == answer.kingdom and rebuilt.total() == 38


def test_solve_of_the_12_domino_puzzle_agrees_only_when_proven(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "puzzle", "solve", str(DATA / "45-best-kingdom.json"),
                       "--workers", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "OPTIMAL" and data["score"] == 38
    assert len(data["order"]) == 12


@pytest.mark.parametrize("status", ["unknown", "feasible"])
def test_a_result_not_proven_never_agrees(status: str) -> None:
    words = _comparison(status, 38, 38)
    assert "agrees" not in words and "DIFFERS" not in words and "not proven" in words
    assert _comparison("optimal", 38, 38) == "agrees with the stored optimum 38"
    assert _comparison("optimal", 37, 38) == "DIFFERS from the stored optimum 38"


# ------------------------------------------------------------------ wrong answers
def test_check_names_the_domino_that_is_not_in_the_puzzle(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({
        "format": "kingdomino-puzzle/1", "id": "t", "title": "T", "kind": "best-kingdom",
        "level": 1, "dominoes": [41, 15], "place": "all", "question": "?"}), encoding="utf-8")
    code, out, _ = cli(capsys, "puzzle", "check", str(path), "--answer", "C M3 W / . W G1",
                       "--json")
    verdict = json.loads(out)
    assert code == 0 and verdict["legal"] is False
    assert verdict["reason"] == ("not legal: domino W|M3 (number 48) at row 1, columns 2–3 is "
                                 "not one of this puzzle's dominoes (41 W|G2, 15 W|G)")
