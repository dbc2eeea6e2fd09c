"""Kingdomino as a PettingZoo AEC environment: 2–4 agents taking turns in the drafting game.

Agents are ``player_0 … player_{n-1}``; the one to act is the owner of the king whose turn it
is (in a 2-player game each player has two kings, so an agent may act twice in a row). Each
observation is ``{"observation": vector, "action_mask": mask}`` in the fixed encoding of
:mod:`kingdomino_kit.env.encoding`, seen from that agent's seat; the mask is all zeros for an
agent whose turn it is not. Rewards come at the end only (:mod:`kingdomino_kit.env.rewards`).

:func:`env` wraps :class:`raw_env` as PettingZoo's classic games are wrapped: an action outside
the mask ends the game with -1 for its player; :class:`raw_env` itself refuses such an action
with :class:`~kingdomino_kit.errors.IllegalAction`, its state unchanged.

>>> e = env(players=3, seed=None)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> int(obs["action_mask"].sum()), e.agent_selection
(3, 'player_1')
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from kingdomino_kit.draft import PLACE
from kingdomino_kit.env.encoding import (
    action_count,
    decode_action,
    encode_action,
    encode_observation,
    observation_length,
)
from kingdomino_kit.env.rewards import check_reward, final_rewards
from kingdomino_kit.errors import IllegalAction, KingdominoError
from kingdomino_kit.game.game import Game
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.league.state import observation_json
from kingdomino_kit.rules import Rules, variant_size
from kingdomino_kit.seeds import plain_seed

__all__ = ["env", "game_options", "legal_mask", "raw_env"]


def game_options(players: int = 4, variant: str = "standard", middle_kingdom: bool = False,
                 harmony: bool = False, three_player_draw: int = 3) -> GameOptions:
    """The game's rules from the environments' keyword options (bad ones raise
    :class:`~kingdomino_kit.game.options.GameOptionError`)."""
    return GameOptions(players=players, variant=variant, three_player_draw=three_player_draw,
                       rules=Rules(variant_size(variant), middle_kingdom=middle_kingdom,
                                   harmony=harmony))


def legal_mask(game: Game) -> np.ndarray:
    """The action mask of the player to act (all zeros once the game is over)."""
    size = game.options.size
    mask = np.zeros(action_count(size), dtype=np.int8)
    for action in game.legal_actions():
        mask[encode_action(action, size)] = 1
    return mask


def to_place(game: Game) -> Any:
    """The domino the current king has to place, or None when it claims."""
    return game.to_place[game.order[game.turn]] if game.phase is PLACE else None


def env(**kwargs: Any) -> Any:
    """The AEC environment with PettingZoo's usual wrappers (``kwargs`` as :class:`raw_env`)."""
    e: Any = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801  (PettingZoo's name)
    """The unwrapped environment. Options: ``players`` (2–4), ``variant`` (``"standard"`` or
    ``"mighty-duel"``), ``middle_kingdom``, ``harmony``, ``three_player_draw`` (3 or 4),
    ``reward`` (``"win"``, ``"margin"`` or ``"score"``) and ``seed`` (of the first game when
    :meth:`reset` is given none)."""

    metadata = {"render_modes": ["ansi"], "name": "kingdomino_v0", "is_parallelizable": False}

    def __init__(self, players: int = 4, variant: str = "standard", middle_kingdom: bool = False,
                 harmony: bool = False, three_player_draw: int = 3, reward: str = "win",
                 seed: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.options = game_options(players, variant, middle_kingdom, harmony,
                                    three_player_draw)
        self.reward = check_reward(reward)
        if render_mode not in (None, "ansi"):
            raise KingdominoError(f"render_mode must be 'ansi' or None, not {shown(render_mode)}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        size = self.options.size
        n = observation_length(players, size)
        space = spaces.Dict({
            "observation": spaces.Box(0, 48, shape=(n,), dtype=np.int16),
            "action_mask": spaces.Box(0, 1, shape=(action_count(size),), dtype=np.int8),
        })
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(action_count(size))
                              for a in self.possible_agents}
        self._rng = random.Random(seed)
        self.game = Game(self.options, self._rng.getrandbits(63))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same Dict space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(action_count(size))`` for every agent."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: dealt by ``seed`` (the same seed, the same game), else by the
        environment's own random sequence."""
        if seed is not None:
            self._rng = random.Random(plain_seed(seed))
        self.game = Game(self.options, self._rng.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent(self.game.current_player)

    def _agent(self, player: int | None) -> str:
        return self.possible_agents[player if player is not None else 0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent`` sees now, with its action mask."""
        player = self.possible_agents.index(agent)
        game = self.game
        vector = encode_observation(game.observation(player))
        if not game.is_over and agent == self.agent_selection:
            mask = legal_mask(game)
        else:
            mask = np.zeros(action_count(self.options.size), dtype=np.int8)
        return {"observation": vector, "action_mask": mask}

    def observation_json(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now as JSON: the bot protocol's observation
        (:func:`kingdomino_kit.league.state.observation_json`), the very fields a league's bot
        and ``kingdomino-kit state`` get."""
        return observation_json(self.game.observation(self.possible_agents.index(agent)))

    def step(self, action: Any) -> None:
        """Play the action of the agent to act (None once it is terminated)."""
        agent = self.agent_selection
        if agent not in self.terminations:
            raise IllegalAction("the game is over and every agent has left: reset() first",
                                "game-over")
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        size = self.options.size
        decoded = decode_action(action, size, to_place(game))
        if not legal_mask(game)[encode_action(decoded, size)]:
            raise IllegalAction(f"{agent} cannot play action {int(action)} ({decoded}) now",
                                "action")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        game.apply(decoded, player=self.possible_agents.index(agent))
        if game.is_over:
            values = final_rewards(game.scores(), game.winners(), self.reward)
            for a, value in zip(self.possible_agents, values, strict=True):
                self.rewards[a] = value
                self.terminations[a] = True
        else:
            self.agent_selection = self._agent(game.current_player)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The kingdoms as text (``render_mode="ansi"``), else None."""
        if self.render_mode != "ansi":
            return None
        return "\n\n".join(f"{a}:\n{k}" for a, k in zip(self.possible_agents,
                                                        self.game.kingdoms, strict=True))

    def close(self) -> None:
        """Nothing to release."""
