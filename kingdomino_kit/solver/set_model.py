"""The *set model*: properties found by isolated connected sets, buildability by cut-off sets.

The rank model (:mod:`.rank_model`) proves connectivity with ranks (a parent
tree per region, a chain to the castle per square); CP-SAT propagates ranks weakly and slowly. This
model replaces them with clauses over small connected sets of cells, which SAT search handles well:

* **Properties.** A terrain with at most ``S`` squares splits into components of which at most one
  has more than ``S // 2`` squares. So with an indicator ``isolated[C, t]`` for every connected set
  ``C`` of at most ``S // 2`` cells — *C is all terrain t and no neighbour of C is* — the properties
  of ``t`` are exactly the isolated sets that hold plus, if anything is left, one big rest.
  The score of ``t`` is ``Σ |C| · crowns(C)`` over the isolated sets plus ``rest squares × rest
  crowns``: exact, with no rank anywhere.
* **Buildability** (every domino chained to the castle by legal connections). A layout is
  unbuildable exactly when some set of occupied cells has no *link* to the rest (same terrain or
  same domino) and does not touch the castle. The clauses for the cut-off sets of 2 and 4 cells
  are in the model; a larger cut-off set found in a solution is added as a clause and the position
  solved again (:func:`cut_off_sets`, used by :mod:`.search`).
* **Budget cuts.** With a score to beat, ``loss = upper bound − target`` is the most the layout
  may lose; a domino whose omission costs more must be placed, and an isolated set of ``a``
  squares of a terrain with ``c`` crowns costs at least ``a · c`` (``a ≤ S/2``), so such sets are
  ruled out at once.

>>> from kingdomino_kit.dominoes import dominoes
>>> from kingdomino_kit.solver.data import model_data
>>> data = model_data(dominoes("41,36,48"), size=5, castle=(2, 2))
>>> len(connected_sets(5, (2, 2), 2)[2])        # dominoes' cells: pairs of neighbours
36
"""

from __future__ import annotations

from functools import cache
from typing import Any

from kingdomino_kit.solver.data import ModelData, static_bonus
from kingdomino_kit.solver.inputs import FrameCell
from kingdomino_kit.solver.layout import (
    LayoutModel,
    bonus_variables,
    frame_symmetries,
    maximize,
    placement_variables,
    product,
    same_domino,
)
from kingdomino_kit.solver.pieces import dominates, terrain_bound
from kingdomino_kit.solver.rank_model import region_scores

__all__ = ["set_scored", "build_set_model", "connected_sets", "cut_off_sets", "add_cut_off_clauses",
           "MAX_SETS"]

MAX_SETS = 12000
"""The most isolated-set indicators for one terrain (else it gets rank regions)."""
MAX_HALF = 9
"""Terrains with more squares than twice this always get rank regions."""
BUILD_SETS = 4
"""Cut-off sets up to this many cells are clauses from the start; larger ones are added lazily."""


@cache
def connected_sets(size: int, castle: FrameCell, most: int
                   ) -> dict[int, tuple[frozenset[FrameCell], ...]]:
    """Every connected set of frame cells (the castle left out) of 1 … ``most`` cells, by size.

    >>> sets = connected_sets(5, (2, 2), 3)
    >>> [len(sets[k]) for k in (1, 2, 3)]
    [24, 36, 76]
    """
    cells = [(r, c) for r in range(size) for c in range(size) if (r, c) != castle]
    inside = set(cells)
    level = {frozenset([u]) for u in cells}
    out: dict[int, tuple[frozenset[FrameCell], ...]] = {1: tuple(sorted(level, key=sorted))}
    for k in range(2, most + 1):
        grown: set[frozenset[FrameCell]] = set()
        for s in level:
            for u in s:
                for v in _adjacent(u):
                    if v in inside and v not in s:
                        grown.add(s | {v})
        level = grown
        out[k] = tuple(sorted(level, key=sorted))
    return out


