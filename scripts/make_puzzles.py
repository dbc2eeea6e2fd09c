"""Generate the puzzle collection with the CP-SAT solver (seeded, reproducible).

The files go to ``kingdomino_kit/puzzles/collection/`` (``--out`` to write elsewhere).

    .venv/bin/python scripts/make_puzzles.py            # write the missing puzzles
    .venv/bin/python scripts/make_puzzles.py --force    # regenerate every puzzle
    .venv/bin/python scripts/make_puzzles.py --list     # print the plan, solve nothing
    .venv/bin/python scripts/make_puzzles.py --table    # the spread table of docs/puzzles.md

What a puzzle is, how it is drawn, proved, measured and rejected when it does not
discriminate: :mod:`kingdomino_kit.puzzles.generate` (this script only runs it). ``make test``
re-checks every file (tests/puzzles/test_collection.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

from kingdomino_kit.atomic import atomic_write
from kingdomino_kit.puzzles import load_collection, load_puzzle
from kingdomino_kit.puzzles.generate import PLANS, default_solve, draft, hint, make
from kingdomino_kit.puzzles.measure import spread_table

OUT = Path(__file__).resolve().parent.parent / "kingdomino_kit" / "puzzles" / "collection"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="regenerate existing files")
    parser.add_argument("--list", action="store_true", help="print the plan only")
    parser.add_argument("--only", type=int, nargs="*", help="puzzle numbers (1-based)")
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--attempts", type=int, default=40,
                        help="drafts tried per puzzle before giving up")
    parser.add_argument("--out", type=Path, default=OUT)
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
    if args.reformat:
        for path in sorted(args.out.glob("*.json")):
            puzzle = load_puzzle(path)
            with atomic_write(path) as handle:
                handle.write(replace(puzzle, hint=hint(puzzle)).dumps())
        return 0
    solve = default_solve(args.time_limit)
    failed = 0
    for index, plan in enumerate(PLANS):
        if args.only and index + 1 not in args.only:
            continue
        first = draft(plan, index)
        path = args.out / f"{first.id}.json"
        if args.list:
            print(f"{first.id}: level {plan.level}, {first.title}")
            continue
        if path.exists() and not args.force:
            continue
        started = time.perf_counter()
        puzzle = make(plan, index, solve, args.attempts, log=lambda text: print(text, flush=True))
        if puzzle is None or puzzle.solution is None:
            print(f"{first.id}: NO ATTEMPT PROVEN AND DISCRIMINATING, not written", flush=True)
            failed += 1
            continue
        with atomic_write(path) as handle:
            handle.write(puzzle.dumps())
        print(f"{puzzle.id}: optimum {puzzle.solution.optimum}, greedy {puzzle.greedy_score}, "
              f"{puzzle.optimal_answers} optimal answer(s) "
              f"({time.perf_counter() - started:.1f} s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
