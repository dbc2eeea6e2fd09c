"""The Monte Carlo bots' playouts compiled: a game played on from a position to its end by the
playouts' policies — the one-step greedy (:class:`~kingdomino_kit.game.greedy.GreedyPolicy`
without look-ahead) or random play — all drawing from one generator, as
:func:`~kingdomino_kit.game.montecarlo.evaluate` plays them on a
:class:`~kingdomino_kit.game.playout.BitGame`.

Imported only by :mod:`kingdomino_kit.game.fast.compiled` when numba is installed. The position is
the playout's determinization as arrays (the kingdoms on row bitmasks and cell grids, the kings'
order, the line and its claims, the dominoes to place, the deck still to come) and the move to
judge is played first, for the king to act; then the drafting loop of
:class:`~kingdomino_kit.draft.DraftGame` runs on, the choices valued by the kernels of
:mod:`kingdomino_kit.game.fast.greedy_kernels` (the same floats, ties drawn the same way) and
the draws of :mod:`kingdomino_kit.game.fast.primitives` (Python's generator
restated). Checked playout for playout against the pure-Python engine.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

from kingdomino_kit.game.fast.greedy_kernels import (
    best_after,
    greedy_place,
    greedy_value,
    pick_best,
)
from kingdomino_kit.game.fast.primitives import (
    N,
    kingdom_total,
    legal_masks,
    mt_seed,
    place_random,
    put_nth,
    randbelow,
    sort_into,
)
from kingdomino_kit.game.greedy import NO_PLACEMENT


@nb.njit(cache=True, inline="always")  # its one call (playout): no library of its own
def _place(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
           extent: np.ndarray, size: int, middle: int, harmony: int, greedy: bool,
           hole: float, adjacency: float, piece: np.ndarray, loose: bool, forced: int,
           pieces: np.ndarray, masks: np.ndarray, mt: np.ndarray, kept: np.ndarray,
           n_kept: int) -> None:  # pragma: no cover
    """One placement turn: ``forced`` (the index of the placement, or their count to discard)
    when it is 0 or more, else the policy's choice; ``kept[:n_kept]``: the values of the
    placements, judged when the domino was claimed on this very kingdom (``n_kept`` -1: none)
    — the one-step greedy's own memory, the same floats."""
    if not greedy and forced < 0:
        place_random(rows, occupied, grid, crowns, extent, piece, size, mt, loose, masks)
        return
    count = legal_masks(rows, occupied, extent, piece[0], piece[2], piece[4] != 0, size, masks)
    choices = count + 1 if loose or count == 0 else count
    pick = forced if forced >= 0 else 0
    if forced < 0 and choices > 1:
        if n_kept == count:
            values = np.empty(count + 1, np.float64)
            for i in range(count):  # no slice assignment (numba compiles its error message)
                values[i] = kept[i]
            n = count
            if choices > count:
                figures = np.zeros(4 + 2 * len(grid), np.int64)
                values[n] = greedy_value(rows, occupied, grid, crowns, extent, size, middle,
                                         harmony, hole, adjacency, figures) - NO_PLACEMENT
                n += 1
            pick = pick_best(values, n, mt)
        else:
            no_claims = np.zeros(1, np.int64)
            pick = greedy_place(rows, occupied, grid, crowns, extent, size, middle, harmony,
                                hole, adjacency, piece, no_claims, 0, pieces, choices > count,
                                mt)
    if pick < count:
        put_nth(rows, occupied, grid, crowns, extent, size, masks, pick, piece)


@nb.njit(cache=True, inline="always")  # its one call (_claim_slot): no library of its own
def _claim(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
           extent: np.ndarray, size: int, middle: int, harmony: int, hole: float,
           adjacency: float, claimable: np.ndarray, n_claim: int, pieces: np.ndarray,
           mt: np.ndarray, table: np.ndarray, counts: np.ndarray) -> int:  # pragma: no cover
    """:func:`~kingdomino_kit.game.fast.greedy_kernels.greedy_claim` keeping the values of every
    free domino's placements (``table[j, :counts[j]]``) for the turn that places it."""
    inner = np.zeros((4, 2 * size - 1), np.int64)
    figures = np.zeros(4 + 2 * len(grid), np.int64)
    values = np.empty(n_claim, np.float64)
    for j in range(n_claim):
        counts[j], values[j] = best_after(rows, occupied, grid, crowns, extent, size, middle,
                                           harmony, hole, adjacency, pieces[claimable[j] - 1],
                                           inner, figures, table[j])
    return pick_best(values, n_claim, mt)


@nb.njit(cache=True, inline="always")  # its one call (playout): no library of its own
def _claim_slot(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
                extent: np.ndarray, size: int, middle: int, harmony: int, greedy: bool,
                hole: float, adjacency: float, line: np.ndarray, n_line: int,
                claims: np.ndarray, claim_first: int, pieces: np.ndarray, mt: np.ndarray,
                table: np.ndarray, counts: np.ndarray, free: np.ndarray,
                claimable: np.ndarray) -> tuple[int, int]:  # pragma: no cover
    """The slot a king claims — ``claim_first`` (-1: none), else the greedy choice or a random
    one — and, for a greedy choice, its index among the free slots (its placement values are
    in ``table``; -1 otherwise)."""
    n_free = 0
    for i in range(n_line):
        if claims[i] < 0:
            free[n_free] = i
            n_free += 1
    k = 0
    if claim_first >= 0:
        for i in range(n_free):
            if free[i] == claim_first:
                k = i
        return -1, free[k]
    if n_free > 1:
        if greedy:
            for i in range(n_free):
                claimable[i] = line[free[i]]
            k = _claim(rows, occupied, grid, crowns, extent, size, middle, harmony, hole,
                       adjacency, claimable, n_free, pieces, mt, table, counts)
            return k, free[k]
        k = randbelow(mt, n_free)
    return -1, free[k]


