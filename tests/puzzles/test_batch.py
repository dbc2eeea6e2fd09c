"""The collection's batch (kingdomino_kit.puzzles.batch): the plain domino sets answered from
solve_many's rows as solve_puzzle answers them one by one, every other draft handed to the
fallback, no row trusted that does not prove its answer, and scripts/make_puzzles.py making
the committed puzzles again through a resumable batch."""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import kingdomino_kit.solver.batch as optima
from kingdomino_kit.puzzles import Puzzle, Rules, find_puzzle, load_puzzle, replay
from kingdomino_kit.puzzles.batch import (
    Batch,
    BatchSolve,
    batch_key,
    batch_path,
    in_batch,
    presolve,
)
from kingdomino_kit.puzzles.generate import PLANS, draft, proven
from kingdomino_kit.puzzles.solving import PuzzleAnswer, solve_puzzle
from kingdomino_kit.solver.answer import OPTIMAL, UNKNOWN
from kingdomino_kit.solver.batch import optimum_kingdom
from tests.reference import exhaustive_best

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 30.0

# level 1-2 best-kingdom plans of 2 to 4 dominoes (plans 12 and 23: Middle Kingdom), first
# and second attempts
DRAFTS = [draft(PLANS[i], i, attempt) for i in (0, 1, 3, 11, 13, 22) for attempt in (0, 1)]


@functools.cache
def one_by_one(puzzle: Puzzle) -> PuzzleAnswer:
    """solve_puzzle's answer, once per puzzle (one worker and seed 0: the same answer again)."""
    return solve_puzzle(puzzle, time_limit_s=LIMIT, workers=1, seed=0)


class Recorder:
    """A fallback that notes the puzzles it is asked about and answers ``answer``."""

    def __init__(self, answer: Callable[[Puzzle], PuzzleAnswer] | None = None) -> None:
        self.asked: list[Puzzle] = []
        self.answer = answer or (lambda p: PuzzleAnswer(UNKNOWN, 0, 0, None, (), (), 0.0))

    def __call__(self, puzzle: Puzzle) -> PuzzleAnswer:
        self.asked.append(puzzle)
        return self.answer(puzzle)


@pytest.fixture(scope="module")
def batch() -> Batch:
    return presolve(DRAFTS, time_limit_s=LIMIT)


def test_the_drafts_are_plain_sets_grouped_by_their_rules(batch: Batch) -> None:
    assert all(p.kind == "best-kingdom" and in_batch(p) for p in DRAFTS)
    assert set(batch.rows) == {batch_key(p) for p in DRAFTS}
    assert {rules.middle_kingdom for rules, _ in batch.rows} == {False, True}
    assert batch.solved == len(DRAFTS) and batch.kept == 0


def test_the_batch_answers_each_draft_as_solve_puzzle_does(batch: Batch) -> None:
    fallback = Recorder(one_by_one)
    solve = BatchSolve(batch, fallback)
    for p in DRAFTS:
        got, expected = solve(p), one_by_one(p)
        assert (got.status, got.optimum) == (expected.status, expected.optimum), p.id
        solved = proven(p, solve)                  # the layout replays through the rules
        assert solved is not None and solved.solution is not None
        assert solved.solution.optimum == expected.optimum
        assert p.rules.total(replay(solved)) == expected.optimum
    from_batch = [p for p in DRAFTS if p not in fallback.asked]
    assert len(from_batch) >= len(DRAFTS) // 2        # most rows place every domino
    assert solve.answered >= len(from_batch)
    # and their optimum is the brute force's: every two-domino draft and one of three (with
    # the castle at the centre: about 1 s; the others of three take 2-4 s, four 20 s)
    small = [p for p in from_batch if len(p.dominoes) <= 2] + [
        p for p in from_batch if len(p.dominoes) == 3 and p.rules.middle_kingdom][:1]
    assert len(small) >= 3 and len(small[-1].dominoes) == 3
    for p in small:
        assert solve(p).optimum == exhaustive_best(p.domino_list(),
                                                   middle_kingdom=p.rules.middle_kingdom)


def test_rows_leave_out_only_dominoes_that_fit_nowhere(batch: Batch) -> None:
    """The rules allow no voluntary discard: each row's layout, rebuilt through the rules,
    leaves out no domino that fits; a row answers "any" as the one-by-one solve does."""
    for p in DRAFTS:
        row = batch.rows[batch_key(p)]
        optimum_kingdom(row["grid"], row["order"], p.rules.size, given=p.dominoes)
    for p in DRAFTS[:4]:
        fallback = Recorder(one_by_one)
        solve = BatchSolve(batch, fallback)
        anyway = replace(p, place="any")
        got = solve(anyway)
        assert fallback.asked == [] and solve.answered == 1
        assert (got.status, got.optimum) == (OPTIMAL, one_by_one(anyway).optimum)


