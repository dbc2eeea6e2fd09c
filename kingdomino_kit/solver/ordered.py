"""The best kingdom from dominoes placed in the order they came: what a draft allowed, proven.

:func:`~kingdomino_kit.solver.best_kingdom` rearranges freely: its layout is buildable in *some*
order. A player in a game had no such choice — each domino had to be legal when it came, with
only the squares placed before it to connect to. :func:`best_in_order` answers "what was the
best I could have built from these dominoes, as they came?" with a CP-SAT model of its own on
the shared layout (:mod:`.layout`: placements, cell contents, bonuses; :mod:`.rank_model`'s
regions for the score), one domino per piece so that each keeps its place in the order:

  * ``before[u, t, i]`` — cell ``u`` holds terrain ``t`` from a domino earlier than domino ``i``
    (only if one covers it so);
  * a domino placed on cells ``a``, ``b`` has a half beside the castle, or beside a cell that an
    earlier domino filled with that half's terrain — the connection rule at the moment it came.

A domino may be left out (a relaxation of the rule that only a domino with no legal place is
discarded, so the answer is never below what the draft allowed; :func:`best_kingdom` keeps that rule
in the final kingdom, :mod:`.discard`). Every castle cell of one eighth of the frame is solved (the
rule is symmetric); the layout is replayed through the rules *in the given order*, and its real
score must equal the model's. Harmony is a term of the objective: +5 for a full layout, never a
constraint.

>>> from kingdomino_kit.dominoes import dominoes
>>> sol = best_in_order(dominoes("41,36"), workers=1)    # W|G2 then W|G1: 2 meadows × 3 crowns
>>> sol.status, sol.score, [p.domino.number for p in sol.order]
(<Status.OPTIMAL: 'optimal'>, 6, [41, 36])
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.errors import SolverBug, SolverError
from kingdomino_kit.infra.cp_sat_loader import cp_model
from kingdomino_kit.infra.stoppable import solve_stoppably
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.rules import Rules, rules_or_flags
from kingdomino_kit.solver.data import (
    ModelData,
    Piece,
    piece_key,
    static_bonus,
    terrain_bound,
)
from kingdomino_kit.solver.inputs import FrameCell, castle_positions, check_input
from kingdomino_kit.solver.layout import (
    LayoutModel,
    bonus_variables,
    maximize,
    placement_variables,
)
from kingdomino_kit.solver.position import extract_placements
from kingdomino_kit.solver.rank_model import region_scores
from kingdomino_kit.solver.settings import SolverSettings
from kingdomino_kit.solver.solution import Solution, Status

__all__ = ["best_in_order", "ordered_model"]


def ordered_model(dominoes: Sequence[Domino], *, size: int, castle: FrameCell,
                  rules: Rules, at_least: int | None = None) -> LayoutModel:
    """The model of one castle cell: the shared layout, one piece per domino (in order), the
    connection rule at each domino's turn, the regions' score and the bonuses (``at_least``:
    only layouts scoring that much)."""
    pieces = tuple(Piece(piece_key(d), (d.number,)) for d in dominoes)
    bound = terrain_bound([h for d in dominoes for h in d.halves])
    bound += static_bonus(rules, size, castle)
    loose = SolverSettings(free_discard=True)  # the module's relaxation: any domino may be left out
    data = ModelData(size, castle, pieces, {}, rules, None, bound, loose)
    lm = placement_variables(data)
    _in_order(lm)
    return maximize(lm, region_scores(lm) + bonus_variables(lm), at_least)


def _in_order(lm: LayoutModel) -> None:
    data, model = lm.data, lm.model
    near_castle = set(data.neighbours(data.castle))
    covers: dict[tuple[int, FrameCell, int], list[Any]] = {}
    for (i, a, b), var in lm.place.items():
        first, second = data.pieces[i].halves
        covers.setdefault((i, a, first.terrain.index), []).append(var)
        covers.setdefault((i, b, second.terrain.index), []).append(var)
    before: dict[tuple[FrameCell, int, int], Any] = {}

    def filled_before(u: FrameCell, t: int, i: int) -> Any:
        """A literal that may be true only if a domino before ``i`` puts terrain ``t`` on
        ``u`` (None: none can)."""
        key = (u, t, i)
        if key not in before:
            earlier = [v for j in range(i) for v in covers.get((j, u, t), [])]
            if not earlier:
                before[key] = None
            else:
                flag = model.new_bool_var(f"before_{u}_{t}_{i}")
                model.add(flag <= sum(earlier))
                before[key] = flag
        return before[key]

    for (i, a, b), var in lm.place.items():
        if a in near_castle or b in near_castle:
            continue
        first, second = data.pieces[i].halves
        support = [filled_before(u, half.terrain.index, i)
                   for cell, other, half in ((a, b, first), (b, a, second))
                   for u in data.neighbours(cell) if u != other]
        literals = [s for s in support if s is not None]
        if not literals:
            model.add(var == 0)
        else:
            model.add_bool_or(literals).only_enforce_if(var)


def best_in_order(dominoes: Sequence[Domino], *, rules: Rules | None = None, size: int = 5,
                  middle_kingdom: bool = False, harmony: bool = False,
                  time_limit_s: float = 60.0, workers: int = 2, seed: int = 0) -> Solution:
    """The best kingdom from ``dominoes`` placed in the order given, each legal when it is
    placed (one may be left out), with the bonuses switched on counted (see the module). Its
    ``order`` is that order (the dominoes left out missing).

    Castle cells are solved centre first, each asked only to beat the best layout so far (a
    cell that cannot is proven so at once); Harmony's +5 is a term of the objective, earned by
    the full layouts (:func:`~kingdomino_kit.solver.layout.bonus_variables`).
    ``rules`` — or its shorthand ``size``, ``middle_kingdom``, ``harmony`` — as for
    :func:`~kingdomino_kit.solver.best_kingdom`.
    """
    rules = rules_or_flags(rules, size=size, middle_kingdom=middle_kingdom, harmony=harmony,
                           error=SolverError)
    dominoes = list(dominoes)
    check_input(dominoes, rules.size, None, None)
    started = time.perf_counter()
    deadline = started + time_limit_s
    best = _Best()
    _solve(dominoes, rules, rules, deadline, workers, seed, best)
    seconds = time.perf_counter() - started
    if best.kingdom is None:
        return Solution(Status.UNKNOWN, 0, max(best.bound, 0), None, (), seconds)
    score = best.kingdom.total(rules)
    if score != best.score or score > max(best.bound, score):
        raise SolverBug(f"the best layout scores {score}, recorded {best.score}")
    bound = max(best.bound, score)
    return Solution(Status.OPTIMAL if score == bound else Status.FEASIBLE, score, bound,
                    best.kingdom, best.order, seconds)


@dataclass
class _Best:
    """The best layout so far (its real score with the game's bonuses) and the proven bound of
    every castle cell solved."""

    score: int = -1
    kingdom: Kingdom | None = None
    order: tuple[Placement, ...] = ()
    bound: int = -1


def _solve(dominoes: list[Domino], model_rules: Rules, rules: Rules, deadline: float,
           workers: int, seed: int, best: _Best) -> None:
    """Solve every castle cell of the model of ``model_rules`` (its bonuses terms of the
    objective) for a layout that beats ``best`` under ``rules``."""
    size = rules.size
    for castle in castle_positions(size):
        target = best.score + 1 if best.kingdom is not None else None
        lm = ordered_model(dominoes, size=size, castle=castle, rules=model_rules,
                           at_least=target)
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = max(deadline - time.perf_counter(), 0.01)
        solver.parameters.num_workers = workers
        solver.parameters.random_seed = seed
        solver.parameters.catch_sigint_signal = False
        status = solve_stoppably(solver, lm.model)
        if status == cp_model.INFEASIBLE:  # nothing here beats the best (or nothing at all)
            continue
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            best.bound = max(best.bound, lm.data.upper_bound)
            continue
        best.bound = max(best.bound, int(solver.best_objective_bound + 1e-6))
        placements = extract_placements(lm, solver.value, dominoes)
        kingdom = Kingdom(size)
        order = []
        for d in dominoes:  # through the rules, in the order they came
            for p in placements:
                if p.domino.number == d.number:
                    kingdom.place(p)
                    order.append(p)
        objective = int(solver.objective_value)
        if kingdom.total(model_rules) < objective:
            raise SolverBug(f"castle {castle}: the model scores {objective} but the layout "
                            f"really scores less\n{kingdom}")
        real = kingdom.total(rules)
        if real > best.score:
            best.score, best.kingdom, best.order = real, kingdom, tuple(order)
