"""The rank model: properties as rooted regions, buildability as chains, both proved by ranks.

On top of the shared layout (:mod:`.layout`):

  * buildability — every square picks a *link parent* (the castle, a start square of its
    terrain, the other half of its own domino, or a neighbour square of its terrain) with a
    smaller ``build_rank``, so every domino is joined to the castle by a chain of legal
    connections and the placements can be replayed in rank order;
  * scoring — squares are grouped in *regions* (slots per crowned terrain): connected,
    single-terrain, each rooted on a crowned square, scoring squares × crowns. Splitting a
    property never raises its score ((a+b)(x+y) ≥ ax + by), so the best grouping is the real
    properties and the model's optimum equals the real best score.

It is the reference the set model (:mod:`.set_model`) is tested against, and the set model uses
its regions for terrains too big for isolated sets.

>>> from kingdomino_kit.dominoes import dominoes
>>> from kingdomino_kit.solver.data import model_data
>>> lm = build_model(model_data(dominoes("41,36"), size=5, castle=(2, 2)))
>>> sorted(lm.extras)
['build_rank', 'member', 'terrains']
"""

from __future__ import annotations

from typing import Any

from kingdomino_kit.infra.cp_sat_loader import cp_model
from kingdomino_kit.solver.data import ModelData
from kingdomino_kit.solver.inputs import FrameCell
from kingdomino_kit.solver.layout import (
    LayoutModel,
    bonus_variables,
    maximize,
    placement_variables,
    product,
    same_domino,
)

__all__ = ["build_model", "crowned_slots", "region_scores"]


def build_model(data: ModelData, *, at_least: int | None = None) -> LayoutModel:
    """The whole model: placements, buildability, regions, bonuses, objective.

    ``at_least`` adds ``objective ≥ at_least`` (used to skip castle positions that cannot beat
    the best layout already found).
    """
    lm = placement_variables(data)
    _buildability_constraints(lm)
    score = region_scores(lm)
    bonus = bonus_variables(lm)
    return maximize(lm, score + bonus, at_least)


def _equal_if(model: cp_model.CpModel, lhs: Any, rhs: Any, when: list[Any]) -> None:
    """``lhs == rhs`` whenever every literal of ``when`` is true (constants handled)."""
    if isinstance(lhs, int) and isinstance(rhs, int):
        if lhs != rhs:
            model.add_bool_or([w.Not() for w in when])
        return
    model.add(lhs == rhs).only_enforce_if(when)


def _buildability_constraints(lm: LayoutModel) -> None:
    """Every new square has a link parent with a smaller rank: the castle, a fixed square of its
    terrain, its domino's other half, or an occupied neighbour of its terrain."""
    data, model = lm.data, lm.model
    free = data.free_cells()
    squares = 2 * sum(len(p.numbers) for p in data.pieces)
    if data.choose is not None:
        squares = min(squares, 2 * data.choose)
    top = max(1, min(len(free), squares))  # a chain is at most as long as the squares placed
    rank = {u: model.new_int_var(1, top, f"build_rank_{u}") for u in free}
    same = same_domino(lm)
    for u in free:
        parents = []
        for v in data.neighbours(u):
            arc = model.new_bool_var(f"link_{u}_{v}")
            parents.append(arc)
            if v == data.castle:
                continue
            if v in data.fixed:
                _equal_if(model, lm.terrain[u, data.fixed[v].terrain.index], 1, [arc])
                continue
            model.add_implication(arc, lm.occupied[v])
            model.add(rank[v] < rank[u]).only_enforce_if(arc)
            covers = same.get(frozenset((u, v)), [])
            when: list[Any] = [arc]
            if covers:
                sd = model.new_bool_var(f"same_domino_{u}_{v}")
                model.add(sd == sum(covers))
                when.append(sd.Not())
            for t in lm.extras["terrains"]:
                tu, tv = lm.terrain[u, t], lm.terrain[v, t]
                if isinstance(tu, int) or isinstance(tv, int):
                    _equal_if(model, tu, tv, when)
                else:  # same terrain: u on t ⇒ v on t (each occupied cell has one terrain)
                    model.add_bool_or([tv, tu.Not(), *(w.Not() for w in when)])
        model.add(sum(parents) == lm.occupied[u])
    lm.extras["build_rank"] = rank


def crowned_slots(data: ModelData, terrains: set[int] | None = None
                   ) -> list[tuple[int, int, int]]:
    """Region slots ``(terrain, number, most crowns)``: one per crowned square that can be placed,
    so every crowned property can have its own region (only ``terrains``, when given)."""
    squares: dict[int, int] = {}
    crowns: dict[int, int] = {}
    halves = [h for p in data.pieces for h in p.halves for _ in p.numbers]
    for h in [*halves, *data.fixed.values()]:
        if h.crowns:
            squares[h.terrain.index] = squares.get(h.terrain.index, 0) + 1
            crowns[h.terrain.index] = crowns.get(h.terrain.index, 0) + h.crowns
    return [(t, j, crowns[t]) for t in sorted(squares) for j in range(squares[t])
            if terrains is None or t in terrains]


