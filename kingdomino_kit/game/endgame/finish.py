"""One player's finish in an endgame: the best final key from dominoes placed in a known order,
and bounds of the final key from the dominoes that can still reach a kingdom.

:class:`Finisher` is the single-player half of the endgame search
(:mod:`kingdomino_kit.game.endgame.search`): once a player's dominoes and their order are
fixed, the best finish is a search over their placements alone, and before that the dominoes
that can still reach them bound what they can end with.

**The bound.** A property with no empty cell beside it where a square may still go is closed:
it never grows nor merges. The open properties of a terrain, with ``n`` more squares and ``k``
more crowns, end at most at ``(S + n) × (C + k)`` (properties score at most their squares times
their crowns; ``S`` and ``C``: the open ones' squares and crowns); a terrain that gets nothing
keeps exactly its score. So the final score is at most the score now, plus, for each terrain the
dominoes touch, ``(S + n) × (C + k)`` minus its open properties' score now
(:meth:`Finisher.upper`); the bonuses are added when still in reach (the Middle Kingdom only if
the castle is in the middle now: an extent never shrinks; Harmony only if the dominoes can fill
the grid). When a player will get ``m`` of a set of dominoes (the free dominoes of a line they
still claim from), the bound is the best over every choice of ``m``
(:meth:`Finisher.upper_choosing`).

**The best finish** (:meth:`Finisher.final`) is exact: placements best-first by the score they
give at once, a branch cut when its bound cannot beat the best found (nor tie it earlier in the
order of legal placements), and the last domino valued without putting it
(:meth:`~kingdomino_kit.bitkingdom.BitKingdom.total_after`) — only the placements of the best
score are put to read their tie-break figures. Among equal finishes the first move in the
order of legal placements (the discard last) is the one given.

>>> from kingdomino_kit.bitkingdom import BitKingdom
>>> from kingdomino_kit.rules import POINTS, Rules
>>> f = Finisher(Rules(), strict=True)
>>> k = BitKingdom()
>>> code, move = f.final(k, (1, 2, 19))       # W|W, W|W, then W1|F (one crown)
>>> code // SCALE, f.upper(k, (1, 2, 19))
(5, 5)
"""

from __future__ import annotations

import time
from itertools import combinations
from typing import Any

from kingdomino_kit.bitkingdom import BitKingdom
from kingdomino_kit.game.fast.support import unjudged_points
from kingdomino_kit.game.playout import PIECES
from kingdomino_kit.rules import POINTS, Rules

__all__ = ["DISCARD", "DISCARD_MOVE", "SCALE", "Finisher", "Stop", "encode", "decode"]

SCALE = 10000
"""A score's weight in a code: largest property (at most 49) × 100 + crowns (at most 39) < it."""

DISCARD = (-1, -1)
"""The move that discards the domino to place (a placement is a pair of cell indices)."""

DISCARD_MOVE = -1
"""The same discard as the compiled search's move number (a placement is ``first * 1024 +
second``)."""


class Stop(Exception):  # noqa: N818  (control flow, not an error)
    """The time limit is over (raised inside the search, caught by its caller)."""


def encode(score: int, largest: int, crowns: int) -> int:
    """A tie-break key as one int: the codes order as the keys do.

    >>> encode(12, 5, 3) > encode(12, 4, 30) > encode(11, 49, 39)
    True
    """
    return score * SCALE + largest * 100 + crowns


def decode(code: int) -> tuple[int, int, int]:
    """The (score, largest property, crowns) of a code.

    >>> decode(encode(12, 5, 3))
    (12, 5, 3)
    """
    score, rest = divmod(code, SCALE)
    return score, rest // 100, rest % 100


Facts = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, bool]
"""Per terrain its open properties' squares, crowns and score; the score, occupied cells and
whether the castle is in the middle (:func:`terrain_facts`)."""


