"""The CP-SAT model of the best Discovery territory: data, variables, constraints, objective
(solved by :func:`kingdomino_kit.origins.solver.solve_discovery`).

Variables
  * ``place[d, a, b]`` — domino ``d`` lies with its first half on frame cell ``a``, second on ``b``
    (each domino at most once: the best territory from any subset of the set);
  * ``rank[d]`` — when ``d`` is placed (all different). A placed domino has a half next to the
    hut, or next to a square of its terrain covered by a domino of smaller rank: the connection
    rule, so replaying in rank order is legal (the 5×5 limit holds at every step because the
    final layout fits the frame);
  * ``land[d, j, t]`` — the token of volcano half ``j`` of ``d`` lands on cell ``t``: a square
    covered no later than ``d`` (rank), no volcano, no printed fire, no other token, within
    3/2/1 king moves of the volcano for 1/2/3 craters; at most the box's tokens of each kind;
  * regions rooted on squares with fire (printed or token), connected and single-terrain, each
    scoring squares × fire. Splitting a region never raises its score, so the optimum groups
    the real regions (the same argument as the Kingdomino solver);
  * Totem mode (``rivals`` given: the best opponent's count of each wooden resource): ``kept``
    — a resource square no token landed on — and ``totem`` — more of a resource kept than the
    rival (a strict majority), worth its totem's bonus. Both only ever raise the score, so
    upper bounds suffice: the optimum sets them as high as the layout allows.

>>> from kingdomino_kit.origins import sample_catalogue
>>> om = build_model(model_data(sample_catalogue().dominoes("36,18")))
>>> len(om.place) > 0, upper_bound(om.data) >= 4
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kingdomino_kit.infra.cp_sat_loader import cp_model
from kingdomino_kit.origins.catalogue import Domino, Resource, Terrain
from kingdomino_kit.origins.errors import OriginsError
from kingdomino_kit.origins.fire import TOKEN_SUPPLY, king_distance
from kingdomino_kit.origins.scoring import EMPIRE_OF_FIRE_BONUS, HOMO_HABILIS_BONUS
from kingdomino_kit.origins.totem import TOTEM_BONUSES
from kingdomino_kit.solver.inputs import check_numbers

__all__ = ["OriginsModelData", "OriginsModel", "model_data", "upper_bound", "build_model",
           "own_half_allows", "region_slots"]

FrameCell = tuple[int, int]
"""A cell of the model's size × size frame: (row, column) from its top-left corner."""
NEIGHBOURS = ((0, 1), (1, 0), (0, -1), (-1, 0))
VOLCANO = Terrain.VOLCANO.index


# --------------------------------------------------------------------------------- data
@dataclass(frozen=True)
class OriginsModelData:
    """One model's data: frame size, hut cell, dominoes, options; ``rivals`` (Totem mode): the
    best opponent's count of each resource, and ``totem_bonus`` the totems' reading."""

    size: int
    hut: FrameCell
    dominoes: tuple[Domino, ...]
    empire_of_fire: bool = False
    homo_habilis: bool = False
    supply: dict[int, int] = field(default_factory=lambda: dict(TOKEN_SUPPLY))
    rivals: tuple[tuple[Resource, int], ...] | None = None
    totem_bonus: str = "scarcity"

    def cells(self) -> list[FrameCell]:
        """Frame cells other than the hut, row-major."""
        n = self.size
        return [(r, c) for r in range(n) for c in range(n) if (r, c) != self.hut]

    def neighbours(self, u: FrameCell) -> list[FrameCell]:
        """Orthogonal neighbours inside the frame."""
        n = self.size
        return [(u[0] + dr, u[1] + dc) for dr, dc in NEIGHBOURS
                if 0 <= u[0] + dr < n and 0 <= u[1] + dc < n]


