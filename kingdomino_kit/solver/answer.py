"""What every solver of the kit answers — Kingdomino's, the Kingdoms castle solver's, the Origins
Discovery solver's, the puzzle solver's — and how that answer reads as JSON.

An answer has a :class:`Status`, the ``score`` of the layout found (its real score, re-checked
by the rules), the proven ``bound`` (no layout scores more), the layout as text (``grid``, in
the game's notation), the pieces placed in an order that builds it legally (``order``) and the
``seconds`` taken. :func:`answer_json` writes those six fields first, with the same names and
spellings for every game; a game adds its own fields after them.

Cells in ``order`` are (row, column) in the frame of ``grid``: row 0 is the text's first line,
column 0 its first token, so a reader can place every piece on the printed grid without knowing
where the castle (or hut) is. :func:`placements_json` moves castle-relative cells into that frame.

>>> from kingdomino_kit.kingdom import Kingdom, Placement
>>> from kingdomino_kit.dominoes import domino
>>> k = Kingdom()
>>> p = Placement(domino(1), (0, -1), (0, -2))
>>> k.place(p)
>>> data = answer_json(Status.OPTIMAL, k.score(), 0, k.to_text(), placements_json(k, [p]), 0.01)
>>> list(data) == list(ANSWER_FIELDS), data["status"], data["grid"], data["order"]
(True, 'OPTIMAL', 'W  W  C', [{'domino': 1, 'cells': [[0, 1], [0, 0]]}])
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Any, Protocol

from kingdomino_kit.errors import InvariantError
from kingdomino_kit.grid import Cell

__all__ = ["ANSWER_FIELDS", "FEASIBLE", "INFEASIBLE", "OPTIMAL", "UNKNOWN", "Framed",
           "Status", "answer_json", "placements_json", "text_frame"]


class Status(str, Enum):
    """How far a solve got. ``optimal``: the score equals the proven bound; ``feasible``: a
    layout, not proven best; ``infeasible``: no layout can satisfy the conditions; ``unknown``:
    no layout found in time. Members equal their names as text (``Status.OPTIMAL ==
    "optimal"``); JSON writes them in capitals, the same for every game of the kit.

    >>> Status.OPTIMAL == "optimal", Status.FEASIBLE.json, Status("unknown").json
    (True, 'FEASIBLE', 'UNKNOWN')
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

ANSWER_FIELDS = ("status", "score", "bound", "grid", "order", "seconds")
"""The fields every ``solve --json`` answer starts with, in this order."""


def answer_json(status: Status | str, score: int, bound: int, grid: str,
                order: list[dict[str, Any]], seconds: float, **extra: Any) -> dict[str, Any]:
    """The JSON of a solver's answer: the common fields (:data:`ANSWER_FIELDS`), then the
    game's own ``extra`` ones. ``status`` may be given as its text (``"optimal"``).

    >>> answer_json("feasible", 3, 5, "", [], 1.23456, objective="gold")["seconds"]
    1.235
    >>> answer_json("fine", 0, 0, "", [], 0)
    Traceback (most recent call last):
    ...
    ValueError: 'fine' is not a valid Status
    """
    common = {"status": Status(status).json, "score": score, "bound": bound, "grid": grid,
              "order": order, "seconds": round(seconds, 3)}
    clash = set(common) & set(extra)
    if clash:
        raise InvariantError(f"a game's own fields may not reuse the common names "
                             f"{sorted(clash)}")
    return common | extra


class Framed(Protocol):
    """A layout that prints itself over its extent (a Kingdomino kingdom, an Origins territory):
    :meth:`to_text` shows the rows and columns from ``bounds``' minimum to its maximum."""

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(min row, max row, min column, max column), castle- (or hut-) relative."""
        ...

    def to_text(self) -> str:
        """The text notation over ``bounds``."""
        ...


def text_frame(layout: Framed) -> tuple[int, int]:
    """The shift that moves a castle-relative cell into the frame of ``layout.to_text()`` (the
    castle's own row and column there).

    >>> from kingdomino_kit.kingdom import Kingdom
    >>> text_frame(Kingdom.from_text("W . / W C"))
    (1, 1)
    """
    rmin, _, cmin, _ = layout.bounds
    return -rmin, -cmin


class _Placed(Protocol):
    @property
    def domino(self) -> Any: ...

    @property
    def first(self) -> Cell: ...

    @property
    def second(self) -> Cell: ...


def placements_json(layout: Framed, placements: Iterable[_Placed]) -> list[dict[str, Any]]:
    """``order`` entries: each placement's domino number and its two cells (first half first)
    in the frame of ``layout.to_text()``."""
    dr, dc = text_frame(layout)
    return [{"domino": p.domino.number,
             "cells": [[p.first[0] + dr, p.first[1] + dc], [p.second[0] + dr, p.second[1] + dc]]}
            for p in placements]
