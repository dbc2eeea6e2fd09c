"""Puzzles on demand: the time ``puzzle new`` takes per kind and level (one CP-SAT worker).

One JSON line per (kind, level, seed): CPU seconds of this process and of its solver threads
(``time.process_time``, one core) and wall seconds, the puzzle's id (``null`` when no draft
fits). Levels 1–4 by default (the target: within about 30 s on one core);
``KK_BENCH_PUZZLE_SEEDS`` seeds per kind and level (default 3), ``KK_BENCH_PUZZLE_LEVELS``
(default ``1234``), ``KK_BENCH_PUZZLE_KINDS`` (comma-separated, default all five),
``KK_BENCH_PUZZLE_UNIQUE=1`` for ``--unique`` (the CP-SAT uniqueness proof). A last line per
level gives the median and the largest wall time.
"""

from __future__ import annotations

import os
import statistics
import time

from benchmarks.common import emit
from kingdomino_kit.errors import PuzzleError
from kingdomino_kit.puzzles import KINDS
from kingdomino_kit.puzzles.on_demand import new_puzzle


def main() -> None:
    seeds = int(os.environ.get("KK_BENCH_PUZZLE_SEEDS", "3"))
    levels = [int(c) for c in os.environ.get("KK_BENCH_PUZZLE_LEVELS", "1234")]
    kinds = os.environ.get("KK_BENCH_PUZZLE_KINDS", ",".join(KINDS)).split(",")
    unique = os.environ.get("KK_BENCH_PUZZLE_UNIQUE", "0") == "1"
    for level in levels:
        walls = []
        for kind in kinds:
            for seed in range(seeds):
                cpu, wall = time.process_time(), time.perf_counter()
                try:
                    pid: str | None = new_puzzle(kind, level, seed, unique=unique).id
                except PuzzleError:  # no draft fits (with unique: none has a unique optimum)
                    pid = None
                walls.append(time.perf_counter() - wall)
                emit("puzzle_new", kind=kind, level=level, seed=seed, unique=unique, id=pid,
                     cpu_s=round(time.process_time() - cpu, 2), wall_s=round(walls[-1], 2))
        emit("puzzle_new_level", level=level, puzzles=len(walls),
             median_wall_s=round(statistics.median(walls), 2),
             max_wall_s=round(max(walls), 2))


if __name__ == "__main__":
    main()