def terrain_facts(kingdom: BitKingdom) -> Facts:
    """Per terrain: the squares and crowns of its *open* properties (those beside a cell a
    square may still take: only they can grow or merge) and their score; then the score, the
    occupied cells (castle included) and whether the castle is in the middle now."""
    w = kingdom.geometry.stride
    c1, c2 = kingdom.crown1, kingdom.crown2
    free = kingdom.free()
    near = (free << 1) | (free >> 1) | (free << w) | (free >> w)
    squares, crowns, scores = [], [], []
    score = 0
    for region in kingdom.terrain:
        rest = region
        open_s = open_c = open_score = 0
        while rest:
            comp = rest & -rest
            while True:  # Geometry.fill, inlined
                grown = (comp | (comp << 1) | (comp >> 1) | (comp << w) | (comp >> w)) & region
                if grown == comp:
                    break
                comp = grown
            rest &= ~comp
            size = comp.bit_count()
            crown = (comp & c1).bit_count() + 2 * (comp & c2).bit_count()
            score += size * crown
            if comp & near:
                open_s += size
                open_c += crown
                open_score += size * crown
        squares.append(open_s)
        crowns.append(open_c)
        scores.append(open_score)
    return (tuple(squares), tuple(crowns), tuple(scores), score,
            kingdom.occupied.bit_count(), kingdom.is_middle_kingdom())


