"""The compiled endgame tree of two players: the drafting loop, the bounds and the alpha-beta
search of :class:`~kingdomino_kit.game.endgame.search.Tree`, with numba.

Imported only by :mod:`kingdomino_kit.game.endgame.compiled` when numba is installed. The
state of :class:`~kingdomino_kit.game.endgame.search.State` is one int64 array (offsets
below); the kingdoms and the single-player half are
:mod:`kingdomino_kit.game.endgame.finish_kernels`'s.
The search is the Python one — settled players leave the tree for their best finish, one
player alone decides without a tree, bounds and floors cut, a transposition table (two
64-bit hash words a position, one slot per hash, a clash replaces) gives the best move
first, a killer the best placement of a domino elsewhere — and its value is the Python
search's, position for position (the tests compare them).
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

from kingdomino_kit.game.endgame.finish import DISCARD_MOVE, SCALE
from kingdomino_kit.game.endgame.finish_kernels import (
    ALONE,
    I64,
    I64_2,
    KINGDOMS,
    KPP,
    MEMO,
    MIDDLE,
    PLAYERS,
    STOPPED,
    TABLE,
    U1,
    WORK,
    add,
    facts,
    final,
    gains,
    memo_slot,
    mix,
    moves_of,
    put,
    take,
    tick,
    upper_of,
    words,
)
from kingdomino_kit.game.endgame.search import CLAIM, EXACT, INF, LOWER, PLACE, UPPER
from kingdomino_kit.game.fast.primitives import bit_count

OVER = -1
N_ORDER, TURN, PHASE, N_LINE = 0, 1, 2, 3
ORDER, LINE_AT, CLAIMS, TO_PLACE = 4, 8, 12, 16
NF, F_LEN, FUTURE = 20, 21, 22
S_LEN, S_SEQ, S_MAX = 26, 30, 8
STATE = S_SEQ + 4 * S_MAX


# ------------------------------------------------------------------ the drafting loop
@nb.njit(cache=True)
def _claimed(s: np.ndarray, king: int) -> bool:  # pragma: no cover
    for i in range(s[N_LINE]):  # noqa: SIM110  (numba: no any() of a generator)
        if s[CLAIMS + i] == king:
            return True
    return False


@nb.njit(cache=True)
def _free(s: np.ndarray) -> int:  # pragma: no cover
    n = 0
    for i in range(s[N_LINE]):
        if s[CLAIMS + i] < 0:
            n += 1
    return n


@nb.njit(cache=True)
def _still_claims(s: np.ndarray, kpp: int, p: int) -> bool:  # pragma: no cover
    """A king of player ``p`` in this round's order has not claimed yet."""
    for i in range(s[N_ORDER]):
        k = s[ORDER + i]
        if k // kpp == p and not _claimed(s, k):
            return True
    return False


@nb.njit(cache=True)
def has_claims_left(s: np.ndarray, kpp: int, p: int) -> bool:  # pragma: no cover
    """``Tree.has_claims_left``."""
    if s[NF] > 0 and s[F_LEN] > 0:
        return True
    if _free(s) < 2:
        return False
    return _still_claims(s, kpp, p)


@nb.njit(cache=True)
def _forced_king(s: np.ndarray) -> Any:  # pragma: no cover
    if _free(s) != 1:
        return -1
    for i in range(s[N_ORDER]):
        if not _claimed(s, s[ORDER + i]):
            return s[ORDER + i]
    return -1


