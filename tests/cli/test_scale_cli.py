"""CLI contracts of ``simulate --out .parquet``, ``--dask`` and ``solve-batch``: the cases
through ``main(argv)`` in this process, each command also in a real process
(``tests/cli/command_line.py``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.dominoes import dominoes
from kingdomino_kit.game.simulate import read_results
from kingdomino_kit.infra.parallel import DASK_MISSING
from kingdomino_kit.solver.batch import random_sets, read_optima
from tests.cli.command_line import run_here as run
from tests.cli.command_line import run_process
from tests.cli.test_game_cli import assert_one_line_error
from tests.reference import exhaustive_best


def run_without_dask(*args: str) -> subprocess.CompletedProcess[str]:
    code = ("import sys; sys.modules['distributed'] = None; sys.modules['dask'] = None\n"
            "from kingdomino_kit.cli import main\n"
            f"sys.exit(main({list(args)!r}))")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)


def test_simulate_writes_parquet_by_its_name(tmp_path: Path) -> None:
    common = ["simulate", "--games", "10", "--players", "3", "--bots", "greedy,random,random",
              "--seed", "2", "--harmony"]
    a = run(*common, "--out", str(tmp_path / "r.parquet"))
    b = run_process(*common, "--out", str(tmp_path / "r.csv"))
    assert a.returncode == b.returncode == 0, a.stderr + b.stderr
    assert a.stdout.replace("r.parquet", "r.csv") == b.stdout
    assert "greedy" in a.stdout and "mean score" in a.stdout
    frame = read_results(tmp_path / "r.parquet")
    assert frame.equals(read_results(tmp_path / "r.csv")) and len(frame) == 30
    assert (tmp_path / "r.parquet").read_bytes()[:4] == b"PAR1"


@pytest.mark.parametrize("args", [
    ["simulate", "--games", "2", "--out", "results.xlsx"],
    ["simulate", "--games", "2", "--dask", "sets.csv"],
    ["simulate", "--games", "2", "--dask", "tcp://127.0.0.1:8786", "--workers", "2"],
    ["solve-batch", "--out", "o.parquet"],
    ["solve-batch", "sets.csv", "--random", "3", "--out", "o.parquet"],
    ["solve-batch", "sets.csv", "--count", "3", "--out", "o.parquet"],
    ["solve-batch", "--random", "2", "--out", "o.txt"],
    ["solve-batch", "--random", "2", "--count", "60", "--out", "o.csv"],
    ["solve-batch", "--random", "2", "--time-limit", "0", "--out", "o.csv"],
    ["solve-batch", "missing.csv", "--out", "o.csv"],
])
def test_bad_arguments_exit_2_with_one_line(args: list[str], tmp_path: Path) -> None:
    assert_one_line_error(run(*args, cwd=tmp_path))
    assert not list(tmp_path.iterdir())  # nothing written


@pytest.mark.parametrize("args", [["simulate", "--games", "2", "--out", "results.xlsx"],
                                  ["solve-batch", "missing.csv", "--out", "o.csv"]])
def test_a_bad_argument_in_a_real_process_is_one_line(args: list[str], tmp_path: Path) -> None:
    assert_one_line_error(run_process(*args, cwd=tmp_path))
    assert not list(tmp_path.iterdir())


def test_dask_without_dask_is_one_line_saying_how_to_install_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = run_without_dask("simulate", "--games", "2", "--dask")    # a real process
    assert_one_line_error(out, f"simulate: error: --dask: {DASK_MISSING}")
    for name in ("distributed", "dask"):                               # then in this one
        monkeypatch.setitem(sys.modules, name, None)
    out = run("solve-batch", "--random", "2", "--count", "2", "--out", str(tmp_path / "o.csv"),
              "--dask")
    assert_one_line_error(out, f"solve-batch: error: --dask: {DASK_MISSING}")
    assert run("simulate", "--games", "1").returncode == 0


def test_solve_batch_reads_a_sets_file_and_a_bad_row_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "sets.csv").write_text('dominoes\n"41,36"\n"3,17,22"\n')
    out = run_process("solve-batch", "sets.csv", "--out", "o.parquet", "--middle-kingdom",
                      cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "2 sets, 5×5 -> o.parquet", out.stdout.splitlines()[1]]
    assert out.stdout.splitlines()[1].startswith("OPTIMAL 2; score mean ")
    frame = read_optima(tmp_path / "o.parquet")
    assert frame["dominoes"].tolist() == [[36, 41], [3, 17, 22]]
    assert frame["score"].tolist() == [exhaustive_best(dominoes(s), middle_kingdom=True)
                                       for s in ([41, 36], [3, 17, 22])]
    (tmp_path / "bad.csv").write_text('dominoes\n"41,36"\n"3,99"\n')
    assert_one_line_error(run("solve-batch", "bad.csv", "--out", "o.csv", cwd=tmp_path),
                          "bad.csv: row 3:", "99")


@pytest.mark.slow
def test_dask_gives_the_local_results(tmp_path: Path, dask_local_cluster: Any) -> None:
    """``--dask`` alone starts a LocalCluster (a real process: its workers, its dashboard);
    ``--dask ADDRESS`` uses the scheduler there (the tests' own cluster)."""
    common = ["simulate", "--games", "600", "--seed", "5", "--bots", "random"]
    local = run(*common, "--out", str(tmp_path / "local.csv"))
    dask = run_process(*common, "--dask", "--workers", "2", "--out", str(tmp_path / "dask.csv"))
    assert local.returncode == dask.returncode == 0, local.stderr + dask.stderr
    assert (tmp_path / "local.csv").read_bytes() == (tmp_path / "dask.csv").read_bytes()
    assert "dashboard http://127.0.0.1:" in dask.stderr
    address = dask_local_cluster.scheduler_info()["address"]
    batch = run("solve-batch", "--random", "6", "--count", "6", "--seed", "1", "--out",
                str(tmp_path / "o.csv"), "--dask", address)
    assert batch.returncode == 0, batch.stderr
    frame = read_optima(tmp_path / "o.csv")
    assert frame["dominoes"].tolist() == [list(s) for s in random_sets(6, count=6, seed=1)]
    assert set(frame["status"]) == {"OPTIMAL"}
