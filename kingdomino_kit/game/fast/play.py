"""Fast games between random and greedy seats: the very games ``play`` gives with the ``random``
and ``greedy`` bots.

:func:`kingdomino_kit.game.play` builds lists of :class:`~kingdomino_kit.kingdom.Placement`
objects only to pick one. Here a game is a :class:`~kingdomino_kit.game.playout.BitGame` (the
drafting loop of :class:`~kingdomino_kit.draft.DraftGame`, the rules written once) whose seats
are played by policies: a random seat by :class:`~kingdomino_kit.game.playout.RandomPolicy`
(drawing from the seat's RNG exactly as :class:`~kingdomino_kit.bots.RandomBot` draws), a
greedy seat by :class:`~kingdomino_kit.game.greedy.GreedyPolicy` with the fast values
(:class:`~kingdomino_kit.game.fast.greedy.FastGreedy`). A seat is its parameters
(:class:`Seat`), never a bot: the bots module says which bots are such seats. The results are
the very rows of :meth:`Game.results <kingdomino_kit.game.Game.results>`; the tests check them
game for game, and against games recorded before these paths were made faster.
:mod:`kingdomino_kit.game.fast.compiled` plays the same games compiled, when numba is
installed.

>>> import random
>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.game import GameOptions, play
>>> fast = play_random(GameOptions(), 7, [Seat(random.Random(p)) for p in range(4)])
>>> slow = play([RandomBot(p) for p in range(4)], GameOptions(), 7)
>>> fast.results == slow.results() and fast.winners == slow.winners()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.game.fast.greedy import FastGreedy
from kingdomino_kit.game.greedy import GreedyPolicy
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.game.playout import BitGame, Policy, RandomPolicy

__all__ = ["FastResult", "Seat", "play_fast", "play_random"]


@dataclass(frozen=True)
class FastResult:
    """The outcome of one game: :meth:`Game.results` rows and the winners."""

    results: list[dict[str, Any]]
    winners: list[int]


@dataclass(frozen=True)
class Seat:
    """One seat of a fast game: ``rng`` draws as the seat's bot draws; ``weights`` are the
    greedy player's ``(hole, adjacency)``, or None for a random player."""

    rng: random.Random
    weights: tuple[float, float] | None = None


def play_random(options: GameOptions, seed: int, seats: Sequence[Any]) -> FastResult:
    """The game between random players (anything with a ``rng``: a :class:`Seat`, a
    ``RandomBot``) that ``play(bots, options, seed)`` plays, and its results.

    >>> result = play_random(GameOptions(players=2), 1, [Seat(random.Random(1)),
    ...                                                  Seat(random.Random(2))])
    >>> [r["player"] for r in result.results]
    [0, 1]
    """
    return play_fast(options, seed, [Seat(s.rng) for s in seats])


def play_fast(options: GameOptions, seed: int, seats: Sequence[Seat]) -> FastResult:
    """The game ``play(bots, options, seed)`` plays between ``random`` and ``greedy`` bots
    whose seats are ``seats``, and its results: each greedy seat's choices made by a
    :class:`~kingdomino_kit.game.greedy.GreedyPolicy` with its weights and its RNG (the same
    choices with the same draws), each random seat's by a
    :class:`~kingdomino_kit.game.playout.RandomPolicy`.

    >>> from kingdomino_kit.bots import RandomBot, make_bot
    >>> from kingdomino_kit.game import play
    >>> fast = play_fast(GameOptions(players=2), 3, [Seat(random.Random(1), (3.0, 0.5)),
    ...                                              Seat(random.Random(2))])
    >>> fast.results == play([make_bot("greedy", 1), RandomBot(2)], GameOptions(players=2),
    ...                      3).results()
    True
    """
    game = BitGame(options, seed)
    policies: list[Policy] = [
        RandomPolicy(s.rng) if s.weights is None else
        GreedyPolicy(FastGreedy(options, hole=s.weights[0], adjacency=s.weights[1]), s.rng)
        for s in seats]
    game.run(policies)
    return FastResult(game.results(), game.winners())
