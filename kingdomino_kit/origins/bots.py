"""A greedy bot for the Origins game (the game-independent RandomBot works as is).

It scores each offered action on a copy of its own territory with the mode's score sheet under
the game's options (Empire of fire when it is on, the fire lady by the game's fire count):
placements and landings by the score after them, claims by the gain of the domino's best
placement, recruiting by trying it, spends by the points kept, settling by the points gained.
A tied totem goes to the leader with the lowest score.

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.origins.game import OriginsOptions, play
>>> g = play([GreedyOriginsBot(1), RandomBot(2)], OriginsOptions(players=2), seed=3)
>>> g.scores()[0] > g.scores()[1]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from kingdomino_kit.bots import RandomBot, register_bot
from kingdomino_kit.origins.actions import Claim, GiveTotem, Pass, Recruit, Settle, Spend
from kingdomino_kit.origins.fire import Throw
from kingdomino_kit.origins.kingdom import OriginsKingdom, Placement
from kingdomino_kit.origins.scoring import score_sheet
from kingdomino_kit.origins.tribe import Caveman

__all__ = ["GreedyOriginsBot"]


class GreedyOriginsBot:
    """Best immediate score sheet; ties broken by its seeded RNG."""

    name = "greedy"
    needs_observation = True

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def _total(self, obs: Any, kingdom: OriginsKingdom) -> float:
        o = obs.options
        return float(score_sheet(kingdom, o.mode, empire_of_fire=o.empire_of_fire,
                                 homo_habilis=False, fire_count=o.fire_count).total)

    def _value(self, obs: Any, kingdom: OriginsKingdom, action: Any) -> float:
        if isinstance(action, Placement):
            k = kingdom.copy()
            k.push(action)
            fire = sum(f for _, f in action.volcanoes())
            return self._total(obs, k) + 0.5 * fire
        if isinstance(action, Throw):
            k = kingdom.copy()
            k.throw(action.volcano, action.fire, action.target)
            return self._total(obs, k)
        if isinstance(action, Claim):
            placements = kingdom.legal_placements(action.domino)
            if not placements:
                return -1.0
            return max(self._value(obs, kingdom, p) for p in placements)
        if isinstance(action, GiveTotem):
            scores = [self._total(obs, k) for k in obs.kingdoms]
            return -scores[action.player]
        if isinstance(action, Pass):
            return 0.5
        if isinstance(action, Recruit):
            return 1.0 + (action.slot is None) * -0.5
        if isinstance(action, Spend):
            k = kingdom.copy()
            k.spend(action.cell)
            return self._total(obs, k)
        if isinstance(action, Settle):
            return self._settle_value(obs, kingdom, action)
        return 0.0

    def _settle_value(self, obs: Any, kingdom: OriginsKingdom, action: Any) -> float:
        k = kingdom.copy()
        k.cavemen[action.cell] = obs.recruiting or Caveman.PAINTER
        return self._total(obs, k)

    def choose(self, observation: Any, actions: Sequence[Any]) -> Any:
        """The action of highest greedy value."""
        kingdom = observation.kingdoms[observation.player]
        values = [self._value(observation, kingdom, a) for a in actions]
        top = max(values)
        best = [a for a, v in zip(actions, values, strict=True) if v > top - 1e-9]
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]


register_bot("origins", "random", RandomBot)
register_bot("origins", "greedy", GreedyOriginsBot)
