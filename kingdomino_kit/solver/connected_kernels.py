"""The connected-tiling search of :mod:`.connected_tiling` compiled with numba.

One castle cell's search: the frame's cells are filled in reading order, the first free cell
by a domino (of a kind: an unordered pair of terrains) going right or down, either way round;
every cell must be filled. A part of a crowned terrain with no free neighbour left must be the
whole terrain (a closed part that is not ends apart). Three more cuts, each a property of
every layout that fills the frame with each crowned terrain one region:

- *planarity*: the regions, the castle and the outside of the frame (vertices 0–5, 7, 6) with
  an edge where two touch form a planar graph; its edges are those of the mixed dominoes
  between crowned terrains and those the cells decided show. A K5 or K3,3 among them refutes.
- *no crossing*: the parts of two crowned terrains that must each still merge below the
  profile (the decided cell above each column's first free cell), met in the order a b a b
  along it, cannot both merge (two connected sets in the free cells would cross);
- *a free cell with no free neighbour* cannot be filled.

States met again (the free cells, the kinds left, the profile's terrains and which of its
cells are joined, the edges seen, the symmetry cells' terrains) are cut by a table of the
states refuted before, keyed exactly (no hash collision can cut a live state).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from kingdomino_kit.solver.frame_kernels import popcount

# the scalar state: st[...]
SIZE, FULL, NOT_FIRST, NOT_LAST, NODES, LIMIT, CUT, FOUND = range(8)
NPLACED, CASTLE, BORDER, CASTLE_CELL, CAN_MEMO, USED = range(8, 14)
STATE = 14
TERRAINS = 6
OUTSIDE, KEEP = 6, 7  # the region graph's vertices beside the terrains (KEEP: the castle)
WORDS = 5
TAKEN = np.int64(1) << np.int64(62)


@nb.njit(cache=True, inline="always")
def _near(st: np.ndarray, m: int) -> int:
    """The orthogonal neighbours of the cells of ``m`` (``m`` itself not included)."""
    n = st[SIZE]
    return int((((m << 1) & st[NOT_FIRST]) | ((m >> 1) & st[NOT_LAST]) | (m << n) | (m >> n))
               & st[FULL])


@nb.njit(cache=True, inline="always")
def _region(st: np.ndarray, m: int, seed: int) -> int:
    """The connected part of ``m`` holding the cells of ``seed``."""
    r = seed
    while True:
        g = (r | _near(st, r)) & m
        if g == r:
            return r
        r = g


@nb.njit(cache=True)
def _closed_ok(st: np.ndarray, terr: np.ndarray, crowned: np.ndarray, rem: np.ndarray,
               free: int, last: int) -> bool:
    """No free cell without a free neighbour; every closed part of a crowned terrain is the
    whole terrain — checked for the parts at or beside the cells just filled (``last``), the
    only ones that can have closed since the last check."""
    if free & ~_near(st, free):
        return False
    touch = last | _near(st, last)
    for t in range(TERRAINS):
        if not crowned[t]:
            continue
        m = terr[t] & touch
        while m:
            r = _region(st, terr[t], m & -m)
            m &= ~r
            if not _near(st, r) & free and (r != terr[t] or rem[t]):
                return False
    return True


@nb.njit(cache=True)
def _code(terr: np.ndarray, free: int, cell: int) -> int:
    """0 if the cell is free (or the castle), else 1 + its terrain."""
    if cell < 0 or (free >> cell) & 1:
        return 0
    for t in range(TERRAINS):
        if (terr[t] >> cell) & 1:
            return 1 + t
    return 0


@nb.njit(cache=True)
def _symmetric_ok(terr: np.ndarray, free: int, sym: np.ndarray) -> bool:
    """For each pair of cells (a, b) of ``sym`` (−1: none), a holds at least what b holds."""
    for p in range(sym.shape[0]):
        a, b = sym[p, 0], sym[p, 1]
        if a < 0:
            break
        ca, cb = _code(terr, free, a), _code(terr, free, b)
        if ca and cb and cb > ca:
            return False
    return True


@nb.njit(cache=True)
def _profile(st: np.ndarray, terr: np.ndarray, crowned: np.ndarray, free: int,
             seq: np.ndarray) -> int:
    """The profile left to right, as runs of (terrain, lowest cell of its part, first column,
    last column) in ``seq`` (terrain −1: no crowned terrain); returns the number of runs."""
    n = st[SIZE]
    col = st[FULL] & ~st[NOT_FIRST]
    k = 0
    for j in range(n):
        low = free & (col << j)
        if not low:
            continue
        b = (low & -low) >> n
        if not b:
            continue
        t, lab = -1, 0
        for u in range(TERRAINS):
            if terr[u] & b and crowned[u]:
                t = u
                r0 = _region(st, terr[u], b)
                lab = r0 & -r0
        if k and seq[k - 1, 0] == t and seq[k - 1, 1] == lab:
            seq[k - 1, 3] = j
            continue
        seq[k, 0], seq[k, 1], seq[k, 2], seq[k, 3] = t, lab, j, j
        k += 1
    return k


@nb.njit(cache=True)
def _labels(seq: np.ndarray, k: int, t: int) -> tuple[int, bool]:
    """How many parts of terrain ``t`` the profile shows, and whether each is one run."""
    count, clean = 0, True
    for i in range(k):
        if seq[i, 0] != t:
            continue
        first = True
        for i2 in range(i):
            if seq[i2, 0] == t and seq[i2, 1] == seq[i, 1]:
                first = False
        if first:
            count += 1
        else:
            clean = False
    return count, clean


@nb.njit(cache=True)
def _span(seq: np.ndarray, k: int, t: int) -> int:
    """The columns strictly between the end of terrain ``t``'s first run and the start of its
    last."""
    first, last = -1, -1
    for i in range(k):
        if seq[i, 0] == t:
            if first < 0:
                first = i
            last = i
    return max(0, int(seq[last, 2] - seq[first, 3] - 1))


@nb.njit(cache=True)
def _uncrossed(st: np.ndarray, terr: np.ndarray, crowned: np.ndarray, rem: np.ndarray,
               free: int, seq: np.ndarray) -> bool:
    """False if a terrain with no square left has parts to merge, if one whose parts must
    merge (each part one run of the profile) has fewer squares left than the columns between
    its first run and its last (the free cells that join them cover each such column), or if
    two such terrains alternate a b a b along the profile."""
    k = _profile(st, terr, crowned, free, seq)
    merging = np.zeros(TERRAINS, np.bool_)
    for t in range(TERRAINS):
        count, clean = _labels(seq, k, t)
        if count >= 2 and rem[t] == 0:
            return False
        merging[t] = count >= 2 and clean
        if merging[t] and _span(seq, k, t) > rem[t]:
            return False
    for a in range(TERRAINS):
        if not merging[a]:
            continue
        for b in range(TERRAINS):
            if b == a or not merging[b]:
                continue
            state = 0
            for i in range(k):
                if seq[i, 0] == (a if state % 2 == 0 else b):
                    state += 1
            if state >= 4:
                return False
    return True


@nb.njit(cache=True)
def _edges_of(st: np.ndarray, terr: np.ndarray, crowned: np.ndarray, cell: int,
              t: int) -> int:
    """The region graph's edges that cell ``cell`` of terrain ``t`` shows (bit 8·i + j)."""
    if not crowned[t]:
        return 0
    e = 0
    b = 1 << cell
    if b & st[BORDER]:
        e |= 1 << (t * 8 + OUTSIDE)
    near = _near(st, b)
    if near & st[CASTLE]:
        e |= 1 << (t * 8 + KEEP)
    for u in range(TERRAINS):
        if u != t and crowned[u] and terr[u] & near:
            e |= 1 << (min(t, u) * 8 + max(t, u))
    return e


