"""Puzzles on demand: the level asked for, a proven answer, the same seed the same bytes; the
puzzle of the day; the command line's flags."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.cli import main
from kingdomino_kit.errors import PuzzleError
from kingdomino_kit.puzzles import grade, load_puzzle, replay
from kingdomino_kit.puzzles.levels import level_of
from kingdomino_kit.puzzles.measure import every_answer_optimal
from kingdomino_kit.puzzles.on_demand import daily_choice, daily_puzzle, new_puzzle


def test_a_new_puzzle_has_the_level_asked_and_a_proven_answer() -> None:
    p = new_puzzle("complete", 2, seed=4)
    assert p.level == 2 and p.measures is not None and level_of(p.measures) == 2
    assert p.solution is not None and p.solution.proof["status"] == "OPTIMAL"
    assert p.rules.total(replay(p)) == p.solution.optimum
    assert grade(p, replay(p)).optimal and not every_answer_optimal(p)
    assert 1 <= len(p.hint_ladder()) <= 3


def test_the_same_seed_gives_the_same_bytes_and_another_seed_another_puzzle() -> None:
    a = new_puzzle("complete", 1, seed=7).dumps()
    assert new_puzzle("complete", 1, seed=7).dumps() == a
    assert new_puzzle("complete", 1, seed=8).dumps() != a


def test_a_next_placement_proved_by_exhaustive_search_is_at_its_level() -> None:
    p = new_puzzle("next-placement", 2, seed=1)
    assert p.solution is not None and "exhaustive" in p.solution.proof["by"]
    values = [v for _, v in p.solution.values]
    assert 4 * values.count(p.solution.optimum) <= len(values)


def test_bad_kind_level_or_seed_is_a_puzzle_error() -> None:
    with pytest.raises(PuzzleError, match="kind"):
        new_puzzle("castle", 1)
    with pytest.raises(PuzzleError, match="level"):
        new_puzzle("complete", 6)
    with pytest.raises(PuzzleError, match="seed"):
        new_puzzle("complete", 1, seed=-1)


def test_the_daily_choice_is_derived_from_the_date() -> None:
    day = dt.date(2026, 12, 6)
    assert daily_choice(day) == ("complete", 1, day.toordinal())
    combos = {daily_choice(day + dt.timedelta(i))[:2] for i in range(20)}
    assert len(combos) == 20                   # every kind meets levels 1–4 in 20 days
    a, b = daily_puzzle(day), daily_puzzle(day)
    assert a.id == "daily-2026-12-06" and a.dumps() == b.dumps() and a.kind == "complete"


@pytest.mark.parametrize("day", [
    dt.date(2026, 12, 6),                                            # complete, level 1
    pytest.param(dt.date(2026, 12, 5), marks=pytest.mark.sweep),     # best-kingdom, level 4
])
def test_a_day_whose_first_seed_makes_no_puzzle_still_has_one(
        monkeypatch: pytest.MonkeyPatch, day: dt.date) -> None:
    from kingdomino_kit.puzzles import on_demand

    kind, level, seed = daily_choice(day)
    real, tried, made = on_demand.new_puzzle, [], []

    def first_seed_fits_no_draft(k: str, lv: int, s: int, **kw: Any) -> Any:
        tried.append((k, lv, s, kw))
        if s == seed:
            raise PuzzleError("no puzzle found in 240 drafts; try another seed")
        made.append(real(k, lv, s, **kw))
        return made[-1]

    monkeypatch.setattr(on_demand, "new_puzzle", first_seed_fits_no_draft)
    puzzle = daily_puzzle(day)
    assert tried == [(kind, level, seed, {}),          # the next seed of the day, in turn,
                     (kind, level, seed + 1_000_000, {})]  # asked as new_puzzle is asked
    name = f"daily-{day.isoformat()}"
    assert puzzle.id == name and puzzle.kind == kind and puzzle.level == level
    assert puzzle.dumps() == replace(made[0], id=name).dumps()  # its puzzle, named for the day


def test_a_seed_with_no_puzzle_in_its_first_drafts_finds_one_in_the_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from kingdomino_kit.puzzles import on_demand

    real = on_demand.targeted
    rejected: list[str] = []

    def logged(*args: Any, **kw: Any) -> Any:  # every draft turned down says so in one line
        return real(*args, **kw, log=rejected.append)

    monkeypatch.setattr(on_demand, "targeted", logged)
    puzzle = new_puzzle("best-kingdom", 4, 2)
    assert len(rejected) >= on_demand.ATTEMPTS    # none in its first 60 drafts
    assert all(f"attempt {i}:" in line for i, line in enumerate(rejected))
    assert puzzle.level == 4 and puzzle.id == "new-best-kingdom-L4-2"


@pytest.mark.sweep
def test_a_seed_found_past_its_first_drafts_is_the_same_bytes_again() -> None:
    """The same seed, the same puzzle, for one found past the first 60 drafts (``make test``
    checks the same bytes for a seed found in its first drafts)."""
    assert new_puzzle("best-kingdom", 4, 2).dumps() == new_puzzle("best-kingdom", 4, 2).dumps()


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_new_prints_no_answer_and_writes_the_file(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    code, text, _ = cli(capsys, "puzzle", "new", "--kind", "complete", "--level", "1",
                        "--seed", "7")
    assert code == 0 and text.startswith("new-complete-L1-7: ")
    p = new_puzzle("complete", 1, seed=7)
    assert p.solution is not None and p.solution.kingdom not in text and "Aim for" not in text
    code, out, _ = cli(capsys, "puzzle", "new", "--kind", "complete", "--level", "1",
                       "--seed", "7", "--json")
    assert code == 0 and out == p.dumps()
    target = tmp_path / "p.json"
    code, _, _ = cli(capsys, "puzzle", "new", "--kind", "complete", "--level", "1",
                     "--seed", "7", "--out", str(target))
    assert code == 0 and target.read_text(encoding="utf-8") == p.dumps()
    assert load_puzzle(target) == p
    code, out, _ = cli(capsys, "puzzle", "daily", "--date", "2026-12-06", "--json")
    assert code == 0 and json.loads(out)["id"] == "daily-2026-12-06"


@pytest.mark.parametrize("args", [
    ("new", "--kind", "castle", "--level", "1"), ("new", "--kind", "complete", "--level", "0"),
    ("new", "--kind", "complete"), ("new", "--kind", "complete", "--level", "1", "--seed", "x"),
    ("new", "--kind", "complete", "--level", "1", "--json", "--out", "f.json"),
    ("daily", "--date", "2026-02-30"), ("daily", "--date", "today"),
    ("show", "01", "--hint", "4")])
def test_cli_bad_flags_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                               args: tuple[str, ...]) -> None:
    code, out, err = cli(capsys, "puzzle", *args)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_show_gives_the_hints_one_at_a_time(capsys: pytest.CaptureFixture[str]) -> None:
    from kingdomino_kit.puzzles import find_puzzle

    p = find_puzzle("01")
    ladder = p.hint_ladder()
    assert len(ladder) == 3
    _, none, _ = cli(capsys, "puzzle", "show", "01")
    _, one, _ = cli(capsys, "puzzle", "show", "01", "--hint")
    _, two, _ = cli(capsys, "puzzle", "show", "01", "--hint", "2")
    assert not any(h in none for h in ladder)
    assert ladder[0] in one and ladder[1] not in one and "--hint 2" in one
    assert ladder[1] in two and ladder[2] not in two
    _, js, _ = cli(capsys, "puzzle", "show", "01", "--json", "--hint", "2")
    assert json.loads(js)["hints"] == list(ladder[:2]) and "measures" not in json.loads(js)


def test_unique_asks_for_one_optimal_answer_up_to_symmetry() -> None:
    p = new_puzzle("next-placement", 2, seed=1, unique=True)
    assert p.measures is not None and p.measures.unique and p.solution is not None
    assert [v for _, v in p.solution.values].count(p.solution.optimum) == 1
