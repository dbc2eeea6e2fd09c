"""What a finished game is worth to each player, in the learning environments' three ways.

- ``"win"`` — 1 to a sole winner, 0 to each of several who share the victory (the official
  tie-breaks decide first: score, largest property, crowns), -1 to everyone else;
- ``"margin"`` — the player's score minus the best score among the others;
- ``"score"`` — the player's final score.

>>> final_rewards([40, 31, 40], [0, 2], "win"), final_rewards([40, 31, 40], [0], "margin")
([0.0, -1.0, 0.0], [0.0, -9.0, 0.0])
>>> final_rewards([40, 31], [0], "win"), final_rewards([40, 31], [0], "score")
([1.0, -1.0], [40.0, 31.0])
"""

from __future__ import annotations

from collections.abc import Sequence

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.untrusted import shown

__all__ = ["REWARDS", "check_reward", "final_rewards"]

REWARDS = ("win", "margin", "score")


def check_reward(reward: object) -> str:
    """``reward`` if it names one of :data:`REWARDS`, else a :class:`KingdominoError`."""
    if not isinstance(reward, str) or reward not in REWARDS:
        raise KingdominoError(f"reward must be one of {', '.join(REWARDS)}, not {shown(reward)}")
    return reward


def final_rewards(scores: Sequence[int], winners: Sequence[int], reward: str) -> list[float]:
    """Each player's reward at the end of a game with these ``scores`` and ``winners``."""
    if reward == "score":
        return [float(s) for s in scores]
    if reward == "margin":
        return [float(s - max(t for j, t in enumerate(scores) if j != i))
                for i, s in enumerate(scores)]
    sole = len(winners) == 1
    return [(1.0 if sole else 0.0) if i in winners else -1.0 for i in range(len(scores))]
