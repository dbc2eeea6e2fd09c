"""The compiled endgame tree of three and four players: max-n and paranoid search with numba.

Imported only by :mod:`kingdomino_kit.game.endgame.compiled_many` when numba is installed. The
drafting loop, the bounds, the settled players' best finishes and the tables are the two-player
kernels' (the state an int64 array, the kingdoms their row bitmasks); what is new here is the
value of a position with more than two players, as
:class:`~kingdomino_kit.game.endgame.search.Tree` defines it:

- :func:`paranoid`: the code of player ``hero`` while the others minimise it (fail-soft
  alpha-beta, the transposition table giving the best move first, then the killer — the best
  placement of this domino, or claim from this line with these claims, found elsewhere in the
  tree; a position one player alone decides solved without a tree);
- :func:`maxn`: each player's final code when everyone maximises their own, ties to the first
  move in the game's order (so the vector does not depend on the search order). Pruned as the
  Python search prunes (a move after which the mover's upper bound cannot beat their best so
  far, or tie it from later in the order, is not searched), and, where one player alone still
  decides, their best over their ways to claim (the others' codes are settled then).

Values are the Python search's, position for position, and so, within a few nodes, are the
node counts (the lone player's tail in max-n is not searched as a tree here). A kernel stopped
by the node budget unwinds at once, stores nothing more, and its values are not answers.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

from kingdomino_kit.game.endgame.bound_kernels import best_claiming, bounds, done
from kingdomino_kit.game.endgame.draft_kernels import (
    CLAIMS,
    LINE_AT,
    N_LINE,
    ORDER,
    OVER,
    PHASE,
    S_LEN,
    S_MAX,
    S_SEQ,
    TO_PLACE,
    TURN,
    child,
    play_on,
    unsettled,
)
from kingdomino_kit.game.endgame.finish import DISCARD_MOVE
from kingdomino_kit.game.endgame.finish_kernels import (
    ALONE,
    KINGDOMS,
    KPP,
    MEMO,
    PLAYERS,
    STOPPED,
    TABLE,
    U1,
    U2,
    WORK,
    final,
    gains,
    mix,
    put,
    take,
    tick,
    words,
)
from kingdomino_kit.game.endgame.kernels import legal
from kingdomino_kit.game.endgame.search import CLAIM, EXACT, INF, LOWER, PLACE, UPPER
from kingdomino_kit.game.fast.primitives import I64, I64_2, INT, kernel

NONE = DISCARD_MOVE - 1
"""No move (an empty slot of a table, a killer not yet known)."""
TYPES: Any = nb.types
VECTOR: Any = TYPES.UniTuple(nb.int64, 5)
"""Four players' codes (0 for a seat not in play) and the best move."""
LOW48 = np.uint64(0xFFFFFFFFFFFF)


@kernel((KINGDOMS, I64, I64, INT))
def key_of(kb: Any, cf: np.ndarray, s: np.ndarray, salt: int
           ) -> tuple[Any, Any]:  # pragma: no cover
    """Two hash words of a position: every kingdom, the state, and ``salt`` (the search and
    its hero: one table never mixes two kinds of value)."""
    h1 = mix(U1, salt)
    h2 = mix(U2, salt + 17)
    for p in range(cf[PLAYERS]):
        for w in range(2):
            h = kb[5][p, w]
            h1 = mix(h1, int(h & LOW48) + w)
            h2 = mix(h2, int(h >> np.uint64(32)) + 3 * w)
    for i in range(S_SEQ + S_MAX * cf[PLAYERS]):
        h1 = mix(h1, s[i] + 2)
        h2 = mix(h2, s[i] + 3 + i)
    return h1, h2


