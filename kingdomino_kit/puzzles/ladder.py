"""The ladder of bots that measures a puzzle, and :func:`measure`, which fills in its
:class:`~kingdomino_kit.puzzles.levels.Measures`.

Weakest first:

- ``random`` — :data:`RANDOM_BUILDS` builds seeded from ``random.Random(0)``: the dominoes in a
  random order (the first k when at most k may be placed), each at a uniformly random legal
  spot; a build of an ``"all"`` puzzle counts only if every domino found a spot. For
  ``next-placement`` the share is exact: optimal placements of all legal ones;
- ``greedy`` — :func:`~kingdomino_kit.puzzles.measure.greedy_kingdom`;
- ``look-ahead`` — greedy over two placements: of the :data:`LOOK_AHEAD_WIDTH` moves that score
  most now, the one after which the best next move scores most (ties to the earlier move);
- ``beam`` — the solver limited to a beam search of width :data:`BEAM_WIDTH`, no proof: it
  keeps the best ``BEAM_WIDTH`` kingdoms after each placement (an ``"all"`` puzzle: the best
  kingdom of the last step; otherwise the best met on the way).

For ``next-placement`` each bot picks the claimed domino's placement (the beam and the
look-ahead play the dominoes that follow too) and scores that placement's stored value.
Everything is deterministic: the same puzzle gives the same measures.

>>> from kingdomino_kit.puzzles import find_puzzle
>>> m = measure(find_puzzle("01"))
>>> m.greedy_score <= m.look_ahead_score <= m.optimum and m.optimal_layouts >= 1
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from kingdomino_kit.dominoes import Domino, domino
from kingdomino_kit.errors import InvariantError, PuzzleError, SolverBug
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.puzzles.format import Puzzle
from kingdomino_kit.puzzles.levels import COUNT_CAP, Measures
from kingdomino_kit.puzzles.measure import (
    NODE_BUDGET,
    Count,
    count_optimal,
    greedy_kingdom,
    greedy_score,
    random_totals,
)
from kingdomino_kit.puzzles.unique import prove_unique

__all__ = ["BEAM_WIDTH", "LOOK_AHEAD_WIDTH", "RANDOM_BUILDS", "beam_kingdom",
           "look_ahead_kingdom", "may_be_level", "measure", "proved", "random_hits"]

RANDOM_BUILDS = 200
LOOK_AHEAD_WIDTH = 10
BEAM_WIDTH = 6

Total = Callable[[Kingdom], int]


def _moves(kingdom: Kingdom, left: list[Domino]) -> list[tuple[int, Placement]]:
    """Every (index in ``left``, legal placement), dominoes in order, placements in reading
    order."""
    return [(i, q) for i, d in enumerate(left)
            for q in sorted(kingdom.legal_placements(d), key=lambda q: (q.first, q.second))]


def _after(kingdom: Kingdom, q: Placement, total: Total) -> int:
    kingdom.push(q)
    value = total(kingdom)
    kingdom.undo()
    return value


def _limit(puzzle: Puzzle) -> int:
    return puzzle.place if isinstance(puzzle.place, int) else len(puzzle.dominoes) + 1


def look_ahead_kingdom(puzzle: Puzzle) -> Kingdom:
    """The kingdom the look-ahead bot builds (next-placement: the start kingdom plus its
    placement of the claimed domino)."""
    total = puzzle.rules.total
    k = puzzle.start_kingdom()
    if puzzle.kind.claims_first:
        if puzzle.claimed is None:
            raise InvariantError("expected puzzle.claimed is not None")
        move = _look(k, [domino(puzzle.claimed)], puzzle.domino_list(), True, total)[1]
        if move is None:  # a next-placement's claimed domino fits somewhere
            raise InvariantError("expected move is not None")
        k.push(move)
        return k
    left = puzzle.domino_list()
    limit = min(_limit(puzzle), len(left))
    while left and limit:
        value, q = _look(k, left, left, limit > 1, total)
        if q is None or (puzzle.place != "all" and value < total(k)):
            break
        k.push(q)
        left = [d for d in left if d.number != q.domino.number]
        limit -= 1
    return k


def _look(k: Kingdom, first: list[Domino], then: list[Domino], deeper: bool, total: Total
          ) -> tuple[int, Placement | None]:
    """The best (value, move) of a two-placement look-ahead: a move of ``first``, then the
    best move of the rest of ``then``."""
    moves = _moves(k, first)
    ranked = sorted(moves, key=lambda m: -_after(k, m[1], total))[:LOOK_AHEAD_WIDTH]
    best: tuple[int, Placement | None] = (-1, None)
    for _, q in ranked:
        k.push(q)
        value = total(k)
        if deeper:
            rest = [d for d in then if d.number != q.domino.number]
            for _, q2 in _moves(k, rest):
                value = max(value, _after(k, q2, total))
        k.undo()
        if value > best[0]:
            best = (value, q)
    return best


def beam_kingdom(puzzle: Puzzle, width: int = BEAM_WIDTH) -> tuple[int, Placement | None]:
    """The beam bot's total and its first placement (see the module docstring)."""
    total = puzzle.rules.total
    root = puzzle.start_kingdom()
    left = puzzle.domino_list()
    if puzzle.kind.claims_first:
        if puzzle.claimed is None:
            raise InvariantError("expected puzzle.claimed is not None")
        left = [domino(puzzle.claimed), *left]
    states: list[tuple[Kingdom, tuple[int, ...], Placement | None]] = [
        (root, tuple(range(len(left))), None)]
    best: tuple[int, Placement | None] = (total(root) if puzzle.place != "all" else -1, None)
    steps = min(_limit(puzzle), len(left))
    for step in range(steps):
        children: dict[object, tuple[int, Kingdom, tuple[int, ...], Placement | None]] = {}
        for k, rest, first in states:
            allowed = rest[:1] if puzzle.kind.claims_first and step == 0 else rest
            for i in allowed:
                for q in sorted(k.legal_placements(left[i]), key=lambda q: (q.first, q.second)):
                    k.push(q)
                    after = tuple(j for j in rest if j != i)
                    key = (k.key(), after)
                    if key not in children:
                        children[key] = (total(k), k.copy(), after, first or q)
                    k.undo()
        if not children:
            break
        ranked = sorted(children.values(), key=lambda c: -c[0])[:width]
        states = [(k, rest, first) for _, k, rest, first in ranked]
        if puzzle.place != "all" and ranked[0][0] > best[0]:
            best = (ranked[0][0], ranked[0][3])
    if puzzle.place == "all":
        k, _, first = max(states, key=lambda s: total(s[0]))
        best = (total(k), first)
    return best


