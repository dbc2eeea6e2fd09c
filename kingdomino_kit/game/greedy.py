"""The greedy player's values, on bitboards: one greedy for the bots and for the playouts.

The **value of a kingdom** is its score with the bonuses that are switched on —
:meth:`BitKingdom.total <kingdomino_kit.bitkingdom.BitKingdom.total>`, so a bonus is read the
way the kingdom reads it, never re-stated here — plus a potential: ``hole`` points (3) off for
every empty cell no domino can ever cover (no free neighbour to share a domino with: the cell
costs Harmony and a square of room), and ``adjacency`` points (½) for every pair of neighbour
squares of one terrain (compact properties grow; a sprawl of singletons does not). The weights
were measured: with both bonuses, four such greedy players average about 55 points, without
the potential about 51 (``docs/bots.md``).

A greedy player then looks one domino ahead of its own kingdom, as the full-greedy player of
Gedda, Lagerkvist & Butler (IEEE CIG 2018) does: a **placement** is worth the best value the
kingdom can reach by placing the domino there *and* the best free domino of the line, which it
claims next, at its best place (the last round has no line: the kingdom after the placement);
a **claim** is worth the best value the kingdom reaches with that domino. Ties are broken by
the player's seeded RNG. :class:`Greedy` computes these from bare ints (a ``BitKingdom``, domino
numbers), so :class:`~kingdomino_kit.game.bots.GreedyBot` (from an observation) and
:class:`GreedyPolicy` (inside a :class:`~kingdomino_kit.game.playout.BitGame`) make the same
choices with the same draws. ``lookahead=False`` is the cheap one-step greedy of playouts: a
placement is worth the kingdom after it.

>>> from kingdomino_kit.bitkingdom import BitKingdom
>>> g = Greedy()
>>> k = BitKingdom()
>>> g.claim_values(k, [1, 48])    # W|W: no crown, one pair of wheat; W|M3: three crowns
[0.5, 3.0]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from kingdomino_kit.bitkingdom import BitKingdom, Masks
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.game.playout import PIECES, BitGame

__all__ = ["Greedy", "GreedyPolicy", "adjacent_pairs", "holes", "pick_best", "placements"]

NO_PLACEMENT = 1.0
"""What a domino that fits nowhere costs against keeping the kingdom as it is."""


def holes(kingdom: BitKingdom) -> int:
    """Empty cells that no domino can ever cover: free (the kingdom still fits with a square
    there) but with no free neighbour. Two free neighbours always fit together, so this is the
    whole test.

    >>> from kingdomino_kit.kingdom import Kingdom
    >>> holes(Kingdom.from_text("W W W W W / W C . W W / W W W W W").to_bits())
    1
    >>> holes(Kingdom.from_text("W W W / W C . / W W W").to_bits())   # (0, 2) is still free
    0
    """
    free = kingdom.free()
    return (free & ~kingdom.geometry.dilate(free)).bit_count()


def adjacent_pairs(kingdom: BitKingdom) -> int:
    """Pairs of neighbour squares of one terrain (a measure of how compact properties are).

    >>> from kingdomino_kit.kingdom import Kingdom
    >>> adjacent_pairs(Kingdom.from_text("W W / C W").to_bits())
    2
    """
    w = kingdom.geometry.stride
    pairs = 0
    for t in kingdom.terrain:  # a loop, not sum() of a generator: the fast greedy asks often
        pairs += (t & (t >> 1)).bit_count() + (t & (t >> w)).bit_count()
    return pairs


def placements(masks: Masks, shifts: Sequence[int]) -> Iterator[tuple[int, int]]:
    """The bits (first half, second half) of each placement of ``masks`` (a domino's legal
    placements by direction, :meth:`~kingdomino_kit.bitkingdom.BitKingdom.legal_masks`;
    ``shifts``: the geometry's, from the first half to the second), in the order of legal
    placements.

    >>> k = BitKingdom()
    >>> first, second = next(placements(k.legal_masks(0, 5, double=False), k.geometry.shifts))
    >>> (first, second) == k.nth_placement(k.legal_masks(0, 5, double=False), 0)
    True
    """
    for d in range(4):
        mask = masks[d]
        shift = shifts[d]
        while mask:
            low = mask & -mask
            first = low.bit_length() - 1
            yield first, first + shift
            mask ^= low


def pick_best(values: Sequence[float], rng: random.Random) -> int:
    """The index of the largest value; ties (within 1e-9) broken by ``rng``, which is drawn
    only when there is a tie.

    >>> pick_best([1.0, 3.0, 2.0], random.Random(0))
    1
    """
    top = max(values)
    ties = [i for i, v in enumerate(values) if v > top - 1e-9]
    return ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]


class Greedy:
    """The greedy values for one game's options (see the module): ``hole`` (default 3) per cell
    no domino can cover, ``adjacency`` (default ½) per pair of neighbour squares of one
    terrain; ``lookahead`` (default on) judges a placement with the claim after it."""

    __slots__ = ("rules", "hole", "lookahead", "adjacency")

    def __init__(self, options: GameOptions | None = None, *, hole: float | None = None,
                 lookahead: bool = True, adjacency: float | None = None) -> None:
        o = options or GameOptions()
        self.rules = o.rules
        self.hole = float(hole) if hole is not None else 3.0
        self.lookahead = lookahead
        self.adjacency = float(adjacency) if adjacency is not None else 0.5

    def value(self, kingdom: BitKingdom) -> float:
        """The kingdom's score with the bonuses on, minus ``hole`` per cell none can cover, plus
        ``adjacency`` per pair of neighbour squares of one terrain."""
        total = kingdom.total(self.rules)
        return total - self.hole * holes(kingdom) + self.adjacency * adjacent_pairs(kingdom)

    def after(self, kingdom: BitKingdom, number: int, masks: Masks) -> list[float]:
        """The value of the kingdom after each placement of ``masks`` (domino ``number``), in
        the order of legal placements (:meth:`value` of each; the neighbour pairs are counted
        from the placed cells)."""
        t1, k1, t2, k2, _ = PIECES[number - 1]
        g = kingdom.geometry
        shifts, w = g.shifts, g.stride
        total_after, dilate = kingdom.total_after, g.dilate
        rules, hole, adjacency = self.rules, self.hole, self.adjacency
        first_terrain, second_terrain = kingdom.terrain[t1], kingdom.terrain[t2]
        base = adjacency * (adjacent_pairs(kingdom) + (t1 == t2))
        score = kingdom.score()
        out = []
        for first, second in placements(masks, shifts):
            low, high = 1 << first, 1 << second
            pairs = (((low << 1) | (low >> 1) | (low << w) | (low >> w)) & first_terrain
                     ).bit_count() + (((high << 1) | (high >> 1) | (high << w) | (high >> w))
                                      & second_terrain).bit_count()
            total, free = total_after(first, second, t1, k1, t2, k2, rules=rules, score=score)
            out.append(total + base + adjacency * pairs - hole * (free & ~dilate(free)).bit_count())
        return out

    def best_after(self, kingdom: BitKingdom, number: int,
                   after: Callable[[int, Masks], list[float]] | None = None) -> float:
        """The best value the kingdom reaches with domino ``number`` (it fits nowhere: the value
        as it is, less :data:`NO_PLACEMENT`); ``after(number, masks)``: the values after each
        placement (default :meth:`after`)."""
        t1, _, t2, _, double = PIECES[number - 1]
        masks = kingdom.legal_masks(t1, t2, double)
        if not any(masks):
            return self.value(kingdom) - NO_PLACEMENT
        if after is None:
            return max(self.after(kingdom, number, masks))
        return max(after(number, masks))

    def claim_values(self, kingdom: BitKingdom, numbers: Sequence[int]) -> list[float]:
        """The value of claiming each domino of ``numbers``."""
        return [self.best_after(kingdom, n) for n in numbers]

    def joint_values(self, kingdom: BitKingdom, number: int, masks: Masks,
                     claimable: Sequence[int], discard: bool) -> list[list[float]]:
        """For each placement of ``masks`` (index order), then the discard if ``discard``: the
        value of claiming each of the ``claimable`` dominoes after it (the best the kingdom
        reaches with both)."""
        t1, k1, t2, k2, _ = PIECES[number - 1]
        shifts = kingdom.geometry.shifts
        bounds = kingdom.bounds
        rows = []
        for first, second in placements(masks, shifts):
            kingdom.put(first, second, t1, k1, t2, k2)
            rows.append(self.claim_values(kingdom, claimable))
            kingdom.remove(first, second, bounds)
        if discard:
            rows.append([v - NO_PLACEMENT for v in self.claim_values(kingdom, claimable)])
        return rows

    def placement_values(self, kingdom: BitKingdom, number: int, masks: Masks, count: int,
                         claimable: Sequence[int], discard: bool) -> list[float]:
        """The value of each placement (index order), then of the discard if ``discard``: with
        the look-ahead, the best over the ``claimable`` dominoes of the line of the kingdom
        with that domino placed too."""
        if self.lookahead and claimable:
            return [max(row) for row in self.joint_values(kingdom, number, masks, claimable,
                                                           discard)]
        values = self.after(kingdom, number, masks)
        if discard:
            values.append(self.value(kingdom) - NO_PLACEMENT)
        return values

    def choose_placement(self, kingdom: BitKingdom, number: int, masks: Masks, count: int,
                         claimable: Sequence[int], discard: bool, rng: random.Random) -> int:
        """The index of the best placement (``count``: discard)."""
        return pick_best(self.placement_values(kingdom, number, masks, count, claimable,
                                               discard), rng)

    def choose_claim(self, kingdom: BitKingdom, numbers: Sequence[int], rng: random.Random,
                     after: Callable[[int, Masks], list[float]] | None = None) -> int:
        """The index in ``numbers`` of the best domino to claim. ``after(number, masks)``: the
        values after each placement (default :meth:`after`; a caller that keeps them gives its
        own)."""
        if after is None:
            return pick_best(self.claim_values(kingdom, numbers), rng)
        return pick_best([self.best_after(kingdom, n, after) for n in numbers], rng)


class GreedyPolicy:
    """The greedy player as a :class:`~kingdomino_kit.game.playout.BitGame` policy: the
    choices :class:`~kingdomino_kit.game.bots.GreedyBot` makes, with its draws.

    Without look-ahead (the playouts' one-step greedy) the values of a domino's placements are
    kept from the claim that judged them to the turn that places it, when the kingdom has not
    changed meanwhile (the same kingdom, the same values: nothing is judged twice)."""

    __slots__ = ("greedy", "rng", "_after")

    def __init__(self, greedy: Greedy, rng: random.Random) -> None:
        self.greedy = greedy
        self.rng = rng
        self._after: dict[tuple[tuple[int, ...], int], list[float]] = {}

    def _values(self, kingdom: BitKingdom, number: int, masks: Masks) -> list[float]:
        key = (kingdom.key(), number)
        values = self._after.get(key)
        if values is None:
            values = self._after[key] = self.greedy.after(kingdom, number, masks)
        return values

    def place(self, game: BitGame, king: int, number: int, masks: Masks, count: int) -> int:
        """The best placement (or the discard, when offered and best)."""
        kingdom = game.kingdom_bits(game.owner(king))
        claimable = [game.line[i].number for i in game.free_slots()]
        discard = not (count and game.strict_discard)
        if self.greedy.lookahead and claimable:
            return self.greedy.choose_placement(kingdom, number, masks, count, claimable,
                                                discard, self.rng)
        values = self._values(kingdom, number, masks)
        if discard:
            values = [*values, self.greedy.value(kingdom) - NO_PLACEMENT]
        return pick_best(values, self.rng)

    def claim(self, game: BitGame, king: int, free: list[int]) -> int:
        """The best free domino of the line."""
        kingdom = game.kingdom_bits(game.owner(king))
        if self.greedy.lookahead:
            return free[self.greedy.choose_claim(kingdom, [game.line[i].number for i in free],
                                                 self.rng)]
        numbers = [game.line[i].number for i in free]
        return free[self.greedy.choose_claim(kingdom, numbers, self.rng,
                                             lambda n, masks: self._values(kingdom, n, masks))]
