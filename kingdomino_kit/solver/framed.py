"""The best kingdom by the frame search (:mod:`.frame_search`), as a :class:`Solution`.

The search is asked for a kingdom scoring more than a target, from just under the bound
(each terrain as one property, every bonus) down — 1, 2, 4, … below the last target refuted:
the first answer found is improved to the best above its target, which is then the optimum,
since every score above the target refuted before is out of reach.

The frame search answers for any subset of the dominoes; the discard rule (a domino is left
out only when it fits nowhere) is met by placing what still fits (:func:`.frame_search.complete`).
That never lowers the score, nor a bonus within the frame — but a domino that fits only outside
the frame of a Middle Kingdom could take the bonus away: then the answer is None, and the
caller searches otherwise.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver.frame_search import FrameResult, complete, frame_search, to_kingdom
from kingdomino_kit.solver.solution import Solution, Status

__all__ = ["best_kingdom_framed"]


def best_kingdom_framed(dominoes: Sequence[Domino], rules: Rules, bound: int, *,
                        began: float, time_limit_s: float, free_discard: bool,
                        place_all: bool = False,
                        start: Kingdom | None = None) -> Solution | None:
    """The best kingdom from ``dominoes`` under ``rules`` from the castle (``bound``: no
    kingdom scores more), ``optimal``, or ``feasible`` when ``time_limit_s`` (from ``began``,
    a :func:`time.monotonic`) ran out first; with ``place_all``, every domino placed
    (``infeasible`` if they cannot all be); None in the one case the search cannot answer
    (the module's docstring)."""
    deadline = began + time_limit_s
    target, step = bound - 1, 1
    while True:
        found = frame_search(dominoes, rules, deadline, target, place_all=place_all,
                             start=start)
        if not found.complete:
            if place_all and found.value < 0:
                return Solution(Status.UNKNOWN, 0, bound, None, (), time.monotonic() - began)
            return _unfinished(found, dominoes, rules, bound, began, free_discard, start)
        if found.value >= 0:
            break
        if target < 0:  # nothing at all: only when every domino must be placed
            return Solution(Status.INFEASIBLE, 0, bound, None, (), time.monotonic() - began)
        bound = target
        target, step = max(target - step, -1), step * 2
    kingdom, discarded = _finished(found, dominoes, rules, free_discard, start)
    if rules.total(kingdom) != found.value:
        return None
    return Solution(Status.OPTIMAL, found.value, found.value, kingdom, _added(kingdom, start),
                    time.monotonic() - began, discarded=discarded)


def _added(kingdom: Kingdom, start: Kingdom | None) -> tuple[Placement, ...]:
    """The placements of ``kingdom`` after those of ``start``."""
    return tuple(kingdom.history[len(start.history) if start is not None else 0:])


def _finished(found: FrameResult, dominoes: Sequence[Domino], rules: Rules,
              free_discard: bool, start: Kingdom | None) -> tuple[Kingdom, tuple[int, ...]]:
    """The kingdom found, completed by the discard rule (unless any subset will do)."""
    kingdom = to_kingdom(found, rules.size, start)
    if free_discard:
        return kingdom, ()
    used = {q.domino.number for q in kingdom.history}
    left = complete(kingdom, [d for d in dominoes if d.number not in used], rules)
    return kingdom, tuple(sorted(d.number for d in left))


def _unfinished(found: FrameResult, dominoes: Sequence[Domino], rules: Rules, bound: int,
                began: float, free_discard: bool, start: Kingdom | None) -> Solution:
    """Time ran out: the kingdom found so far (or one built greedily), ``feasible``."""
    if found.value >= 0:
        kingdom, discarded = _finished(found, dominoes, rules, free_discard, start)
    else:
        kingdom = start.copy() if start is not None else Kingdom(rules.size)
        discarded = tuple(sorted(d.number for d in complete(kingdom, dominoes, rules)))
        if free_discard:
            discarded = ()
    score = rules.total(kingdom)
    return Solution(Status.FEASIBLE, score, max(bound, score), kingdom,
                    _added(kingdom, start), time.monotonic() - began, discarded=discarded)
