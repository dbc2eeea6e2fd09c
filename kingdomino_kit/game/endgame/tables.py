"""The compiled endgame search's tables kept for the next search, none of them cleared.

A compiled search's tables (the transposition table, the memo of best finishes, the facts and
bounds kept, the max-n vectors: 64 to 100 MB) are found by hashes, and a position's first
look reads one row. Zeroed anew for every search, they cost more than the search itself on a
small board: the first touch of each page of a fresh array has the operating system zero it
(2 MB at a time on the huge pages NumPy asks for), and a 5×5 endgame of a few hundred nodes
touches most of them — about 8 ms a solve, its nodes a fraction of a millisecond.

So a :class:`TablePool` lends the tables of a search that has ended to the next, without
clearing them, and gives each borrowing a *generation* (:attr:`Lent.salt`): the search puts it
in the high sixteen bits of every kingdom's second Zobrist word, which only the tables' second
key word reads — a table's slot and the first key word come from the first Zobrist word and
the low 48 bits of the second (``kernels.key``, ``many_kernels.key_of``, ``memo_slot``,
``facts``, ``bounds``). A row written in another generation has another second key word, so
it is never found (a 63-bit key word matched by chance: as likely as with fresh tables) and
is replaced where a fresh table's empty row would be: every search visits the same nodes,
finds the same values and lines as with tables zeroed for it (the tests compare the two).
Sixteen bits give 65,535 generations; at the wrap the pool's *epoch* moves on and tables of
an older epoch are dropped, never lent again, so one set of tables never sees a generation
twice.

The pool keeps at most :data:`IDLE` sets of tables of each kind, lent to one search at a time;
a search running beside another gets tables of its own. Idle tables hold no memory the
system wants back: they are mapped privately (on huge pages, as NumPy maps large arrays) and
marked free-when-needed while idle (``MADV_FREE``, Linux), so under memory pressure the
system takes their pages — they read as zeros then, an empty row to the search, which cannot
tell it from a row of another generation — and otherwise the next search finds them still
mapped (where the mark is missing, the tables stay resident between searches). The tables of a
:class:`~kingdomino_kit.game.endgame.compiled.Compiled` search go back to the pool when it is
garbage-collected (its :meth:`TablePool.lend` registers that).
"""

from __future__ import annotations

import contextlib
import mmap
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

__all__ = ["GENERATIONS", "IDLE", "Lent", "TablePool", "shared_pool", "zeroed"]

GENERATIONS = 1 << 16
"""The generations of one epoch (the high sixteen bits of a Zobrist word; 0 is never lent)."""
IDLE = 1
"""The sets of tables of each kind a pool keeps between searches."""
SALT_SHIFT = 48
"""Where a generation goes in a kingdom's second Zobrist word."""


@dataclass(frozen=True)
class Lent:
    """A set of tables lent: ``tables`` the array, ``salt`` the word to XOR into the high bits
    of each kingdom's second Zobrist word, ``fresh`` True when the array was zeroed for this
    search (else kept: any page of it may read as zeros, constants the search copied in
    included, so a search checks them each time), ``prepared`` what the borrower's
    ``prepare`` made of the array when it was new, kept with it (None without one)."""

    tables: Any
    salt: int
    fresh: bool
    prepared: Any = None


def zeroed(dtype: Any, shape: tuple[int, ...]) -> tuple[Any, mmap.mmap | None]:
    """A zeroed array of ``dtype`` and ``shape`` in a private mapping of its own (asked for on
    huge pages, every page touched) and the mapping, or a plain ``numpy.zeros`` and None
    where there is none."""
    import numpy as np

    dtype = np.dtype(dtype)
    size = dtype.itemsize * int(np.prod(shape))
    flags = getattr(mmap, "MAP_PRIVATE", 0) | getattr(mmap, "MAP_ANONYMOUS", 0)
    if not flags:
        return np.zeros(shape, dtype), None
    mapping = mmap.mmap(-1, size, flags=flags)
    if hasattr(mmap, "MADV_HUGEPAGE"):
        _advise(mapping, mmap.MADV_HUGEPAGE)
    # every page asked for now, once: a search's rows fall all over the tables, so even
    # one small search touches most pages, and the system's zeroing of them (0.01-0.7 s
    # for 80 MB on huge pages, as memory is fragmented) is paid here, not mid-search
    np.frombuffer(mapping, np.uint8)[::mmap.PAGESIZE] = 0
    return np.frombuffer(mapping, dtype, int(np.prod(shape))).reshape(shape), mapping


def _advise(mapping: mmap.mmap, advice: int) -> None:
    with contextlib.suppress(OSError):  # a hint the system may not take
        mapping.madvise(advice)


class TablePool:
    """Sets of tables, by kind (a name, an array's type and shape), lent to one search at a
    time and kept for the next (:data:`IDLE` a kind at most)."""

    def __init__(self, generations: int = GENERATIONS) -> None:
        # re-entrant: a search collected while the pool holds the lock gives its tables back
        self._lock = threading.RLock()
        self._idle: dict[str, list[tuple[Any, mmap.mmap | None, Any]]] = {}
        self._generations = generations
        self._generation = 0
        self._epoch = 0

    def lend(self, owner: object, kind: str, dtype: Any, shape: tuple[int, ...],
             prepare: Callable[[Any], Any] | None = None) -> Lent:
        """A set of tables of ``kind``, an array of ``dtype`` and ``shape`` (zeroed when none
        is idle), given back to the pool when ``owner`` is garbage-collected; ``prepare``
        (the same for every borrower of ``kind``) called on a new array, its result kept with
        the array (the views a search takes of it, say)."""
        with self._lock:
            self._generation += 1
            if self._generation == self._generations:  # the salts would repeat
                self._generation = 1
                self._epoch += 1
                self._idle.clear()
            epoch, salt = self._epoch, self._generation << SALT_SHIFT
            idle = self._idle.get(kind)
            tables, mapping, prepared = idle.pop() if idle else (None, None, None)
        fresh = tables is None
        if tables is None:
            tables, mapping = zeroed(dtype, shape)
            prepared = None if prepare is None else prepare(tables)
        weakref.finalize(owner, self._give_back, kind, (tables, mapping, prepared), epoch)
        return Lent(tables, salt, fresh, prepared)

    def _give_back(self, kind: str, kept: tuple[Any, mmap.mmap | None, Any], epoch: int
                   ) -> None:
        mapping = kept[1]
        with self._lock:
            idle = self._idle.setdefault(kind, [])
            if epoch != self._epoch or len(idle) >= IDLE:
                return
            idle.append(kept)
        if mapping is not None and hasattr(mmap, "MADV_FREE"):
            _advise(mapping, mmap.MADV_FREE)

    def idle(self, kind: str) -> int:
        """How many sets of ``kind`` wait to be lent."""
        with self._lock:
            return len(self._idle.get(kind, ()))


@cache
def shared_pool() -> TablePool:
    """The process's pool, which every compiled search borrows from unless given another."""
    return TablePool()
