"""Where tasks run: here, in local processes, on a 2-worker Dask LocalCluster — the same
results, in order or as they finish; a worker killed mid-run costs only its tasks."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import Any

import pytest

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game import GameOptions
from kingdomino_kit.game.simulate import play_chunk, simulate, simulate_rows
from kingdomino_kit.parallel import DASK_MISSING, run_tasks


def square(n: int) -> int:
    return n * n


def test_results_in_order_or_as_they_finish_here_and_in_processes() -> None:
    tasks = list(range(-5, 9))
    expected = [n * n for n in tasks]
    for workers in (1, 2):
        assert list(run_tasks(square, tasks, workers=workers)) == expected
        pairs = list(run_tasks(square, tasks, workers=workers, ordered=False))
        assert sorted(pairs) == list(enumerate(expected))
    assert list(run_tasks(square, [], workers=2)) == []
    with pytest.raises(KingdominoError, match="workers must be 1 or more, not 0"):
        list(run_tasks(square, tasks, workers=0))


@pytest.fixture
def client(dask_local_cluster: Any) -> Any:
    return dask_local_cluster


@pytest.mark.slow
def test_a_local_cluster_gives_the_rows_of_a_local_run(client: Any,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert len(client.scheduler_info()["workers"]) == 2
    options = GameOptions(players=3)
    local = list(simulate(60, "greedy,random,random", options, seed=11))
    assert list(simulate(60, "greedy,random,random", options, seed=11, client=client)) == local
    assert "dashboard http" in capsys.readouterr().err
    pairs = run_tasks(square, list(range(12)), client=client, ordered=False)
    assert sorted(pairs) == [(n, n * n) for n in range(12)]
    assert _released(client)  # every result handed back was let go: the cluster holds none
    rows = simulate_rows(600, "random", options, seed=1, client=client, chunk=10)
    next(rows)
    rows.close()  # stopped early: the tasks in flight are cancelled
    assert _released(client)


def _released(client: Any) -> bool:
    """The client holds no future within a few seconds (Dask lets go of them asynchronously)."""
    deadline = time.monotonic() + 10
    while client.futures and time.monotonic() < deadline:
        time.sleep(0.05)
    return not client.futures


@pytest.mark.slow
def test_a_killed_worker_costs_only_its_tasks(client: Any) -> None:
    options = GameOptions(players=2)
    args = (60, "greedy", options, 5)
    local = [row for batch in simulate_rows(*args, chunk=3) for row in batch]
    before = client.run(os.getpid)
    victim = next(iter(before.values()))
    rows: list[Any] = []
    for n, batch in enumerate(simulate_rows(*args, client=client, chunk=3)):
        if n == 0:
            os.kill(victim, signal.SIGKILL)  # a worker dies with tasks on it
        rows.extend(batch)
    assert rows == local
    client.wait_for_workers(2, timeout=120)
    after = client.run(os.getpid)
    assert victim not in after.values() and len(after) == 2  # the nanny started a new one


def test_chunks_of_any_size_play_the_same_games() -> None:
    options = GameOptions(players=4)
    one = [r for b in simulate_rows(9, "random", options, seed=2, chunk=1) for r in b]
    assert one == play_chunk((0, 9, ["random"] * 4, options, 2))
    assert one == [r for b in simulate_rows(9, "random", options, seed=2, chunk=4) for r in b]


def test_without_dask_the_error_says_how_to_install_it() -> None:
    code = ("import sys; sys.modules['distributed'] = None\n"
            "from kingdomino_kit.parallel import dask_client\n"
            "try:\n    dask_client().__enter__()\n"
            "except Exception as e:\n    print(type(e).__name__, e)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == f"KingdominoError {DASK_MISSING}"
