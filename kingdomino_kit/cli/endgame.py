"""``endgame``: the exact value, best move and principal variation of a logged game's endgame
(:mod:`kingdomino_kit.game.endgame`)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from kingdomino_kit.cli import CliError, add_command
from kingdomino_kit.cli.log_positions import add_position_arguments, read_position
from kingdomino_kit.game.coach import move_text
from kingdomino_kit.game.endgame import EndgameResult, points, solve, turns_of
from kingdomino_kit.game.endgame.log import log_position


def register(sub: Any) -> None:
    """Add ``endgame``."""
    p = add_command(sub, "endgame")
    add_position_arguments(p, "solve the position before turn N of the log (turns counted from "
                              "0 over all rounds; default: the first position where no chance "
                              "is left)")
    p.add_argument("--paranoid", action="store_true",
                   help="3-4 players: the score the player to move can guarantee when all "
                        "the others play against them (default: max-n, each for themselves)")
    p.add_argument("--time-limit", type=float, default=None, metavar="S",
                   help="stop after S seconds with the best move found (status UNKNOWN)")
    p.add_argument("--json", action="store_true", help="print the answer as one JSON object")
    p.set_defaults(func=cmd_endgame)


def cmd_endgame(args: argparse.Namespace) -> int:
    """Solve the endgame of a log."""
    if args.time_limit is not None and not args.time_limit > 0:
        raise CliError(f"--time-limit: must be a positive number of seconds, not "
                       f"{args.time_limit}")
    name, game, turn = read_position(args, log_position)
    result = solve(game, paranoid=args.paranoid, time_limit=args.time_limit)
    turns = turns_of(game, result.line)
    if args.json:
        print(json.dumps(to_json(name, turn, game.round, result, turns)))
        return 0
    print_answer(name, turn, game.round, result, turns)
    return 0


def to_json(name: str, turn: int, round_: int, result: EndgameResult,
            turns: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``--json`` object."""
    value = result.value
    return {"file": name, "turn": turn, "round": round_, "status": result.status,
            "mode": result.mode, "player": result.player,
            "value": list(value) if isinstance(value, tuple) else value,
            "scores": list(result.scores), "keys": [list(k) for k in result.keys],
            "margin": result.margin, "best": turns[0], "line": turns,
            "nodes": result.nodes, "seconds": round(result.seconds, 6)}


def _turn_text(turn: dict[str, Any]) -> str:
    parts = [move_text(turn["place"])] if turn["place"] is not None else []
    if turn["pick"] is not None:
        parts.append(move_text({"pick": turn["pick"]}))
    return f"king {turn['king']} (player {turn['player']}): " + ", ".join(parts)


def print_answer(name: str, turn: int, round_: int, result: EndgameResult,
                 turns: list[dict[str, Any]]) -> None:
    """The answer as text."""
    proof = "exact" if result.status == "OPTIMAL" else "not proven: the time limit stopped it"
    print(f"{name}: the endgame from turn {turn} (round {round_}), {result.mode} — {proof}")
    if result.mode == "minimax":
        v = int(result.value)  # type: ignore[arg-type]
        print(f"value: player 0's margin {points(v):+d} (margin code {v}: score, then the "
              "tie-breaks)")
    elif result.mode == "paranoid":
        print(f"value: player {result.player} can guarantee {points(int(result.value))} "  # type: ignore[arg-type]
              "points")
    for p, (score, largest, crowns) in enumerate(result.keys):
        print(f"player {p}: {score} points (largest property {largest}, crowns {crowns})")
    print(f"best move: {_turn_text(turns[0])}")
    print("principal variation:")
    for t in turns:
        print(f"  {_turn_text(t)}")
    print(f"nodes: {result.nodes}, seconds: {result.seconds:.3f}")
