"""The proof as it happens: every change of what the search has proven, as a stream of events.

``best_kingdom(..., on_progress=f)`` calls ``f`` with a :class:`Progress` whenever the proven
bound of a castle position changes, whenever a better layout is found, once at the start and
once at the end. An event says the time, the best score so far, the overall proven bound, and
the *score levels refuted*: the levels this event proves out of reach — at one castle position
(``castle_refuted``) and overall (``refuted``, when the last position still open above a level
rules it out). Together the events show a proof level by level: "67 ruled out at castle (2, 2)",
…, "67 ruled out everywhere: the bound is 66".

The search (:mod:`.search`) keeps its bounds as it always has; at the few places where they
change it hands them to a :class:`ProgressTracker`, which compares them with what it reported
last and emits the differences. The tracker only reads, so attaching a stream never changes the
search (tested: the same answer and the same layouts, in the same order, with and without).

>>> events = []
>>> tracker = ProgressTracker(events.append, started=0.0, castles=[(2, 2), (1, 2)])
>>> tracker.note({0: 20, 1: 18}, score=-1, kind=START, now=0.5)
>>> tracker.note({0: 19, 1: 18}, score=15, now=1.5)
>>> [(e.kind, e.bound, e.castle, e.castle_refuted, e.refuted) for e in events]
[('start', 20, None, (), ()), ('solution', 20, None, (), ()), ('bound', 19, (2, 2), (20,), (20,))]
>>> events[-1].to_json()["castle"], events[-1].seconds
([2, 2], 1.5)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["BOUND", "DONE", "PENDING", "PROGRESS_KINDS", "SOLUTION", "START", "Progress",
           "ProgressTracker"]

START, BOUND, SOLUTION, DONE = "start", "bound", "solution", "done"
PROGRESS_KINDS = (START, BOUND, SOLUTION, DONE)
PENDING = -1
"""The key, among the bounds, of what the choices not yet made into models can score (free
choice): it counts in the overall bound, its ``bound`` events name no castle."""


@dataclass(frozen=True)
class Progress:
    """One change of what the search has proven.

    ``kind``: ``start`` (the static bound, before any search), ``bound`` (a castle position's
    bound went down), ``solution`` (a better layout), ``done`` (the answer is final; ``status``
    says how). ``score`` is the best real score so far (-1 before any layout); ``bound`` the
    overall proven bound; ``refuted`` the levels this event proved out of reach overall,
    highest first. For a ``bound`` event, ``castle`` is the castle's frame cell (row, column),
    ``castle_bound`` its new bound and ``castle_refuted`` the levels just ruled out there.
    ``open_castles``: positions whose bound is still above the best score; ``positions`` every
    castle cell with its proven bound at this moment.
    """

    kind: str
    seconds: float
    score: int
    bound: int
    refuted: tuple[int, ...] = ()
    castle: tuple[int, int] | None = None
    castle_bound: int | None = None
    castle_refuted: tuple[int, ...] = ()
    open_castles: int = 0
    castles: int = 0
    status: str | None = None
    positions: tuple[tuple[tuple[int, int], int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The event as one JSON object (``solve --progress`` prints one per line)."""
        out: dict[str, Any] = {"event": self.kind, "seconds": round(self.seconds, 3),
                               "score": self.score, "bound": self.bound,
                               "refuted": list(self.refuted), "open_castles": self.open_castles,
                               "castles": self.castles}
        if self.castle is not None:
            out.update(castle=list(self.castle), castle_bound=self.castle_bound,
                       castle_refuted=list(self.castle_refuted))
        if self.status is not None:
            out["status"] = self.status
        out["positions"] = [[r, c, b] for (r, c), b in self.positions]
        return out


class ProgressTracker:
    """Turns the search's bounds into :class:`Progress` events for ``on_progress`` (None: does
    nothing). ``castles`` are the frame cells of the castle positions, by model index (a search
    that makes models as it goes appends to it)."""

    def __init__(self, on_progress: Callable[[Progress], None] | None, started: float,
                 castles: Sequence[tuple[int, int]]) -> None:
        self.on_progress = on_progress
        self.started = started
        self.castles = list(castles)
        self.bounds: dict[int, int] = {}
        self.score = -1
        self.bound: int | None = None

    def _emit(self, kind: str, now: float, **fields: Any) -> None:
        if self.on_progress is None or self.bound is None:
            return
        open_ = sum(b > self.score for k, b in self.bounds.items() if k != PENDING)
        positions = tuple((self.castles[k], b) for k, b in sorted(self.bounds.items())
                          if 0 <= k < len(self.castles))
        self.on_progress(Progress(kind, now - self.started, self.score, self.bound,
                                  open_castles=open_, castles=len(self.castles),
                                  positions=positions, **fields))

    def _overall(self) -> int:
        return max([self.score, *self.bounds.values()])

    def note(self, bounds: Mapping[int, int], score: int, kind: str = BOUND,
             now: float | None = None) -> None:
        """Report what changed since the last call: a better score (a ``solution`` event),
        then each castle position whose bound went down (a ``bound`` event each). ``kind``
        ``start`` reports the first bounds as one event."""
        if self.on_progress is None:
            return
        now = time.perf_counter() if now is None else now
        if kind == START or self.bound is None:
            self.bounds, self.score = dict(bounds), score
            self.bound = self._overall()
            self._emit(START, now)
            if kind == START:
                return
        if score > self.score:
            self.score = score
            self.bound = self._overall()
            self._emit(SOLUTION, now)
        for k in sorted(set(bounds) - set(self.bounds)):  # a model made as the search goes:
            self.bounds[k] = bounds[k]  # its bound was counted in PENDING's until now
        for k in sorted(bounds):
            old, new = self.bounds.get(k), bounds[k]
            if old is not None and new >= old:
                continue
            self.bounds[k] = new
            before, self.bound = self.bound, self._overall()
            self._emit(BOUND, now, refuted=tuple(range(before, self.bound, -1)),
                       castle=self.castles[k] if 0 <= k < len(self.castles) else None,
                       castle_bound=new,
                       castle_refuted=tuple(range(old, new, -1)) if old is not None else ())

    def done(self, bounds: Mapping[int, int], score: int, bound: int, status: str) -> None:
        """The final event: what is left to report, then ``done`` with the answer's status."""
        if self.on_progress is None:
            return
        self.note(bounds, score)
        now = time.perf_counter()
        before, self.bound = self.bound, bound
        refuted = tuple(range(before, bound, -1)) if before is not None else ()
        self._emit(DONE, now, refuted=refuted, status=status)