class Finisher:
    """The caches and single-player searches of an endgame (see the module). ``rules``: size
    and bonuses; ``strict``: discard only without a placement. ``nodes`` counts the positions
    searched; past ``node_limit`` or the ``time.perf_counter()`` value ``deadline``,
    :class:`Stop` is raised."""

    def __init__(self, rules: Rules, *, strict: bool) -> None:
        self.rules = rules
        self.middle = POINTS["middle_kingdom"] if rules.middle_kingdom else 0
        self.harmony = POINTS["harmony"] if rules.harmony else 0
        self.unjudged = unjudged_points(rules)
        self.losable = sum(POINTS[name] for name in rules.bonuses if name != "harmony")
        """The points of the bonuses in play that a later placement may lose (all but Harmony:
        a full kingdom takes no more dominoes), taken off a lowest final key."""
        self.strict = strict
        self.nodes = 0
        self.deadline = float("inf")
        self.node_limit = 1 << 62
        self.finals: dict[Any, tuple[int, Any]] = {}
        self.facts_of: dict[Any, Facts] = {}
        self.uppers: dict[Any, int] = {}
        self.placed: dict[Any, list[Any]] = {}

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise Stop
        if not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise Stop

    # ------------------------------------------------------------------ moves and values
    def placements(self, kingdom: BitKingdom, number: int) -> list[Any]:
        """Where domino ``number`` may go in ``kingdom`` (and the discard, when legal), in
        the order of legal placements."""
        t1, _, t2, _, double = PIECES[number - 1]
        out: list[Any] = []
        shifts = kingdom.geometry.shifts
        for d, mask in enumerate(kingdom.legal_masks(t1, t2, double)):
            step = shifts[d]
            while mask:
                low = mask & -mask
                first = low.bit_length() - 1
                out.append((first, first + step))
                mask ^= low
        if not out or not self.strict:
            out.append(DISCARD)
        return out

    def facts(self, kingdom: BitKingdom, key: Any = None) -> Facts:
        """:func:`terrain_facts` of the kingdom (``key``: its :meth:`BitKingdom.key`), cached."""
        if key is None:
            key = kingdom.key()
        hit = self.facts_of.get(key)
        if hit is None:
            hit = self.facts_of[key] = terrain_facts(kingdom)
        return hit

    def score(self, kingdom: BitKingdom, key: Any = None) -> int:
        """The kingdom's property score, cached."""
        return self.facts(kingdom, key)[3]

    def code(self, kingdom: BitKingdom) -> int:
        """The kingdom's final tie-break key as a code."""
        return encode(kingdom.total(self.rules), kingdom.largest_property(), kingdom.crowns())

    def gains(self, kingdom: BitKingdom, number: int, key: Any = None) -> list[tuple[int, Any]]:
        """(total at once, move) of every move of domino ``number``, in the order of legal
        placements (the discard: the total now); cached."""
        if key is None:
            key = kingdom.key()
        k = (key, number)
        hit = self.placed.get(k)
        if hit is not None:
            return hit
        t1, k1, t2, k2, _ = PIECES[number - 1]
        rules = self.rules
        score = self.score(kingdom, key)
        out = []
        for move in self.placements(kingdom, number):
            if move == DISCARD:
                out.append((kingdom.total(rules), move))
            else:
                out.append((kingdom.total_after(move[0], move[1], t1, k1, t2, k2, rules=rules,
                                                score=score)[0], move))
        self.placed[k] = out
        return out

    # ------------------------------------------------------------------ bounds
    def upper(self, kingdom: BitKingdom, numbers: tuple[int, ...], key: Any = None) -> int:
        """The highest final score (bonuses in play included) the kingdom can reach with
        ``numbers`` placed on it (see the module)."""
        squares, crowns, scores, total, occupied, middle = self.facts(kingdom, key)
        add_s: dict[int, int] = {}
        add_c: dict[int, int] = {}
        for n in numbers:
            t1, k1, t2, k2, _ = PIECES[n - 1]
            add_s[t1] = add_s.get(t1, 0) + 1
            add_c[t1] = add_c.get(t1, 0) + k1
            add_s[t2] = add_s.get(t2, 0) + 1
            add_c[t2] = add_c.get(t2, 0) + k2
        for t, s in add_s.items():
            total += (squares[t] + s) * (crowns[t] + add_c[t]) - scores[t]
        if middle:
            total += self.middle
        if occupied + 2 * len(numbers) >= kingdom.size ** 2:
            total += self.harmony
        return total + self.unjudged

    def upper_choosing(self, kingdom: BitKingdom, fixed: tuple[int, ...],
                       choices: tuple[tuple[int, tuple[int, ...]], ...]) -> int:
        """The highest :meth:`upper` over the ways to get ``fixed`` and, for each ``(m,
        pool)`` of ``choices``, ``m`` dominoes of ``pool``; cached."""
        key = kingdom.key()
        k = (key, fixed, choices)
        hit = self.uppers.get(k)
        if hit is not None:
            return hit
        options: list[tuple[int, ...]] = [fixed]
        for m, pool in choices:
            if m >= len(pool):
                options = [o + pool for o in options]
            else:
                options = [o + c for o in options for c in combinations(pool, m)]
        best = max(self.upper(kingdom, o, key) for o in options)
        self.uppers[k] = best
        return best

    # ------------------------------------------------------------------ the best finish
    def final(self, kingdom: BitKingdom, dominoes: tuple[int, ...]) -> tuple[int, Any]:
        """(best final code, its first move) placing ``dominoes`` in order; cached."""
        key = (kingdom.key(), dominoes)
        hit = self.finals.get(key)
        if hit is not None:
            return hit
        if not dominoes:
            found: tuple[int, Any] = (self.code(kingdom), None)
            self.finals[key] = found
            return found
        self._tick()
        if len(dominoes) == 1:
            found = self._last(kingdom, dominoes[0], key[0])
        else:
            found = self._branch(kingdom, dominoes, key[0])
        self.finals[key] = found
        return found

    def _last(self, kingdom: BitKingdom, number: int, key: Any) -> tuple[int, Any]:
        """The best finish with one domino: only the moves of the best total are put."""
        gains = self.gains(kingdom, number, key)
        top = max(g for g, _ in gains)
        t1, k1, t2, k2, _ = PIECES[number - 1]
        best, best_move = -1, None
        for total, move in gains:
            if total != top:
                continue
            if move == DISCARD:
                value = self.code(kingdom)
            else:
                bounds = kingdom.rmin, kingdom.rmax, kingdom.cmin, kingdom.cmax
                kingdom.put(move[0], move[1], t1, k1, t2, k2)
                value = encode(total, kingdom.largest_property(), kingdom.crowns())
                kingdom.remove(move[0], move[1], bounds)
            if value > best:
                best, best_move = value, move
        return best, best_move

    def _branch(self, kingdom: BitKingdom, dominoes: tuple[int, ...], key: Any
                ) -> tuple[int, Any]:
        """The best finish with two dominoes or more: best-first, cut by :meth:`upper`."""
        number, rest = dominoes[0], dominoes[1:]
        gains = self.gains(kingdom, number, key)
        t1, k1, t2, k2, _ = PIECES[number - 1]
        order = sorted(range(len(gains)), key=lambda i: -gains[i][0])
        best, best_move, best_i = -1, None, len(gains)
        for i in order:
            move = gains[i][1]
            if move == DISCARD:
                if (self.upper(kingdom, rest, key) + 1) * SCALE - 1 >= best:
                    value = self.final(kingdom, rest)[0]
                    if value > best or (value == best and i < best_i):
                        best, best_move, best_i = value, move, i
                continue
            bounds = kingdom.rmin, kingdom.rmax, kingdom.cmin, kingdom.cmax
            kingdom.put(move[0], move[1], t1, k1, t2, k2)
            try:
                high = (self.upper(kingdom, rest) + 1) * SCALE - 1
                if high > best or (high == best and i < best_i):
                    value = self.final(kingdom, rest)[0]
                    if value > best or (value == best and i < best_i):
                        best, best_move, best_i = value, move, i
            finally:
                kingdom.remove(move[0], move[1], bounds)
        return best, best_move
