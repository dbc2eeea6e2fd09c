"""Fast random-vs-random games on bitboards: the very games ``play`` gives with RandomBots.

:func:`kingdomino_kit.game.play` with :class:`~kingdomino_kit.bots.RandomBot` players spends most
of its time building lists of :class:`~kingdomino_kit.kingdom.Placement` objects only to pick one.
Here each kingdom is a few ints on the shared :class:`~kingdomino_kit.grid.Geometry`; the legal
placements are counted per direction, a random index is drawn exactly as ``RandomBot`` draws it
(``rng.randrange(len(actions))``, only when there is a choice), and only that placement is made.
The tests check that results equal ``play``'s, game for game.

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

from kingdomino_kit.dominoes import DOMINOES
from kingdomino_kit.game import GameOptions, deal
from kingdomino_kit.grid import geometry
from kingdomino_kit.kingdom import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS

__all__ = ["FastResult", "play_random"]

# per domino: (first terrain, second terrain, first crowns, second crowns, is double)
_HALVES = [(d.first.terrain.index, d.second.terrain.index, d.first.crowns, d.second.crowns,
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
    players = options.players
    kpp = options.kings_per_player
    size = options.size
    g = geometry(size)
    w = g.stride
    castle = g.castle_bit
    shifts = g.shifts
    window = g.window
    cell = g.cell
    strict = options.strict_discard
    deck, order = deal(options, seed)
    line_size = options.line_size
    rounds = options.rounds

    occ = [castle] * players
    terrain = [[0] * 6 for _ in range(players)]
    crown1 = [0] * players
    crown2 = [0] * players
    rmin = [0] * players
    rmax = [0] * players
    cmin = [0] * players
    cmax = [0] * players
    discards = [0] * players
    to_place = [0] * options.kings

    pos = 0
    for r in range(rounds + 1):
        if r < rounds:
            line = sorted(deck[pos:pos + line_size])
            pos += line_size
        else:
            line = []
        claims: list[int] = [-1] * len(line)
        for king in order:
            p = king // kpp
            rng = rngs[p]
            if r:
                # ---- place (or discard) the domino claimed last round
                n = to_place[king]
                t1, t2, k1, k2, double = _HALVES[n - 1]
                o = occ[p]
                free = window(rmin[p], rmax[p], cmin[p], cmax[p]) & ~o
                oks = []
                total = 0
                if free:
                    tm = terrain[p]
                    m1 = tm[t1] | castle
                    m2 = tm[t2] | castle
                    near1 = ((m1 << 1) | (m1 >> 1) | (m1 << w) | (m1 >> w)) & free
                    near2 = ((m2 << 1) | (m2 >> 1) | (m2 << w) | (m2 >> w)) & free
                    for s in shifts[:2] if double else shifts:
                        if s > 0:
                            ok = free & (free >> s) & (near1 | (near2 >> s))
                        else:
                            ok = free & (free << -s) & (near1 | (near2 << -s))
                        if ok:
                            c = ok.bit_count()
                            oks.append((s, ok, c))
                            total += c
                choices = total + (0 if strict and total else 1)
                pick = rng.randrange(choices) if choices > 1 else 0
                if pick >= total:
                    discards[p] += 1
                else:
                    j = 0
                    while pick >= oks[j][2]:
                        pick -= oks[j][2]
                        j += 1
                    s, ok, _ = oks[j]
                    for _ in range(pick):
                        ok &= ok - 1
                    b1 = ok & -ok
                    i1 = b1.bit_length() - 1
                    i2 = i1 + s
                    b2 = 1 << i2
                    occ[p] = o | b1 | b2
                    tm = terrain[p]
                    tm[t1] |= b1
                    tm[t2] |= b2
                    if k1 & 1:
                        crown1[p] |= b1
                    if k1 & 2:
                        crown2[p] |= b1
                    if k2 & 1:
                        crown1[p] |= b2
                    if k2 & 2:
                        crown2[p] |= b2
                    r1, c1 = cell(i1)
                    r2, c2 = cell(i2)
                    if r1 > r2:
                        r1, r2 = r2, r1
                    if c1 > c2:
                        c1, c2 = c2, c1
                    if r1 < rmin[p]:
                        rmin[p] = r1
                    if r2 > rmax[p]:
                        rmax[p] = r2
                    if c1 < cmin[p]:
                        cmin[p] = c1
                    if c2 > cmax[p]:
                        cmax[p] = c2
                if not line:
                    continue
            # ---- claim a free domino of the line
            free_slots = [i for i in range(len(claims)) if claims[i] < 0]
            i = free_slots[rng.randrange(len(free_slots))] if len(free_slots) > 1 \
                else free_slots[0]
            claims[i] = king
        order = []
        for i, king in enumerate(claims):
            if king >= 0:
                to_place[king] = line[i]
                order.append(king)

    results = []
    full = size * size
    for p in range(players):
        base = largest = 0
        c1m, c2m = crown1[p], crown2[p]
        for mask in terrain[p]:
            for comp in g.components(mask):
                squares = comp.bit_count()
                base += squares * ((comp & c1m).bit_count() + 2 * (comp & c2m).bit_count())
                largest = max(largest, squares)
        bonus = 0
        if options.middle_kingdom and rmin[p] == -rmax[p] and cmin[p] == -cmax[p]:
            bonus += MIDDLE_KINGDOM_BONUS
        if options.harmony and occ[p].bit_count() == full:
            bonus += HARMONY_BONUS
        results.append({"player": p, "score": base + bonus, "properties": base, "bonus": bonus,
                         "largest_property": largest,
                         "crowns": c1m.bit_count() + 2 * c2m.bit_count(),
                         "discarded": discards[p]})
    keys = [(x["score"], x["largest_property"], x["crowns"]) for x in results]
    top = max(keys)
    return FastResult(results, [p for p, k in enumerate(keys) if k == top])
