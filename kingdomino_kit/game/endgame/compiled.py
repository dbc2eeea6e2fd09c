"""The two-player endgame searched compiled, when the optional extra ``fast`` (numba) is
installed: the value of :meth:`Tree.alphabeta <kingdomino_kit.game.endgame.search.Tree.alphabeta>`
many times faster.

:func:`kingdomino_kit.game.endgame.solve` uses it for two players when no node budget is
asked (a node budget is the pure-Python search's: the bots' ``exact=N`` plays the same games
with or without numba); ``KINGDOMINO_KIT_COMPILED=0`` turns it off. The kernels
(:mod:`~kingdomino_kit.game.endgame.kernels`, :mod:`~kingdomino_kit.game.endgame.finish_kernels`)
restate the Python search and give its value, position for position (the tests compare them on
hundreds of positions). The principal variation is the first move in the game's order that keeps the
value at each turn (a settled player's best finish, placed first in the order of legal placements
among equals) — one line whatever the search met first.

>>> from kingdomino_kit.game import Game, GameOptions
>>> from kingdomino_kit.game.endgame import no_chance_left, position
>>> g = Game(GameOptions(players=2), seed=4)
>>> while not no_chance_left(g.observation()):
...     g.apply(g.legal_actions()[0])
>>> if available():
...     tree, state = position(g)
...     found = Compiled(tree).solve(state)
...     assert found.value == tree.alphabeta(state, -(1 << 62), 1 << 62)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from kingdomino_kit.errors import InvariantError
from kingdomino_kit.game.endgame.finish import DISCARD, DISCARD_MOVE
from kingdomino_kit.game.endgame.search import CLAIM, State, Tree
from kingdomino_kit.game.endgame.tables import TablePool, shared_pool
from kingdomino_kit.game.fast.support import kernel_bonuses, supports
from kingdomino_kit.game.fast.switch import available
from kingdomino_kit.game.playout import PIECES

__all__ = ["Compiled", "Found", "applies"]

ZOBRIST_SEED = 20261202
SLICE = 1 << 15
"""Nodes between two looks at the clock when a time limit is set (about 0.15 s)."""


def applies(tree: Tree) -> bool:
    """True when the compiled search can take the tree: numba there and switched on, two
    players, the minimax value (not paranoid), every bonus in play one the kernels score."""
    return (available() and tree.players == 2 and not tree.paranoid and tree.kpp <= 2
            and supports(tree.rules))


@dataclass(frozen=True)
class Found:
    """What the compiled search found: ``status`` ``OPTIMAL`` or ``UNKNOWN`` (stopped by the
    time limit), ``value`` the margin code of player 0 (None when unknown), ``moves`` the
    principal variation in the search's moves (empty when unknown), ``nodes``."""

    status: str
    value: int | None
    moves: tuple[Any, ...]
    nodes: int


@dataclass(frozen=True)
class _Constants:
    """What every compiled search copies or reads: numpy, the kernels' modules, the Zobrist
    words (``(2, cells, 24)``) and the pieces as an array."""

    np: Any
    kernels: Any
    finish: Any
    draft: Any
    record: Any
    zobrist: Any
    pieces: Any


@cache
def _constants() -> _Constants:
    import numpy as np

    import kingdomino_kit.game.endgame.draft_kernels as draft
    import kingdomino_kit.game.endgame.finish_kernels as finish
    import kingdomino_kit.game.endgame.kernels as kernels
    import kingdomino_kit.game.endgame.record_kernels as record

    rng = np.random.default_rng(ZOBRIST_SEED)
    zobrist = rng.integers(0, np.iinfo(np.uint64).max, size=(2, 14 * 13, 24),
                           dtype=np.uint64, endpoint=True)
    words = zobrist.reshape(-1)
    # kernels.ready tells a page taken back (zeros) by the words it probes: none may be zero
    if not (words[::kernels.PROBE].all() and words[-1]):
        raise InvariantError("a Zobrist word probed is zero")
    return _Constants(np, kernels, finish, draft, record, zobrist, np.array(PIECES, np.int64))


