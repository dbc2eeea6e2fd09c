"""The bounds of the compiled two-player endgame tree: a player's final code bracketed from the
kingdom and the dominoes that can still reach it (``Tree.bounds``), the floor of what they
surely place next (``Tree.floor``), and the positions one player alone decides
(``Tree.best_claiming``, ``Tree.alone``), with numba.

Imported only by the kernels (:mod:`kingdomino_kit.game.endgame.kernels`,
:mod:`kingdomino_kit.game.endgame.many_kernels`) when numba is installed; the arrays are
those of :mod:`kingdomino_kit.game.endgame.finish_kernels`, the state that of
:mod:`kingdomino_kit.game.endgame.draft_kernels`.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

from kingdomino_kit.game.endgame.draft_kernels import (
    CLAIMS,
    F_LEN,
    FUTURE,
    LINE_AT,
    N_LINE,
    N_ORDER,
    NF,
    ORDER,
    PHASE,
    S_LEN,
    S_MAX,
    S_SEQ,
    STATE,
    TO_PLACE,
    TURN,
    after_placing,
    claimed,
    play_on,
    skip_settled,
)
from kingdomino_kit.game.endgame.finish import SCALE
from kingdomino_kit.game.endgame.finish_kernels import (
    CACHE_ROWS,
    I64,
    KINGDOMS,
    KPP,
    MEMO,
    MIDDLE,
    PLAYERS,
    STOPPED,
    U1,
    WORK,
    add,
    facts,
    final,
    grab,
    memo_slot,
    mix,
    upper_of,
    words,
)
from kingdomino_kit.game.endgame.search import CLAIM, INF
from kingdomino_kit.game.fast.primitives import bit_count

LOW48 = np.uint64(0xFFFFFFFFFFFF)


# ------------------------------------------------------------------ values and bounds
@nb.njit(cache=True)
def done(kb: Any, cf: np.ndarray, wk: Any, memo: Any, cnt: np.ndarray,
         s: np.ndarray, p: int) -> Any:  # pragma: no cover
    """A settled player's final code (``Tree.done``)."""
    at = S_SEQ + S_MAX * p
    return final(kb, cf, wk, memo, cnt, p, s, at, at + s[S_LEN + p])[0]


@nb.njit(cache=True)
def _known(memo: Any, kb: Any, p: int, seq: np.ndarray, start: int, stop: int
           ) -> tuple[bool, int]:  # pragma: no cover
    """A best finish already in the memo (hashed as ``numba_finish.final`` hashes it)."""
    slot, k1, k2 = memo_slot(memo, kb, p, seq, start, stop)
    if memo[slot, 0] == k1 and memo[slot, 1] == k2:
        return True, memo[slot, 2]
    return False, 0


@nb.njit(cache=True)
def _pool_masks(n: int, m: int, out: np.ndarray) -> int:  # pragma: no cover
    """The subsets of ``m`` of ``n`` items as bit masks (all of them when ``m >= n``)."""
    if m >= n:
        out[0] = (1 << n) - 1
        return 1
    k = 0
    for mask in range(1 << n):
        c = 0
        x = mask
        while x:
            x &= x - 1
            c += 1
        if c == m:
            out[k] = mask
            k += 1
    return k


@nb.njit(cache=True)
def state_word(s: np.ndarray) -> Any:  # pragma: no cover
    """The hash word of the drafting state's first :data:`S_LEN` words (each below 127,
    packed six to a word): what the bounds of a player still claiming depend on besides
    their kingdom — one word for both players' bounds."""
    h = U1
    packed = 0
    for i in range(S_LEN):
        packed = packed << 7 | (s[i] + 1)
        if i % 6 == 5 or i == S_LEN - 1:
            h = mix(h, packed)
            packed = 0
    return h


@nb.njit(cache=True)
def bounds(kb: Any, cf: np.ndarray, wk: Any, memo: Any, s: np.ndarray, p: int
           ) -> tuple[int, int]:  # pragma: no cover
    """``Tree.bounds``: (lowest, highest) final code of player ``p`` (:func:`bounds_of`)."""
    return bounds_of(kb, cf, wk, memo, s, p, state_word(s) if s[S_LEN + p] < 0 else U1)


