"""Perfect play where it is in reach: the Monte Carlo bots' ``exact`` option.

When no chance is left (:func:`~kingdomino_kit.game.endgame.no_chance_left`) a bot with
``exact=N`` asks the endgame solver for the best move with a budget of ``N`` nodes; when the
solver proves it within the budget the bot plays it, otherwise it plays as it would have
(``exact=0``: never). A node budget, not seconds, so a seeded bot plays the same game on any
machine. With 2 players the solver maximises the bot's final margin (the tie-breaks deciding a
draw); with 3–4 its own final score, the others assumed to do the same (max-n).

>>> from kingdomino_kit.game import Game, GameOptions
>>> g = Game(GameOptions(players=2), seed=4)
>>> exact_choice(g.observation(), g.legal_actions(), 1000) is None   # chance is left
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.endgame.solve import no_chance_left, solve

__all__ = ["check_exact", "exact_choice"]


def check_exact(exact: Any) -> int:
    """The ``exact`` option checked: a node budget, 0 or more.

    >>> check_exact(-1)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: exact must be a number of nodes, 0 (off) or more, not -1
    """
    if isinstance(exact, bool) or not isinstance(exact, int) or exact < 0:
        raise KingdominoError(f"exact must be a number of nodes, 0 (off) or more, not {exact!r}")
    return exact


def exact_choice(observation: Any, actions: Sequence[Any], nodes: int) -> Any:
    """The action perfect play chooses, if no chance is left and the solver proves it within
    ``nodes`` nodes; else None."""
    if not nodes or not no_chance_left(observation):
        return None
    result = solve(observation, node_limit=nodes)
    if result.status != "OPTIMAL":
        return None
    for action in actions:
        if action == result.best:
            return action
    return None
