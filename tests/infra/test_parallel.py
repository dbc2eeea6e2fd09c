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
from kingdomino_kit.infra.parallel import DASK_MISSING, QUIET_CLUSTER, run_tasks


def square(n: int) -> int:
    return n * n


def noted(task: tuple[str, int]) -> int:
    """Task ``i``: a moment of work, then a line ``i pid`` in the ledger (one per run of it)."""
    ledger, i = task
    time.sleep(0.3)
    with open(ledger, "a", encoding="utf-8") as handle:
        handle.write(f"{i} {os.getpid()}\n")
    return i


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


@pytest.mark.slow
def test_after_a_worker_is_killed_only_its_tasks_run_again(client: Any, tmp_path: Any) -> None:
    ledger = str(tmp_path / "ledger")
    before = client.run(os.getpid)
    victim = next(iter(before.values()))
    results = []
    for n, result in enumerate(run_tasks(noted, [(ledger, i) for i in range(24)],
                                         client=client)):
        if n == 3:
            os.kill(victim, signal.SIGKILL)  # with tasks done, running and waiting on it
        results.append(result)
    assert results == list(range(24))
    runs: dict[int, list[int]] = {}
    with open(ledger, encoding="utf-8") as handle:
        for line in handle:
            i, pid = map(int, line.split())
            runs.setdefault(i, []).append(pid)
    assert sorted(runs) == list(range(24))
    for i, pids in runs.items():
        others = [pid for pid in pids if pid != victim]
        assert len(others) <= 1, f"task {i} ran twice on a live worker: {pids}"
        assert len(pids) == 1 or victim in pids, f"task {i} ran again without cause: {pids}"
    assert any(victim in pids for pids in runs.values())  # the victim did work before dying
    client.wait_for_workers(2, timeout=120)


def test_progress_is_a_bar_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert list(run_tasks(square, list(range(7)), progress=True, unit="game")) == \
        [n * n for n in range(7)]
    err = capsys.readouterr().err
    assert "7/7" in err and "game" in err
    assert list(run_tasks(square, list(range(7)), progress=False)) == [n * n for n in range(7)]
    assert capsys.readouterr().err == ""


def test_chunks_of_any_size_play_the_same_games() -> None:
    options = GameOptions(players=4)
    one = [r for b in simulate_rows(9, "random", options, seed=2, chunk=1) for r in b]
    assert one == play_chunk((0, 9, ["random"] * 4, options, 2))
    assert one == [r for b in simulate_rows(9, "random", options, seed=2, chunk=4) for r in b]


def test_without_dask_the_error_says_how_to_install_it() -> None:
    code = ("import sys; sys.modules['distributed'] = None\n"
            "from kingdomino_kit.infra.parallel import dask_client\n"
            "try:\n    dask_client().__enter__()\n"
            "except Exception as e:\n    print(type(e).__name__, e)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == f"KingdominoError {DASK_MISSING}"


def _worker_settings() -> tuple[object, ...]:
    import dask

    return tuple(dask.config.get(key) for key in QUIET_CLUSTER)


def _rows(n: int) -> list[tuple[int, str]]:
    return [(i, "x" * (i % 7)) for i in range(n)]


def test_the_local_cluster_runs_quietly_and_lists_travel_whole(client: Any) -> None:
    # the LocalCluster that dask_client starts has its profiler off and its monitors slowed
    assert set(client.run(_worker_settings).values()) == {tuple(QUIET_CLUSTER.values())}
    # a task's result (a list of row tuples, as a chunk of games gives) comes back equal
    assert list(run_tasks(_rows, [0, 1, 1000], client=client)) == [_rows(0), _rows(1),
                                                                   _rows(1000)]


def napping(n: int) -> int:
    time.sleep(0.2)
    return n


def test_a_cluster_left_without_workers_stops_the_run(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    # every worker gone and none coming back: the run stops with an error (after a second
    # here, five minutes by default) instead of waiting for ever
    import distributed

    import kingdomino_kit.infra.parallel as parallel

    def waited_too_long(signum: int, frame: object) -> None:
        raise AssertionError("the run still waits on a cluster with no worker")

    monkeypatch.setattr(parallel, "WORKERLESS_S", 1.0)
    monkeypatch.setattr(parallel, "WORKERS_LOOK_S", 0.1)
    previous = signal.signal(signal.SIGALRM, waited_too_long)
    try:
        with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                      dashboard_address=None) as cluster, \
                distributed.Client(cluster) as client:
            results = run_tasks(napping, list(range(20)), client=client)
            assert next(results) == 0
            cluster.scale(0)
            signal.alarm(30)
            with pytest.raises(KingdominoError, match=r"has had no worker for 1 s, \d+ task"):
                list(results)
            signal.alarm(0)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def test_a_run_finished_in_another_thread_ends_cleanly_and_ctrl_c_still_stops() -> None:
    # begun in the main thread (its Ctrl-C handler set), finished in another, which cannot set
    # the handler back: no error, and a Ctrl-C afterwards still raises KeyboardInterrupt
    import threading

    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a plain process
    results = run_tasks(square, list(range(6)), workers=2)
    assert next(results) == 0
    rest: list[Any] = []
    finishing = threading.Thread(target=lambda: rest.extend(results))
    finishing.start()
    finishing.join(60)
    assert rest == [1, 4, 9, 16, 25]
    try:
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(1)  # the handler runs in the main thread at the next instruction
    finally:
        signal.signal(signal.SIGINT, before)


def test_a_cluster_closed_mid_run_stops_it_with_an_error_naming_it() -> None:
    import distributed

    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                       dashboard_address=None)
    with distributed.Client(cluster) as client:
        results = run_tasks(napping, list(range(20)), client=client)
        assert next(results) == 0
        address = client.scheduler.address
        cluster.close()  # its scheduler gone: the tasks in flight cancelled
        with pytest.raises(KingdominoError, match=f"cancelled by the cluster at {address}"):
            list(results)


def dies_on_three(n: int) -> int:
    """Task ``n``; task 3 kills its own process, as the system does a process out of memory."""
    if n == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    return n


def test_a_pool_process_killed_mid_task_stops_the_run_with_an_error() -> None:
    with pytest.raises(KingdominoError, match="a worker process died in the middle of a task"):
        list(run_tasks(dies_on_three, list(range(8)), workers=2))
    assert list(run_tasks(square, [1, 2, 3], workers=2)) == [1, 4, 9]  # the next run is sound
