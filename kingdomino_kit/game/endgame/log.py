"""Endgames of game logs: the position before a turn of a log, and a log continued by a line.

Turns are counted over the whole log, round after round, from 0 (round 0's claims included):
the position *before turn N* is the game once the log's first N turns are played.

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.game import GameOptions, play
>>> log = play([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=9).log()
>>> game, turn = log_position(log)
>>> turn, game.round          # 2 players: the last line is drawn in round 5
(20, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kingdomino_kit.errors import LogError
from kingdomino_kit.game.endgame.solve import no_chance_left
from kingdomino_kit.game.game import Action, Game
from kingdomino_kit.game.log import game_actions, loads, replay

__all__ = ["continued_log", "log_position", "log_turns"]


def log_turns(log: dict[str, Any]) -> int:
    """How many turns a log has (over all its rounds)."""
    return sum(len(rnd["turns"]) for rnd in log["rounds"])


def log_position(log: dict[str, Any] | str, turn: int | None = None) -> tuple[Game, int]:
    """The game before turn ``turn`` of ``log`` (recording its own log) and that turn; default:
    the first position where no chance is left. A log that does not replay raises its
    :class:`~kingdomino_kit.errors.LogError`; so does a turn out of range or before the
    last line is known."""
    data = loads(log) if isinstance(log, str) else log
    final = replay(data)
    total = log_turns(data)
    if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int)
                             or not 0 <= turn < total):
        raise LogError(f"turn {turn!r}: the log has turns 0 to {total - 1}", "turn")
    game = Game(final.options, data["seed"])
    done = 0
    for king, action in game_actions(data):
        if _starts_turn(game):
            free = no_chance_left(game.observation())
            if turn is None and free:
                return game, done
            if done == turn:
                if not free:
                    first = log_position(data)[1]
                    raise LogError(f"turn {turn}: chance is left (the last line is not known "
                                   f"yet); the first turn without it is {first}", "turn")
                return game, done
            done += 1
        game.apply(action, king=king)
    raise LogError("the log has no position without chance", "turn")


def _starts_turn(game: Game) -> bool:
    """True at the start of a king's turn (a placement to make, or a claim in round 0)."""
    return game.phase == "place" or (game.phase == "claim" and game.round == 0)


def continued_log(log: dict[str, Any] | str, turn: int | None, line: Sequence[Action]
                  ) -> dict[str, Any]:
    """The log played to turn ``turn`` (as :func:`log_position`) and on by ``line``: a whole
    game's log, which :func:`~kingdomino_kit.game.log.replay` accepts when ``line`` is legal
    and ends the game."""
    game, _ = log_position(log, turn)
    for action in line:
        game.apply(action)
    return game.log()