def model_data(dominoes: Sequence[Domino], *, size: int = 5, hut: FrameCell = (2, 2),
               empire_of_fire: bool = False, homo_habilis: bool = False,
               rivals: dict[Resource, int] | None = None,
               totem_bonus: str = "scarcity") -> OriginsModelData:
    """Check the input and bundle it (``rivals``: Totem mode, the best opponent's count of
    each resource; a resource left out counts 0).

    >>> from kingdomino_kit.origins import sample_catalogue
    >>> model_data(sample_catalogue().dominoes("1,2")).cells()[:2]
    [(0, 0), (0, 1)]
    """
    check_numbers([d.number for d in dominoes], size, OriginsError, "territory")
    if 2 * len(dominoes) > size * size - 1:
        raise OriginsError(f"{len(dominoes)} dominoes cannot fit a {size}×{size} territory")
    if totem_bonus not in TOTEM_BONUSES:
        raise OriginsError(f"totem_bonus must be one of {', '.join(TOTEM_BONUSES)}, not "
                           f"{totem_bonus!r}")
    rival_counts = None
    if rivals is not None:
        if any(not isinstance(r, Resource) or isinstance(n, bool) or not isinstance(n, int)
               or n < 0 for r, n in rivals.items()):
            raise OriginsError(f"rivals: counts (0 or more) by Resource, not {rivals!r}")
        rival_counts = tuple((r, rivals.get(r, 0)) for r in Resource)
    return OriginsModelData(size, hut, tuple(dominoes), empire_of_fire, homo_habilis,
                            rivals=rival_counts, totem_bonus=totem_bonus)


def upper_bound(data: OriginsModelData) -> int:
    """A score no territory of these dominoes can beat: every terrain one region, and the
    tokens (as many as the box allows), largest first, on the terrains with most squares, at
    most one per square of that terrain without fire symbol; the bonuses on.

    >>> from kingdomino_kit.origins import sample_catalogue
    >>> upper_bound(model_data(sample_catalogue().dominoes("36,18")))   # G1 G F V1: 2 × (1 + 1)
    4
    """
    squares = [0] * 6
    fire = [0] * 6
    room = [0] * 6
    tokens = {1: 0, 2: 0, 3: 0}
    for dom in data.dominoes:
        for half in dom.halves:
            if half.is_volcano:
                tokens[half.craters] += 1
            else:
                t = half.terrain.index
                squares[t] += 1
                fire[t] += half.fire
                room[t] += half.fire == 0
    thrown = sorted((k for k, n in tokens.items() for _ in range(min(n, data.supply[k]))),
                    reverse=True)
    for t in sorted(range(6), key=lambda t: -squares[t]):
        while thrown and room[t]:
            fire[t] += thrown.pop(0)
            room[t] -= 1
    bound = sum(s * f for s, f in zip(squares, fire, strict=True))
    c = data.size // 2
    if data.empire_of_fire and data.hut == (c, c):
        bound += EMPIRE_OF_FIRE_BONUS
    if data.homo_habilis:
        bound += HOMO_HABILIS_BONUS
    return bound + totem_bound(data)


def resources_on(data: OriginsModelData) -> dict[Resource, int]:
    """How many squares of the dominoes show each resource (every kind listed).

    >>> from kingdomino_kit.origins import sample_catalogue
    >>> resources_on(model_data(sample_catalogue().dominoes("17,18")))[Resource.MAMMOTH]
    2
    """
    counts = dict.fromkeys(Resource, 0)
    for dom in data.dominoes:
        for half in dom.halves:
            if half.resource is not None:
                counts[half.resource] += 1
    return counts


def totem_bound(data: OriginsModelData) -> int:
    """Totem mode's points at most: every resource kept, every totem within reach won (0
    outside Totem mode).

    >>> from kingdomino_kit.origins import sample_catalogue
    >>> rivals = {Resource.MAMMOTH: 1, Resource.FLINT: 1, Resource.MUSHROOM: 1}
    >>> totem_bound(model_data(sample_catalogue().dominoes("17,18"), rivals=rivals))
    7
    >>> totem_bound(model_data(sample_catalogue().dominoes("17,18"), rivals={}))  # rivals have 0
    18
    """
    if data.rivals is None:
        return 0
    on = resources_on(data)
    values = TOTEM_BONUSES[data.totem_bonus]
    return sum(on.values()) + sum(values[r] for r, n in data.rivals if on[r] > n)


