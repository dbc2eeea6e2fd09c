"""Fast games between random and greedy bots: the very games ``play`` gives with them.

:func:`kingdomino_kit.game.play` with :class:`~kingdomino_kit.bots.RandomBot` players spends most
of its time building lists of :class:`~kingdomino_kit.kingdom.Placement` objects only to pick one.
:func:`play_random` plays the whole game in one loop on kingdoms kept as lists of ints — the
masks of :meth:`BitKingdom.legal_masks <kingdomino_kit.bitkingdom.BitKingdom.legal_masks>`,
only counted, and only the placement drawn made — each bot's RNG drawing exactly as
``RandomBot`` draws (``rng.randrange(len(actions))``, only when there is a choice). The readable
version of the same game is a :class:`~kingdomino_kit.game.playout.BitGame` run by
:class:`~kingdomino_kit.game.playout.RandomPolicy` players (the drafting loop of
:class:`~kingdomino_kit.draft.DraftGame`, the rules written once). :func:`play_fast` adds greedy
bots, played by :class:`~kingdomino_kit.game.greedy.GreedyPolicy` on a ``BitGame``. The results
are the very rows of :meth:`Game.results <kingdomino_kit.game.Game.results>`; the tests check
them game for game, and against games recorded before these paths were made faster.
:mod:`kingdomino_kit.game.compiled` plays the same games compiled, when numba is installed.

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

from kingdomino_kit.bitkingdom import BONUS_TESTS
from kingdomino_kit.bots import RandomBot
from kingdomino_kit.draft import best, shuffled_deal
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.bots import GreedyBot
from kingdomino_kit.game.greedy import Greedy, GreedyPolicy
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.game.playout import PIECES, BitGame, Policy, RandomPolicy
from kingdomino_kit.grid import Geometry, geometry
from kingdomino_kit.rules import POINTS

_BOX = tuple(range(1, 49))

__all__ = ["FastResult", "fast_bots", "play_fast", "play_random"]


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
    players = options.players
    kpp = options.kings_per_player
    line_size = options.line_size
    deck, order = shuffled_deal(_BOX, options.kings, options.deck_size, seed)
    rounds = len(deck) // line_size
    g = geometry(options.size)
    # each kingdom: its terrain masks, then crowns (bit planes 1 and 2), occupied cells, extent
    states = [[0] * 6 + [0, 0, g.castle_bit, 0, 0, 0, 0] for _ in range(players)]
    draws = [b.rng._randbelow for b in bots]  # what rng.randrange(n) draws, for n >= 1
    discards = [0] * players
    loose = not options.strict_discard
    to_place = [0] * options.kings
    for round_ in range(rounds + 1):
        line = sorted(deck[round_ * line_size:(round_ + 1) * line_size])
        claims = [-1] * len(line)
        free = list(range(len(line)))
        for king in order:
            player = king // kpp
            draw = draws[player]
            if round_ and not _place(g, states[player], to_place[king], draw, loose):
                discards[player] += 1
            if free:
                slot = free.pop(draw(len(free))) if len(free) > 1 else free.pop()
                claims[slot] = king
        for i, king in enumerate(claims):
            if king >= 0:
                to_place[king] = line[i]
        order = [k for k in claims if k >= 0]
    results = [_result(p, g, states[p], options, discards[p]) for p in range(players)]
    keys = [(r["score"], r["largest_property"], r["crowns"]) for r in results]
    return FastResult(results, best(keys))


def fast_bots(bots: Sequence[Any]) -> bool:
    """True if :func:`play_fast` plays these bots: ``random`` and ``greedy`` ones only.

    >>> from kingdomino_kit.bots import RandomBot, make_bot
    >>> fast_bots([RandomBot(1), make_bot("greedy", 2)]), fast_bots([make_bot("mce", 1)] * 2)
    (True, False)
    """
    return all(type(b) is RandomBot or type(b) is GreedyBot for b in bots)


def play_fast(options: GameOptions, seed: int, bots: Sequence[Any]) -> FastResult:
    """The game ``play(bots, options, seed)`` plays between ``random`` and ``greedy`` bots
    (:func:`fast_bots`), and its results: random bots only by :func:`play_random`; with greedy
    bots on a :class:`~kingdomino_kit.game.playout.BitGame`, each greedy bot's choices made by
    a :class:`~kingdomino_kit.game.greedy.GreedyPolicy` with its weights and its RNG (the same
    choices with the same draws), each random bot's by a
    :class:`~kingdomino_kit.game.playout.RandomPolicy`.

    >>> from kingdomino_kit.bots import RandomBot, make_bot
    >>> from kingdomino_kit.game import play
    >>> fast = play_fast(GameOptions(players=2), 3, [make_bot("greedy", 1), RandomBot(2)])
    >>> fast.results == play([make_bot("greedy", 1), RandomBot(2)], GameOptions(players=2),
    ...                      3).results()
    True
    """
    if not fast_bots(bots):
        raise KingdominoError("play_fast plays random and greedy bots only")
    if all(type(b) is RandomBot for b in bots):
        return play_random(options, seed, bots)
    game = BitGame(options, seed)
    policies: list[Policy] = [
        RandomPolicy(b.rng) if type(b) is RandomBot else
        GreedyPolicy(Greedy(options, hole=b.hole, adjacency=b.adjacency), b.rng) for b in bots]
    game.run(policies)
    return FastResult(game.results(), game.winners())


def _place(g: Geometry, state: list[int], number: int, draw: Any, loose: bool) -> bool:
    """Put domino ``number`` at a random legal placement, drawn as ``RandomBot`` draws among
    the legal actions (False: it is discarded). :meth:`BitKingdom.legal_masks
    <kingdomino_kit.bitkingdom.BitKingdom.legal_masks>`, ``nth_placement`` and ``put`` on a
    kingdom kept as a list of ints (``play_random``'s ``states``)."""
    t1, k1, t2, k2, double = PIECES[number - 1]
    w = g.stride
    o = g.offset
    rmin, rmax, cmin, cmax = state[9], state[10], state[11], state[12]
    free = g._row_window[rmin + o][rmax + o] & g._col_window[cmin + o][cmax + o] & ~state[8]
    count = 0
    if free:
        castle = g.castle_bit
        m1 = state[t1] | castle
        m2 = state[t2] | castle
        near1 = ((m1 << 1) | (m1 >> 1) | (m1 << w) | (m1 >> w)) & free
        near2 = ((m2 << 1) | (m2 >> 1) | (m2 << w) | (m2 >> w)) & free
        masks = (free & (free >> 1) & (near1 | (near2 >> 1)),
                 free & (free >> w) & (near1 | (near2 >> w)),
                 0 if double else free & (free << 1) & (near1 | (near2 << 1)),
                 0 if double else free & (free << w) & (near1 | (near2 << w)))
        count = (masks[0].bit_count() + masks[1].bit_count() + masks[2].bit_count()
                 + masks[3].bit_count())
    choices = count + 1 if loose or not count else count
    pick = draw(choices) if choices > 1 else 0
    if pick >= count:
        return False
    for d in range(4):  # the placement ``pick``: direction by direction, low bit first
        mask = masks[d]
        n = mask.bit_count()
        if pick < n:
            for _ in range(pick):
                mask &= mask - 1
            first = (mask & -mask).bit_length() - 1
            second = first + g.shifts[d]
            break
        pick -= n
    a = 1 << first
    b = 1 << second
    state[8] |= a | b
    state[t1] |= a
    state[t2] |= b
    if k1 & 1:
        state[6] |= a
    if k1 & 2:
        state[7] |= a
    if k2 & 1:
        state[6] |= b
    if k2 & 2:
        state[7] |= b
    row_of, col_of = g.row_of, g.col_of
    r1, r2, c1, c2 = row_of[first], row_of[second], col_of[first], col_of[second]
    state[9] = min(rmin, r1, r2)
    state[10] = max(rmax, r1, r2)
    state[11] = min(cmin, c1, c2)
    state[12] = max(cmax, c1, c2)
    return True


def _result(player: int, g: Geometry, state: list[int], options: GameOptions, discarded: int
            ) -> dict[str, Any]:
    """The row of :func:`~kingdomino_kit.game.game.player_result`: score and largest property
    from one flood fill of every property (the kingdom's own methods fill twice)."""
    rmin, rmax, cmin, cmax, occupied = state[9], state[10], state[11], state[12], state[8]
    w = g.stride
    base = (rmin + g.offset) * w + cmin + g.offset
    c1, c2 = state[6] >> base, state[7] >> base
    crowned = c1 | c2
    score = largest = 0
    for region in state[:6]:
        region >>= base
        while region:
            comp = region & -region
            while True:
                grown = (comp | (comp << 1) | (comp >> 1) | (comp << w) | (comp >> w)) & region
                if grown == comp:
                    break
                comp = grown
            region ^= comp
            size = comp.bit_count()
            if size > largest:
                largest = size
            if comp & crowned:
                score += size * ((comp & c1).bit_count() + 2 * (comp & c2).bit_count())
    bonus = sum(POINTS[name] for name in options.rules.bonuses
                if BONUS_TESTS[name](g.size, rmin, rmax, cmin, cmax, occupied))
    return {"player": player, "score": score + bonus, "properties": score, "bonus": bonus,
            "largest_property": largest,
            "crowns": state[6].bit_count() + 2 * state[7].bit_count(), "discarded": discarded}
