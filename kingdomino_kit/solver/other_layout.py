"""Is an optimal layout the only one? CP-SAT asked for another layout worth as much.

:func:`other_layout` takes a layout worth ``at_least`` and solves the solver's own set model
(:func:`~kingdomino_kit.solver.set_model.build_set_model`, objective forced ``≥ at_least``) at
every castle position with one more constraint per image of the layout — each of its rotations
and reflections about the castle that fits the frame there — saying *not this layout*: over
the placement booleans, the cells that hold what the image holds (same terrain, same crowns)
number fewer than the image's squares, or some other cell is occupied. Two identical dominoes
swapped give the same cells, so they are the same layout. No cut removes a layout worth
``at_least``: the dominance cut (which drops a layout for an equally good one) is off, the
lex-leader keeps one layout of every family of symmetric images, and a layout that earns the
Middle Kingdom bonus is found at the centre castle cell.

Infeasible at every position proves the layout unique up to symmetry; a layout found is
replayed through the rules (and learnt cut-off sets added, as the search does) and is the
witness that it is not. Each solve is one CP-SAT worker, seed 0, limited in *work*
(``max_deterministic_time``), never in wall-clock time, so the verdict does not depend on the
machine's speed; a solve that runs out of work leaves the verdict unknown.

>>> from kingdomino_kit.dominoes import dominoes
>>> from kingdomino_kit.kingdom import Kingdom
>>> found = other_layout(dominoes("48"), Kingdom.from_text("C W M3"), 3)   # W|M3: M3 by C
>>> found.unique, found.witness.total() if found.witness else None
(False, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.errors import SolverBug
from kingdomino_kit.infra.stoppable import solve_stoppably
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver.data import ModelData, model_data
from kingdomino_kit.solver.inputs import FrameCell, castle_positions, fixed_squares
from kingdomino_kit.solver.layout import LayoutModel
from kingdomino_kit.solver.position import extract_placements, layout_cells
from kingdomino_kit.solver.set_model import add_cut_off_clauses, build_set_model, cut_off_sets
from kingdomino_kit.solver.settings import SolverSettings
from kingdomino_kit.solver.solution import replay_order

__all__ = ["OTHER_LAYOUT_WORK", "OtherLayout", "layout_images", "other_layout"]

OTHER_LAYOUT_WORK = 120.0
"""CP-SAT's deterministic time (its measure of work, not seconds) for each position's solve."""

Content = tuple[int, int]  # (terrain index, crowns) of a square
Image = frozenset[tuple[tuple[int, int], Content]]

_MAPS: tuple[Callable[[int, int], tuple[int, int]], ...] = (
    lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r),
    lambda r, c: (r, -c), lambda r, c: (-r, c), lambda r, c: (c, r), lambda r, c: (-c, -r))


@dataclass(frozen=True)
class OtherLayout:
    """The verdict: ``unique`` True (proved), False (``witness`` is another layout worth as
    much, not an image of the given one), or None (a solve ran out of work)."""

    unique: bool | None
    witness: Kingdom | None = None


def layout_images(kingdom: Kingdom) -> set[Image]:
    """The kingdom's squares under the 8 rotations and reflections about the castle.

    >>> len(layout_images(Kingdom.from_text("C W"))), len(layout_images(Kingdom.from_text("C")))
    (4, 1)
    """
    squares = [(cell, (half.terrain.index, half.crowns)) for cell, half in kingdom.squares()]
    return {frozenset((m(*cell), content) for cell, content in squares) for m in _MAPS}


def other_layout(dominoes: Sequence[Domino], layout: Kingdom, at_least: int, *,
                 rules: Rules | None = None, start: Kingdom | None = None,
                 choose: int | None = None, place_all: bool = False,
                 free_discard: bool = False, work: float = OTHER_LAYOUT_WORK) -> OtherLayout:
    """Another layout of ``dominoes`` (at most ``choose``; all of them with ``place_all``;
    any subset with ``free_discard``, else none left out that fits) from the castle or
    ``start``, worth at least ``at_least`` under ``rules`` and not an image of ``layout``
    (see the module docstring)."""
    rules = rules or Rules()
    settings = SolverSettings(dominance=False, place_all=place_all, free_discard=free_discard)
    images = layout_images(layout)
    start = start if start is not None and len(start) else None
    for castle in castle_positions(rules.size, start):
        data = model_data(list(dominoes), size=rules.size, castle=castle,
                          fixed=fixed_squares(start, castle), rules=rules, choose=choose,
                          settings=settings)
        if data.upper_bound < at_least:
            continue
        found = _solve_position(data, dominoes, images, at_least, start, work)
        if found.unique is not True:
            return found
    return OtherLayout(True)


def _solve_position(data: ModelData, dominoes: Sequence[Domino], images: set[Image],
                    at_least: int, start: Kingdom | None, work: float) -> OtherLayout:
    """Another layout at one castle position, or the proof that there is none."""
    from kingdomino_kit.infra.cp_sat_loader import cp_model

    lm = build_set_model(data, at_least=at_least)
    lm.model.clear_objective()  # type: ignore[no-untyped-call]
    for image in images:
        _exclude(lm, image)
    while True:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = 0
        solver.parameters.linearization_level = 0
        solver.parameters.max_deterministic_time = work
        solver.parameters.catch_sigint_signal = False
        status = solve_stoppably(solver, lm.model)
        if status == cp_model.INFEASIBLE:
            return OtherLayout(True)
        if status not in (cp_model.FEASIBLE, cp_model.OPTIMAL):
            return OtherLayout(None)
        cut_off = cut_off_sets(data, layout_cells(lm, solver.value))
        if not cut_off:
            break
        add_cut_off_clauses(lm, cut_off)
    placements = extract_placements(lm, solver.value, dominoes)
    kingdom, _ = replay_order(placements, start, data.size, choose=data.choose,
                              given=None if data.settings.free_discard else list(dominoes))
    if kingdom.total(data.rules) < at_least or layout_images(kingdom) & images:
        raise SolverBug(f"castle {data.castle}: the other layout found is worth "
                        f"{kingdom.total(data.rules)} or is an image of the given one:\n{kingdom}")
    return OtherLayout(False, kingdom)


def _exclude(lm: LayoutModel, image: Image) -> None:
    """Not this image at this castle position (nothing when it cannot be here)."""
    data = lm.data
    r0, c0 = data.castle
    n = data.size
    want: dict[FrameCell, Content] = {}
    for (r, c), content in image:
        u = (r + r0, c + c0)
        if not (0 <= u[0] < n and 0 <= u[1] < n):
            return
        want[u] = content
    for u, half in data.fixed.items():
        if want.pop(u, None) != (half.terrain.index, half.crowns):
            return
    matches: list[Any] = []
    for (i, a, b), var in lm.place.items():
        first, second = data.pieces[i].halves
        for u, half in ((a, first), (b, second)):
            if want.get(u) == (half.terrain.index, half.crowns):
                matches.append(var)
    others = [lm.occupied[u] for u in data.free_cells() if u not in want]
    lm.model.add(sum(matches) - sum(others) <= len(want) - 1)