# --------------------------------------------------------------------------------- model
@dataclass
class OriginsModel:
    """The CP-SAT model of one hut position and its named variables."""

    data: OriginsModelData
    model: Any
    place: dict[tuple[int, FrameCell, FrameCell], Any] = field(default_factory=dict)
    occupied: dict[FrameCell, Any] = field(default_factory=dict)
    terrain: dict[tuple[FrameCell, int], Any] = field(default_factory=dict)
    printed_fire: dict[FrameCell, Any] = field(default_factory=dict)
    rank: dict[int, Any] = field(default_factory=dict)
    cell_rank: dict[FrameCell, Any] = field(default_factory=dict)
    land: dict[tuple[int, int, FrameCell], Any] = field(default_factory=dict)
    fire: dict[FrameCell, Any] = field(default_factory=dict)
    throws: dict[tuple[int, int], tuple[dict[FrameCell, list[Any]], int, list[Any]]] = field(
        default_factory=dict)
    objective: Any = 0


def build_model(data: OriginsModelData, *, at_least: int | None = None,
                mandatory: frozenset[tuple[int, int]] | None = None) -> OriginsModel:
    """Variables, constraints and objective of one hut position (``objective ≥ at_least``).

    ``mandatory``: the volcano halves ``(domino index, half)`` whose token must land whenever a
    square allows it (None: all of them)."""
    om = OriginsModel(data, cp_model.CpModel())
    _placement_variables(om)
    _connection_constraints(om)
    _fire_landing(om)
    _mandatory_landing(om, mandatory)
    score = _region_scores(om)
    om.objective = score + _bonuses(om) + _totem_points(om)
    om.model.add(om.objective <= upper_bound(data))
    if at_least is not None:
        om.model.add(om.objective >= at_least)
    om.model.maximize(om.objective)
    return om


def _placement_variables(om: OriginsModel) -> None:
    """``place`` booleans; occupancy, terrain indicators and printed fire per cell."""
    data, model = om.data, om.model
    cells = data.cells()
    covering: dict[FrameCell, list[tuple[Any, int, int]]] = {u: [] for u in cells}
    for d, dom in enumerate(data.dominoes):
        first, second = dom.halves
        for a in cells:
            for b in data.neighbours(a):
                if b == data.hut or (dom.is_double and b < a):
                    continue
                v = model.new_bool_var(f"place_{dom.number}_{a}_{b}")
                om.place[d, a, b] = v
                covering[a].append((v, first.terrain.index, first.fire))
                covering[b].append((v, second.terrain.index, second.fire))
        model.add(sum(v for (e, _, _), v in om.place.items() if e == d) <= 1)
    for u in cells:
        occ = model.new_bool_var(f"occupied_{u}")
        model.add(sum(v for v, _, _ in covering[u]) == occ)
        om.occupied[u] = occ
        for t in range(6):
            on_t = [v for v, tt, _ in covering[u] if tt == t]
            om.terrain[u, t] = sum(on_t) if on_t else 0
        om.printed_fire[u] = sum(f * v for v, _, f in covering[u] if f)


def _connection_constraints(om: OriginsModel) -> None:
    """Ranks (placement order) and, for each placement, a half touching the hut or an earlier
    square of its terrain."""
    data, model = om.data, om.model
    n = len(data.dominoes)
    for d in range(n):
        om.rank[d] = model.new_int_var(1, max(n, 1), f"rank_{d}")
    if n > 1:
        model.add_all_different(list(om.rank.values()))
    for u in data.cells():
        om.cell_rank[u] = model.new_int_var(0, n, f"cell_rank_{u}")
    earlier: dict[tuple[int, FrameCell, int], Any] = {}
    for (d, a, b), v in om.place.items():
        model.add(om.cell_rank[a] == om.rank[d]).only_enforce_if(v)
        model.add(om.cell_rank[b] == om.rank[d]).only_enforce_if(v)
        supports: list[Any] = []
        touches_hut = False
        for half, cell, other in ((data.dominoes[d].first, a, b),
                                  (data.dominoes[d].second, b, a)):
            t = half.terrain.index
            for w in data.neighbours(cell):
                if w == other:
                    continue
                if w == data.hut:
                    touches_hut = True
                    continue
                key = (d, w, t)
                if key not in earlier:
                    s = model.new_bool_var(f"support_{d}_{w}_{t}")
                    if isinstance(om.terrain[w, t], int):
                        model.add(s == 0)
                    else:
                        model.add(om.terrain[w, t] == 1).only_enforce_if(s)
                        model.add(om.cell_rank[w] < om.rank[d]).only_enforce_if(s)
                    earlier[key] = s
                supports.append(earlier[key])
        if not touches_hut:
            model.add_bool_or(supports).only_enforce_if(v)


