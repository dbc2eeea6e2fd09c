"""The compiled frame search as the search's second prover on 7×7 (:mod:`.search`).

After the heuristics' layouts, when the best is below the bound, :func:`frame_levels` asks the
compiled frame search (:mod:`.frame_compiled`) for a kingdom above t, for t from just under
the bound down: the first kingdom found is the best above t (the search keeps improving it
over every castle cell), and a search that ends with none refutes every level above t — then
the next question starts at the highest level that some layout could reach below it
(``below``, the reachable levels of :mod:`.levels`). CP-SAT's models take over with what is
left of the time.

When the dominoes fill the frame exactly (24 on 7×7) and the bound is the terrain bound, the
top level is first asked of the connected-tiling search (:mod:`.connected_tiling`: a tiling by
the dominoes' terrain pairs with each crowned terrain connected), which settles it where the
frame search does not; it may take the frame search's whole time, since that search would be
asked the same question.

The frame search answers for any subset of the dominoes, so a refuted level holds for the
layouts that keep the discard rule too; a kingdom found is completed by the rule by the
caller, and counts only as what it then really scores.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.kingdom import Placement
from kingdomino_kit.rules import POINTS, Rules
from kingdomino_kit.solver.frame_search import FrameResult, top_level

__all__ = ["FRAME_SHARE", "TOP_SHARE", "FrameLevels", "frame_levels", "frames_apply",
           "frame_placements", "quick_top"]

FRAME_SHARE = 0.4
"""The share of the time limit the frame search may take before CP-SAT's models."""
TOP_SHARE = 0.6
"""The share when the bound is the top level of a full frame (:func:`top_level`): no proof
gets past that level before it is settled, and the connected tiling settles it where CP-SAT's
models have not (box set 5 of the benchmark: 171 in about 17 CPU seconds)."""


@dataclass
class FrameLevels:
    """What the frame search settled: no layout scores more than ``refuted_above`` (None:
    nothing refuted), and the best kingdom it met above the best given (``found``, None if
    none); ``tiled``: the connected tiling's answer at the top level, if it was asked."""

    refuted_above: int | None = None
    found: FrameResult | None = None
    tiled: FrameResult | None = None


def frames_apply(rules: Rules, start: object, choosing: bool, place_all: bool) -> bool:
    """Whether the frame search answers this question: from the castle, the dominoes given
    (no free choice), its bonus rules those the frame search scores, numba here."""
    from kingdomino_kit.game.fast.switch import available

    return (start is None and not choosing and not place_all
            and set(rules.bonuses) <= set(POINTS) and available())


def frame_levels(dominoes: Sequence[Domino], rules: Rules, *, best: int, bound: int,
                 deadline: float, below: Callable[[int], int]) -> FrameLevels:
    """Refute the levels from ``bound`` down to ``best`` + 1, or find a kingdom among them,
    until ``deadline`` (a :func:`time.monotonic`); ``below(level)`` is the highest level at
    or below ``level`` that a layout could reach."""
    from kingdomino_kit.solver.frame_compiled import frame_search_compiled

    out = FrameLevels()
    top = bound
    if bound > best and bound == top_level(dominoes, rules):
        settled = _connected_top(dominoes, rules, deadline)
        if settled is not None:
            out.tiled = settled
            if settled.value >= 0:
                out.found = settled
                out.refuted_above = settled.value
                return out
            out.refuted_above = bound - 1
            top = below(bound - 1)
    while top > best and time.monotonic() < deadline:
        target = top - 1
        result = frame_search_compiled(dominoes, rules, deadline, max(target, best))
        if result.value >= 0:
            out.found = result
            if result.complete:
                out.refuted_above = result.value
            return out
        if not result.complete:
            return out
        out.refuted_above = max(target, best)
        top = below(target)
    return out


def quick_top(dominoes: Sequence[Domino], rules: Rules, bound: int,
              deadline: float) -> FrameLevels:
    """When ``bound`` is the top level of a full frame: the connected tiling within
    :data:`~.connected_tiling.QUICK_NODES` (``tiled``: its answer, settled or not), what it
    settled (the top level reached, or refuted); else nothing."""
    out = FrameLevels()
    if bound != top_level(dominoes, rules):
        return out
    from kingdomino_kit.solver.connected_tiling import QUICK_NODES, connected_tiling

    out.tiled = got = connected_tiling(dominoes, rules, deadline, QUICK_NODES)
    if got.complete:
        out.refuted_above = got.value if got.value >= 0 else bound - 1
        out.found = got if got.value >= 0 else None
    return out


def _connected_top(dominoes: Sequence[Domino], rules: Rules,
                   deadline: float) -> FrameResult | None:
    """The connected-tiling search (:mod:`.connected_tiling`) on the top level until
    ``deadline`` (the frame search, asked the same question, would not settle it either): a
    layout at the top level, or value −1 when none is there; None if it did not settle."""
    from kingdomino_kit.solver.connected_tiling import connected_tiling

    got = connected_tiling(dominoes, rules, deadline)
    if not got.complete:
        return None
    return got


def frame_placements(result: FrameResult, size: int) -> list[Placement]:
    """The placements of a frame found, castle-relative, in the order that builds them."""
    cr, cc = divmod(result.castle, size)
    return [Placement(d, (i // size - cr, i % size - cc), (j // size - cr, j % size - cc))
            for i, j, d in result.layout]

