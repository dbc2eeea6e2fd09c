"""The best kingdom by an exact search over a fixed frame, cell by cell (pure Python).

The search of :mod:`.exact` builds kingdoms domino by domino from the castle; its bound (each
terrain as one property) stays loose until the end, and twelve dominoes on 5×5 are out of its
reach. This one fills a fixed size × size frame instead, for each position of the castle in it
(up to the frame's symmetries), one cell at a time in reading order: the first undecided cell
takes a half of a remaining domino (the other half right of it or below it, either way round)
or stays empty. A property whose squares have no undecided neighbour is *closed*: it scores
exactly what it scores now. So the bound of a partial frame is

- the closed properties' scores, plus, per terrain, (the squares of its open properties and
  of the dominoes left) × (their crowns) — as if they all became one property; or less, where
  an open property is too far from the others for the squares of its terrain left to join
  them (it then ends apart);
- less the least any one remaining domino adds to that, when the cells left cannot hold the
  dominoes left (one at least will stay out);
- plus each bonus still within reach (Middle Kingdom: every square within reach of the castle
  as the centre; Harmony: no empty cell yet and squares enough to fill the frame).

A finished frame counts only if it can be built by the rules: every domino reached from the
castle through squares of its own terrain on other dominoes (or beside the castle) — then
placing the dominoes in the order they are reached is legal. Dominoes of the same squares are
one kind (which of them goes where does not matter).

Adding a domino never lowers a kingdom's score (properties only grow and merge), nor takes
away a bonus inside the frame; so the best frame is the best kingdom from any subset of the
dominoes, and the discard rule (a domino left out fits nowhere) is met by placing what still
fits, best first (:func:`complete`) — checked: the answer is the kingdom so completed.

The search runs against a target: "a kingdom scoring more than t?", with t from the bound
down; the first yes is improved to the best above t, and a no lowers t — so the score levels
above the optimum are refuted cheaply, with the strongest pruning.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.rules import POINTS, Rules

__all__ = ["FrameResult", "castle_cells", "complete", "domino_kinds", "frame_search", "top_level"]

TERRAIN_COUNT = 6
FIRST_BUDGET = 2000
"""The nodes each castle cell is given in the first round of :func:`frame_search`."""


class Grid:
    """The geometry of an n × n frame as bit masks (cell r·n + c is bit r·n + c)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.full = (1 << n * n) - 1
        col0 = sum(1 << r * n for r in range(n))
        self.not_first = self.full & ~col0
        self.not_last = self.full & ~(col0 << (n - 1))

    def grow(self, m: int) -> int:
        """``m`` and its orthogonal neighbours."""
        n = self.n
        return (m | ((m << 1) & self.not_first) | ((m >> 1) & self.not_last)
                | (m << n) | (m >> n)) & self.full

    def regions(self, m: int) -> Iterator[int]:
        """The connected parts of ``m``."""
        while m:
            r = m & -m
            while True:
                g = self.grow(r) & m
                if g == r:
                    break
                r = g
            yield r
            m &= ~r


def castle_cells(n: int) -> list[int]:
    """One castle cell of each class under the square's 8 symmetries, the centre first."""
    h = (n - 1) // 2
    cells = [(r, c) for r in range(h + 1) for c in range(r, h + 1)]
    cells.sort(key=lambda rc: -(rc[0] + rc[1]))
    return [r * n + c for r, c in cells]


class FrameResult:
    """What :func:`frame_search` found: the best value (−1 if none above the target), the
    castle cell and the placements (cell of the first half, of the second, domino), and
    whether the search ran to the end (``capped``: it stopped at a cap on its nodes, not at its
    deadline; ``off_schedule``: the clock cut a round short before, so another run might
    have found another filling first)."""

    def __init__(self) -> None:
        self.value = -1
        self.castle = -1
        self.layout: list[tuple[int, int, Domino]] = []
        self.complete = True
        self.nodes = 0
        self.capped = False
        self.off_schedule = False


