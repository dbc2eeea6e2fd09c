"""Fast random-vs-random games on bitboards: the very games ``play`` gives with RandomBots.

:func:`kingdomino_kit.game.play` with :class:`~kingdomino_kit.bots.RandomBot` players spends most
of its time building lists of :class:`~kingdomino_kit.kingdom.Placement` objects only to pick one.
Here the game is a :class:`~kingdomino_kit.game.playout.BitGame` — the drafting loop of
:class:`~kingdomino_kit.draft.DraftGame` on bare :class:`~kingdomino_kit.bitkingdom.BitKingdom`
kingdoms, the rules written once — and each bot's RNG draws through a
:class:`~kingdomino_kit.game.playout.RandomPolicy` exactly as ``RandomBot`` draws
(``rng.randrange(len(actions))``, only when there is a choice): legal placements come as masks
and are only counted, and only the placement drawn is made. The scores are the very rows of
:meth:`Game.results <kingdomino_kit.game.Game.results>`
(:func:`~kingdomino_kit.game.game.player_result`); the tests check them game for game.

Playing on from an observation, or with greedy or other policies, is
:mod:`kingdomino_kit.game.playout`'s business; this module is the batch front of it that
:mod:`kingdomino_kit.game.simulate` uses for random bots.

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.game import GameOptions, play
>>> fast = play_random(GameOptions(), 7, [RandomBot(p) for p in range(4)])
>>> slow = play([RandomBot(p) for p in range(4)], GameOptions(), 7)
>>> fast.results == slow.results() and fast.winners == slow.winners()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.game.playout import BitGame, RandomPolicy

__all__ = ["FastResult", "play_random"]


@dataclass(frozen=True)
class FastResult:
    """The outcome of one game: :meth:`Game.results` rows and the winners."""

    results: list[dict[str, Any]]
    winners: list[int]


def play_random(options: GameOptions, seed: int, bots: Sequence[Any]) -> FastResult:
    """Play a game between random bots (anything with a ``rng``: ``random.Random``) — the same
    game as ``play(bots, options, seed)`` — and return its results.

    >>> from kingdomino_kit.bots import RandomBot
    >>> result = play_random(GameOptions(players=2), 1, [RandomBot(1), RandomBot(2)])
    >>> [r["player"] for r in result.results]
    [0, 1]
    """
    game = BitGame(options, seed)
    game.run([RandomPolicy(b.rng) for b in bots])
    return FastResult(game.results(), game.winners())