@nb.njit(cache=True)
def _planar_ok(e: int, new: int, forbidden: np.ndarray) -> bool:
    """Whether the edges ``e`` hold none of the forbidden graphs through an edge of ``new``
    (``forbidden[b]``: the edge masks through edge bit b, 0 after the last)."""
    while new:
        b = new & -new
        new &= ~b
        row = forbidden[popcount(b - 1)]
        for q in range(row.shape[0]):
            f = row[q]
            if not f:
                break
            if (e & f) == f:
                return False
    return True


@nb.njit(cache=True)
def _key(st: np.ndarray, terr: np.ndarray, crowned: np.ndarray, count: np.ndarray,
         free: int, p: int, sym: np.ndarray, edges: int, key: np.ndarray) -> bool:
    """The state's key in ``key``: (first free cell, the cells filled ahead of it, the castle,
    the symmetry cells' terrains), the kinds left (3 bits each), the cells p − n … p + n − 1
    that touch a free cell with their crowned terrain and part (6 bits each: the part numbered
    by terrain in order met), the edges seen. False if it does not fit the words."""
    n = st[SIZE]
    front = st[FULL] & ~free & _near(st, free)
    w2 = w3 = 0
    for t in range(TERRAINS):
        if not crowned[t]:
            continue
        m = terr[t]
        lab = 0
        while m:
            r = _region(st, m, m & -m)
            m &= ~r
            fr = r & front
            if not fr:
                continue
            lab += 1
            if lab > 7:
                return False
            while fr:
                b = fr & -fr
                fr &= ~b
                k = popcount(b - 1) - (p - n)
                code = (t + 1) | (lab << 3)
                if k < 10:
                    w2 |= code << (6 * k)
                else:
                    w3 |= code << (6 * (k - 10))
    w1 = 0
    for q in range(count.shape[0]):
        w1 |= int(count[q]) << (3 * q)
    w0 = p | (((st[FULL] & ~free) >> p) & ((1 << n) - 1)) << 6 | st[CASTLE_CELL] << (6 + n)
    shift = 12 + n
    for q in range(sym.shape[0]):
        for s in range(2):
            w0 |= np.int64(_code(terr, free, sym[q, s])) << np.int64(shift)
            shift += 3
    key[0], key[1], key[2], key[3], key[4] = w0 | TAKEN, w1, w2, w3, edges
    return True


