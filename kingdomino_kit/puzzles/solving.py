"""Solving puzzles with the CP-SAT solver (:func:`kingdomino_kit.solver.best_kingdom`).

Every kind reduces to ``best_kingdom``: a set of dominoes (any subset, at most ``place`` of
them), a start kingdom, the rule options. A puzzle whose answer may be any subset (``place:
"any"`` or ``k``, when not solved subset by subset) asks
:func:`~kingdomino_kit.solver.best_kingdom_under`, the best kingdom under the rules that
hindsight, the coach and batch solving ask too.

- ``next-placement`` solves once per legal placement of the claimed domino, the dominoes that
  follow placed under the rules: each must be placed if it fits anywhere, and is discarded only
  when it cannot be placed.
- ``place: "all"`` is proven by the subset optimum when that optimum places every domino (a
  layout of all of them is one of the subsets, so it cannot score more), or by the Harmony
  model when all of them fill the frame (a full 12-domino 5×5 kingdom: the layouts that earn
  Harmony are exactly those). A subset optimum that leaves dominoes out is never reported as
  the answer to an "all" puzzle: a layout of all of them is looked for (the missing ones added,
  one placed domino moved) and, scoring less, is only ``feasible``.

>>> from kingdomino_kit.puzzles import Puzzle
>>> answer = solve_puzzle(Puzzle("x", "x", "best-kingdom", 1, "?", (41, 36)), workers=1)
>>> answer.status, answer.optimum
(<Status.OPTIMAL: 'optimal'>, 6)
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from kingdomino_kit.dominoes import Domino, domino
from kingdomino_kit.errors import InvariantError, KingdominoError, PuzzleError, SolverError
from kingdomino_kit.infra.untrusted import check_search, shown
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.puzzles.cuts import build_order
from kingdomino_kit.puzzles.format import Puzzle, Solution, kingdom_line
from kingdomino_kit.rules import POINTS
from kingdomino_kit.solver import SolverSettings, best_kingdom, best_kingdom_under
from kingdomino_kit.solver.answer import (
    FEASIBLE,
    INFEASIBLE,
    OPTIMAL,
    UNKNOWN,
    Status,
    answer_json,
    placements_json,
)

__all__ = ["PuzzleAnswer", "solve_puzzle", "SUBSET_LIMIT"]

RULE_SEARCH_LIMIT = 2
"""A next-placement puzzle whose best layout leaves a following domino out is played out by
exhaustive search under the rules (placed if it fits) when at most this many dominoes follow."""

PLACE_ALL = SolverSettings(place_all=True)
"""The solver's settings for "every domino placed" (full-frame puzzles)."""

SCAN = SolverSettings(canonical=False)
"""The settings that score each subset of a free choice: the layout of all but the best
subset is never shown, so the canonical pass that fixes it is skipped."""
SUBSET_LIMIT = 500
"""``place: k`` with at most this many k-subsets is solved subset by subset (each a small,
fast model) rather than as one model that also chooses the dominoes."""


@dataclass(frozen=True)
class PuzzleAnswer:
    """What the solver found: status (``optimal`` when proven), optimum (best total found),
    bound, the kingdom and its placement order, per-placement values (next-placement), time."""

    status: Status
    optimum: int
    bound: int
    kingdom: Kingdom | None
    order: tuple[Placement, ...]
    values: tuple[tuple[Placement, int], ...]
    seconds: float
    by: str = "kingdomino_kit.solver.best_kingdom (CP-SAT)"

    def to_json(self) -> dict[str, Any]:
        """The ``puzzle solve --json`` answer (:func:`kingdomino_kit.solver.answer.answer_json`):
        ``score`` is the best total found, ``grid`` the kingdom as text, ``order`` the dominoes
        placed (a start kingdom's own squares are not in it) with cells in that text's frame."""
        k = self.kingdom
        grid, order = ("", []) if k is None else (k.to_text(), placements_json(k, self.order))
        return answer_json(self.status, self.optimum, self.bound, grid, order, self.seconds)

    def as_solution(self, solver: str | None = None) -> Solution:
        """The puzzle-file form; only a proven answer may be stored."""
        if self.status != "optimal" or self.kingdom is None:
            raise KingdominoError(f"the answer is {self.status}, not proven optimal")
        proof = {"by": solver or self.by, "status": "OPTIMAL", "bound": self.bound}
        return Solution(self.optimum, kingdom_line(self.kingdom), self.order,
                        proof, self.values)


