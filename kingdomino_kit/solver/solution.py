"""A solver's answer: its status, the layout's real score, the proven bound, the kingdom and a
legal order to build it — and the replay that turns a model's layout into that answer.

>>> from kingdomino_kit.dominoes import domino
>>> from kingdomino_kit.kingdom import Placement
>>> k, order = replay_order([Placement(domino(41), (0, 1), (0, 2))])
>>> Solution(Status.OPTIMAL, k.score(), 2, k, order, 0.25).to_json()["status"]
'OPTIMAL'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.errors import KingdominoError, SolverBug
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.solver.answer import (
    FEASIBLE,
    INFEASIBLE,
    OPTIMAL,
    UNKNOWN,
    Status,
    answer_json,
    placements_json,
)
from kingdomino_kit.solver.discard import discard_error

__all__ = ["FEASIBLE", "INFEASIBLE", "OPTIMAL", "UNKNOWN", "Solution", "Status",
           "replay_order"]


@dataclass(frozen=True)
class Solution:
    """A solver answer: status, real score (bonuses included), proven bound, kingdom, order, time.

    ``status`` is a :class:`Status`; ``score`` is 0 and ``kingdom`` None when no layout was
    found; ``discarded`` holds the numbers of the given dominoes left out, sorted (each one
    fits nowhere in the kingdom; empty with free choice, where the pool is not all given).
    ``interrupted`` says that Ctrl-C stopped the search that gave this answer (the command line
    then leaves without the interpreter's shutdown, where OR-Tools 9.15 may abort on a thread
    left by a stopped search).
    """

    status: Status
    score: int
    bound: int
    kingdom: Kingdom | None
    order: tuple[Placement, ...]
    seconds: float
    interrupted: bool = False
    discarded: tuple[int, ...] = ()

    @property
    def gap(self) -> int:
        """bound − score (0 when proven optimal)."""
        return self.bound - self.score

    def to_json(self) -> dict[str, Any]:
        """The ``solve --json`` answer (:func:`kingdomino_kit.solver.answer.answer_json`): status,
        score, bound, the kingdom as text, the order with cells in the frame of that text, the
        seconds taken, then ``discarded``: the given dominoes left out (numbers, sorted)."""
        k = self.kingdom
        grid, order = ("", []) if k is None else (k.to_text(), placements_json(k, self.order))
        return answer_json(self.status, self.score, self.bound, grid, order, self.seconds,
                           discarded=sorted(self.discarded))


def replay_order(placements: Sequence[Placement], start: Kingdom | None = None,
                 size: int = 5, *, given: Sequence[Domino] | None = None,
                 choose: int | None = None) -> tuple[Kingdom, tuple[Placement, ...]]:
    """Place every placement through the rules (:meth:`Kingdom.place`) in a legal order; with
    ``given`` (the dominoes the layout was made from, ``choose`` of them when given), also check
    that none left out has a legal placement in the final kingdom (no voluntary discard,
    :func:`~kingdomino_kit.solver.discard.discard_error`): :class:`SolverBug` otherwise.

    Placing a domino never makes another one illegal (cells are distinct, the layout fits), so
    greedily placing any domino that is legal now finds an order whenever one exists.

    >>> from kingdomino_kit.dominoes import domino
    >>> k, order = replay_order([Placement(domino(1), (0, 2), (0, 3)),
    ...                          Placement(domino(2), (0, 1), (1, 1))])
    >>> [p.domino.number for p in order]
    [2, 1]
    """
    kingdom = start.copy() if start is not None else Kingdom(size)
    left = list(placements)
    order: list[Placement] = []
    while left:
        for p in left:
            try:
                kingdom.check(p)
            except KingdominoError:
                continue
            kingdom.place(p)
            order.append(p)
            left.remove(p)
            break
        else:
            raise SolverBug(f"no legal order for the layout: stuck with {left}")
    if given is not None:
        problem = discard_error(kingdom, [p.domino.number for p in order], given, choose)
        if problem is not None:
            raise SolverBug(f"{problem}:\n{kingdom}")
    return kingdom, tuple(order)


