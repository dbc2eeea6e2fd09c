"""The compiled kernels of :mod:`kingdomino_kit.game.fast.compiled`: random games with numba.

Imported only by :mod:`kingdomino_kit.game.fast.compiled`, and only when numba is installed (the
optional extra ``fast``); compiled on first use and cached on disk. Everything here restates
rules written elsewhere, for speed, and is checked game for game against them:

- Python's Mersenne Twister as ``random.Random`` seeds and draws it (``init_by_array`` from an
  integer seed's 32-bit words, ``getrandbits``, ``_randbelow``, ``shuffle``), so a game draws
  exactly what the kit's bots draw;
- the drafting loop of :class:`~kingdomino_kit.draft.DraftGame` and the placement rules of
  :meth:`BitKingdom.legal_masks <kingdomino_kit.bitkingdom.BitKingdom.legal_masks>` on a grid
  of cells with the same indices (one pad column per row), placements listed in the same order
  (direction by direction, cell index first), and the scores of
  :class:`~kingdomino_kit.bitkingdom.BitKingdom` by flood fill.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

N = 624
M = 397
MASK32 = np.uint64(0xFFFFFFFF)
CASTLE = 6
EMPTY = -1


@nb.njit(cache=True)
def mt_seed(words: np.ndarray, count: int, state: np.ndarray) -> None:  # pragma: no cover
    """``random.Random(n)``: ``init_by_array`` of ``n``'s first ``count`` 32-bit words;
    ``state[:624]`` the words, ``state[624]`` the index."""
    mt = state
    mt[0] = np.uint64(19650218)
    for i in range(1, N):
        prev = mt[i - 1]
        mt[i] = (np.uint64(1812433253) * (prev ^ (prev >> np.uint64(30))) + np.uint64(i)) \
            & MASK32
    i = 1
    j = 0
    k = N if count < N else count
    while k > 0:
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1664525)))
                 + words[j] + np.uint64(j)) & MASK32
        i += 1
        j += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= count:
            j = 0
        k -= 1
    k = N - 1
    while k > 0:
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1566083941)))
                 - np.uint64(i)) & MASK32
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        k -= 1
    mt[0] = np.uint64(0x80000000)
    mt[N] = np.uint64(N)


@nb.njit(cache=True)
def mt_next(mt: np.ndarray) -> Any:  # pragma: no cover
    """The next 32-bit output (``genrand_uint32``)."""
    if mt[N] >= np.uint64(N):
        upper = np.uint64(0x80000000)
        lower = np.uint64(0x7FFFFFFF)
        matrix = np.uint64(0x9908B0DF)
        for kk in range(N):
            y = (mt[kk] & upper) | (mt[(kk + 1) % N] & lower)
            mt[kk] = mt[(kk + M) % N] ^ (y >> np.uint64(1))
            if y & np.uint64(1):
                mt[kk] ^= matrix
        mt[N] = np.uint64(0)
    y = mt[int(mt[N])]
    mt[N] += np.uint64(1)
    y ^= y >> np.uint64(11)
    y ^= (y << np.uint64(7)) & np.uint64(0x9D2C5680)
    y ^= (y << np.uint64(15)) & np.uint64(0xEFC60000)
    y ^= y >> np.uint64(18)
    return y & MASK32


@nb.njit(cache=True)
def randbelow(mt: np.ndarray, n: int) -> Any:  # pragma: no cover
    """``random.Random._randbelow(n)`` for 1 <= n < 2**32."""
    k = 0
    m = n
    while m:
        k += 1
        m >>= 1
    shift = np.uint64(32 - k)
    r = np.int64(mt_next(mt) >> shift)
    while r >= n:
        r = np.int64(mt_next(mt) >> shift)
    return r


@nb.njit(cache=True)
def shuffle(mt: np.ndarray, items: np.ndarray) -> None:  # pragma: no cover
    """``random.Random.shuffle``."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(mt, i + 1)
        items[i], items[j] = items[j], items[i]


