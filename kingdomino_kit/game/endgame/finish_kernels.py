"""The compiled single-player half of the endgame search: kingdoms put and taken back, their
codes, the bounds of :class:`~kingdomino_kit.game.endgame.finish.Finisher` and a player's best
finish, with numba.

Imported only by :mod:`kingdomino_kit.game.endgame.compiled` when numba is installed; the
tree is :mod:`kingdomino_kit.game.endgame.kernels`. Everything here restates
:mod:`kingdomino_kit.game.endgame.finish` on the row bitmasks and cell grid of
:mod:`kingdomino_kit.game.fast.primitives` (cells numbered as
:class:`~kingdomino_kit.bitkingdom.BitKingdom` numbers them), and is checked against it.

**The arrays.** ``kb`` is the kingdoms, a record (:data:`KINGDOM_RECORD`, handed over as one
pointer) of the fields ``rows, occupied, grid, crowns, extent, hashes`` — ``kb[0]`` to ``kb[5]``
(``rows[p, t, r]`` the squares of terrain ``t`` in row ``r``, ``hashes[p]`` two Zobrist words of
the squares). ``cf`` the configuration: size, kings per player, players, strict discard, the
Middle Kingdom's and Harmony's points (0: not in play), line size, the rows of the facts and
bounds kept that the search uses. ``wk`` the scratch and
tables, a record too (:data:`WORK_RECORD`): a flood-fill scratch, the Zobrist words, the pieces,
the legal masks, the facts and bounds kept, and a scratch stack (``wk[6]``, its top in
``wk[6][0]``: what a kernel needs for
the time of a call — move lists, a child's state, saved extents — is taken from it by
:func:`grab` and given back before the kernel returns, so a node allocates nothing).
``memo`` the best finishes found: a row a slot (two key words, the code, the move), a slot a
hash (a clash replaces: a cache, never an answer). ``cnt`` the counters
(nodes, node limit, stopped, …): past the limit the search unwinds at once, stores nothing
more, and its values are not answers (a caller with a time limit searches in slices of nodes,
the tables kept: numba cannot read a clock).

A move is ``first * 1024 + second`` (cell indices), the discard :data:`DISCARD_MOVE`.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

from kingdomino_kit.errors import InvariantError
from kingdomino_kit.game.endgame.finish import DISCARD_MOVE, SCALE
from kingdomino_kit.game.fast.primitives import (
    BOOL,
    I8,
    INT,
    WORD,
    bit_count,
    kernel,
    kingdom_total,
    legal_masks,
    put_piece,
    second_cell,
    take_piece,
)
from kingdomino_kit.game.fast.primitives import I64 as I64  # the endgame's kernels import
from kingdomino_kit.game.fast.primitives import I64_2 as I64_2  # these two from here

NODES, LIMIT, STOPPED, ALONE = 0, 1, 2, 3
SIZE, KPP, PLAYERS, STRICT, MIDDLE, HARMONY, LINE, CACHE_ROWS = 0, 1, 2, 3, 4, 5, 6, 7
U1 = np.uint64(0x9E3779B97F4A7C15)
U2 = np.uint64(0xC2B2AE3D27D4EB4F)


MAX_PLAYERS, MAX_SPAN = 4, 13
MAX_CELLS = 2 * 7 * MAX_SPAN
"""The kingdoms' record holds four players and 7×7 grids whatever the game: one type, one
compiled kernel (a smaller kingdom uses the first rows and ``2 * size`` columns a row; the
cells past its grid stay empty)."""
FACTS_BITS = 16
"""The facts and the bounds kept of kingdoms: 2**16 slots each, of which a search uses the
first ``cf[CACHE_ROWS]`` (:func:`kingdomino_kit.game.endgame.compiled.cache_rows`)."""
SCRATCH = 1 << 18
"""The kernels' scratch stack, in words (a node of the search takes about 3,000 for size 7)."""
TABLE_BITS = 20
"""The transposition table and the memo of best finishes: 2**20 slots each, a slot a row of
four words (one cache line holds two; 64 MB in all, touched only where used)."""
KINGDOM_RECORD = np.dtype([
    ("rows", np.int64, (MAX_PLAYERS, 6, MAX_SPAN)),
    ("occupied", np.int64, (MAX_PLAYERS, MAX_SPAN)),
    ("grid", np.int8, (MAX_PLAYERS, MAX_CELLS)),
    ("crowns", np.int8, (MAX_PLAYERS, MAX_CELLS)),
    ("extent", np.int64, (MAX_PLAYERS, 4)),
    ("hashes", np.uint64, (MAX_PLAYERS, 2)),
], align=True)
WORK_RECORD = np.dtype([
    ("figures", np.int64, (4 + 2 * MAX_CELLS,)),
    ("zobrist", np.uint64, (2, MAX_CELLS, 24)),
    ("pieces", np.int64, (48, 5)),
    ("masks", np.int64, (4, MAX_SPAN)),
    ("facts", np.int64, (1 << FACTS_BITS, 24)),
    ("bounds", np.int64, (1 << FACTS_BITS, 4)),
    ("scratch", np.int64, (SCRATCH,)),
    ("memo", np.int64, (1 << TABLE_BITS, 4)),
    ("table", np.int64, (1 << TABLE_BITS, 4)),
    ("killers", np.int64, (MAX_PLAYERS, 49)),
    ("counters", np.int64, (4,)),
    ("config", np.int64, (8,)),
], align=True)
W_MEMO, W_TABLE, W_KILLERS, W_COUNTERS, W_CONFIG = 7, 8, 9, 10, 11
"""The fields of :data:`WORK_RECORD` after the scratch stack (``wk[W_MEMO]``, ...): the memo,
the transposition table, the killer moves, the counters (``cnt``) and the configuration
(``cf``), for the kernels that take the record alone."""
"""The kingdoms (``kb``) and the work (``wk``) as numpy records: a kernel is handed a record
as one pointer (an array is seven words and more, a tuple of them a hundred: passing them at
every call was half the search's time); ``kb[0]`` is its first field, a view."""
TYPES: Any = nb.types
KINGDOMS = nb.from_dtype(KINGDOM_RECORD)
WORK = nb.from_dtype(WORK_RECORD)
MEMO = I64_2
TABLE = I64_2
"""The types of the arrays, records and scalars (the recursive kernels are compiled for them at
once: numba's cache keeps a recursive function only with its signature given)."""