def solve_puzzle(puzzle: Puzzle, *, time_limit_s: float = 60.0, workers: int = 2, seed: int = 0,
                 on_solution: Callable[[Any], None] | None = None) -> PuzzleAnswer:
    """Solve ``puzzle`` with CP-SAT; ``status`` is ``optimal`` only when proven.

    With the Harmony rule on, the best layout without it and the best full layout (every
    domino placed, no gap: ``SolverSettings(place_all=True)``) are both solved; the answer is the
    better of the two, proven when both are."""
    if not isinstance(puzzle, Puzzle):
        raise PuzzleError(f"puzzle: must be a Puzzle, not {shown(puzzle)}")
    check_search(time_limit_s, workers, seed, SolverError)
    rules = puzzle.rules
    options = {"rules": rules.without("harmony"), "time_limit_s": time_limit_s,
               "workers": workers, "seed": seed}
    start = puzzle.start_kingdom()
    doms = puzzle.domino_list()
    if puzzle.kind.claims_first:
        return _solve_next(puzzle, start, doms, options)
    choose = puzzle.place if isinstance(puzzle.place, int) else None
    placed = len(doms) if choose is None else min(choose, len(doms))
    full = len(start) + 2 * placed == rules.size ** 2 - 1
    if puzzle.place == "all" and full:
        answer = _solve_full(doms, start, None, options, on_solution)
        return _with_harmony(answer) if rules.harmony else answer
    if puzzle.place != "all" and not _by_subsets(doms, choose):  # any subset: the solver's own
        sol = best_kingdom_under(doms, rules, start=start if len(start) else None, choose=choose,
                                 time_limit_s=time_limit_s, workers=workers, seed=seed,
                                 on_solution=on_solution)
        return PuzzleAnswer(sol.status, sol.score, sol.bound, sol.kingdom, tuple(sol.order), (),
                            sol.seconds)
    answer = _solve_free(puzzle, start, doms, choose, options, on_solution)
    if not (rules.harmony and full):
        return answer
    harmonious = _with_harmony(_solve_full(doms, start, choose, options, on_solution))
    best = harmonious if harmonious.optimum > answer.optimum else answer
    proven = answer.status == OPTIMAL and harmonious.status in (OPTIMAL, INFEASIBLE)
    return replace(best, status=OPTIMAL if proven else FEASIBLE,
                   bound=max(answer.bound, harmonious.bound),
                   seconds=answer.seconds + harmonious.seconds)


def _by_subsets(doms: list[Domino], choose: int | None) -> bool:
    """Whether at most ``choose`` of ``doms`` is solved subset by subset (:data:`SUBSET_LIMIT`)."""
    return isinstance(choose, int) and math.comb(len(doms), choose) <= SUBSET_LIMIT


def _with_harmony(answer: PuzzleAnswer) -> PuzzleAnswer:
    if answer.kingdom is None:
        return answer
    harmony = POINTS["harmony"]
    return replace(answer, optimum=answer.optimum + harmony, bound=answer.bound + harmony)


def _solve_free(puzzle: Puzzle, start: Kingdom, doms: list[Domino], choose: int | None,
                options: dict[str, Any], on_solution: Callable[[Any], None] | None
                ) -> PuzzleAnswer:
    """Any subset of the dominoes (at most ``choose``), or all of them (``place: "all"``)."""
    if isinstance(choose, int) and _by_subsets(doms, choose):
        return _solve_subsets(puzzle, doms, choose, start, options)
    sol = best_kingdom(doms, start=start if len(start) else None, choose=choose,
                       on_solution=on_solution, **options)
    status: Status = sol.status
    kingdom, order, score = sol.kingdom, tuple(sol.order), sol.score
    if puzzle.place == "all" and kingdom is not None and len(order) < len(doms):
        # the solver's best subset leaves dominoes out; a layout of all of them that
        # scores as much is optimal too, anything less is only feasible
        kingdom, order, score = _all_placed(start, order, doms, puzzle.rules.total, sol.score)
        if kingdom is None or score < sol.score or status != OPTIMAL:
            status = FEASIBLE if kingdom is not None else UNKNOWN
    return PuzzleAnswer(status, score, sol.bound, kingdom, order, (), sol.seconds)


