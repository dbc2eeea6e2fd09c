"""Fresh puzzles on demand: a kind and a level in, a proven, measured puzzle with its hint
ladder out — and the puzzle of the day.

:func:`targeted` draws drafts of sizes that suit the level (:data:`SHAPES`), each from
``random.Random(f"{key}:{attempt}")``, solves each with one CP-SAT worker and seed 0 (proved
OPTIMAL, the stored layout replayed through the rules), measures it
(:mod:`~kingdomino_kit.puzzles.ladder`) and keeps the first whose level by the written rule
(:func:`~kingdomino_kit.puzzles.levels.level_of`) is the one asked for — "too easy, try again"
— and, with ``unique``, whose optimum is unique up to symmetry. The same key gives the same
puzzle, byte for byte (as long as each solve proves its optimum within its time limit).

:func:`daily_puzzle` derives everything from the date (see :func:`daily_choice`), so everyone
gets the same puzzle on a date.

>>> daily_choice(dt.date(2026, 12, 2))
('rearrange', 1, 739952)
"""

from __future__ import annotations

import datetime as dt
import numbers
import random
from collections.abc import Callable
from dataclasses import replace

from kingdomino_kit.errors import InvariantError, PuzzleError
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.puzzles.format import KINDS, Puzzle
from kingdomino_kit.puzzles.generate import Plan, compose, default_solve, measured, proven
from kingdomino_kit.puzzles.kinds import PuzzleKind
from kingdomino_kit.puzzles.ladder import may_be_level, proved
from kingdomino_kit.puzzles.measure import every_answer_optimal
from kingdomino_kit.puzzles.solving import (
    RULE_SEARCH_LIMIT,
    PuzzleAnswer,
    solve_next_exhaustively,
)
from kingdomino_kit.rules import Rules, rules_or_flags

__all__ = ["ATTEMPTS", "NEW_ATTEMPTS", "SHAPES", "daily_choice", "daily_puzzle", "new_puzzle",
           "quick_solve", "targeted"]

ATTEMPTS = 60
"""Drafts tried before :func:`targeted` gives up."""
NEW_ATTEMPTS = 4 * ATTEMPTS
"""Drafts :func:`new_puzzle` tries (without ``unique``): the first that fits is the same
whatever the count, so more drafts only turn a seed with no puzzle into one with a puzzle (at
levels 1–4, 2 seeds in 60 found none in the first 60 drafts)."""

# (count, extra) shapes per kind and level, tried in turn (the attempt number picks one):
# count = dominoes to place (next-placement: those that follow), extra = start dominoes
# (complete, next-placement) or the pool (free-choice, which places at most `count`)
SHAPES: dict[str, dict[int, tuple[tuple[int, int], ...]]] = {
    "best-kingdom": {1: ((2, 0), (3, 0)), 2: ((3, 0), (4, 0)), 3: ((5, 0), (6, 0)),
                     4: ((6, 0), (7, 0)), 5: ((8, 0), (9, 0))},
    "complete": {1: ((1, 3), (2, 3)), 2: ((2, 4), (3, 4)), 3: ((3, 5), (4, 5)),
                 4: ((4, 6), (5, 5)), 5: ((5, 6), (6, 5))},
    "rearrange": {1: ((3, 0), (2, 0)), 2: ((3, 0), (4, 0)), 3: ((5, 0), (6, 0)),
                  4: ((6, 0), (7, 0)), 5: ((8, 0), (9, 0))},
    "next-placement": {1: ((0, 3), (1, 3)), 2: ((1, 4), (2, 4)), 3: ((2, 4), (2, 5)),
                       4: ((2, 6), (2, 5)), 5: ((2, 7), (2, 6))},
    "free-choice": {1: ((2, 4), (2, 5)), 2: ((2, 6), (3, 6)), 3: ((3, 6), (3, 7)),
                    4: ((3, 8), (4, 7)), 5: ((4, 8), (5, 8))},
}


def _plan(kind: PuzzleKind, level: int, attempt: int, rules: Rules) -> Plan:
    shapes = SHAPES[kind.value][level]
    count, extra = shapes[attempt % len(shapes)]
    return Plan(kind, level, count, extra, rules, place=count if kind.chooses else "all")