def random_hits(puzzle: Puzzle, builds: int = RANDOM_BUILDS, seed: int = 0) -> int:
    """How many of ``builds`` seeded random legal builds reach the optimum."""
    if puzzle.solution is None:
        raise InvariantError("expected puzzle.solution is not None")
    optimum = puzzle.solution.optimum
    return sum(t is not None and t >= optimum for t in random_totals(puzzle, builds, seed))


def may_be_level(puzzle: Puzzle, level: int) -> bool:
    """False when the bots alone show that a draft (not yet solved) cannot be of ``level``
    (the optimum is at least the best total any of them finds): a cheap filter before the
    proof. ``next-placement`` drafts always pass.

    >>> from kingdomino_kit.puzzles import find_puzzle
    >>> may_be_level(find_puzzle("01"), 1), may_be_level(find_puzzle("01"), 3)
    (True, False)
    """
    if puzzle.kind.claims_first:
        return True
    greedy = _worth_unknown(puzzle, greedy_kingdom(puzzle))
    ahead = _worth_unknown(puzzle, look_ahead_kingdom(puzzle))
    randoms = [t for t in random_totals(puzzle, RANDOM_BUILDS) if t is not None]
    best = max([greedy, ahead, beam_kingdom(puzzle)[0], *randoms])
    easy = 4 * sum(t == best for t in randoms) > RANDOM_BUILDS
    if level == 1:
        return easy
    if level == 2:
        return greedy == best and not easy
    if level == 3:
        return greedy < ahead == best and not easy
    return (ahead < best or level == 5) and not easy