@nb.njit(cache=True, inline="always")  # its hash and table read, where it is used
def bounds_of(kb: Any, cf: np.ndarray, wk: Any, memo: Any, s: np.ndarray, p: int, sw: Any
              ) -> tuple[int, int]:  # pragma: no cover
    """``Tree.bounds``: (lowest, highest) final code of player ``p`` — a settled player's
    best finish when known; kept by a hash of the kingdom and of what reaches it (``wk[5]``:
    two key words and the bounds a row; a clash replaces), ``sw`` the state's
    :func:`state_word` (read only when ``p`` still claims). A cache, read by nothing else:
    its hash is free to change without changing the search."""
    h1, h2 = kb[5][p, 0], kb[5][p, 1]
    h1 = mix(h1, p)
    if s[S_LEN + p] >= 0:
        at = S_SEQ + S_MAX * p
        found, value = _known(memo, kb, p, s, at, at + s[S_LEN + p])
        if found:
            return value, value
        for i in range(at, at + s[S_LEN + p]):
            h1 = mix(h1, s[i])
        h1 = mix(h1, 100 + s[S_LEN + p])
    else:
        h1 = mix(h1, int(sw & LOW48))
        h1 = mix(h1, int(sw >> np.uint64(48)) + 200)
    h2 = mix(h2, int(h1 & LOW48))
    table = wk[5][:]
    slot, k1, k2 = words(h1, h2, cf[CACHE_ROWS])
    row = table[slot]
    if row[0] == k1 and row[1] == k2:
        return row[2], row[3]
    low, high = _bounds_now(kb, cf, wk, s, p)
    row[0] = k1
    row[1] = k2
    row[2] = low
    row[3] = high
    return low, high


@nb.njit(cache=True)
def margin_bounds(kb: Any, cf: np.ndarray, wk: Any, memo: Any, s: np.ndarray
                  ) -> tuple[int, int, int, int]:  # pragma: no cover
    """Both players' :func:`bounds` (player 0's low and high, then player 1's), the state
    hashed once."""
    sw = state_word(s) if s[S_LEN] < 0 or s[S_LEN + 1] < 0 else U1
    hlow = hhigh = olow = ohigh = 0
    for p in range(2):  # a loop: one copy, and no kernel compiled per constant player
        low, high = bounds_of(kb, cf, wk, memo, s, p, sw)
        if p:
            olow, ohigh = low, high
        else:
            hlow, hhigh = low, high
    return hlow, hhigh, olow, ohigh


@nb.njit(cache=True)
def _bounds_now(kb: Any, cf: np.ndarray, wk: Any, s: np.ndarray, p: int
                ) -> tuple[int, int]:  # pragma: no cover
    """:func:`bounds` without a known finish: the score now, and ``Finisher.upper`` (settled)
    or ``Finisher.upper_choosing`` over the dominoes that can still reach the player."""
    sc = wk[6][:]
    at = grab(wk, 30)
    squares, crowns, scores = sc[at:at + 6], sc[at + 6:at + 12], sc[at + 12:at + 18]
    add_s, add_c = sc[at + 18:at + 24], sc[at + 24:at + 30]
    add_s[:] = 0
    add_c[:] = 0
    score, filled, middle = facts(kb, cf, wk, p, squares, crowns, scores)
    if s[S_LEN + p] >= 0:
        start = S_SEQ + S_MAX * p
        for i in range(start, start + s[S_LEN + p]):
            add(wk[2][:], s[i], add_s, add_c, 1)
        high = upper_of(cf, squares, crowns, scores, score, filled, middle, add_s, add_c,
                        s[S_LEN + p])
        sc[0] = at
        return score * SCALE, high * SCALE + SCALE - 1
    best = _choosing(cf, wk, s, p, squares, crowns, scores, score, filled, middle, add_s, add_c)
    sc[0] = at
    return score * SCALE, best * SCALE + SCALE - 1


@nb.njit(cache=True)
def _choosing(cf: np.ndarray, wk: Any, s: np.ndarray, p: int, squares: np.ndarray,
              crowns: np.ndarray, scores: np.ndarray, score: int, filled: int, middle: bool,
              add_s: np.ndarray, add_c: np.ndarray) -> int:  # pragma: no cover
    """``Finisher.upper_choosing``: the highest :func:`upper_of` over the dominoes that can
    still reach player ``p`` (``add_s``, ``add_c``: zeros, scratch)."""
    pieces = wk[2][:]
    kpp = cf[KPP]
    sc = wk[6][:]
    at = grab(wk, 36)
    pool, masks_a, masks_b = sc[at:at + 4], sc[at + 4:at + 20], sc[at + 20:at + 36]
    masks_a[0] = 0  # no choice: the one empty subset
    masks_b[0] = 0
    count = 0
    for k in range(cf[PLAYERS] * kpp):
        if k // kpp == p and s[TO_PLACE + k]:
            add(pieces, s[TO_PLACE + k], add_s, add_c, 1)
            count += 1
    n_pool = 0
    for i in range(s[N_LINE]):
        k = s[CLAIMS + i]
        if k >= 0 and k // kpp == p:
            add(pieces, s[LINE_AT + i], add_s, add_c, 1)
            count += 1
        elif k < 0:
            pool[n_pool] = s[LINE_AT + i]
            n_pool += 1
    m = 0
    if s[N_LINE]:
        for i in range(s[N_ORDER]):
            k = s[ORDER + i]
            if k // kpp == p and not claimed(s, k):
                m += 1
    na = _pool_masks(n_pool, m, masks_a) if m else 1
    nb_ = _pool_masks(s[F_LEN], kpp, masks_b) if s[NF] > 0 and s[F_LEN] > 0 else 1
    best = -1
    for a in range(na):
        ma = masks_a[a]
        for i in range(n_pool):
            if ma >> i & 1:
                add(pieces, pool[i], add_s, add_c, 1)
        for b in range(nb_):
            mb = masks_b[b]
            for i in range(s[F_LEN]):
                if mb >> i & 1:
                    add(pieces, s[FUTURE + i], add_s, add_c, 1)
            n = count + bit_count(ma) + bit_count(mb)
            high = upper_of(cf, squares, crowns, scores, score, filled, middle, add_s, add_c, n)
            if high > best:
                best = high
            for i in range(s[F_LEN]):
                if mb >> i & 1:
                    add(pieces, s[FUTURE + i], add_s, add_c, -1)
        for i in range(n_pool):
            if ma >> i & 1:
                add(pieces, pool[i], add_s, add_c, -1)
    sc[0] = at
    return best


