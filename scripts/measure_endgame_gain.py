"""What perfect endgame play adds to ``strong``: strong with and without ``exact`` against three
``greedy``, paired games.

Game ``i`` (4 players, both bonuses: the published agents' setting) is dealt by seed
``derive_seed(SEED, "endgame-gain", i)`` and played twice — ``strong`` (exact endgame, its
default) and ``strong:exact=0`` (sampling to the end) in the same seat, ``i mod 4`` (seats
rotated), against the same three seeded ``greedy`` — so the two games share the deal, the seat
and the opponents and differ only once no chance is left. One JSON line, printed and written
atomically to ``--out`` (default ``docs/measured/endgame_gain.json``, the figure
``docs/bots.md`` quotes): games, each version's mean score and win share and the paired
differences, each as [mean, half-width of the 95 % interval] (normal, from the per-game
values), the games whose two versions differ, CPU seconds and the load average.

::

    .venv/bin/python scripts/measure_endgame_gain.py --games 400 --workers 2   # the real run
    .venv/bin/python scripts/measure_endgame_gain.py --games 4 --rows /tmp/g.jsonl \
        --out /tmp/g.json                                                   # a smoke run

Each finished game is appended to ``--rows`` (default ``build/endgame_gain_rows.jsonl``) as it
ends: a run stopped by Ctrl-C or a kill goes on where it stopped when started again with the
same file (the games already there are not played again; a line cut by the kill is dropped).
``--exact N`` compares ``strong:exact=N`` (a budget other than strong's own) with
``strong:exact=0`` instead, its files named ``..._exactN``.

The real run takes about 13 CPU minutes (2 CPU seconds a paired game, 5 Dec 2026; 15 with
``--exact 250000``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from kingdomino_kit.bots import make_bot
from kingdomino_kit.game import GameOptions, play
from kingdomino_kit.infra.atomic import atomic_write
from kingdomino_kit.rules import Rules
from kingdomino_kit.seeds import derive_seed

SEED = 2026
OPTIONS = GameOptions(players=4, rules=Rules(middle_kingdom=True, harmony=True))
VERSIONS = ("strong", "strong:exact=0")
HERE = Path(__file__).resolve().parent.parent


def versions(exact: int | None) -> tuple[str, str]:
    """The two versions compared: ``strong`` (or ``strong:exact=N``) and ``strong:exact=0``."""
    return VERSIONS if exact is None else (f"strong:exact={exact}", VERSIONS[1])


def default_paths(exact: int | None) -> tuple[Path, Path]:
    """Where the rows and the JSON line go by default."""
    tail = "" if exact is None else f"_exact{exact}"
    return (HERE / "build" / f"endgame_gain{tail}_rows.jsonl",
            HERE / "docs" / "measured" / f"endgame_gain{tail}.json")


def one_game(i: int, exact: int | None = None) -> dict[str, Any]:
    """Game ``i`` played by both versions: strong's score and win (1, a share on a tie)."""
    seed = derive_seed(SEED, "endgame-gain", i)
    seat = i % 4
    began = time.process_time()
    row: dict[str, Any] = {"game": i, "seat": seat, "seed": SEED}
    for version in versions(exact):
        bots = [make_bot(version if p == seat else "greedy", derive_seed(seed, "bot", p))
                for p in range(4)]
        game = play(bots, OPTIONS, seed, record=False)
        winners = game.winners()
        row[version] = {"score": game.scores()[seat],
                        "win": (1 / len(winners)) if seat in winners else 0.0}
    row["cpu_seconds"] = round(time.process_time() - began, 2)
    return row


def rows_done(path: Path, exact: int | None = None) -> dict[int, dict[str, Any]]:
    """The games already in ``path`` (a last line cut by a kill dropped); rows of another
    seed or other versions are refused."""
    done: dict[int, dict[str, Any]] = {}
    if not path.exists():
        return done
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue  # the line a kill cut
        if row.get("seed") != SEED or not all(v in row for v in versions(exact)):
            sys.exit(f"{path}, line {number}: a row of another run (seed or versions differ)")
        done[int(row["game"])] = row
    return done


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def summary(rows: list[dict[str, Any]], exact: int | None = None) -> dict[str, Any]:
    """The JSON line of a run."""
    compared = versions(exact)
    out: dict[str, Any] = {"games": len(rows), "players": 4, "bonuses": True, "seed": SEED}
    for version in compared:
        for what in ("score", "win"):
            mean, half = interval([r[version][what] for r in rows])
            out[f"{version} {what}"] = [round(mean, 3), round(half, 3)]
    for what in ("score", "win"):
        mean, half = interval([r[compared[0]][what] - r[compared[1]][what] for r in rows])
        out[f"gain {what}"] = [round(mean, 3), round(half, 3)]
    out["games that differ"] = sum(r[compared[0]] != r[compared[1]] for r in rows)
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="paired games (default 400)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--exact", type=int, default=None,
                        help="strong's exact node budget in the version with it (default: "
                        "strong's own); the files' names then end in _exactN")
    parser.add_argument("--rows", type=Path, default=None,
                        help="the finished games, one JSON line each, kept to go on after a "
                        "stop (default build/endgame_gain_rows.jsonl)")
    parser.add_argument("--out", type=Path, default=None,
                        help="where the JSON line goes (default docs/measured/"
                        "endgame_gain.json)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be 1 or more")
    if args.exact is not None and args.exact < 1:
        parser.error("--exact must be 1 or more (strong:exact=0 is the version without it)")
    rows_path, out_path = default_paths(args.exact)
    args.rows, args.out = args.rows or rows_path, args.out or out_path
    load = round(os.getloadavg()[0], 2)
    start = time.process_time()
    done = rows_done(args.rows, args.exact)
    todo = [i for i in range(args.games) if i not in done]
    args.rows.parent.mkdir(parents=True, exist_ok=True)
    with open(args.rows, "a", encoding="utf-8") as kept:
        if kept.tell() and not args.rows.read_bytes().endswith(b"\n"):
            kept.write("\n")  # after a line a kill cut: the next row on a line of its own
        with ProcessPoolExecutor(args.workers) as pool:
            for row in pool.map(one_game, todo, [args.exact] * len(todo)):
                kept.write(json.dumps(row) + "\n")
                kept.flush()
                done[row["game"]] = row
    rows = [done[i] for i in range(args.games)]
    line = summary(rows, args.exact)
    line["cpu_seconds_main"] = round(time.process_time() - start, 1)
    line["cpu_seconds_games"] = round(sum(r.get("cpu_seconds", 0.0) for r in rows), 1)
    line["load_average"] = load
    text = json.dumps(line)
    print(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(args.out) as handle:
        handle.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