def region_scores(lm: LayoutModel, terrains: set[int] | None = None) -> Any:
    """Regions in slots per crowned terrain (only ``terrains``, when given); returns Σ squares ×
    crowns over regions.

    A slot's region is connected (a parent tree towards its root, with decreasing
    ``region_rank``), single-terrain and rooted on a crowned square; slots of one terrain are
    used in order with increasing root cells (no symmetric copies)."""
    data = lm.data
    cells = [u for u in data.cells() if u != data.castle]
    slots = crowned_slots(data, terrains)
    if not slots:
        return 0
    terrain_squares: dict[int, int] = {}
    for h in [*(h for p in data.pieces for h in p.halves for _ in p.numbers),
              *data.fixed.values()]:
        terrain_squares[h.terrain.index] = terrain_squares.get(h.terrain.index, 0) + 1
    member, root = _slot_members(lm, slots, cells)
    label = _one_slot_per_cell(lm, slots, cells, member)
    longest = max(terrain_squares[t] for t, _, _ in slots) - 1  # a region's depth
    _connected_regions(lm, slots, cells, member, root, label, longest)
    total = _slot_scores(lm, slots, cells, member, terrain_squares)
    lm.extras["member"] = member
    if data.settings.used_bound:
        _used_terrain_bounds(lm, slots, total)
    return sum(total)


Slots = list[tuple[int, int, int]]
"""Region slots ``(terrain, number, most crowns)`` (:func:`crowned_slots`)."""


def _slot_members(lm: LayoutModel, slots: Slots, cells: list[FrameCell]
                  ) -> tuple[dict[tuple[FrameCell, int], Any], dict[tuple[FrameCell, int], Any]]:
    """Each cell's membership of each slot (0 where its terrain cannot be the slot's) and the
    root of each used slot, on a crowned square; a terrain's slots are used in order, their
    roots on increasing cells."""
    model = lm.model
    index = {u: k for k, u in enumerate(cells)}
    member: dict[tuple[FrameCell, int], Any] = {}
    root: dict[tuple[FrameCell, int], Any] = {}
    used, root_at = [], []
    for s, (t, j, _) in enumerate(slots):
        in_use = model.new_bool_var(f"slot_{t}_{j}_used")
        used.append(in_use)
        roots = []
        for u in cells:
            if isinstance(lm.terrain[u, t], int) and lm.terrain[u, t] == 0:
                member[u, s] = 0
                continue
            z = model.new_bool_var(f"member_{u}_{t}_{j}")
            member[u, s] = z
            model.add_implication(z, in_use)
            if not isinstance(lm.terrain[u, t], int):
                model.add_implication(z, lm.terrain[u, t])
            if isinstance(lm.crowns[u], int) and lm.crowns[u] == 0:
                continue
            rz = model.new_bool_var(f"root_{u}_{t}_{j}")
            root[u, s] = rz
            model.add_implication(rz, z)
            if not isinstance(lm.crowns[u], int):
                model.add(lm.crowns[u] >= 1).only_enforce_if(rz)
            roots.append((u, rz))
        model.add(sum(rz for _, rz in roots) == in_use)
        root_at.append(sum(index[u] * rz for u, rz in roots))
        if j > 0 and slots[s - 1][0] == t:
            model.add_implication(in_use, used[s - 1])
            model.add(root_at[s - 1] < root_at[s]).only_enforce_if(in_use)
    return member, root


def _one_slot_per_cell(lm: LayoutModel, slots: Slots, cells: list[FrameCell],
                       member: dict[tuple[FrameCell, int], Any]) -> dict[FrameCell, Any]:
    """A cell is in one slot at most; returns each cell's slot label (slot + 1, 0 for none)."""
    model = lm.model
    label: dict[FrameCell, Any] = {}
    for u in cells:
        mine = [member[u, s] for s in range(len(slots)) if not isinstance(member[u, s], int)]
        if mine:
            model.add_at_most_one(mine)
            if lm.data.settings.lp_forms:  # linear: a cell is in a region of its terrain once
                for t in {slots[s][0] for s in range(len(slots))}:
                    of_t = [member[u, s] for s in range(len(slots))
                            if slots[s][0] == t and not isinstance(member[u, s], int)]
                    if of_t and not isinstance(lm.terrain[u, t], int):
                        model.add(sum(of_t) <= lm.terrain[u, t])
        label[u] = sum((s + 1) * member[u, s] for s in range(len(slots)))
    return label


