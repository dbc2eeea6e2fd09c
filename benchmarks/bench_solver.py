"""Solver speed: time to a *proven* optimum on random domino sets (5×5: whole box and crowned
dominoes 19–48; 7×7: 24 dominoes), 2 workers, fixed seeds.

Groups can be chosen with ``KK_BENCH_SOLVER=box,crowned,duel`` (default: all) and the number of
sets per group cut with ``KK_BENCH_SOLVER_SETS=5``; each result is also printed as it comes.
"""

from __future__ import annotations

import os
import random
import statistics

from benchmarks.common import emit
from kingdomino_kit.dominoes import DOMINOES, Domino

SEED = 4
GROUPS = {  # name: (pool, sets, dominoes per set, size, time limit per set)
    "box": (list(range(1, 49)), 50, 12, 5, 60.0),
    "crowned": (list(range(19, 49)), 20, 12, 5, 60.0),
    "duel": (list(range(1, 49)), 10, 24, 7, 120.0),
}


def domino_sets(group: str) -> list[list[Domino]]:
    """The fixed random sets of a group (seeded by the group name)."""
    pool, count, k, _, _ = GROUPS[group]
    rng = random.Random(f"{SEED}-{group}")
    return [[DOMINOES[n - 1] for n in sorted(rng.sample(pool, k))] for _ in range(count)]


def run_group(group: str, sets: int | None = None, workers: int = 2) -> None:
    """Solve each set of a group; print one line per set and a summary line."""
    from kingdomino_kit.solver import best_kingdom

    _, _, _, size, limit = GROUPS[group]
    times, proven, gaps = [], 0, []
    for i, doms in enumerate(domino_sets(group)[:sets]):
        sol = best_kingdom(doms, size=size, time_limit_s=limit, workers=workers, seed=0)
        times.append(sol.seconds)
        proven += sol.status == "optimal"
        gaps.append(sol.gap)
        emit(f"solver.{group}.set", index=i, dominoes=",".join(str(d.number) for d in doms),
             status=sol.status, score=sol.score, bound=sol.bound, seconds=round(sol.seconds, 2))
    emit(f"solver.{group}", sets=len(times), proven=proven,
         median_s=round(statistics.median(times), 2), worst_s=round(max(times), 2),
         max_gap=max(gaps), time_limit_s=limit, size=size, workers=workers, seed=SEED,
         target_median_s=2 if size == 5 else None, target_worst_s=60 if size == 5 else None)


def main() -> None:
    groups = os.environ.get("KK_BENCH_SOLVER", "box,crowned,duel").split(",")
    sets = os.environ.get("KK_BENCH_SOLVER_SETS")
    for group in groups:
        run_group(group.strip(), int(sets) if sets else None)


if __name__ == "__main__":
    main()