def _adjacent(u: FrameCell) -> tuple[FrameCell, ...]:
    r, c = u
    return ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))


def _boundary(data: ModelData, cells: frozenset[FrameCell]) -> set[FrameCell]:
    """The frame neighbours of a set, castle included."""
    n = data.size
    return {v for u in cells for v in _adjacent(u)
            if 0 <= v[0] < n and 0 <= v[1] < n and v not in cells}


def _terrain_totals(data: ModelData) -> tuple[dict[int, int], dict[int, int]]:
    """Most squares and most crowns each terrain can have (every piece placed, start included)."""
    squares: dict[int, int] = {}
    crowns: dict[int, int] = {}
    halves = [h for p in data.pieces for h in p.halves for _ in p.numbers]
    for h in [*halves, *data.fixed.values()]:
        t = h.terrain.index
        squares[t] = squares.get(t, 0) + 1
        crowns[t] = crowns.get(t, 0) + h.crowns
    return squares, crowns


def set_scored(data: ModelData) -> set[int]:
    """The crowned terrains scored by isolated sets: those with at most :data:`MAX_SETS` sets of
    up to half their squares (the others, e.g. a big terrain on 7×7, get the rank regions of
    :mod:`.rank_model`).

    >>> from kingdomino_kit.dominoes import dominoes
    >>> from kingdomino_kit.solver.data import model_data
    >>> sorted(set_scored(model_data(dominoes("41,36,48"), size=5, castle=(2, 2))))
    [3, 5]
    """
    squares, crowns = _terrain_totals(data)
    out = set()
    for t in crowns:
        if not crowns[t]:
            continue
        half = squares[t] // 2
        if half > MAX_HALF:
            continue
        sets = connected_sets(data.size, data.castle, half)
        if sum(len(sets[k]) for k in range(1, half + 1)) <= MAX_SETS:
            out.add(t)
    return out


def build_set_model(data: ModelData, *, at_least: int | None = None) -> LayoutModel:
    """The set model: placements, link clauses, exact property scores by isolated sets, bonuses,
    and, with ``at_least``, the budget cuts."""
    lm = placement_variables(data)
    forced = (_forced_pieces(data, at_least) if at_least is not None and data.settings.forced
              else set())
    for i in forced:
        lm.model.add(sum(v for (j, _, _), v in lm.place.items() if j == i)
                     == len(data.pieces[i].numbers))
    if data.settings.dominance:
        _dominance(lm)
    _link_variables(lm)
    add_cut_off_clauses(lm, [s for k in range(2, BUILD_SETS + 1, 2)
                             for s in connected_sets(data.size, data.castle, BUILD_SETS)[k]])
    score = _set_scores(lm, forced, at_least)
    bonus = bonus_variables(lm)
    if data.settings.symmetry and not data.fixed:
        _lex_leader(lm)
    return maximize(lm, score + bonus, at_least)


def _bonus(data: ModelData) -> int:
    """The bonuses the static bound counts for this castle cell."""
    return static_bonus(data.rules, data.size, data.castle, data.can_fill())


def _full_bound(data: ModelData) -> int:
    """Σ squares × crowns with every piece placed, plus the bonuses: the budget's reference."""
    halves = [h for p in data.pieces for h in p.halves for _ in p.numbers]
    return terrain_bound([*halves, *data.fixed.values()]) + _bonus(data)


def _forced_pieces(data: ModelData, target: int) -> set[int]:
    """Pieces whose every copy must be placed to reach ``target``: Σ squares × crowns without one
    copy of them (geometry ignored, bonuses added) falls short."""
    if data.choose is not None:
        return set()
    forced = set()
    for i in range(len(data.pieces)):
        fewer = [h for j, q in enumerate(data.pieces) for h in q.halves
                 for _ in range(len(q.numbers) - (i == j))]
        if terrain_bound([*fewer, *data.fixed.values()]) + _bonus(data) < target:
            forced.add(i)
    return forced