@nb.njit(cache=True)
def _settle_all(s: np.ndarray, cf: np.ndarray) -> None:  # pragma: no cover
    """``Tree._settle_all``: every player without a choice left gets their dominoes still to
    place (``Tree.remaining``) — all judged on the state before any is settled."""
    kpp = cf[KPP]
    settle = np.zeros(cf[PLAYERS], np.bool_)
    for p in range(cf[PLAYERS]):
        settle[p] = s[S_LEN + p] < 0 and not has_claims_left(s, kpp, p)
    forced = _forced_king(s) if s[N_LINE] else -1
    for p in range(cf[PLAYERS]):
        if not settle[p]:
            continue
        at = S_SEQ + S_MAX * p
        n = 0
        for i in range(s[TURN], s[N_ORDER]):
            k = s[ORDER + i]
            if k // kpp == p and s[TO_PLACE + k]:
                s[at + n] = s[TO_PLACE + k]
                n += 1
        for i in range(s[N_LINE]):
            k = s[CLAIMS + i]
            who = k if k >= 0 else forced
            if who >= 0 and who // kpp == p:
                s[at + n] = s[LINE_AT + i]
                n += 1
        s[S_LEN + p] = n


@nb.njit(cache=True)
def _end_turn(s: np.ndarray, cf: np.ndarray) -> None:  # pragma: no cover
    s[TURN] += 1
    if s[TURN] < s[N_ORDER]:
        s[PHASE] = PLACE
        return
    if s[N_LINE] == 0:
        s[PHASE] = OVER
        return
    n = 0
    for i in range(s[N_LINE]):
        k = s[CLAIMS + i]
        if k >= 0:
            s[TO_PLACE + k] = s[LINE_AT + i]
            s[ORDER + n] = k
            n += 1
    s[N_ORDER] = n
    s[TURN] = 0
    s[PHASE] = PLACE
    s[N_LINE] = s[F_LEN] if s[NF] else 0
    for i in range(s[N_LINE]):
        s[LINE_AT + i] = s[FUTURE + i]
        s[CLAIMS + i] = -1
    s[NF] = max(s[NF] - 1, 0)
    s[F_LEN] = 0
    _settle_all(s, cf)


