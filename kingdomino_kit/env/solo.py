"""Kingdomino for one learning agent against the kit's bots: a Gymnasium environment.

``gymnasium.make("KingdominoKit/Solo-v0", opponents="greedy", players=4)`` (the id is
registered when :mod:`kingdomino_kit.env` is imported). The agent plays one seat — ``seat``, or
a seat drawn at each reset — and the opponents play the others until it is the agent's turn
again. Observations are ``{"observation": vector, "action_mask": mask}`` in the fixed encoding
of :mod:`kingdomino_kit.env.encoding`; the mask is also in ``info["action_mask"]``. The reward
is 0 until the game ends, then the agent's :func:`~kingdomino_kit.env.rewards.final_rewards`.

An action outside the mask changes nothing: with ``illegal="penalty"`` (the default) the step
gives ``illegal_reward`` (-1) and ``info["illegal"] = True``; with ``illegal="raise"`` it raises
:class:`~kingdomino_kit.errors.IllegalAction`.

>>> e = SoloEnv(players=2, opponents="random", seat=0)
>>> obs, info = e.reset(seed=3)
>>> obs["action_mask"].sum() > 0, info["seat"]
(np.True_, 0)
>>> while True:
...     action = int(np.flatnonzero(obs["action_mask"])[0])
...     obs, reward, terminated, truncated, info = e.step(action)
...     if terminated:
...         break
>>> reward in (-1.0, 0.0, 1.0), e.game.is_over
(True, True)
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from kingdomino_kit.bots import make_bot
from kingdomino_kit.draft import needs_observation
from kingdomino_kit.env.aec import game_options, legal_mask, to_place
from kingdomino_kit.env.encoding import (
    action_count,
    decode_action,
    encode_action,
    encode_observation,
    observation_length,
)
from kingdomino_kit.env.rewards import check_reward, final_rewards
from kingdomino_kit.errors import IllegalAction, InvariantError, KingdominoError
from kingdomino_kit.game.game import Game
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.league.state import observation_json
from kingdomino_kit.seeds import plain_seed, seat_seed

__all__ = ["SoloEnv"]


class SoloEnv(gymnasium.Env[Any, Any]):
    """One agent's seat in a game of ``players`` against ``opponents`` (a bot name for all, or
    one name per other seat, comma-separated: ``"greedy,random,mc"``). Other options as the AEC
    environment (:class:`kingdomino_kit.env.aec.raw_env`), plus ``seat`` (None: drawn at each
    reset) and ``illegal`` (``"penalty"`` or ``"raise"``)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, players: int = 4, opponents: str = "greedy", seat: int | None = None,
                 variant: str = "standard", middle_kingdom: bool = False, harmony: bool = False,
                 three_player_draw: int = 3, reward: str = "win", illegal: str = "penalty",
                 illegal_reward: float = -1.0, render_mode: str | None = None) -> None:
        self.options = game_options(players, variant, middle_kingdom, harmony,
                                    three_player_draw)
        self.reward_kind = check_reward(reward)
        if illegal not in ("penalty", "raise"):
            raise KingdominoError(f"illegal must be 'penalty' or 'raise', not {shown(illegal)}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < players):
            raise KingdominoError(f"seat must be 0–{players - 1} or None, not {shown(seat)}")
        self.seat = seat
        names = [n.strip() for n in opponents.split(",")] if isinstance(opponents, str) else []
        if len(names) == 1:
            names *= players - 1
        if len(names) != players - 1:
            raise KingdominoError(f"opponents must name one bot or {players - 1} bots, not "
                                  f"{shown(opponents)}")
        for name in names:
            make_bot(name, 0)  # an unknown name fails here, not at the first reset
        self.opponents = names
        if render_mode not in (None, "ansi"):
            raise KingdominoError(f"render_mode must be 'ansi' or None, not {shown(render_mode)}")
        self.render_mode = render_mode
        size = self.options.size
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0, 48, shape=(observation_length(players, size),),
                                      dtype=np.int16),
            "action_mask": spaces.Box(0, 1, shape=(action_count(size),), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(action_count(size))
        self.game: Game | None = None
        self.player = 0
        self.bots: dict[int, Any] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game, dealt from the environment's seeded generator; the opponents play until
        it is the agent's turn."""
        super().reset(seed=None if seed is None else plain_seed(seed))  # a NumPy integer too
        game_seed = int(self.np_random.integers(2 ** 62))
        players = self.options.players
        self.player = (self.seat if self.seat is not None
                       else int(self.np_random.integers(players)))
        others = [p for p in range(players) if p != self.player]
        self.bots = {p: make_bot(name, seat_seed(game_seed, p))
                     for p, name in zip(others, self.opponents, strict=True)}
        self.game = Game(self.options, game_seed)
        self._others_play()
        return self._observation(), self._info()

    def _others_play(self) -> None:
        game = self.game
        if game is None:
            raise InvariantError("expected game is not None")
        while not game.is_over and game.current_player != self.player:
            p = game.current_player
            if p is None:
                raise InvariantError("expected p is not None")
            actions = game.legal_actions()
            bot = self.bots[p]
            if len(actions) == 1:
                action = actions[0]
            else:
                obs = game.observation(p) if needs_observation(bot) else None
                action = bot.choose(obs, actions)
            game.apply(action, player=p)

    def _observation(self) -> dict[str, np.ndarray]:
        game = self.game
        if game is None:
            raise InvariantError("expected game is not None")
        return {"observation": encode_observation(game.observation(self.player)),
                "action_mask": legal_mask(game)}

    def observation_json(self) -> dict[str, Any]:
        """What the agent sees now as JSON: the bot protocol's observation
        (:func:`kingdomino_kit.league.state.observation_json`), the very fields a league's bot
        and ``kingdomino-kit state`` get."""
        game = self.game
        if game is None:
            raise KingdominoError("call reset() first")
        return observation_json(game.observation(self.player))

    def _info(self, **extra: Any) -> dict[str, Any]:
        game = self.game
        if game is None:
            raise InvariantError("expected game is not None")
        return {"action_mask": legal_mask(game), "seat": self.player, **extra}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                         dict[str, Any]]:
        """Play the agent's action, then the opponents' until the agent's next turn."""
        game = self.game
        if game is None:
            raise KingdominoError("call reset() before step()")
        if game.is_over:
            raise KingdominoError("the game is over: call reset() for a new one")
        size = self.options.size
        try:
            decoded = decode_action(action, size, to_place(game))
            legal = bool(legal_mask(game)[encode_action(decoded, size)])
        except KingdominoError:
            if self.illegal == "raise":
                raise
            legal = False
        if not legal:
            if self.illegal == "raise":
                raise IllegalAction(f"action {shown(action)} is not legal now", "action")
            return self._observation(), self.illegal_reward, False, False, \
                self._info(illegal=True)
        game.apply(decoded, player=self.player)
        self._others_play()
        reward = 0.0
        if game.is_over:
            reward = final_rewards(game.scores(), game.winners(), self.reward_kind)[self.player]
        return self._observation(), reward, game.is_over, False, self._info(illegal=False)

    def render(self) -> str | None:
        """The kingdoms as text (``render_mode="ansi"``), else None."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        return "\n\n".join(f"player {p}{' (agent)' if p == self.player else ''}:\n{k}"
                           for p, k in enumerate(self.game.kingdoms))