def _dominance(lm: LayoutModel) -> None:
    """A piece is used only when every piece that dominates it is used in all its copies (else
    swapping one in scores at least as much): the search never tries the worse one first."""
    data, model = lm.data, lm.model
    counts = [sum(v for (j, _, _), v in lm.place.items() if j == i)
              for i in range(len(data.pieces))]
    for i, worse in enumerate(data.pieces):
        better = [j for j, p in enumerate(data.pieces) if j != i and dominates(p, worse)]
        if not better:
            continue
        used = model.new_bool_var(f"used_{i}")
        model.add(counts[i] >= 1).only_enforce_if(used)
        model.add(counts[i] == 0).only_enforce_if(used.Not())
        for j in better:
            model.add(counts[j] == len(data.pieces[j].numbers)).only_enforce_if(used)


def _link_variables(lm: LayoutModel) -> None:
    """``link[u, v]`` for neighbour cells: both occupied and of one terrain or one domino."""
    data, model = lm.data, lm.model
    same = same_domino(lm)
    links: dict[frozenset[FrameCell], Any] = {}
    for u in data.cells():
        for v in _adjacent(u):
            if not (0 <= v[0] < data.size and 0 <= v[1] < data.size) or not u < v:
                continue
            if data.castle in (u, v):
                continue
            key = frozenset((u, v))
            if u in data.fixed and v in data.fixed:
                links[key] = int(data.fixed[u].terrain == data.fixed[v].terrain)
                continue
            link = model.new_bool_var(f"link_{u}_{v}")
            for w in (u, v):
                if w not in data.fixed:
                    model.add_implication(link, lm.occupied[w])
            covers = same.get(key, [])
            escape: list[Any] = []
            if covers:
                sd = model.new_bool_var(f"same_domino_{u}_{v}")
                model.add(sd == sum(covers))
                escape.append(sd)
            for t in lm.extras["terrains"]:
                tu, tv = lm.terrain[u, t], lm.terrain[v, t]
                if isinstance(tu, int) and tu == 0:
                    continue
                if isinstance(tv, int) and tv == 1:
                    continue
                clause = [link.Not(), *escape]
                if not isinstance(tu, int):
                    clause.append(tu.Not())
                if not isinstance(tv, int):
                    clause.append(tv)
                model.add_bool_or(clause)
            links[key] = link
    lm.extras["link"] = links


def add_cut_off_clauses(lm: LayoutModel, sets: list[frozenset[FrameCell]]) -> int:
    """For each set: not (all its cells occupied and none linked to a cell outside). Sets beside
    the castle or holding a start square are never cut off and are skipped. Returns the count."""
    data, model = lm.data, lm.model
    added = 0
    for cells in sets:
        if any(u in data.fixed for u in cells):
            continue
        around = _boundary(data, cells)
        if data.castle in around:
            continue
        clause: list[Any] = [lm.occupied[u].Not() for u in cells]
        for u in cells:
            for v in _adjacent(u):
                if v in around:
                    link = lm.extras["link"][frozenset((u, v))]
                    if isinstance(link, int):
                        continue
                    clause.append(link)
        model.add_bool_or(clause)
        added += 1
    return added