def _fire_landing(om: OriginsModel) -> None:
    """``land`` booleans and each cell's fire (printed + tokens)."""
    data, model = om.data, om.model
    cells = data.cells()
    by_kind: dict[int, list[Any]] = {1: [], 2: [], 3: []}
    on_cell: dict[FrameCell, list[tuple[Any, int]]] = {u: [] for u in cells}
    for d, dom in enumerate(data.dominoes):
        for j, half in enumerate(dom.halves):
            if not half.is_volcano:
                continue
            k, reach = half.craters, half.throw_distance
            sources: dict[FrameCell, list[Any]] = {}  # volcano cell -> placements putting it there
            for (e, a, b), v in om.place.items():
                if e == d:
                    sources.setdefault(a if j == 0 else b, []).append(v)
            lands = []
            for t in cells:
                near = [v for cell, vs in sources.items()
                        if 0 < king_distance(cell, t) <= reach for v in vs]
                if not near:
                    continue
                y = model.new_bool_var(f"land_{dom.number}_{j}_{t}")
                om.land[d, j, t] = y
                model.add_bool_or(near).only_enforce_if(y)
                model.add_implication(y, om.occupied[t])
                if not isinstance(om.terrain[t, VOLCANO], int):
                    model.add(om.terrain[t, VOLCANO] == 0).only_enforce_if(y)
                if not isinstance(om.printed_fire[t], int):
                    model.add(om.printed_fire[t] == 0).only_enforce_if(y)
                model.add(om.cell_rank[t] <= om.rank[d]).only_enforce_if(y)
                lands.append(y)
                on_cell[t].append((y, k))
            if lands:
                model.add(sum(lands) <= 1)
                by_kind[k].extend(lands)
            om.throws[d, j] = (sources, reach, lands)
    for k, ys in by_kind.items():
        if len(ys) > data.supply[k]:
            model.add(sum(ys) <= data.supply[k])
    for u in cells:
        if len(on_cell[u]) > 1:
            model.add(sum(y for y, _ in on_cell[u]) <= 1)
        om.fire[u] = om.printed_fire[u] + sum(k * y for y, k in on_cell[u])


def _mandatory_landing(om: OriginsModel, halves: frozenset[tuple[int, int]] | None) -> None:
    """A token that does not land had no square allowed when it was thrown: every square in
    reach was empty or placed later, a volcano, showed fire, or held an earlier token — for the
    volcano ``halves`` given (all when None); simply "always throws" for a volcano whose own
    other half can take its token. (Only for token kinds the box cannot run out of, the usual
    case: with more volcanoes of a kind than tokens, which ones get a token is left to the
    model.)"""
    data, model = om.data, om.model
    n = len(data.dominoes)
    kinds: dict[int, int] = {}
    for dom in data.dominoes:
        for half in dom.volcanoes:
            kinds[half.craters] = kinds.get(half.craters, 0) + 1
    token_rank: dict[FrameCell, tuple[Any, Any]] = {}
    for u in data.cells():
        ys = [(d, y) for (d, _, t), y in om.land.items() if t == u]
        if ys:
            rank = model.new_int_var(0, n, f"token_rank_{u}")
            for d, y in ys:
                model.add(rank == om.rank[d]).only_enforce_if(y)
            token_rank[u] = (rank, sum(y for _, y in ys))
    for (d, j), (sources, reach, lands) in om.throws.items():
        if kinds[data.dominoes[d].halves[j].craters] > data.supply[
                data.dominoes[d].halves[j].craters]:
            continue
        thrown = model.new_bool_var(f"thrown_{d}_{j}")
        model.add(thrown == sum(lands))
        if halves is not None and (d, j) not in halves:
            continue
        if own_half_allows(data.dominoes[d], j):
            for placements in sources.values():
                for x in placements:
                    model.add_implication(x, thrown)
            continue
        blocked: dict[FrameCell, Any] = {}
        for v, placements in sources.items():
            here = model.new_bool_var(f"volcano_{d}_{j}_at_{v}")
            model.add(here == sum(placements))
            for t in data.cells():
                if not 0 < king_distance(v, t) <= reach:
                    continue
                if t not in blocked:
                    blocked[t] = _blocked(om, d, t, token_rank.get(t))
                model.add_bool_or([blocked[t], thrown]).only_enforce_if(here)


