"""``solve-batch``: the best kingdom of many domino sets, one row per set in a CSV or Parquet
table (:func:`kingdomino_kit.solver.batch.solve_many`); resumable with the same ``--out``."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from typing import Any

from kingdomino_kit.cli import CliError, add_command, output_path, stop_code
from kingdomino_kit.cli.contract import seconds, set_count, workers
from kingdomino_kit.cli.rules import add_bonus_flags, rules_of
from kingdomino_kit.cli.workers import add_worker_arguments, where_to_run
from kingdomino_kit.infra.ceilings import MAX_SETS
from kingdomino_kit.infra.tables import table_format
from kingdomino_kit.solver.batch import DEFAULT_COUNT, random_sets, read_sets, solve_many


def register(sub: Any) -> None:
    """Add ``solve-batch``."""
    p = add_command(sub, "solve-batch")
    p.add_argument("sets", nargs="?", metavar="SETS",
                   help="a CSV or Parquet file with a dominoes column (one set per row: "
                        "[3,17,22], 3,17,22 or 3 17 22)")
    p.add_argument("--out", required=True, metavar="FILE", type=output_path,
                   help="the table of answers, .csv or .parquet; run again with the same "
                        "--out to go on where a batch stopped")
    p.add_argument("--random", type=set_count, metavar="N",
                   help=f"solve N random sets instead (at most {MAX_SETS:,})")
    p.add_argument("--size", type=int, choices=(5, 7), default=5,
                   help="kingdom size, 5×5 or 7×7 (default 5)")
    p.add_argument("--count", type=int, metavar="K",
                   help=f"dominoes in a random set (default {DEFAULT_COUNT[5]} on 5×5, "
                        f"{DEFAULT_COUNT[7]} on 7×7)")
    p.add_argument("--seed", type=int, default=0,
                   help="seed of the random sets (default 0); the same seed, the same sets")
    add_bonus_flags(p, {"middle_kingdom": "+10 if the castle is central",
                        "harmony": "+5 for a full kingdom (a set that cannot fill it still "
                                   "has its best kingdom)"})
    p.add_argument("--time-limit", type=seconds, default=60.0,
                   help="seconds per set (default 60)")
    p.add_argument("--solver-workers", type=workers, default=1,
                   help="CP-SAT workers per set (default 1: each solve repeatable)")
    p.add_argument("--timings", action="store_true",
                   help="add the seconds column (the wall-clock time of each solve): a batch "
                        "resumed after an interruption then differs from an uninterrupted one "
                        "in it (without: the same bytes)")
    add_worker_arguments(p, "sets")
    p.set_defaults(func=cmd_solve_batch)


def _sets(args: argparse.Namespace) -> list[tuple[int, ...]]:
    if (args.sets is None) == (args.random is None):
        raise CliError("give SETS (a file) or --random N, not both" if args.sets
                       else "give SETS (a file) or --random N")
    if args.random is None:
        if args.count is not None:
            raise CliError("--count: only with --random")
        sets = read_sets(args.sets)
        if len(sets) > MAX_SETS:
            raise CliError(f"{args.sets}: {len(sets):,} sets, more than {MAX_SETS:,} (the most "
                           "of one run)")
        return sets
    if args.random < 0:
        raise CliError(f"--random: must be 0 or more, not {args.random}")
    try:
        return random_sets(args.random, size=args.size, count=args.count, seed=args.seed)
    except CliError:
        raise
    except Exception as error:
        raise CliError(f"--count: {error}") from None


def cmd_solve_batch(args: argparse.Namespace) -> int:
    """Solve every set; the table to --out; a summary on stdout."""
    table_format(args.out, "--out")
    if args.time_limit <= 0:
        raise CliError(f"--time-limit: must be positive, not {args.time_limit}")
    if args.solver_workers < 1:
        raise CliError(f"--solver-workers: must be 1 or more, not {args.solver_workers}")
    sets = _sets(args)
    try:
        with where_to_run(args) as where:
            frame = solve_many(sets, rules=rules_of(args), time_limit_s=args.time_limit,
                               solver_workers=args.solver_workers, out=args.out,
                               progress=None, timings=args.timings, **where)
    except KeyboardInterrupt:
        print(f"kingdomino-kit solve-batch: interrupted; the sets solved so far are in "
              f"{args.out}: the same command goes on from there", file=sys.stderr)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(stop_code())  # the table is written; a search cut short may hold a thread
    statuses = frame["status"].value_counts()
    counts = ", ".join(f"{s} {statuses[s]}" for s in ("OPTIMAL", "FEASIBLE", "INFEASIBLE",
                                                       "UNKNOWN") if statuses.get(s, 0))
    kept = frame.attrs.get("kept", 0)
    print(f"{len(frame)} sets, {args.size}×{args.size} -> {args.out}"
          + (f" ({kept} of them already there)" if kept else ""))
    if len(frame):
        scores = frame["score"].tolist()
        print(f"{counts}; score mean {statistics.fmean(scores):.1f}, median "
              f"{statistics.median(scores):g}, min {min(scores)}, max {max(scores)}; "
              f"{frame['seconds'].sum():.1f} s of solving")
    return 0
