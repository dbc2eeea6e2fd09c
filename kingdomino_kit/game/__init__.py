"""The drafting game Kingdomino: rules configuration, game state, logs, bots and simulation.

- :mod:`.options` — :class:`GameOptions`, the frozen rules of one game;
- :mod:`.game` — :class:`Game`, the state with ``legal_actions()`` and ``apply()``, and
  :func:`play` / :func:`play_dynasty`;
- :mod:`.log` — the game log ``kingdomino-kit/kingdomino-log/1``: read, written, replayed rule
  by rule;
- :mod:`.bots` — the greedy and Monte Carlo bots (the protocol and the random bot are in
  :mod:`kingdomino_kit.bots`);
- :mod:`.fast` — the speed layer: the same games and greedy values, faster (fast games on
  bitboards, the compiled kernels with the extra ``fast``);
- :mod:`.endgame` — the endgame solved exactly once no chance is left;
- :mod:`.simulate` — many seeded games between named bots.

>>> from kingdomino_kit.bots import RandomBot
>>> game = play([RandomBot(seed=p) for p in range(4)], seed=7)
>>> game.is_over, game.round, len(game.kingdoms)
(True, 12, 4)
"""

from kingdomino_kit.draft import CLAIM, OVER, PLACE, Claim, Discard, Phase
from kingdomino_kit.errors import IllegalAction
from kingdomino_kit.game import bots, montecarlo  # noqa: F401  (they register the named bots)
from kingdomino_kit.game.game import (
    Action,
    DynastyResult,
    Game,
    Observation,
    deal,
    play,
    play_dynasty,
)
from kingdomino_kit.game.options import VARIANTS, GameOptionError, GameOptions
from kingdomino_kit.seeds import derive_seed

__all__ = [
    "CLAIM",
    "OVER",
    "PLACE",
    "Action",
    "Claim",
    "Discard",
    "DynastyResult",
    "Game",
    "GameOptionError",
    "GameOptions",
    "IllegalAction",
    "Observation",
    "Phase",
    "VARIANTS",
    "deal",
    "derive_seed",
    "play",
    "play_dynasty",
]
