"""The drafting loop of the compiled endgame tree: the state of
:class:`~kingdomino_kit.game.endgame.search.State` as one int64 array (offsets below) and
``Tree.after`` played on it in place, settled players' placements skipped.

Imported only by the kernels (:mod:`kingdomino_kit.game.endgame.kernels`,
:mod:`kingdomino_kit.game.endgame.many_kernels`) when numba is installed.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

from kingdomino_kit.game.endgame.finish_kernels import KPP, PLAYERS
from kingdomino_kit.game.endgame.search import CLAIM, PLACE

OVER = -1
N_ORDER, TURN, PHASE, N_LINE = 0, 1, 2, 3
ORDER, LINE_AT, CLAIMS, TO_PLACE = 4, 8, 12, 16
NF, F_LEN, FUTURE = 20, 21, 22
S_LEN, S_SEQ, S_MAX = 26, 30, 8
STATE = S_SEQ + 4 * S_MAX


# ------------------------------------------------------------------ the drafting loop
@nb.njit(cache=True)
def claimed(s: np.ndarray, king: int) -> bool:  # pragma: no cover
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
        if k // kpp == p and not claimed(s, k):
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
        if not claimed(s, s[ORDER + i]):
            return s[ORDER + i]
    return -1


@nb.njit(cache=True)
def _settle_all(s: np.ndarray, cf: np.ndarray) -> None:  # pragma: no cover
    """``Tree._settle_all``: every player without a choice left gets their dominoes still to
    place (``Tree.remaining``) — all judged on the state before any is settled."""
    kpp = cf[KPP]
    settle = 0  # a bit a player
    for p in range(cf[PLAYERS]):
        if s[S_LEN + p] < 0 and not has_claims_left(s, kpp, p):
            settle |= 1 << p
    forced = _forced_king(s) if s[N_LINE] else -1
    for p in range(cf[PLAYERS]):
        if not settle >> p & 1:
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
def after_placing(s: np.ndarray, cf: np.ndarray) -> None:  # pragma: no cover
    """``Tree.after`` a placement or the discard, in place (the kingdom's change is the
    caller's)."""
    s[TO_PLACE + s[ORDER + s[TURN]]] = 0
    if s[N_LINE]:
        s[PHASE] = CLAIM
        return
    _end_turn(s, cf)


@nb.njit(cache=True)
def play_on(s: np.ndarray, cf: np.ndarray, move: int) -> None:  # pragma: no cover
    """``Tree.after`` in place (a placement's kingdom change is the caller's)."""
    if s[PHASE] == PLACE:
        after_placing(s, cf)
        return
    king = s[ORDER + s[TURN]]
    s[CLAIMS + move] = king
    if not (s[NF] > 0 and s[F_LEN] > 0) and (
            _free(s) < 2 or not _still_claims(s, cf[KPP], king // cf[KPP])):
        _settle_all(s, cf)
    _end_turn(s, cf)


@nb.njit(cache=True)
def skip_settled(s: np.ndarray, cf: np.ndarray) -> None:  # pragma: no cover
    """``Tree.skip_settled`` in place."""
    while s[PHASE] == PLACE and s[S_LEN + s[ORDER + s[TURN]] // cf[KPP]] >= 0:
        after_placing(s, cf)


@nb.njit(cache=True)
def child(s: np.ndarray, cf: np.ndarray, move: int) -> np.ndarray:  # pragma: no cover
    """The state the search goes on from after ``move``: played on, settled placements
    skipped."""
    out = s.copy()
    play_on(out, cf, move)
    skip_settled(out, cf)
    return out


@nb.njit(cache=True)
def child_into(s: np.ndarray, cf: np.ndarray, move: int, out: np.ndarray
               ) -> None:  # pragma: no cover
    """:func:`child` into ``out`` (a state's length)."""
    out[:] = s
    play_on(out, cf, move)
    skip_settled(out, cf)


@nb.njit(cache=True)
def unsettled(s: np.ndarray, cf: np.ndarray) -> int:  # pragma: no cover
    n = 0
    for p in range(cf[PLAYERS]):
        if s[S_LEN + p] < 0:
            n += 1
    return n
