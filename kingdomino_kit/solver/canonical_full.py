"""The canonical layout where annealing runs (7×7), from the search's own deterministic provers.

Once the optimum S is proven, :mod:`.canonical` asks CP-SAT, position by position, for a layout
of exactly S within a deterministic work limit. On 7×7 that pass rarely finds one in its limits:
on the Mighty Duel sets it took 15–24 CPU s a set, most of every solve, and then the search's own
layout stood, which varies run to run. Two of the search's provers are deterministic and meet
a layout of S on most sets anyway; the canonical layout is the first of

0. when S is the top level of a full frame (:func:`.frame_search.top_level`) and the frame
   search applies (:func:`.frame_proof.frames_apply`): the connected tiling's filling
   (:mod:`.connected_tiling`) if it finds one within
   :data:`~.connected_tiling.QUICK_NODES` — the search's own first call, reused;
1. the first annealing walk's (:func:`.anneal.anneal`, the solve's seed, the castle at the
   centre with Middle Kingdom, the settings' iterations): the first layout of S the walk meets
   — the same whatever the walk's target at or above S, so the search's own first walk is
   reused unless a deadline or a stop cut it short before S; a walk that ran all its
   iterations without meeting S says so for every run;
2. when S is that top level: the connected tiling's filling however many nodes it takes
   (the same filling as in step 0 when that one finds it, whatever the deadline and the
   cap), reused from the search;
3. otherwise the CP-SAT pass of :mod:`.canonical`.

Each step is a function of the dominoes, the rules, the seed and the settings; a step that
the pass's wall-clock cap (:data:`.canonical.CANONICAL_WALL_S`) cuts short leaves the search's
layout standing, as in the CP-SAT pass.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver.anneal import Annealed, anneal
from kingdomino_kit.solver.canonical import CANONICAL_WALL_S
from kingdomino_kit.solver.frame_proof import frame_placements
from kingdomino_kit.solver.frame_search import FrameResult, top_level
from kingdomino_kit.solver.inputs import FrameCell

__all__ = ["FullProvers", "full_layout", "walk_placements"]

Found = tuple[Kingdom, tuple[Placement, ...]]
Place = Callable[[list[Placement]], Found | None]
"""Castle-relative placements → the layout replayed (and completed by the discard rule) if it
really scores S, else None."""


@dataclass
class FullProvers:
    """What the search's deterministic provers left: its first annealing walk (of these
    iterations and seed) and the castle cell that walk kept (None: free), the connected
    tiling's answer within :data:`~.connected_tiling.QUICK_NODES` (``quick``) and its
    filling without a cap (``tiled``); None where the search did not get them."""

    iterations: int
    seed: int
    castle: FrameCell | None = None
    walk: Annealed | None = None
    quick: FrameResult | None = None
    tiled: FrameResult | None = None


def walk_placements(walk: Annealed) -> list[Placement]:
    """An annealed layout's placements, castle-relative."""
    r0, c0 = walk.castle
    return [Placement(d, (a[0] - r0, a[1] - c0), (b[0] - r0, b[1] - c0))
            for d, a, b in walk.placements]


def full_layout(dominoes: Sequence[Domino], rules: Rules, target: int, provers: FullProvers,
                frames: bool, place: Place) -> tuple[Found | None, bool]:
    """The canonical layout of real score ``target`` by steps 0 to 2 above (``frames``: the
    frame search applies), and whether the CP-SAT pass is still to be asked (no: a layout,
    or the wall-clock cap came first)."""
    until = time.monotonic() + CANONICAL_WALL_S
    top = frames and target == top_level(dominoes, rules)
    quick = provers.quick
    if top and not _on_schedule(quick):
        from kingdomino_kit.solver.connected_tiling import QUICK_NODES, connected_tiling

        quick = connected_tiling(dominoes, rules, until, QUICK_NODES)
        if not _on_schedule(quick):
            return None, False
    if top and quick is not None and quick.value == target:
        found = place(frame_placements(quick, rules.size))
        if found is not None:
            return found, False
    walk = provers.walk
    if walk is None or (walk.cut and walk.score < target):
        walk = anneal(dominoes, size=rules.size, iterations=provers.iterations,
                      seed=provers.seed, castle=provers.castle, rules=rules, target=target,
                      deadline=time.time() + CANONICAL_WALL_S)
        if walk.cut and walk.score < target:
            return None, False
    if walk.score >= target:
        found = place(walk_placements(walk))
        if found is not None:
            return found, False
    if not top:
        return None, True
    tiled = provers.tiled
    if not (_on_schedule(tiled) and tiled is not None and tiled.complete):
        from kingdomino_kit.solver.connected_tiling import connected_tiling

        tiled = connected_tiling(dominoes, rules, until)
        if not (_on_schedule(tiled) and tiled.complete):
            return None, False
    if tiled.value != target:
        return None, True
    found = place(frame_placements(tiled, rules.size))
    return found, found is None


def _on_schedule(got: FrameResult | None) -> bool:
    """Whether a connected tiling's answer is the one every run gets: settled, or cut by its
    cap on the nodes alone, with no round cut short by the clock before."""
    return got is not None and (got.complete or got.capped) and not got.off_schedule
