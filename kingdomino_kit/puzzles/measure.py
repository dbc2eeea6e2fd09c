"""How hard a puzzle is, measured: what a greedy player scores, how many answers are optimal.

- :func:`greedy_score` — a greedy player places, one at a time, the domino and placement that
  score most *now* (ties to the first domino listed, then the first placement in reading
  order), placing every domino that fits and discarding one only when it cannot be placed; for
  ``next-placement`` it is the value (best total reachable) of the placement that scores most
  now. The gap between it and the optimum says whether looking ahead pays.
- :func:`count_optimal` — the number of distinct optimal answers: for ``next-placement`` the
  placements worth the optimum, otherwise the optimal kingdoms, a kingdom and its rotations and
  reflections about the castle counted once. Counted by an exhaustive search pruned by a bound
  (every terrain's squares joined into one property); a search that runs out of its node
  budget gives a lower bound (``exact`` False).
- :func:`every_answer_optimal` — whether a puzzle fails to discriminate at all.

>>> from kingdomino_kit.puzzles import find_puzzle
>>> p = find_puzzle("01")
>>> greedy_score(p) <= p.solution.optimum
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from kingdomino_kit.dominoes import Domino, Half, domino
from kingdomino_kit.errors import InvariantError, PuzzleError
from kingdomino_kit.grid import Cell
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.puzzles.format import Puzzle

__all__ = ["Count", "count_optimal", "every_answer_optimal", "greedy_kingdom", "greedy_score",
           "random_totals", "spread_table", "symmetric_key"]

NODE_BUDGET = 20_000
"""States the optimal-answer count visits at most before it settles for a lower bound."""

_MAPS: tuple[Callable[[int, int], Cell], ...] = (
    lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r),
    lambda r, c: (r, -c), lambda r, c: (-r, c), lambda r, c: (c, r), lambda r, c: (-c, -r))


def symmetric_key(kingdom: Kingdom) -> tuple[tuple[Cell, str], ...]:
    """A key equal for a kingdom and its rotations and reflections about the castle.

    >>> symmetric_key(Kingdom.from_text("C W")) == symmetric_key(Kingdom.from_text("W / C"))
    True
    """
    squares = [(cell, str(half)) for cell, half in kingdom.squares()]
    return min(tuple(sorted((m(*cell), half) for cell, half in squares)) for m in _MAPS)


def _placements(kingdom: Kingdom, d: Domino) -> list[Placement]:
    return sorted(kingdom.legal_placements(d), key=lambda q: (q.first, q.second))


def _after(kingdom: Kingdom, p: Placement, total: Callable[[Kingdom], int]) -> int:
    kingdom.push(p)
    value = total(kingdom)
    kingdom.undo()
    return value


def greedy_kingdom(puzzle: Puzzle) -> Kingdom:
    """The kingdom a greedy player builds (see the module docstring); for ``next-placement``
    the start kingdom plus the claimed domino where it scores most now."""
    total = puzzle.rules.total
    k = puzzle.start_kingdom()
    if puzzle.kind.claims_first:
        if puzzle.claimed is None:
            raise InvariantError("expected puzzle.claimed is not None")
        moves = _placements(k, domino(puzzle.claimed))
        k.push(max(moves, key=lambda q: _after(k, q, total)))
        return k
    left = puzzle.domino_list()
    limit = puzzle.place if isinstance(puzzle.place, int) else len(left)
    placed = 0
    while left and placed < limit:
        options = [(d, q) for d in left for q in _placements(k, d)]
        if not options:
            break
        d, q = max(options, key=lambda o: _after(k, o[1], total))
        if puzzle.place != "all" and _after(k, q, total) < total(k):
            break  # placing is optional here: a greedy player takes no loss
        k.push(q)
        left.remove(d)
        placed += 1
    return k


def greedy_score(puzzle: Puzzle) -> int:
    """What the greedy player's answer is worth (for ``next-placement``: the best total still
    reachable after its placement, from the stored values)."""
    k = greedy_kingdom(puzzle)
    if not puzzle.kind.claims_first:
        return puzzle.rules.total(k)
    if puzzle.solution is None:
        raise InvariantError("expected puzzle.solution is not None")
    start = puzzle.start_kingdom()
    for q, value in puzzle.solution.values:
        start.push(q)
        same = start == k
        start.undo()
        if same:
            return value
    raise PuzzleError(f"{puzzle.id}: the greedy placement has no stored value")


@dataclass(frozen=True)
class Count:
    """How many optimal answers, and whether every one was counted."""

    answers: int
    exact: bool


def count_optimal(puzzle: Puzzle, budget: int = NODE_BUDGET, cap: int | None = None) -> Count:
    """The number of distinct optimal answers (see the module docstring); with ``cap`` the
    count stops at ``cap`` answers (then a lower bound, ``exact`` False)."""
    if puzzle.solution is None:
        raise InvariantError("expected puzzle.solution is not None")
    optimum = puzzle.solution.optimum
    if puzzle.kind.claims_first:
        hits = sum(v == optimum for _, v in puzzle.solution.values)
        return Count(hits, True) if cap is None or hits < cap else Count(cap, False)
    rules = puzzle.rules
    bonus = rules.bonus_bound
    limit = puzzle.place if isinstance(puzzle.place, int) else len(puzzle.dominoes)
    doms = puzzle.domino_list()
    found: set[tuple[tuple[Cell, str], ...]] = set()
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    nodes = 0

    def search(k: Kingdom, left: tuple[int, ...], placed: int) -> bool:
        nonlocal nodes
        state = (k.key(), left)
        if state in seen:
            return True
        seen.add(state)
        nodes += 1
        if nodes > budget:
            return False
        if (puzzle.place != "all" or not left) and rules.total(k) == optimum:
            found.add(symmetric_key(k))
            if cap is not None and len(found) >= cap:
                return False
        if placed == limit or _bound(k, [doms[i] for i in left]) + bonus < optimum:
            return True
        for j, i in enumerate(left):
            rest = left[:j] + left[j + 1:]
            for q in _placements(k, doms[i]):
                k.push(q)
                complete = search(k, rest, placed + 1)
                k.undo()
                if not complete:
                    return False
        return True

    exact = search(puzzle.start_kingdom(), tuple(range(len(doms))), 0)
    return Count(max(len(found), 1), exact)


def _bound(kingdom: Kingdom, left: Iterable[Domino]) -> int:
    """Σ over terrains of (its squares) × (its crowns), placed and still to come: the score if
    every terrain were one property."""
    squares: dict[str, int] = {}
    crowns: dict[str, int] = {}

    def add(half: Half) -> None:
        name = half.terrain.value
        squares[name] = squares.get(name, 0) + 1
        crowns[name] = crowns.get(name, 0) + half.crowns

    for _, half in kingdom.squares():
        add(half)
    for d in left:
        add(d.first)
        add(d.second)
    return sum(squares[t] * crowns[t] for t in squares)


def every_answer_optimal(puzzle: Puzzle, seed: int = 0, tries: int = 200) -> bool:
    """True if no answer worse than the optimum was found: for ``next-placement`` every legal
    placement is worth the optimum (exact); for ``rearrange`` the given kingdom already is
    optimal; otherwise neither the greedy answer nor ``tries`` random legal answers (seeded)
    score less."""
    if puzzle.solution is None:
        raise InvariantError("expected puzzle.solution is not None")
    optimum = puzzle.solution.optimum
    if puzzle.kind.claims_first:
        return all(v == optimum for _, v in puzzle.solution.values)
    if puzzle.kind.gives_kingdom:
        if puzzle.given is None:
            raise InvariantError("expected puzzle.given is not None")
        return puzzle.rules.total(Kingdom.from_text(puzzle.given, puzzle.rules.size)) == optimum
    if greedy_score(puzzle) < optimum:
        return False
    return all(t is None or t >= optimum for t in random_totals(puzzle, tries, seed))


def random_totals(puzzle: Puzzle, builds: int, seed: int = 0) -> Iterator[int | None]:
    """The totals of ``builds`` random legal builds seeded from ``random.Random(seed)``, one
    by one: the dominoes in a random order (the first k when at most k may be placed), each at
    a uniformly random legal spot; None for a build of an ``"all"`` puzzle that got stuck
    before placing every domino."""
    rng = random.Random(seed)
    for _ in range(builds):
        k = puzzle.start_kingdom()
        order = puzzle.domino_list()
        rng.shuffle(order)
        if isinstance(puzzle.place, int):
            order = order[:puzzle.place]
        complete = True
        for d in order:
            moves = _placements(k, d)
            if not moves:
                complete = False
                break
            k.push(rng.choice(moves))
        yield puzzle.rules.total(k) if complete or puzzle.place != "all" else None


def spread_table(puzzles: Iterable[Puzzle]) -> str:
    """The collection's spread of levels as a Markdown table: per level the puzzles, their
    dominoes, the greedy gap (optimum − greedy score) and the optimal answers (medians; "≥"
    when some counts are lower bounds), and the rule variants.

    >>> from kingdomino_kit.puzzles import load_collection
    >>> spread_table(load_collection()).splitlines()[0].startswith("| level |")
    True
    """
    rows = ["| level | puzzles | kinds | dominoes | greedy gap: median (min–max) | greedy "
            "not optimal | optimal answers: median (min–max) | Middle Kingdom / Harmony / 7×7 "
            "| weakest bot: random / greedy / look-ahead / beam / solver | unique |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    by_level: dict[int, list[Puzzle]] = {}
    for p in puzzles:
        by_level.setdefault(p.level, []).append(p)
    for level in sorted(by_level):
        group = by_level[level]
        gaps = sorted((p.solution.optimum if p.solution else 0) - (p.greedy_score or 0)
                      for p in group)
        answers = sorted(p.optimal_answers or 0 for p in group)
        lower = "≥" if any(not p.optimal_answers_exact for p in group) else ""
        doms = sorted(len(p.dominoes) + p.kind.claims_first for p in group)
        kinds = ", ".join(sorted({p.kind for p in group}))
        variants = (sum(p.rules.middle_kingdom for p in group),
                    sum(p.rules.harmony for p in group), sum(p.rules.size == 7 for p in group))
        rows.append(
            f"| {level} | {len(group)} | {kinds} | {doms[0]}–{doms[-1]} | "
            f"{_median(gaps)} ({gaps[0]}–{gaps[-1]}) | {sum(g > 0 for g in gaps)} | "
            f"{lower}{_median(answers)} ({answers[0]}–{lower}{answers[-1]}) | "
            f"{variants[0]} / {variants[1]} / {variants[2]} | {_bots(group)} | "
            f"{sum(bool(p.measures and p.measures.unique) for p in group)} |")
    return "\n".join(rows)


def _bots(group: list[Puzzle]) -> str:
    names = ("random", "greedy", "look-ahead", "beam", "solver")
    weakest = [p.measures.weakest_bot for p in group if p.measures is not None]
    return " / ".join(str(weakest.count(name)) for name in names)


def _median(values: list[int]) -> str:
    n = len(values)
    middle = values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2
    return f"{middle:g}"
