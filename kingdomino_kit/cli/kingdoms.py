"""``kingdoms score|play|replay|solve``: Knizia's *Kingdoms* from the command line (the flags
every game shares: :mod:`.contract`)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from kingdomino_kit.cli import CliError, add_actions, contract, read_input
from kingdomino_kit.errors import LogError
from kingdomino_kit.infra.untrusted import TEXT_LIMIT
from kingdomino_kit.kingdoms.board import Board, parse_board
from kingdomino_kit.kingdoms.errors import KingdomsError
from kingdomino_kit.kingdoms.game import LOG_FORMAT, KingdomsGame, KingdomsRules, play_game, replay
from kingdomino_kit.kingdoms.puzzles import load_castle_puzzle
from kingdomino_kit.kingdoms.scoring import score_board
from kingdomino_kit.kingdoms.solver import solve_castles
from kingdomino_kit.logs import loads

GAME = "kingdoms"


def register(sub: Any) -> None:
    """Add ``kingdoms`` with its actions ``score``, ``play``, ``replay`` and ``solve``."""
    actions = add_actions(sub, "kingdoms")

    p = actions.add_parser("score", help="score a board given in text notation")
    p.add_argument("file", nargs="?", default="-", help="board text file (- or none: stdin)")
    p.add_argument("--wizard", action="store_true", help="2011 edition: allow the wizard W")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--explain", action="store_true",
                   help="with --json: add each segment's tiles, base, dragon, gold mine, gold")
    p.set_defaults(func=cmd_score)

    p = actions.add_parser("play", help="play a game between bots")
    contract.add_play_arguments(p, GAME)
    p.add_argument("--wizard", action="store_true", help="2011 edition: with the wizard")
    p.add_argument("--open-tiles", action="store_true", help="variant: all tiles face up")
    p.add_argument("--score-as-you-go", action="store_true",
                   help="variant: score each row and column as soon as it is full")
    p.add_argument("--until-last-castle", action="store_true",
                   help="variant: end after the epoch in which a player placed their last castle")
    p.set_defaults(func=cmd_play)

    p = actions.add_parser("replay", help="replay a game log, re-checking every rule")
    contract.add_replay_arguments(p, GAME)
    p.set_defaults(func=cmd_replay)

    p = actions.add_parser("solve", help="solve a castle puzzle (JSON) with CP-SAT")
    p.add_argument("file", help="puzzle file (format kingdoms-puzzle/1)")
    contract.add_solver_arguments(p, time_limit=30.0, workers_=1)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_solve)


def _read_board(path: str, wizard: bool) -> Board:
    text, name = read_input(path, "board", TEXT_LIMIT)
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


def _result(game: KingdomsGame, **extra: Any) -> dict[str, Any]:
    return contract.result_json(
        GAME, seed=game.seed, players=game.rules.players,
        scores=[{"player": p, "score": g} for p, g in game.gold.items()],
        winners=game.winners, **extra,
        epochs=[{"epoch": e.epoch, "first": e.first, "won": e.won, "gold": e.gold}
                for e in game.epochs],
        gold=game.gold, turns=len(game.turns))


def _print_summary(game: KingdomsGame, names: list[str]) -> None:
    print(f"seed {game.seed}, {game.rules.players} players ({', '.join(names)})")
    for e in game.epochs:
        won = " ".join(f"{p} {g:+d}" for p, g in e.won.items())
        gold = " ".join(f"{p} {g}" for p, g in e.gold.items())
        print(f"epoch {e.epoch} (first {e.first}): {won}  →  {gold}")
    print(f"{len(game.turns)} turns; winner{'s' if len(game.winners) > 1 else ''}: "
          + ", ".join(game.winners))


def cmd_play(args: argparse.Namespace) -> int:
    """Play a seeded game between bots; print the result, optionally write the log."""
    rules = KingdomsRules(players=args.players, wizard=args.wizard, open_tiles=args.open_tiles,
                          score_as_you_go=args.score_as_you_go,
                          until_last_castle=args.until_last_castle)
    names, seed, bots = contract.seated_bots(args, GAME)
    game = play_game(rules, bots, seed=seed)
    if not contract.show_play(args, names,
                              lambda seats: json.dumps(game.to_log() | seats, indent=1) + "\n",
                              _result(game, bots=names)):
        _print_summary(game, names)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a log; any broken rule is an error naming the turn."""
    text, name = read_input(args.file, "log")
    data = loads(text, name)
    try:
        game = replay(data)
    except (LogError, KingdomsError) as error:
        raise CliError(f"{name}: {error}") from None
    detail = f"{len(game.epochs)} epochs, {len(game.turns)} turns"
    contract.print_replay(name, data.get("format", LOG_FORMAT), _result(game), detail,
                          args.json)
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve a castle puzzle and print the best placement."""
    text, name = read_input(args.file, "puzzle")
    try:
        puzzle = load_castle_puzzle(text, source=name)
    except KingdomsError as error:
        raise CliError(f"{name}: {error}") from None
    data = solve_castles(puzzle.problem, time_limit=args.time_limit, workers=args.workers,
                         seed=args.seed).to_json(
        objective=puzzle.problem.objective)
    if args.json:
        print(json.dumps(data))
    else:
        print(puzzle.question)
        print("\n".join(contract.answer_lines(data)))
    return 0
