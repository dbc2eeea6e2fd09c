"""``kingdoms score|play|replay|solve``: Knizia's *Kingdoms* from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from kingdomino_kit.bots import Bot, RandomBot
from kingdomino_kit.cli import CliError, Parser, read_input
from kingdomino_kit.kingdoms.board import Board, parse_board
from kingdomino_kit.kingdoms.errors import KingdomsError
from kingdomino_kit.kingdoms.game import KingdomsGame, KingdomsRules, play_game, replay
from kingdomino_kit.kingdoms.scoring import score_board

BOT_NAMES = ("random", "greedy")


def register(sub: Any) -> None:
    """Add ``kingdoms`` with its actions ``score``, ``play``, ``replay`` and ``solve``."""
    group = sub.add_parser("kingdoms", help="Knizia's Kingdoms: score a board, play, solve")
    actions = group.add_subparsers(dest="action", metavar="ACTION", parser_class=Parser)
    actions.required = True

    p = actions.add_parser("score", help="score a board given in text notation")
    p.add_argument("file", nargs="?", default="-", help="board text file (- or none: stdin)")
    p.add_argument("--wizard", action="store_true", help="2011 edition: allow the wizard W")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--explain", action="store_true",
                   help="with --json: add each segment's tiles, base, dragon, gold mine, gold")
    p.set_defaults(func=cmd_score)

    p = actions.add_parser("play", help="play a game between bots")
    p.add_argument("--players", type=int, required=True, choices=(2, 3, 4))
    p.add_argument("--bots", nargs="+", default=["random"], metavar="BOT",
                   help="one bot per seat (random, greedy; commas or spaces), or one for all")
    p.add_argument("--seed", type=int, help="game seed (default: a random one, printed)")
    p.add_argument("--log", metavar="FILE", help="write the game log (JSON) to FILE")
    p.add_argument("--wizard", action="store_true", help="2011 edition: with the wizard")
    p.add_argument("--open-tiles", action="store_true", help="variant: all tiles face up")
    p.add_argument("--score-as-you-go", action="store_true",
                   help="variant: score each row and column as soon as it is full")
    p.add_argument("--until-last-castle", action="store_true",
                   help="variant: end after the epoch in which a player placed their last castle")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_play)

    p = actions.add_parser("replay", help="replay a game log, re-checking every rule")
    p.add_argument("file", nargs="?", default="-", help="log file (- or none: stdin)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_replay)

    p = actions.add_parser("solve", help="solve a castle puzzle (JSON) with CP-SAT")
    p.add_argument("file", help="puzzle file (format kingdoms-puzzle/1)")
    p.add_argument("--time-limit", type=float, default=30.0, metavar="S",
                   help="seconds (default 30)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_solve)


def _read_board(path: str, wizard: bool) -> Board:
    text, name = read_input(path, "board")
    try:
        return parse_board(text, wizard=wizard)
    except KingdomsError as error:
        raise CliError(f"{name}: {error}") from None


def cmd_score(args: argparse.Namespace) -> int:
    """Score a board: JSON, or one explained line per segment."""
    scoring = score_board(_read_board(args.file, args.wizard))
    if args.json:
        print(json.dumps(scoring.to_json(explain=args.explain)))
    else:
        print(scoring.explain())
    return 0


def _bots(names: list[str], players: int, seed: int) -> list[Bot]:
    from kingdomino_kit.kingdoms.bots import GreedyBot

    words = [w for name in names for w in name.split(",") if w]
    if len(words) == 1:
        words *= players
    if len(words) != players:
        raise CliError(f"--bots: {players} players need 1 or {players} bots, not {len(words)}")
    bots: list[Bot] = []
    for i, word in enumerate(words):
        bot_seed = seed * 10 + i + 1
        if word == "random":
            bots.append(RandomBot(bot_seed))
        elif word == "greedy":
            bots.append(GreedyBot(bot_seed))
        else:
            raise CliError(f"--bots: unknown bot {word!r} (choose from {', '.join(BOT_NAMES)})")
    return bots


def _summary(game: KingdomsGame) -> dict[str, Any]:
    return {"seed": game.seed, "players": game.rules.players,
            "epochs": [{"epoch": e.epoch, "first": e.first, "won": e.won, "gold": e.gold}
                       for e in game.epochs],
            "gold": game.gold, "winners": game.winners, "turns": len(game.turns)}


def _print_summary(game: KingdomsGame, names: list[str] | None = None) -> None:
    print(f"seed {game.seed}, {game.rules.players} players"
          + (f" ({', '.join(names)})" if names else ""))
    for e in game.epochs:
        won = " ".join(f"{p} {g:+d}" for p, g in e.won.items())
        gold = " ".join(f"{p} {g}" for p, g in e.gold.items())
        print(f"epoch {e.epoch} (first {e.first}): {won}  →  {gold}")
    print(f"{len(game.turns)} turns; winner{'s' if len(game.winners) > 1 else ''}: "
          + ", ".join(game.winners))


def cmd_play(args: argparse.Namespace) -> int:
    """Play a seeded game between bots; print the result, optionally write the log."""
    import random

    seed = random.randrange(2**31) if args.seed is None else args.seed
    rules = KingdomsRules(players=args.players, wizard=args.wizard, open_tiles=args.open_tiles,
                          score_as_you_go=args.score_as_you_go,
                          until_last_castle=args.until_last_castle)
    bots = _bots(args.bots, args.players, seed)
    game = play_game(rules, bots, seed=seed)
    names = [b.name for b in bots]
    if args.log:
        log = game.to_log() | {"bots": names}
        try:
            with open(args.log, "w", encoding="utf-8") as handle:
                json.dump(log, handle, indent=1)
                handle.write("\n")
        except OSError as error:
            raise CliError(f"cannot write log {args.log}: {error.strerror}") from None
    if args.json:
        print(json.dumps(_summary(game) | {"bots": names}))
    else:
        _print_summary(game, names)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a log; any broken rule is an error naming the turn."""
    text, name = read_input(args.file, "log")
    try:
        game = replay(text)
    except KingdomsError as error:
        raise CliError(f"{name}: {error}") from None
    if args.json:
        print(json.dumps(_summary(game) | {"ok": True}))
    else:
        _print_summary(game)
        print("replay ok: every action legal, every draw and score as logged")
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve a castle puzzle and print the best placement."""
    from kingdomino_kit.kingdoms.puzzles import load_castle_puzzle
    from kingdomino_kit.kingdoms.solver import solve_castles

    text, name = read_input(args.file, "puzzle")
    try:
        puzzle = load_castle_puzzle(text, source=name)
    except KingdomsError as error:
        raise CliError(f"{name}: {error}") from None
    solution = solve_castles(puzzle.problem, time_limit=args.time_limit)
    if args.json:
        print(json.dumps(solution.to_json()))
    else:
        print(puzzle.question)
        print(solution.board.to_text())
        print(f"{puzzle.problem.objective} {solution.value}"
              + (" (proved optimal)" if solution.optimal else " (not proved optimal)"))
    sys.stdout.flush()
    return 0
