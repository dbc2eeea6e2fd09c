"""``state``: a position of a game log as JSON — the observation the bot protocol sends, with
what no player sees (seed, deck, discards) — that reads back into a game playing on identically
(:mod:`kingdomino_kit.league.state`)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from kingdomino_kit.cli import CliError, add_command
from kingdomino_kit.cli.log_positions import add_position_arguments, read_position
from kingdomino_kit.league.position import log_state
from kingdomino_kit.league.state import action_text, state_json


def register(sub: Any) -> None:
    """Add ``state``."""
    p = add_command(sub, "state")
    add_position_arguments(p, "the position before turn N of the log (turns counted from 0 over "
                              "all rounds, round 0's claims included; default: the end of the "
                              "game)")
    p.add_argument("--player", type=int, default=None, metavar="P",
                   help="seen by player P (default: the player to act)")
    p.add_argument("--json", action="store_true", help="print the position as one JSON object")
    p.set_defaults(func=cmd_state)


def cmd_state(args: argparse.Namespace) -> int:
    """Print a position of a log."""
    name, game, turn = read_position(args, log_state)
    players = game.options.players
    if args.player is not None and not 0 <= args.player < players:
        raise CliError(f"--player: 0 to {players - 1}, not {args.player}")
    state = state_json(game, args.player)
    if args.json:
        print(json.dumps(state))
        return 0
    where = "the end" if game.is_over else f"turn {turn}"
    print(f"{name}: {where}, round {state['round']}, {state['phase']}"
          + ("" if game.is_over else f" by king {state['current_king']} (player "
             f"{state['current_player']})") + f"; {state['deck_size']} dominoes face down")
    for k in state["kingdoms"]:
        print(f"player {k['player']}: {k['score']} points, {len(k['placements'])} dominoes")
    if not game.is_over:
        print("legal: " + ", ".join(action_text(a) for a in game.legal_actions()))
    return 0
