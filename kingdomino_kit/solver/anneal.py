"""Annealing: a primal heuristic that finds full layouts by simulated annealing.

A layout here covers the whole frame: the castle on one cell and every other cell in one of the
(N² − 1) / 2 *slots* of a domino tiling, each slot holding a domino of the set (either way round)
or a gap. The walk changes a layout by a random move —

* swap what two slots hold (or a slot and a domino left out), each turned at random;
* turn one domino round;
* turn two parallel slots of a 2 × 2 square the other way;
* slide a slot into the castle's cell, so the castle moves two cells (not with a fixed castle);

— and scores it exactly (properties by flood fill on bit masks, plus the bonuses switched on),
keeping a worse layout with the Metropolis probability exp(Δ / temperature) at a temperature
that falls geometrically over the iterations. These moves reach every tiling, so the walk can
reach every full layout. It keeps the best layout that the rules can build (every domino chained
to the castle); the search (:mod:`.search`) replays it through :meth:`Kingdom.place` like every
other layout. Its value: on 7 × 7, where the CP-SAT models find good layouts slowly, a layout
whose every crowned terrain is one property — scoring the terrain bound, so proven best at once
— is often found in seconds.

Deterministic for a seed and an iteration budget (a deadline, when given, can only cut it short).

>>> from kingdomino_kit.dominoes import dominoes
>>> found = anneal(dominoes("48,47,46"), size=5, iterations=3000, seed=1)
>>> found.score                     # the three mines in one property: 3 squares × 7 crowns
21
>>> len(found.placements)
3
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.errors import InvariantError
from kingdomino_kit.kingdom import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS
from kingdomino_kit.rules import DEFAULT_RULES, Rules
from kingdomino_kit.solver.inputs import FrameCell

__all__ = ["Annealed", "anneal", "anneal_runs"]

GAP = -1
HOT, COLD = 1.5, 0.4
"""The temperatures at the start and the end of a walk. Measured on the ten Mighty Duel sets of
``make bench`` (400,000 iterations, seed 0): from 8 to 0.05, 6 of 10 walks reached the terrain
bound; from 1.5 to 0.4, more and sooner (``docs/solver.md``)."""


@dataclass(frozen=True)
class Annealed:
    """The best buildable layout the walk met: its score (bonuses included) and its dominoes as
    ``(domino, first half's frame cell, second half's frame cell)``, with the castle's cell;
    ``cut``: a deadline or the stop event ended the walk before its iterations or its target
    (a walk not cut is a function of its arguments alone)."""

    score: int
    castle: FrameCell
    placements: tuple[tuple[Domino, FrameCell, FrameCell], ...]
    iterations: int
    cut: bool = False


class _Layout:
    """A full layout: castle cell, slots (cell pairs, cells as r·(N+1)+c), what each slot holds
    (an index into the pieces, gaps included, and which way round) and the cell masks."""

    def __init__(self, dominoes: Sequence[Domino], size: int, rng: random.Random,
                 castle: FrameCell | None, gaps: int) -> None:
        self.n, self.stride = size, size + 1
        self.dominoes = list(dominoes)
        self.halves = [((d.first.terrain.index, d.first.crowns),
                        (d.second.terrain.index, d.second.crowns)) for d in dominoes]
        slots = (size * size - 1) // 2
        self.pieces = list(range(len(dominoes))) + [GAP] * (max(0, slots - len(dominoes)) + gaps)
        rng.shuffle(self.pieces)  # the first `slots` are on the board, the rest left out
        self.inside = [self.cell(r, c) for r in range(size) for c in range(size)]
        self.adjacent = {u: self._adjacent(u) for u in self.inside}
        self.fixed_castle = castle is not None
        if castle is None:
            light = [(r, c) for r in range(size) for c in range(size) if (r + c) % 2 == 0]
            castle = rng.choice(light)
        self.castle = self.cell(*castle)
        self.slots = _tiling(self, rng)
        self.turn = [rng.randrange(2) for _ in self.slots]
        self.slot_at: dict[int, int] = {}
        self.terrain: dict[int, int] = {}
        self.crown: dict[int, int] = {}
        self.masks = [0] * 6
        self.crown_masks = [0, 0, 0, 0]
        self.scores = [0] * 6  # each terrain's score, valid unless dirty
        self.dirty = set(range(6))
        for s in range(len(self.slots)):
            self.paint(s)

    def cell(self, r: int, c: int) -> int:
        return r * self.stride + c

    def frame(self, u: int) -> FrameCell:
        return divmod(u, self.stride)

    def near(self, u: int) -> list[int]:
        return self.adjacent[u]

    def _adjacent(self, u: int) -> list[int]:
        r, c = divmod(u, self.stride)
        n = self.n
        return [self.cell(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < n and 0 <= c + dc < n]

    def _set(self, u: int, value: tuple[int, int] | None) -> None:
        bit = 1 << u
        if u in self.terrain:
            t = self.terrain.pop(u)
            self.masks[t] &= ~bit
            self.crown_masks[self.crown.pop(u)] &= ~bit
            self.dirty.add(t)
        if value is not None:
            t, c = value
            self.terrain[u], self.crown[u] = t, c
            self.masks[t] |= bit
            self.crown_masks[c] |= bit
            self.dirty.add(t)

    def paint(self, s: int) -> None:
        """Write slot ``s``'s content into its cells."""
        a, b = self.slots[s]
        self.slot_at[a] = self.slot_at[b] = s
        piece = self.pieces[s]
        if piece == GAP:
            self._set(a, None)
            self._set(b, None)
            return
        first, second = self.halves[piece]
        if self.turn[s]:
            first, second = second, first
        self._set(a, first)
        self._set(b, second)

    def score(self) -> int:
        """Σ squares × crowns over the properties (bit-parallel flood fill of the terrains
        changed since the last call)."""
        w = self.stride
        c1, c2, c3 = self.crown_masks[1], self.crown_masks[2], self.crown_masks[3]
        crowned_all = c1 | c2 | c3
        for t in self.dirty:
            region = self.masks[t]
            total = 0
            crowned = region & crowned_all
            while crowned:
                comp = crowned & -crowned
                while True:
                    grown = (comp | (comp << 1) | (comp >> 1) | (comp << w) | (comp >> w)) & region
                    if grown == comp:
                        break
                    comp = grown
                crowned &= ~comp
                total += comp.bit_count() * ((comp & c1).bit_count() + 2 * (comp & c2).bit_count()
                                             + 3 * (comp & c3).bit_count())
            self.scores[t] = total
        self.dirty.clear()
        return sum(self.scores)

    def placed(self) -> int:
        return sum(1 for s in range(len(self.slots)) if self.pieces[s] != GAP)

    def buildable(self) -> bool:
        """Every domino chained to the castle by legal connections (same terrain or the same
        domino, or beside the castle)."""
        seen = {self.castle}
        stack = [self.castle]
        while stack:
            u = stack.pop()
            for v in self.near(u):
                if v in seen or v not in self.terrain:
                    continue
                if u == self.castle or self.terrain[u] == self.terrain[v] \
                        or self.slot_at[u] == self.slot_at[v]:
                    seen.add(v)
                    stack.append(v)
        return len(seen) - 1 == len(self.terrain)

    def snapshot(self) -> tuple[tuple[Domino, FrameCell, FrameCell], ...]:
        out = []
        for s, (a, b) in enumerate(self.slots):
            piece = self.pieces[s]
            if piece == GAP:
                continue
            if self.turn[s]:
                a, b = b, a
            out.append((self.dominoes[piece], self.frame(a), self.frame(b)))
        return tuple(out)


