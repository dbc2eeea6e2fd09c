"""The best Discovery-mode territory for a set of Origins dominoes, fire landings included
(OR-Tools CP-SAT).

Data → model → variables → constraints → objective → solve → extract, each a named function.
The territory lives in a size × size frame; the hut is tried on one eighth of the frame's cells
(:func:`kingdomino_kit.solver.castle_positions`: the frame's symmetries map every layout onto
one of them, and king-move distances are symmetric too), each position one model that must beat
the best score so far.

The model (variables, constraints, objective) is :mod:`kingdomino_kit.origins.solver_model`.

A token that does not land must have had no square allowed when thrown (the rules make landing
mandatory; this matters when an early small token takes the only square a later big one could
use). That constraint is heavy, and an optimum rarely skips a token (a landing adds points), so
it is added lazily: each solution is replayed through :meth:`OriginsKingdom.place` and
:meth:`OriginsKingdom.throw`; if a skipped token had a square, its volcano gets the constraint and
the position is solved again. The answer is re-scored by the rules before it is returned.

>>> from kingdomino_kit.origins import sample_catalogue
>>> sol = solve_discovery(sample_catalogue().dominoes("36,18"), workers=1)
>>> str(sol.status), sol.score
('optimal', 4)
>>> [(t.fire, sol.kingdom.at(t.target).terrain.value) for t in sol.throws]  # onto the meadow
[(1, 'grassland')]
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from kingdomino_kit.infra.cp_sat_loader import cp_model
from kingdomino_kit.infra.stoppable import solve_stoppably
from kingdomino_kit.infra.untrusted import check_search, shown
from kingdomino_kit.origins.catalogue import Domino, Resource
from kingdomino_kit.origins.errors import SolverBug, SolverError
from kingdomino_kit.origins.fire import Throw
from kingdomino_kit.origins.kingdom import OriginsKingdom, Placement
from kingdomino_kit.origins.scoring import score_sheet
from kingdomino_kit.origins.solver_model import (
    OriginsModel,
    OriginsModelData,
    build_model,
    model_data,
    own_half_allows,
)
from kingdomino_kit.solver.answer import (
    FEASIBLE,
    OPTIMAL,
    UNKNOWN,
    Status,
    answer_json,
    placements_json,
    text_frame,
)
from kingdomino_kit.solver.inputs import castle_positions, check_dominoes, check_numbers, check_room

__all__ = ["OriginsSolution", "OriginsModelData", "solve_discovery", "model_data",
           "build_model", "real_score", "OPTIMAL", "FEASIBLE", "UNKNOWN"]


@dataclass(frozen=True)
class OriginsSolution:
    """A solver answer: status (:class:`~kingdomino_kit.solver.answer.Status`), real score (bonuses
    switched on included), proven bound, the territory, the placements in a legal order and the
    fire throws (in play order)."""

    status: Status
    score: int
    bound: int
    kingdom: OriginsKingdom | None
    order: tuple[Placement, ...]
    throws: tuple[Throw, ...]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The ``origins solve --json`` answer (:func:`kingdomino_kit.solver.answer.answer_json`):
        status, score, bound, the territory as text, the order with cells in the frame of that
        text, the seconds taken, then ``fire``: each token thrown, from its volcano to the
        square it lands on (``null``: none allowed), cells in the same frame."""
        k = self.kingdom
        if k is None:
            return answer_json(self.status, self.score, self.bound, "", [], self.seconds,
                               fire=[])
        dr, dc = text_frame(k)
        fire = [{"fire": t.fire, "from": [t.volcano[0] + dr, t.volcano[1] + dc],
                 "to": None if t.target is None else [t.target[0] + dr, t.target[1] + dc]}
                for t in self.throws]
        return answer_json(self.status, self.score, self.bound, k.to_text(),
                           placements_json(k, self.order), self.seconds, fire=fire)


# --------------------------------------------------------------------------------- solve
def _checked(dominoes: Any, size: Any, empire_of_fire: Any, homo_habilis: Any) -> list[Domino]:
    """The dominoes as a list, after the checks every solver makes (types, numbers, room)."""
    given = check_dominoes(dominoes, Domino, SolverError, many="Origins dominoes",
                           one="an Origins domino (from a catalogue)")
    check_numbers([d.number for d in given], size if size in (5, 7) else 0, SolverError,
                  "territory")
    for name, flag in (("empire_of_fire", empire_of_fire), ("homo_habilis", homo_habilis)):
        if not isinstance(flag, bool):
            raise SolverError(f"{name}: must be True or False, not {shown(flag)}")
    check_room(len(given), size, SolverError, "territory")
    return given


def _solve(om: OriginsModel, time_limit_s: float, workers: int, seed: int) -> Any:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(time_limit_s, 0.01)
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    solver.parameters.cp_model_probing_level = 0  # measured faster on these small models
    status = solve_stoppably(solver, om.model)
    return solver, status


