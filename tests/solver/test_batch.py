"""Batch solving: each row is the solver's answer for its set (checked against an exhaustive
search and against ``solve --json``), the same here, in processes and on Dask, and a batch
goes on where an interrupted or killed one stopped."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.dominoes import dominoes
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.tables import read_metadata
from kingdomino_kit.solver import best_kingdom
from kingdomino_kit.solver.batch import (
    OPTIMA,
    BatchRules,
    journal_path,
    optimum_kingdom,
    random_sets,
    read_optima,
    read_sets,
    solve_many,
    solve_set,
)
from tests.reference import exhaustive_best

SMALL = [(41, 36), (3, 17, 22), (48, 47, 12), (5, 40), (19, 33, 44)]


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kingdomino_kit", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=600)


def comparable(frame: Any) -> list[dict[str, Any]]:
    """The rows' sets, statuses, scores and bounds, each layout checked to build its score.
    (Time and layout are left out: the solver searches in time slices, so when several layouts
    reach the optimum, which one it meets first can change with the machine's load.)"""
    for row in frame.to_dict("records"):
        kingdom, _ = optimum_kingdom(row["grid"], row["order"])
        assert kingdom.score() == row["score"]
    records: list[dict[str, Any]] = frame[["dominoes", "status", "score", "bound"]].to_dict(
        "records")
    return records


def test_each_row_is_the_optimum_of_its_set() -> None:
    frame = solve_many(SMALL + [(36, 41)], harmony=False)
    assert list(frame.columns) == ["dominoes", "status", "score", "bound", "seconds", "grid",
                                   "order"]
    assert len(frame) == len(SMALL)  # (36, 41) is (41, 36) again: one row per distinct set
    for row, numbers in zip(frame.to_dict("records"), SMALL, strict=True):
        assert row["dominoes"] == sorted(numbers)
        assert row["status"] == "OPTIMAL"
        assert row["score"] == row["bound"] == exhaustive_best(dominoes(list(numbers)))
        kingdom, order = optimum_kingdom(row["grid"], row["order"], given=numbers)
        assert kingdom.score() == row["score"] and kingdom.to_text() == row["grid"]
        assert {p.domino.number for p in order} <= set(numbers)


@pytest.mark.parametrize("middle,harmony", [  # a pair and a triple, a pair: make test
    (SMALL[:2], SMALL[0]), pytest.param(SMALL[:3], SMALL[1], marks=pytest.mark.sweep)])
def test_the_bonus_rules_reach_the_solver(middle: list[tuple[int, ...]],
                                          harmony: tuple[int, ...]) -> None:
    frame = solve_many(middle, middle_kingdom=True)
    for row, numbers in zip(frame.to_dict("records"), middle, strict=True):
        assert row["score"] == exhaustive_best(dominoes(list(numbers)), middle_kingdom=True)
        assert row["status"] == "OPTIMAL"
    # a few dominoes cannot fill 5×5: Harmony's +5 is out of reach, the best kingdom stands
    row = solve_many([harmony], harmony=True).to_dict("records")[0]
    assert (row["status"], row["score"]) == (
        "OPTIMAL", exhaustive_best(dominoes(list(harmony)), harmony=True))
    optimum_kingdom(row["grid"], row["order"], given=harmony)


def test_a_row_that_leaves_out_a_domino_that_fits_is_refused() -> None:
    row = solve_set(((41, 36), BatchRules()))
    kingdom, _ = optimum_kingdom(row[5], row[6], given=(41, 36))
    assert len(kingdom) == 4
    alone = best_kingdom(dominoes("41"), workers=1).to_json()  # 36 fits beside it
    with pytest.raises(KingdominoError, match="domino 36 is left out"):
        optimum_kingdom(alone["grid"], alone["order"], given=(41, 36))


def test_rows_are_the_answers_of_solve_json(tmp_path: Path) -> None:
    frame = solve_many(SMALL[1:3], size=7)
    for row in frame.to_dict("records"):
        out = cli("solve", "--dominoes", ",".join(map(str, row["dominoes"])), "--size", "7",
                  "--workers", "1", "--json")
        answer = json.loads(out.stdout)
        for field in ("status", "score", "bound", "grid", "order"):
            assert row[field] == answer[field], field


def test_here_and_in_two_processes_the_same_rows() -> None:
    sets = random_sets(6, count=6, seed=3)
    assert comparable(solve_many(sets)) == comparable(solve_many(sets, workers=2))


def test_random_sets_are_seeded_distinct_and_prefix_stable() -> None:
    sets = random_sets(50, size=7, seed=9)
    assert all(len(s) == 24 == len(set(s)) and list(s) == sorted(s) for s in sets)
    assert all(1 <= n <= 48 for s in sets for n in s)
    assert random_sets(20, size=7, seed=9) == sets[:20]
    assert random_sets(20, size=7, seed=10) != sets[:20]
    assert len(set(sets)) == 50
    assert [len(s) for s in random_sets(3, count=4)] == [4, 4, 4]
    with pytest.raises(KingdominoError, match="count must be 1 to 48, not 49"):
        random_sets(1, count=49)


def test_sets_read_from_csv_and_parquet(tmp_path: Path) -> None:
    (tmp_path / "s.csv").write_text('name,dominoes\na,"[3,17,22]"\nb,"41, 36"\nc,5 40\n')
    assert read_sets(tmp_path / "s.csv") == [(3, 17, 22), (36, 41), (5, 40)]
    solve_many(SMALL[:2], out=tmp_path / "o.parquet")
    assert read_sets(tmp_path / "o.parquet") == [tuple(sorted(s)) for s in SMALL[:2]]
    (tmp_path / "bad.csv").write_text("dominoes\n3,17\n3,49\n")
    with pytest.raises(KingdominoError, match=r"bad.csv: row 3: .*49"):
        read_sets(tmp_path / "bad.csv")
    (tmp_path / "twice.csv").write_text('dominoes\n"3,3"\n')
    with pytest.raises(KingdominoError, match="row 2: a domino appears twice"):
        read_sets(tmp_path / "twice.csv")
    (tmp_path / "none.csv").write_text("sets\n3\n")
    with pytest.raises(KingdominoError, match="none.csv: no column dominoes"):
        read_sets(tmp_path / "none.csv")


@pytest.mark.parametrize("name", ["o.csv", "o.parquet"])
def test_a_second_run_solves_only_the_new_sets(tmp_path: Path, name: str) -> None:
    out = tmp_path / name
    first = solve_many(SMALL[:3], out=out)
    assert first.attrs == {"solved": 3, "kept": 0}
    again = solve_many(SMALL, out=out)
    assert again.attrs == {"solved": 2, "kept": 3}
    assert again.iloc[:3].equals(first)  # the stored rows, seconds included, not solved again
    stored = read_optima(out)
    assert stored.equals(again)
    fewer = solve_many(SMALL[3:], out=out)  # rows of sets not asked for are kept, after
    assert fewer.attrs == {"solved": 0, "kept": 2}
    assert read_optima(out)["dominoes"].tolist() == [sorted(s) for s in SMALL[3:] + SMALL[:3]]
    assert not os.path.exists(journal_path(out))


def test_a_journal_left_by_a_killed_run_is_taken_in(tmp_path: Path) -> None:
    out = tmp_path / "o.parquet"
    row = solve_many(SMALL[:1]).to_dict("records")[0] | {"seconds": 123.0}
    header = {"format": "kingdomino-kit/optima-journal/1",
              "rules": {"size": 5, "middle_kingdom": False, "harmony": False}}
    Path(journal_path(out)).write_text(json.dumps(header) + "\n" + json.dumps(row) + "\n"
                                       + '{"dominoes": [3, 17')  # cut short by the kill
    frame = solve_many(SMALL[:2], out=out)
    assert frame.attrs == {"solved": 1, "kept": 1}
    assert frame["seconds"][0] == 123.0
    assert not os.path.exists(journal_path(out))
    assert read_metadata(out) == {"format": "kingdomino-kit/optima/1",
                                  "rules": header["rules"]}


def test_other_rules_are_refused_on_resuming(tmp_path: Path) -> None:
    out = tmp_path / "o.parquet"
    solve_many(SMALL[:1], out=out)
    with pytest.raises(KingdominoError, match=r"o.parquet: solved under 5×5, not 5×5 \+ harmony"):
        solve_many(SMALL[:1], out=out, harmony=True)
    Path(journal_path(tmp_path / "p.csv")).write_text(
        '{"format": "kingdomino-kit/optima-journal/1", "rules": {"size": 7}}\n')
    with pytest.raises(KingdominoError, match="p.csv.partial: solved under 7×7, not 5×5"):
        solve_many(SMALL[:1], out=tmp_path / "p.csv")


def _journal_rows(out: Path) -> int:
    try:
        return len(Path(journal_path(out)).read_text().splitlines()) - 1
    except FileNotFoundError:
        return 0


def _start_batch(out: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "kingdomino_kit", "solve-batch", "--random",
                             "14", "--seed", "4", "--out", str(out), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for_rows(batch: subprocess.Popen[str], out: Path, rows: int) -> None:
    deadline = time.monotonic() + 300
    while _journal_rows(out) < rows:
        assert batch.poll() is None, batch.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.05)


@pytest.mark.slow
@pytest.mark.parametrize("how,count", [
    (signal.SIGINT, 6),  # sets of 6 dominoes: make test; whole 5×5 sets of 12 and a kill: sweeps
    pytest.param(signal.SIGINT, 12, marks=pytest.mark.sweep),
    pytest.param(signal.SIGKILL, 12, marks=pytest.mark.sweep)])
def test_an_interrupted_or_killed_batch_goes_on_where_it_stopped(tmp_path: Path,
                                                                 how: signal.Signals,
                                                                 count: int) -> None:
    out = tmp_path / "o.parquet"
    batch = _start_batch(out, "--count", str(count))
    _wait_for_rows(batch, out, 2)
    batch.send_signal(how)
    _, err = batch.communicate(timeout=300)
    if how == signal.SIGINT:
        assert batch.returncode == 130 and "interrupted" in err and "Traceback" not in err
        assert not os.path.exists(journal_path(out))
        kept = len(read_optima(out))
    else:
        assert batch.returncode == -signal.SIGKILL and not out.exists()
        kept = _journal_rows(out)
    assert 2 <= kept < 14
    again = cli("solve-batch", "--random", "14", "--seed", "4", "--count", str(count),
                "--out", str(out))
    assert again.returncode == 0, again.stderr
    assert f"14 sets, 5×5 -> {out} ({kept} of them already there)" in again.stdout
    frame = read_optima(out)
    assert frame["dominoes"].tolist() == [list(s) for s in random_sets(14, seed=4, count=count)]
    assert set(frame["status"]) == {"OPTIMAL"}


@pytest.fixture
def client(dask_local_cluster: Any) -> Any:
    return dask_local_cluster


@pytest.mark.slow
@pytest.mark.parametrize("n,count", [(4, 5), pytest.param(8, 7, marks=pytest.mark.sweep)])
def test_on_a_two_worker_local_cluster_the_same_rows(client: Any, tmp_path: Path, n: int,
                                                     count: int) -> None:
    sets = random_sets(n, count=count, seed=5)
    local = solve_many(sets)
    assert comparable(solve_many(sets, client=client)) == comparable(local)
    out = tmp_path / "o.parquet"
    solve_many(sets[:n // 2], client=client, out=out)
    assert comparable(solve_many(sets, client=client, out=out)) == comparable(local)


def test_optimum_kingdom_refuses_an_order_that_does_not_build_the_grid() -> None:
    row = solve_many([(41, 36)]).to_dict("records")[0]
    with pytest.raises(KingdominoError, match="does not build the grid"):
        optimum_kingdom(row["grid"], row["order"][:1])
    assert OPTIMA.names[0] == "dominoes"
