"""Domino sets whose proofs take long enough to watch, level by level, in a SolverView.

A :class:`~kingdomino_kit.widgets.SolverView` on one of them shows the proven bound stepping
down, level by level, for tens of seconds before it meets the best score.

Each set is 12 dominoes of the solver benchmark (``benchmarks/bench_solver.py``) whose optimum
lies some points below the bound the search starts from, so that every level in between must
be refuted at each castle cell. How long each proof takes, measured, is in ``docs/solver.md``;
a faster solver makes them shorter, and the sets are chosen again then.

>>> [w.name for w in WATCH_SETS]
['slow-proof', 'three-steps', 'two-steps']
>>> len(watch_set("slow-proof").dominoes)
12
"""

from __future__ import annotations

from dataclasses import dataclass

from kingdomino_kit.dominoes import Domino, dominoes
from kingdomino_kit.errors import SolverError

__all__ = ["WATCH_SETS", "WatchSet", "watch_set"]


@dataclass(frozen=True)
class WatchSet:
    """A named set of dominoes and what its proof shows."""

    name: str
    numbers: str
    description: str

    @property
    def dominoes(self) -> list[Domino]:
        """The dominoes of the set."""
        return dominoes(self.numbers)


WATCH_SETS = (
    WatchSet("slow-proof", "17,21,25,28,29,31,32,33,35,42,45,46",
             "12 dominoes: the search starts from a bound of 67 and a first layout of 47; it "
             "refutes 67, 66 and 65 at every castle cell, then finds 64 — the optimum."),
    WatchSet("three-steps", "20,21,24,26,30,32,33,37,41,42,43,46",
             "12 crowned dominoes: two levels refuted everywhere before the optimum of 64 is "
             "found and proven."),
    WatchSet("two-steps", "19,21,23,26,29,30,39,41,42,44,46,47",
             "12 crowned dominoes: a level refuted everywhere, then the optimum of 73."),
)


def watch_set(name: str) -> WatchSet:
    """The watch set called ``name``."""
    for w in WATCH_SETS:
        if w.name == name:
            return w
    known = ", ".join(w.name for w in WATCH_SETS)
    raise SolverError(f"no watch set {name!r} (there are {known})")