def own_half_allows(dom: Domino, j: int) -> bool:
    """True when the other half of ``dom`` can always take the token of its volcano half ``j``
    (not a volcano, no fire symbol): that volcano always throws.

    >>> from kingdomino_kit.origins import sample_catalogue
    >>> own_half_allows(sample_catalogue()[21], 0), own_half_allows(sample_catalogue()[36], 0)
    (True, False)
    """
    other = dom.halves[1 - j]
    return not other.is_volcano and not other.fire


def _blocked(om: OriginsModel, d: int, t: FrameCell, token: tuple[Any, Any] | None) -> Any:
    """A literal that implies square ``t`` cannot take domino ``d``'s token when thrown."""
    model = om.model
    why = [om.occupied[t].Not()]
    late = model.new_bool_var(f"late_{d}_{t}")
    model.add(om.cell_rank[t] > om.rank[d]).only_enforce_if(late)
    why.append(late)
    if not isinstance(om.terrain[t, VOLCANO], int):
        volcano = model.new_bool_var(f"volcano_{d}_{t}")
        model.add(om.terrain[t, VOLCANO] == 1).only_enforce_if(volcano)
        why.append(volcano)
    if not isinstance(om.printed_fire[t], int):
        shows_fire = model.new_bool_var(f"shows_fire_{d}_{t}")
        model.add(om.printed_fire[t] >= 1).only_enforce_if(shows_fire)
        why.append(shows_fire)
    if token is not None:
        rank, count = token
        earlier = model.new_bool_var(f"earlier_token_{d}_{t}")
        model.add(count == 1).only_enforce_if(earlier)
        model.add(rank < om.rank[d]).only_enforce_if(earlier)
        why.append(earlier)
    blocked = model.new_bool_var(f"blocked_{d}_{t}")
    model.add_bool_or(why).only_enforce_if(blocked)
    return blocked


def region_slots(data: OriginsModelData) -> int:
    """How many regions can have fire: one per fire source (a half with printed fire, a token
    the box can supply), at most one per square.

    >>> from kingdomino_kit.origins import sample_catalogue
    >>> region_slots(model_data(sample_catalogue().dominoes("36,18")))   # G1 and V1's token
    2
    """
    printed = sum(1 for d in data.dominoes for h in d.halves if h.fire)
    tokens = {1: 0, 2: 0, 3: 0}
    for d in data.dominoes:
        for h in d.volcanoes:
            tokens[h.craters] += 1
    thrown = sum(min(n, data.supply[k]) for k, n in tokens.items())
    return min(printed + thrown, 2 * len(data.dominoes))