def _solve_next(puzzle: Puzzle, start: Kingdom, doms: list[Domino], options: dict[str, Any]
                ) -> PuzzleAnswer:
    """Every legal placement of the claimed domino, each with the best total reachable after
    it under the rules."""
    rules = puzzle.rules
    if puzzle.claimed is None:
        raise InvariantError("expected puzzle.claimed is not None")
    values: list[tuple[Placement, int]] = []
    best: tuple[int, Kingdom | None, tuple[Placement, ...]] = (-1, None, ())
    statuses: set[Status] = set()
    bound = 0
    seconds = 0.0
    for p in sorted(start.legal_placements(domino(puzzle.claimed)),
                    key=lambda q: (q.first, q.second)):
        after = start.copy()
        after.push(p)
        sol = best_kingdom(doms, start=after, **options)
        seconds += sol.seconds
        score, kingdom, order, status = sol.score, sol.kingdom, tuple(sol.order), sol.status
        if len(order) < len(doms):
            # the best layout leaves a domino out, which the rules allow only when it cannot
            # be placed: play the rules out exhaustively (few dominoes follow) or give up
            status = UNKNOWN
            if len(doms) <= RULE_SEARCH_LIMIT:
                score, order = rule_value(after, doms, rules.total)
                kingdom = after.copy()
                for q in order:
                    kingdom.push(q)
                status = OPTIMAL
        statuses.add(status)
        bound = max(bound, sol.bound if status != OPTIMAL else score)
        values.append((p, score))
        if score > best[0]:
            best = (score, kingdom, (p, *order))
    status = OPTIMAL if statuses == {OPTIMAL} else FEASIBLE
    return PuzzleAnswer(status, best[0], bound, best[1], best[2], tuple(values), seconds)


def solve_next_exhaustively(puzzle: Puzzle) -> PuzzleAnswer:
    """A ``next-placement`` puzzle with at most :data:`RULE_SEARCH_LIMIT` dominoes to follow,
    proved by exhaustive search under the rules (:func:`rule_value` per placement of the
    claimed domino): no solver, the same values the solver's path proves."""
    if not (puzzle.kind.claims_first and puzzle.claimed is not None):
        raise InvariantError("expected puzzle.kind.claims_first and puzzle.claimed is not None")
    if len(puzzle.dominoes) > RULE_SEARCH_LIMIT:
        raise PuzzleError(f"{puzzle.id}: more than {RULE_SEARCH_LIMIT} dominoes follow")
    started = time.perf_counter()
    start = puzzle.start_kingdom()
    doms = puzzle.domino_list()
    values: list[tuple[Placement, int]] = []
    best: tuple[int, Kingdom | None, tuple[Placement, ...]] = (-1, None, ())
    for p in sorted(start.legal_placements(domino(puzzle.claimed)),
                    key=lambda q: (q.first, q.second)):
        after = start.copy()
        after.push(p)
        score, order = rule_value(after, doms, puzzle.rules.total)
        values.append((p, score))
        if score > best[0]:
            for q in order:
                after.push(q)
            best = (score, after, (p, *order))
    return PuzzleAnswer(OPTIMAL, best[0], best[0], best[1], best[2], tuple(values),
                        time.perf_counter() - started,
                        by="kingdomino_kit.puzzles.solving.rule_value (exhaustive search)")


def rule_value(kingdom: Kingdom, following: list[Domino], total: Callable[[Kingdom], int]
               ) -> tuple[int, tuple[Placement, ...]]:
    """The best final total when ``following`` come in the order the player likes and each must
    be placed if it fits anywhere (discarded only when it cannot be placed), by exhaustive
    search; and the placements reaching it.

    >>> from kingdomino_kit.dominoes import domino
    >>> value, order = rule_value(Kingdom.from_text("C G"), [domino(41)], Kingdom.score)
    >>> value, [p.domino.number for p in order]
    (4, [41])
    """
    if not following:
        return total(kingdom), ()
    best: tuple[int, tuple[Placement, ...]] = (-1, ())
    for i, d in enumerate(following):
        rest = following[:i] + following[i + 1:]
        moves = sorted(kingdom.legal_placements(d), key=lambda q: (q.first, q.second))
        if not moves:
            best = max(best, rule_value(kingdom, rest, total), key=lambda t: t[0])
        for q in moves:
            kingdom.push(q)
            value, tail = rule_value(kingdom, rest, total)
            kingdom.undo()
            if value > best[0]:
                best = (value, (q, *tail))
    return best