def cache_rows(size: int) -> int:
    """The rows of the kingdoms' facts and bounds kept (``finish_kernels.FACTS_BITS``) that a
    search on ``size`` uses: all of them on 7×7; 2**12 on a smaller board, whose search of a
    few hundred nodes writes a few thousand rows — fewer rows that stay in the processor's
    caches from one search to the next (as 65,536 of them, 14 MB, do not). A cache of values
    found again, so the search's nodes, values and lines are the same whatever the rows."""
    return 1 << (16 if size >= 7 else 12)


class _Workspace:
    """What a search takes of a work record, made once for each set of tables (the pool keeps
    it with them): the record (``wk``) and its views — configuration, memo, transposition
    table, killers, counters —, a kingdoms' record and an array for the line."""

    def __init__(self, work: Any) -> None:
        known = _constants()
        self.work = work
        self.wk = work[0]
        self.cf, self.memo, self.tt = work["config"][0], work["memo"][0], work["table"][0]
        self.killers, self.cnt = work["killers"][0], work["counters"][0]
        self.kingdoms = known.np.zeros(1, known.finish.KINGDOM_RECORD)
        self.out = known.np.zeros((64, 2), known.np.int64)


class Compiled:
    """A compiled search over ``tree``'s kingdoms and rules (its tables kept between
    :meth:`solve` calls on positions of the same game), the tables borrowed from ``pool``
    (default: :func:`~kingdomino_kit.game.endgame.tables.shared_pool`) and given back when
    the search is garbage-collected."""

    def __init__(self, tree: Tree, pool: TablePool | None = None) -> None:
        bonuses = kernel_bonuses(tree.rules)  # rules the kernels do not score: refused
        known = self.known = _constants()
        self.np, self.kernels, self.finish, self.draft = (known.np, known.kernels,
                                                          known.finish, known.draft)
        self.tree = tree
        self.zobrist = known.zobrist
        # the work record (finish_kernels.WORK_RECORD), lent by the pool (endgame/tables.py):
        # a fresh one's tables untouched until used, a kept one's not cleared (the salt), its
        # constants checked by each search (kernels.start)
        lent = (shared_pool() if pool is None else pool).lend(
            self, "work", known.finish.WORK_RECORD, (1,), _Workspace)
        ws = self.ws = lent.prepared
        self.work, self.wk, self.salt = ws.work, ws.wk, known.np.uint64(lent.salt)
        self.cf, self.memo, self.tt = ws.cf, ws.memo, ws.tt
        self.killers, self.cnt = ws.killers, ws.cnt
        size = tree.rules.size
        self.config = [size, tree.kpp, tree.players, int(tree.strict), *bonuses, 0,
                       cache_rows(size)]
        self.fresh = 1  # the killers not cleared yet (the first search does it)

    def configure(self) -> None:
        """The work record's constants in place (``kernels.ready``), the configuration set
        and, the first time, the killers cleared, for the kernels called apart from
        :meth:`solve`'s (whose first call does it all)."""
        self.kernels.ready(self.work, self.zobrist, self.known.pieces)
        self.cf[:] = self.config
        if self.fresh:
            self.killers[:] = DISCARD_MOVE - 1
            self.fresh = 0

    @staticmethod
    def _planes(tree: Tree) -> tuple[bytes, int]:
        """Each kingdom's bit planes (six terrains, two of crowns) packed, and the bytes of a
        plane."""
        size = tree.rules.size
        width = ((2 * size - 1) * 2 * size + 7) // 8
        return b"".join(m.to_bytes(width, "little") for k in tree.kingdoms
                        for m in (*k.terrain, k.crown1, k.crown2)), width

    def _kingdoms(self, tree: Tree) -> Any:
        """The kingdoms' record (``finish_kernels.KINGDOM_RECORD``) of ``tree``'s kingdoms, the
        one element of an array, their hashes salted with this search's generation
        (``endgame/tables.py``): filled from their bit planes (``record_kernels.fill``)."""
        np = self.np
        planes, width = self._planes(tree)
        extents = np.array([v for k in tree.kingdoms for v in k.bounds], np.int64)
        self.known.record.fill(self.ws.kingdoms, np.frombuffer(planes, np.uint8), width,
                               self.zobrist, extents, tree.rules.size, self.salt)
        return self.ws.kingdoms

    def _state(self, state: State) -> Any:
        """The state's array (``draft_kernels``' layout)."""
        return self.np.array(self._words(state), self.np.int64)

    def _words(self, state: State) -> list[int]:
        """The state's words in ``draft_kernels``' layout."""
        k = self.draft
        s = [0] * k.STATE
        s[k.N_ORDER] = len(state.order)
        s[k.TURN] = state.turn
        s[k.PHASE] = state.phase
        s[k.N_LINE] = len(state.line)
        s[k.ORDER:k.ORDER + len(state.order)] = state.order
        s[k.LINE_AT:k.LINE_AT + len(state.line)] = state.line
        s[k.CLAIMS:k.CLAIMS + len(state.claims)] = state.claims
        s[k.TO_PLACE:k.TO_PLACE + len(state.to_place)] = state.to_place
        s[k.NF] = len(state.future)
        if state.future:
            s[k.F_LEN] = len(state.future[0])
            s[k.FUTURE:k.FUTURE + len(state.future[0])] = state.future[0]
        for p, rest in enumerate(state.settled):
            if rest is None:
                s[k.S_LEN + p] = -1
            else:
                s[k.S_LEN + p] = len(rest)
                at = k.S_SEQ + k.S_MAX * p
                s[at:at + len(rest)] = rest
        return s

    def _sliced(self, search: Callable[[], int], cnt: Any, deadline: float | None, *,
                again: bool = False) -> int | None:
        """``search()`` to its end, or, with a ``deadline``, in slices of :data:`SLICE` nodes
        until it ends (None once the deadline is past): a stopped slice stores nothing false,
        and the next one finds the finished subtrees in the tables. ``again``: a slice has
        stopped already."""
        k = self.finish
        while True:
            if again:
                if deadline is not None and time.perf_counter() > deadline:
                    return None
                cnt[k.STOPPED] = 0
            cnt[k.LIMIT] = (1 << 62) if deadline is None else cnt[k.NODES] + SLICE
            got = search()
            if not cnt[k.STOPPED]:
                return got
            again = True

    def solve(self, state: State, time_limit: float | None = None, *, tree: Tree | None = None,
              line: bool = True) -> Found:
        """The value and principal variation of ``state``, a :meth:`Tree.start` state of
        ``tree`` (default: this one; another tree of the same game shares the tables), its
        kingdoms as they are now; ``line=False``: the value alone.

        The first slice is one call (``kernels.start``: the records set up, the search, the
        line), the next ones, past a stop, the search's and the line's own."""
        np, k, ws = self.np, self.kernels, self.ws
        tree = self.tree if tree is None else tree
        planes, width = self._planes(tree)
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        words = self._words(state)
        words += ((1 << 62) if deadline is None else SLICE, int(line), self.fresh, *self.config)
        for kingdom in tree.kingdoms:
            words += kingdom.bounds
        setup = np.array(words, np.int64)
        self.fresh = 0
        kb, cnt, out = ws.kingdoms, ws.cnt, ws.out
        value, n = k.start(kb, ws.work, np.frombuffer(planes, np.uint8), width, setup,
                           self.zobrist, self.known.pieces, self.salt, out)
        s = setup[:self.draft.STATE]
        if n == -2:  # stopped in the search
            value = self._sliced(lambda: int(k.search(kb, ws.work, s, -(1 << 62), 1 << 62)),
                                 cnt, deadline, again=True)
            if value is None:
                return Found("UNKNOWN", None, (), int(cnt[0]))
            n = -1
        if not line:
            return Found("OPTIMAL", value, (), int(cnt[0]))
        if n == -1:  # stopped in the line, or the search was
            found = value
            n = self._sliced(lambda: int(k.line(kb, ws.work, s, found, out)), cnt, deadline,
                             again=bool(cnt[self.finish.STOPPED]))
            if n is None:
                return Found("UNKNOWN", None, (), int(cnt[0]))
        return Found("OPTIMAL", value, line_moves(out, n), int(cnt[0]))


def line_moves(out: Any, n: int) -> tuple[Any, ...]:
    """The first ``n`` rows of a kernel's line (phase, move) as the Python search's moves: a
    slot, a (first, second) pair or DISCARD."""
    moves = []
    for phase, move in out[:n].tolist():
        moves.append(move if phase == CLAIM else DISCARD if move == DISCARD_MOVE
                     else divmod(move, 1024))
    return tuple(moves)
