"""The compiled primitives every kernel of the kit shares, public in one module: Python's
random generator and a kingdom on row bitmasks and a cell grid.

Imported only by the kernels (:mod:`~kingdomino_kit.game.fast.greedy_kernels`,
:mod:`~kingdomino_kit.game.fast.playout_kernels`, the endgame's
:mod:`~kingdomino_kit.game.endgame.finish_kernels`), and only when numba is installed (the
optional extra ``fast``); compiled on first use and cached on disk. Everything here restates
rules written elsewhere, for speed, and is checked game for game against them:

- Python's Mersenne Twister as ``random.Random`` seeds and draws it (``init_by_array`` from an
  integer seed's 32-bit words, ``getrandbits``, ``_randbelow``, ``shuffle``), so a game draws
  exactly what the kit's bots draw;
- the placement rules of
  :meth:`BitKingdom.legal_masks <kingdomino_kit.bitkingdom.BitKingdom.legal_masks>` on a grid
  of cells with the same indices (one pad column per row), placements listed in the same order
  (direction by direction, cell index first): a domino put and taken back, the n-th placement,
  a random one; and the scores of :class:`~kingdomino_kit.bitkingdom.BitKingdom` by flood fill,
  with the bonuses the kernels know."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba as nb
import numpy as np

from kingdomino_kit.errors import InvariantError

N = 624
M = 397
MASK32 = np.uint64(0xFFFFFFFF)
CASTLE = 6
EMPTY = -1
F = TypeVar("F", bound=Callable[..., Any])
TYPES: Any = nb.types


def array(dtype: Any, ndim: int) -> Any:
    """numba's type of a C-contiguous array (what the kernels are handed and slice)."""
    return TYPES.Array(dtype, ndim, "C")


I64, I64_2, I8 = array(nb.int64, 1), array(nb.int64, 2), array(nb.int8, 1)
U64, F64, F64_2 = array(nb.uint64, 1), array(nb.float64, 1), array(nb.float64, 2)
INT, WORD, BOOL, FLOAT = nb.int64, nb.uint64, nb.boolean, nb.float64
"""The kernels' argument types, for :func:`kernel`."""


def kernel(*signatures: Any) -> Callable[[F], F]:
    """``numba.njit(cache=True)`` compiled for these argument types only (each a tuple; numba
    infers the result), at import or from the disk cache. Without them numba compiles a kernel
    again for every literal argument a caller passes (``f(..., 0)``, ``f(..., 1)`` and
    ``f(..., p)`` are three functions, and the literal runs down the whole call chain, as does
    a variable whose type is still a literal while numba infers it); with them it converts the
    argument and compiles the kernel once."""
    return cast("Callable[[F], F]", nb.njit(list(signatures), cache=True))


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


@kernel((U64, INT))
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


@kernel((I64, I64))
def sort_into(out: np.ndarray, items: np.ndarray) -> None:  # pragma: no cover
    """``out[:] = np.sort(items)`` for a few items (an insertion sort): numba's sort and its
    slice assignment cost seconds of compiling in every process that compiles a kernel."""
    n = len(items)
    if n != len(out):
        raise InvariantError("sort_into: the items do not fill the array")
    for i in range(n):
        x = items[i]
        j = i
        while j > 0 and out[j - 1] > x:
            out[j] = out[j - 1]
            j -= 1
        out[j] = x