def _solve_full(doms: list[Domino], start: Kingdom, choose: int | None,
                options: dict[str, Any], on_solution: Callable[[Any], None] | None
                ) -> PuzzleAnswer:
    """Every domino (or ``choose`` of them) placed where they fill the frame: exactly the
    layouts that earn Harmony, so the model that places them all
    (``SolverSettings(place_all=True)``) proves the best of them (scored without the +5)."""
    sol = best_kingdom(doms, start=start if len(start) else None, on_solution=on_solution,
                       choose=choose, settings=PLACE_ALL, **options)
    if sol.kingdom is None:
        return PuzzleAnswer(sol.status, 0, max(sol.bound, 0), None, (), (), sol.seconds)
    return PuzzleAnswer(sol.status, sol.score, sol.bound, sol.kingdom, tuple(sol.order), (),
                        sol.seconds)


def _all_placed(start: Kingdom, order: tuple[Placement, ...], doms: list[Domino],
                total: Callable[[Kingdom], int], target: int
                ) -> tuple[Kingdom | None, tuple[Placement, ...], int]:
    """A layout of every domino from a layout of some of them: the missing ones added without
    loss; else one placed domino moved as well; else the missing ones added where they score
    most (a worse layout, or None when one cannot be placed at all)."""
    used = {p.domino.number for p in order}
    missing = [d for d in doms if d.number not in used]
    for skip in (None, *reversed(range(len(order)))):
        kept = [p for i, p in enumerate(order) if i != skip]
        base = build_order(start, kept)
        if base is None:
            continue
        k = start.copy()
        for p in base:
            k.push(p)
        moved = [] if skip is None else [order[skip].domino]
        extra = _add_without_loss(k, [*moved, *missing], total, target)
        if extra is not None:
            for p in extra:
                k.push(p)
            return k, (*base, *extra), total(k)
    k = start.copy()
    for p in order:
        k.push(p)
    placed = list(order)
    for d in missing:
        options = k.legal_placements(d)
        if not options:
            return None, (), 0
        best = max(sorted(options, key=lambda q: (q.first, q.second)),
                   key=lambda q: _total_after(k, q, total))
        k.push(best)
        placed.append(best)
    return k, tuple(placed), total(k)


def _total_after(kingdom: Kingdom, p: Placement, total: Callable[[Kingdom], int]) -> int:
    kingdom.push(p)
    value = total(kingdom)
    kingdom.undo()
    return value


def _add_without_loss(kingdom: Kingdom, missing: list[Domino], total: Callable[[Kingdom], int],
                      target: int) -> list[Placement] | None:
    """Legal placements of every missing domino that keep the total at ``target``, or None.

    The best subset of the dominoes is an upper bound for any layout of all of them, so such an
    extension proves the "all" optimum too.

    >>> from kingdomino_kit.dominoes import domino
    >>> ext = _add_without_loss(Kingdom.from_text("C G2 G"), [domino(4)], Kingdom.score, 4)
    >>> [p.domino.number for p in ext]
    [4]
    """
    if not missing:
        return [] if total(kingdom) >= target else None
    first, rest = missing[0], missing[1:]
    for p in sorted(kingdom.legal_placements(first), key=lambda q: (q.first, q.second)):
        k = kingdom.copy()
        k.push(p)
        if total(k) < target:
            continue
        tail = _add_without_loss(k, rest, total, target)
        if tail is not None:
            return [p, *tail]
    return None


def _solve_subsets(puzzle: Puzzle, doms: list[Domino], choose: int, start: Kingdom,
                   options: dict[str, Any]) -> PuzzleAnswer:
    """At most ``choose`` of ``doms``: the best over every ``choose``-subset (each solved with
    any of its dominoes allowed, so smaller subsets are covered too); proven when every subset
    is. The subsets are scored without the solver's canonical pass (:data:`SCAN`); the best
    one (the first of the highest score) is solved again with it, so its layout is the one the
    solver gives for that subset on every run."""
    best: Any = None
    best_subset: list[Domino] = []
    statuses: set[Status] = set()
    seconds = 0.0
    bound = 0
    at = start if len(start) else None
    for subset in itertools.combinations(doms, min(choose, len(doms))):
        sol = best_kingdom(list(subset), start=at, settings=SCAN, **options)
        statuses.add(sol.status)
        seconds += sol.seconds
        bound = max(bound, sol.bound)
        if best is None or sol.score > best.score:
            best, best_subset = sol, list(subset)
    if best is None:
        raise InvariantError("expected best is not None")
    if best.status == OPTIMAL:
        best = best_kingdom(best_subset, start=at, **options)
        seconds += best.seconds
    status = OPTIMAL if statuses == {OPTIMAL} else FEASIBLE
    return PuzzleAnswer(status, best.score, bound, best.kingdom, tuple(best.order), (), seconds)
