"""``tournament``: many seeded games among named bots, seats rotated and deals paired; the table
of mean score, margin, win share and rank with 95 % intervals and a Bradley–Terry rating
(:mod:`kingdomino_kit.game.tournament`)."""

from __future__ import annotations

import argparse
import csv
import json
from typing import Any

from kingdomino_kit.bots import bot_names, make_bot
from kingdomino_kit.cli import CliError, add_command, output_file, output_path
from kingdomino_kit.cli.contract import PLAYER_COUNTS
from kingdomino_kit.cli.game import BOTS_HELP, GAME, add_game_options, game_options
from kingdomino_kit.cli.workers import add_worker_arguments, where_to_run
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.tournament import COLUMNS, TournamentResult, tournament
from kingdomino_kit.infra.ceilings import MAX_GAMES
from kingdomino_kit.rules import BONUS_NAMES

INTERVALS = (("mean_score", "mean score", 1), ("margin", "margin", 1),
             ("win_share", "win share", 2), ("mean_rank", "mean rank", 2))
"""The columns printed with their 95 % intervals: key, heading, decimals."""


def register(sub: Any) -> None:
    """Add ``tournament``."""
    p = add_command(sub, "tournament")
    p.add_argument("--bots", required=True, metavar="A,B,...",
                   help=f"bot names, comma-separated: as many as seats (seated in this order), "
                        f"more (every choice of seats plays), or one for all: "
                        f"{', '.join(bot_names(GAME))}{BOTS_HELP}")
    p.add_argument("--games", type=int, required=True,
                   help=f"number of games (at most {MAX_GAMES:,})")
    p.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=4,
                   help="2, 3 or 4 players (default 4)")
    p.add_argument("--seats", choices=("rotate", "fixed"), default="rotate",
                   help="rotate: every line-up also plays in each rotation of its seats "
                        "(default); fixed: as given")
    p.add_argument("--seed", type=int, default=0,
                   help="seed of the run (default 0): the same seed, the same games")
    add_game_options(p)
    add_worker_arguments(p, "games")
    p.add_argument("--out", metavar="FILE", type=output_path,
                   help="also write one CSV row per game and seat")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    p.set_defaults(func=cmd_tournament)


def cmd_tournament(args: argparse.Namespace) -> int:
    """Play the tournament and print its table."""
    if not 1 <= args.games <= MAX_GAMES:
        raise CliError(f"--games: must be 1 to {MAX_GAMES:,}, not {args.games:,}")
    names = [n.strip() for n in args.bots.split(",")]
    options = game_options(args)
    for name in names:
        try:
            make_bot(name, 0)
        except KingdominoError as error:
            raise CliError(f"--bots: {error}") from None
    with where_to_run(args) as where:
        result = tournament(names, args.games, options, seed=args.seed,
                            rotate=args.seats == "rotate", **where)
    if args.out:
        with output_file(args.out, "--out") as handle:
            writer = csv.DictWriter(handle, fieldnames=COLUMNS, lineterminator="\n")
            writer.writeheader()
            writer.writerows(result.rows)
    if args.json:
        print(json.dumps(result.to_json()))
    elif args.markdown:
        print(result.markdown())
    else:
        print_table(result)
    return 0


def print_table(result: TournamentResult) -> None:
    """The table as aligned text, intervals as ±, the rating with its interval."""
    o = result.options
    bonuses = [BONUS_NAMES[name] for name in o.rules.bonuses]
    print(f"{result.games} games, {o.players} players, {o.variant}"
          f"{', ' + ' and '.join(bonuses) if bonuses else ''}, seed {result.seed}, "
          f"{len(result.lineups)} line-up(s)")
    rows = result.table()
    width = max(len("bot"), *(len(r["bot"]) for r in rows))
    head = [f"{'bot':<{width}}", f"{'seats':>5}", *(f"{label:>14}" for _, label, _ in INTERVALS),
            f"{'rating (95 %)':>18}", f"{'s/decision':>10}", f"{'max s':>6}"]
    print("  ".join(head))
    for r in rows:
        cells = [f"{r['bot']:<{width}}", f"{r['seats']:>5}"]
        for key, _, digits in INTERVALS:
            cells.append(f"{r[key]:.{digits}f} ± {r[key + '_ci']:.{digits}f}".rjust(14))
        cells.append(f"{r['rating']} ({r['rating_low']}–{r['rating_high']})".rjust(18))
        cells.append(f"{r['seconds_per_decision']:>10.3f}")
        cells.append(f"{r['max_seconds']:>6.2f}")
        print("  ".join(cells))
