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
from enum import Enum
from typing import Any

from kingdomino_kit.errors import KingdominoError, SolverBug
from kingdomino_kit.kingdom import Kingdom, Placement

__all__ = ["FEASIBLE", "INFEASIBLE", "OPTIMAL", "UNKNOWN", "Solution", "Status",
           "replay_order"]


class Status(str, Enum):
    """How far a solve got. ``optimal``: the score equals the proven bound; ``feasible``: a
    layout, not proven best; ``infeasible``: no layout can satisfy the conditions; ``unknown``:
    no layout found in time. Members equal their names as text (``Status.OPTIMAL ==
    "optimal"``); JSON writes them in capitals, the same for every game of the kit.

    >>> Status.OPTIMAL == "optimal", Status.FEASIBLE.json
    (True, 'FEASIBLE')
    """

    OPTIMAL = "optimal"
    FEASIBLE = "feasible"
    INFEASIBLE = "infeasible"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    @property
    def json(self) -> str:
        """The spelling in every ``--json`` answer: ``OPTIMAL``, ``FEASIBLE``, …"""
        return self.value.upper()


OPTIMAL, FEASIBLE, INFEASIBLE, UNKNOWN = (Status.OPTIMAL, Status.FEASIBLE, Status.INFEASIBLE,
                                          Status.UNKNOWN)


@dataclass(frozen=True)
class Solution:
    """A solver answer: status, real score (bonuses included), proven bound, kingdom, order, time.

    ``status`` is a :class:`Status`; ``score`` is 0 and ``kingdom`` None when no layout was
    found.
    """

    status: Status
    score: int
    bound: int
    kingdom: Kingdom | None
    order: tuple[Placement, ...]
    seconds: float

    @property
    def gap(self) -> int:
        """bound − score (0 when proven optimal)."""
        return self.bound - self.score

    def to_json(self) -> dict[str, Any]:
        """The ``solve --json`` answer: status, score, bound, the kingdom as text, the order
        with cells in the frame of that text, and the seconds taken."""
        k = self.kingdom
        if k is None:
            grid, order = "", []
        else:
            dr, dc = k.text_origin()
            grid = k.to_text()
            order = [{"domino": p.domino.number, "cells": [list(q.first), list(q.second)]}
                     for p in self.order for q in (p.shifted(dr, dc),)]
        return {"status": Status(self.status).json, "score": self.score, "bound": self.bound,
                "grid": grid, "order": order, "seconds": round(self.seconds, 3)}


def replay_order(placements: Sequence[Placement], start: Kingdom | None = None,
                 size: int = 5) -> tuple[Kingdom, tuple[Placement, ...]]:
    """Place every placement through the rules (:meth:`Kingdom.place`) in a legal order.

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
    return kingdom, tuple(order)


