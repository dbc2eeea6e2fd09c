"""Kingdoms bots: the kit's :class:`~kingdomino_kit.bots.RandomBot` plays as is; the greedy bot
here looks one move ahead on what the board would score if it ended now.

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.kingdoms.game import KingdomsRules, play_game
>>> game = play_game(KingdomsRules(players=2), [GreedyBot(seed=1), RandomBot(seed=1)], seed=3)
>>> game.is_over and game.winners
['a']
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kingdomino_kit.bots import RandomBot, register_bot
from kingdomino_kit.errors import InvariantError
from kingdomino_kit.grid import Cell
from kingdomino_kit.kingdoms.actions import Action
from kingdomino_kit.kingdoms.board import Board
from kingdomino_kit.kingdoms.game import Observation
from kingdomino_kit.kingdoms.scoring import score_board
from kingdomino_kit.kingdoms.tiles import Castle, Piece, TileKind

__all__ = ["GreedyBot", "action_values", "margin_change"]


def margin_change(board: Board, cell: Cell, piece: Piece, player: str, players: str) -> float:
    """How much putting ``piece`` on ``cell`` changes ``player``'s gold minus the best
    opponent's, scoring the board as it stands (empty cells ignored).

    >>> b = Board.from_text("+5 . . . . . / " + ". . . . . . / " * 4)
    >>> margin_change(b, (0, 3), Castle("a", 2), "a", "ab")
    10
    """
    lines = [f"row {cell[0] + 1}", f"column {cell[1] + 1}"]
    before = score_board(board, players=players, lines=lines).gold
    after = score_board(board.place(cell, piece), players=players, lines=lines).gold
    delta = {p: after[p] - before[p] for p in players}
    return delta[player] - max(delta[p] for p in players if p != player)


def action_values(observation: Observation, actions: Sequence[Action]) -> list[float]:
    """The greedy value of each action: the margin change it makes now; a draw is worth 0
    (its tile is unknown), a pass too.

    >>> from kingdomino_kit.kingdoms.game import KingdomsGame, KingdomsRules
    >>> g = KingdomsGame(KingdomsRules(players=2), seed=1)
    >>> g.board = Board.from_text("+5 . . . . . / " + ". . . . . . / " * 4)
    >>> obs, actions = g.observation(), g.legal_actions()
    >>> max(zip(action_values(obs, actions), map(str, actions)))   # rank 4 × (+5) in column 1
    (20.0, 'castle 4 r5c1')
    """
    board, me = observation.board, observation.player
    players = observation.rules.seats
    line_value: dict[Cell, float] = {}
    wizards = set(board.cells_of(TileKind.WIZARD))
    values: list[float] = []
    for action in actions:
        cell = action.cell
        if action.kind == "castle" and cell is not None:
            if cell not in line_value:
                line_value[cell] = margin_change(board, cell, Castle(me, 1), me, players)
            # linear in the castle's scoring rank (one higher next to the wizard)
            r, c = cell
            near = any(n in wizards for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
            values.append(line_value[cell] * (action.rank + near) / (1 + near))
        elif action.kind in ("place", "secret") and cell is not None:
            tile = observation.drawn if action.kind == "place" else observation.secrets[me]
            if tile is None:
                raise InvariantError("expected tile is not None")
            values.append(margin_change(board, cell, tile, me, players))
        else:
            values.append(0.0)
    return values


class GreedyBot:
    """Takes the action that most improves its margin over the best opponent on the board as
    it stands; draws a tile when nothing gains; breaks ties with its own seeded RNG."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, actions: Sequence[Action]) -> Action:
        """The best action by :func:`action_values` (a random one among equals)."""
        values = action_values(observation, actions)
        best = max(values)
        if best <= 0:
            draws = [a for a in actions if a.kind == "draw"]
            if draws:
                return draws[self.rng.randrange(len(draws))]
        choices = [a for a, v in zip(actions, values, strict=True) if v == best]
        return choices[self.rng.randrange(len(choices))]


register_bot("kingdoms", "random", RandomBot)
register_bot("kingdoms", "greedy", GreedyBot)
