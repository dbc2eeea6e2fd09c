"""A position of a game log named on the command line (``endgame``, ``state``): the log
``LOG`` (``-``: stdin) and ``--turn N``, turns counted from 0 over all of its rounds."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from kingdomino_kit.cli import CliError, read_input
from kingdomino_kit.errors import LogError
from kingdomino_kit.game.game import Game
from kingdomino_kit.game.log import FORMAT, loads

__all__ = ["add_position_arguments", "read_position"]


def add_position_arguments(p: argparse.ArgumentParser, turn_help: str) -> None:
    """The log (``LOG``) and ``--turn N`` (``turn_help`` says which position is the default)."""
    p.add_argument("file", metavar="LOG", help=f"game log, format {FORMAT} (-: stdin)")
    p.add_argument("--turn", type=int, default=None, metavar="N", help=turn_help)


def read_position(args: argparse.Namespace,
                  position: Callable[[dict[str, Any], int | None], tuple[Game, int]]
                  ) -> tuple[str, Game, int]:
    """The log's name, the game before ``--turn`` as ``position`` finds it, and that turn; a
    log that cannot be read or does not replay is one line naming the log (exit code 2)."""
    text, name = read_input(args.file, "log")
    data = loads(text, name)
    try:
        game, turn = position(data, args.turn)
    except LogError as error:
        raise CliError(f"{name}: {error}") from None
    return name, game, turn
