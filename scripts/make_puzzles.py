"""Generate the puzzle collection with the CP-SAT solver (seeded, reproducible).

The files go to ``puzzles/kingdomino/`` (``--out`` to write elsewhere).

    .venv/bin/python scripts/make_puzzles.py              # write the missing puzzles
    .venv/bin/python scripts/make_puzzles.py --force      # regenerate every puzzle
    .venv/bin/python scripts/make_puzzles.py --workers 2  # the batch in 2 local processes
    .venv/bin/python scripts/make_puzzles.py --dask       # the batch on a Dask LocalCluster
    .venv/bin/python scripts/make_puzzles.py --list       # print the plan, solve nothing
    .venv/bin/python scripts/make_puzzles.py --table      # the spread table of docs/puzzles.md
    .venv/bin/python scripts/make_puzzles.py --remeasure  # measures, level, title, hints again
    .venv/bin/python scripts/make_puzzles.py --grow       # the puzzles after the first 62

**Growing the collection.** ``--grow`` makes the puzzles numbered after :data:`PLANS` from
:data:`GROWTH` — each a kind, a level and a rule variant — with
:func:`kingdomino_kit.puzzles.on_demand.targeted`: drafts drawn from
``random.Random(f"2026:{index}:{attempt}")`` until one is proved OPTIMAL and its measured level
by the written rule is the one planned. It is resumable: a puzzle whose file exists is skipped
(``--force`` makes it again), so a run cut short goes on where it stopped.

What a puzzle is, how it is drawn, proved, measured and rejected when it does not
discriminate: :mod:`kingdomino_kit.puzzles.generate` (this script only runs it). ``make test``
re-checks every file (tests/puzzles/test_collection.py).

**The batch.** Before the puzzles are made one after another, the first draft of every plan
to make that is a plain domino set (best-kingdom, no start kingdom, no Harmony) is solved in
one batch per size and Middle Kingdom rule (:mod:`kingdomino_kit.puzzles.batch`, through
:func:`kingdomino_kit.solver.batch.solve_many`: one CP-SAT worker and seed 0 per set, the
sets side by side in ``--workers N`` local processes or on Dask with ``--dask [ADDRESS]``, as
``kingdomino-kit solve-batch``). Making a puzzle then takes such a draft's answer from its row
when the row is OPTIMAL and rebuilds through the rules; every other draft (other kinds, later
attempts, rows that prove nothing) is solved here, one by one, as before. Every answer goes
through the same proof and replay. The batch is kept in ``--batch FILE`` with the rules added
to its name (default ``build/puzzles/batch.parquet``: ``batch-5x5.parquet``,
``batch-5x5-middle.parquet``, ``batch-7x7.parquet``, …): a run again skips the sets already
there, also after a Ctrl-C. A row kept is not solved again, even with a longer
``--time-limit``: delete the batch's files to solve every set afresh.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

from kingdomino_kit.cli.workers import add_worker_arguments, where_to_run
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.atomic import atomic_write
from kingdomino_kit.infra.tables import table_format
from kingdomino_kit.puzzles import load_collection, load_puzzle
from kingdomino_kit.puzzles.batch import Batch, BatchSolve, in_batch, presolve
from kingdomino_kit.puzzles.format import Puzzle
from kingdomino_kit.puzzles.generate import (
    PLANS,
    SEED,
    Plan,
    default_solve,
    draft,
    hint,
    make,
    measured,
)
from kingdomino_kit.puzzles.measure import spread_table
from kingdomino_kit.puzzles.on_demand import targeted

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "puzzles" / "kingdomino"
BATCH = ROOT / "build" / "puzzles" / "batch.parquet"


def _g(kind: str, levels: str, **variant: object) -> list[tuple[str, int, dict[str, object]]]:
    return [(kind, int(level), variant) for level in levels]


GROWTH: list[tuple[str, int, dict[str, object]]] = [
    # the kinds the first 62 have fewest of come first, so a run cut short still has 20 each
    *_g("free-choice", "1234234234234"), *_g("rearrange", "12342345234"),
    *_g("next-placement", "12342342344"), *_g("complete", "1234234523"),
    *_g("free-choice", "55"), *_g("rearrange", "55"),
    *_g("complete", "34", middle_kingdom=True), *_g("best-kingdom", "234", size=7),
    *_g("best-kingdom", "2344", middle_kingdom=True),
    *_g("best-kingdom", "4", harmony=True),
    *_g("best-kingdom", "22334444555", ),
    *_g("best-kingdom", "24", size=7, middle_kingdom=True),
    *_g("rearrange", "4", middle_kingdom=True), *_g("complete", "4"),
    *_g("best-kingdom", "23445"), *_g("free-choice", "234"), *_g("next-placement", "234"),
    *_g("best-kingdom", "45", size=7), *_g("complete", "35"), *_g("rearrange", "3"),
    *_g("best-kingdom", "23445", harmony=True, middle_kingdom=True),
    *_g("free-choice", "2424"), *_g("next-placement", "24"),
    *_g("next-placement", "2342"), *_g("complete", "2342"), *_g("rearrange", "2"),
    # 7×7: twenty in the collection with the ten before
    *_g("best-kingdom", "2332555", size=7), *_g("best-kingdom", "345", size=7,
                                                 middle_kingdom=True),
]
"""The puzzles after :data:`PLANS`: (kind, level, rule variant), in the order they are made."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="regenerate existing files")
    parser.add_argument("--list", action="store_true", help="print the plan only")
    parser.add_argument("--only", type=int, nargs="*", help="puzzle numbers (1-based)")
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--attempts", type=int, default=40,
                        help="drafts tried per puzzle before giving up")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--batch", type=Path, default=BATCH, metavar="FILE",
                        help="the batch's tables (.parquet or .csv), the rules added to the "
                             "name; a run again skips the sets there (default "
                             "build/puzzles/batch.parquet)")
    add_worker_arguments(parser, "sets of the batch")
    parser.add_argument("--remeasure", action="store_true",
                        help="measure the existing files again (measures, level by the rule, "
                             "title, hints), solve nothing")
    parser.add_argument("--grow", action="store_true",
                        help="make the puzzles after the first ones (GROWTH), resumable")
    parser.add_argument("--table", action="store_true",
                        help="print the collection's spread of levels (Markdown), solve nothing")
    parser.add_argument("--reformat", action="store_true",
                        help="rewrite the existing files in the current layout with their hints "
                             "written again, solve nothing")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.table:
        print(spread_table(load_collection(args.out)))
        return 0
    if args.remeasure:
        for path in sorted(args.out.glob("*.json")):
            puzzle = measured(load_puzzle(path))
            with atomic_write(path) as handle:
                handle.write(puzzle.dumps())
            print(f"{puzzle.id}: level {puzzle.level}, {puzzle.title}", flush=True)
        return 0
    if args.grow:
        return _grow(args)
    if args.reformat:
        for path in sorted(args.out.glob("*.json")):
            puzzle = load_puzzle(path)
            with atomic_write(path) as handle:
                handle.write(replace(puzzle, hint=hint(puzzle)).dumps())
        return 0
    todo: list[tuple[int, Plan, Puzzle]] = []
    for index, plan in enumerate(PLANS):
        if args.only and index + 1 not in args.only:
            continue
        first = draft(plan, index)
        if args.list:
            print(f"{first.id}: level {plan.level}, {first.title}")
        elif args.force or not (args.out / f"{first.id}.json").exists():
            todo.append((index, plan, first))
    if args.list or not todo:
        return 0
    try:
        table_format(args.batch, "--batch")
        solve = BatchSolve(_presolve(args, [first for _, _, first in todo]),
                           default_solve(args.time_limit))
    except KingdominoError as error:
        print(f"make_puzzles.py: {error}", file=sys.stderr)
        return 2
    failed = sum(not _make_one(args.out, index, plan, solve, args.attempts)
                 for index, plan, _ in todo)
    print(f"{solve.answered} draft(s) answered from the batch, {solve.fallen_back} solved "
          "one by one", flush=True)
    return 1 if failed else 0


