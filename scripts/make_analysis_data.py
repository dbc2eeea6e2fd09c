"""Make the two tables that notebook 06 reads instead of solving for minutes (seeded).

The constants are those of :mod:`kingdomino_kit.analysis.stored`, which reads the tables.

* ``kingdomino_kit/data/random_hands_5x5.parquet``: the proven best 5×5 kingdom of 1,000 random
  hands of 12 dominoes — ``solve_many(random_sets(1000, size=5, seed=HANDS_SEED))``, no bonus,
  60 s per hand, one CP-SAT worker each (the :data:`~kingdomino_kit.solver.batch.OPTIMA`
  columns);
* ``kingdomino_kit/data/greedy_gaps.parquet``: :func:`~kingdomino_kit.analysis.gaps.greedy_gap`
  of 25 seeded 4-player games of greedy bots (seed ``GAPS_SEED``): every seat's score beside
  the proven optimum of the 12 dominoes it claimed.

::

    .venv/bin/python scripts/make_analysis_data.py --workers 2            # both tables
    .venv/bin/python scripts/make_analysis_data.py --only hands --dask    # on a LocalCluster

Solving is resumable (the hands' table is ``solve_many``'s own ``out``; the optima of the
greedy seats are kept in ``--work``): a run that is stopped — Ctrl-C writes what is solved —
goes on where it stopped, and a table of fewer hands than asked is a valid one.
``tests/analysis/test_analysis_data.py`` re-checks the tables: the sets and games are the
seeded ones, every layout rebuilds its score through the rules, and a sample is solved again.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from kingdomino_kit.analysis.gaps import greedy_gap, write_gaps
from kingdomino_kit.analysis.stored import (
    GAPS_FILE,
    GAPS_GAMES,
    GAPS_OPTIONS,
    GAPS_SEED,
    HANDS,
    HANDS_FILE,
    HANDS_SEED,
    TIME_LIMIT_S,
)
from kingdomino_kit.infra.parallel import dask_client
from kingdomino_kit.solver.batch import random_sets, solve_many

DATA = Path(__file__).resolve().parent.parent / "kingdomino_kit" / "data"


def make_hands(out: Path, work: Path, workers: int, client: object) -> None:
    frame = solve_many(random_sets(HANDS, size=5, seed=HANDS_SEED), size=5,
                       time_limit_s=TIME_LIMIT_S, workers=workers, client=client,
                       out=out, progress=True)
    print(f"{out}: {len(frame)} hands, {frame['status'].value_counts().to_dict()}")


def make_gaps(out: Path, work: Path, workers: int, client: object) -> None:
    journal = work / "greedy_gaps.optima.parquet"
    frame = greedy_gap(GAPS_GAMES, "greedy", GAPS_OPTIONS, GAPS_SEED, time_limit_s=TIME_LIMIT_S,
                       workers=workers, client=client, out=journal, progress=True)
    write_gaps(out, frame, metadata={"games": GAPS_GAMES, "seed": GAPS_SEED, "players": 4,
                                     "bots": "greedy", "time_limit_s": TIME_LIMIT_S})
    print(f"{out}: {len(frame)} seats, mean gap {frame['gap'].mean():.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=1, help="local processes")
    parser.add_argument("--dask", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="on Dask: a LocalCluster, or the scheduler at ADDRESS")
    parser.add_argument("--only", choices=["hands", "gaps"], help="make one table")
    parser.add_argument("--out", type=Path, default=DATA, help="folder of the tables")
    parser.add_argument("--work", type=Path, default=Path("build/analysis-data"),
                        help="folder of the resumable optima (default build/analysis-data)")
    args = parser.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    makers = {"hands": (make_hands, HANDS_FILE), "gaps": (make_gaps, GAPS_FILE)}
    with contextlib.ExitStack() as stack:
        client = None
        if args.dask is not None:
            client = stack.enter_context(dask_client(
                args.dask or None, workers=None if args.dask else args.workers))
        for name, (make, file) in makers.items():
            if args.only in (None, name):
                make(args.out / file, args.work, 1 if client else args.workers, client)
    return 0


if __name__ == "__main__":
    sys.exit(main())