def test_other_drafts_go_to_the_fallback(batch: Batch) -> None:
    p = next(p for p in DRAFTS if not p.rules.middle_kingdom)
    others = [
        replace(p, kind="complete", start="C W"),
        replace(p, kind="rearrange"),
        replace(p, kind="free-choice", place=1),
        replace(p, rules=Rules(5, False, True)),      # Harmony: its key is the same set's
        draft(PLANS[0], 0, 7),                       # a later attempt, not in the batch
        *(draft(plan, i) for i, plan in enumerate(PLANS) if not in_batch(draft(plan, i))),
    ]
    assert {q.kind for q in others} >= {"complete", "next-placement", "rearrange",
                                        "free-choice", "best-kingdom"}
    fallback = Recorder()
    solve = BatchSolve(batch, fallback)
    for q in others:
        assert solve(q).status == UNKNOWN
    assert fallback.asked == others and solve.answered == 0


@pytest.mark.parametrize("spoil", ["feasible", "score", "domino", "grid", "cut short",
                                   "empty"])
def test_a_row_that_does_not_prove_its_answer_is_not_trusted(batch: Batch, spoil: str) -> None:
    p = next(p for p in DRAFTS
             if len(batch.rows[batch_key(p)]["order"]) == len(p.dominoes) == 2)
    row = dict(batch.rows[batch_key(p)])
    assert BatchSolve(Batch({batch_key(p): row}), Recorder())(p).status == OPTIMAL
    if spoil == "feasible":
        row["status"] = "FEASIBLE"
    elif spoil == "score":
        row["score"] += 1
        row["bound"] += 1
    elif spoil == "domino":
        other = next(n for n in range(1, 49) if n not in p.dominoes)
        row["order"] = [{**row["order"][0], "domino": other}, *row["order"][1:]]
    elif spoil == "grid":
        row["grid"] = "C"
    elif spoil == "cut short":
        row = {"status": "OPTIMAL", "score": 0, "bound": 0}
    else:
        row = {}
    fallback = Recorder()
    solve = BatchSolve(Batch({batch_key(p): row}), fallback)
    assert proven(p, solve) is None            # the fallback proves nothing: nothing stored
    assert [(q.dominoes, q.place) for q in fallback.asked] == [(p.dominoes, "all"),
                                                               (p.dominoes, "any")]
    assert solve.answered == 0


def test_presolve_keeps_a_table_per_rules_and_resumes(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    drafts = DRAFTS[:2] + DRAFTS[6:8]
    first = presolve(drafts, time_limit_s=LIMIT, out=tmp_path / "b.parquet")
    assert (first.solved, first.kept) == (4, 0)
    assert sorted(f.name for f in tmp_path.iterdir()) == ["b-5x5-middle.parquet",
                                                          "b-5x5.parquet"]
    assert len(optima.read_optima(batch_path(tmp_path / "b.parquet",
                                                Rules(middle_kingdom=True)))) == 2
    monkeypatch.setattr(optima, "solve_set", _never)
    again = presolve(drafts, time_limit_s=LIMIT, out=tmp_path / "b.parquet")
    assert (again.solved, again.kept) == (0, 4) and again.rows == first.rows


def _never(task: Any) -> Any:
    raise AssertionError(f"solved again: {task}")


# ------------------------------------------------------------------ the script
def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_puzzles",
                                                  ROOT / "scripts" / "make_puzzles.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_makes_the_committed_puzzles_through_a_resumable_batch(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    script = _script()
    out, table = tmp_path / "out", tmp_path / "x.parquet"
    ids = ["01-best-kingdom", "23-best-kingdom"]       # 5×5, and 5×5 with Middle Kingdom
    argv = ["--only", "1", "23", "--out", str(out), "--batch", str(table),
            "--time-limit", str(LIMIT)]
    assert script.main(argv) == 0
    assert "2 solved now, 0 kept" in capsys.readouterr().out
    assert sorted(f.stem for f in out.glob("*.json")) == ids
    assert sorted(f.name for f in tmp_path.glob("x-*")) == ["x-5x5-middle.parquet",
                                                           "x-5x5.parquet"]
    made = {pid: load_puzzle(out / f"{pid}.json") for pid in ids}
    for pid, puzzle in made.items():
        committed = find_puzzle(pid)
        assert puzzle.solution is not None and committed.solution is not None
        assert (puzzle.id, puzzle.dominoes, puzzle.solution.optimum) == (
            committed.id, committed.dominoes, committed.solution.optimum)
        replay(puzzle)
        (out / f"{pid}.json").write_text("{}")           # spoiled: --force must write it again
    monkeypatch.setattr(optima, "solve_set", _never)    # no set of the batch is solved again
    assert script.main([*argv, "--force"]) == 0
    assert "0 solved now, 2 kept" in capsys.readouterr().out
    assert {pid: load_puzzle(out / f"{pid}.json") for pid in ids} == made


def test_the_script_lists_without_solving_and_refuses_a_bad_batch_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    script = _script()
    monkeypatch.setattr(optima, "solve_set", _never)
    assert script.main(["--list", "--only", "1", "2", "--out", str(tmp_path),
                        "--batch", str(tmp_path / "x.parquet")]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "01-best-kingdom: level 1, Best kingdom from 2 dominoes",
        "02-best-kingdom: level 1, Best kingdom from 2 dominoes"]
    assert list(tmp_path.iterdir()) == []
    assert script.main(["--only", "1", "--out", str(tmp_path), "--batch",
                        str(tmp_path / "x.txt")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--batch" in err and "x.txt" in err
    assert list(tmp_path.iterdir()) == []
