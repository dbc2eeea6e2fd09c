"""Solver speed: time to a *proven* answer on random domino sets (5×5: whole box and crowned
dominoes 19–48, without bonuses and with Middle Kingdom, Harmony or both; 7×7 Mighty Duel: 24
dominoes of the box), 2 workers, fixed seeds.

A group is a set family and its bonuses: ``box``, ``box+mk``, ``box+harmony``, ``box+both``, the
same for ``crowned``, and ``duel``; a bonus group solves the very sets of its family. Groups can
be chosen with ``KK_BENCH_SOLVER=box,crowned+mk,duel`` (default: all) and the number of sets per
group cut with ``KK_BENCH_SOLVER_SETS=5``; each result is also printed as it comes. A set counts
as proven when the solver ends ``optimal`` or ``infeasible`` (with Harmony, when no layout uses
every domino with no gap). ``KK_BENCH_SOLVER_SEED`` draws other sets (fresh ones: any seed but
4), ``KK_BENCH_SOLVER_WORKERS`` sets the CP-SAT workers (default 2); ``KK_BENCH_SOLVER_FRAMES=0``
runs the search without the compiled frame search on 7×7 (the search before it);
``KK_BENCH_SOLVER_ONLY=5,9`` solves only the sets of those numbers (from 0). Each set's
line gives its wall seconds and the CPU seconds of the solve (this process and the annealing
processes it waited for), which the load of other jobs does not inflate.

The 7×7 Mighty Duel group on one core, with and without both bonuses, on the benchmark's sets
and on fresh ones (``make bench-duel``, JSON lines in ``docs/measured/duel_bench.jsonl``):
``duel``, ``duel+both`` with ``KK_BENCH_SOLVER_WORKERS=1``, seeds 4, 5 and 6.
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import time

from benchmarks.common import emit
from kingdomino_kit.dominoes import DOMINOES, Domino

SEED = 4
FAMILIES = {  # name: (pool, sets, dominoes per set, size, time limit per set)
    "box": (list(range(1, 49)), 50, 12, 5, 60.0),
    "crowned": (list(range(19, 49)), 20, 12, 5, 60.0),
    "duel": (list(range(1, 49)), 10, 24, 7, 120.0),
}
BONUSES = {"": (False, False), "mk": (True, False), "harmony": (False, True),
           "both": (True, True)}
"""Suffix → (Middle Kingdom, Harmony)."""
GROUPS = [*(f"{family}{'+' + b if b else ''}" for family in ("box", "crowned") for b in BONUSES),
          "duel"]
DUEL_GROUPS = ["duel", "duel+both"]
"""Mighty Duel without and with both bonuses (any bonus suffix works on ``duel``)."""


def parse_group(group: str) -> tuple[str, bool, bool]:
    """(family, Middle Kingdom, Harmony) of a group name such as ``box+mk``."""
    family, _, bonus = group.partition("+")
    if family not in FAMILIES or bonus not in BONUSES:
        raise SystemExit(f"KK_BENCH_SOLVER: unknown group {group!r} (one of {', '.join(GROUPS)})")
    return (family, *BONUSES[bonus])


def domino_sets(group: str, seed: int = SEED) -> list[list[Domino]]:
    """The fixed random sets of a group (seeded by its family's name, so bonus groups solve the
    same sets)."""
    family, _, _ = parse_group(group)
    pool, count, k, _, _ = FAMILIES[family]
    rng = random.Random(f"{seed}-{family}")
    return [[DOMINOES[n - 1] for n in sorted(rng.sample(pool, k))] for _ in range(count)]


def _cpu() -> float:
    """CPU seconds of this process and of the children it has waited for."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run_group(group: str, sets: int | None = None, workers: int = 2, seed: int = SEED,
              frames: bool = True, only: set[int] | None = None) -> None:
    """Solve each set of a group (those numbered in ``only`` if given); print one line per
    set and a summary line."""
    from kingdomino_kit.solver import SolverSettings, best_kingdom

    family, middle, harmony = parse_group(group)
    _, _, _, size, limit = FAMILIES[family]
    times, cpus, proven, gaps = [], [], 0, []
    for i, doms in enumerate(domino_sets(group, seed)[:sets]):
        if only is not None and i not in only:
            continue
        cpu = _cpu()
        sol = best_kingdom(doms, size=size, middle_kingdom=middle, harmony=harmony,
                           time_limit_s=limit, workers=workers, seed=0,
                           settings=SolverSettings(frames=frames))
        cpus.append(_cpu() - cpu)
        times.append(sol.seconds)
        proven += sol.status in ("optimal", "infeasible")
        gaps.append(sol.gap if sol.kingdom is not None or sol.status == "infeasible"
                    else sol.bound)
        emit(f"solver.{group}.set", index=i, dominoes=",".join(str(d.number) for d in doms),
             status=sol.status, score=sol.score, bound=sol.bound, seconds=round(sol.seconds, 2),
             cpu_s=round(cpus[-1], 2), seed=seed, workers=workers, frames=frames,
             load=round(os.getloadavg()[0], 1))
    emit(f"solver.{group}", sets=len(times), proven=proven,
         median_s=round(statistics.median(times), 2), worst_s=round(max(times), 2),
         median_cpu_s=round(statistics.median(cpus), 2), worst_cpu_s=round(max(cpus), 2),
         max_gap=max(gaps), time_limit_s=limit, size=size, workers=workers, seed=seed,
         frames=frames,
         middle_kingdom=middle, harmony=harmony, when=time.strftime("%Y-%m-%d %H:%M UTC",
                                                                    time.gmtime()),
         target_median_s=2 if size == 5 else 10, target_worst_s=60 if size == 5 else 120,
         target_proven=None if size == 5 else len(times))


def main() -> None:
    groups = os.environ.get("KK_BENCH_SOLVER", ",".join(GROUPS)).split(",")
    sets = os.environ.get("KK_BENCH_SOLVER_SETS")
    workers = int(os.environ.get("KK_BENCH_SOLVER_WORKERS", "2"))
    seeds = os.environ.get("KK_BENCH_SOLVER_SEED", str(SEED)).split(",")
    frames = os.environ.get("KK_BENCH_SOLVER_FRAMES", "1") != "0"
    picked = os.environ.get("KK_BENCH_SOLVER_ONLY")
    only = {int(i) for i in picked.split(",")} if picked else None
    for seed in seeds:
        for group in groups:
            run_group(group.strip(), int(sets) if sets else None, workers, int(seed), frames,
                      only)


if __name__ == "__main__":
    main()
