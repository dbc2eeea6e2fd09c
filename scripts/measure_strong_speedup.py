"""What the faster engine buys ``strong`` at the same time a turn: before and after against three
``greedy``, paired games.

*Before* is ``strong`` as it was: the plain greedy values (``engine=plain``) at its old default
budget of 8,000 simulated turns a turn; *after* is today's ``strong``: the fast values (the same
values, faster) at the budget the same time now buys (:data:`DEFAULT_STEPS
<kingdomino_kit.game.montecarlo.DEFAULT_STEPS>`). Game ``i`` (4 players, both bonuses: the
published agents' setting) is dealt by seed ``derive_seed(SEED, "strong-speedup", i)`` and played
twice, by each version in the same seat, ``i mod 4`` (seats rotated), against the same three
seeded ``greedy``: paired seeds, so the games differ only by the version. Printed as one JSON
line: games, each version's mean score and win share with 95 % intervals (normal, from the
games), the paired differences with theirs, and each version's CPU seconds per decision (mean
and worst, ``time.process_time`` of the process playing) and playouts per decision.

::

    .venv/bin/python scripts/measure_strong_speedup.py --games 400 --workers 2   # the real run
    .venv/bin/python scripts/measure_strong_speedup.py --games 2 \
        --before strong:engine=plain:steps=300 --after strong:steps=450   # a smoke run
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from kingdomino_kit.bots import make_bot
from kingdomino_kit.game import GameOptions, play
from kingdomino_kit.rules import Rules
from kingdomino_kit.seeds import derive_seed

SEED = 2026
OPTIONS = GameOptions(players=4, rules=Rules(middle_kingdom=True, harmony=True))
BEFORE = "strong:engine=plain:steps=8000"
AFTER = "strong"


class Timed:
    """A bot whose decisions are timed (CPU seconds) and whose playouts are counted."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.trusted = getattr(type(bot), "trusted", False)
        self.seconds: list[float] = []
        self.playouts = 0

    def choose(self, observation: Any, actions: Any) -> Any:
        start = time.process_time()
        action = self.bot.choose(observation, actions)
        self.seconds.append(time.process_time() - start)
        self.playouts += getattr(self.bot, "last_playouts", 0)
        return action


def one_game(i: int, versions: tuple[str, str]) -> dict[str, Any]:
    """Game ``i`` played by both versions: score, win (a share on a tie), decision times."""
    seed = derive_seed(SEED, "strong-speedup", i)
    seat = i % 4
    row: dict[str, Any] = {"game": i, "seat": seat}
    for name, spec in zip(("before", "after"), versions, strict=True):
        timed = Timed(make_bot(spec, derive_seed(seed, "bot", seat)))
        bots = [timed if p == seat else make_bot("greedy", derive_seed(seed, "bot", p))
                for p in range(4)]
        game = play(bots, OPTIONS, seed, record=False)
        winners = game.winners()
        row[name] = {"score": game.scores()[seat],
                     "win": (1 / len(winners)) if seat in winners else 0.0,
                     "seconds": timed.seconds, "playouts": timed.playouts}
    return row


def interval(values: list[float]) -> tuple[float, float | None]:
    """Mean and the half-width of its 95 % interval (normal approximation; None for one
    game)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, None
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def summary(rows: list[dict[str, Any]], versions: tuple[str, str]) -> dict[str, Any]:
    """The JSON line of a run."""
    out: dict[str, Any] = {"games": len(rows), "players": 4, "bonuses": True, "seed": SEED,
                           "before": versions[0], "after": versions[1]}
    for name in ("before", "after"):
        for what in ("score", "win"):
            mean, half = interval([r[name][what] for r in rows])
            out[f"{name} {what}"] = [round(mean, 3), None if half is None else round(half, 3)]
        seconds = [s for r in rows for s in r[name]["seconds"]]
        out[f"{name} seconds per decision"] = round(sum(seconds) / len(seconds), 4)
        out[f"{name} worst decision"] = round(max(seconds), 3)
        out[f"{name} playouts per decision"] = round(
            sum(r[name]["playouts"] for r in rows) / len(seconds), 1)
    for what in ("score", "win"):
        mean, half = interval([r["after"][what] - r["before"][what] for r in rows])
        out[f"gain {what}"] = [round(mean, 3), None if half is None else round(half, 3)]
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="paired games (default 400)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--before", default=BEFORE, help=f"the bot before (default {BEFORE})")
    parser.add_argument("--after", default=AFTER, help=f"the bot after (default {AFTER})")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be 1 or more")
    versions = (args.before, args.after)
    for spec in versions:
        make_bot(spec, 0)  # a bad name fails before any game
    play_one = partial(one_game, versions=versions)
    if args.workers == 1:
        rows = [play_one(i) for i in range(args.games)]
    else:
        with ProcessPoolExecutor(args.workers) as pool:
            rows = list(pool.map(play_one, range(args.games)))
    print(json.dumps(summary(rows, versions)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