@nb.njit(cache=True)
def _slot(table: np.ndarray, key: np.ndarray) -> int:
    """The row of ``key`` in ``table`` (open addressing), or of the empty row where it would
    go; −1 if the table is full."""
    h = np.uint64(0x9E3779B97F4A7C15)
    for w in range(WORDS):
        h = (h ^ np.uint64(key[w])) * np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    size = table.shape[0]
    i = np.int64(h >> np.uint64(1)) & (size - 1)
    for _ in range(size):
        if table[i, 0] == 0:
            return int(i)
        same = True
        for w in range(WORDS):
            if table[i, w] != key[w]:
                same = False
                break
        if same:
            return int(i)
        i = (i + 1) & (size - 1)
    return -1


@nb.njit(cache=True)
def _remember(st: np.ndarray, table: np.ndarray, key: np.ndarray) -> None:
    """Keep ``key`` as refuted; the table starts afresh when three quarters full."""
    if 4 * st[USED] >= 3 * table.shape[0]:
        table[:, 0] = 0
        st[USED] = 0
    i = _slot(table, key)
    if i >= 0 and table[i, 0] == 0:
        table[i, :] = key
        st[USED] += 1


@nb.njit(cache=True)
def _buildable(st: np.ndarray, kinds: np.ndarray, placed: np.ndarray) -> bool:
    """Whether the rules can build the filling: each domino reached from the castle through
    squares of its own terrain (then placing them in the order reached is legal)."""
    reached = np.zeros(TERRAINS, np.int64)
    side = _near(st, st[CASTLE])
    count = st[NPLACED]
    done = np.zeros(count, np.bool_)
    left, progress = count, True
    while left and progress:
        progress = False
        for m in range(count):
            if done[m]:
                continue
            i, j, q, f = placed[m, 0], placed[m, 1], placed[m, 2], placed[m, 3]
            ti, tj = kinds[q, f], kinds[q, 1 - f]
            bi, bj = 1 << i, 1 << j
            if (bi | bj) & side or _near(st, bi) & reached[ti] or _near(st, bj) & reached[tj]:
                reached[ti] |= bi
                reached[tj] |= bj
                done[m] = True
                left -= 1
                progress = True
    return bool(left == 0)


@nb.njit(cache=True)
def _alive(st: np.ndarray, terr: np.ndarray, crowned: np.ndarray, rem: np.ndarray,
           free: int, sym: np.ndarray, seq: np.ndarray, placed: np.ndarray) -> bool:
    d = st[NPLACED] - 1
    last = (1 << placed[d, 0]) | (1 << placed[d, 1]) if d >= 0 else 0
    return (_closed_ok(st, terr, crowned, rem, free, last) and _symmetric_ok(terr, free, sym)
            and _uncrossed(st, terr, crowned, rem, free, seq))


