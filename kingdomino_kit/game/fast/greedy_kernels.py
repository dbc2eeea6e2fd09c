"""The compiled greedy player of :mod:`kingdomino_kit.game.fast.compiled`: games between ``random``
and ``greedy`` bots with numba.

Imported only by :mod:`kingdomino_kit.game.fast.compiled` when numba is installed. The greedy values
of :class:`~kingdomino_kit.game.greedy.Greedy` — the score with the bonuses on, ``hole`` off per
cell no domino can cover, ``adjacency`` per pair of neighbour squares of one terrain, one domino
of look-ahead — restated on row bitmasks and a cell grid, valued by brute force (every
placement put, scored by flood fill, taken back), as the same floats in the same order, ties
drawn as :func:`~kingdomino_kit.game.greedy.pick_best` draws them; the drafting loop as
:class:`~kingdomino_kit.game.playout.BitGame` runs it. Checked game for game against the
pure-Python engine.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

from kingdomino_kit.game.fast.primitives import (
    BOOL,
    CASTLE,
    EMPTY,
    F64,
    FLOAT,
    I8,
    I64,
    I64_2,
    INT,
    U64,
    N,
    bit_count,
    kernel,
    kingdom_total,
    legal_masks,
    mt_seed,
    nth_cells,
    place_random,
    put_nth,
    put_piece,
    randbelow,
    shuffle,
    sort_into,
    take_piece,
)
from kingdomino_kit.game.greedy import NO_PLACEMENT


@nb.njit(cache=True)
def _holes(occupied: np.ndarray, extent: np.ndarray, size: int) -> int:  # pragma: no cover
    """Free cells (the kingdom still fits with a square there) with no free neighbour."""
    o = size - 1
    span = 2 * size - 1
    rlo, rhi = max(extent[1] - size + 1, -o) + o, min(extent[0] + size - 1, o) + o
    clo, chi = max(extent[3] - size + 1, -o) + o, min(extent[2] + size - 1, o) + o
    columns = ((1 << (chi + 1)) - 1) ^ ((1 << clo) - 1)
    count = 0
    above = 0
    for r in range(span):
        here = columns & ~occupied[r] if rlo <= r <= rhi else 0
        below = columns & ~occupied[r + 1] if r + 1 < span and rlo <= r + 1 <= rhi else 0
        count += bit_count(here & ~((here << 1) | (here >> 1) | above | below))
        above = here
    return count


@nb.njit(cache=True)
def _pairs(rows: np.ndarray, size: int) -> int:  # pragma: no cover
    span = 2 * size - 1
    n = 0
    for t in range(6):
        for r in range(span):
            m = rows[t, r]
            n += bit_count(m & (m >> 1))
            if r + 1 < span:
                n += bit_count(m & rows[t, r + 1])
    return n


@nb.njit(cache=True)
def _near(rows: np.ndarray, t: int, r: int, c: int, size: int) -> Any:  # pragma: no cover
    """Squares of terrain ``t`` beside cell (r, c) (row and column offsets)."""
    span = 2 * size - 1
    n = ((rows[t, r] >> (c + 1)) & 1) + (((rows[t, r] >> (c - 1)) & 1) if c >= 1 else 0)
    if r + 1 < span:
        n += (rows[t, r + 1] >> c) & 1
    if r >= 1:
        n += (rows[t, r - 1] >> c) & 1
    return n


@nb.njit(cache=True)
def greedy_value(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
           extent: np.ndarray, size: int, middle: int, harmony: int, hole: float,
           adjacency: float, figures: np.ndarray) -> Any:  # pragma: no cover
    """``Greedy.value``: total − hole × holes + adjacency × pairs."""
    total = kingdom_total(occupied, grid, crowns, extent, size, middle, harmony, figures)
    return total - hole * _holes(occupied, extent, size) + adjacency * _pairs(rows, size)


@nb.njit(cache=True)
def best_after(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
                extent: np.ndarray, size: int, middle: int, harmony: int, hole: float,
                adjacency: float, piece: np.ndarray, masks: np.ndarray, figures: np.ndarray,
                out: np.ndarray) -> Any:  # pragma: no cover
    """``Greedy.after`` into ``out`` (returns how many) and their best, or, when the domino fits
    nowhere, 0 and ``value − NO_PLACEMENT``."""
    t1, t2 = piece[0], piece[2]
    count = legal_masks(rows, occupied, extent, t1, t2, piece[4] != 0, size, masks)
    if count == 0:
        return 0, greedy_value(rows, occupied, grid, crowns, extent, size, middle, harmony, hole,
                         adjacency, figures) - NO_PLACEMENT
    base = adjacency * (_pairs(rows, size) + (1 if t1 == t2 else 0))
    saved = extent.copy()
    best = -np.inf
    for n in range(count):
        r, c, r2, c2 = nth_cells(masks, size, n)
        pairs = _near(rows, t1, r, c, size) + _near(rows, t2, r2, c2, size)
        put_piece(rows, occupied, grid, crowns, extent, size, r, c, r2, c2, piece)
        total = kingdom_total(occupied, grid, crowns, extent, size, middle, harmony, figures)
        v = total + base + adjacency * pairs - hole * _holes(occupied, extent, size)
        take_piece(rows, occupied, grid, crowns, extent, size, r, c, r2, c2, piece, saved)
        out[n] = v
        if v > best:
            best = v
    return count, best


@kernel((F64, INT, U64))
def pick_best(values: np.ndarray, n: int, mt: np.ndarray) -> int:  # pragma: no cover
    top = -np.inf
    for i in range(n):
        if values[i] > top:
            top = values[i]
    ties = 0
    for i in range(n):
        if values[i] > top - 1e-9:
            ties += 1
    k = randbelow(mt, ties) if ties > 1 else 0
    for i in range(n):
        if values[i] > top - 1e-9:
            if k == 0:
                return i
            k -= 1
    return -1


@kernel((I64_2, I64, I8, I8, I64, INT, INT, INT, FLOAT, FLOAT, I64, I64, INT, I64_2, BOOL, U64))
def greedy_place(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
                 extent: np.ndarray, size: int, middle: int, harmony: int, hole: float,
                 adjacency: float, piece: np.ndarray, claimable: np.ndarray, n_claim: int,
                 pieces: np.ndarray, discard: bool, mt: np.ndarray) -> int:  # pragma: no cover
    """``Greedy.choose_placement`` (with the look-ahead over ``claimable``): the index of the
    placement, ``count`` for the discard."""
    masks = np.zeros((4, 2 * size - 1), np.int64)
    inner = np.zeros((4, 2 * size - 1), np.int64)
    figures = np.zeros(4 + 2 * len(grid), np.int64)
    scratch = np.zeros(4 * (2 * size) * (2 * size), np.float64)
    count = legal_masks(rows, occupied, extent, piece[0], piece[2], piece[4] != 0, size, masks)
    values = np.empty(count + 1, np.float64)
    saved = extent.copy()
    if n_claim == 0:
        n, _ = best_after(rows, occupied, grid, crowns, extent, size, middle, harmony, hole,
                           adjacency, piece, inner, figures, values)
        if discard:
            values[n] = greedy_value(rows, occupied, grid, crowns, extent, size, middle, harmony,
                               hole, adjacency, figures) - NO_PLACEMENT
            n += 1
        return pick_best(values, n, mt)
    for n in range(count):
        r, c, r2, c2 = nth_cells(masks, size, n)
        put_piece(rows, occupied, grid, crowns, extent, size, r, c, r2, c2, piece)
        best = -np.inf
        for j in range(n_claim):
            _, v = best_after(rows, occupied, grid, crowns, extent, size, middle, harmony, hole,
                              adjacency, pieces[claimable[j] - 1], inner, figures, scratch)
            if v > best:
                best = v
        take_piece(rows, occupied, grid, crowns, extent, size, r, c, r2, c2, piece, saved)
        values[n] = best
    n = count
    if discard:
        best = -np.inf
        for j in range(n_claim):
            _, v = best_after(rows, occupied, grid, crowns, extent, size, middle, harmony,
                               hole, adjacency, pieces[claimable[j] - 1], inner, figures,
                               scratch)
            if v - NO_PLACEMENT > best:
                best = v - NO_PLACEMENT
        values[n] = best
        n += 1
    return pick_best(values, n, mt)


@nb.njit(cache=True, inline="always")  # its one call (play): no library of its own
def greedy_claim(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
                 extent: np.ndarray, size: int, middle: int, harmony: int, hole: float,
                 adjacency: float, claimable: np.ndarray, n_claim: int, pieces: np.ndarray,
                 mt: np.ndarray) -> int:  # pragma: no cover
    """``Greedy.choose_claim``: the index in ``claimable`` of the domino worth most."""
    inner = np.zeros((4, 2 * size - 1), np.int64)
    figures = np.zeros(4 + 2 * len(grid), np.int64)
    scratch = np.zeros(4 * (2 * size) * (2 * size), np.float64)
    values = np.empty(n_claim, np.float64)
    for j in range(n_claim):
        _, values[j] = best_after(rows, occupied, grid, crowns, extent, size, middle, harmony,
                                   hole, adjacency, pieces[claimable[j] - 1], inner, figures,
                                   scratch)
    return pick_best(values, n_claim, mt)


@nb.njit(cache=True, inline="always")  # its one call (play): no library of its own
def new_kingdoms(players: int, size: int) -> tuple[Any, Any, Any, Any, Any]:  # pragma: no cover
    """Every player's kingdom with its castle alone: terrain rows, occupied rows, the grid of
    cells, their crowns and the extent."""
    span = 2 * size - 1
    stride = span + 1
    o = size - 1
    grids = np.full((players, span * stride), EMPTY, np.int8)
    crowns = np.zeros((players, span * stride), np.int8)
    extents = np.zeros((players, 4), np.int64)
    rows = np.zeros((players, 6, span), np.int64)
    occupied = np.zeros((players, span), np.int64)
    for p in range(players):
        grids[p, o * stride + o] = CASTLE
        occupied[p, o] = 1 << o
    return rows, occupied, grids, crowns, extents


@nb.njit(cache=True, inline="always")  # its one call (play): no library of its own
def place_turn(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
               extent: np.ndarray, size: int, middle: int, harmony: int, greedy: bool,
               hole: float, adjacency: float, piece: np.ndarray, loose: bool,
               claimable: np.ndarray, n_claim: int, pieces: np.ndarray, mt: np.ndarray,
               masks: np.ndarray) -> bool:  # pragma: no cover
    """One king's placement, by the greedy player (``greedy``) or at random; False: the
    domino is discarded."""
    if not greedy:
        return place_random(rows, occupied, grid, crowns, extent, piece, size, mt, loose, masks)
    count = legal_masks(rows, occupied, extent, piece[0], piece[2], piece[4] != 0, size, masks)
    choices = count + 1 if loose or count == 0 else count
    pick = 0
    if choices > 1:
        pick = greedy_place(rows, occupied, grid, crowns, extent, size, middle, harmony, hole,
                            adjacency, piece, claimable, n_claim, pieces, choices > count, mt)
    if pick >= count:
        return False
    put_nth(rows, occupied, grid, crowns, extent, size, masks, pick, piece)
    return True


@nb.njit(cache=True)
def play(size: int, players: int, kings_per_player: int, line_size: int, deck_size: int,
         loose: bool, middle: int, harmony: int, pieces: np.ndarray, seeds: np.ndarray,
         seed_words: np.ndarray, greedy: np.ndarray, holes: np.ndarray,
         adjacencies: np.ndarray) -> np.ndarray:  # pragma: no cover
    """One game between random bots and greedy ones (``greedy[p]``, with weights
    ``holes[p]``, ``adjacencies[p]``): ``seeds[0]`` deals, ``seeds[1 + p]`` is player ``p``'s
    bot (each as ``seed_words[k]`` 32-bit words, their count in ``seeds``); per player the
    score, property points, bonus, largest property, crowns and discards."""
    kings = players * kings_per_player
    states = np.empty((players + 1, N + 1), np.uint64)
    for k in range(players + 1):
        mt_seed(seed_words[k], seeds[k], states[k])
    from_deck = np.arange(1, 49, dtype=np.int64)
    shuffle(states[0], from_deck)
    order = np.arange(kings, dtype=np.int64)
    shuffle(states[0], order)
    rows, occupied, grids, crowns, extents = new_kingdoms(players, size)
    masks = np.zeros((4, 2 * size - 1), np.int64)
    discards = np.zeros(players, np.int64)
    to_place = np.zeros(kings, np.int64)
    rounds = deck_size // line_size
    line = np.zeros(line_size, np.int64)
    claims = np.zeros(line_size, np.int64)
    free = np.zeros(line_size, np.int64)
    claimable = np.zeros(line_size, np.int64)
    n_order = kings
    for round_ in range(rounds + 1):
        n_line = line_size if round_ < rounds else 0
        if n_line:
            sort_into(line, from_deck[round_ * line_size:(round_ + 1) * line_size])
        claims[:] = -1
        n_free = n_line
        for i in range(n_free):
            free[i] = i
        for t in range(n_order):
            king = order[t]
            p = king // kings_per_player
            mt = states[1 + p]
            for i in range(n_free):
                claimable[i] = line[free[i]]
            if round_ > 0 and not place_turn(
                    rows[p], occupied[p], grids[p], crowns[p], extents[p], size, middle,
                    harmony, greedy[p], holes[p], adjacencies[p], pieces[to_place[king] - 1],
                    loose, claimable, n_free, pieces, mt, masks):
                discards[p] += 1
            if n_free:
                k = 0
                if n_free > 1:
                    if greedy[p]:
                        k = greedy_claim(rows[p], occupied[p], grids[p], crowns[p],
                                         extents[p], size, middle, harmony, holes[p],
                                         adjacencies[p], claimable, n_free, pieces, mt)
                    else:
                        k = randbelow(mt, n_free)
                slot = free[k]
                for m in range(k, n_free - 1):
                    free[m] = free[m + 1]
                n_free -= 1
                claims[slot] = king
        n_order = 0
        for i in range(n_line):
            if claims[i] >= 0:
                to_place[claims[i]] = line[i]
                order[n_order] = claims[i]
                n_order += 1
    return results(occupied, grids, crowns, extents, size, middle, harmony, discards)


@nb.njit(cache=True, inline="always")  # its one call (play): no library of its own
def results(occupied: np.ndarray, grids: np.ndarray, crowns: np.ndarray, extents: np.ndarray,
            size: int, middle: int, harmony: int, discards: np.ndarray
            ) -> np.ndarray:  # pragma: no cover
    """Per player: score, property points, bonus, largest property, crowns and discards."""
    players = len(discards)
    out = np.zeros((players, 6), np.int64)
    figures = np.zeros(4 + 2 * grids.shape[1], np.int64)
    for p in range(players):
        total = kingdom_total(occupied[p], grids[p], crowns[p], extents[p], size, middle,
                              harmony, figures)
        out[p, 0] = total
        out[p, 1] = figures[0]
        out[p, 2] = total - figures[0]
        out[p, 3] = figures[1]
        out[p, 4] = figures[2]
        out[p, 5] = discards[p]
    return out
