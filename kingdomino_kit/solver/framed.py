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

__all__ = ["TARGETS_SHARE", "best_kingdom_framed"]

TARGETS_SHARE = 0.75
"""The share of the time limit for the targets from the bound down; the rest improves the
best kingdom found (or a greedy one) if they did not finish."""


def best_kingdom_framed(dominoes: Sequence[Domino], rules: Rules, bound: int, *,
                        began: float, time_limit_s: float, free_discard: bool,
                        place_all: bool = False, start: Kingdom | None = None,
                        choose: int | None = None) -> Solution | None:
    """The best kingdom from ``dominoes`` under ``rules`` from the castle (``bound``: no
    kingdom scores more), ``optimal``, or ``feasible`` when ``time_limit_s`` (from ``began``,
    a :func:`time.monotonic`) ran out first; with ``place_all``, every domino placed
    (``infeasible`` if they cannot all be); with ``choose``, at most that many (with
    ``free_discard``: any subset); None in the one case the search cannot answer
    (the module's docstring)."""
    deadline = began + time_limit_s
    target, step = bound - 1, 1
    while True:
        found = frame_search(dominoes, rules, began + TARGETS_SHARE * time_limit_s, target,
                             place_all=place_all, start=start, cap=choose)
        if not found.complete:
            return _unfinished(found, dominoes, rules, bound, (began, deadline),
                               free_discard, (place_all, start, choose))
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
                times: tuple[float, float], free_discard: bool,
                ask: tuple[bool, Kingdom | None, int | None]) -> Solution:
    """The targets' share of the time ran out: the better of the kingdom found so far and
    one built greedily (not where every domino, or at most ``choose``, must be placed), then
    the search for better above its score until the deadline — ``optimal`` if that search
    ends, else ``feasible`` (``unknown`` with no kingdom at all)."""
    began, deadline = times
    place_all, start, choose = ask
    best: tuple[Kingdom, tuple[int, ...]] | None = None
    if found.value >= 0:
        best = _finished(found, dominoes, rules, free_discard, start)
    if not place_all and choose is None:
        greedy = start.copy() if start is not None else Kingdom(rules.size)
        left = complete(greedy, dominoes, rules)
        if best is None or rules.total(greedy) > rules.total(best[0]):
            best = (greedy, () if free_discard else tuple(sorted(d.number for d in left)))
    floor = rules.total(best[0]) if best is not None else -1
    more = frame_search(dominoes, rules, deadline, floor, place_all=place_all, start=start,
                        cap=choose)
    if more.value > floor:
        better = _finished(more, dominoes, rules, free_discard, start)
        if rules.total(better[0]) > floor:
            best = better
    if best is None:
        return Solution(Status.UNKNOWN, 0, bound, None, (), time.monotonic() - began)
    kingdom, discarded = best
    score = rules.total(kingdom)
    proven = more.complete and score == max(floor, more.value)
    return Solution(Status.OPTIMAL if proven else Status.FEASIBLE, score,
                    score if proven else max(bound, score), kingdom, _added(kingdom, start),
                    time.monotonic() - began, discarded=discarded)