@nb.njit(cache=True)
def floor(kb: Any, cf: np.ndarray, wk: Any, memo: Any, cnt: np.ndarray,
          s: np.ndarray, p: int, low: int) -> Any:  # pragma: no cover
    """``Tree.floor``: the best finish of the dominoes player ``p`` surely places next, less
    the Middle Kingdom bonus, when higher than ``low``."""
    sc = wk[6][:]
    at = grab(wk, S_MAX)
    seq = sc[at:at + S_MAX]
    n = 0
    if s[S_LEN + p] >= 0:
        if s[S_LEN + p]:
            seq[0] = s[S_SEQ + S_MAX * p]
            n = 1
    else:
        for i in range(s[TURN], s[N_ORDER]):
            k = s[ORDER + i]
            if k // cf[KPP] == p and s[TO_PLACE + k]:
                seq[n] = s[TO_PLACE + k]
                n += 1
    if not n:
        sc[0] = at
        return low
    value = final(kb, cf, wk, memo, cnt, p, seq, 0, n)[0]
    sc[0] = at
    value -= cf[MIDDLE] * SCALE
    return max(low, value // SCALE * SCALE)


@nb.njit(nb.int64(KINGDOMS, I64, WORK, MEMO, I64, I64, nb.int64, I64, nb.int64), cache=True)
def best_claiming(kb: Any, cf: np.ndarray, wk: Any, memo: Any, cnt: np.ndarray,
                  s: np.ndarray, p: int, placed: np.ndarray, n_placed: int
                  ) -> Any:  # pragma: no cover
    """``Tree.best_claiming``: player ``p``'s best final code where they alone are not
    settled, ``placed[:n_placed]`` their dominoes put off so far."""
    sc = wk[6][:]
    at = grab(wk, 2 * STATE + 16 + S_MAX)
    t = sc[at:at + STATE]
    nxt = sc[at + STATE:at + 2 * STATE]
    seq = sc[at + 2 * STATE:at + 2 * STATE + 16 + S_MAX]
    t[:] = s
    while t[S_LEN + p] < 0:
        skip_settled(t, cf)
        if t[PHASE] == CLAIM:
            best = -INF
            for i in range(t[N_LINE]):
                if t[CLAIMS + i] < 0:
                    nxt[:] = t
                    play_on(nxt, cf, i)
                    value = best_claiming(kb, cf, wk, memo, cnt, nxt, p, placed,
                                          n_placed)
                    if cnt[STOPPED]:
                        sc[0] = at
                        return 0
                    if value > best:
                        best = value
            sc[0] = at
            return best
        number = t[TO_PLACE + t[ORDER + t[TURN]]]
        if number:
            placed[n_placed] = number
            n_placed += 1
        after_placing(t, cf)
    start = S_SEQ + S_MAX * p
    n = n_placed + t[S_LEN + p]
    seq[:n_placed] = placed[:n_placed]
    seq[n_placed:n] = t[start:start + t[S_LEN + p]]
    value = final(kb, cf, wk, memo, cnt, p, seq, 0, n)[0]
    sc[0] = at
    return value


@nb.njit(cache=True)
def alone(kb: Any, cf: np.ndarray, wk: Any, memo: Any, cnt: np.ndarray,
          s: np.ndarray) -> Any:  # pragma: no cover
    """``Tree.alone`` with two players: the margin where one player alone still decides."""
    player = 0 if s[S_LEN] < 0 else 1
    sc = wk[6][:]
    at = grab(wk, 16)
    mine = best_claiming(kb, cf, wk, memo, cnt, s, player, sc[at:at + 16], 0)
    sc[0] = at
    other = done(kb, cf, wk, memo, cnt, s, 1 - player)
    return mine - other if player == 0 else other - mine
