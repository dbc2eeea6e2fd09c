"""Strength against time: ``mce`` at several budgets against three ``greedy``, one table.

Each budget plays the same seeded tournament — 4 players, both bonuses (the published agents'
setting), ``mce:steps=N`` against three ``greedy``, seats rotated — and gives one row of
``kingdomino_kit/data/bot_strength.csv``: the bot, its ``steps``, the games, its mean score and
win share with their 95 % intervals, and the CPU seconds it spent per turn (a king's placement
and the claim after it: the published agents' "move") and on its longest decision. ``greedy``
against three of itself is the row of budget 0. Notebook 06 draws the table against the
published curve; ``docs/bots.md`` has its history.

::

    .venv/bin/python scripts/measure_bot_strength.py --games 40 --workers 2
    .venv/bin/python scripts/measure_bot_strength.py --steps 2500 5000 --games 200 --workers 2

Existing rows of other budgets are kept (a row is replaced when its budget is measured again);
the file is written atomically after every budget, so a stopped run keeps what it measured.
CPU seconds are ``time.process_time`` of the process playing the game: they do not count other
jobs on the machine, the wall-clock time does.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
from pathlib import Path

from kingdomino_kit.analysis.stored import STRENGTH_FILE, STRENGTH_OPTIONS, STRENGTH_SEED
from kingdomino_kit.game.tournament import tournament
from kingdomino_kit.infra.atomic import atomic_write

OUT = Path(__file__).resolve().parent.parent / "kingdomino_kit" / "data" / STRENGTH_FILE
FIELDS = ("bot", "steps", "games", "mean_score", "mean_score_ci", "win_share", "win_share_ci",
          "seconds_per_turn", "max_seconds", "load_average")
OPTIONS = STRENGTH_OPTIONS


def measure(steps: int, games: int, seed: int, workers: int) -> dict[str, object]:
    """One row: ``mce:steps=steps`` (``greedy`` when 0) against three ``greedy``."""
    name = "greedy" if steps == 0 else f"mce:steps={steps}"
    bots = ["greedy"] if steps == 0 else [name, "greedy", "greedy", "greedy"]
    load = round(os.getloadavg()[0], 2)
    result = tournament(bots, games, OPTIONS, seed=seed, workers=workers, progress=True)
    entry = next(e for e in result.table() if e["bot"] == name)
    turns = (OPTIONS.rounds + 1) * OPTIONS.kings // OPTIONS.players
    return {"bot": "greedy" if steps == 0 else "mce", "steps": steps, "games": games,
            "mean_score": entry["mean_score"], "mean_score_ci": entry["mean_score_ci"],
            "win_share": entry["win_share"], "win_share_ci": entry["win_share_ci"],
            "seconds_per_turn": round(entry["seconds_per_game"] / turns, 3),
            "max_seconds": entry["max_seconds"], "load_average": load}


def read(path: Path) -> dict[int, dict[str, object]]:
    if not path.exists():
        return {}
    with path.open(newline="") as handle:
        return {int(row["steps"]): row for row in csv.DictReader(handle)}


def write(path: Path, rows: dict[int, dict[str, object]]) -> None:
    with atomic_write(path) as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS, lineterminator="\n")
        writer.writeheader()
        for steps in sorted(rows):
            writer.writerow(rows[steps])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, nargs="+", default=[0, 500, 1000, 2500, 5000])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=STRENGTH_SEED)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    rows = read(args.out)
    for steps in args.steps:
        rows[steps] = measure(steps, args.games, args.seed, args.workers)
        print(rows[steps], flush=True)
        write(args.out, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
