"""Fast random-vs-random games on bitboards: the very games ``play`` gives with RandomBots.

:func:`kingdomino_kit.game.play` with :class:`~kingdomino_kit.bots.RandomBot` players spends most
of its time building lists of :class:`~kingdomino_kit.kingdom.Placement` objects only to pick one.
Here each kingdom is a bare :class:`~kingdomino_kit.bitkingdom.BitKingdom` — the state a
:class:`~kingdomino_kit.kingdom.Kingdom` keeps its squares in, with the same rules: its legal
placements come as masks and are only counted, a random index is drawn exactly as ``RandomBot``
draws it (``rng.randrange(len(actions))``, only when there is a choice) and only that placement
is made (:meth:`~kingdomino_kit.bitkingdom.BitKingdom.nth_placement` finds it in the order of
``legal_placements``). The scores are the very rows of :meth:`Game.results
<kingdomino_kit.game.Game.results>` (:func:`~kingdomino_kit.game.game.player_result`).

:func:`play_random` is the drafting loop of :class:`~kingdomino_kit.draft.DraftGame` written
out on ints, in small steps: deal the lines, place (or discard) the domino claimed last round,
claim a free domino of the line, take the claims as the next turn order, and the results. The
tests check that its results equal ``play``'s, game for game.

A playout engine on the fast path would keep this shape and change two things: it would start
from an observation (each kingdom's :meth:`Kingdom.to_bits
<kingdomino_kit.kingdom.Kingdom.to_bits>`, the line and its claims, a deck dealt from the unseen
dominoes) instead of a fresh deal, and it would let a policy choose where these steps draw with
``rng.randrange`` — e.g. greedy, by trying each of the masks' placements with ``put``, scoring,
and ``remove``.

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.game import GameOptions, play
>>> fast = play_random(GameOptions(), 7, [RandomBot(p) for p in range(4)])
>>> slow = play([RandomBot(p) for p in range(4)], GameOptions(), 7)
>>> fast.results == slow.results() and fast.winners == slow.winners()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.bitkingdom import BitKingdom
from kingdomino_kit.dominoes import DOMINOES
from kingdomino_kit.draft import best
from kingdomino_kit.game.game import deal, player_result
from kingdomino_kit.game.options import GameOptions

__all__ = ["FastResult", "play_random"]

# per domino number - 1: (first terrain, first crowns, second terrain, second crowns, double)
_PIECES = [(d.first.terrain_index, d.first.crowns, d.second.terrain_index, d.second.crowns,
            d.is_double) for d in DOMINOES]


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
    rngs: list[random.Random] = [b.rng for b in bots]
    kpp = options.kings_per_player
    strict = options.strict_discard
    deck, order = deal(options, seed)
    kingdoms = [BitKingdom(options.size) for _ in range(options.players)]
    discards = [0] * options.players
    to_place = [0] * options.kings  # by king: the domino number claimed last round
    for line in _lines(deck, options):
        claims = [-1] * len(line)  # by slot of the line: the king on it
        for king in order:
            p = king // kpp
            rng = rngs[p]
            number = to_place[king]
            if number and not _place_or_discard(kingdoms[p], number, rng, strict):
                discards[p] += 1
            if line:
                _claim(claims, king, rng)
        order = _next_order(claims, line, to_place)
    return _results(kingdoms, discards, options)


def _lines(deck: list[int], options: GameOptions) -> list[list[int]]:
    """Each round's line of domino numbers, sorted; after the last, an empty line (the round
    that only places)."""
    n = options.line_size
    return [sorted(deck[i * n:(i + 1) * n]) for i in range(options.rounds)] + [[]]


def _place_or_discard(kingdom: BitKingdom, number: int, rng: random.Random,
                      strict: bool) -> bool:
    """Play a random one of the domino's actions — its legal placements, then the discard
    (offered when there is no placement, or always if not ``strict``); False if discarded."""
    t1, k1, t2, k2, double = _PIECES[number - 1]
    masks = kingdom.legal_masks(t1, t2, double)
    placements = kingdom.placement_count(masks)
    actions = placements if strict and placements else placements + 1
    pick = rng.randrange(actions) if actions > 1 else 0
    if pick == placements:
        return False
    first, second = kingdom.nth_placement(masks, pick)
    kingdom.put(first, second, t1, k1, t2, k2)
    return True


def _claim(claims: list[int], king: int, rng: random.Random) -> None:
    """Put ``king`` on a random free slot of the line."""
    free = [i for i, k in enumerate(claims) if k < 0]
    claims[free[rng.randrange(len(free))] if len(free) > 1 else free[0]] = king


def _next_order(claims: list[int], line: list[int], to_place: list[int]) -> list[int]:
    """The claimed dominoes become the kings' dominoes to place, and their order (lowest
    number first) the next turn order; an unclaimed slot (3 players, lines of 4) drops out."""
    order = []
    for i, king in enumerate(claims):
        if king >= 0:
            to_place[king] = line[i]
            order.append(king)
    return order


def _results(kingdoms: list[BitKingdom], discards: list[int], options: GameOptions
             ) -> FastResult:
    """The rows of :meth:`Game.results` and the winners by the tie-break key."""
    rows = [player_result(p, k, options, discards[p]) for p, k in enumerate(kingdoms)]
    return FastResult(rows, best([(r["score"], r["largest_property"], r["crowns"])
                                  for r in rows]))
