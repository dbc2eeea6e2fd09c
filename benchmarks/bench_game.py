"""Game engine speed: 4-player games per second on one core, and memory over many games.

* ``game.random``: random-vs-random games through the fast path (``simulate``'s default for
  random bots, the same games as ``play``) — target ≥ 1,000 games/s;
* ``game.random_engine``: the same games through the general engine (``play`` + ``RandomBot``),
  the "before" figure of the fast path;
* ``game.greedy``: four greedy bots through the general engine;
* ``game.simulate``: ``simulate`` end to end (seeds, bots, rows, summary) over 2,000 random games;
* ``game.memory``: resident memory while ``simulate`` streams many random games
  (``KK_BENCH_MEMORY_GAMES``, default 10,000) and tracemalloc's count over the last half.

Rates are per CPU second of this process (``time.process_time``), so they mean "one core" even
on a loaded machine; the wall-clock rate and the load average are printed beside them.
"""

from __future__ import annotations

import os
import time
import tracemalloc
from collections.abc import Callable

from benchmarks.common import emit
from kingdomino_kit.bots import RandomBot
from kingdomino_kit.game import GameOptions, play
from kingdomino_kit.game.bots import GreedyBot
from kingdomino_kit.game.fastplay import play_random
from kingdomino_kit.game.simulate import simulate, summarize

SEED = 2024
OPTIONS = GameOptions(players=4)


def cpu_rate(work: Callable[[int], None], seconds: float = 2.0, repeats: int = 3
             ) -> tuple[float, float]:
    """Best of ``repeats``: games per CPU second and per wall second (``work(i)`` plays game i)."""
    best_cpu = best_wall = 0.0
    i = 0
    for _ in range(repeats):
        done = 0
        c0, w0 = time.process_time(), time.perf_counter()
        while time.process_time() - c0 < seconds / repeats:
            work(i)
            i += 1
            done += 1
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        best_cpu = max(best_cpu, done / cpu)
        best_wall = max(best_wall, done / wall)
    return best_cpu, best_wall


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as handle:
            pages = int(handle.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    except (OSError, ValueError):
        return 0.0


def main() -> None:
    load = round(os.getloadavg()[0], 2)

    def fast(i: int) -> None:
        play_random(OPTIONS, SEED + i, [RandomBot(i * 4 + p) for p in range(4)])

    def engine(i: int) -> None:
        play([RandomBot(i * 4 + p) for p in range(4)], OPTIONS, SEED + i, record=False)

    def greedy(i: int) -> None:
        play([GreedyBot(i * 4 + p) for p in range(4)], OPTIONS, SEED + i, record=False)

    for name, work, seconds in (("game.random", fast, 3.0), ("game.random_engine", engine, 3.0),
                                ("game.greedy", greedy, 4.0)):
        cpu, wall = cpu_rate(work, seconds)
        figures = {"games_per_second": round(cpu, 1), "wall_games_per_second": round(wall, 1),
                   "players": 4, "seed": SEED, "load_average": load}
        if name == "game.random":
            figures["target"] = 1000
        emit(name, **figures)

    c0, w0 = time.process_time(), time.perf_counter()
    summarize(simulate(2000, "random", OPTIONS, seed=SEED, progress=False))
    emit("game.simulate", games_per_second=round(2000 / (time.process_time() - c0), 1),
         wall_games_per_second=round(2000 / (time.perf_counter() - w0), 1), games=2000,
         players=4, seed=SEED, load_average=load, target=1000)
    memory(int(os.environ.get("KK_BENCH_MEMORY_GAMES", "10000")), load)


def memory(games: int, load: float) -> None:
    """Emit ``game.memory``: RSS at every tenth of ``games`` streamed random games."""
    samples: list[float] = []
    step = max(1, games // 10)

    def rows():  # type: ignore[no-untyped-def]
        for row in simulate(games, "random", OPTIONS, seed=SEED, progress=False):
            if row["player"] == 0 and row["game"] % step == 0:
                samples.append(rss_mb())
            yield row

    start = time.perf_counter()
    summary = summarize(rows())
    elapsed = time.perf_counter() - start
    tracemalloc.start()
    summarize(simulate(1000, "random", OPTIONS, seed=SEED + 1, progress=False))
    mid, _ = tracemalloc.get_traced_memory()
    summarize(simulate(1000, "random", OPTIONS, seed=SEED + 2, progress=False))
    end, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    emit("game.memory", games=games, rss_mb_first_tenth=round(samples[1], 1),
         rss_mb_end=round(rss_mb(), 1), rss_mb_max_growth_after_first_tenth=round(
             max(samples[1:] + [rss_mb()]) - samples[1], 2),
         traced_kb_growth_over_1000_games=round((end - mid) / 1024, 1),
         mean_score=summary[0]["mean_score"], wall_seconds=round(elapsed, 1),
         load_average=load)


if __name__ == "__main__":
    main()