@nb.njit(cache=True)
def play_on(s: np.ndarray, cf: np.ndarray, move: int) -> None:  # pragma: no cover
    """``Tree.after`` in place (a placement's kingdom change is the caller's)."""
    king = s[ORDER + s[TURN]]
    if s[PHASE] == PLACE:
        s[TO_PLACE + king] = 0
        if s[N_LINE]:
            s[PHASE] = CLAIM
            return
        _end_turn(s, cf)
        return
    s[CLAIMS + move] = king
    if not (s[NF] > 0 and s[F_LEN] > 0) and (
            _free(s) < 2 or not _still_claims(s, cf[KPP], king // cf[KPP])):
        _settle_all(s, cf)
    _end_turn(s, cf)


@nb.njit(cache=True)
def skip_settled(s: np.ndarray, cf: np.ndarray) -> None:  # pragma: no cover
    """``Tree.skip_settled`` in place."""
    while s[PHASE] == PLACE and s[S_LEN + s[ORDER + s[TURN]] // cf[KPP]] >= 0:
        play_on(s, cf, DISCARD_MOVE)


@nb.njit(cache=True)
def child(s: np.ndarray, cf: np.ndarray, move: int) -> np.ndarray:  # pragma: no cover
    """The state the search goes on from after ``move``: played on, settled placements
    skipped."""
    out = s.copy()
    play_on(out, cf, move)
    skip_settled(out, cf)
    return out


@nb.njit(cache=True)
def unsettled(s: np.ndarray, cf: np.ndarray) -> int:  # pragma: no cover
    n = 0
    for p in range(cf[PLAYERS]):
        if s[S_LEN + p] < 0:
            n += 1
    return n


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
def bounds(kb: Any, cf: np.ndarray, wk: Any, memo: Any, s: np.ndarray, p: int
           ) -> tuple[int, int]:  # pragma: no cover
    """``Tree.bounds``: (lowest, highest) final code of player ``p`` — a settled player's
    best finish when known; kept by a hash of the kingdom and of what reaches it (``wk[5]``:
    two key words and the bounds a row; a clash replaces)."""
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
        for i in range(S_LEN):
            h1 = mix(h1, s[i])
    h2 = mix(h2, int(h1 & np.uint64(0xFFFFFFFFFFFF)))
    table = wk[5]
    slot, k1, k2 = words(h1, h2, len(table))
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
def _bounds_now(kb: Any, cf: np.ndarray, wk: Any, s: np.ndarray, p: int
                ) -> tuple[int, int]:  # pragma: no cover
    """:func:`bounds` without a known finish: the score now, and ``Finisher.upper`` (settled)
    or ``Finisher.upper_choosing`` over the dominoes that can still reach the player."""
    squares = np.zeros(6, np.int64)
    crowns = np.zeros(6, np.int64)
    scores = np.zeros(6, np.int64)
    add_s = np.zeros(6, np.int64)
    add_c = np.zeros(6, np.int64)
    pieces = wk[2]
    kpp = cf[KPP]
    if s[S_LEN + p] >= 0:
        at = S_SEQ + S_MAX * p
        score, filled, middle = facts(kb, cf, wk, p, squares, crowns, scores)
        for i in range(at, at + s[S_LEN + p]):
            add(pieces, s[i], add_s, add_c, 1)
        high = upper_of(cf, squares, crowns, scores, score, filled, middle, add_s, add_c,
                        s[S_LEN + p])
        return score * SCALE, high * SCALE + SCALE - 1
    score, filled, middle = facts(kb, cf, wk, p, squares, crowns, scores)
    count = 0
    for k in range(cf[PLAYERS] * kpp):
        if k // kpp == p and s[TO_PLACE + k]:
            add(pieces, s[TO_PLACE + k], add_s, add_c, 1)
            count += 1
    pool = np.zeros(4, np.int64)
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
            if k // kpp == p and not _claimed(s, k):
                m += 1
    masks_a = np.zeros(16, np.int64)
    masks_b = np.zeros(16, np.int64)
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
    return score * SCALE, best * SCALE + SCALE - 1


@nb.njit(cache=True)
def floor(kb: Any, cf: np.ndarray, wk: Any, memo: Any, cnt: np.ndarray,
          s: np.ndarray, p: int, low: int) -> Any:  # pragma: no cover
    """``Tree.floor``: the best finish of the dominoes player ``p`` surely places next, less
    the Middle Kingdom bonus, when higher than ``low``."""
    seq = np.zeros(S_MAX, np.int64)
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
        return low
    value = final(kb, cf, wk, memo, cnt, p, seq, 0, n)[0]
    value -= cf[MIDDLE] * SCALE
    return max(low, value // SCALE * SCALE)


@nb.njit(nb.int64(KINGDOMS, I64, WORK, MEMO, I64, I64, nb.int64, I64, nb.int64), cache=True)
def best_claiming(kb: Any, cf: np.ndarray, wk: Any, memo: Any, cnt: np.ndarray,
                  s: np.ndarray, p: int, placed: np.ndarray, n_placed: int
                  ) -> Any:  # pragma: no cover
    """``Tree.best_claiming``: player ``p``'s best final code where they alone are not
    settled, ``placed[:n_placed]`` their dominoes put off so far."""
    s = s.copy()
    while s[S_LEN + p] < 0:
        skip_settled(s, cf)
        if s[PHASE] == CLAIM:
            best = -INF
            for i in range(s[N_LINE]):
                if s[CLAIMS + i] < 0:
                    nxt = s.copy()
                    play_on(nxt, cf, i)
                    value = best_claiming(kb, cf, wk, memo, cnt, nxt, p, placed,
                                          n_placed)
                    if cnt[STOPPED]:
                        return 0
                    if value > best:
                        best = value
            return best
        number = s[TO_PLACE + s[ORDER + s[TURN]]]
        if number:
            placed[n_placed] = number
            n_placed += 1
        play_on(s, cf, DISCARD_MOVE)
    at = S_SEQ + S_MAX * p
    seq = np.empty(n_placed + s[S_LEN + p], np.int64)
    seq[:n_placed] = placed[:n_placed]
    seq[n_placed:] = s[at:at + s[S_LEN + p]]
    return final(kb, cf, wk, memo, cnt, p, seq, 0, len(seq))[0]


@nb.njit(cache=True)
def alone(kb: Any, cf: np.ndarray, wk: Any, memo: Any, cnt: np.ndarray,
          s: np.ndarray) -> Any:  # pragma: no cover
    """``Tree.alone`` with two players: the margin where one player alone still decides."""
    player = 0 if s[S_LEN] < 0 else 1
    placed = np.zeros(16, np.int64)
    mine = best_claiming(kb, cf, wk, memo, cnt, s, player, placed, 0)
    other = done(kb, cf, wk, memo, cnt, s, 1 - player)
    return mine - other if player == 0 else other - mine


# ------------------------------------------------------------------ alpha-beta
@nb.njit(cache=True)
def key(kb: Any, cf: np.ndarray, s: np.ndarray) -> tuple[Any, Any]:  # pragma: no cover
    """The transposition key of a position: two hash words of the state and the kingdoms."""
    h1 = kb[5][0, 0]
    h2 = kb[5][0, 1] ^ U1
    h1 = mix(h1, int(kb[5][1, 0] & np.uint64(0xFFFFFFFFFFFF)))
    h1 = mix(h1, int(kb[5][1, 0] >> np.uint64(32)))
    h2 = mix(h2, int(kb[5][1, 1] & np.uint64(0xFFFFFFFFFFFF)))
    h2 = mix(h2, int(kb[5][1, 1] >> np.uint64(32)))
    for i in range(S_SEQ + S_MAX * cf[PLAYERS]):
        h1 = mix(h1, s[i] + 2)
        h2 = mix(h2, s[i] + 3 + i)
    return h1, h2


@nb.njit(cache=True)
def window(kb: Any, cf: np.ndarray, wk: Any, memo: Any, tt: Any, cnt: np.ndarray,
           s: np.ndarray, alpha: int, beta: int
           ) -> tuple[bool, int, int, int, int, int, int, int]:  # pragma: no cover
    """``Tree._window``: (decided, value, low, high, first move, table slot, key words) before the
    moves."""
    leaf = unsettled(s, cf) == 0
    if not leaf and tick(cnt):
        return True, 0, 0, 0, DISCARD_MOVE, 0, 0, 0
    hlow, hhigh = bounds(kb, cf, wk, memo, s, 0)
    olow, ohigh = bounds(kb, cf, wk, memo, s, 1)
    low, high = hlow - ohigh, hhigh - olow
    if high <= alpha:
        return True, high, 0, 0, DISCARD_MOVE, 0, 0, 0
    if low >= beta:
        return True, low, 0, 0, DISCARD_MOVE, 0, 0, 0
    if leaf:
        return True, (done(kb, cf, wk, memo, cnt, s, 0)
                      - done(kb, cf, wk, memo, cnt, s, 1)), 0, 0, DISCARD_MOVE, 0, 0, 0
    if unsettled(s, cf) == 1:
        cnt[ALONE] += 1
        return True, alone(kb, cf, wk, memo, cnt, s), 0, 0, DISCARD_MOVE, 0, 0, 0
    if high - alpha < beta - low:
        high -= floor(kb, cf, wk, memo, cnt, s, 1, olow) - olow
        if high <= alpha:
            return True, high, 0, 0, DISCARD_MOVE, 0, 0, 0
    else:
        low += floor(kb, cf, wk, memo, cnt, s, 0, hlow) - hlow
        if low >= beta:
            return True, low, 0, 0, DISCARD_MOVE, 0, 0, 0
    h1, h2 = key(kb, cf, s)
    slot, k1, k2 = words(h1, h2, len(tt))
    first = DISCARD_MOVE - 1
    row = tt[slot]
    if row[0] == k1 and row[1] == k2:
        value, flag, first = row[2], row[3] % 4, row[3] // 4 - 2
        if flag == EXACT:
            return True, value, 0, 0, DISCARD_MOVE, 0, 0, 0
        if flag == LOWER:
            if value >= beta:
                return True, value, 0, 0, DISCARD_MOVE, 0, 0, 0
            low = max(low, value)
        elif value <= alpha:
            return True, value, 0, 0, DISCARD_MOVE, 0, 0, 0
        else:
            high = min(high, value)
        if low >= high:
            return True, low, 0, 0, DISCARD_MOVE, 0, 0, 0
    return False, 0, low, high, first, slot, k1, k2


@nb.njit(cache=True)
def ordered(kb: Any, cf: np.ndarray, wk: Any, memo: Any, s: np.ndarray, moves: np.ndarray,
            n: int, first: int) -> np.ndarray:  # pragma: no cover
    """``Tree.ordered``: claims by the midpoint of the margin's bounds after them (the
    claimant's best first), then by the domino's number; placements by their total at once;
    ``first`` (a move remembered) before all."""
    if s[PHASE] == CLAIM:
        sign = 1 if s[ORDER + s[TURN]] // cf[KPP] == 0 else -1
        keys = np.empty(n, np.int64)
        for i in range(n):
            c = child(s, cf, moves[i])
            hlow, hhigh = bounds(kb, cf, wk, memo, c, 0)
            olow, ohigh = bounds(kb, cf, wk, memo, c, 1)
            keys[i] = -sign * ((hlow - ohigh) + (hhigh - olow))
        # (key, -number): numbers are below 64
        for i in range(n):
            keys[i] = keys[i] * 64 - s[LINE_AT + moves[i]]
        order = np.argsort(keys, kind="mergesort")
    elif n > 1:
        player = s[ORDER + s[TURN]] // cf[KPP]
        number = s[TO_PLACE + s[ORDER + s[TURN]]]
        order = np.argsort(-gains(kb, cf, wk, player, number, moves, n), kind="mergesort")
    else:
        order = np.arange(n)
    out = np.empty(n, np.int64)
    k = 0
    for i in range(n):
        if moves[i] == first:
            out[0] = first
            k = 1
    for i in order:
        if k and moves[i] == first:
            continue
        out[k] = moves[i]
        k += 1
    return out


@nb.njit(cache=True)
def legal(kb: Any, cf: np.ndarray, wk: Any, s: np.ndarray, out: np.ndarray
          ) -> int:  # pragma: no cover
    """The mover's moves in the game's order: free slots, or placements then the discard."""
    if s[PHASE] == CLAIM:
        n = 0
        for i in range(s[N_LINE]):
            if s[CLAIMS + i] < 0:
                out[n] = i
                n += 1
        return n
    king = s[ORDER + s[TURN]]
    return moves_of(kb, cf, wk, king // cf[KPP], s[TO_PLACE + king], out)


@nb.njit(nb.int64(KINGDOMS, I64, WORK, MEMO, TABLE, I64_2, I64, I64, nb.int64, nb.int64),
         cache=True)
def alphabeta(kb: Any, cf: np.ndarray, wk: Any, memo: Any, tt: Any, killers: np.ndarray,
              cnt: np.ndarray, s: np.ndarray, alpha: int, beta: int
              ) -> int:  # pragma: no cover
    """``Tree.alphabeta`` with two players: the margin of player 0 (fail-soft). After a
    stop, 0 — not an answer."""
    decided, value, low, high, first, slot, k1, k2 = window(kb, cf, wk, memo, tt, cnt, s,
                                                            alpha, beta)
    if decided:
        return value
    a0, b0 = alpha, beta
    alpha, beta = max(alpha, low), min(beta, high)
    king = s[ORDER + s[TURN]]
    player = king // cf[KPP]
    placing = s[PHASE] == PLACE
    number = s[TO_PLACE + king]
    if first == DISCARD_MOVE - 1 and placing:
        first = killers[player, number]
    moves = np.empty(4 * (2 * cf[0]) ** 2 + 1, np.int64)
    n = legal(kb, cf, wk, s, moves)
    best = -INF if player == 0 else INF
    best_move = DISCARD_MOVE - 1
    saved = kb[4][player].copy()
    for move in ordered(kb, cf, wk, memo, s, moves, n, first):
        if placing and move != DISCARD_MOVE:
            put(kb, cf, wk, player, number, move)
            value = alphabeta(kb, cf, wk, memo, tt, killers, cnt,
                              child(s, cf, move), alpha, beta)
            take(kb, cf, wk, player, number, move, saved)
        else:
            value = alphabeta(kb, cf, wk, memo, tt, killers, cnt,
                              child(s, cf, move), alpha, beta)
        if cnt[STOPPED]:
            return 0
        if player == 0:
            if value > best:
                best, best_move = value, move
                alpha = max(alpha, value)
        elif value < best:
            best, best_move = value, move
            beta = min(beta, value)
        if alpha >= beta:
            break
    flag = EXACT
    if best <= a0:
        flag = UPPER
    elif best >= b0:
        flag = LOWER
    row = tt[slot]
    row[0] = k1
    row[1] = k2
    row[2] = best
    row[3] = (best_move + 2) * 4 + flag
    if placing:
        killers[player, number] = best_move
    return best


@nb.njit(cache=True)
def principal(kb: Any, cf: np.ndarray, wk: Any, memo: Any, tt: Any, killers: np.ndarray,
              cnt: np.ndarray, s: np.ndarray, value: int,
              out: np.ndarray) -> int:  # pragma: no cover
    """The principal variation from ``s`` (of value ``value``) into ``out`` (phase, move),
    every move made, settled players' too: a settled player's best finish's first placement
    or the last free slot; else the first move in the game's order that keeps the value.
    Returns how many moves (-1 after a stop); the kingdoms are restored."""
    s = s.copy()
    made = np.zeros((64, 7), np.int64)
    n_made = 0
    moves = np.empty(4 * (2 * cf[0]) ** 2 + 1, np.int64)
    n = 0
    while s[PHASE] != OVER:
        king = s[ORDER + s[TURN]]
        player = king // cf[KPP]
        number = s[TO_PLACE + king]
        at = S_SEQ + S_MAX * player
        chosen = DISCARD_MOVE - 1
        if s[S_LEN + player] >= 0:
            if s[PHASE] == CLAIM:
                for i in range(s[N_LINE]):
                    if s[CLAIMS + i] < 0:
                        chosen = i
                        break
            else:
                chosen = final(kb, cf, wk, memo, cnt, player, s, at,
                               at + s[S_LEN + player])[1]
                for i in range(at, at + s[S_LEN + player] - 1):
                    s[i] = s[i + 1]
                s[S_LEN + player] -= 1
        else:
            count = legal(kb, cf, wk, s, moves)
            saved = kb[4][player].copy()
            for i in range(count):
                move = moves[i]
                placed = s[PHASE] == PLACE and move != DISCARD_MOVE
                if placed:
                    put(kb, cf, wk, player, number, move)
                got = alphabeta(kb, cf, wk, memo, tt, killers, cnt,
                                child(s, cf, move), value - 1, value + 1)
                if placed:
                    take(kb, cf, wk, player, number, move, saved)
                if cnt[STOPPED]:
                    break
                if got == value:
                    chosen = move
                    break
        if cnt[STOPPED] or chosen == DISCARD_MOVE - 1:
            n = -1
            break
        if s[PHASE] == PLACE and chosen != DISCARD_MOVE:
            made[n_made, 3:] = kb[4][player]
            put(kb, cf, wk, player, number, chosen)
            made[n_made, 0] = player
            made[n_made, 1] = number
            made[n_made, 2] = chosen
            n_made += 1
        out[n, 0] = s[PHASE]
        out[n, 1] = chosen
        n += 1
        play_on(s, cf, chosen)
    for i in range(n_made - 1, -1, -1):
        take(kb, cf, wk, made[i, 0], made[i, 1], made[i, 2], made[i, 3:])
    return n