def _region_scores(om: OriginsModel) -> Any:
    """Regions in slots (one per fire source): connected, one terrain, each with one root
    square; Σ squares × fire over the slots."""
    data, model = om.data, om.model
    slots = region_slots(data)
    if not slots:
        return 0
    max_fire = (sum(h.fire for d in data.dominoes for h in d.halves)
                + sum(h.craters for d in data.dominoes for h in d.halves))
    tidx = {u: sum(t * om.terrain[u, t] for t in range(6)) for u in data.cells()}
    cells = data.cells()
    index = {u: i for i, u in enumerate(cells)}
    member: dict[tuple[FrameCell, int], Any] = {}
    root: dict[tuple[FrameCell, int], Any] = {}
    used = [model.new_bool_var(f"slot_used_{k}") for k in range(slots)]
    slot_terrain = [model.new_int_var(0, 5, f"slot_terrain_{k}") for k in range(slots)]
    root_at = [model.new_int_var(0, len(cells), f"slot_root_{k}") for k in range(slots)]
    for k in range(slots):
        for u in cells:
            z = model.new_bool_var(f"member_{u}_{k}")
            member[u, k] = z
            model.add_implication(z, om.occupied[u])
            model.add_implication(z, used[k])
            model.add(tidx[u] == slot_terrain[k]).only_enforce_if(z)
            root[u, k] = model.new_bool_var(f"root_{u}_{k}")
            model.add_implication(root[u, k], z)
        model.add(sum(root[u, k] for u in cells) == used[k])
        model.add(root_at[k] == sum(index[u] * root[u, k] for u in cells))
        if k:
            model.add_implication(used[k], used[k - 1])
            model.add(root_at[k - 1] < root_at[k]).only_enforce_if(used[k])
    label = {}
    for u in cells:
        model.add(sum(member[u, k] for k in range(slots)) <= 1)
        label[u] = sum((k + 1) * member[u, k] for k in range(slots))
    region_rank = {u: model.new_int_var(0, len(cells), f"region_rank_{u}") for u in cells}
    for u in cells:
        arcs = []
        for v in data.neighbours(u):
            if v == data.hut:
                continue
            arc = model.new_bool_var(f"region_parent_{u}_{v}")
            arcs.append(arc)
            model.add(label[u] == label[v]).only_enforce_if(arc)
            model.add(label[u] >= 1).only_enforce_if(arc)
            model.add(region_rank[v] < region_rank[u]).only_enforce_if(arc)
        in_region = sum(member[u, k] for k in range(slots))
        is_root = sum(root[u, k] for k in range(slots))
        model.add(sum(arcs) == in_region - is_root)
    total = []
    for k in range(slots):
        squares = model.new_int_var(0, len(cells), f"squares_{k}")
        model.add(squares == sum(member[u, k] for u in cells))
        parts = []
        for u in cells:
            if isinstance(om.fire[u], int):
                continue
            part = model.new_int_var(0, 3, f"fire_{u}_in_{k}")
            model.add(part <= om.fire[u])
            model.add(part <= 3 * member[u, k])
            parts.append(part)
        fire = model.new_int_var(0, max_fire, f"fire_{k}")
        model.add(fire == sum(parts))
        value = model.new_int_var(0, len(cells) * max_fire, f"region_score_{k}")
        model.add_multiplication_equality(value, [squares, fire])
        total.append(value)
    return sum(total)


def _bonuses(om: OriginsModel) -> Any:
    """Empire of fire (the hut on the frame's centre cell: the territory is its size × size
    grid, so every layout there earns it) and Homo Habilis (every domino placed, the frame
    full)."""
    data, model = om.data, om.model
    c = data.size // 2
    bonus: Any = 0
    if data.empire_of_fire and data.hut == (c, c):
        bonus += EMPIRE_OF_FIRE_BONUS
    if data.homo_habilis:
        habilis = model.new_bool_var("homo_habilis")
        for u in data.cells():
            model.add_implication(habilis, om.occupied[u])
        bonus += HOMO_HABILIS_BONUS * habilis
    return bonus


def _totem_points(om: OriginsModel) -> Any:
    """Totem mode: one point per resource square no token landed on, and each totem's bonus
    when more of its resource is kept than the rival has (0 outside Totem mode)."""
    data, model = om.data, om.model
    if data.rivals is None:
        return 0
    shows: dict[tuple[FrameCell, Resource], list[Any]] = {}
    for (d, a, b), v in om.place.items():
        for half, cell in zip(data.dominoes[d].halves, (a, b), strict=True):
            if half.resource is not None:
                shows.setdefault((cell, half.resource), []).append(v)
    hit: dict[FrameCell, list[Any]] = {}
    for (_, _, t), y in om.land.items():
        hit.setdefault(t, []).append(y)
    kept: dict[Resource, list[Any]] = {r: [] for r in Resource}
    for (cell, resource), placements in sorted(shows.items(), key=lambda e: (e[0][0],
                                                                               e[0][1].value)):
        k = model.new_bool_var(f"kept_{resource.value}_{cell}")
        model.add(k <= sum(placements))
        model.add(k + sum(hit.get(cell, [])) <= 1)
        kept[resource].append(k)
    values = TOTEM_BONUSES[data.totem_bonus]
    points: Any = sum(k for ks in kept.values() for k in ks)
    for resource, rival in data.rivals:
        if len(kept[resource]) <= rival:
            continue
        won = model.new_bool_var(f"totem_{resource.value}")
        model.add(sum(kept[resource]) >= rival + 1).only_enforce_if(won)
        points += values[resource] * won
    return points
