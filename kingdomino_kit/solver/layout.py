"""The layout both CP-SAT models share: where each piece lies, what each cell holds, the
bonuses, and the objective.

Variables
  * ``place[piece, a, b]`` — a piece lies with its first half on frame cell ``a`` and its
    second on ``b``;
  * ``occupied[u]``, ``terrain[u, t]`` (cell ``u`` holds terrain ``t``) and ``crowns[u]``
    (expressions over ``place``); a start square is a constant.

The two models differ in how they score properties and prove buildability
(:mod:`.rank_model`, :mod:`.set_model`); both build on :func:`placement_variables` and finish
with :func:`bonus_variables` and :func:`maximize`.

>>> from kingdomino_kit.dominoes import dominoes
>>> from kingdomino_kit.solver.data import model_data
>>> lm = placement_variables(model_data(dominoes("41,48"), size=5, castle=(2, 2)))
>>> len(lm.place)   # W|G2: 36 pairs of neighbour cells × 2 orientations; M2|M3 likewise
144
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kingdomino_kit.dominoes import Half
from kingdomino_kit.infra.cp_sat_loader import cp_model
from kingdomino_kit.kingdom import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS
from kingdomino_kit.solver.data import ModelData
from kingdomino_kit.solver.discard import add_no_discard
from kingdomino_kit.solver.inputs import FrameCell

__all__ = ["LayoutModel", "bonus_variables", "frame_symmetries", "maximize",
           "placement_variables", "product", "same_domino"]


@dataclass
class LayoutModel:
    """The CP-SAT model of one castle position and its named variables."""

    data: ModelData
    model: cp_model.CpModel
    place: dict[tuple[int, FrameCell, FrameCell], cp_model.IntVar]
    occupied: dict[FrameCell, Any]
    terrain: dict[tuple[FrameCell, int], Any]
    crowns: dict[FrameCell, Any]
    objective: Any = 0
    full: Any = None
    extras: dict[str, Any] = field(default_factory=dict)


def placement_variables(data: ModelData) -> LayoutModel:
    """``place`` booleans, cell occupancy, terrain indicators and crowns per cell."""
    model = cp_model.CpModel()
    free = set(data.free_cells())
    place: dict[tuple[int, FrameCell, FrameCell], cp_model.IntVar] = {}
    for i, piece in enumerate(data.pieces):
        for a in sorted(free):
            for b in data.neighbours(a):
                if b not in free or (piece.is_double and b < a):
                    continue
                place[i, a, b] = model.new_bool_var(f"place_{i}_{a}_{b}")
        model.add(sum(v for (j, _, _), v in place.items() if j == i) <= len(piece.numbers))
    if data.choose is not None:
        model.add(sum(place.values()) <= data.choose)
    if data.settings.parity:  # a domino covers one light and one dark cell of the chessboard
        light = sum(1 for r, c in free if (r + c) % 2 == 0)
        if min(light, len(free) - light) < sum(len(p.numbers) for p in data.pieces):
            model.add(sum(place.values()) <= min(light, len(free) - light))
    covering: dict[FrameCell, list[tuple[cp_model.IntVar, Half]]] = {u: [] for u in free}
    for (i, a, b), v in place.items():
        first, second = data.pieces[i].halves
        covering[a].append((v, first))
        covering[b].append((v, second))
    occupied: dict[FrameCell, Any] = {}
    terrain: dict[tuple[FrameCell, int], Any] = {}
    crowns: dict[FrameCell, Any] = {}
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
    if data.settings.place_all and data.choose is not None:
        model.add(sum(place.values()) == min(data.choose, sum(len(p.numbers)
                                                              for p in data.pieces)))
    elif data.settings.place_all:
        for i, piece in enumerate(data.pieces):
            model.add(sum(v for (j, _, _), v in place.items() if j == i) == len(piece.numbers))
    elif not data.settings.free_discard:
        add_no_discard(lm)
    return lm


def same_domino(lm: LayoutModel) -> dict[frozenset[FrameCell], list[Any]]:
    """For each pair of cells, the placements that cover both."""
    pairs: dict[frozenset[FrameCell], list[Any]] = {}
    for (_, a, b), var in lm.place.items():
        pairs.setdefault(frozenset((a, b)), []).append(var)
    return pairs


def maximize(lm: LayoutModel, objective: Any, at_least: int | None) -> LayoutModel:
    """Set the objective, capped by the static bound and, with ``at_least``, from below."""
    lm.objective = objective
    lm.model.add(objective <= lm.data.upper_bound)
    if at_least is not None:
        lm.model.add(objective >= at_least)
    lm.model.maximize(objective)
    return lm


def product(model: cp_model.CpModel, squares: Any, crowns: Any, sq_cap: int, crown_cap: int,
            name: str, *, lp_forms: bool = True) -> Any:
    """squares × crowns, linearised by enumerating the crown count: Σ_c c · [crowns = c] · squares;
    with ``lp_forms`` also as plain linear inequalities, for the LP."""
    is_count = [model.new_bool_var(f"crowns_{name}_is_{c}") for c in range(crown_cap + 1)]
    model.add_exactly_one(is_count)
    model.add(crowns == sum(c * b for c, b in enumerate(is_count)))
    terms = []
    for c in range(1, crown_cap + 1):
        share = model.new_int_var(0, sq_cap, f"squares_{name}_at_{c}")
        model.add(share == squares).only_enforce_if(is_count[c])
        model.add(share == 0).only_enforce_if(is_count[c].Not())
        if lp_forms:  # the same as plain linear inequalities, for the LP
            model.add(share <= squares)
            model.add(share <= sq_cap * is_count[c])
        terms.append(c * share)
    return sum(terms)


def bonus_variables(lm: LayoutModel) -> Any:
    """Middle Kingdom (a constant) and Harmony (a term), the bonuses of ``data.rules``.

    Middle Kingdom: the kingdom is its size × size grid, so the castle on the frame's centre
    cell earns it whatever the layout (every frame cell is within ±2, or ±3, of the centre);
    with the castle elsewhere the model leaves it out, and a layout that earns it anyway is
    found again, with the bonus, at the centre cell. Harmony: a bonus, never a constraint —
    ``harmony`` (a boolean) may hold only when every cell of the frame is filled (which, with
    no room for more, places every given or chosen domino); out of reach, it is 0."""
    data, model = lm.data, lm.model
    n = data.size
    bonus: Any = 0
    if data.rules.middle_kingdom and data.castle == (n // 2, n // 2):
        bonus += MIDDLE_KINGDOM_BONUS
    if data.rules.harmony and data.can_fill():
        harmony = model.new_bool_var("harmony")
        for u in data.free_cells():
            model.add_implication(harmony, lm.occupied[u])
        lm.extras["harmony"] = harmony
        bonus += HARMONY_BONUS * harmony
    return bonus


def frame_symmetries(size: int, castle: FrameCell) -> list[dict[FrameCell, FrameCell]]:
    """The D4 maps of the frame, other than the identity, that keep the castle cell in place.

    >>> [len(frame_symmetries(5, castle)) for castle in ((2, 2), (1, 1), (0, 1))]
    [7, 1, 0]
    """
    m = size - 1
    maps: list[Callable[[int, int], FrameCell]] = [
        lambda r, c: (c, m - r), lambda r, c: (m - r, m - c), lambda r, c: (m - c, r),
        lambda r, c: (r, m - c), lambda r, c: (m - r, c), lambda r, c: (c, r),
        lambda r, c: (m - c, m - r)]
    cells = [(r, c) for r in range(size) for c in range(size)]
    return [{u: g(*u) for u in cells} for g in maps if g(*castle) == castle]
