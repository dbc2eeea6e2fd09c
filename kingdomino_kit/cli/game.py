"""``play``, ``replay`` and ``simulate``: whole games between bots, game logs, batch runs."""

from __future__ import annotations

import argparse
import csv
import sys
from typing import Any

from kingdomino_kit.cli import CliError, read_input
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game import GameOptions


def _add_options(p: argparse.ArgumentParser, players_default: int | None = 4) -> None:
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=players_default,
                   required=players_default is None, help="2, 3 or 4 players")
    p.add_argument("--variant", choices=("standard", "mighty-duel"), default="standard",
                   help="mighty-duel: 2 players, 48 dominoes, 7×7 kingdoms")
    p.add_argument("--three-player-draw", type=int, choices=(3, 4), default=3,
                   help="3 players: draw 3 (official) or 4 and discard the unclaimed one")
    p.add_argument("--middle-kingdom", action="store_true", help="+10 for a central castle")
    p.add_argument("--harmony", action="store_true", help="+5 for a full kingdom")
    p.add_argument("--loose-discard", action="store_true",
                   help="allow discarding a domino that could be placed (default: forbidden)")
    p.add_argument("--bots", default="random",
                   help="bots by player, comma-separated: random, greedy, mc "
                        "(mc:playouts=N:width=K:policy=random|greedy); one name plays all seats")
    p.add_argument("--seed", type=int, default=None, help="seed (same seed, same game)")


def _options(args: argparse.Namespace) -> GameOptions:
    return GameOptions(players=args.players, variant=args.variant,
                       three_player_draw=args.three_player_draw,
                       middle_kingdom=args.middle_kingdom, harmony=args.harmony,
                       strict_discard=not args.loose_discard)


def register(sub: Any) -> None:
    """Add ``play``, ``replay`` and ``simulate``."""
    p = sub.add_parser("play", help="play a whole game between bots")
    _add_options(p)
    p.add_argument("--log", metavar="FILE", help="write the game log (kingdomino-log/1) here")
    p.add_argument("--dynasty", action="store_true", help="play 3 games and add up the scores")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="re-check a game log against every rule")
    p.add_argument("file", help="log file (- for stdin)")
    p.add_argument("--no-seed-check", action="store_true",
                   help="take the log's lines as the deal (a game recorded by hand)")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("simulate", help="simulate many games between bots (CSV out)")
    p.add_argument("--games", type=int, required=True, help="number of games")
    _add_options(p)
    p.add_argument("--workers", type=int, default=1, help="worker processes (same results)")
    p.add_argument("--out", metavar="FILE",
                   help="write the CSV here and print a summary (default: CSV on stdout)")
    p.set_defaults(func=cmd_simulate)


def _bots(args: argparse.Namespace, players: int) -> list[str]:
    from kingdomino_kit.game.simulate import expand_bots

    try:
        return expand_bots(args.bots, players)
    except KingdominoError as error:
        raise CliError(f"--bots: {error}") from None


def cmd_play(args: argparse.Namespace) -> int:
    """Play a game (or a dynasty) and print the kingdoms and scores."""
    import random

    from kingdomino_kit.bots import make_bot
    from kingdomino_kit.game import derive_seed, play, play_dynasty
    from kingdomino_kit.game.log import dumps

    options = _options(args)
    names = _bots(args, options.players)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    bots = [make_bot(name, derive_seed(seed, "bot", p)) for p, name in enumerate(names)]
    if args.dynasty and args.log:
        raise CliError("--log: a dynasty has three logs; play the games one by one")
    if args.dynasty:
        dynasty = play_dynasty(bots, options, seed)
        for i, game in enumerate(dynasty.games):
            print(f"game {i + 1} (seed {game.seed}): scores {game.scores()}")
        for p, total in enumerate(dynasty.totals):
            print(f"player {p} ({names[p]}): {total} points in total")
        print("winner" + ("s" if len(dynasty.winners) > 1 else "") + ": "
              + ", ".join(f"player {p}" for p in dynasty.winners))
        return 0
    game = play(bots, options, seed)
    print(f"{options.players} players, {options.variant}, seed {seed}")
    for r in game.results():
        p = r["player"]
        extra = f" + {r['bonus']} bonus" if r["bonus"] else ""
        print(f"\nplayer {p} ({names[p]}): {r['score']} points ({r['properties']} from "
              f"properties{extra}; largest property {r['largest_property']}, "
              f"{r['crowns']} crowns, {r['discarded']} discarded)")
        print(game.kingdom(p).to_text())
    winners = game.winners()
    print("\nwinner" + ("s" if len(winners) > 1 else "") + ": "
          + ", ".join(f"player {p}" for p in winners))
    if args.log:
        with open(args.log, "w", encoding="utf-8") as handle:
            handle.write(dumps(game.log()))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-check a log; one line per error (exit 2), a summary when it is clean."""
    from kingdomino_kit.game.log import LogError, loads, replay

    text, name = read_input(args.file, "log")
    try:
        game = replay(loads(text, name), check_seed=not args.no_seed_check)
    except LogError as error:
        raise CliError(f"{name}: {error}") from None
    o = game.options
    print(f"{name}: ok — {o.players} players, {o.variant}, seed {game.seed}, "
          f"{o.rounds + 1} rounds; scores {game.scores()}; winners {game.winners()}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Simulate games; CSV rows (one per game and player) to --out or stdout."""
    from kingdomino_kit.game.simulate import COLUMNS, simulate, summarize

    options = _options(args)
    names = _bots(args, options.players)
    if args.games < 0:
        raise CliError(f"--games: must be 0 or more, not {args.games}")
    if args.workers < 1:
        raise CliError(f"--workers: must be 1 or more, not {args.workers}")
    seed = args.seed if args.seed is not None else 0
    rows = simulate(args.games, names, options, seed=seed, workers=args.workers)
    if not args.out:
        writer = csv.DictWriter(sys.stdout, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow(row)
        return 0
    try:
        handle = open(args.out, "w", encoding="utf-8", newline="")  # noqa: SIM115
    except OSError as error:
        raise CliError(f"--out: cannot write {args.out}: {error.strerror}") from None
    with handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()

        def stream() -> Any:
            for row in rows:
                writer.writerow(row)
                yield row

        summary = summarize(stream())
    print(f"{args.games} games, {options.players} players, seed {seed} -> {args.out}")
    print(f"{'bot':<24} {'seats':>6} {'mean score':>10} {'mean rank':>9} {'win share':>9}")
    for s in summary:
        print(f"{s['bot']:<24} {s['games']:>6} {s['mean_score']:>10.2f} {s['mean_rank']:>9.3f} "
              f"{s['win_share']:>9.3f}")
    return 0
