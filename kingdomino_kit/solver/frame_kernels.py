"""The frame search of :mod:`.frame_search` compiled with numba: one castle cell's search.

Imported only by :mod:`.frame_compiled` when numba is installed. The search is the Python one
— the same cell picked next, the same moves in the same order, the same bound — with one more
cut in the bound: the dominoes that still fit are at most Σ over the connected parts of the
undecided cells of min(light cells, dark cells) of the part (a domino covers two neighbouring
cells of one part, one of each chessboard colour); the dominoes beyond that stay out, and
Harmony needs every part even and balanced. The state is a few int64 arrays (the offsets
below); a cell is bit r·n + c of an int64 mask (49 bits on 7×7).
"""

from __future__ import annotations

import numba as nb
import numpy as np

# the scalar state: st[...]
FREE, HOLES, CASTLE, WITHIN, NPLACED, NODES, LIMIT, BEST, CUT, CAP = range(10)
PLACE_ALL, MIDDLE, HARMONY, SIZE, FULL, NOT_FIRST, NOT_LAST, PICK, BEST_N, LIGHT = range(10, 20)
SYM = 20  # up to three pairs of cells (a, b): a holds at least what b holds
STATE = 26
TERRAINS = 6
MIDDLE_POINTS = 10
HARMONY_POINTS = 5
SCRATCH = 64


