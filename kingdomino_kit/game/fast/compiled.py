"""Games between ``random`` and ``greedy`` bots compiled with numba, when the optional extra
``fast`` is installed: the very games :func:`~kingdomino_kit.game.fast.play.play_fast` plays,
many times faster.

The pure-Python engine stays the reference and the default: without numba (or with the
environment variable ``KINGDOMINO_KIT_COMPILED=0``) :func:`available` is False and
:mod:`kingdomino_kit.game.simulate` plays random games in Python. With it, a game between random
and greedy bots whose seeds are known (``simulate`` seeds every bot) is played by the one
compiled game of :mod:`kingdomino_kit.game.fast.greedy_kernels` (the greedy values, the same
floats; each seat drawing from Python's own random generator restated in
:mod:`kingdomino_kit.game.fast.primitives`, so every draw is the draw the bot makes) — and
gives the same result rows and winners (the tests play hundreds of seeded games both ways). The
kernels are compiled on first use (a few seconds) and cached on disk.

>>> from kingdomino_kit.game import GameOptions
>>> if available():
...     result = play_random_seeded(GameOptions(), 7, [1, 2, 3, 4])
...     from kingdomino_kit.bots import RandomBot
...     from kingdomino_kit.game.fast.play import play_random
...     assert result == play_random(GameOptions(), 7, [RandomBot(s) for s in (1, 2, 3, 4)])
"""

from __future__ import annotations

import copy
import operator
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from kingdomino_kit.draft import OVER, PLACE, best
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.fast.play import FastResult
from kingdomino_kit.game.fast.support import kernel_bonuses
from kingdomino_kit.game.fast.switch import available
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.game.playout import PIECES, BitGame

__all__ = ["PlayoutPosition", "available", "play_greedy_seeded", "play_random_seeded",
           "playout_scores"]

MAX_WORDS = 8
"""The longest seed the kernels take, in 32-bit words (seeds below 2**256)."""
_FIELDS = ("score", "properties", "bonus", "largest_property", "crowns", "discarded")


@cache
def _kernels() -> tuple[Any, Any]:
    """The compiled game (random and greedy seats) and the pieces table, compiled on the first
    call of a process (or read from numba's cache)."""
    import numpy as np

    import kingdomino_kit.game.fast.greedy_kernels as greedy_kernels

    return greedy_kernels.play, np.array(PIECES, dtype=np.int64)


def play_random_seeded(options: GameOptions, seed: int, bot_seeds: Sequence[int]
                       ) -> FastResult:
    """The game ``play([RandomBot(s) for s in bot_seeds], options, seed)`` plays, and its
    results, compiled (needs :func:`available`)."""
    return _play(options, seed, bot_seeds, [None] * len(bot_seeds))


def play_greedy_seeded(options: GameOptions, seed: int, bot_seeds: Sequence[int],
                       weights: Sequence[tuple[float, float] | None]) -> FastResult:
    """The game ``play`` plays with, in seat ``p``, ``GreedyBot(bot_seeds[p], hole,
    adjacency)`` where ``weights[p]`` is ``(hole, adjacency)``, or ``RandomBot(bot_seeds[p])``
    where it is None — and its results, compiled (needs :func:`available`)."""
    return _play(options, seed, bot_seeds, weights)