@kernel((WORD, INT), (WORD, WORD))
def mix(h: Any, x: int) -> Any:  # pragma: no cover
    """A 64-bit hash ``h`` with ``x`` folded in."""
    h ^= np.uint64(x & 0xFFFFFFFFFFFF) + U1 + (h << np.uint64(6)) + (h >> np.uint64(2))
    h *= U2
    return h ^ (h >> np.uint64(29))


@kernel((WORD, WORD, INT))
def words(h1: Any, h2: Any, rows: int) -> tuple[Any, Any, Any]:  # pragma: no cover
    """A table's slot (``rows``: a power of two) and the two 63-bit key words of a hash."""
    slot: Any = np.int64(h1 & np.uint64(rows - 1))
    return slot, np.int64(h1 >> np.uint64(1)), np.int64(h2 >> np.uint64(1))


@kernel((I64,))
def tick(cnt: np.ndarray) -> Any:  # pragma: no cover
    """Count a node; True (and the stop flag set) once the node budget is spent."""
    cnt[NODES] += 1
    if cnt[NODES] > cnt[LIMIT]:
        cnt[STOPPED] = 1
    return cnt[STOPPED] != 0


@kernel((WORK, INT))
def grab(wk: Any, n: int) -> Any:  # pragma: no cover
    """The start of ``n`` words taken from the scratch stack ``wk[6]`` (the caller gives them
    back by setting ``wk[6][0]`` to its value before the call)."""
    sc = wk[6][:]
    at = sc[0]
    if at + n > len(sc):
        raise InvariantError("the endgame search's scratch stack is full")
    sc[0] = at + n
    return at