def _worth_unknown(puzzle: Puzzle, k: Kingdom) -> int:
    """A bot's total before the optimum is known: −1 for a stuck ``"all"`` build."""
    placed = (len(k) - len(puzzle.start_kingdom())) // 2
    if puzzle.place == "all" and placed < len(puzzle.dominoes):
        return -1
    return puzzle.rules.total(k)


def _value_of(puzzle: Puzzle, q: Placement | None) -> int:
    """The stored value of a placement of the claimed domino (matched by the kingdom it
    makes)."""
    if not (puzzle.solution is not None and q is not None):
        raise InvariantError("expected puzzle.solution is not None and q is not None")
    start = puzzle.start_kingdom()
    k = _placed(start, q)
    for p, value in puzzle.solution.values:
        if _placed(start, p) == k:
            return value
    raise PuzzleError(f"{puzzle.id}: a placement has no stored value")


def measure(puzzle: Puzzle, budget: int = NODE_BUDGET, *, prove: bool = True) -> Measures:
    """The puzzle's measures (it must carry its proven solution); ``budget``: the states the
    count of optimal layouts may visit; without ``prove``, the count alone, unchecked by
    CP-SAT (a draft's level, which does not depend on it, before the proof is worth making)."""
    sol = puzzle.solution
    if sol is None:
        raise InvariantError("expected sol is not None")
    count = count_optimal(puzzle, budget, cap=COUNT_CAP)
    if prove:
        count = _proved(puzzle, count)
    if puzzle.kind.claims_first:
        ahead = look_ahead_kingdom(puzzle)
        first = next(q for q, _ in sol.values if _placed(puzzle.start_kingdom(), q) == ahead)
        hits = sum(v == sol.optimum for _, v in sol.values)
        return Measures(sol.optimum, count.answers, count.exact, greedy_score(puzzle),
                        _value_of(puzzle, first), _value_of(puzzle, beam_kingdom(puzzle)[1]),
                        len(sol.values), hits)
    return Measures(sol.optimum, count.answers, count.exact,
                    _worth(puzzle, greedy_kingdom(puzzle)),
                    _worth(puzzle, look_ahead_kingdom(puzzle)),
                    beam_kingdom(puzzle)[0], RANDOM_BUILDS, random_hits(puzzle))


def proved(puzzle: Puzzle, m: Measures) -> Measures:
    """Measures taken without ``prove``, with the count's CP-SAT check (:func:`measure`)."""
    count = _proved(puzzle, Count(m.optimal_layouts, m.optimal_layouts_exact))
    return replace(m, optimal_layouts=count.answers, optimal_layouts_exact=count.exact)


def _proved(puzzle: Puzzle, count: Count) -> Count:
    """The count with its ``unique`` verdict proved by CP-SAT (:mod:`.unique`): when the
    exhaustive count met one optimal layout only, CP-SAT decides whether it is the only one
    (a count that ran out of its budget becomes exact when it is, and at least 2 when CP-SAT
    finds another); an exact count of one that CP-SAT contradicts is a bug."""
    if count.answers != 1 or puzzle.kind.claims_first:
        return count
    verdict = prove_unique(puzzle)
    if verdict and not count.exact:
        return Count(1, True)
    if verdict is False and count.exact:
        raise SolverBug(f"{puzzle.id}: the exhaustive count finds one optimal layout, CP-SAT "
                        "another")
    if verdict is False:
        return Count(2, False)  # CP-SAT found a second: "2 or more", not "1 or more"
    return count


def _worth(puzzle: Puzzle, k: Kingdom) -> int:
    """A bot's total; a bot stuck before placing every domino of an ``"all"`` puzzle has not
    answered it, so its total counts at most optimum − 1."""
    if puzzle.solution is None:
        raise InvariantError("expected puzzle.solution is not None")
    total = puzzle.rules.total(k)
    placed = (len(k) - len(puzzle.start_kingdom())) // 2
    if puzzle.place == "all" and placed < len(puzzle.dominoes):
        return min(total, puzzle.solution.optimum - 1)
    return total


def _placed(start: Kingdom, q: Placement) -> Kingdom:
    k = start.copy()
    k.push(q)
    return k
