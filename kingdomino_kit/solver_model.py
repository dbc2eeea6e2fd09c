"""The CP-SAT model behind :func:`kingdomino_kit.solver.best_kingdom`, one castle position each.

Data → model → variables → constraints → objective, each a named function. The kingdom lives in a
fixed size × size *frame* (cells ``(row, col)``, 0-based) with the castle on a given frame cell.

Variables
  * ``place[piece, a, b]`` — a piece (a class of equal dominoes) lies with its first half on cell
    ``a`` and its second on ``b``; equal dominoes share variables, so they never swap in the search.
  * ``terrain[u, t]`` — cell ``u`` holds terrain ``t``; ``crowns[u]`` its crowns (expressions).
  * buildability: every square picks a *link parent* — the castle, a ``start`` square of its
    terrain, the other half of its own domino, or a neighbour square of its terrain — with a smaller
    ``build_rank``; so every domino is joined to the castle by a chain of legal connections, and
    the placements can be replayed in rank order (any order that respects the chains).
  * scoring: squares are grouped in *regions* (slots per crowned terrain) — connected,
    single-terrain, each with a root on a crowned square. A region scores squares ×
    crowns. Splitting a property never raises its score ((a+b)(x+y) ≥ ax + by), so the best
    grouping is the real properties and the model's optimum equals the real best score.

>>> from kingdomino_kit.dominoes import dominoes
>>> data = model_data(dominoes("41,48"), size=5, castle=(2, 2))
>>> len(data.pieces), data.upper_bound
(2, 5)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ortools.sat.python import cp_model

from kingdomino_kit.dominoes import Domino, Half
from kingdomino_kit.kingdom import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS

__all__ = ["ModelData", "Piece", "LayoutModel", "model_data", "build_model", "piece_key",
           "terrain_bound", "centred_extent", "frame_symmetries"]

Frame = tuple[int, int]
REDUNDANT = {"lp_forms": True, "used_bound": True, "parity": True}
"""Redundant constraints, switchable for measurement (see ``solver_search.SETTINGS``).
``used_bound``: each terrain's regions score at most its squares placed × its crowns placed;
``lp_forms``: the region/product links also as plain linear inequalities — together they cut the
proof times of the 5×5 sample (README). ``parity``: a domino covers one light and one dark
chessboard cell, so castle cells of the minority colour hold at most 11 dominoes on 5×5 (a lower
static bound for those positions) — valid, but no gain measured on the sample, so off."""
NEIGHBOURS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def piece_key(dom: Domino) -> tuple[Half, Half]:
    """The physical piece a domino is: its two halves, in a canonical order (rotation is free).

    >>> from kingdomino_kit.dominoes import domino
    >>> piece_key(domino(24)) == piece_key(domino(27))   # both F1|W
    True
    """
    a, b = dom.first, dom.second
    return (a, b) if (a.terrain.index, a.crowns) <= (b.terrain.index, b.crowns) else (b, a)


@dataclass(frozen=True)
class Piece:
    """A class of equal dominoes: the halves (canonical order) and the catalogue numbers."""

    halves: tuple[Half, Half]
    numbers: tuple[int, ...]

    @property
    def is_double(self) -> bool:
        """Both halves equal: one orientation per cell pair."""
        return self.halves[0] == self.halves[1]


@dataclass(frozen=True)
class ModelData:
    """Everything one model needs: frame, castle cell, pieces, fixed squares and options."""

    size: int
    castle: Frame
    pieces: tuple[Piece, ...]
    fixed: dict[Frame, Half] = field(default_factory=dict)
    middle_kingdom: bool = False
    harmony: bool = False
    choose: int | None = None
    upper_bound: int = 0
    symmetry: bool = False

    def cells(self) -> list[Frame]:
        """Every frame cell, row-major."""
        return [(r, c) for r in range(self.size) for c in range(self.size)]

    def free_cells(self) -> list[Frame]:
        """Cells a new domino may cover (not the castle, not a fixed square)."""
        return [u for u in self.cells() if u != self.castle and u not in self.fixed]

    def neighbours(self, u: Frame) -> list[Frame]:
        """The orthogonal neighbours of ``u`` inside the frame."""
        n = self.size
        return [(u[0] + dr, u[1] + dc) for dr, dc in NEIGHBOURS
                if 0 <= u[0] + dr < n and 0 <= u[1] + dc < n]


def terrain_bound(halves: Sequence[Half]) -> int:
    """Σ over terrains of squares × crowns: the score if every terrain were one property.

    >>> from kingdomino_kit.dominoes import domino
    >>> terrain_bound([*domino(41).halves, *domino(36).halves])   # W W G2 G1: 2 × 3
    6
    """
    squares: dict[int, int] = {}
    crowns: dict[int, int] = {}
    for h in halves:
        squares[h.terrain.index] = squares.get(h.terrain.index, 0) + 1
        crowns[h.terrain.index] = crowns.get(h.terrain.index, 0) + h.crowns
    return sum(squares[t] * crowns[t] for t in squares)


def model_data(dominoes: Sequence[Domino], *, size: int, castle: Frame,
               fixed: dict[Frame, Half] | None = None, middle_kingdom: bool = False,
               harmony: bool = False, choose: int | None = None) -> ModelData:
    """Group equal dominoes into pieces and compute the static upper bound (bonuses included)."""
    groups: dict[tuple[Half, Half], list[int]] = {}
    for d in dominoes:
        groups.setdefault(piece_key(d), []).append(d.number)
    pieces = tuple(Piece(k, tuple(v)) for k, v in groups.items())
    fixed = dict(fixed or {})
    halves = [h for d in dominoes for h in d.halves] + list(fixed.values())
    bound = terrain_bound(halves)
    most = len(dominoes) if choose is None else min(choose, len(dominoes))
    if REDUNDANT["parity"]:  # a domino covers one light and one dark cell of the chessboard
        free = [(r, c) for r in range(size) for c in range(size)
                if (r, c) != castle and (r, c) not in fixed]
        light = sum(1 for r, c in free if (r + c) % 2 == 0)
        most = min(most, light, len(free) - light)
    if most < len(dominoes):
        bound = min(bound, choice_bound(pieces, most, tuple(fixed.values())))
    if middle_kingdom and castle == (size // 2, size // 2):
        bound += MIDDLE_KINGDOM_BONUS
    if harmony:
        bound += HARMONY_BONUS
    return ModelData(size, castle, pieces, fixed, middle_kingdom, harmony, choose, bound)


@cache
def choice_bound(pieces: tuple[Piece, ...], k: int, fixed: tuple[Half, ...] = ()) -> int:
    """The per-terrain bound of the best choice of at most ``k`` dominoes (geometry ignored):
    max Σ_t squares_t × crowns_t over the choices, a small CP-SAT model of its own.

    >>> from kingdomino_kit.dominoes import dominoes
    >>> data = model_data(dominoes("41,36,1"), size=5, castle=(2, 2))
    >>> choice_bound(data.pieces, 2)   # G2 and G1 with their W W: 2 × 3
    6
    """
    model = cp_model.CpModel()
    count = [model.new_int_var(0, len(p.numbers), f"count_{i}") for i, p in enumerate(pieces)]
    model.add(sum(count) <= k)
    total = []
    for t in range(6):
        sq = [sum(1 for h in p.halves if h.terrain.index == t) for p in pieces]
        cr = [sum(h.crowns for h in p.halves if h.terrain.index == t) for p in pieces]
        sq0 = sum(1 for h in fixed if h.terrain.index == t)
        cr0 = sum(h.crowns for h in fixed if h.terrain.index == t)
        top_sq = sq0 + sum(a * len(p.numbers) for a, p in zip(sq, pieces, strict=True))
        top_cr = cr0 + sum(a * len(p.numbers) for a, p in zip(cr, pieces, strict=True))
        if top_cr == 0:
            continue
        squares = model.new_int_var(0, top_sq, f"squares_{t}")
        crowns = model.new_int_var(0, top_cr, f"crowns_{t}")
        model.add(squares == sq0 + sum(a * n for a, n in zip(sq, count, strict=True)))
        model.add(crowns == cr0 + sum(a * n for a, n in zip(cr, count, strict=True)))
        value = model.new_int_var(0, top_sq * top_cr, f"score_{t}")
        model.add_multiplication_equality(value, [squares, crowns])
        total.append(value)
    model.maximize(sum(total))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = 10.0
    solver.parameters.num_workers = 1
    solver.parameters.catch_sigint_signal = False  # Ctrl-C is for the caller
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return terrain_bound([h for p in pieces for h in p.halves for _ in p.numbers]
                             + list(fixed))
    return int(solver.best_objective_bound + 1e-6)


@dataclass
class LayoutModel:
    """The CP-SAT model of one castle position and its named variables."""

    data: ModelData
    model: cp_model.CpModel
    place: dict[tuple[int, Frame, Frame], cp_model.IntVar]
    occupied: dict[Frame, Any]
    terrain: dict[tuple[Frame, int], Any]
    crowns: dict[Frame, Any]
    objective: Any = 0
    middle: Any = None
    full: Any = None
    extras: dict[str, Any] = field(default_factory=dict)


def build_model(data: ModelData, *, at_least: int | None = None) -> LayoutModel:
    """The whole model: placements, buildability, regions, bonuses, objective.

    ``at_least`` adds ``objective ≥ at_least`` (used to skip castle positions that cannot beat
    the best layout already found).
    """
    lm = _placement_variables(data)
    _buildability_constraints(lm)
    score = _region_scores(lm)
    bonus = _bonus_variables(lm)
    if data.symmetry:
        _symmetry_breaking(lm)
    return _maximize(lm, score + bonus, at_least)


def _maximize(lm: LayoutModel, objective: Any, at_least: int | None) -> LayoutModel:
    """Set the objective, capped by the static bound and, with ``at_least``, from below."""
    lm.objective = objective
    lm.model.add(objective <= lm.data.upper_bound)
    if at_least is not None:
        lm.model.add(objective >= at_least)
    lm.model.maximize(objective)
    return lm


def _placement_variables(data: ModelData) -> LayoutModel:
    """``place`` booleans, cell occupancy, terrain indicators and crowns per cell."""
    model = cp_model.CpModel()
    free = set(data.free_cells())
    place: dict[tuple[int, Frame, Frame], cp_model.IntVar] = {}
    for i, piece in enumerate(data.pieces):
        for a in sorted(free):
            for b in data.neighbours(a):
                if b not in free or (piece.is_double and b < a):
                    continue
                place[i, a, b] = model.new_bool_var(f"place_{i}_{a}_{b}")
        model.add(sum(v for (j, _, _), v in place.items() if j == i) <= len(piece.numbers))
    if data.choose is not None:
        model.add(sum(place.values()) <= data.choose)
    if REDUNDANT["parity"]:  # a domino covers one light and one dark cell of the chessboard
        light = sum(1 for r, c in free if (r + c) % 2 == 0)
        if min(light, len(free) - light) < sum(len(p.numbers) for p in data.pieces):
            model.add(sum(place.values()) <= min(light, len(free) - light))
    covering: dict[Frame, list[tuple[cp_model.IntVar, Half]]] = {u: [] for u in free}
    for (i, a, b), v in place.items():
        first, second = data.pieces[i].halves
        covering[a].append((v, first))
        covering[b].append((v, second))
    occupied: dict[Frame, Any] = {}
    terrain: dict[tuple[Frame, int], Any] = {}
    crowns: dict[Frame, Any] = {}
    terrains = sorted({h.terrain.index for p in data.pieces for h in p.halves}
                      | {h.terrain.index for h in data.fixed.values()})
    for u in sorted(free):
        occ = model.new_bool_var(f"occupied_{u}")
        model.add(sum(v for v, _ in covering[u]) == occ)
        occupied[u] = occ
        for t in terrains:
            on_t = [v for v, h in covering[u] if h.terrain.index == t]
            if on_t:
                tv = model.new_bool_var(f"terrain_{u}_{t}")
                model.add(sum(on_t) == tv)
                terrain[u, t] = tv
            else:
                terrain[u, t] = 0
        crowns[u] = sum(h.crowns * v for v, h in covering[u] if h.crowns)
    for u, half in data.fixed.items():
        occupied[u] = 1
        for t in terrains:
            terrain[u, t] = 1 if half.terrain.index == t else 0
        crowns[u] = half.crowns
    lm = LayoutModel(data, model, place, occupied, terrain, crowns)
    lm.extras["terrains"] = terrains
    return lm


def _equal_if(model: cp_model.CpModel, lhs: Any, rhs: Any, when: list[Any]) -> None:
    """``lhs == rhs`` whenever every literal of ``when`` is true (constants handled)."""
    if isinstance(lhs, int) and isinstance(rhs, int):
        if lhs != rhs:
            model.add_bool_or([w.Not() for w in when])
        return
    model.add(lhs == rhs).only_enforce_if(when)


def _same_domino(lm: LayoutModel) -> dict[frozenset[Frame], list[Any]]:
    """For each pair of cells, the placements that cover both."""
    pairs: dict[frozenset[Frame], list[Any]] = {}
    for (_, a, b), var in lm.place.items():
        pairs.setdefault(frozenset((a, b)), []).append(var)
    return pairs


def _terrain_index(lm: LayoutModel, u: Frame) -> Any:
    """The terrain number of cell ``u`` (0 when empty — only compared for occupied cells)."""
    return sum(t * lm.terrain[u, t] for t in lm.extras["terrains"])


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
    same = _same_domino(lm)
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


def _crowned_slots(data: ModelData, terrains: set[int] | None = None
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


def _region_scores(lm: LayoutModel, terrains: set[int] | None = None) -> Any:
    """Regions in slots per crowned terrain (only ``terrains``, when given); returns Σ squares ×
    crowns over regions.

    A slot's region is connected (a parent tree towards its root, with decreasing
    ``region_rank``), single-terrain and rooted on a crowned square; slots of one terrain are
    used in order with increasing root cells (no symmetric copies)."""
    data, model = lm.data, lm.model
    cells = [u for u in data.cells() if u != data.castle]
    index = {u: k for k, u in enumerate(cells)}
    slots = _crowned_slots(data, terrains)
    if not slots:
        return 0
    terrain_squares: dict[int, int] = {}
    for h in [*(h for p in data.pieces for h in p.halves for _ in p.numbers),
              *data.fixed.values()]:
        terrain_squares[h.terrain.index] = terrain_squares.get(h.terrain.index, 0) + 1
    member: dict[tuple[Frame, int], Any] = {}
    root: dict[tuple[Frame, int], Any] = {}
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
    label: dict[Frame, Any] = {}
    for u in cells:
        mine = [member[u, s] for s in range(len(slots)) if not isinstance(member[u, s], int)]
        if mine:
            model.add_at_most_one(mine)
            if REDUNDANT["lp_forms"]:  # linear: a cell is in a region of its terrain at most once
                for t in {slots[s][0] for s in range(len(slots))}:
                    of_t = [member[u, s] for s in range(len(slots))
                            if slots[s][0] == t and not isinstance(member[u, s], int)]
                    if of_t and not isinstance(lm.terrain[u, t], int):
                        model.add(sum(of_t) <= lm.terrain[u, t])
        label[u] = sum((s + 1) * member[u, s] for s in range(len(slots)))
    longest = max(terrain_squares[t] for t, _, _ in slots) - 1  # a region's depth
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
        total.append(_product(model, squares, crowns, sq_cap, crown_cap, f"{t}_{j}"))
    lm.extras["member"] = member
    if REDUNDANT["used_bound"]:
        _used_terrain_bounds(lm, slots, total)
    return sum(total)


def _used_terrain_bounds(lm: LayoutModel, slots: list[tuple[int, int, int]],
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
        cap = _product(model, squares, crowns, sq_cap, cr_cap, f"used_{t}")
        model.add(sum(sc for sc, (u, _, _) in zip(scores, slots, strict=True) if u == t) <= cap)


def _product(model: cp_model.CpModel, squares: Any, crowns: Any, sq_cap: int, crown_cap: int,
             name: str) -> Any:
    """squares × crowns, linearised by enumerating the crown count: Σ_c c · [crowns = c] · squares.
    """
    is_count = [model.new_bool_var(f"crowns_{name}_is_{c}") for c in range(crown_cap + 1)]
    model.add_exactly_one(is_count)
    model.add(crowns == sum(c * b for c, b in enumerate(is_count)))
    terms = []
    for c in range(1, crown_cap + 1):
        share = model.new_int_var(0, sq_cap, f"squares_{name}_at_{c}")
        model.add(share == squares).only_enforce_if(is_count[c])
        model.add(share == 0).only_enforce_if(is_count[c].Not())
        if REDUNDANT["lp_forms"]:  # the same as plain linear inequalities, for the LP
            model.add(share <= squares)
            model.add(share <= sq_cap * is_count[c])
        terms.append(c * share)
    return sum(terms)


def centred_extent(model: cp_model.CpModel, size: int, occupied: dict[Frame, Any],
                   name: str) -> Any:
    """A boolean that, when true, makes the used rows and columns of the frame symmetric about
    its centre — the castle (or Origins hut) on the centre cell is then the centre of the
    kingdom's extent (Middle Kingdom, Empire of fire).

    >>> m = cp_model.CpModel()
    >>> centred = centred_extent(m, 3, {(0, 1): 1, (1, 0): 0, (1, 2): 0, (2, 1): 0}, "centred")
    >>> m.add(centred == 1)   # doctest: +ELLIPSIS
    <...>
    >>> cp_model.CpSolver().solve(m) == cp_model.INFEASIBLE   # row 0 used, row 2 not
    True
    """
    c = size // 2
    centred = model.new_bool_var(name)
    for axis in (0, 1):
        used = []
        for line in range(size):
            occ = [o for u, o in occupied.items() if u[axis] == line]
            flag = model.new_bool_var(f"used_{axis}_{line}")
            for o in occ:
                model.add(flag >= o)
            model.add(flag <= sum(occ))
            used.append(flag)
        for d in range(1, c + 1):
            model.add(used[c - d] == used[c + d]).only_enforce_if(centred)
    return centred


def frame_symmetries(size: int, castle: Frame) -> list[dict[Frame, Frame]]:
    """The D4 maps of the frame, other than the identity, that keep the castle cell in place.

    >>> [len(frame_symmetries(5, castle)) for castle in ((2, 2), (1, 1), (0, 1))]
    [7, 1, 0]
    """
    m = size - 1
    maps: list[Callable[[int, int], Frame]] = [
        lambda r, c: (c, m - r), lambda r, c: (m - r, m - c), lambda r, c: (m - c, r),
        lambda r, c: (r, m - c), lambda r, c: (m - r, c), lambda r, c: (c, r),
        lambda r, c: (m - c, m - r)]
    cells = [(r, c) for r in range(size) for c in range(size)]
    return [{u: g(*u) for u in cells} for g in maps if g(*castle) == castle]


def _symmetry_breaking(lm: LayoutModel) -> None:
    """Keep only the layout of each symmetric family whose signature W is the largest:
    W(L) ≥ W(g L) for every symmetry g of the castle cell. Valid for any linear W (the
    family's W-largest member satisfies all of them); W weighs each cell's content by its
    position so that ties are rare."""
    data, model = lm.data, lm.model
    if data.fixed:
        return
    cells = [u for u in data.cells() if u != data.castle]
    weight = {u: 1 + k for k, u in enumerate(cells)}
    weight[data.castle] = 0
    value = {u: sum((t + 1) * lm.terrain[u, t] for t in lm.extras["terrains"])
             + 7 * lm.crowns[u] for u in cells}
    for g in frame_symmetries(data.size, data.castle):
        model.add(sum((weight[u] - weight[g[u]]) * value[u] for u in cells) >= 0)


def _bonus_variables(lm: LayoutModel) -> Any:
    """Middle Kingdom (castle at the frame centre, symmetric extent) and Harmony (every given
    domino placed and the frame full: a constraint, its +5 a constant)."""
    data, model = lm.data, lm.model
    n = data.size
    bonus: Any = 0
    if data.middle_kingdom and data.castle == (n // 2, n // 2):
        middle = centred_extent(model, n, lm.occupied, "middle_kingdom")
        lm.middle = middle
        bonus += MIDDLE_KINGDOM_BONUS * middle
    if data.harmony:  # the reading of the issue: all given (or chosen) dominoes, no gap
        for u in data.free_cells():
            model.add(lm.occupied[u] == 1)
        if data.choose is None:
            for i, piece in enumerate(data.pieces):
                model.add(sum(v for (j, _, _), v in lm.place.items() if j == i)
                          == len(piece.numbers))
        else:
            model.add(sum(lm.place.values()) == data.choose)
        bonus += HARMONY_BONUS
    return bonus