@kernel((I64, INT, I64))
def rank(keys: np.ndarray, n: int, order: np.ndarray) -> None:  # pragma: no cover
    """``order[:n]``: the indices of ``keys[:n]`` lowest key first, equal keys in index order
    (a stable argsort, by insertion: the lists are short)."""
    for i in range(n):
        k = keys[i]
        j = i
        while j > 0 and keys[order[j - 1]] > k:
            order[j] = order[j - 1]
            j -= 1
        order[j] = i


# ------------------------------------------------------------------ kingdoms
@kernel((KINGDOMS, I64, WORK, INT, INT, I64))
def moves_of(kb: Any, cf: np.ndarray, wk: Any, p: int, number: int, out: np.ndarray
             ) -> int:  # pragma: no cover
    """Where domino ``number`` may go in kingdom ``p`` (and the discard when legal), in the
    order of legal placements, into ``out``; returns how many."""
    rows, occ, ext = kb[0], kb[1], kb[4]
    size = cf[SIZE]
    stride = 2 * size
    piece = wk[2][number - 1]
    masks = wk[3][:]
    count = legal_masks(rows[p], occ[p], ext[p], piece[0], piece[2], piece[4] != 0, size, masks)
    n = 0
    for d in range(4):
        for r in range(2 * size - 1):
            mask = masks[d, r]
            while mask:
                c = 0
                while not (mask >> c) & 1:
                    c += 1
                mask &= mask - 1
                r2, c2 = second_cell(d, r, c)
                out[n] = (r * stride + c) * 1024 + r2 * stride + c2
                n += 1
    if count == 0 or not cf[STRICT]:
        out[n] = DISCARD_MOVE
        n += 1
    return n