def targeted(kind: str, level: int, key: str, pid: str, *, size: int = 5,
             middle_kingdom: bool = False, harmony: bool = False, unique: bool = False,
             attempts: int = ATTEMPTS, time_limit_s: float = 60.0,
             log: Callable[[str], None] = lambda text: None) -> Puzzle | None:
    """The first draft (see the module docstring) proven, discriminating and measured at
    ``level``; None if no attempt is. ``size``, ``middle_kingdom`` and ``harmony`` are the
    rules' shorthand (checked as :class:`~kingdomino_kit.rules.Rules` checks them)."""
    found = KINDS.get(kind)
    if found is None:
        raise PuzzleError(f"kind: must be one of {', '.join(KINDS)}, not {shown(kind)}")
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 5:
        raise PuzzleError(f"level: must be 1–5, not {shown(level)}")
    rules = rules_or_flags(None, size=size, middle_kingdom=middle_kingdom, harmony=harmony,
                           error=PuzzleError)
    solve = quick_solve(time_limit_s)
    for attempt in range(attempts):
        plan = _plan(found, level, attempt, rules)
        draft = compose(plan, random.Random(f"{key}:{attempt}"), pid)
        if not may_be_level(draft, level):
            log(f"{pid} attempt {attempt}: the bots show it is not level {level}")
            continue
        solved = proven(draft, solve)
        if solved is None:
            log(f"{pid} attempt {attempt}: not proven")
            continue
        if every_answer_optimal(solved):
            log(f"{pid} attempt {attempt}: {solved.kind.trivial}")
            continue
        draft_measures = measured(solved, prove=False)  # the level first, the proof after
        m = draft_measures.measures
        if m is None:
            raise InvariantError("expected m is not None")
        if draft_measures.greedy_score != m.greedy_score:  # stuck before placing every domino
            log(f"{pid} attempt {attempt}: greedy cannot place every domino")
            continue
        if draft_measures.level != level:
            log(f"{pid} attempt {attempt}: level {draft_measures.level}, not {level}")
            continue
        if unique and m.optimal_layouts > 1:
            log(f"{pid} attempt {attempt}: {m.optimal_layouts} optimal answers")
            continue
        puzzle = measured(solved, measures=proved(solved, m))
        if puzzle.measures is None:
            raise InvariantError("expected puzzle.measures is not None")
        if unique and not puzzle.measures.unique:
            log(f"{pid} attempt {attempt}: CP-SAT finds a second optimal answer")
            continue
        return puzzle
    return None


def quick_solve(time_limit_s: float) -> Callable[[Puzzle], PuzzleAnswer]:
    """The collection's solve (one CP-SAT worker, seed 0), except that a ``next-placement``
    puzzle with at most two dominoes to follow is proved by exhaustive search under the rules
    (:func:`~kingdomino_kit.puzzles.solving.solve_next_exhaustively`), much faster."""
    solve = default_solve(time_limit_s)

    def run(puzzle: Puzzle) -> PuzzleAnswer:
        if puzzle.kind.claims_first and len(puzzle.dominoes) <= RULE_SEARCH_LIMIT:
            return solve_next_exhaustively(puzzle)
        return solve(puzzle)

    return run


def new_puzzle(kind: str, level: int, seed: int = 0, *, unique: bool = False,
               time_limit_s: float = 60.0, size: int = 5) -> Puzzle:
    """A fresh puzzle of ``kind`` at ``level`` on a ``size`` × ``size`` kingdom (5 or 7; id
    ``new-KIND-LLEVEL-SEED``, ``new-KIND-LLEVEL-SEED-7x7`` on 7×7); the same arguments give
    the same puzzle. Raises :class:`PuzzleError` when no draft fits."""
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise PuzzleError(f"seed: must be a whole number ≥ 0, not {shown(seed)}")
    seed = int(seed)  # a NumPy integer too
    if size not in (5, 7) or isinstance(size, bool):
        raise PuzzleError(f"size: must be 5 or 7, not {shown(size)}")
    framed = "" if size == 5 else f"-{size}x{size}"  # 5×5: the ids and drafts as before
    pid = f"new-{kind}-L{level}-{seed}{framed}"
    attempts = ATTEMPTS if unique else NEW_ATTEMPTS
    puzzle = targeted(kind, level, f"new:{kind}:{level}:{seed}:{unique}{framed}", pid,
                      unique=unique, time_limit_s=time_limit_s, attempts=attempts, size=size)
    if puzzle is None:
        what = f"{kind} puzzle of level {level}" + (" with a unique optimum" if unique else "")
        raise PuzzleError(f"no {what} found in {attempts} drafts for seed {seed}; try another "
                          "seed" + (" (or a harder level: an easy level's optimum is rarely "
                                    "unique)" if unique else ""))
    return puzzle


def daily_choice(date: dt.date) -> tuple[str, int, int]:
    """The kind, level and seed of the puzzle of the day: with ``n = date.toordinal()`` (days
    since 1 January of year 1), the kind is ``KINDS[n % 5]`` (in the order best-kingdom,
    complete, rearrange, next-placement, free-choice), the level ``1 + n % 4`` (levels 1–4, so
    every kind meets every level once in 20 days) and the seed ``n``; when no draft of that seed
    fits, the seeds ``n + k × 1,000,000`` for k = 1, 2, … (at most :data:`DAILY_TRIES` in all)
    are tried in turn, so every date has its puzzle and it is the same everywhere."""
    n = date.toordinal()
    return list(KINDS)[n % len(KINDS)], 1 + n % 4, n


DAILY_TRIES = 8
"""How many seeds the puzzle of a day may try (``n``, ``n + 1,000,000``, …)."""


def daily_puzzle(date: dt.date | None = None) -> Puzzle:
    """The puzzle of ``date`` (default: today in UTC), id ``daily-YYYY-MM-DD``."""
    day = date or dt.datetime.now(dt.timezone.utc).date()
    kind, level, seed = daily_choice(day)
    for k in range(DAILY_TRIES):
        try:
            puzzle = new_puzzle(kind, level, seed + k * 1_000_000)
        except PuzzleError:
            continue
        return replace(puzzle, id=f"daily-{day.isoformat()}")
    raise PuzzleError(f"no {kind} puzzle of level {level} for {day.isoformat()} in "
                      f"{DAILY_TRIES} seeds")