@nb.njit(cache=True)
def _moves(st: np.ndarray, kinds: np.ndarray, count: np.ndarray, terr: np.ndarray, free: int,
           p: int, here: np.ndarray, order: np.ndarray) -> int:
    """The moves at cell ``p`` into ``here`` (rank, kind, other cell, flipped), those whose
    halves meet more decided squares of their own terrain first, ties in the kinds' ``order``
    (a permutation of their indices); returns how many."""
    n = st[SIZE]
    nm = 0
    for qi in range(kinds.shape[0]):
        q = order[qi]
        if not count[q]:
            continue
        for d in range(2):
            j = p + 1 if d == 0 else p + n
            if (d == 0 and (p + 1) % n == 0) or j >= n * n or not (free >> j) & 1:
                continue
            for f in range(2):
                t1, t2 = kinds[q, f], kinds[q, 1 - f]
                if f == 1 and t1 == t2:
                    continue
                fit = (popcount(_near(st, 1 << p) & int(terr[t1]))
                       + popcount(_near(st, 1 << j) & int(terr[t2])))
                here[nm, 0], here[nm, 1], here[nm, 2], here[nm, 3] = fit, q, j, f
                # insertion by falling fit, stable
                m = nm
                while m > 0 and here[m - 1, 0] < fit:
                    for w in range(4):
                        here[m, w], here[m - 1, w] = here[m - 1, w], here[m, w]
                    m -= 1
                nm += 1
    return nm


@nb.njit(cache=True)
def run(st: np.ndarray, kinds: np.ndarray, count: np.ndarray, terr: np.ndarray,
        crowned: np.ndarray, rem: np.ndarray, free: int, edges: int, placed: np.ndarray,
        sym: np.ndarray, forbidden: np.ndarray, table: np.ndarray, keys: np.ndarray,
        seq: np.ndarray, moves: np.ndarray, order: np.ndarray) -> None:
    """Search every filling of the free cells with the kinds left, moves tried in the kinds'
    ``order`` among equals (:func:`_moves`); ``st[FOUND]`` set (and the filling in ``placed``:
    cell, other cell, kind, flipped) at the first one, ``st[CUT]`` when the node limit came
    first. Refuted states are keyed by kind index, not by the order: one table serves every
    order."""
    st[NODES] += 1
    if st[NODES] >= st[LIMIT]:
        st[CUT] = 1
        return
    if not _alive(st, terr, crowned, rem, free, sym, seq, placed):
        return
    if not free:
        st[FOUND] = int(_buildable(st, kinds, placed))
        return
    p = popcount((free & -free) - 1)
    depth = st[NPLACED]
    key = keys[depth]
    memo = st[CAN_MEMO] and _key(st, terr, crowned, count, free, p, sym, edges, key)
    if memo:
        i = _slot(table, key)
        if i >= 0 and table[i, 0] != 0:
            return
    here = moves[depth]
    nm = _moves(st, kinds, count, terr, free, p, here, order)
    for m in range(nm):
        q, j, f = here[m, 1], here[m, 2], here[m, 3]
        t1, t2 = kinds[q, f], kinds[q, 1 - f]
        bi, bj = np.int64(1) << p, np.int64(1) << j
        count[q] -= 1
        rem[t1] -= 1
        rem[t2] -= 1
        terr[t1] |= bi
        terr[t2] |= bj
        e2 = edges | _edges_of(st, terr, crowned, p, t1) | _edges_of(st, terr, crowned, j, t2)
        if e2 == edges or _planar_ok(e2, e2 & ~edges, forbidden):
            placed[depth, 0], placed[depth, 1], placed[depth, 2], placed[depth, 3] = p, j, q, f
            st[NPLACED] = depth + 1
            run(st, kinds, count, terr, crowned, rem, free & ~bi & ~bj, e2, placed, sym,
                forbidden, table, keys, seq, moves, order)
            st[NPLACED] = depth
        terr[t1] &= ~bi
        terr[t2] &= ~bj
        rem[t1] += 1
        rem[t2] += 1
        count[q] += 1
        if st[CUT] or st[FOUND]:
            return
    if memo:
        _remember(st, table, key)