def _play(options: GameOptions, seed: int, bot_seeds: Sequence[int],
          weights: Sequence[tuple[float, float] | None]) -> FastResult:
    import numpy as np

    if not available():
        raise KingdominoError("the compiled engine needs numba (pip install "
                              "'kingdomino-kit[fast]') and KINGDOMINO_KIT_COMPILED not 0")
    players = options.players
    if len(bot_seeds) != players or len(weights) != players:
        raise KingdominoError(f"{players} players need {players} bot seeds, not "
                              f"{len(bot_seeds)}")
    bonuses = kernel_bonuses(options)
    play, pieces = _kernels()
    counts = np.zeros(players + 1, np.int64)
    words = np.zeros((players + 1, MAX_WORDS), np.uint64)
    for k, value in enumerate((seed, *bot_seeds)):
        if isinstance(value, bool) or not hasattr(value, "__index__"):
            raise KingdominoError(f"seeds must be integers, not {value!r}")
        n = abs(operator.index(value))
        count = max(1, (n.bit_length() + 31) // 32)
        if count > MAX_WORDS:
            raise KingdominoError(f"seed {value} is too long for the compiled engine")
        counts[k] = count
        for i in range(count):
            words[k, i] = (n >> (32 * i)) & 0xFFFFFFFF
    figures = (options.size, players, options.kings_per_player, options.line_size,
               options.deck_size, not options.strict_discard, *bonuses, pieces, counts, words)
    greedy = np.array([w is not None for w in weights], np.bool_)
    holes = np.array([w[0] if w is not None else 0.0 for w in weights], np.float64)
    adjacencies = np.array([w[1] if w is not None else 0.0 for w in weights], np.float64)
    out = play(*figures, greedy, holes, adjacencies)
    results = [{"player": p, **dict(zip(_FIELDS, map(int, out[p]), strict=True))}
               for p in range(players)]
    keys = [(r["score"], r["largest_property"], r["crowns"]) for r in results]
    return FastResult(results, best(keys))


@cache
def _playout_kernel() -> tuple[Any, Any]:
    """The compiled playout and the pieces table (compiled on first use, cached on disk)."""
    import numpy as np

    import kingdomino_kit.game.fast.playout_kernels as numba_playout

    return numba_playout.playout, np.array(PIECES, dtype=np.int64)


class PlayoutPosition:
    """A :class:`~kingdomino_kit.game.playout.BitGame` position as the compiled playout takes
    it (made once per determinization; every playout from it copies the arrays)."""

    def __init__(self, game: BitGame) -> None:
        import numpy as np

        from kingdomino_kit.game.fast.primitives import CASTLE, EMPTY

        if game.phase is OVER:
            raise KingdominoError("a playout starts from a game that is not over")
        options = game.options
        size, players = options.size, options.players
        o, span = size - 1, 2 * size - 1
        stride = span + 1
        self.rows = np.zeros((players, 6, span), np.int64)
        self.occupied = np.zeros((players, span), np.int64)
        self.grids = np.full((players, span * stride), EMPTY, np.int8)
        self.crowns = np.zeros((players, span * stride), np.int8)
        self.extents = np.zeros((players, 4), np.int64)
        for p in range(players):
            k = game.kingdom_bits(p)
            g = k.geometry
            self.grids[p, o * stride + o] = CASTLE
            self.occupied[p, o] = 1 << o
            self.extents[p] = k.bounds
            for t, mask in enumerate(k.terrain):
                while mask:
                    bit = mask & -mask
                    mask ^= bit
                    i = bit.bit_length() - 1
                    r, c = g.cell(i)
                    r, c = r + o, c + o
                    self.rows[p, t, r] |= 1 << c
                    self.occupied[p, r] |= 1 << c
                    self.grids[p, r * stride + c] = t
                    self.crowns[p, r * stride + c] = (k.crown1 >> i & 1) + 2 * (k.crown2 >> i & 1)
        kings = options.kings
        self.to_place = np.array([d.number if d is not None else 0 for d in game.to_place],
                                 np.int64)
        self.order = np.zeros(kings, np.int64)
        self.order[:len(game.order)] = game.order
        self.n_order = len(game.order)
        self.turn = game.turn
        self.placing = game.phase is PLACE
        self.round = game.round
        self.line = np.zeros(options.line_size, np.int64)
        self.line[:len(game.line)] = [d.number for d in game.line]
        self.n_line = len(game.line)
        self.claims = np.full(options.line_size, -1, np.int64)
        self.claims[:len(game.claims)] = [-1 if k is None else k for k in game.claims]
        deck = game.deck()
        self.deck_size = len(deck)
        self.deck = np.array(deck or [0], np.int64)
        self.options = options
        self.unseen: list[int] = []

    @classmethod
    def of_observation(cls, observation: Any) -> PlayoutPosition:
        """The position a player sees, its hidden deck not dealt yet (:meth:`dealt`): the
        arrays are made once for every determinization of a decision."""
        position = cls(BitGame.from_observation(observation, random.Random(0)))
        position.unseen = observation.unseen()
        return position

    def dealt(self, rng: Any) -> PlayoutPosition:
        """This position with the hidden deck dealt by ``rng`` — the deal of
        :meth:`BitGame.from_observation <kingdomino_kit.game.playout.BitGame.from_observation>`
        with the same ``rng``, draw for draw."""
        import numpy as np

        position = copy.copy(self)
        position.deck = np.array(rng.sample(self.unseen, self.deck_size) or [0], np.int64)
        return position


def playout_scores(position: PlayoutPosition, first_place: int | None,
                   first_claim: int | None, seed: int, greedy: Sequence[bool], hole: float,
                   adjacency: float) -> list[int]:
    """Every player's score after the king to act in ``position`` plays ``first_place`` (a
    placement's index in the order of legal placements, their count to discard; None: the
    policy chooses) and ``first_claim`` (a slot; None: the policy chooses), then everyone plays
    on to the end — player ``p`` the one-step greedy with these weights when ``greedy[p]``,
    else at random — all drawing from ``random.Random(seed)``: the playout of
    :func:`~kingdomino_kit.game.montecarlo.evaluate`, compiled (needs :func:`available`)."""
    import numpy as np

    options = position.options
    bonuses = kernel_bonuses(options)
    kernel, pieces = _playout_kernel()
    n = abs(seed)
    count = max(1, (n.bit_length() + 31) // 32)
    if count > MAX_WORDS:
        raise KingdominoError(f"seed {seed} is too long for the compiled engine")
    words = np.array([(n >> (32 * i)) & 0xFFFFFFFF for i in range(count)], np.uint64)
    out = kernel(options.size, options.kings_per_player, options.line_size, options.rounds,
                 not options.strict_discard, *bonuses, pieces,
                 np.array(greedy, np.bool_), float(hole), float(adjacency), words, count,
                 position.rows, position.occupied, position.grids, position.crowns,
                 position.extents, position.to_place, position.order, position.n_order,
                 position.turn, position.placing, position.round, position.line,
                 position.n_line, position.claims, position.deck,
                 -1 if first_place is None else first_place,
                 -1 if first_claim is None else first_claim)
    return [int(v) for v in out]