def _connected_regions(lm: LayoutModel, slots: Slots, cells: list[FrameCell],
                       member: dict[tuple[FrameCell, int], Any],
                       root: dict[tuple[FrameCell, int], Any], label: dict[FrameCell, Any],
                       longest: int) -> None:
    """Every member but the root has a parent: a neighbour of its slot with a lower
    ``region_rank`` (so each slot's region is connected)."""
    data, model = lm.data, lm.model
    rank = {u: model.new_int_var(0, longest, f"region_rank_{u}") for u in cells}
    for u in cells:
        in_region = sum(member[u, s] for s in range(len(slots)))
        if isinstance(in_region, int):
            continue
        arcs = []
        for v in data.neighbours(u):
            if v == data.castle or isinstance(label[v], int):
                continue
            arc = model.new_bool_var(f"region_parent_{u}_{v}")
            arcs.append(arc)
            model.add(label[u] == label[v]).only_enforce_if(arc)
            model.add(rank[v] < rank[u]).only_enforce_if(arc)
        roots_here = sum(root[u, s] for s in range(len(slots)) if (u, s) in root)
        model.add(sum(arcs) == in_region - roots_here)
        for s in range(len(slots)):  # redundant: a non-root member has a neighbour in its slot
            if isinstance(member[u, s], int):
                continue
            near = [member[v, s] for v in data.neighbours(u)
                    if v != data.castle and not isinstance(member[v, s], int)]
            model.add_bool_or([member[u, s].Not(), *near,
                               *([root[u, s]] if (u, s) in root else [])])


def _slot_scores(lm: LayoutModel, slots: Slots, cells: list[FrameCell],
                 member: dict[tuple[FrameCell, int], Any],
                 terrain_squares: dict[int, int]) -> list[Any]:
    """Each slot's score: its squares × its crowns."""
    data, model = lm.data, lm.model
    total = []
    for s, (t, j, crown_cap) in enumerate(slots):
        sq_cap = terrain_squares[t]
        squares = model.new_int_var(0, sq_cap, f"squares_{t}_{j}")
        model.add(squares == sum(member[u, s] for u in cells))
        crowns = model.new_int_var(0, crown_cap, f"crowns_{t}_{j}")
        parts = []
        for u in cells:
            if isinstance(member[u, s], int) or (isinstance(lm.crowns[u], int)
                                                  and lm.crowns[u] == 0):
                continue
            cap = 3 if not isinstance(lm.crowns[u], int) else lm.crowns[u]
            part = model.new_int_var(0, cap, f"crowns_{u}_in_{t}_{j}")
            model.add(part == lm.crowns[u]).only_enforce_if(member[u, s])
            model.add(part == 0).only_enforce_if(member[u, s].Not())
            parts.append(part)
        model.add(crowns == sum(parts))
        total.append(product(model, squares, crowns, sq_cap, crown_cap, f"{t}_{j}",
                             lp_forms=data.settings.lp_forms))
    return total


def _used_terrain_bounds(lm: LayoutModel, slots: Slots,
                         scores: list[Any]) -> None:
    """Redundant: a terrain's regions score at most (its squares placed) × (its crowns placed),
    so leaving a domino out lowers the bound at once."""
    data, model = lm.data, lm.model
    count = [sum(v for (j, _, _), v in lm.place.items() if j == i)
             for i in range(len(data.pieces))]
    for t in sorted({t for t, _, _ in slots}):
        sq = [sum(1 for h in p.halves if h.terrain.index == t) for p in data.pieces]
        cr = [sum(h.crowns for h in p.halves if h.terrain.index == t) for p in data.pieces]
        sq0 = sum(1 for h in data.fixed.values() if h.terrain.index == t)
        cr0 = sum(h.crowns for h in data.fixed.values() if h.terrain.index == t)
        sq_cap = sq0 + sum(a * len(p.numbers) for a, p in zip(sq, data.pieces, strict=True))
        cr_cap = cr0 + sum(a * len(p.numbers) for a, p in zip(cr, data.pieces, strict=True))
        squares = model.new_int_var(0, sq_cap, f"used_squares_{t}")
        crowns = model.new_int_var(0, cr_cap, f"used_crowns_{t}")
        model.add(squares == sq0 + sum(a * n for a, n in zip(sq, count, strict=True) if a))
        model.add(crowns == cr0 + sum(a * n for a, n in zip(cr, count, strict=True) if a))
        cap = product(model, squares, crowns, sq_cap, cr_cap, f"used_{t}",
                      lp_forms=data.settings.lp_forms)
        model.add(sum(sc for sc, (u, _, _) in zip(scores, slots, strict=True) if u == t) <= cap)