@nb.njit(cache=True)
def order_of(kb: Any, cf: np.ndarray, wk: Any, s: np.ndarray, moves: np.ndarray, n: int,
             first: int) -> np.ndarray:  # pragma: no cover
    """``Tree.ordered`` with more than two players, as indices into ``moves``: claims by the
    claimed domino's number, higher first; placements by their total at once; ``first`` (a
    move remembered) before all."""
    if s[PHASE] == CLAIM:
        keys = np.empty(n, np.int64)
        for i in range(n):
            keys[i] = -s[LINE_AT + moves[i]]
        order = np.argsort(keys, kind="mergesort")
    elif n > 1:
        king = s[ORDER + s[TURN]]
        order = np.argsort(-gains(kb, cf, wk, king // cf[KPP], s[TO_PLACE + king], moves, n),
                           kind="mergesort")
    else:
        order = np.arange(n)
    if first != NONE:
        for j in range(n):
            if moves[order[j]] == first:
                at = order[j]
                for k in range(j, 0, -1):
                    order[k] = order[k - 1]
                order[0] = at
                break
    return order


@nb.njit(cache=True)
def _claim_slot(ck: np.ndarray, s: np.ndarray) -> tuple[Any, Any]:  # pragma: no cover
    """The claim killers' slot and key word of the line, its claims and the king to claim
    (``Tree``'s killer of a claim)."""
    h = mix(U2, s[ORDER + s[TURN]])
    for i in range(s[N_LINE]):
        h = mix(h, s[LINE_AT + i] * 8 + s[CLAIMS + i] + 1)
    return np.int64(h & np.uint64(len(ck) - 1)), np.int64(h >> np.uint64(1))


@nb.njit(cache=True)
def _killer(killers: np.ndarray, ck: np.ndarray, s: np.ndarray, player: int
            ) -> Any:  # pragma: no cover
    """The killer move of the mover: the best placement of their domino, or the best claim
    from this line with these claims, found elsewhere in the tree."""
    if s[PHASE] == PLACE:
        return killers[player, s[TO_PLACE + s[ORDER + s[TURN]]]]
    slot, k = _claim_slot(ck, s)
    return ck[slot, 1] if ck[slot, 0] == k else NONE


@kernel((I64_2, I64_2, I64, INT, INT))
def _remember(killers: np.ndarray, ck: np.ndarray, s: np.ndarray, player: int, move: int
              ) -> None:  # pragma: no cover
    """Keep ``move`` as the mover's killer (:func:`_killer`)."""
    if s[PHASE] == PLACE:
        killers[player, s[TO_PLACE + s[ORDER + s[TURN]]]] = move
    else:
        slot, k = _claim_slot(ck, s)
        ck[slot, 0] = k
        ck[slot, 1] = move


@nb.njit(cache=True, inline="always")  # two calls; a library of its own costs more
def _lone_best(kb: Any, cf: np.ndarray, wk: Any, memo: Any, cnt: np.ndarray, s: np.ndarray,
               p: int) -> Any:  # pragma: no cover
    """Player ``p``'s best final code where they alone are not settled."""
    placed = np.zeros(16, np.int64)
    return best_claiming(kb, cf, wk, memo, cnt, s, p, placed, 0)


# ------------------------------------------------------------------ paranoid
@nb.njit(cache=True)
def _probe(row: np.ndarray, k1: int, k2: int, alpha: int, beta: int, low: int, high: int
           ) -> tuple[bool, int, int, int, int]:  # pragma: no cover
    """What the transposition table's ``row`` says of a position (key words ``k1``, ``k2``)
    whose value lies within ``low``..``high``: (decided, the value when decided, the bounds
    narrowed, the move to try first)."""
    if row[0] != k1 or row[1] != k2:
        return False, 0, low, high, NONE
    value, flag, first = row[2], row[3] % 4, row[3] // 4 - 2
    if flag == EXACT:
        return True, value, low, high, first
    if flag == LOWER:
        if value >= beta:
            return True, value, low, high, first
        low = max(low, value)
    elif value <= alpha:
        return True, value, low, high, first
    else:
        high = min(high, value)
    return low >= high, low, low, high, first


@nb.njit(nb.int64(KINGDOMS, I64, WORK, MEMO, TABLE, I64_2, I64_2, I64, I64, nb.int64,
                  nb.int64, nb.int64), cache=True)
def paranoid(kb: Any, cf: np.ndarray, wk: Any, memo: Any, tt: Any, killers: np.ndarray,
             ck: np.ndarray, cnt: np.ndarray, s: np.ndarray, alpha: int, beta: int, hero: int
             ) -> Any:  # pragma: no cover
    """``Tree.alphabeta`` in paranoid search: the code of ``hero`` while the others minimise
    it (fail-soft). After a stop, 0 — not an answer."""
    left = unsettled(s, cf)
    if left and tick(cnt):
        return 0
    low, high = bounds(kb, cf, wk, memo, s, hero)
    if high <= alpha:
        return high
    if low >= beta:
        return low
    if left == 0:
        return done(kb, cf, wk, memo, cnt, s, hero)
    if left == 1:
        cnt[ALONE] += 1
        if s[S_LEN + hero] < 0:
            return _lone_best(kb, cf, wk, memo, cnt, s, hero)
        return done(kb, cf, wk, memo, cnt, s, hero)
    h1, h2 = key_of(kb, cf, s, 1 + hero)
    slot, k1, k2 = words(h1, h2, len(tt))
    row = tt[slot]
    decided, value, low, high, first = _probe(row, k1, k2, alpha, beta, low, high)
    if decided:
        return value
    a0, b0 = alpha, beta
    alpha, beta = max(alpha, low), min(beta, high)
    king = s[ORDER + s[TURN]]
    player = king // cf[KPP]
    placing = s[PHASE] == PLACE
    number = s[TO_PLACE + king]
    if first == NONE:
        first = _killer(killers, ck, s, player)
    moves = np.empty(4 * (2 * cf[0]) ** 2 + 1, np.int64)
    n = legal(kb, cf, wk, s, moves)
    maximise = player == hero
    best = -INF if maximise else INF
    best_move = NONE
    saved = kb[4][player].copy()
    for i in order_of(kb, cf, wk, s, moves, n, first):
        move = moves[i]
        put_it = placing and move != DISCARD_MOVE
        if put_it:
            put(kb, cf, wk, player, number, move)
        value = paranoid(kb, cf, wk, memo, tt, killers, ck, cnt, child(s, cf, move), alpha, beta,
                         hero)
        if put_it:
            take(kb, cf, wk, player, number, move, saved)
        if cnt[STOPPED]:
            return 0
        if maximise:
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
    row[0] = k1
    row[1] = k2
    row[2] = best
    row[3] = (best_move + 2) * 4 + flag
    _remember(killers, ck, s, player, best_move)
    return best


# ------------------------------------------------------------------ max-n
@nb.njit(cache=True, inline="always")  # two calls; a library of its own costs more
def _codes(kb: Any, cf: np.ndarray, wk: Any, memo: Any, cnt: np.ndarray, s: np.ndarray,
           lone: int, lone_code: int, move: int
           ) -> tuple[int, int, int, int, int]:  # pragma: no cover
    """The vector of a position where every player but ``lone`` (-1: none) is settled."""
    c = np.zeros(4, np.int64)
    for p in range(cf[PLAYERS]):
        c[p] = lone_code if p == lone else done(kb, cf, wk, memo, cnt, s, p)
    return c[0], c[1], c[2], c[3], move


@nb.njit(VECTOR(KINGDOMS, I64, WORK, MEMO, TABLE, I64_2, I64_2, I64, I64), cache=True)  # type: ignore[untyped-decorator]
def maxn(kb: Any, cf: np.ndarray, wk: Any, memo: Any, vt: Any, killers: np.ndarray,
         ck: np.ndarray, cnt: np.ndarray, s: np.ndarray
         ) -> tuple[int, int, int, int, int]:  # pragma: no cover
    """``Tree.maxn``: every player's final code (seats not in play 0) and the best move
    (:data:`NONE` where one player alone decides: their best is found without a tree). The
    table ``vt``: two key words, the four codes and the move a row. After a stop, zeros — not
    an answer."""
    left = unsettled(s, cf)
    if left == 0:
        return _codes(kb, cf, wk, memo, cnt, s, -1, 0, NONE)
    if tick(cnt):
        return 0, 0, 0, 0, NONE
    if left == 1:
        cnt[ALONE] += 1
        lone = 0
        while s[S_LEN + lone] >= 0:
            lone += 1
        value = _lone_best(kb, cf, wk, memo, cnt, s, lone)
        return _codes(kb, cf, wk, memo, cnt, s, lone, value, NONE)
    h1, h2 = key_of(kb, cf, s, 0)
    slot, k1, k2 = words(h1, h2, len(vt))
    row = vt[slot]
    if row[0] == k1 and row[1] == k2:
        return row[2], row[3], row[4], row[5], row[6]
    king = s[ORDER + s[TURN]]
    mover = king // cf[KPP]
    placing = s[PHASE] == PLACE
    number = s[TO_PLACE + king]
    top = bounds(kb, cf, wk, memo, s, mover)[1]
    moves = np.empty(4 * (2 * cf[0]) ** 2 + 1, np.int64)
    n = legal(kb, cf, wk, s, moves)
    first = _killer(killers, ck, s, mover)
    saved = kb[4][mover].copy()
    b0 = b1 = b2 = b3 = 0
    mine = -INF
    best_move, best_i = NONE, n
    for i in order_of(kb, cf, wk, s, moves, n, first):
        move = moves[i]
        if best_i < n and mine >= top and i > best_i:
            continue  # cannot beat the best, and loses a tie to it
        put_it = placing and move != DISCARD_MOVE
        if put_it:
            put(kb, cf, wk, mover, number, move)
        c = child(s, cf, move)
        searched = True
        if best_i < n:
            high = bounds(kb, cf, wk, memo, c, mover)[1]
            searched = not (high < mine or (i > best_i and high == mine))
        if searched:
            v = maxn(kb, cf, wk, memo, vt, killers, ck, cnt, c)
        if put_it:
            take(kb, cf, wk, mover, number, move, saved)
        if cnt[STOPPED]:
            return 0, 0, 0, 0, NONE
        if not searched:
            continue  # the mover's bound after it cannot beat the best
        got = v[0] if mover == 0 else v[1] if mover == 1 else v[2] if mover == 2 else v[3]
        if best_i == n or got > mine or (got == mine and i < best_i):
            b0, b1, b2, b3 = v[0], v[1], v[2], v[3]
            mine, best_move, best_i = got, move, i
    row[0] = k1
    row[1] = k2
    row[2] = b0
    row[3] = b1
    row[4] = b2
    row[5] = b3
    row[6] = best_move
    _remember(killers, ck, s, mover, best_move)
    return b0, b1, b2, b3, best_move


# ------------------------------------------------------------------ the line
@nb.njit(cache=True, inline="always")  # its one call: no library of its own
def _chosen(kb: Any, cf: np.ndarray, wk: Any, memo: Any, tt: Any, killers: np.ndarray,
            ck: np.ndarray, cnt: np.ndarray, s: np.ndarray, hero: int, value: int
            ) -> Any:  # pragma: no cover
    """The move an unsettled mover plays on the line: max-n (``hero`` -1) its best move, or
    where that is not kept the first move in the game's order that gives the mover their
    code; paranoid the first in the game's order that keeps ``value``."""
    king = s[ORDER + s[TURN]]
    player = king // cf[KPP]
    number = s[TO_PLACE + king]
    want = value
    if hero < 0:
        v = maxn(kb, cf, wk, memo, tt, killers, ck, cnt, s)
        if cnt[STOPPED] or v[4] != NONE:
            return v[4]
        want = v[player]
    moves = np.empty(4 * (2 * cf[0]) ** 2 + 1, np.int64)
    count = legal(kb, cf, wk, s, moves)
    saved = kb[4][player].copy()
    for i in range(count):
        move = moves[i]
        put_it = s[PHASE] == PLACE and move != DISCARD_MOVE
        if put_it:
            put(kb, cf, wk, player, number, move)
        c = child(s, cf, move)
        if hero < 0:
            got = maxn(kb, cf, wk, memo, tt, killers, ck, cnt, c)[player]
        else:
            got = paranoid(kb, cf, wk, memo, tt, killers, ck, cnt, c, value - 1, value + 1, hero)
        if put_it:
            take(kb, cf, wk, player, number, move, saved)
        if cnt[STOPPED]:
            return NONE
        if got == want:
            return move
    return NONE


@nb.njit(cache=True)
def principal(kb: Any, cf: np.ndarray, wk: Any, memo: Any, tt: Any, killers: np.ndarray,
              ck: np.ndarray, cnt: np.ndarray, s: np.ndarray, hero: int, value: int,
              out: np.ndarray) -> int:  # pragma: no cover
    """The line from ``s`` into ``out`` (phase, move), every move made, settled players' too
    (their best finish's first placement, or the first free slot): max-n with ``hero`` -1,
    else paranoid of value ``value``. Returns how many moves (-1 after a stop); the kingdoms
    are restored."""
    s = s.copy()
    made = np.zeros((64, 7), np.int64)
    n_made = 0
    n = 0
    while s[PHASE] != OVER:
        king = s[ORDER + s[TURN]]
        player = king // cf[KPP]
        number = s[TO_PLACE + king]
        at = S_SEQ + S_MAX * player
        chosen = NONE
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
            chosen = _chosen(kb, cf, wk, memo, tt, killers, ck, cnt, s, hero, value)
        if cnt[STOPPED] or chosen == NONE:
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