@nb.njit(cache=True)
def bit_count(x: int) -> int:  # pragma: no cover
    """The set bits of ``x``."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@nb.njit(cache=True)
def _terrain_row(rows: np.ndarray, t: int, r: int, size: int) -> Any:  # pragma: no cover
    """Row ``r`` of terrain ``t`` with the castle (0 outside the grid)."""
    if r < 0 or r >= 2 * size - 1:
        return 0
    out = rows[t, r]
    if r == size - 1:
        out |= 1 << (size - 1)
    return out


@nb.njit(cache=True)
def legal_masks(rows: np.ndarray, occupied: np.ndarray, extent: np.ndarray, t1: int, t2: int,
           double: bool, size: int, out: np.ndarray) -> int:  # pragma: no cover
    """:meth:`BitKingdom.legal_masks <kingdomino_kit.bitkingdom.BitKingdom.legal_masks>` row by
    row: ``out[d, r]`` the columns (bit ``c + offset``) of row ``r + offset`` where a first half
    may go with the second in direction ``d`` (right, down, left, up; a double: right and down
    only); ``rows[t, r]`` the squares of terrain ``t``, ``occupied[r]`` every square and the
    castle. Returns how many placements (allocates nothing: the search calls it at each node)."""
    o = size - 1
    rmin, rmax, cmin, cmax = extent[0], extent[1], extent[2], extent[3]
    rlo, rhi = max(rmax - size + 1, -o) + o, min(rmin + size - 1, o) + o
    clo, chi = max(cmax - size + 1, -o) + o, min(cmin + size - 1, o) + o
    columns = ((1 << (chi + 1)) - 1) ^ ((1 << clo) - 1)
    count = 0
    out[:, :] = 0
    for r in range(rlo, rhi + 1):
        f = columns & ~occupied[r]
        if not f:
            continue
        below = columns & ~occupied[r + 1] if r + 1 <= rhi else 0
        above = columns & ~occupied[r - 1] if r - 1 >= rlo else 0
        a1, b1, c1 = (_terrain_row(rows, t1, r - 1, size), _terrain_row(rows, t1, r, size),
                      _terrain_row(rows, t1, r + 1, size))
        a2, b2, c2 = (_terrain_row(rows, t2, r - 1, size), _terrain_row(rows, t2, r, size),
                      _terrain_row(rows, t2, r + 1, size))
        d2 = _terrain_row(rows, t2, r + 2, size)
        near1 = ((b1 << 1) | (b1 >> 1) | a1 | c1) & f
        near2 = ((b2 << 1) | (b2 >> 1) | a2 | c2) & f
        near2_below = ((c2 << 1) | (c2 >> 1) | b2 | d2) & below
        right = f & (f >> 1) & (near1 | (near2 >> 1))
        down = f & below & (near1 | near2_below)
        out[0, r] = right
        out[1, r] = down
        count += bit_count(right) + bit_count(down)
        if not double:
            z2 = _terrain_row(rows, t2, r - 2, size)
            near2_above = ((a2 << 1) | (a2 >> 1) | z2 | b2) & above
            left = f & (f << 1) & (near1 | (near2 << 1))
            up = f & above & (near1 | near2_above)
            out[2, r] = left
            out[3, r] = up
            count += bit_count(left) + bit_count(up)
    return count


@nb.njit(cache=True)
def put_piece(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
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
def second_cell(d: int, r: int, c: int) -> tuple[int, int]:  # pragma: no cover
    if d == 0:
        return r, c + 1
    if d == 1:
        return r + 1, c
    if d == 2:
        return r, c - 1
    return r - 1, c


@nb.njit(cache=True)
def nth_cells(masks: np.ndarray, size: int, pick: int
              ) -> tuple[int, int, int, int]:  # pragma: no cover
    """The cells (r, c, r2, c2) of the ``pick``-th legal placement of ``masks`` (their order:
    direction, row, column); -1 each past the last."""
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
            r2, c2 = second_cell(d, r, c)
            return r, c, r2, c2
    return -1, -1, -1, -1


@nb.njit(cache=True)
def put_nth(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
            extent: np.ndarray, size: int, masks: np.ndarray, pick: int, piece: np.ndarray
            ) -> None:  # pragma: no cover
    """Put ``piece`` on the ``pick``-th legal placement of ``masks`` (:func:`nth_cells`)."""
    r, c, r2, c2 = nth_cells(masks, size, pick)
    if r >= 0:
        put_piece(rows, occupied, grid, crowns, extent, size, r, c, r2, c2, piece)


@nb.njit(cache=True)
def place_random(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
                 extent: np.ndarray, piece: np.ndarray, size: int, mt: np.ndarray, loose: bool,
                 masks: np.ndarray) -> bool:  # pragma: no cover
    """A random legal placement of ``piece`` (t1, k1, t2, k2, double), drawn as ``RandomBot``
    draws among the legal actions; False when the domino is discarded (``masks``: scratch)."""
    count = legal_masks(rows, occupied, extent, piece[0], piece[2], piece[4] != 0, size, masks)
    choices = count + 1 if loose or count == 0 else count
    pick = randbelow(mt, choices) if choices > 1 else 0
    if pick >= count:
        return False
    put_nth(rows, occupied, grid, crowns, extent, size, masks, pick, piece)
    return True


@nb.njit(cache=True)
def take_piece(rows: np.ndarray, occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray,
          extent: np.ndarray, size: int, r: int, c: int, r2: int, c2: int, piece: np.ndarray,
          saved: np.ndarray) -> None:  # pragma: no cover
    stride = 2 * size
    rows[piece[0], r] &= ~(1 << c)
    rows[piece[2], r2] &= ~(1 << c2)
    occupied[r] &= ~(1 << c)
    occupied[r2] &= ~(1 << c2)
    grid[r * stride + c] = EMPTY
    crowns[r * stride + c] = 0
    grid[r2 * stride + c2] = EMPTY
    crowns[r2 * stride + c2] = 0
    extent[:] = saved


@nb.njit(cache=True)
def score_within(grid: np.ndarray, crowns: np.ndarray, extent: np.ndarray, size: int,
           figures: np.ndarray) -> None:  # pragma: no cover
    """Property points, largest property and crowns into ``figures[:3]`` (a flood fill of
    every property) within the kingdom's extent, without allocating: ``figures[3:]``
    is scratch (a visit mark per cell, then a stack), ``figures[3 + 2 * cells]`` the mark."""
    stride = 2 * size
    o = size - 1
    cells = len(grid)
    mark_at = 3 + 2 * cells
    figures[mark_at] += 1
    mark = figures[mark_at]
    points = largest = total_crowns = 0
    for r in range(extent[0] + o, extent[1] + o + 1):
        for c in range(extent[2] + o, extent[3] + o + 1):
            start = r * stride + c
            t = grid[start]
            if t < 0 or t == CASTLE or figures[3 + start] == mark:
                continue
            figures[3 + start] = mark
            figures[3 + cells] = start
            top = 1
            squares = crowned = 0
            while top:
                top -= 1
                cell = figures[3 + cells + top]
                squares += 1
                crowned += crowns[cell]
                for j in (cell + 1, cell - 1, cell + stride, cell - stride):
                    if 0 <= j < cells and figures[3 + j] != mark and grid[j] == t:
                        figures[3 + j] = mark
                        figures[3 + cells + top] = j
                        top += 1
            points += squares * crowned
            total_crowns += crowned
            if squares > largest:
                largest = squares
    figures[0] = points
    figures[1] = largest
    figures[2] = total_crowns


@nb.njit(cache=True)
def kingdom_total(occupied: np.ndarray, grid: np.ndarray, crowns: np.ndarray, extent: np.ndarray,
           size: int, middle: int, harmony: int, figures: np.ndarray) -> Any:  # pragma: no cover
    """Score with the bonuses in play (``figures``: see :func:`score_within`)."""
    score_within(grid, crowns, extent, size, figures)
    total = figures[0]
    half = size // 2
    if middle and -half <= extent[0] and extent[1] <= half and -half <= extent[2] \
            and extent[3] <= half:
        total += middle
    if harmony:
        filled = 0
        for r in range(2 * size - 1):
            filled += bit_count(occupied[r])
        if filled == size * size:
            total += harmony
    return total
