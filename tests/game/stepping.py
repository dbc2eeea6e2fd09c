"""One turn of a game played by its seats' bots (the tests' shared driver)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.game.bots import GreedyBot
from kingdomino_kit.game.endgame import no_chance_left
from kingdomino_kit.seeds import derive_seed


def step(game: Game, bots: Sequence[Any]) -> None:
    """The forced action when there is one, else the current player's bot's choice."""
    actions = game.legal_actions()
    player = game.current_player
    assert player is not None
    game.apply(actions[0] if len(actions) == 1 else bots[player].choose(
        game.observation(player), actions))


def first_without_chance(options: GameOptions, seed: int) -> Game:
    """Greedy kingdoms up to the first position where no chance is left (the endgame
    benchmark's)."""
    game = Game(options, seed=seed)
    bots = [GreedyBot(derive_seed(seed, "bot", p)) for p in range(options.players)]
    while not no_chance_left(game.observation()):
        step(game, bots)
    return game
