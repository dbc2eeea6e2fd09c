"""``state``: a position of a game log as JSON — the observation the bot protocol sends, with
what no player sees (seed, deck, discards) — that reads back into a game playing on identically
(:mod:`kingdomino_kit.league.state`)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from kingdomino_kit.cli import CliError, add_command, read_input
from kingdomino_kit.errors import LogError
from kingdomino_kit.game.log import FORMAT, loads
from kingdomino_kit.league.position import log_state
from kingdomino_kit.league.state import action_text, state_json


def register(sub: Any) -> None:
    """Add ``state``."""
    p = add_command(sub, "state")
    p.add_argument("file", metavar="LOG", help=f"game log, format {FORMAT} (-: stdin)")
    p.add_argument("--turn", type=int, default=None, metavar="N",
                   help="the position before turn N of the log (turns counted from 0 over all "
                        "rounds, round 0's claims included; default: the end of the game)")
    p.add_argument("--player", type=int, default=None, metavar="P",
                   help="seen by player P (default: the player to act)")
    p.add_argument("--json", action="store_true", help="print the position as one JSON object")
    p.set_defaults(func=cmd_state)


def cmd_state(args: argparse.Namespace) -> int:
    """Print a position of a log."""
    text, name = read_input(args.file, "log")
    data = loads(text, name)
    try:
        game, turn = log_state(data, args.turn)
    except LogError as error:
        raise CliError(f"{name}: {error}") from None
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
