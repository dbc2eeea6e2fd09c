"""The endgame of three and four players searched compiled, when the optional extra ``fast``
(numba) is installed: max-n and paranoid search with the two-player search's tables, the values
of :meth:`Tree.maxn <kingdomino_kit.game.endgame.search.Tree.maxn>` and
:meth:`Tree.alphabeta <kingdomino_kit.game.endgame.search.Tree.alphabeta>` (paranoid) many
times faster.

:func:`kingdomino_kit.game.endgame.solve` and :func:`~kingdomino_kit.game.endgame.move_values`
use it for three and four players when no node budget is asked (a node budget is the
pure-Python search's); ``KINGDOMINO_KIT_COMPILED=0`` turns it off. The kernels are
:mod:`kingdomino_kit.game.endgame.many_kernels`; the tests compare their values with the
Python search's and with plain max-n and paranoid search. The line: with max-n the best move
of each position (the first in the game's order among those equal for the mover), in paranoid
search the first move in the game's order that keeps the value.

>>> from kingdomino_kit.game import Game, GameOptions
>>> from kingdomino_kit.game.endgame import no_chance_left, position
>>> g = Game(GameOptions(players=3), seed=4)
>>> while not no_chance_left(g.observation()):
...     g.apply(g.legal_actions()[0])
>>> if available():
...     tree, state = position(g)
...     found = CompiledMany(tree).solve(state)
...     assert found.value == tree.maxn(state)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cache
from typing import Any

from kingdomino_kit.errors import InvariantError
from kingdomino_kit.game.endgame.compiled import Compiled, applies, line_moves
from kingdomino_kit.game.endgame.search import State, Tree
from kingdomino_kit.game.endgame.tables import TablePool, shared_pool
from kingdomino_kit.game.fast.support import supports
from kingdomino_kit.game.fast.switch import available

__all__ = ["CompiledMany", "FoundMany", "applies_many", "compiled_for"]

VECTOR_BITS = 19
"""The max-n table: 2**19 slots, a slot two key words, four codes and the best move."""
CLAIM_KILLER_BITS = 14
"""The killers of claims: 2**14 slots, a slot a key word and the slot claimed."""


def applies_many(tree: Tree) -> bool:
    """True when this compiled search takes the tree: numba there and switched on, three or
    four players (one king each), rules the kernels score (:func:`supports`)."""
    return available() and 3 <= tree.players <= 4 and tree.kpp == 1 and supports(tree.rules)


def compiled_for(tree: Tree) -> Compiled | CompiledMany | None:
    """The compiled search that takes the tree (its ``paranoid`` and ``hero`` set), or None:
    the two-player search, this one, or none (numba missing or switched off)."""
    if applies(tree):
        return Compiled(tree)
    if applies_many(tree):
        return CompiledMany(tree)
    return None


@dataclass(frozen=True)
class FoundMany:
    """What the compiled search found: ``status`` ``OPTIMAL`` or ``UNKNOWN`` (stopped by the
    time limit), ``value`` each player's code (max-n) or the hero's (paranoid), None when
    unknown; ``moves`` the line in the search's moves (empty when unknown), ``nodes``."""

    status: str
    value: int | tuple[int, ...] | None
    moves: tuple[Any, ...]
    nodes: int


@cache
def _kernels() -> Any:
    import kingdomino_kit.game.endgame.many_kernels as many

    return many


class CompiledMany:
    """A compiled max-n or paranoid search over ``tree``'s kingdoms and rules (the tree's
    ``paranoid`` and ``hero`` say which value): the two-player search's configuration, tables
    and conversions (:class:`~kingdomino_kit.game.endgame.compiled.Compiled`) with a table of
    vectors and the killers of claims, all kept between :meth:`solve` calls on positions of
    the same game (the tables but the killers borrowed from ``pool``, as ``Compiled``'s)."""

    def __init__(self, tree: Tree, pool: TablePool | None = None) -> None:
        pool = shared_pool() if pool is None else pool
        self.base = Compiled(tree, pool)
        self.np = np = self.base.np
        self.kernels = _kernels()
        # kept between searches like the base's tables: its rows keyed by the base's salt
        self.vt = pool.lend(self, "vectors", np.int64, (1 << VECTOR_BITS, 8)).tables
        self.ck = np.zeros((1 << CLAIM_KILLER_BITS, 2), np.int64)

    def solve(self, state: State, time_limit: float | None = None, *, tree: Tree | None = None,
              line: bool = True) -> FoundMany:
        """The value and line of ``state``, a :meth:`Tree.start` state of ``tree`` (default:
        this one; another tree of the same game shares the tables); ``line=False``: the value
        alone."""
        np, many, base = self.np, self.kernels, self.base
        tree = base.tree if tree is None else tree
        base.configure()
        kb = base._kingdoms(tree)[0]
        s = base._state(state)
        cnt = np.zeros(4, np.int64)
        base.wk[6][0] = 1  # the kernels' scratch stack emptied
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        value: int | tuple[int, ...] | None
        if tree.paranoid:
            hero = tree.hero
            args = (kb, base.cf, base.wk, base.memo, base.tt, base.killers, self.ck, cnt)
            value = base._sliced(
                lambda: int(many.paranoid(*args, s, -(1 << 62), 1 << 62, hero)), cnt, deadline)
        else:
            hero = -1
            args = (kb, base.cf, base.wk, base.memo, self.vt, base.killers, self.ck, cnt)
            box: list[tuple[int, ...]] = []

            def vector() -> int:
                box[:] = [tuple(int(c) for c in many.maxn(*args, s)[:tree.players])]
                return 0

            value = None if base._sliced(vector, cnt, deadline) is None else box[0]
        if value is None:
            return FoundMany("UNKNOWN", None, (), int(cnt[0]))
        if not line:
            return FoundMany("OPTIMAL", value, (), int(cnt[0]))
        out = np.zeros((64, 2), np.int64)
        scalar = value if isinstance(value, int) else 0
        n = base._sliced(lambda: int(many.principal(*args, s, hero, scalar, out)), cnt,
                         deadline)
        if n is None:
            return FoundMany("UNKNOWN", None, (), int(cnt[0]))
        if n < 0:
            raise InvariantError("no move keeps the value of the position")
        return FoundMany("OPTIMAL", value, line_moves(out, n), int(cnt[0]))
