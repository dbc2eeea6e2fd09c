"""The compiled endgame tree of two players: the alpha-beta search of
:class:`~kingdomino_kit.game.endgame.search.Tree`, with numba.

Imported only by :mod:`kingdomino_kit.game.endgame.compiled` when numba is installed. The
state of :class:`~kingdomino_kit.game.endgame.search.State` and the drafting loop are in
:mod:`kingdomino_kit.game.endgame.draft_kernels`, the bounds in
:mod:`kingdomino_kit.game.endgame.bound_kernels`, the kingdoms and the single-player half in
:mod:`kingdomino_kit.game.endgame.finish_kernels`. Python calls :func:`search` and
:func:`line` with the kingdoms' and the work's records (``kb``, ``wk``: one pointer each, the
configuration, tables and counters among the work's fields) and the state, which they hand the
kernels :func:`~kingdomino_kit.game.endgame.borrowed.borrowed` (no reference counting); a node
allocates nothing (its move lists, children and saved extents are taken from the scratch stack
``wk[6]``).
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

from kingdomino_kit.game.endgame.borrowed import borrowed
from kingdomino_kit.game.endgame.bound_kernels import alone, done, floor, margin_bounds
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
    STATE,
    TO_PLACE,
    TURN,
    child,
    child_into,
    play_on,
    unsettled,
)
from kingdomino_kit.game.endgame.finish import DISCARD_MOVE
from kingdomino_kit.game.endgame.finish_kernels import (
    ALONE,
    I64,
    KINGDOMS,
    KPP,
    LIMIT,
    NODES,
    PLAYERS,
    STOPPED,
    U1,
    W_CONFIG,
    W_COUNTERS,
    W_KILLERS,
    W_MEMO,
    W_TABLE,
    WORK,
    best_first,
    final,
    grab,
    mix,
    moves_of,
    put,
    rank,
    take,
    tick,
    words,
)
from kingdomino_kit.game.endgame.prefetch import prefetch_row
from kingdomino_kit.game.endgame.record_kernels import fill
from kingdomino_kit.game.endgame.search import CLAIM, EXACT, INF, LOWER, PLACE, UPPER


# ------------------------------------------------------------------ alpha-beta
@nb.njit(cache=True)
def key(hashes: np.ndarray, players: int, s: np.ndarray) -> tuple[Any, Any]:  # pragma: no cover
    """The transposition key of a position: two hash words of the state and the kingdoms
    (``hashes``: the kingdoms' Zobrist words)."""
    h1 = hashes[0, 0]
    h2 = hashes[0, 1] ^ U1
    h1 = mix(h1, int(hashes[1, 0] & np.uint64(0xFFFFFFFFFFFF)))
    h1 = mix(h1, int(hashes[1, 0] >> np.uint64(32)))
    h2 = mix(h2, int(hashes[1, 1] & np.uint64(0xFFFFFFFFFFFF)))
    h2 = mix(h2, int(hashes[1, 1] >> np.uint64(32)))
    for i in range(S_SEQ + S_MAX * players):
        h1 = mix(h1, s[i] + 2)
        h2 = mix(h2, s[i] + 3 + i)
    return h1, h2


@nb.njit(cache=True, inline="always")  # a dozen arrays passed, at every node
def window(kb: Any, cf: np.ndarray, wk: Any, memo: Any, tt: Any, cnt: np.ndarray,
           s: np.ndarray, alpha: int, beta: int, known: np.ndarray
           ) -> tuple[bool, int, int, int, int, int, int, int]:  # pragma: no cover
    """``Tree._window``: (decided, value, low, high, first move, table slot, key words) before the
    moves; ``known``: the players' bounds when ``known[0]`` (the parent's, from ordering)."""
    left = unsettled(s, cf)
    leaf = left == 0
    if not leaf and tick(cnt):
        return True, 0, 0, 0, DISCARD_MOVE, 0, 0, 0
    slot = k1 = k2 = 0
    if left >= 2:  # the table is read below: its row asked of the memory now
        h1, h2 = key(kb[5][:], cf[PLAYERS], s)
        slot, k1, k2 = words(h1, h2, len(tt))
        prefetch_row(tt, slot)
    if known[0]:
        hlow, hhigh, olow, ohigh = known[1], known[2], known[3], known[4]
    else:
        hlow, hhigh, olow, ohigh = margin_bounds(kb, cf, wk, memo, s)
    low, high = hlow - ohigh, hhigh - olow
    if high <= alpha:
        return True, high, 0, 0, DISCARD_MOVE, 0, 0, 0
    if low >= beta:
        return True, low, 0, 0, DISCARD_MOVE, 0, 0, 0
    if leaf:
        margin = 0
        for p in range(2):  # a loop: one compiled ``done``, not one per constant
            margin = done(kb, cf, wk, memo, cnt, s, p) - margin
        return True, -margin, 0, 0, DISCARD_MOVE, 0, 0, 0
    if left == 1:
        cnt[ALONE] += 1
        return True, alone(kb, cf, wk, memo, cnt, s), 0, 0, DISCARD_MOVE, 0, 0, 0
    side = 1 if high - alpha < beta - low else 0  # the opponent's floor lowers the high
    base = olow if side else hlow
    gain = floor(kb, cf, wk, memo, cnt, s, side, base) - base
    if side:
        high -= gain
        if high <= alpha:
            return True, high, 0, 0, DISCARD_MOVE, 0, 0, 0
    else:
        low += gain
        if low >= beta:
            return True, low, 0, 0, DISCARD_MOVE, 0, 0, 0
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


KID = STATE + 5
"""A claim's child as :func:`ordered` keeps it: its state, then what :func:`window` is told
(1, then both players' bounds)."""


@nb.njit(cache=True)
def ordered(kb: Any, wk: Any, s: np.ndarray, moves: np.ndarray, n: int, first: int,
            out: np.ndarray, kids: np.ndarray) -> None:  # pragma: no cover
    """``Tree.ordered`` into ``out[:n]``: claims by the midpoint of the margin's bounds after
    them (the claimant's best first), then by the domino's number — each claim's child and
    its bounds kept in ``kids`` (a :data:`KID` row per slot of the line); placements by their
    total at once; ``first`` (a move remembered) before all."""
    cf, memo = wk[W_CONFIG][:], wk[W_MEMO][:]
    sc = wk[6][:]
    at = grab(wk, 2 * n)
    keys, order = sc[at:at + n], sc[at + n:at + 2 * n]
    if s[PHASE] == CLAIM:
        sign = 1 if s[ORDER + s[TURN]] // cf[KPP] == 0 else -1
        for i in range(n):
            row = kids[moves[i] * KID:(moves[i] + 1) * KID]
            child_into(s, cf, moves[i], row[:STATE])
            hlow, hhigh, olow, ohigh = margin_bounds(kb, cf, wk, memo, row[:STATE])
            row[STATE] = 1
            row[STATE + 1] = hlow
            row[STATE + 2] = hhigh
            row[STATE + 3] = olow
            row[STATE + 4] = ohigh
            # (key, -number): numbers are below 64
            keys[i] = -sign * ((hlow - ohigh) + (hhigh - olow)) * 64 - s[LINE_AT + moves[i]]
        rank(keys, n, order)
    elif n > 1:
        player = s[ORDER + s[TURN]] // cf[KPP]
        number = s[TO_PLACE + s[ORDER + s[TURN]]]
        best_first(kb, cf, wk, player, number, moves, n, order)
    else:
        for i in range(n):
            order[i] = i
    k = 0
    for i in range(n):
        if moves[i] == first:
            out[0] = first
            k = 1
    for j in range(n):
        i = order[j]
        if k and moves[i] == first:
            continue
        out[k] = moves[i]
        k += 1
    sc[0] = at


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


@nb.njit(nb.int64(KINGDOMS, WORK, I64, nb.int64, nb.int64, I64), cache=True)
def alphabeta(kb: Any, wk: Any, s: np.ndarray, alpha: int, beta: int, known: np.ndarray
              ) -> int:  # pragma: no cover
    """``Tree.alphabeta`` with two players: the margin of player 0 (fail-soft); ``known`` as
    :func:`window` takes it (the configuration, the tables, the killers and the counters are
    the work record's). After a stop, 0 — not an answer."""
    cf, memo, tt = wk[W_CONFIG][:], wk[W_MEMO][:], wk[W_TABLE][:]
    killers, cnt = wk[W_KILLERS][:], wk[W_COUNTERS][:]
    decided, value, low, high, first, slot, k1, k2 = window(kb, cf, wk, memo, tt, cnt, s,
                                                            alpha, beta, known)
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
    sc = wk[6][:]
    most = 4 * (2 * cf[0]) ** 2 + 1
    line = 0 if placing else s[N_LINE]
    at = grab(wk, 2 * most + STATE + 5 + line * KID)
    moves, todo = sc[at:at + most], sc[at + most:at + 2 * most]
    rest = at + 2 * most
    c, saved = sc[rest:rest + STATE], sc[rest + STATE:rest + STATE + 4]
    unknown = sc[rest + STATE + 4:rest + STATE + 5]
    unknown[0] = 0
    kids = sc[rest + STATE + 5:rest + STATE + 5 + line * KID]
    n = legal(kb, cf, wk, s, moves)
    best = -INF if player == 0 else INF
    best_move = DISCARD_MOVE - 1
    saved[:] = kb[4][player]
    ordered(kb, wk, s, moves, n, first, todo, kids)
    for j in range(n):
        move = todo[j]
        if not placing:
            row = kids[move * KID:(move + 1) * KID]
            value = alphabeta(kb, wk, row[:STATE], alpha, beta, row[STATE:])
        elif move != DISCARD_MOVE:
            child_into(s, cf, move, c)
            put(kb, cf, wk, player, number, move)
            value = alphabeta(kb, wk, c, alpha, beta, unknown)
            take(kb, cf, wk, player, number, move, saved)
        else:
            child_into(s, cf, move, c)
            value = alphabeta(kb, wk, c, alpha, beta, unknown)
        if cnt[STOPPED]:
            sc[0] = at
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
    sc[0] = at
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
def principal(kb: Any, wk: Any, s: np.ndarray, value: int, out: np.ndarray
              ) -> int:  # pragma: no cover
    """The principal variation from ``s`` (of value ``value``) into ``out`` (phase, move),
    every move made, settled players' too: a settled player's best finish's first placement
    or the last free slot; else the first move in the game's order that keeps the value.
    Returns how many moves (-1 after a stop); the kingdoms are restored."""
    cf, memo, cnt = wk[W_CONFIG][:], wk[W_MEMO][:], wk[W_COUNTERS][:]
    s = s.copy()
    made = np.zeros((64, 7), np.int64)
    n_made = 0
    moves = np.empty(4 * (2 * cf[0]) ** 2 + 1, np.int64)
    unknown = np.zeros(1, np.int64)
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
                got = alphabeta(kb, wk, child(s, cf, move), value - 1, value + 1, unknown)
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


SETUP = STATE + 11
"""Where :func:`start`'s ``setup`` has the kingdoms' extents: before them the state, the nodes
of a slice (the search stops past them, and the line past as many more), whether the line is
walked, whether the killers are cleared (a new search) and the configuration (``W_CONFIG``'s
eight words)."""


PROBE = 512
"""The Zobrist words between two that :func:`ready` probes: 4 KB, the smallest page."""


@nb.njit(cache=True)
def ready(wks: Any, zobrist: np.ndarray, pieces: np.ndarray) -> None:  # pragma: no cover
    """The work record's constants in place: its Zobrist words copied again where a page of
    them reads as zeros (one word probed every :data:`PROBE`, and the last: a page the system
    took back from idle tables is zeros all over, and no probed word is zero), its pieces."""
    wk = wks[0]
    kept, known = wk[1].reshape(zobrist.size), zobrist.reshape(zobrist.size)
    for i in range(0, zobrist.size + PROBE - 1, PROBE):
        at = min(i, zobrist.size - 1)
        if kept[at] != known[at]:
            kept[:] = known
            break
    wk[2][:] = pieces


@nb.njit(cache=True)
def start(kbs: Any, wks: Any, planes: np.ndarray, width: int, setup: np.ndarray,
          zobrist: np.ndarray, pieces: np.ndarray, salt: Any, out: np.ndarray
          ) -> tuple[int, int]:  # pragma: no cover
    """A search from Python in one call (on a board of a few hundred nodes, each call into
    numpy or numba around the search costs as much as a hundred nodes): the work record made
    :func:`ready`, its configuration and counters set, the killers cleared on a new search, the
    kingdoms' record ``kbs[0]`` filled from ``planes`` (:func:`record_kernels.fill`), then
    :func:`alphabeta` from the state and, when it ends, :func:`principal` into ``out``.
    ``setup``: the state (``STATE`` words), the node limit, whether to walk the line, whether
    to clear the killers, the configuration, then the kingdoms' extents (:data:`SETUP`).
    Returns (value, moves in ``out``), the moves -2 when the search stopped (no value), -1
    when the line was not asked for or stopped."""
    ready(wks, zobrist, pieces)
    wk = wks[0]
    cf, cnt = wk[W_CONFIG][:], wk[W_COUNTERS][:]
    cf[:] = setup[STATE + 3:SETUP]
    if setup[STATE + 2]:
        wk[W_KILLERS][:] = DISCARD_MOVE - 1
    cnt[:] = 0
    cnt[LIMIT] = setup[STATE]
    fill(kbs, planes, width, zobrist, setup[SETUP:], cf[0], salt)
    wk[6][0] = 1
    s = borrowed(setup)[:STATE]
    value = alphabeta(kbs[0], wk, s, -INF, INF, np.zeros(1, np.int64))
    if cnt[STOPPED]:
        return 0, -2
    if not setup[STATE + 1]:
        return value, -1
    cnt[LIMIT] = cnt[NODES] + setup[STATE]  # a slice of its own, as the line's call has
    wk[6][0] = 1
    return value, principal(kbs[0], wk, s, value, borrowed(out))


@nb.njit(cache=True)
def search(kbs: Any, wks: Any, s: np.ndarray, alpha: int, beta: int
           ) -> int:  # pragma: no cover
    """:func:`alphabeta` on the kingdoms' and the work's records (each the one element of an
    array: numba takes an array of records from Python at a tenth of a record's cost) and a
    :func:`~kingdomino_kit.game.endgame.borrowed.borrowed` state (the caller keeps them), the
    scratch stack emptied first."""
    wk = wks[0]
    wk[6][0] = 1
    return alphabeta(kbs[0], wk, borrowed(s), alpha, beta, np.zeros(1, np.int64))


@nb.njit(cache=True)
def line(kbs: Any, wks: Any, s: np.ndarray, value: int, out: np.ndarray
         ) -> int:  # pragma: no cover
    """:func:`principal` on the records and a borrowed state (as :func:`search`)."""
    wk = wks[0]
    wk[6][0] = 1
    return principal(kbs[0], wk, borrowed(s), value, borrowed(out))

