"""``league``: students' bot files and the kit's bots on paired deals, each file in a process of
its own, ranked with intervals; resumable; Gradescope and PrairieLearn results
(:mod:`kingdomino_kit.league`)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from kingdomino_kit.cli import CliError, add_command, output_folder
from kingdomino_kit.cli.contract import PLAYER_COUNTS
from kingdomino_kit.cli.contract import workers as worker_count
from kingdomino_kit.cli.game import add_game_options, game_options
from kingdomino_kit.cli.tournament import print_table
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.tournament import lineups
from kingdomino_kit.infra.ceilings import MAX_GAMES
from kingdomino_kit.league.entrants import entrants
from kingdomino_kit.league.league import LeagueResult, run_league
from kingdomino_kit.league.process import NOT_ROOT, Limits


def register(sub: Any) -> None:
    """Add ``league``."""
    p = add_command(sub, "league")
    p.add_argument("bots", nargs="+", metavar="BOT",
                   help="a bot file (a Python file defining choose(observation, actions), or "
                        "an executable speaking the protocol of docs/protocol.md) or the name "
                        "of one of the kit's bots (greedy, random, mc, ...)")
    p.add_argument("--games", type=int, required=True,
                   help=f"number of games (at most {MAX_GAMES:,}); a multiple of the line-ups "
                        "plays every line-up in every seat rotation equally")
    p.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=2,
                   help="2, 3 or 4 players (default 2)")
    p.add_argument("--seed", type=int, default=0,
                   help="seed of the league (default 0): the same seed, the same deals")
    add_game_options(p)
    p.add_argument("--time-per-move", type=float, default=1.0, metavar="S",
                   help="seconds a bot file has for each decision (default 1)")
    p.add_argument("--startup", type=float, default=10.0, metavar="S",
                   help="seconds a bot file has to start and answer the hello (default 10)")
    p.add_argument("--memory", type=int, default=1024, metavar="MB",
                   help="memory ceiling of each bot file's process, MiB (default 1024)")
    p.add_argument("--workers", type=worker_count, default=1,
                   help="games played at once, each in a process of its own (default 1)")
    p.add_argument("--out", type=output_folder, required=True, metavar="DIR",
                   help="folder of the results: games.csv, logs/, events.csv, table.csv, "
                        "pairwise.csv, league.json, gradescope/, prairielearn/")
    p.add_argument("--resume", action="store_true",
                   help="finish the interrupted league whose games are in DIR")
    p.add_argument("--json", action="store_true", help="print league.json's content")
    p.set_defaults(func=cmd_league)


def cmd_league(args: argparse.Namespace) -> int:
    """Play the league and print its table."""
    if not 1 <= args.games <= MAX_GAMES:
        raise CliError(f"--games: must be 1 to {MAX_GAMES:,}, not {args.games:,}")
    options = game_options(args)
    try:
        limits = Limits(time_per_move=args.time_per_move, startup_seconds=args.startup,
                        memory_mb=args.memory)
    except KingdominoError as error:
        raise CliError(f"--time-per-move/--startup/--memory: {error}") from None
    try:
        found = entrants(args.bots)
        lineups([e.name for e in found], options.players)
    except KingdominoError as error:
        raise CliError(f"BOT: {error}") from None
    if any(e.is_program for e in found) and os.geteuid() != 0:
        print(f"kingdomino-kit league: {NOT_ROOT}", file=sys.stderr)
    try:
        result = run_league(found, args.games, options, out=args.out, seed=args.seed,
                            limits=limits, workers=args.workers, resume=args.resume)
    except KingdominoError as error:
        kept = (Path(args.out) / "games.csv.partial").exists() and "--resume" not in str(error)
        raise CliError(f"{error}" + (f" — the games played are kept in {args.out}; the same "
                                     "command with --resume goes on" if kept else "")) from None
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    print_table(result.tournament())
    _print_misdeeds(result)
    print(f"-> {args.out} (table.csv, pairwise.csv, games.csv, events.csv, logs/)")
    return 0


def _print_misdeeds(result: LeagueResult) -> None:
    """Each bot's strikes, forfeits and games out, and the pairwise wins that hold."""
    for t in result.table():
        if t["strikes"] or t["forfeits"] or t["games_out"]:
            print(f"{t['bot']}: {t['strikes']} strike(s), {t['forfeits']} decision(s) "
                  f"forfeited, out of {t['games_out']} game(s) (events.csv)")
    beats = [f"{p['a']} > {p['b']} ({p['share']:.0%}, low {p['low']:.0%})"
             for p in result.pairwise() if p["a_beats_b"]]
    print("beats (95 % lower bound above 50 %): " + ("; ".join(beats) or "none"))
