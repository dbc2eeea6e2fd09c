"""Generate the Origins puzzles (fire and totems) with the CP-SAT solver: seeded, resumable.

The files go to ``puzzles/origins/`` (``--out`` to write elsewhere), one per plan below; a run
makes only the files missing (``--force``: all again), so a Ctrl-C loses at most the puzzle
being solved. The same plan gives the same files.

    nice -n 10 .venv/bin/python scripts/make_origins_puzzles.py
    .venv/bin/python scripts/make_origins_puzzles.py --list     # the plan, nothing solved

How a puzzle is made (dominoes drawn from the seed, the answer proven, the level measured, the
title and hints): :mod:`kingdomino_kit.origins.puzzle_making`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kingdomino_kit.infra.atomic import atomic_write
from kingdomino_kit.origins.puzzle_making import make_origins_puzzle
from kingdomino_kit.origins.puzzles import OriginsPuzzle, dumps, load_origins_puzzle

ROOT = Path(__file__).resolve().parents[1]

# (id number, kind, seed, dominoes): fire puzzles of 2 to 6 dominoes, totem puzzles of 2 or 3
# (a totem's optimum is slower to prove). A seed whose set is not proven optimal in time is
# followed by seed + 1000, + 2000, … (the same every run).
PLAN: list[tuple[int, str, int, int]] = [
    (1, "fire", 101, 2), (2, "fire", 102, 3), (3, "totem", 103, 2), (4, "fire", 104, 3),
    (5, "totem", 105, 3), (6, "fire", 106, 4), (7, "totem", 107, 3), (8, "fire", 108, 5),
    (9, "totem", 109, 2), (10, "fire", 110, 6), (11, "totem", 111, 3), (12, "fire", 112, 4),
    (13, "fire", 113, 5), (14, "totem", 114, 2),
]
# tight totems: the rival has one fewer of each resource than the dominoes show, so every
# totem needs all of its resources kept (where can the fire go?)
TIGHT: list[tuple[int, str, int, int]] = [(15, "totem", 201, 3), (16, "totem", 203, 3),
                                          (17, "totem", 206, 3)]


def _made(ident: str, kind: str, seed: int, dominoes: int, tight: bool) -> OriginsPuzzle:
    for attempt in range(10):
        try:
            return make_origins_puzzle(ident, kind, seed + 1000 * attempt, dominoes,
                                       time_limit_s=120.0, tight=tight)
        except ValueError as error:
            print(error, file=sys.stderr)
    raise SystemExit(f"{ident}: no seed was proven in time")


def main(argv: list[str] | None = None) -> int:
    """Write the missing puzzles of the plan."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "puzzles" / "origins")
    parser.add_argument("--force", action="store_true", help="make every puzzle again")
    parser.add_argument("--list", action="store_true", help="print the plan, solve nothing")
    args = parser.parse_args(argv)
    for number, kind, seed, dominoes in PLAN + TIGHT:
        ident = f"o{number:02d}-{kind}"
        if args.list:
            print(f"{ident}: seed {seed}, {dominoes} dominoes")
            continue
        path = args.out / f"{ident}.json"
        if path.exists() and not args.force:
            load_origins_puzzle(path.read_text(encoding="utf-8"), path.name)  # still valid
            print(f"{ident}: kept", file=sys.stderr)
            continue
        puzzle = _made(ident, kind, seed, dominoes, (number, kind, seed, dominoes) in TIGHT)
        args.out.mkdir(parents=True, exist_ok=True)
        with atomic_write(path) as handle:
            handle.write(dumps(puzzle))
        print(f"{ident}: level {puzzle.level}, optimum {puzzle.optimum}: {puzzle.title}",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
