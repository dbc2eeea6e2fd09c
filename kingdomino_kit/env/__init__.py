"""Kingdomino for learning agents: the standard interfaces of PettingZoo and Gymnasium.

- :func:`env` — the PettingZoo AEC environment for 2–4 players (PettingZoo's ``env()``
  convention), :class:`raw_env` unwrapped (:mod:`.aec`);
- :class:`SoloEnv` — one agent against the kit's bots, registered with Gymnasium as
  ``KingdominoKit/Solo-v0`` when this package is imported (:mod:`.solo`);
- the fixed encoding of actions and observations as numbers (:mod:`.encoding`) and the rewards
  (:mod:`.rewards`).

Needs the ``rl`` extra (``pip install 'kingdomino-kit[rl]'``: PettingZoo and Gymnasium);
``import kingdomino_kit`` never imports this package.

>>> import gymnasium
>>> e = gymnasium.make("KingdominoKit/Solo-v0", opponents="greedy", players=4)
>>> obs, info = e.reset(seed=0)
>>> obs["observation"].shape, obs["action_mask"].shape
((717,), (373,))
"""

from __future__ import annotations

import gymnasium

from kingdomino_kit.env.aec import env, raw_env
from kingdomino_kit.env.encoding import (
    action_count,
    decode_action,
    encode_action,
    encode_observation,
    observation_length,
)
from kingdomino_kit.env.rewards import REWARDS, final_rewards
from kingdomino_kit.env.solo import SoloEnv

__all__ = ["REWARDS", "SOLO_ID", "SoloEnv", "action_count", "decode_action", "encode_action",
           "encode_observation", "env", "final_rewards", "observation_length", "raw_env"]

SOLO_ID = "KingdominoKit/Solo-v0"
"""The Gymnasium id of :class:`SoloEnv`."""

if SOLO_ID not in gymnasium.registry:
    gymnasium.register(id=SOLO_ID, entry_point="kingdomino_kit.env.solo:SoloEnv")
