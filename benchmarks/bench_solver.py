"""Solver speed: time to a *proven* answer on random domino sets (5×5: whole box and crowned
dominoes 19–48, without bonuses and with Middle Kingdom, Harmony or both; 7×7 Mighty Duel: 24
dominoes of the box), 2 workers, fixed seeds.

A group is a set family and its bonuses: ``box``, ``box+mk``, ``box+harmony``, ``box+both``, the
same for ``crowned``, and ``duel``; a bonus group solves the very sets of its family. Groups can
be chosen with ``KK_BENCH_SOLVER=box,crowned+mk,duel`` (default: all) and the number of sets per
group cut with ``KK_BENCH_SOLVER_SETS=5``; each result is also printed as it comes. A set counts
as proven when the solver ends ``optimal`` or ``infeasible`` (with Harmony, when no layout uses
every domino with no gap).
"""

from __future__ import annotations

import os
import random
import statistics

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


def parse_group(group: str) -> tuple[str, bool, bool]:
    """(family, Middle Kingdom, Harmony) of a group name such as ``box+mk``."""
    family, _, bonus = group.partition("+")
    if family not in FAMILIES or bonus not in BONUSES:
        raise SystemExit(f"KK_BENCH_SOLVER: unknown group {group!r} (one of {', '.join(GROUPS)})")
    return (family, *BONUSES[bonus])


def domino_sets(group: str) -> list[list[Domino]]:
    """The fixed random sets of a group (seeded by its family's name, so bonus groups solve the
    same sets)."""
    family, _, _ = parse_group(group)
    pool, count, k, _, _ = FAMILIES[family]
    rng = random.Random(f"{SEED}-{family}")
    return [[DOMINOES[n - 1] for n in sorted(rng.sample(pool, k))] for _ in range(count)]


def run_group(group: str, sets: int | None = None, workers: int = 2) -> None:
    """Solve each set of a group; print one line per set and a summary line."""
    from kingdomino_kit.solver import best_kingdom

    family, middle, harmony = parse_group(group)
    _, _, _, size, limit = FAMILIES[family]
    times, proven, gaps = [], 0, []
    for i, doms in enumerate(domino_sets(group)[:sets]):
        sol = best_kingdom(doms, size=size, middle_kingdom=middle, harmony=harmony,
                           time_limit_s=limit, workers=workers, seed=0)
        times.append(sol.seconds)
        proven += sol.status in ("optimal", "infeasible")
        gaps.append(sol.gap if sol.kingdom is not None or sol.status == "infeasible"
                    else sol.bound)
        emit(f"solver.{group}.set", index=i, dominoes=",".join(str(d.number) for d in doms),
             status=sol.status, score=sol.score, bound=sol.bound, seconds=round(sol.seconds, 2))
    emit(f"solver.{group}", sets=len(times), proven=proven,
         median_s=round(statistics.median(times), 2), worst_s=round(max(times), 2),
         max_gap=max(gaps), time_limit_s=limit, size=size, workers=workers, seed=SEED,
         middle_kingdom=middle, harmony=harmony,
         target_median_s=2 if size == 5 else 30, target_worst_s=60 if size == 5 else None,
         target_proven=None if size == 5 else 8)


def main() -> None:
    groups = os.environ.get("KK_BENCH_SOLVER", ",".join(GROUPS)).split(",")
    sets = os.environ.get("KK_BENCH_SOLVER_SETS")
    for group in groups:
        run_group(group.strip(), int(sets) if sets else None)


if __name__ == "__main__":
    main()