@kernel((KINGDOMS, I64, WORK, INT, INT, INT))
def put(kb: Any, cf: np.ndarray, wk: Any, p: int, number: int, move: int
        ) -> None:  # pragma: no cover
    """Put domino ``number`` on kingdom ``p`` (a placement, not the discard)."""
    stride = 2 * cf[SIZE]
    first, second = move // 1024, move % 1024
    piece = wk[2][number - 1]
    put_piece(kb[0][p], kb[1][p], kb[2][p], kb[3][p], kb[4][p], cf[SIZE], first // stride,
         first % stride, second // stride, second % stride, piece)
    zob = wk[1]
    a, b = piece[0] * 4 + piece[1], piece[2] * 4 + piece[3]
    for w in range(2):
        kb[5][p, w] ^= zob[w, first, a] ^ zob[w, second, b]


@kernel((KINGDOMS, I64, WORK, INT, INT, INT, I64))
def take(kb: Any, cf: np.ndarray, wk: Any, p: int, number: int, move: int,
         saved: np.ndarray) -> None:  # pragma: no cover
    """Take back what :func:`put` put (``saved``: the extent before it)."""
    stride = 2 * cf[SIZE]
    first, second = move // 1024, move % 1024
    piece = wk[2][number - 1]
    take_piece(kb[0][p], kb[1][p], kb[2][p], kb[3][p], kb[4][p], cf[SIZE], first // stride,
          first % stride, second // stride, second % stride, piece, saved)
    zob = wk[1]
    a, b = piece[0] * 4 + piece[1], piece[2] * 4 + piece[3]
    for w in range(2):
        kb[5][p, w] ^= zob[w, first, a] ^ zob[w, second, b]


@kernel((KINGDOMS, I64, WORK, INT))
def total(kb: Any, cf: np.ndarray, wk: Any, p: int) -> Any:  # pragma: no cover
    """Score with the bonuses in play (the tie-break figures left in ``wk[0][1:3]``)."""
    return kingdom_total(kb[1][p], kb[2][p], kb[3][p], kb[4][p], cf[SIZE], cf[MIDDLE], cf[HARMONY],
                  wk[0][:])


@nb.njit(cache=True, inline="always")  # its one call (final): no library of its own
def code(kb: Any, cf: np.ndarray, wk: Any, p: int) -> Any:  # pragma: no cover
    """The final tie-break key of kingdom ``p`` as one int (``endgame_finish.encode``)."""
    t = total(kb, cf, wk, p)
    return t * SCALE + wk[0][1] * 100 + wk[0][2]


# ------------------------------------------------------------------ bounds
@nb.njit(cache=True, inline="always")  # its one call (facts): no library of its own
def _facts_now(kb: Any, cf: np.ndarray, wk: Any, p: int, squares: np.ndarray, crowns: np.ndarray,
          scores: np.ndarray) -> tuple[int, int, bool]:  # pragma: no cover
    """:func:`facts` by flood fill."""
    occ, grid, crown, ext = kb[1][p], kb[2][p], kb[3][p], kb[4][p]
    size = cf[SIZE]
    o = size - 1
    stride = 2 * size
    span = 2 * size - 1
    fig = wk[0][:]
    cells = len(grid)
    rlo, rhi = max(ext[1] - size + 1, -o) + o, min(ext[0] + size - 1, o) + o
    clo, chi = max(ext[3] - size + 1, -o) + o, min(ext[2] + size - 1, o) + o
    squares[:] = 0
    crowns[:] = 0
    scores[:] = 0
    mark_at = 3 + 2 * cells
    fig[mark_at] += 1
    mark = fig[mark_at]
    score = 0
    for r in range(ext[0] + o, ext[1] + o + 1):
        for c in range(ext[2] + o, ext[3] + o + 1):
            start = r * stride + c
            t = grid[start]
            if t < 0 or t == 6 or fig[3 + start] == mark:
                continue
            fig[3 + start] = mark
            fig[3 + cells] = start
            top = 1
            size_c = crowned = 0
            is_open = False
            while top:
                top -= 1
                cell = fig[3 + cells + top]
                size_c += 1
                crowned += crown[cell]
                for j in (cell + 1, cell - 1, cell + stride, cell - stride):
                    if not 0 <= j < cells:
                        continue
                    g = grid[j]
                    if g == t:
                        if fig[3 + j] != mark:
                            fig[3 + j] = mark
                            fig[3 + cells + top] = j
                            top += 1
                    elif g < 0 and not is_open:
                        jr, jc = j // stride, j % stride
                        if rlo <= jr <= rhi and clo <= jc <= chi and jc < span:
                            is_open = True
            score += size_c * crowned
            if is_open:
                squares[t] += size_c
                crowns[t] += crowned
                scores[t] += size_c * crowned
    filled = 0
    for r in range(span):
        filled += bit_count(occ[r])
    half = size // 2
    middle = -half <= ext[0] and ext[1] <= half and -half <= ext[2] and ext[3] <= half
    return score, filled, middle


@kernel((KINGDOMS, I64, WORK, INT, I64, I64, I64))
def facts(kb: Any, cf: np.ndarray, wk: Any, p: int, squares: np.ndarray, crowns: np.ndarray,
          scores: np.ndarray) -> tuple[int, int, bool]:  # pragma: no cover
    """``endgame_finish.terrain_facts``: per terrain the squares, crowns and score of its open
    properties (beside a cell a square may still take) into the arrays; returns the score,
    the occupied cells (castle included) and whether the castle is in the middle now. Kept
    by the kingdom's hash (``wk[4]``: two key words and the facts a row; a clash replaces)."""
    table = wk[4][:]
    slot, k1, k2 = words(kb[5][p, 0], kb[5][p, 1], cf[CACHE_ROWS])
    row = table[slot]
    if row[0] == k1 and row[1] == k2:
        for t in range(6):
            squares[t] = row[2 + t]
            crowns[t] = row[8 + t]
            scores[t] = row[14 + t]
        return row[20], row[21], row[22] != 0
    score, filled, middle = _facts_now(kb, cf, wk, p, squares, crowns, scores)
    row[0] = k1
    row[1] = k2
    for t in range(6):
        row[2 + t] = squares[t]
        row[8 + t] = crowns[t]
        row[14 + t] = scores[t]
    row[20] = score
    row[21] = filled
    row[22] = 1 if middle else 0
    return score, filled, middle


@kernel((I64, I64, I64, I64, INT, INT, BOOL, I64, I64, INT))
def upper_of(cf: np.ndarray, squares: np.ndarray, crowns: np.ndarray, scores: np.ndarray,
             score: int, filled: int, middle: bool, add_s: np.ndarray, add_c: np.ndarray,
             count: int) -> int:  # pragma: no cover
    """``Finisher.upper`` from the facts and the squares and crowns ``count`` dominoes add per
    terrain."""
    out = score
    for t in range(6):
        if add_s[t]:
            out += (squares[t] + add_s[t]) * (crowns[t] + add_c[t]) - scores[t]
    if cf[MIDDLE] and middle:
        out += cf[MIDDLE]
    if cf[HARMONY] and filled + 2 * count >= cf[SIZE] * cf[SIZE]:
        out += cf[HARMONY]
    return out


@kernel((I64_2, INT, I64, I64, INT))
def add(pieces: np.ndarray, number: int, add_s: np.ndarray, add_c: np.ndarray, sign: int
        ) -> None:  # pragma: no cover
    """Add (``sign`` 1) or take off (-1) domino ``number``'s squares and crowns."""
    piece = pieces[number - 1]
    add_s[piece[0]] += sign
    add_c[piece[0]] += sign * piece[1]
    add_s[piece[2]] += sign
    add_c[piece[2]] += sign * piece[3]


@nb.njit(cache=True, inline="always")  # its one call (final): no library of its own
def upper(kb: Any, cf: np.ndarray, wk: Any, p: int, seq: np.ndarray, start: int, stop: int
          ) -> int:  # pragma: no cover
    """``Finisher.upper`` of kingdom ``p`` with the dominoes ``seq[start:stop]``."""
    sc = wk[6][:]
    top = sc[0]
    at = grab(wk, 30)
    squares, crowns, scores = sc[at:at + 6], sc[at + 6:at + 12], sc[at + 12:at + 18]
    add_s, add_c = sc[at + 18:at + 24], sc[at + 24:at + 30]
    score, filled, middle = facts(kb, cf, wk, p, squares, crowns, scores)
    add_s[:] = 0
    add_c[:] = 0
    for i in range(start, stop):
        add(wk[2][:], seq[i], add_s, add_c, 1)
    out = upper_of(cf, squares, crowns, scores, score, filled, middle, add_s, add_c,
                   stop - start)
    sc[0] = top
    return out


# ------------------------------------------------------------------ the best finish
@kernel((MEMO, KINGDOMS, INT, I64, INT, INT))
def memo_slot(memo: Any, kb: Any, p: int, seq: np.ndarray, start: int, stop: int
              ) -> tuple[int, int, int]:  # pragma: no cover
    """The memo's slot and key words of kingdom ``p`` with ``seq[start:stop]`` to place."""
    h1 = kb[5][p, 0]
    h2 = kb[5][p, 1]
    for i in range(start, stop):
        h1 = mix(h1, seq[i])
        h2 = mix(h2 ^ U1, seq[i] + 64)
    h1 = mix(h1, stop - start)
    h2 = mix(h2, 1000 + stop - start)
    return words(h1, h2, len(memo))


@kernel((I8, I8, I64, INT, INT, nb.int8, INT))
def _fill(grid: np.ndarray, crowns: np.ndarray, fig: np.ndarray, stride: int, start: int,
          t: int, mark: int) -> tuple[int, int]:  # pragma: no cover
    """(squares, crowns) of the property of terrain ``t`` from cell ``start``, its cells
    marked ``mark`` in ``fig`` (a marked cell is never entered: the caller's blocked cells)."""
    cells = len(grid)
    fig[3 + start] = mark
    fig[3 + cells] = start
    top = 1
    squares = crowned = 0
    while top:
        top -= 1
        cell = fig[3 + cells + top]
        squares += 1
        crowned += crowns[cell]
        for j in (cell + 1, cell - 1, cell + stride, cell - stride):
            if 0 <= j < cells and fig[3 + j] != mark and grid[j] == t:
                fig[3 + j] = mark
                fig[3 + cells + top] = j
                top += 1
    return squares, crowned


@nb.njit(cache=True, inline="always")  # its one call (_values): no library of its own
def _after(kb: Any, cf: np.ndarray, wk: Any, p: int, move: int, score: int, largest: int,
           filled: int) -> tuple[int, int]:  # pragma: no cover
    """(total, largest property) of kingdom ``p`` with the domino just put on ``move``, from
    its score, largest property and occupied cells before: only the properties the halves
    join are filled again (``BitKingdom.total_after``)."""
    grid, crowns, ext = kb[2][p], kb[3][p], kb[4][p]
    size = cf[SIZE]
    stride = 2 * size
    fig = wk[0][:]
    mark_at = 3 + 2 * len(grid)
    halves = (move // 1024, move % 1024)
    fig[mark_at] += 1
    mark = fig[mark_at]
    for x in halves:  # the properties now
        if fig[3 + x] != mark:
            squares, crowned = _fill(grid, crowns, fig, stride, x, grid[x], mark)
            score += squares * crowned
            largest = max(largest, squares)
    fig[mark_at] += 1
    mark = fig[mark_at]
    for x in halves:  # the properties they joined, the new cells blocked
        fig[3 + x] = mark
    for x in halves:
        t = grid[x]
        for j in (x + 1, x - 1, x + stride, x - stride):
            if 0 <= j < len(grid) and fig[3 + j] != mark and grid[j] == t:
                squares, crowned = _fill(grid, crowns, fig, stride, j, t, mark)
                score -= squares * crowned
    half = size // 2
    if cf[MIDDLE] and -half <= ext[0] and ext[1] <= half and -half <= ext[2] \
            and ext[3] <= half:
        score += cf[MIDDLE]
    if cf[HARMONY] and filled + 2 == size * size:
        score += cf[HARMONY]
    return score, largest


@kernel((KINGDOMS, I64, WORK, INT, INT, I64, INT, BOOL, I64))
def _values(kb: Any, cf: np.ndarray, wk: Any, p: int, number: int, moves: np.ndarray, n: int,
            codes: bool, out: np.ndarray) -> None:  # pragma: no cover
    """What each of the ``n`` moves gives at once, into ``out``: the total (the discard: the
    total now), or with ``codes`` the final code if it were the last."""
    now = total(kb, cf, wk, p)
    fig = wk[0][:]
    score, largest, crowned = fig[0], fig[1], fig[2]
    filled = 0
    for r in range(2 * cf[SIZE] - 1):
        filled += bit_count(kb[1][p, r])
    piece = wk[2][number - 1]
    crowned_after = crowned + piece[1] + piece[3]
    sc = wk[6][:]
    top = sc[0]
    at = grab(wk, 4)
    saved = sc[at:at + 4]
    saved[:] = kb[4][p]
    for i in range(n):
        move = moves[i]
        if move == DISCARD_MOVE:
            out[i] = now * SCALE + largest * 100 + crowned if codes else now
            continue
        put(kb, cf, wk, p, number, move)
        after, big = _after(kb, cf, wk, p, move, score, largest, filled)
        take(kb, cf, wk, p, number, move, saved)
        out[i] = after * SCALE + big * 100 + crowned_after if codes else after
    sc[0] = top


@nb.njit(cache=True, inline="always")  # its one call (final): no library of its own
def _last(kb: Any, cf: np.ndarray, wk: Any, p: int, number: int
          ) -> tuple[int, int]:  # pragma: no cover
    """The best finish with one domino: every move valued as a code, the first best."""
    sc = wk[6][:]
    top = sc[0]
    most = 4 * (2 * cf[SIZE]) ** 2 + 1
    at = grab(wk, 2 * most)
    moves, codes = sc[at:at + most], sc[at + most:at + 2 * most]
    n = moves_of(kb, cf, wk, p, number, moves)
    _values(kb, cf, wk, p, number, moves, n, True, codes)
    best, best_move = -1, DISCARD_MOVE
    for i in range(n):
        if codes[i] > best:
            best, best_move = codes[i], moves[i]
    sc[0] = top
    return best, best_move


@kernel((KINGDOMS, I64, WORK, INT, INT, I64, INT))
def gains(kb: Any, cf: np.ndarray, wk: Any, p: int, number: int, moves: np.ndarray, n: int
          ) -> np.ndarray:  # pragma: no cover
    """The total each of the ``n`` moves gives at once (the discard: the total now)."""
    out = np.empty(n, np.int64)
    _values(kb, cf, wk, p, number, moves, n, False, out)
    return out


@kernel((KINGDOMS, I64, WORK, INT, INT, I64, INT, I64))
def best_first(kb: Any, cf: np.ndarray, wk: Any, p: int, number: int, moves: np.ndarray, n: int,
               order: np.ndarray) -> None:  # pragma: no cover
    """``order[:n]``: the indices of the ``n`` moves by their total at once, highest first,
    equal totals in the moves' order (the stable argsort of minus :func:`gains`)."""
    sc = wk[6][:]
    top = sc[0]
    at = grab(wk, n)
    keys = sc[at:at + n]
    _values(kb, cf, wk, p, number, moves, n, False, keys)
    for i in range(n):
        keys[i] = -keys[i]
    rank(keys, n, order)
    sc[0] = top


FINAL: Any = TYPES.UniTuple(nb.int64, 2)(KINGDOMS, I64, WORK, MEMO, I64, nb.int64, I64,
                                          nb.int64, nb.int64)


@nb.njit(FINAL, cache=True)  # type: ignore[untyped-decorator]
def final(kb: Any, cf: np.ndarray, wk: Any, memo: Any, cnt: np.ndarray, p: int,
          seq: np.ndarray, start: int, stop: int) -> tuple[int, int]:  # pragma: no cover
    """``Finisher.final``: (best final code, its first move) of kingdom ``p`` placing
    ``seq[start:stop]`` in order; among equal finishes the first move in the order of legal
    placements. Two dominoes or more: best-first, a move cut when :func:`upper` cannot beat
    the best (nor tie it earlier in the order). After a stop, (0, DISCARD_MOVE) — not an answer.
    (Recursive in itself only: numba's cache does not keep mutual recursion.)"""
    if start == stop:
        return code(kb, cf, wk, p), DISCARD_MOVE
    slot, k1, k2 = memo_slot(memo, kb, p, seq, start, stop)
    row = memo[slot]
    if row[0] == k1 and row[1] == k2:
        return row[2], row[3]
    if tick(cnt):
        return 0, DISCARD_MOVE
    number = seq[start]
    if stop - start == 1:
        best, best_move = _last(kb, cf, wk, p, number)
    else:
        sc = wk[6][:]
        top = sc[0]
        most = 4 * (2 * cf[SIZE]) ** 2 + 1
        at = grab(wk, 2 * most + 4)
        moves, order = sc[at:at + most], sc[at + most:at + 2 * most]
        saved = sc[at + 2 * most:at + 2 * most + 4]
        n = moves_of(kb, cf, wk, p, number, moves)
        best_first(kb, cf, wk, p, number, moves, n, order)
        saved[:] = kb[4][p]
        best, best_move, best_i = -1, DISCARD_MOVE, n
        for j in range(n):
            i = order[j]
            move = moves[i]
            if move != DISCARD_MOVE:
                put(kb, cf, wk, p, number, move)
            high = (upper(kb, cf, wk, p, seq, start + 1, stop) + 1) * SCALE - 1
            if high > best or (high == best and (i < best_i or move == DISCARD_MOVE)):
                value = final(kb, cf, wk, memo, cnt, p, seq, start + 1, stop)[0]
                if value > best or (value == best and i < best_i):
                    best, best_move, best_i = value, move, i
            if move != DISCARD_MOVE:
                take(kb, cf, wk, p, number, move, saved)
            if cnt[STOPPED]:
                break
        sc[0] = top
    if cnt[STOPPED]:
        return 0, DISCARD_MOVE
    row[0] = k1
    row[1] = k2
    row[2] = best
    row[3] = best_move
    return best, best_move