@nb.njit(cache=True, inline="always")
def popcount(x: int) -> int:
    """The number of set bits of ``x`` (a 64-bit word)."""
    v = np.uint64(x)
    v = v - ((v >> np.uint64(1)) & np.uint64(0x5555555555555555))
    v = (v & np.uint64(0x3333333333333333)) + ((v >> np.uint64(2))
                                               & np.uint64(0x3333333333333333))
    v = (v + (v >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((v * np.uint64(0x0101010101010101)) >> np.uint64(56))


@nb.njit(cache=True, inline="always")
def _grow(st: np.ndarray, m: int) -> int:
    n = st[SIZE]
    return int((m | ((m << 1) & st[NOT_FIRST]) | ((m >> 1) & st[NOT_LAST])
                | (m << n) | (m >> n)) & st[FULL])


@nb.njit(cache=True, inline="always")
def _region(st: np.ndarray, m: int) -> int:
    """The connected part of ``m`` holding its lowest cell."""
    r = m & -m
    while True:
        g = _grow(st, r) & m
        if g == r:
            return r
        r = g


@nb.njit(cache=True, inline="always")
def _crowns_of(crowns: np.ndarray, r: int) -> int:
    return popcount(r & crowns[1]) + 2 * popcount(r & crowns[2]) + 3 * popcount(r & crowns[3])


@nb.njit(cache=True)
def _apart(st: np.ndarray, parts: np.ndarray, count: int, n: int, k: int, s: int,
           c: int) -> int:
    """The bound of one terrain's properties when one of its open properties cannot meet any
    other within ``n`` free cells (:meth:`.frame_search._Frame._apart`)."""
    free = st[FREE]
    best = (s + n) * (c + k)
    every = 0
    for p in range(count):
        every |= parts[p, 0]
    for p in range(count):
        r, b = parts[p, 0], parts[p, 1]
        others = every & ~r
        front = r
        joined = False
        for _ in range(n + 1):
            grown = _grow(st, front)
            if grown & others:
                joined = True
                break
            nxt = front | (grown & free)
            if nxt == front:
                break
            front = nxt
        if joined:
            continue
        a = popcount(r)
        term = 0
        for x in (0, n):
            for y in (0, k):  # bilinear in (x, y): highest at a corner
                term = max(term, (a + x) * (b + y) + (s - a + n - x) * (c - b + k - y))
        best = min(best, term)
    return best


@nb.njit(cache=True)
def _least_loss(kinds: np.ndarray, count: np.ndarray, s: np.ndarray, c: np.ndarray,
                out: int, work: np.ndarray) -> int:
    """The least the bound loses when ``out`` of the dominoes left stay out
    (:meth:`.frame_search._Frame._least_loss`)."""
    least = -1
    m = 0
    for q in range(kinds.shape[0]):
        if not count[q]:
            continue
        t1, c1, t2, c2 = kinds[q, 0], kinds[q, 1], kinds[q, 2], kinds[q, 3]
        if t1 == t2:
            loss = s[t1] * c[t1] - (s[t1] - 2) * (c[t1] - c1 - c2)
        else:
            loss = (s[t1] * c[t1] - (s[t1] - 1) * (c[t1] - c1)
                    + s[t2] * c[t2] - (s[t2] - 1) * (c[t2] - c2))
        if least < 0 or loss < least:
            least = loss
        if out > 1:
            for _ in range(count[q]):
                work[0, m] = c[t1] + c[t2]
                work[1, m] = c1 * s[t1] + c2 * s[t2]
                m += 1
    if least < 0:
        least = 0
    if out > 1:
        alphas = np.sort(work[0, :m])
        betas = np.sort(work[1, :m])
        return int(max(least, max(alphas[:out].sum(), betas[:out].sum())))
    return least


@nb.njit(cache=True)
def _capacity(st: np.ndarray) -> tuple[int, bool]:
    """The most dominoes the undecided cells can still take, and whether every part of them
    can be filled (even, as many light cells as dark)."""
    m = st[FREE]
    light = st[LIGHT]
    cap = 0
    fills = True
    while m:
        r = _region(st, m)
        a = popcount(r & light)
        b = popcount(r) - a
        cap += min(a, b)
        if a != b:
            fills = False
        m &= ~r
    return cap, fills


@nb.njit(cache=True, inline="always")
def _pick(st: np.ndarray, scoring: int) -> int:
    """The cell to decide next: the first free exit of the open scoring property with the
    fewest (``scoring``, 0 if none), else the first free cell."""
    mask = scoring if scoring else st[FREE]
    return mask & -mask


@nb.njit(cache=True, inline="always")
def _code(st: np.ndarray, terr: np.ndarray, crowns: np.ndarray, cell: int) -> int:
    """What a decided cell holds: 0 empty, else 1 + 4 × terrain + crowns; −1 undecided."""
    b = np.int64(1) << cell
    if st[FREE] & b:
        return -1
    for t in range(TERRAINS):
        if terr[t] & b:
            c = 3 if crowns[3] & b else 2 if crowns[2] & b else 1 if crowns[1] & b else 0
            return 1 + 4 * t + c
    return 0


@nb.njit(cache=True)
def _symmetric_ok(st: np.ndarray, terr: np.ndarray, crowns: np.ndarray) -> bool:
    """The castle cell's symmetries keep one frame of each family: for each pair of cells
    (a, b) in ``st[SYM:]`` (−1: none), a holds at least what b holds."""
    for p in range(SYM, STATE, 2):
        a, b = st[p], st[p + 1]
        if a < 0:
            break
        ca = _code(st, terr, crowns, a)
        if ca < 0:
            continue
        cb = _code(st, terr, crowns, b)
        if cb > ca:
            return False
    return True


@nb.njit(cache=True)
def bound(st: np.ndarray, kinds: np.ndarray, count: np.ndarray, terr: np.ndarray,
          crowns: np.ndarray, left_sq: np.ndarray, left_cr: np.ndarray,
          scratch: np.ndarray) -> int:
    """The bound of the partial frame; sets ``st[PICK]``, the cell to decide next."""
    free = st[FREE]
    total = 0
    need = 0
    apart = 0
    open_sq = scratch[0, :TERRAINS]
    open_cr = scratch[1, :TERRAINS]
    parts = scratch[2:4].T
    pick_exits, pick_mask = 1 << 30, 0
    for t in range(TERRAINS):
        n_t, k_t = left_sq[t], left_cr[t]
        need += n_t
        s = c = 0
        nparts = 0
        t_exits, t_mask = 1 << 30, 0
        m = terr[t]
        while m:
            r = _region(st, m)
            m &= ~r
            cr = _crowns_of(crowns, r)
            exits = _grow(st, r) & free
            if exits:
                s += popcount(r)
                c += cr
                e = popcount(exits)
                if e < t_exits:
                    t_exits, t_mask = e, exits
                parts[nparts, 0] = r
                parts[nparts, 1] = cr
                nparts += 1
            elif cr:
                total += popcount(r) * cr
        open_sq[t], open_cr[t] = s + n_t, c + k_t
        total += open_sq[t] * open_cr[t]
        if open_cr[t] and t_exits < pick_exits:
            pick_exits, pick_mask = t_exits, t_mask
        if nparts > 1 and open_cr[t]:
            apart += open_sq[t] * open_cr[t] - _apart(st, parts, nparts, n_t, k_t, s, c)
    st[PICK] = _pick(st, pick_mask)
    if not _symmetric_ok(st, terr, crowns):
        return -1
    room = popcount(free)
    if need > room and st[PLACE_ALL]:
        return -1
    left = 0
    for q in range(count.shape[0]):
        left += count[q]
    fits, fills = _capacity(st)
    split = total - apart
    out = max(max((need - room + 1) // 2, left - fits), left - (st[CAP] - st[NPLACED]))
    if out > 0:
        if st[PLACE_ALL]:
            return -1
        total -= _least_loss(kinds, count, open_sq, open_cr, out, scratch[4:6])
    total = min(total, split)
    placed = 0
    for t in range(TERRAINS):
        placed |= terr[t]
    if st[MIDDLE] and not placed & ~st[WITHIN]:
        total += MIDDLE_POINTS
    if st[HARMONY] and not st[HOLES] and fills and \
            min(need, 2 * (st[CAP] - st[NPLACED])) >= room:
        total += HARMONY_POINTS
    return total


@nb.njit(cache=True)
def value(st: np.ndarray, terr: np.ndarray, crowns: np.ndarray) -> int:
    """The score of the frame as it is (closed or not), with its bonuses."""
    score = 0
    placed = 0
    for t in range(TERRAINS):
        m = terr[t]
        placed |= m
        while m:
            r = _region(st, m)
            m &= ~r
            score += popcount(r) * _crowns_of(crowns, r)
    if st[MIDDLE] and not placed & ~st[WITHIN]:
        score += MIDDLE_POINTS
    if st[HARMONY] and placed | st[CASTLE] == st[FULL]:
        score += HARMONY_POINTS
    return score


@nb.njit(cache=True)
def _reach_order(st: np.ndarray, kinds: np.ndarray, placed: np.ndarray,
                 order: np.ndarray) -> bool:
    """The placed dominoes in an order that builds them legally (into ``order``); False if
    one cannot be reached from the castle through its own terrain."""
    reached = np.zeros(TERRAINS, np.int64)
    castle_side = _grow(st, st[CASTLE])
    count = st[NPLACED]
    done = np.zeros(count, np.bool_)
    m = 0
    progress = True
    while m < count and progress:
        progress = False
        for p in range(count):
            if done[p]:
                continue
            i, j, kind, flip = placed[p, 0], placed[p, 1], placed[p, 2], placed[p, 3]
            ti, tj = kinds[kind, 0], kinds[kind, 2]
            if flip:
                ti, tj = tj, ti
            bi, bj = np.int64(1) << i, np.int64(1) << j
            if (bi | bj) & castle_side or _grow(st, bi) & reached[ti] \
                    or _grow(st, bj) & reached[tj]:
                reached[ti] |= bi
                reached[tj] |= bj
                order[m] = p
                m += 1
                done[p] = True
                progress = True
    return bool(m == count)


@nb.njit(cache=True, inline="always")
def _fit(st: np.ndarray, terr: np.ndarray, i: int, t: int) -> int:
    return 2 * popcount(_grow(st, 1 << i) & int(terr[t]))


@nb.njit(cache=True)
def _put(st: np.ndarray, kinds: np.ndarray, count: np.ndarray, terr: np.ndarray,
         crowns: np.ndarray, left_sq: np.ndarray, left_cr: np.ndarray, placed: np.ndarray,
         i: int, j: int, kind: int, flip: int, sign: int) -> None:
    t1, c1, t2, c2 = kinds[kind, 0], kinds[kind, 1], kinds[kind, 2], kinds[kind, 3]
    if flip:
        t1, c1, t2, c2 = t2, c2, t1, c1
    bi, bj = np.int64(1) << i, np.int64(1) << j
    count[kind] -= sign
    left_sq[t1] -= sign
    left_sq[t2] -= sign
    left_cr[t1] -= sign * c1
    left_cr[t2] -= sign * c2
    terr[t1] ^= bi
    terr[t2] ^= bj
    if c1:
        crowns[c1] ^= bi
    if c2:
        crowns[c2] ^= bj
    st[FREE] ^= bi | bj
    if sign > 0:
        p = st[NPLACED]
        placed[p, 0], placed[p, 1], placed[p, 2], placed[p, 3] = i, j, kind, flip
        st[NPLACED] = p + 1
    else:
        st[NPLACED] -= 1


@nb.njit(cache=True)
def _leaf(st: np.ndarray, kinds: np.ndarray, count: np.ndarray, terr: np.ndarray,
          crowns: np.ndarray, placed: np.ndarray, best: np.ndarray) -> None:
    """A finished frame: keep it (in reach order) if it beats the best and can be built."""
    if st[PLACE_ALL] and count.sum():
        return
    v = value(st, terr, crowns)
    if v <= st[BEST]:
        return
    order = np.empty(st[NPLACED], np.int64)
    if not _reach_order(st, kinds, placed, order):
        return
    st[BEST] = v
    for m in range(order.shape[0]):
        best[m, :] = placed[order[m], :]
    st[BEST_N] = order.shape[0]


@nb.njit(cache=True)
def run(st: np.ndarray, kinds: np.ndarray, count: np.ndarray, terr: np.ndarray,
        crowns: np.ndarray, left_sq: np.ndarray, left_cr: np.ndarray, placed: np.ndarray,
        best: np.ndarray, scratch: np.ndarray, moves: np.ndarray) -> None:
    """Search every completion of the partial frame for one worth more than ``st[BEST]``;
    ``moves`` holds each depth's moves (score, kind, other cell, flip)."""
    st[NODES] += 1
    if st[NODES] >= st[LIMIT]:
        st[CUT] = 1
    if st[CUT] or bound(st, kinds, count, terr, crowns, left_sq, left_cr, scratch) <= st[BEST]:
        return
    free = st[FREE]
    if not free or st[NPLACED] == st[CAP]:
        _leaf(st, kinds, count, terr, crowns, placed, best)
        return
    low = st[PICK]
    i = popcount(low - 1)
    n = st[SIZE]
    depth = st[NPLACED]
    here = moves[depth]
    nm = 0
    for q in range(kinds.shape[0]):
        if not count[q]:
            continue
        t1, c1, t2, c2 = kinds[q, 0], kinds[q, 1], kinds[q, 2], kinds[q, 3]
        for side in range(4):
            j = (i - n if i >= n else -1, i - 1 if i % n else -1,
                 i + 1 if (i + 1) % n else -1, i + n if i + n < n * n else -1)[side]
            if j < 0 or not (free >> j) & 1:
                continue
            here[nm, 0] = _fit(st, terr, i, t1) + _fit(st, terr, j, t2) + c1 + c2
            here[nm, 1], here[nm, 2], here[nm, 3] = q, j, 0
            nm += 1
            if t1 != t2 or c1 != c2:
                here[nm, 0] = _fit(st, terr, i, t2) + _fit(st, terr, j, t1) + c1 + c2
                here[nm, 1], here[nm, 2], here[nm, 3] = q, j, 1
                nm += 1
    ranked = np.argsort(-here[:nm, 0], kind="mergesort")
    for m in ranked:
        q, j, flip = here[m, 1], here[m, 2], here[m, 3]
        _put(st, kinds, count, terr, crowns, left_sq, left_cr, placed, i, j, q, flip, 1)
        run(st, kinds, count, terr, crowns, left_sq, left_cr, placed, best, scratch, moves)
        _put(st, kinds, count, terr, crowns, left_sq, left_cr, placed, i, j, q, flip, -1)
    st[FREE] = free & ~low  # the cell left empty
    st[HOLES] |= low
    run(st, kinds, count, terr, crowns, left_sq, left_cr, placed, best, scratch, moves)
    st[HOLES] &= ~low
    st[FREE] = free