def domino_kinds(doms: Sequence[Domino]) -> tuple[list[tuple[int, int, int, int]],
                                                  list[list[Domino]]]:
    """The dominoes by kind — (terrain, crowns) of both halves, the smaller half first: the
    same kind places the same way — and each kind's dominoes, in the order first met."""
    kinds: dict[tuple[int, int, int, int], list[Domino]] = {}
    for d in doms:
        a = (d.first.terrain_index, d.first.crowns)
        b = (d.second.terrain_index, d.second.crowns)
        kinds.setdefault((*a, *b) if a <= b else (*b, *a), []).append(d)
    return list(kinds), list(kinds.values())


class _Frame:
    """One search over the frames: kinds of dominoes left, the cells decided, the best."""

    def __init__(self, doms: Sequence[Domino], rules: Rules, deadline: float,
                 result: FrameResult, place_all: bool, start: Kingdom | None,
                 cap: int | None) -> None:
        self.g = Grid(rules.size)
        self.place_all = place_all
        self.cap = len(doms) if cap is None else min(cap, len(doms))
        self.start_squares = list(start.squares()) if start is not None else []
        self.start_terrain = [0] * TERRAIN_COUNT
        self.rules, self.deadline, self.result = rules, deadline, result
        self.kinds, self.members = domino_kinds(doms)
        self.count = [len(m) for m in self.members]
        self.left_sq = [0] * TERRAIN_COUNT
        self.left_cr = [0] * TERRAIN_COUNT
        for (t1, c1, t2, c2), m in zip(self.kinds, self.members, strict=True):
            self.left_sq[t1] += len(m)
            self.left_sq[t2] += len(m)
            self.left_cr[t1] += c1 * len(m)
            self.left_cr[t2] += c2 * len(m)
        self.terrain = [0] * TERRAIN_COUNT
        self.crowns = [0, 0, 0, 0]   # masks of the squares with 1, 2, 3 crowns (index 0 unused)
        self.placed: list[tuple[int, int, int, bool]] = []
        self.free = 0
        self.pick = 0
        self.limit = 0
        self.cut = False
        self.holes = 0
        self.castle = 0
        self.within = 0
        self.best = -1

    # ------------------------------------------------------------------ bound and value
    def _crowns_of(self, r: int) -> int:
        c = self.crowns
        return (r & c[1]).bit_count() + 2 * (r & c[2]).bit_count() + 3 * (r & c[3]).bit_count()

    def bound(self) -> int:
        g, free = self.g, self.free
        total = 0
        open_sq = [0] * TERRAIN_COUNT
        open_cr = [0] * TERRAIN_COUNT
        need = 0
        openings: list[tuple[int, int, int]] = []
        apart = 0
        for t in range(TERRAIN_COUNT):
            n_t, k_t = self.left_sq[t], self.left_cr[t]
            need += n_t
            s = c = 0
            parts = []
            for r in g.regions(self.terrain[t]):
                cr = self._crowns_of(r)
                exits = g.grow(r) & free
                if exits:
                    s += r.bit_count()
                    c += cr
                    openings.append((exits.bit_count(), t, exits))
                    parts.append((r, cr))
                elif cr:
                    total += r.bit_count() * cr
            open_sq[t], open_cr[t] = s + n_t, c + k_t
            total += open_sq[t] * open_cr[t]
            if len(parts) > 1 and open_cr[t]:
                apart += open_sq[t] * open_cr[t] - self._apart(parts, n_t, k_t, s, c)
        self.pick = self._pick(openings, open_sq, open_cr)
        room = free.bit_count()
        if need > room and self.place_all:
            return -1
        split = total - apart
        out = max((need - room + 1) // 2, sum(self.count) - (self.cap - len(self.placed)))
        if out > 0:  # dominoes left stay out (no room, or the cap): the least they could add
            total -= self._least_loss(open_sq, open_cr, out)
        total = min(total, split)
        if self.rules.middle_kingdom and not self._placed_mask() & ~self.within:
            total += POINTS["middle_kingdom"]
        if self.rules.harmony and not self.holes and \
                min(need, 2 * (self.cap - len(self.placed))) >= room:
            total += POINTS["harmony"]
        return total

    def _pick(self, openings: list[tuple[int, int, int]], s: list[int],
              c: list[int]) -> int:
        """The cell to decide next: a free neighbour of the open property with the fewest,
        among those that score and have squares of their terrain to meet (deciding it closes
        the property or grows it, which the bound sees at once); else the first free cell."""
        best = None
        for exits, t, mask in openings:
            if c[t] and (best is None or exits < best[0]):
                best = (exits, mask)
        mask = best[1] if best is not None else self.free
        return mask & -mask

    def _apart(self, parts: list[tuple[int, int]], n: int, k: int, s: int, c: int) -> int:
        """A bound on one terrain's properties when one of its open properties cannot meet
        any other: no path of at most ``n`` (the squares of the terrain left) free cells joins
        them. Then it ends apart, with x of the squares left and y of their crowns: at most
        (a + x)(b + y) + (s − a + n − x)(c − b + k − y), bilinear, so highest at a corner of
        0 ≤ x ≤ n, 0 ≤ y ≤ k. The least such bound over the properties cut off; the merged
        bound (s + n)(c + k) if none is."""
        g, free = self.g, self.free
        best = (s + n) * (c + k)
        every = 0
        for r, _ in parts:
            every |= r
        for r, b in parts:
            others = every & ~r
            front = r
            joined = False
            for _ in range(n + 1):
                grown = g.grow(front)
                if grown & others:
                    joined = True
                    break
                nxt = front | (grown & free)
                if nxt == front:
                    break
                front = nxt
            if joined:
                continue
            a = r.bit_count()
            term = max((a + x) * (b + y) + (s - a + n - x) * (c - b + k - y)
                       for x in (0, n) for y in (0, k))
            best = min(best, term)
        return best

    def _least_loss(self, s: list[int], c: list[int], out: int) -> int:
        """The least the bound loses when ``out`` of the dominoes left stay out; ``s`` and
        ``c`` are each terrain's open squares and crowns (the dominoes left included).

        One domino out loses exactly (S·C − (S − s)(C − c)) on its terrains; for more, the
        loss of a set is at least the sum over its halves of their terrain's C, and at least
        the sum of their crowns × their terrain's S (both sums add up, so the ``out`` least
        terms give a bound)."""
        least = None
        alphas: list[int] = []
        betas: list[int] = []
        for (t1, c1, t2, c2), count in zip(self.kinds, self.count, strict=True):
            if not count:
                continue
            if t1 == t2:
                loss = s[t1] * c[t1] - (s[t1] - 2) * (c[t1] - c1 - c2)
            else:
                loss = (s[t1] * c[t1] - (s[t1] - 1) * (c[t1] - c1)
                        + s[t2] * c[t2] - (s[t2] - 1) * (c[t2] - c2))
            if least is None or loss < least:
                least = loss
            if out > 1:
                alphas += [c[t1] + c[t2]] * count
                betas += [c1 * s[t1] + c2 * s[t2]] * count
        if out > 1:
            alphas.sort()
            betas.sort()
            return max(least or 0, sum(alphas[:out]), sum(betas[:out]))
        return least or 0

    def _placed_mask(self) -> int:
        m = 0
        for t in self.terrain:
            m |= t
        return m

    def value(self) -> int:
        g = self.g
        score = 0
        for t in range(TERRAIN_COUNT):
            for r in g.regions(self.terrain[t]):
                cr = self._crowns_of(r)
                if cr:
                    score += r.bit_count() * cr
        placed = self._placed_mask()
        if self.rules.middle_kingdom and not placed & ~self.within:
            score += POINTS["middle_kingdom"]
        if self.rules.harmony and placed | self.castle == g.full:
            score += POINTS["harmony"]
        return score

    def reach_order(self) -> list[int] | None:
        """The placed dominoes (indices) in an order that builds them legally, or None if one
        cannot be reached from the castle through its own terrain."""
        g = self.g
        reached = list(self.start_terrain)   # the start kingdom's squares: reached already
        castle_side = g.grow(self.castle)
        todo = list(range(len(self.placed)))
        order: list[int] = []
        progress = True
        while todo and progress:
            progress = False
            rest = []
            for p in todo:
                i, j, kind, flip = self.placed[p]
                t1, _, t2, _ = self.kinds[kind]
                ti, tj = (t2, t1) if flip else (t1, t2)
                bi, bj = 1 << i, 1 << j
                if (bi | bj) & castle_side or g.grow(bi) & reached[ti] \
                        or g.grow(bj) & reached[tj]:
                    reached[ti] |= bi
                    reached[tj] |= bj
                    order.append(p)
                    progress = True
                else:
                    rest.append(p)
            todo = rest
        return None if todo else order

    # ------------------------------------------------------------------ the search
    def run(self) -> None:
        result = self.result
        result.nodes += 1
        if result.nodes >= self.limit:
            self.cut = True
        if result.nodes % 256 == 0 and time.monotonic() > self.deadline:
            result.complete = False
        if self.cut or not result.complete or self.bound() <= self.best:
            return
        free = self.free
        if not free or len(self.placed) == self.cap:
            if self.place_all and any(self.count):
                return
            value = self.value()
            if value > self.best:
                order = self.reach_order()
                if order is not None:
                    self._record(value, order)
            return
        low = self.pick
        i = low.bit_length() - 1
        n = self.g.n
        sides = [j for j in (i - n, (i - 1) if i % n else -1, (i + 1) if (i + 1) % n else -1,
                             i + n) if 0 <= j < n * n and free >> j & 1]
        moves = []
        for kind, count in enumerate(self.count):
            if not count:
                continue
            t1, c1, t2, c2 = self.kinds[kind]
            for j in sides:
                moves.append((self._fit(i, t1) + self._fit(j, t2) + c1 + c2, kind, j, False))
                if (t1, c1) != (t2, c2):
                    moves.append((self._fit(i, t2) + self._fit(j, t1) + c1 + c2, kind, j,
                                  True))
        moves.sort(key=lambda m: -m[0])
        for _, kind, j, flip in moves:
            self._put(i, j, kind, flip, 1)
            self.run()
            self._put(i, j, kind, flip, -1)
        self.free &= ~low     # the cell left empty
        self.holes |= low
        self.run()
        self.holes &= ~low
        self.free |= low

    def _fit(self, i: int, t: int) -> int:
        """How many decided neighbours of cell ``i`` are of terrain ``t`` (×2)."""
        return 2 * (self.g.grow(1 << i) & self.terrain[t]).bit_count()

    def _put(self, i: int, j: int, kind: int, flip: bool, sign: int) -> None:
        t1, c1, t2, c2 = self.kinds[kind]
        if flip:
            t1, c1, t2, c2 = t2, c2, t1, c1
        bi, bj = 1 << i, 1 << j
        self.count[kind] -= sign
        self.left_sq[t1] -= sign
        self.left_sq[t2] -= sign
        self.left_cr[t1] -= sign * c1
        self.left_cr[t2] -= sign * c2
        self.terrain[t1] ^= bi
        self.terrain[t2] ^= bj
        if c1:
            self.crowns[c1] ^= bi
        if c2:
            self.crowns[c2] ^= bj
        self.free ^= bi | bj
        if sign > 0:
            self.placed.append((i, j, kind, flip))
        else:
            self.placed.pop()

    def _record(self, value: int, order: list[int]) -> None:
        self.best = value
        used = [0] * len(self.kinds)
        layout = []
        for p in order:
            i, j, kind, flip = self.placed[p]
            d = self.members[kind][used[kind]]
            used[kind] += 1
            a = (d.first.terrain_index, d.first.crowns)
            t1, c1, _, _ = self.kinds[kind]
            first_at_i = (a == (t1, c1)) != flip
            layout.append((i, j, d) if first_at_i else (j, i, d))
        result = self.result
        result.value, result.castle, result.layout = value, self.castle_cell, layout

    def over(self, castle: int) -> None:
        """Search the frames with the castle at cell ``castle`` (none if the start kingdom
        does not fit in the frame so)."""
        g, n = self.g, self.g.n
        cr, cc = divmod(castle, n)
        start = self._start_squares(cr, cc)
        if start is None:
            return
        self.castle_cell = castle
        self.castle = 1 << castle
        self.holes = 0
        h = n // 2
        self.within = sum(1 << (r * n + c) for r in range(n) for c in range(n)
                          if abs(r - cr) <= h and abs(c - cc) <= h)
        self._toggle_start(start)
        taken = 0
        for t in self.terrain:
            taken |= t
        self.start_terrain = list(self.terrain)
        self.free = g.full & ~self.castle & ~taken
        self.run()
        self._toggle_start(start)

    def _start_squares(self, cr: int, cc: int) -> list[tuple[int, int, int]] | None:
        """The start kingdom's squares (cell, terrain, crowns) in the frame with the castle at
        row ``cr``, column ``cc``; None if one falls outside."""
        n = self.g.n
        out = []
        for (r, c), half in self.start_squares:
            if not (0 <= cr + r < n and 0 <= cc + c < n):
                return None
            out.append(((cr + r) * n + cc + c, half.terrain_index, half.crowns))
        return out

    def _toggle_start(self, start: list[tuple[int, int, int]]) -> None:
        for cell, t, crowns in start:
            self.terrain[t] ^= 1 << cell
            if crowns:
                self.crowns[crowns] ^= 1 << cell


def frame_search(doms: Sequence[Domino], rules: Rules, deadline: float,
                 above: int, *, place_all: bool = False,
                 start: Kingdom | None = None, cap: int | None = None) -> FrameResult:
    """The best kingdom from any subset of ``doms`` (all of them if ``place_all``), from the
    castle or from ``start``, scoring more than ``above`` (value −1 if there is none), over
    every frame, with at most ``cap`` of them if given; ``complete`` False if ``deadline``
    came first. With a start kingdom every
    castle cell is tried (the symmetries would move the start).

    The castle cells take turns, each searched afresh within a number of nodes that grows
    fourfold each round until every one is done: a good kingdom at one castle cell is found
    early, and its value cuts the search at the others."""
    result = FrameResult()
    search = _Frame(doms, rules, deadline, result, place_all, start, cap)
    search.best = above
    n = rules.size
    todo = castle_cells(n) if start is None or not len(start) else sorted(
        range(n * n), key=lambda cell: abs(cell // n - n // 2) + abs(cell % n - n // 2))
    budget = FIRST_BUDGET
    while todo:
        cut = []
        for castle in todo:
            search.cut, search.limit = False, result.nodes + budget
            search.over(castle)
            if not result.complete:
                return result
            if search.cut:
                cut.append(castle)
        todo, budget = cut, budget * 4
    return result


def to_kingdom(result: FrameResult, size: int, start: Kingdom | None = None) -> Kingdom:
    """The kingdom of a frame found (from ``start``), its dominoes placed in a legal order."""
    cr, cc = divmod(result.castle, size)
    k = start.copy() if start is not None else Kingdom(size)
    for i, j, d in result.layout:
        k.place(Placement(d, (i // size - cr, i % size - cc), (j // size - cr, j % size - cc)))
    return k


def complete(k: Kingdom, left: Sequence[Domino], rules: Rules) -> list[Domino]:
    """Place in ``k`` what still fits of ``left``, the placement worth most first, until nothing
    does; returns the dominoes left out (each fits nowhere in the kingdom so completed)."""
    rest = list(left)
    while True:
        best: tuple[int, int, Placement] | None = None
        for n, d in enumerate(rest):
            for q in k.legal_placements(d):
                k.push(q)
                v = rules.total(k)
                k.undo()
                if best is None or v > best[0]:
                    best = (v, n, q)
        if best is None:
            return rest
        k.place(best[2])
        del rest[best[1]]


def top_level(dominoes: Sequence[Domino], rules: Rules) -> int | None:
    """The score of a layout that fills the frame with every domino and keeps each crowned
    terrain in one property (the terrain bound with every bonus); None when the dominoes do
    not fill the frame exactly (n² − 1 squares, n odd)."""
    n = rules.size
    if 2 * len(dominoes) != n * n - 1 or n % 2 == 0:
        return None
    squares, crowns = [0] * TERRAIN_COUNT, [0] * TERRAIN_COUNT
    for d in dominoes:
        for h in (d.first, d.second):
            squares[h.terrain_index] += 1
            crowns[h.terrain_index] += h.crowns
    return (sum(s * c for s, c in zip(squares, crowns, strict=True))
            + sum(POINTS[b] for b in rules.bonuses))
