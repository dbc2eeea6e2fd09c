"""The position before a turn of a game log, as a game (what ``state LOG --turn N`` prints).

Turns are counted as the endgame command counts them (:mod:`kingdomino_kit.game.endgame_log`):
over the whole log, round after round, from 0, round 0's claims included; the position *before
turn N* is the game once the log's first N turns are played. Any turn may be asked, chance left
or not; no turn: the end of the game.

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.game import GameOptions, play
>>> log = play([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=9).log()
>>> game, turn = log_state(log, 5)
>>> turn, game.round, game.phase.value
(5, 1, 'place')
>>> log_state(log)[0].is_over
True
"""

from __future__ import annotations

from typing import Any

from kingdomino_kit.errors import LogError
from kingdomino_kit.game.game import Game
from kingdomino_kit.game.log import game_actions, replay

__all__ = ["log_state"]


def _starts_turn(game: Game) -> bool:
    """True at the start of a king's turn (a placement to make, or a claim in round 0)."""
    return game.phase == "place" or (game.phase == "claim" and game.round == 0)


def log_state(log: dict[str, Any], turn: int | None = None) -> tuple[Game, int]:
    """The game before turn ``turn`` of ``log`` (default: at its end) and the turn; a log that
    does not replay raises its :class:`~kingdomino_kit.errors.LogError`, so does a turn out of
    range."""
    final = replay(log)
    total = sum(len(rnd["turns"]) for rnd in log["rounds"])
    if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int)
                             or not 0 <= turn < total):
        raise LogError(f"turn {turn!r}: the log has turns 0 to {total - 1}", "turn")
    game = Game(final.options, log["seed"])
    done = 0
    for king, action in game_actions(log):
        if _starts_turn(game):
            if done == turn:
                return game, done
            done += 1
        game.apply(action, king=king)
    return game, done