@nb.njit(cache=True)
def playout(size: int, kpp: int, line_size: int, rounds: int, loose: bool, middle: int,
            harmony: int, pieces: np.ndarray, greedy: np.ndarray, hole: float,
            adjacency: float, seed_words: np.ndarray, seed_count: int,
            rows0: np.ndarray, occupied0: np.ndarray, grids0: np.ndarray,
            crowns0: np.ndarray, extents0: np.ndarray, to_place0: np.ndarray,
            order0: np.ndarray, n_order0: int, turn: int, placing: bool, round_: int,
            line0: np.ndarray, n_line0: int, claims0: np.ndarray, deck: np.ndarray,
            first_place: int, first_claim: int) -> Any:  # pragma: no cover
    """Every player's score at the end of the playout from the position (``…0`` arrays,
    copied, never changed) after the king to act plays ``first_place`` (a placement index, or
    the count of placements to discard; -1: none) and ``first_claim`` (a slot; -1: none);
    ``greedy[p]``: the one-step greedy for player ``p``, else random play; one generator
    seeded with ``seed_words`` for every draw."""
    players = rows0.shape[0]
    rows, occupied = rows0.copy(), occupied0.copy()
    grids, crowns, extents = grids0.copy(), crowns0.copy(), extents0.copy()
    to_place, order = to_place0.copy(), order0.copy()
    line, claims = line0.copy(), claims0.copy()
    n_order, n_line = n_order0, n_line0
    mt = np.empty(N + 1, np.uint64)
    mt_seed(seed_words, seed_count, mt)
    masks = np.zeros((4, 2 * size - 1), np.int64)
    free = np.zeros(line_size, np.int64)
    claimable = np.zeros(line_size, np.int64)
    kings = to_place.shape[0]
    cells = 4 * (2 * size) * (2 * size)
    table = np.zeros((line_size, cells), np.float64)
    counts = np.zeros(line_size, np.int64)
    kept = np.zeros((kings, cells), np.float64)
    n_kept = np.full(kings, -1, np.int64)  # -1: nothing kept for this king's domino
    kept_at = np.zeros(kings, np.int64)  # the kingdom's version the values were judged on
    version = np.zeros(players, np.int64)
    drawn, t, r = 0, turn, round_
    place_first, claim_first = first_place, first_claim
    while True:
        while t < n_order:
            king = order[t]
            p = king // kpp
            if placing:
                valid = n_kept[king] if kept_at[king] == version[p] else -1
                _place(rows[p], occupied[p], grids[p], crowns[p], extents[p], size, middle,
                       harmony, greedy[p], hole, adjacency, pieces[to_place[king] - 1], loose,
                       place_first, pieces, masks, mt, kept[king], valid)
                to_place[king] = 0
                n_kept[king] = -1
                version[p] += 1
            place_first = -1
            if n_line:
                k, slot = _claim_slot(rows[p], occupied[p], grids[p], crowns[p], extents[p],
                                      size, middle, harmony, greedy[p], hole, adjacency, line,
                                      n_line, claims, claim_first, pieces, mt, table, counts,
                                      free, claimable)
                if k >= 0:  # the greedy choice: its domino's placement values are kept
                    n_kept[king] = counts[k]
                    for i in range(counts[k]):
                        kept[king, i] = table[k, i]
                    kept_at[king] = version[p]
                claims[slot] = king
            claim_first = -1
            t += 1
            placing = r > 0
        for i in range(n_line):
            if claims[i] >= 0:
                to_place[claims[i]] = line[i]
        if r == rounds:
            break
        n_order = 0
        for i in range(n_line):
            if claims[i] >= 0:
                order[n_order] = claims[i]
                n_order += 1
        r += 1
        n_line = 0
        if r < rounds:
            sort_into(line, deck[drawn:drawn + line_size])
            drawn += line_size
            n_line = line_size
        claims[:] = -1
        t = 0
        placing = True
    return _totals(occupied, grids, crowns, extents, size, middle, harmony)


@nb.njit(cache=True, inline="always")  # its one call (playout): no library of its own
def _totals(occupied: np.ndarray, grids: np.ndarray, crowns: np.ndarray, extents: np.ndarray,
            size: int, middle: int, harmony: int) -> Any:  # pragma: no cover
    """Every player's score with the bonuses in play."""
    players = occupied.shape[0]
    out = np.zeros(players, np.int64)
    figures = np.zeros(4 + 2 * grids.shape[1], np.int64)
    for p in range(players):
        out[p] = kingdom_total(occupied[p], grids[p], crowns[p], extents[p], size, middle,
                               harmony, figures)
    return out
