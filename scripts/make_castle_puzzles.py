"""Generate the Kingdoms castle puzzles with the CP-SAT solver: seeded, resumable.

The files go to ``puzzles/kingdoms/`` (``--out`` to write elsewhere), one per plan below. A run
makes only what is missing (``--force``: every puzzle again), so a Ctrl-C loses at most the
puzzle being solved. The first five puzzles predate the plan: they keep their position, answer
and title, and get their measures, level and hints (again with ``--force``).

    nice -n 10 .venv/bin/python scripts/make_castle_puzzles.py
    .venv/bin/python scripts/make_castle_puzzles.py --list     # the plan, nothing solved

How a puzzle is made (position, proof, level, title, hints):
:mod:`kingdomino_kit.kingdoms.puzzle_making`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from kingdomino_kit.infra.atomic import atomic_write
from kingdomino_kit.kingdoms.errors import KingdomsError
from kingdomino_kit.kingdoms.puzzle_making import make_castle_puzzle, measured
from kingdomino_kit.kingdoms.puzzles import CastlePuzzle, load_castle_puzzle

ROOT = Path(__file__).resolve().parents[1]

# number → (seed, players, holes, castles, tiles, objective, wizard); k01–k05 came first. A
# new puzzle's id is its number and a slug of its idea (kingdoms.puzzle_making.castle_slug).
PLAN: dict[int, tuple[int, int, int, int, int, str, bool]] = {
    6: (6, 2, 3, 1, 0, "gold", False),
    7: (7, 2, 4, 1, 1, "gold", False),
    8: (8, 3, 4, 2, 0, "gold", False),
    9: (9, 2, 5, 2, 1, "margin", False),
    10: (10, 2, 5, 1, 2, "gold", True),
    11: (11, 4, 4, 1, 1, "margin", False),
    12: (12, 3, 6, 2, 1, "gold", False),
    13: (13, 2, 6, 3, 0, "margin", False),
    14: (14, 3, 7, 2, 2, "gold", False),
    15: (15, 2, 8, 3, 1, "margin", True),
    16: (16, 4, 7, 3, 1, "gold", False),
    17: (17, 3, 8, 3, 2, "margin", False),
    18: (18, 2, 9, 4, 2, "gold", False),
    19: (19, 4, 8, 3, 2, "gold", True),
    20: (20, 3, 10, 4, 3, "gold", False),
    21: (21, 4, 9, 3, 3, "margin", False),
    22: (22, 3, 10, 4, 4, "margin", False),
}


def _write(path: Path, puzzle: CastlePuzzle) -> None:
    with atomic_write(path) as handle:
        handle.write(json.dumps(puzzle.to_json(), indent=2, ensure_ascii=False) + "\n")


def _made(number: int, plan: tuple[int, int, int, int, int, str, bool]) -> CastlePuzzle:
    """The puzzle of a plan; a seed whose game ends before enough holes are left is followed
    by the next seeds (seed + 1000, + 2000, …) until one works."""
    seed, players, holes, castles, tiles, objective, wizard = plan
    for attempt in range(20):
        try:
            return make_castle_puzzle(f"k{number:02d}", seed + 1000 * attempt, players=players,
                                      holes=holes, castles=castles, tiles=tiles,
                                      objective=objective, wizard=wizard)
        except KingdomsError:
            continue
    raise SystemExit(f"k{number:02d}: no seed worked")


def _planned(ident: str) -> bool:
    return ident[:1] == "k" and ident[1:3].isdigit() and int(ident[1:3]) in PLAN


def main(argv: list[str] | None = None) -> int:
    """Measure the old puzzles, write the missing new ones."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "puzzles" / "kingdoms")
    parser.add_argument("--force", action="store_true", help="make every new puzzle again")
    parser.add_argument("--list", action="store_true", help="print the plan, solve nothing")
    args = parser.parse_args(argv)
    if args.list:
        for number, plan in PLAN.items():
            print(f"k{number:02d}", plan)
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    for path in sorted(args.out.glob("*.json")):
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        if "measures" not in data or (args.force and not _planned(path.stem)):
            _write(path, measured(load_castle_puzzle(data, path.name)))
            print(f"{path.stem}: measured", file=sys.stderr)
    for number, plan in PLAN.items():
        old = sorted(args.out.glob(f"k{number:02d}-*.json"))
        if old and not args.force:
            load_castle_puzzle(old[0].read_text(encoding="utf-8"), old[0].name)  # still valid
            continue
        for path in old:
            path.unlink()
        puzzle = _made(number, plan)
        _write(args.out / f"{puzzle.id}.json", puzzle)
        print(f"{puzzle.id}: level {puzzle.level}, optimum {puzzle.optimum}: {puzzle.title}",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
