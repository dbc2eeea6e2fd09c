"""One turn of a game played by its seats' bots (the tests' shared driver)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kingdomino_kit.game import Game


def step(game: Game, bots: Sequence[Any]) -> None:
    """The forced action when there is one, else the current player's bot's choice."""
    actions = game.legal_actions()
    player = game.current_player
    assert player is not None
    game.apply(actions[0] if len(actions) == 1 else bots[player].choose(
        game.observation(player), actions))