def cut_off_sets(data: ModelData, cells: dict[FrameCell, tuple[int, int]]
                 ) -> list[frozenset[FrameCell]]:
    """The sets of occupied cells not linked to the castle, for a layout given as
    ``cell → (terrain index, domino id)`` (start squares with id -1).

    >>> from kingdomino_kit.dominoes import dominoes
    >>> from kingdomino_kit.solver.data import model_data
    >>> data = model_data(dominoes("1,2"), size=5, castle=(2, 2))
    >>> layout = {(0, 0): (0, 1), (0, 1): (0, 1), (2, 1): (0, 2), (2, 0): (0, 2)}
    >>> [sorted(part) for part in cut_off_sets(data, layout)]   # W|W far from the castle
    [[(0, 0), (0, 1)]]
    """
    seen: set[FrameCell] = set()
    stack = [data.castle]
    while stack:
        u = stack.pop()
        for v in _adjacent(u):
            if v in seen or v not in cells:
                continue
            if u == data.castle or cells[u][0] == cells[v][0] or cells[u][1] == cells[v][1]:
                seen.add(v)
                stack.append(v)
    left = set(cells) - seen
    out = []
    while left:  # the cut-off part in link components
        first = min(left)
        part, stack = {first}, [first]
        while stack:
            u = stack.pop()
            for v in _adjacent(u):
                if v in left and v not in part and (cells[u][0] == cells[v][0]
                                                    or cells[u][1] == cells[v][1]):
                    part.add(v)
                    stack.append(v)
        left -= part
        out.append(frozenset(part))
    return out


