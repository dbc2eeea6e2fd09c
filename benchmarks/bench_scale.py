"""Analysis at scale: one process against two, here and on a 2-worker Dask LocalCluster.

* ``scale.simulate``: 1,000,000 random 4-player games with the compiled engine (100,000 in
  pure Python, without numba; ``KK_BENCH_SCALE_GAMES``) streamed by
  ``simulate_rows`` in one process, in a pool of 2 local processes and on a 2-worker
  LocalCluster (started before the clock runs; its start-up is reported apart); wall seconds
  and the speed-up over one process — target ≥ 1.7× on 2 cores — and the CPU seconds every
  process of each run spent (scheduler and nannies left out), which do not depend on the
  machine's load: one process's CPU over a 2-worker run's CPU, times 2, is the speed-up a quiet
  2-core machine can give at best;
* ``scale.task_overhead``: the wall cost of one task that does nothing (0 games), here, in the
  local pool and on the cluster — what each chunk of games pays for travelling;
* ``scale.solve_batch``: ``solve_many`` of 200 random 5×5 sets of 12 dominoes
  (``KK_BENCH_SCALE_SETS``, 0 to leave it out; 60 s limit each, one CP-SAT worker per set) in
  one process and on the 2-worker LocalCluster.

Wall-clock figures: they mean something only on a quiet machine; the load average at the start
of each is printed beside it.
"""

from __future__ import annotations

import os
import time
from typing import Any

from benchmarks.common import emit
from kingdomino_kit.game import GameOptions
from kingdomino_kit.game.fast import compiled
from kingdomino_kit.game.simulate import RANDOM_CHUNK, play_chunk, simulate_rows
from kingdomino_kit.infra.parallel import dask_client, run_tasks
from kingdomino_kit.solver.batch import random_sets, solve_many

SEED = 2026
OPTIONS = GameOptions(players=4)


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def _cpu(client: object = None) -> float:
    """CPU seconds so far of this process, its finished children and the client's workers."""
    times = os.times()
    cpu = times.user + times.system + times.children_user + times.children_system
    if client is not None:
        cpu += sum(client.run(time.process_time).values())  # type: ignore[attr-defined]
    return cpu


def _games(games: int, workers: int = 1, client: Any = None) -> tuple[float, float]:
    """Wall seconds and CPU seconds (every process that took part) of a run."""
    cpu = _cpu(client)
    start = time.perf_counter()
    batches = simulate_rows(games, "random", OPTIONS, SEED, workers=workers, client=client)
    rows = sum(len(batch) for batch in batches)
    assert rows == 4 * games
    return time.perf_counter() - start, _cpu(client) - cpu


def _overhead(tasks: int, **where: object) -> float:
    empty = [(0, 0, ["random"] * 4, OPTIONS, SEED)] * tasks
    start = time.perf_counter()
    for _ in run_tasks(play_chunk, empty, **where):  # type: ignore[arg-type]
        pass
    return (time.perf_counter() - start) / tasks


def main() -> None:
    fast = compiled.available()
    games = int(os.environ.get("KK_BENCH_SCALE_GAMES", "1000000" if fast else "100000"))
    _games(2)  # the compiled engine loaded (or compiled) off the clock
    sets = int(os.environ.get("KK_BENCH_SCALE_SETS", "200"))
    load = _load()
    one, one_cpu = _games(games)
    pool, pool_cpu = _games(games, workers=2)
    started = time.perf_counter()
    with dask_client(workers=2, dashboard_address="127.0.0.1:0") as client:
        client.wait_for_workers(2)
        cluster_start = time.perf_counter() - started
        _games(4 * RANDOM_CHUNK, client=client)  # the workers load the kit once, off the clock
        dask, dask_cpu = _games(games, client=client)
        emit("scale.simulate", games=games, players=4, chunk=RANDOM_CHUNK,
             engine="compiled" if fast else "python",
             one_process_s=round(one, 2), pool_2_s=round(pool, 2),
             dask_2_workers_s=round(dask, 2), speedup_pool=round(one / pool, 2),
             speedup_dask=round(one / dask, 2), target_speedup=1.7,
             one_process_cpu_s=round(one_cpu, 2), pool_2_cpu_s=round(pool_cpu, 2),
             dask_2_workers_cpu_s=round(dask_cpu, 2),
             cluster_start_s=round(cluster_start, 2), load_average=load)
        load = _load()
        emit("scale.task_overhead", tasks=400,
             here_ms=round(1000 * _overhead(400), 3),
             pool_2_ms=round(1000 * _overhead(400, workers=2), 3),
             dask_2_workers_ms=round(1000 * _overhead(400, client=client), 3),
             load_average=load)
        if not sets:
            return
        hands = random_sets(sets, size=5, seed=SEED)
        load = _load()
        start = time.perf_counter()
        local = solve_many(hands, time_limit_s=60)
        one = time.perf_counter() - start
        start = time.perf_counter()
        spread = solve_many(hands, time_limit_s=60, client=client)
        two = time.perf_counter() - start
    same = (local[["dominoes", "status", "score", "bound"]].to_dict("records")
            == spread[["dominoes", "status", "score", "bound"]].to_dict("records"))
    emit("scale.solve_batch", sets=sets, dominoes=12, size=5, time_limit_s=60,
         one_process_s=round(one, 1), dask_2_workers_s=round(two, 1),
         speedup=round(one / two, 2), optimal=int((local["status"] == "OPTIMAL").sum()),
         median_set_s=round(float(local["seconds"].median()), 2),
         worst_set_s=round(float(local["seconds"].max()), 2),
         same_answers=same, load_average=load)


if __name__ == "__main__":
    main()