@nb.njit(cache=True)
def bit_count(x: int) -> int:  # pragma: no cover
    """The set bits of ``x``."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@nb.njit(cache=True)
def _masks(rows: np.ndarray, occupied: np.ndarray, extent: np.ndarray, t1: int, t2: int,
           double: bool, size: int, out: np.ndarray) -> int:  # pragma: no cover
    """:meth:`BitKingdom.legal_masks <kingdomino_kit.bitkingdom.BitKingdom.legal_masks>` row by
    row: ``out[d, r]`` the columns (bit ``c + offset``) of row ``r + offset`` where a first half
    may go with the second in direction ``d`` (right, down, left, up; a double: right and down
    only); ``rows[t, r]`` the squares of terrain ``t``, ``occupied[r]`` every square and the
    castle. Returns how many placements."""
    o = size - 1
    span = 2 * size - 1
    rmin, rmax, cmin, cmax = extent[0], extent[1], extent[2], extent[3]
    rlo, rhi = max(rmax - size + 1, -o) + o, min(rmin + size - 1, o) + o
    clo, chi = max(cmax - size + 1, -o) + o, min(cmin + size - 1, o) + o
    columns = ((1 << (chi + 1)) - 1) ^ ((1 << clo) - 1)
    free = np.zeros(span + 4, np.int64)  # two empty rows above and below
    m1 = np.zeros(span + 4, np.int64)
    m2 = np.zeros(span + 4, np.int64)
    for r in range(span):
        if rlo <= r <= rhi:
            free[r + 2] = columns & ~occupied[r]
        m1[r + 2] = rows[t1, r]
        m2[r + 2] = rows[t2, r]
    m1[o + 2] |= 1 << o  # the castle
    m2[o + 2] |= 1 << o
    count = 0
    out[:, :] = 0
    for r in range(rlo, rhi + 1):
        k = r + 2
        f = free[k]
        if not f:
            continue
        near1 = ((m1[k] << 1) | (m1[k] >> 1) | m1[k - 1] | m1[k + 1]) & f
        near2 = ((m2[k] << 1) | (m2[k] >> 1) | m2[k - 1] | m2[k + 1]) & f
        below, above = free[k + 1], free[k - 1]
        near2_below = ((m2[k + 1] << 1) | (m2[k + 1] >> 1) | m2[k] | m2[k + 2]) & below
        right = f & (f >> 1) & (near1 | (near2 >> 1))
        down = f & below & (near1 | near2_below)
        out[0, r] = right
        out[1, r] = down
        count += bit_count(right) + bit_count(down)
        if not double:
            near2_above = ((m2[k - 1] << 1) | (m2[k - 1] >> 1) | m2[k - 2] | m2[k]) & above
            left = f & (f << 1) & (near1 | (near2 << 1))
            up = f & above & (near1 | near2_above)
            out[2, r] = left
            out[3, r] = up
            count += bit_count(left) + bit_count(up)
    return count


@nb.njit(cache=True)
def _put(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
         extent: np.ndarray, size: int, r: int, c: int, r2: int, c2: int, piece: np.ndarray
         ) -> None:  # pragma: no cover
    o = size - 1
    stride = 2 * size
    t1, k1, t2, k2 = piece[0], piece[1], piece[2], piece[3]
    rows[t1, r] |= 1 << c
    rows[t2, r2] |= 1 << c2
    occupied[r] |= 1 << c
    occupied[r2] |= 1 << c2
    grid[r * stride + c] = t1
    crowns[r * stride + c] = k1
    grid[r2 * stride + c2] = t2
    crowns[r2 * stride + c2] = k2
    extent[0] = min(extent[0], r - o, r2 - o)
    extent[1] = max(extent[1], r - o, r2 - o)
    extent[2] = min(extent[2], c - o, c2 - o)
    extent[3] = max(extent[3], c - o, c2 - o)


@nb.njit(cache=True)
def _second(d: int, r: int, c: int) -> tuple[int, int]:  # pragma: no cover
    if d == 0:
        return r, c + 1
    if d == 1:
        return r + 1, c
    if d == 2:
        return r, c - 1
    return r - 1, c


@nb.njit(cache=True)
def put_nth(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
            extent: np.ndarray, size: int, masks: np.ndarray, pick: int, piece: np.ndarray
            ) -> None:  # pragma: no cover
    """Put ``piece`` on the ``pick``-th legal placement of ``masks`` (their order: direction,
    row, column)."""
    span = 2 * size - 1
    for d in range(4):
        for r in range(span):
            mask = masks[d, r]
            k = bit_count(mask)
            if pick >= k:
                pick -= k
                continue
            for _ in range(pick):
                mask &= mask - 1
            c = 0
            while not (mask >> c) & 1:
                c += 1
            r2, c2 = _second(d, r, c)
            _put(rows, occupied, grid, crowns, extent, size, r, c, r2, c2, piece)
            return


@nb.njit(cache=True)
def place_random(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
                 extent: np.ndarray, piece: np.ndarray, size: int, mt: np.ndarray, loose: bool,
                 masks: np.ndarray) -> bool:  # pragma: no cover
    """A random legal placement of ``piece`` (t1, k1, t2, k2, double), drawn as ``RandomBot``
    draws among the legal actions; False when the domino is discarded (``masks``: scratch)."""
    count = _masks(rows, occupied, extent, piece[0], piece[2], piece[4] != 0, size, masks)
    choices = count + 1 if loose or count == 0 else count
    pick = randbelow(mt, choices) if choices > 1 else 0
    if pick >= count:
        return False
    put_nth(rows, occupied, grid, crowns, extent, size, masks, pick, piece)
    return True


@nb.njit(cache=True)
def score(grid: np.ndarray, crowns: np.ndarray, stride: int, out: np.ndarray
          ) -> None:  # pragma: no cover
    """``out[:3]`` = property points, largest property, crowns (flood fill of every property)."""
    cells = len(grid)
    seen = np.zeros(cells, np.bool_)
    stack = np.empty(cells, np.int64)
    points = largest = total_crowns = 0
    for start in range(cells):
        t = grid[start]
        if t < 0 or t == CASTLE or seen[start]:
            continue
        seen[start] = True
        stack[0] = start
        top = 1
        squares = crowned = 0
        while top:
            top -= 1
            cell = stack[top]
            squares += 1
            crowned += crowns[cell]
            for j in (cell + 1, cell - 1, cell + stride, cell - stride):
                if 0 <= j < cells and not seen[j] and grid[j] == t:
                    seen[j] = True
                    stack[top] = j
                    top += 1
        points += squares * crowned
        total_crowns += crowned
        if squares > largest:
            largest = squares
    out[0] = points
    out[1] = largest
    out[2] = total_crowns


@nb.njit(cache=True)
def play_random(size: int, players: int, kings_per_player: int, line_size: int,
                deck_size: int, loose: bool, middle: int, harmony: int, pieces: np.ndarray,
                seeds: np.ndarray, seed_words: np.ndarray) -> np.ndarray:  # pragma: no cover
    """One game between random bots: ``seeds[0]`` deals, ``seeds[1 + p]`` is player ``p``'s
    bot (each as ``seed_words[k]`` 32-bit words, their count in ``seeds``); per player the
    score, property points, bonus, largest property, crowns and discards."""
    kings = players * kings_per_player
    states = np.empty((players + 1, N + 1), np.uint64)
    for k in range(players + 1):
        mt_seed(seed_words[k], seeds[k], states[k])
    deal = states[0]
    deck = np.arange(1, 49, dtype=np.int64)
    shuffle(deal, deck)
    order = np.arange(kings, dtype=np.int64)
    shuffle(deal, order)
    span = 2 * size - 1
    stride = span + 1
    cells = span * stride
    o = size - 1
    grids = np.full((players, cells), EMPTY, np.int8)
    crowns = np.zeros((players, cells), np.int8)
    extents = np.zeros((players, 4), np.int64)
    for p in range(players):
        grids[p, o * stride + o] = CASTLE
    discards = np.zeros(players, np.int64)
    rows = np.zeros((players, 6, span), np.int64)
    occupied = np.zeros((players, span), np.int64)
    for p in range(players):
        occupied[p, o] = 1 << o
    masks = np.zeros((4, span), np.int64)
    to_place = np.zeros(kings, np.int64)
    rounds = deck_size // line_size
    line = np.zeros(line_size, np.int64)
    claims = np.zeros(line_size, np.int64)
    free = np.zeros(line_size, np.int64)
    n_order = kings
    for round_ in range(rounds + 1):
        n_line = line_size if round_ < rounds else 0
        if n_line:
            line[:] = np.sort(deck[round_ * line_size:(round_ + 1) * line_size])
        claims[:] = -1
        n_free = n_line
        for i in range(n_free):
            free[i] = i
        for t in range(n_order):
            king = order[t]
            player = king // kings_per_player
            mt = states[1 + player]
            if round_ > 0:
                piece = pieces[to_place[king] - 1]
                if not place_random(rows[player], occupied[player], grids[player],
                                    crowns[player], extents[player], piece, size, mt, loose,
                                    masks):
                    discards[player] += 1
            if n_free:
                k = randbelow(mt, n_free) if n_free > 1 else 0
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
    out = np.zeros((players, 6), np.int64)
    figures = np.zeros(3, np.int64)
    half = size // 2
    for p in range(players):
        score(grids[p], crowns[p], stride, figures)
        rmin, rmax, cmin, cmax = extents[p, 0], extents[p, 1], extents[p, 2], extents[p, 3]
        bonus = 0
        if middle and -half <= rmin and rmax <= half and -half <= cmin and cmax <= half:
            bonus += middle
        if harmony:
            filled = 0
            for i in range(cells):
                if grids[p, i] != EMPTY:
                    filled += 1
            if filled == size * size:
                bonus += harmony
        out[p, 0] = figures[0] + bonus
        out[p, 1] = figures[0]
        out[p, 2] = bonus
        out[p, 3] = figures[1]
        out[p, 4] = figures[2]
        out[p, 5] = discards[p]
    return out