def _set_scores(lm: LayoutModel, forced: set[int], target: int | None) -> Any:
    """Σ over crowned terrains of the exact property scores, by isolated sets."""
    data, model = lm.data, lm.model
    squares_most, crowns_most = _terrain_totals(data)
    forced_all = {t for t in crowns_most
                  if all(i in forced for i, p in enumerate(data.pieces)
                         if any(h.terrain.index == t for h in p.halves))}
    loss = _full_bound(data) - target if target is not None else None
    cells = [u for u in data.cells() if u != data.castle]
    by_sets = set_scored(data)
    spent: list[Any] = []
    total = [region_scores(lm, {t for t in crowns_most if crowns_most[t]} - by_sets)]
    for t in sorted(by_sets):
        s_most, c_most = squares_most[t], crowns_most[t]
        sets = connected_sets(data.size, data.castle, max(1, s_most // 2))
        sq_iso: list[Any] = []
        cr_iso: list[Any] = []
        score_iso: list[Any] = []
        for k in range(1, s_most // 2 + 1):
            ruled_out = (loss is not None and data.settings.single and t in forced_all
                         and k * c_most > loss)
            for cset in sets[k]:
                isolated = _isolated(lm, cset, t, ruled_out)
                if isolated is None:
                    continue
                sq_iso.append(k * isolated)
                if t in forced_all:  # this part of t loses k × (crowns of t elsewhere)
                    spent.append(k * c_most * isolated)
                crowns = sum(lm.crowns[u] for u in cset)
                if isinstance(crowns, int) and crowns == 0:
                    continue
                cap = min(c_most, 3 * k)
                held = model.new_int_var(0, cap, f"crowns_isolated_{t}_{sorted(cset)}")
                model.add(held == crowns).only_enforce_if(isolated)
                model.add(held == 0).only_enforce_if(isolated.Not())
                cr_iso.append(held)
                score_iso.append(k * held)
                if t in forced_all:
                    spent.append(-k * held)
        squares = sum(lm.terrain[u, t] for u in cells)
        crowns_t = _terrain_crowns(lm, t)
        rest_sq = model.new_int_var(0, s_most, f"rest_squares_{t}")
        rest_cr = model.new_int_var(0, c_most, f"rest_crowns_{t}")
        model.add(rest_sq == squares - sum(sq_iso))
        model.add(rest_cr == crowns_t - sum(cr_iso))
        score_t = model.new_int_var(0, s_most * c_most, f"score_{t}")
        model.add(score_t == sum(score_iso) + product(model, rest_sq, rest_cr, s_most, c_most,
                                                      f"rest_{t}",
                                                      lp_forms=data.settings.lp_forms))
        used_sq = model.new_int_var(0, s_most, f"used_squares_{t}")
        used_cr = model.new_int_var(0, c_most, f"used_crowns_{t}")
        model.add(used_sq == squares)
        model.add(used_cr == crowns_t)
        model.add(score_t <= product(model, used_sq, used_cr, s_most, c_most, f"used_{t}",
                                     lp_forms=data.settings.lp_forms))
        total.append(score_t)
    # S·C − score: Σ size × crowns elsewhere
    if loss is not None and spent and data.settings.cost_sum:
        model.add(sum(spent) <= loss)
    return sum(total)


def _isolated(lm: LayoutModel, cset: frozenset[FrameCell], t: int, ruled_out: bool) -> Any:
    """The indicator *cset is all terrain t, no neighbour is* (None when it cannot hold)."""
    data, model = lm.data, lm.model
    inside = [lm.terrain[u, t] for u in cset]
    outside = [lm.terrain[v, t] for v in _boundary(data, cset) if v != data.castle]
    if any(isinstance(x, int) and x == 0 for x in inside):
        return None
    if any(isinstance(x, int) and x == 1 for x in outside):
        return None
    lits = [x for x in inside if not isinstance(x, int)]
    lits += [x.Not() for x in outside if not isinstance(x, int)]
    if ruled_out:
        model.add_bool_or([x.Not() for x in lits])
        return None
    isolated = model.new_bool_var(f"isolated_{t}_{sorted(cset)}")
    model.add_bool_and(lits).only_enforce_if(isolated)
    model.add_bool_or([isolated, *(x.Not() for x in lits)])
    return isolated


def _terrain_crowns(lm: LayoutModel, t: int) -> Any:
    """The crowns on terrain ``t`` placed (start squares included)."""
    data = lm.data
    total: Any = sum(h.crowns for h in data.fixed.values() if h.terrain.index == t)
    for (i, _, _), v in lm.place.items():
        c = sum(h.crowns for h in data.pieces[i].halves if h.terrain.index == t)
        if c:
            total += c * v
    return total


def _lex_leader(lm: LayoutModel) -> None:
    """Keep, of each family of layouts that the symmetries of the castle cell map onto each
    other, only those whose cell values (terrain + 1, 0 when empty) read in the order N, E, S, W
    of the castle's neighbours, then outwards, are largest at the first two cells: for each
    symmetry g, ``v(c1) ≥ v(g⁻¹ c1)``, and ``v(c2) ≥ v(g⁻¹ c2)`` when the first are equal. The
    largest member of each family satisfies both, so no score is lost."""
    data, model = lm.data, lm.model
    maps = frame_symmetries(data.size, data.castle)
    if not maps:
        return
    r0, c0 = data.castle
    order = sorted((u for u in data.cells() if u != data.castle),
                   key=lambda u: (abs(u[0] - r0) + abs(u[1] - c0), _heading(u, data.castle)))
    value = {u: sum((t + 1) * lm.terrain[u, t] for t in lm.extras["terrains"]) for u in order}
    first, second = order[0], order[1]
    for g in maps:
        inverse = {b: a for a, b in g.items()}
        model.add(value[first] >= value[inverse[first]])
        if inverse[first] == first:
            model.add(value[second] >= value[inverse[second]])
            continue
        tie = model.new_bool_var(f"symmetry_tie_{len(lm.extras.setdefault('ties', []))}")
        lm.extras["ties"].append(tie)
        model.add(value[first] == value[inverse[first]]).only_enforce_if(tie)
        model.add(value[first] != value[inverse[first]]).only_enforce_if(tie.Not())
        model.add(value[second] >= value[inverse[second]]).only_enforce_if(tie)


def _heading(u: FrameCell, castle: FrameCell) -> int:
    """0 for north of the castle, then clockwise: east 1, south 2, west 3 (ties elsewhere)."""
    dr, dc = u[0] - castle[0], u[1] - castle[1]
    return 0 if dr < 0 and dc == 0 else 1 if dc > 0 and dr == 0 else 2 if dr > 0 and dc == 0 \
        else 3 if dc < 0 and dr == 0 else 4
