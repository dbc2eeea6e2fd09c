"""The greedy player's values, fast: :meth:`Greedy.after <kingdomino_kit.game.greedy.Greedy.after>`
with the kingdom read once, not once per placement.

:meth:`Greedy.after <kingdomino_kit.game.greedy.Greedy.after>` is the readable rule: for each
placement, the kingdom's :meth:`~kingdomino_kit.bitkingdom.BitKingdom.total_after` (a flood
fill of the property each half joins), its holes and its neighbour pairs. A greedy player asks
this for every placement of every domino it could claim after every placement of its own — a
few hundred kingdoms a decision — so here the properties a domino can join are found once per
kingdom (each terrain's properties: cells, squares and crowns), and each placement is scored
by looking up the properties beside its halves: no flood fill, no function call. The values
are the same floats, in the same order (the tests compare them on thousands of kingdoms), so
a greedy player makes the same choices with the same draws either way.

>>> from kingdomino_kit.bitkingdom import BitKingdom
>>> k = BitKingdom()
>>> masks = k.legal_masks(0, 5, double=False)            # domino 48, W|M3
>>> FastGreedy().after(k, 48, masks) == Greedy().after(k, 48, masks)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from kingdomino_kit.bitkingdom import BONUS_TESTS, BitKingdom, Masks
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.fast.support import unjudged_points
from kingdomino_kit.game.greedy import NO_PLACEMENT, Greedy, adjacent_pairs, pick_best, placements
from kingdomino_kit.game.playout import PIECES
from kingdomino_kit.grid import SIZES, geometry
from kingdomino_kit.rules import POINTS

__all__ = ["ENGINES", "FastGreedy", "after_values", "choose_claim", "choose_placement",
           "claim_values", "greedy_engine", "joined", "properties_of"]


def properties_of(kingdom: BitKingdom, terrain: int) -> list[tuple[int, int, int]]:
    """The properties of one terrain: (cells, squares, crowns) each.

    >>> from kingdomino_kit.kingdom import Kingdom
    >>> k = Kingdom.from_text("W W1 . W / . C . .").to_bits()
    >>> [(squares, crowns) for _, squares, crowns in properties_of(k, 0)]
    [(2, 1), (1, 0)]
    """
    w = kingdom.geometry.stride
    region = kingdom.terrain[terrain]
    c1, c2 = kingdom.crown1, kingdom.crown2
    out = []
    while region:
        comp = region & -region
        while True:  # Geometry.fill, inlined (the greedy asks for these often)
            grown = (comp | (comp << 1) | (comp >> 1) | (comp << w) | (comp >> w)) & region
            if grown == comp:
                break
            comp = grown
        region ^= comp
        out.append((comp, comp.bit_count(), (comp & c1).bit_count() + 2 * (comp & c2).bit_count()))
    return out


def after_values(kingdom: BitKingdom, number: int, masks: Masks, greedy: Greedy,
                 score: int | None = None) -> list[float]:
    """:meth:`Greedy.after <kingdomino_kit.game.greedy.Greedy.after>`: the greedy value of the
    kingdom after each placement of ``masks`` (domino ``number``), in the order of legal
    placements — the same floats, computed as the module says. ``score``: the kingdom's
    :meth:`~kingdomino_kit.bitkingdom.BitKingdom.score`, when the caller knows it."""
    t1, k1, t2, k2, _ = PIECES[number - 1]
    g = kingdom.geometry
    w = g.stride
    o = g.offset
    size = g.size
    row_window, col_window = g._row_window, g._col_window
    hole, adjacency = greedy.hole, greedy.adjacency
    terrain = kingdom.terrain
    first_terrain, second_terrain = terrain[t1], terrain[t2]
    base = adjacency * (adjacent_pairs(kingdom) + (t1 == t2))
    if score is None:
        score = kingdom.score()
    same = t1 == t2
    props1 = properties_of(kingdom, t1)
    props2 = props1 if same else properties_of(kingdom, t2)
    named = greedy.rules.bonuses
    # the two bonuses of the rules inline (BONUS_TESTS' own tests), any other by its test
    middle = POINTS["middle_kingdom"] if "middle_kingdom" in named else 0
    harmony = POINTS["harmony"] if "harmony" in named else 0
    half, full = size // 2, size * size
    bonuses = [(POINTS[name], BONUS_TESTS[name]) for name in named
               if name not in ("middle_kingdom", "harmony")]
    occupied = kingdom.occupied
    rmin0, rmax0, cmin0, cmax0 = kingdom.rmin, kingdom.rmax, kingdom.cmin, kingdom.cmax
    row_of, col_of = g.row_of, g.col_of
    out = []
    for first, second in placements(masks, g.shifts):
        low, high = 1 << first, 1 << second
        near_low = (low << 1) | (low >> 1) | (low << w) | (low >> w)
        near_high = (high << 1) | (high >> 1) | (high << w) | (high >> w)
        near1, near2 = near_low & first_terrain, near_high & second_terrain
        pairs = near1.bit_count() + near2.bit_count()
        if same:  # one property of both halves' terrain (or a new one: no call)
            near = near1 | near2
            total = score + (joined(props1, near, 2, k1 + k2) if near else 2 * (k1 + k2))
        else:
            total = (score + (joined(props1, near1, 1, k1) if near1 else k1)
                     + (joined(props2, near2, 1, k2) if near2 else k2))
        # the bounding box with the domino: its top-left half is the one of the lower bit
        top, bottom = (first, second) if first < second else (second, first)
        r, c = row_of[top], col_of[top]
        rmin, cmin = (r if r < rmin0 else rmin0), (c if c < cmin0 else cmin0)
        r, c = row_of[bottom], col_of[bottom]
        rmax, cmax = (r if r > rmax0 else rmax0), (c if c > cmax0 else cmax0)
        after = occupied | low | high
        if middle and -half <= rmin and rmax <= half and -half <= cmin and cmax <= half:
            total += middle
        if harmony and after.bit_count() == full:
            total += harmony
        for points, test in bonuses:
            if test(size, rmin, rmax, cmin, cmax, after):
                total += points
        free = row_window[rmin + o][rmax + o] & col_window[cmin + o][cmax + o] & ~after
        holes = (free & ~((free << 1) | (free >> 1) | (free << w) | (free >> w))).bit_count()
        out.append(total + base + adjacency * pairs - hole * holes)
    return out


def joined(props: list[tuple[int, int, int]], near: int, squares: int, crowns: int) -> int:
    """The points a domino's half of ``squares`` squares and ``crowns`` crowns (or a double's
    two halves) adds to a kingdom: the points of the property it makes with the properties of
    ``props`` (:func:`properties_of`, of its terrain) it touches (``near``: the cells beside
    it), less those properties' own.

    >>> joined([(0b1, 2, 1), (0b100, 1, 0)], near=0b1, squares=1, crowns=1)   # 3 × 2 − 2 × 1
    4
    """
    gain = 0
    for cells, n, c in props:
        if cells & near:
            squares += n
            crowns += c
            gain -= n * c
    return gain + squares * crowns


def _placed(kingdom: BitKingdom, masks: Masks
            ) -> Iterator[tuple[int, int, int, int, int, int, int, int]]:
    """Each placement of ``masks``, in the order of legal placements: the masks of its first
    and second half, the cells beside each, and the kingdom's bounding box with it (rmin,
    rmax, cmin, cmax)."""
    g = kingdom.geometry
    w = g.stride
    row_of, col_of = g.row_of, g.col_of
    rmin0, rmax0, cmin0, cmax0 = kingdom.rmin, kingdom.rmax, kingdom.cmin, kingdom.cmax
    for first, second in placements(masks, g.shifts):
        low, high = 1 << first, 1 << second
        r1, r2, c1, c2 = row_of[first], row_of[second], col_of[first], col_of[second]
        yield (low, high, (low << 1) | (low >> 1) | (low << w) | (low >> w),
               (high << 1) | (high >> 1) | (high << w) | (high >> w),
               min(rmin0, r1, r2), max(rmax0, r1, r2), min(cmin0, c1, c2), max(cmax0, c1, c2))


def _bands(g: Any) -> tuple[list[list[int]], list[list[int]]]:
    """Per pair of castle-relative offsets lo ≤ hi: the cells whose row (column) lies in
    lo..hi (indices shifted by the geometry's offset)."""
    span, o = g.span, g.offset
    rows = [0] * span
    cols = [0] * span
    for r in range(-o, o + 1):
        for c in range(-o, o + 1):
            rows[r + o] |= g.bit(r, c)
            cols[c + o] |= g.bit(r, c)
    row_band = [[0] * span for _ in range(span)]
    col_band = [[0] * span for _ in range(span)]
    for lo in range(span):
        r_acc = c_acc = 0
        for hi in range(lo, span):
            r_acc |= rows[hi]
            c_acc |= cols[hi]
            row_band[lo][hi] = r_acc
            col_band[lo][hi] = c_acc
    return row_band, col_band


_BANDS = {size: _bands(geometry(size)) for size in SIZES}


def choose_placement(greedy: Greedy, kingdom: BitKingdom, number: int, masks: Masks,
                     count: int, claimable: Sequence[int], discard: bool, rng: random.Random
                     ) -> int:
    """:meth:`Greedy.choose_placement <kingdomino_kit.game.greedy.Greedy.choose_placement>`
    with the look-ahead (``claimable`` not empty): the same index, with the same draws.

    Each placement's value — the best the kingdom reaches with it and a claimable domino —
    is bounded from above first, from the kingdom after it alone (the most each claimable
    domino could add: its halves joining every property of their terrains, a neighbour pair on
    every free side, no new hole, every bonus still in reach). The placements are then valued
    exactly from the highest bound down, and those whose bound is below the best value found
    (by more than the tie tolerance of :func:`~kingdomino_kit.game.greedy.pick_best`) are
    never valued: they cannot be, or tie with, the best."""
    if greedy.hole >= 0 and greedy.adjacency >= 0:
        bounds = _bounds(greedy, kingdom, number, masks, claimable)
    else:
        bounds = [(None, [math.inf] * len(claimable))] * count
    tops = [max(b) for _, b in bounds]
    values = [-math.inf] * (count + discard)
    t1, k1, t2, k2, _ = PIECES[number - 1]
    extent = kingdom.bounds
    best = -math.inf
    if discard:
        values[count] = best = max(claim_values(greedy, kingdom, claimable)) - NO_PLACEMENT
    placed = list(placements(masks, kingdom.geometry.shifts))
    order = sorted(range(len(claimable)), key=lambda j: -max(b[j] for _, b in bounds)) \
        if bounds else []
    for i in sorted(range(count), key=lambda i: -tops[i]):
        if tops[i] + 1e-6 < best - 1e-9:
            break  # neither this placement nor any after it can reach the best
        first, second = placed[i]
        score, claim_bounds = bounds[i]
        kingdom.put(first, second, t1, k1, t2, k2)

        def after(n: int, masks: Masks, score: int | None = score) -> list[float]:
            return after_values(kingdom, n, masks, greedy, score)

        value = -math.inf
        for j in order:
            if claim_bounds[j] + 1e-6 < best - 1e-9:
                continue  # this claim cannot lift the placement to the best
            v = greedy.best_after(kingdom, claimable[j], after)
            if v > value:
                value = v
        kingdom.remove(first, second, extent)
        values[i] = value
        if value > best:
            best = value
    return pick_best(values, rng)


def claim_values(greedy: Greedy, kingdom: BitKingdom, numbers: Sequence[int]) -> list[float]:
    """:meth:`Greedy.claim_values <kingdomino_kit.game.greedy.Greedy.claim_values>`: the best
    value the kingdom reaches with each domino of ``numbers``."""
    return [greedy.best_after(kingdom, n, lambda n, masks: after_values(kingdom, n, masks, greedy))
            for n in numbers]


def _bounds(greedy: Greedy, kingdom: BitKingdom, number: int, masks: Masks,
            claimable: Sequence[int]) -> list[tuple[int | None, list[float]]]:
    """For each placement: the score of the kingdom after it, and an upper bound of the value
    it reaches with each claimable domino (see :func:`choose_placement`)."""
    t1, k1, t2, k2, _ = PIECES[number - 1]
    g = kingdom.geometry
    w, o, size = g.stride, g.offset, g.size
    cells = size * size
    row_window, col_window = g._row_window, g._col_window
    row_band, col_band = _BANDS[size]
    rules = greedy.rules
    middle, harmony = rules.middle_kingdom, rules.harmony
    unjudged = unjudged_points(rules)
    half = size // 2
    props, squares, crowns, scores = _terrain_points(kingdom)
    pairs_now = adjacent_pairs(kingdom)
    same = t1 == t2
    pieces = [PIECES[n - 1] for n in claimable]
    occupied = kingdom.occupied
    first_terrain, second_terrain = kingdom.terrain[t1], kingdom.terrain[t2]
    out: list[tuple[int | None, list[float]]] = []
    for low, high, near_low, near_high, rmin, rmax, cmin, cmax in _placed(kingdom, masks):
        pairs = pairs_now + same + (near_low & first_terrain).bit_count() + (
            near_high & second_terrain).bit_count()
        sq = squares.copy()
        cr = crowns.copy()
        sc = scores.copy()
        for t, near, n_add, c_add in (((t1, (near_low | near_high) & first_terrain, 2,
                                        k1 + k2),) if same else
                                      ((t1, near_low & first_terrain, 1, k1),
                                       (t2, near_high & second_terrain, 1, k2))):
            sc[t] += joined(props[t], near, n_add, c_add)
            sq[t] += n_add
            cr[t] += c_add
        new_score = sum(sc)
        after = occupied | low | high
        filled = after.bit_count()
        bonus = unjudged
        if middle and -half <= rmin and rmax <= half and -half <= cmin and cmax <= half:
            bonus += POINTS["middle_kingdom"]
        if harmony and filled in (cells, cells - 2):
            bonus += POINTS["harmony"]
        free = row_window[rmin + o][rmax + o] & col_window[cmin + o][cmax + o] & ~after
        box = row_band[rmin + o][rmax + o] & col_band[cmin + o][cmax + o]
        holes = (free & box & ~((free << 1) | (free >> 1) | (free << w) | (free >> w))
                 ).bit_count()
        out.append((new_score, _claim_bounds(greedy, pieces, sq, cr, sc, new_score + bonus,
                                             pairs, holes)))
    return out


def _terrain_points(kingdom: BitKingdom
                    ) -> tuple[list[list[tuple[int, int, int]]], list[int], list[int], list[int]]:
    """Per terrain: its properties (:func:`properties_of`), squares, crowns and points."""
    props = [properties_of(kingdom, t) for t in range(len(kingdom.terrain))]
    squares = [t.bit_count() for t in kingdom.terrain]
    crowns = [sum(c for _, _, c in found) for found in props]
    scores = [sum(n * c for _, n, c in found) for found in props]
    return props, squares, crowns, scores


def _claim_bounds(greedy: Greedy, pieces: Sequence[tuple[int, int, int, int, bool]],
                  squares: list[int], crowns: list[int], scores: list[int], total: int,
                  pairs: int, holes: int) -> list[float]:
    """For each piece: an upper bound of the value a kingdom reaches with it, from the
    kingdom's squares, crowns and property points per terrain, its ``total`` (score and every
    bonus still in reach), neighbour ``pairs`` and the ``holes`` no placement can remove."""
    adjacency, hole = greedy.adjacency, greedy.hole
    out = []
    for u1, j1, u2, j2, _ in pieces:
        if u1 == u2:
            gain = (squares[u1] + 2) * (crowns[u1] + j1 + j2) - scores[u1]
            near_pairs = min(6, 2 * squares[u1]) + 1
        else:
            gain = ((squares[u1] + 1) * (crowns[u1] + j1) - scores[u1]
                    + (squares[u2] + 1) * (crowns[u2] + j2) - scores[u2])
            near_pairs = min(3, squares[u1]) + min(3, squares[u2])
        out.append(total + gain + adjacency * (pairs + near_pairs) - hole * holes)
    return out


def choose_claim(greedy: Greedy, kingdom: BitKingdom, numbers: Sequence[int],
                 rng: random.Random, after: Callable[[int, Masks], list[float]] | None = None
                 ) -> int:
    """:meth:`Greedy.choose_claim <kingdomino_kit.game.greedy.Greedy.choose_claim>`: the same
    index with the same draws; a domino whose bound (as in :func:`choose_placement`) is below
    the best value found is never valued. ``after(number, masks)``: the values after each
    placement (default :func:`after_values`; a caller that keeps them gives its own)."""
    if after is None:
        def after(n: int, masks: Masks) -> list[float]:
            return after_values(kingdom, n, masks, greedy)
    if greedy.hole < 0 or greedy.adjacency < 0:  # no bound holds: every domino valued
        return Greedy.choose_claim(greedy, kingdom, numbers, rng, after)
    g = kingdom.geometry
    w, o, size = g.stride, g.offset, g.size
    _, squares, crowns, scores = _terrain_points(kingdom)
    score = sum(scores)
    rules = greedy.rules
    rmin, rmax, cmin, cmax = kingdom.bounds
    half = size // 2
    bonus = unjudged_points(rules)
    if rules.middle_kingdom and -half <= rmin and rmax <= half and -half <= cmin and cmax <= half:
        bonus += POINTS["middle_kingdom"]
    if rules.harmony and kingdom.occupied.bit_count() in (size * size, size * size - 2):
        bonus += POINTS["harmony"]
    free = kingdom.free()
    row_band, col_band = _BANDS[size]
    box = row_band[rmin + o][rmax + o] & col_band[cmin + o][cmax + o]
    holes = (free & box & ~((free << 1) | (free >> 1) | (free << w) | (free >> w))).bit_count()
    pairs = adjacent_pairs(kingdom)
    bounds = _claim_bounds(greedy, [PIECES[n - 1] for n in numbers], squares, crowns, scores,
                           score + bonus, pairs, holes)
    values = [-math.inf] * len(numbers)
    best = -math.inf
    for j in sorted(range(len(numbers)), key=lambda j: -bounds[j]):
        if bounds[j] + 1e-6 < best - 1e-9:
            break
        v = greedy.best_after(kingdom, numbers[j], after)
        values[j] = v
        if v > best:
            best = v
    return pick_best(values, rng)


class FastGreedy(Greedy):
    """:class:`~kingdomino_kit.game.greedy.Greedy` with its values computed by this module:
    the same values, the same choices with the same draws, faster. The caller picks the engine
    (:data:`ENGINES`); the readable class knows nothing of this one."""

    __slots__ = ()

    def after(self, kingdom: BitKingdom, number: int, masks: Masks) -> list[float]:
        """:func:`after_values`."""
        return after_values(kingdom, number, masks, self)

    def claim_values(self, kingdom: BitKingdom, numbers: Sequence[int]) -> list[float]:
        """:func:`claim_values`."""
        return claim_values(self, kingdom, numbers)

    def choose_placement(self, kingdom: BitKingdom, number: int, masks: Masks, count: int,
                         claimable: Sequence[int], discard: bool, rng: random.Random) -> int:
        """:func:`choose_placement` with the look-ahead, the readable rule without it."""
        if self.lookahead and claimable:
            return choose_placement(self, kingdom, number, masks, count, claimable, discard,
                                    rng)
        return super().choose_placement(kingdom, number, masks, count, claimable, discard, rng)

    def choose_claim(self, kingdom: BitKingdom, numbers: Sequence[int], rng: random.Random,
                     after: Callable[[int, Masks], list[float]] | None = None) -> int:
        """:func:`choose_claim`."""
        return choose_claim(self, kingdom, numbers, rng, after)


ENGINES: dict[str, type[Greedy]] = {"fast": FastGreedy, "plain": Greedy}
"""How the greedy values are computed, by name: the same values either way."""


def greedy_engine(engine: str) -> type[Greedy]:
    """The class that computes the greedy values the way ``engine`` names (:data:`ENGINES`).

    >>> greedy_engine("plain").__name__, greedy_engine("fast").__name__
    ('Greedy', 'FastGreedy')
    >>> greedy_engine("turbo")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: engine must be fast or plain, not 'turbo'
    """
    if engine not in ENGINES:
        raise KingdominoError(f"engine must be fast or plain, not {engine!r}")
    return ENGINES[engine]