def _grow(args: argparse.Namespace) -> int:
    """Make the missing puzzles of :data:`GROWTH` (see the module docstring)."""
    failed = 0
    for offset, (kind, level, variant) in enumerate(GROWTH):
        index = len(PLANS) + offset
        pid = f"{index + 1:02d}-{kind}"
        if args.only and index + 1 not in args.only:
            continue
        if args.list:
            print(f"{pid}: level {level} {variant or ''}")
            continue
        path = args.out / f"{pid}.json"
        if path.exists() and not args.force:
            continue
        started = time.perf_counter()
        puzzle = targeted(kind, level, f"{SEED}:{index}", pid, attempts=args.attempts,
                          time_limit_s=args.time_limit,
                          log=lambda text: print(text, flush=True),
                          **variant)  # type: ignore[arg-type]
        if puzzle is None or puzzle.solution is None:
            print(f"{pid}: NO ATTEMPT AT LEVEL {level}, not written", flush=True)
            failed += 1
            continue
        with atomic_write(path) as handle:
            handle.write(puzzle.dumps())
        print(f"{pid}: level {puzzle.level}, {puzzle.title}, optimum "
              f"{puzzle.solution.optimum} ({time.perf_counter() - started:.1f} s)", flush=True)
    return 1 if failed else 0


def _presolve(args: argparse.Namespace, firsts: list[Puzzle]) -> Batch:
    """The batch of the first drafts (opening Dask only when there is a set to solve)."""
    plain = [p for p in firsts if in_batch(p)]
    tables = f"{args.batch.parent}/{args.batch.stem}-*{args.batch.suffix}"
    where = where_to_run(args) if plain else contextlib.nullcontext({})
    try:
        with where as backend:
            batch = presolve(plain, time_limit_s=args.time_limit, out=args.batch,
                             progress=None, **backend)
    except KeyboardInterrupt:
        print(f"make_puzzles.py: interrupted; the sets solved so far are in {tables}: the "
              "same command goes on from there", file=sys.stderr)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)  # the tables are written; a CP-SAT search cut short may hold a thread
    print(f"batch: {len(plain)} first draft(s) of {len(firsts)} are plain domino sets: "
          f"{batch.solved} solved now, {batch.kept} kept from {tables}", flush=True)
    return batch


def _make_one(out: Path, index: int, plan: Plan, solve: BatchSolve, attempts: int) -> bool:
    """Make, check and write one puzzle; False if no attempt is proven and discriminating."""
    started = time.perf_counter()
    puzzle = make(plan, index, solve, attempts, log=lambda text: print(text, flush=True))
    if puzzle is None or puzzle.solution is None:
        print(f"{draft(plan, index).id}: NO ATTEMPT PROVEN AND DISCRIMINATING, not written",
              flush=True)
        return False
    with atomic_write(out / f"{puzzle.id}.json") as handle:
        handle.write(puzzle.dumps())
    print(f"{puzzle.id}: optimum {puzzle.solution.optimum}, greedy {puzzle.greedy_score}, "
          f"{puzzle.optimal_answers} optimal answer(s) "
          f"({time.perf_counter() - started:.1f} s)", flush=True)
    return True


if __name__ == "__main__":
    sys.exit(main())