def _extract(om: OriginsModel, solver: Any) -> tuple[OriginsKingdom, tuple[Placement, ...],
                                                     tuple[Throw, ...], list[tuple[int, int]]]:
    """Replay the model's layout and landings through the rules, in rank order; also return
    the volcano halves whose token the model skipped although a square allowed it."""
    data = om.data
    hr, hc = data.hut
    chosen = {d: (a, b) for (d, a, b), v in om.place.items() if solver.boolean_value(v)}
    landings = {(d, j): t for (d, j, t), y in om.land.items() if solver.boolean_value(y)}
    kinds: dict[int, int] = {}
    for dom in data.dominoes:
        for half in dom.volcanoes:
            kinds[half.craters] = kinds.get(half.craters, 0) + 1
    kingdom = OriginsKingdom(data.size, with_resources=data.rivals is not None)
    order, throws = [], []
    skipped: list[tuple[int, int]] = []
    for d in sorted(chosen, key=lambda e: solver.value(om.rank[e])):
        (a, b) = chosen[d]
        p = Placement(data.dominoes[d], (a[0] - hr, a[1] - hc), (b[0] - hr, b[1] - hc))
        kingdom.place(p)
        order.append(p)
        for j, half in enumerate(p.domino.halves):
            if not half.is_volcano:
                continue
            if (d, j) in landings:
                t = landings[d, j]
                throws.append(kingdom.throw(p.cells[j], half.craters, (t[0] - hr, t[1] - hc)))
            elif kinds[half.craters] <= data.supply[half.craters]:
                if kingdom.fire_targets(p.cells[j], half.craters):
                    skipped.append((d, j))  # a square allowed it: the token had to land
                else:
                    throws.append(kingdom.throw(p.cells[j], half.craters, None))
    return kingdom, tuple(order), tuple(throws), skipped


def real_score(kingdom: OriginsKingdom, data: OriginsModelData) -> int:
    """A territory's score by the rules, in the model's mode: Discovery, or Totem against the
    rivals' counts (a totem won by a strict majority of the resources kept)."""
    if data.rivals is None:
        return score_sheet(kingdom, empire_of_fire=data.empire_of_fire,
                           homo_habilis=data.homo_habilis).total
    counts = kingdom.resource_counts()
    won = [r for r, n in data.rivals if counts[r] > n]
    return score_sheet(kingdom, "totem", totems=won, totem_bonus_values=data.totem_bonus,
                       empire_of_fire=data.empire_of_fire, homo_habilis=data.homo_habilis).total


def solve_discovery(dominoes: Sequence[Domino], *, size: int = 5, empire_of_fire: bool = False,
                    homo_habilis: bool = False, time_limit_s: float = 60.0, workers: int = 2,
                    seed: int = 0, rivals: Mapping[Resource, int] | None = None,
                    totem_bonus: str = "scarcity") -> OriginsSolution:
    """The best Discovery territory buildable from any subset of ``dominoes``, where every fire
    token lands, and its score (bonuses switched on included). With ``rivals`` (the best
    opponent's count of each wooden resource) the score is Totem mode's: Discovery, one point
    per resource no token destroyed, and the bonus of each totem won by a strict majority
    (``totem_bonus``: its reading, :data:`~kingdomino_kit.origins.totem.TOTEM_BONUSES`).

    >>> from kingdomino_kit.origins import sample_catalogue
    >>> solve_discovery(sample_catalogue().dominoes("40,48"), workers=1).score   # Q2 Q2 joined, L1
    9
    >>> rivals = {Resource.MAMMOTH: 1, Resource.FLINT: 1, Resource.MUSHROOM: 1}
    >>> solve_discovery(sample_catalogue().dominoes("17,18"), workers=1,   # Q|G F|G: flint,
    ...                 rivals=rivals).score              # mushroom, 2 mammoths; mammoth totem
    7
    """
    check_search(time_limit_s, workers, seed, SolverError)
    dominoes = _checked(dominoes, size, empire_of_fire, homo_habilis)
    start = time.perf_counter()
    base = model_data(dominoes, size=size, empire_of_fire=empire_of_fire,
                      homo_habilis=homo_habilis,
                      rivals=None if rivals is None else dict(rivals), totem_bonus=totem_bonus)
    best: tuple[int, OriginsKingdom, tuple[Placement, ...], tuple[Throw, ...]] | None = None
    proven = True
    bound = 0
    # halves whose token must land when it can: the cheap ones from the start, the others once
    # a solution skipped their token although a square allowed it
    mandatory = {(d, j) for d, dom in enumerate(base.dominoes) for j, half in enumerate(dom.halves)
                 if half.is_volcano and own_half_allows(dom, j)}
    for hut in castle_positions(size):
        data = replace(base, hut=hut)
        while True:
            left = time_limit_s - (time.perf_counter() - start)
            if left <= 0:
                proven = False
                break
            om = build_model(data, at_least=None if best is None else best[0] + 1,
                             mandatory=frozenset(mandatory))
            solver, status = _solve(om, left, workers, seed)
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                if status == cp_model.UNKNOWN:
                    proven = False
                    bound = max(bound, round(solver.best_objective_bound))
                break
            kingdom, order, throws, skipped = _extract(om, solver)
            if skipped:  # not a legal game: make those tokens mandatory and solve again
                mandatory.update(skipped)
                continue
            real = real_score(kingdom, data)
            model_value = round(solver.objective_value)
            if real < model_value:
                raise SolverBug(f"model scores {model_value}, the rules {real}: {kingdom!r}")
            if best is None or real > best[0]:
                best = (real, kingdom, order, throws)
            if status == cp_model.FEASIBLE:
                proven = False
                bound = max(bound, round(solver.best_objective_bound))
            break
        if time_limit_s - (time.perf_counter() - start) <= 0 and not proven:
            break
    seconds = time.perf_counter() - start
    if best is None:
        return OriginsSolution(UNKNOWN, 0, bound, None, (), (), seconds)
    score, kingdom, order, throws = best
    bound = max(bound, score)
    status_name = OPTIMAL if proven else FEASIBLE
    return OriginsSolution(status_name, score, bound if not proven else score, kingdom, order,
                           throws, seconds)