def _tiling(lay: _Layout, rng: random.Random) -> list[tuple[int, int]]:
    """A random domino tiling of the frame but the castle: the first free cell in reading order
    pairs with a random free neighbour, backtracking when a cell is left with none."""
    free = sorted(u for u in lay.inside if u != lay.castle)
    mate: dict[int, int] = {}

    def cover(k: int) -> bool:
        while k < len(free) and free[k] in mate:
            k += 1
        if k == len(free):
            return True
        u = free[k]
        options = [v for v in lay.near(u) if v != lay.castle and v not in mate]
        rng.shuffle(options)
        for v in options:
            mate[u], mate[v] = v, u
            if cover(k + 1):
                return True
            del mate[u], mate[v]
        return False

    if not cover(0):
        raise InvariantError("a frame less one light cell always has a domino tiling")
    return sorted({(min(u, v), max(u, v)) for u, v in mate.items()})


def anneal(dominoes: Sequence[Domino], *, size: int, iterations: int, seed: int = 0,
           castle: FrameCell | None = None, rules: Rules = DEFAULT_RULES,
           target: int | None = None, deadline: float | None = None,
           hot: float = HOT, cold: float = COLD, stop: Any = None) -> Annealed:
    """The best buildable full layout met in ``iterations`` moves (stopping early at ``target``,
    at the ``deadline`` of :func:`time.time` or when the event ``stop`` is set). With ``castle``
    the castle stays on that frame cell; with Harmony only layouts with every domino placed and
    no gap count."""
    rng = random.Random(seed)
    middle_kingdom, harmony = rules.middle_kingdom, rules.harmony
    lay = _Layout(dominoes, size, rng, castle, gaps=0 if harmony else 2)
    centre = lay.cell(size // 2, size // 2)
    slots = len(lay.slots)

    def value() -> int:
        bonus = MIDDLE_KINGDOM_BONUS if middle_kingdom and lay.castle == centre else 0
        if harmony and lay.placed() == slots == len(lay.dominoes):
            bonus += HARMONY_BONUS
        return lay.score() + bonus

    def counts() -> bool:
        return lay.buildable() and (not harmony or lay.placed() == slots == len(lay.dominoes))

    current = value()
    best = Annealed(current if counts() else -1, lay.frame(lay.castle), lay.snapshot(), 0)
    done, cut = 0, False
    for done in range(1, iterations + 1):
        if done % 256 == 0 and ((deadline is not None and time.time() > deadline)
                                or (stop is not None and stop.is_set())):
            cut = True
            break
        undo = _move(lay, rng)
        if undo is None:
            continue
        new = value()
        heat = hot * (cold / hot) ** (done / iterations)
        if new >= current or rng.random() < math.exp((new - current) / heat):
            current = new
            if current > best.score and counts():
                best = Annealed(current, lay.frame(lay.castle), lay.snapshot(), done)
                if target is not None and current >= target:
                    break
        else:
            undo()
    return Annealed(best.score, best.castle, best.placements, done, cut)


def anneal_runs(dominoes: Sequence[Domino], runs: Sequence[tuple[int, FrameCell | None]],
                **options: Any) -> list[Annealed]:
    """One walk per ``(seed, castle)``, each in a process of its own (so they run on separate
    cores), in that order; once one reaches ``options["target"]`` the others stop. The same
    walks as :func:`anneal` would make one after the other, only sooner."""
    if len(runs) == 1:
        seed, castle = runs[0]
        return [anneal(dominoes, seed=seed, castle=castle, **options)]
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    results = context.Queue()
    workers = [context.Process(target=_walk, args=(results, stop, i, list(dominoes), seed,
                                                   {**options, "castle": castle}), daemon=True)
               for i, (seed, castle) in enumerate(runs)]
    for w in workers:
        w.start()
    found: dict[int, Annealed] = {}
    try:
        while len(found) < len(workers):
            i, result = results.get()
            found[i] = result
            if options.get("target") is not None and result.score >= options["target"]:
                stop.set()
    finally:
        stop.set()
        for w in workers:
            w.join()
    return [found[i] for i in range(len(workers))]


def _walk(results: Any, stop: Any, index: int, dominoes: list[Domino], seed: int,
          options: dict[str, Any]) -> None:
    """One walk of :func:`anneal_runs`, in its own process."""
    try:
        results.put((index, anneal(dominoes, seed=seed, stop=stop, **options)))
    except KeyboardInterrupt:  # the parent stops too; say nothing
        results.put((index, Annealed(-1, (0, 0), (), 0, cut=True)))


def _move(lay: _Layout, rng: random.Random):  # type: ignore[no-untyped-def]
    """Make one random move; return the function that takes it back (None: no move made)."""
    slots = len(lay.slots)
    pick = rng.random()
    if pick < 0.5:
        s1, s2 = rng.randrange(slots), rng.randrange(len(lay.pieces))
        if s1 == s2 or lay.pieces[s1] == lay.pieces[s2] == GAP:
            return None
        old = lay.pieces[s1], lay.pieces[s2], lay.turn[s1], \
            lay.turn[s2] if s2 < slots else 0
        lay.pieces[s1], lay.pieces[s2] = lay.pieces[s2], lay.pieces[s1]
        lay.turn[s1] = rng.randrange(2)
        lay.paint(s1)
        if s2 < slots:
            lay.turn[s2] = rng.randrange(2)
            lay.paint(s2)

        def back() -> None:
            lay.pieces[s1], lay.pieces[s2], lay.turn[s1] = old[0], old[1], old[2]
            lay.paint(s1)
            if s2 < slots:
                lay.turn[s2] = old[3]
                lay.paint(s2)
        return back
    if pick < 0.65:
        s = rng.randrange(slots)
        lay.turn[s] ^= 1
        lay.paint(s)

        def unturn() -> None:
            lay.turn[s] ^= 1
            lay.paint(s)
        return unturn
    if pick < 0.9:
        return _rotate(lay, rng)
    if lay.fixed_castle:
        return None
    return _slide(lay, rng)


def _rotate(lay: _Layout, rng: random.Random):  # type: ignore[no-untyped-def]
    """Two parallel slots forming a 2 × 2 square, turned the other way."""
    s1 = rng.randrange(len(lay.slots))
    a, b = lay.slots[s1]
    step = lay.stride if b == a + 1 else 1  # the neighbour slot lies across the short side
    options = []
    for d in (-step, step):
        a2, b2 = a + d, b + d
        s2 = lay.slot_at.get(a2)
        if s2 is not None and lay.slots[s2] == (a2, b2):
            options.append(s2)
    if not options:
        return None
    s2 = rng.choice(options)
    old = lay.slots[s1], lay.slots[s2], lay.turn[s1], lay.turn[s2]
    q0, q1, q2, q3 = sorted({*lay.slots[s1], *lay.slots[s2]})
    lay.slots[s1], lay.slots[s2] = ((q0, q2), (q1, q3)) if b == a + 1 else ((q0, q1), (q2, q3))
    lay.turn[s1], lay.turn[s2] = rng.randrange(2), rng.randrange(2)
    lay.paint(s1)
    lay.paint(s2)

    def back() -> None:
        lay.slots[s1], lay.slots[s2], lay.turn[s1], lay.turn[s2] = old
        lay.paint(s1)
        lay.paint(s2)
    return back


def _slide(lay: _Layout, rng: random.Random):  # type: ignore[no-untyped-def]
    """A slot in line with the castle slides into its cell: the castle moves two cells."""
    c = lay.castle
    options = []
    for d in (-lay.stride, lay.stride, -1, 1):
        a, b = c + d, c + 2 * d
        s = lay.slot_at.get(a)
        if s is not None and b in lay.slot_at and lay.slots[s] == (min(a, b), max(a, b)) \
                and a in set(lay.near(c)) and b in set(lay.near(a)):
            options.append((s, a, b))
    if not options:
        return None
    s, a, b = rng.choice(options)
    old_slot, old_turn = lay.slots[s], lay.turn[s]
    lay._set(b, None)
    del lay.slot_at[b]
    lay.slots[s] = (min(c, a), max(c, a))
    lay.castle = b
    lay.turn[s] = rng.randrange(2)
    lay.paint(s)

    def back() -> None:
        lay._set(c, None)
        del lay.slot_at[c]
        lay.slots[s], lay.turn[s], lay.castle = old_slot, old_turn, c
        lay.paint(s)
    return back
