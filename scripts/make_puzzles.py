"""Generate the puzzle collection with the CP-SAT solver (seeded, reproducible).

The files go to ``kingdomino_kit/puzzles/collection/`` (``--out`` to write elsewhere).

    .venv/bin/python scripts/make_puzzles.py            # write the missing puzzles
    .venv/bin/python scripts/make_puzzles.py --force    # regenerate every puzzle
    .venv/bin/python scripts/make_puzzles.py --list     # print the plan, solve nothing

    .venv/bin/python scripts/make_puzzles.py --force --workers 2   # best kingdoms side by side

Each puzzle is drawn from ``random.Random(f"{SEED}:{index}")``, solved with one CP-SAT worker
(deterministic for a fixed seed) and stored only when the solver *proves* the optimum; the
stored layout is replayed through the rules library before it is written. The best-kingdom
puzzles are solved first, all at once, by :func:`kingdomino_kit.analysis.optima.solve_many`
(``--workers N`` local processes or ``--dask [ADDRESS]``); a set whose optimum leaves a domino
out goes through the puzzle solver like every other kind. ``make test`` re-checks every file
(tests/puzzles/test_collection.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from kingdomino_kit import DOMINOES, Kingdom, domino
from kingdomino_kit.analysis.optima import optimum_kingdom, solve_many
from kingdomino_kit.answer import Status
from kingdomino_kit.atomic import atomic_write
from kingdomino_kit.parallel import dask_client
from kingdomino_kit.puzzles import Puzzle, Rules, Solution, load_puzzle
from kingdomino_kit.puzzles.format import kingdom_line
from kingdomino_kit.puzzles.grading import replay
from kingdomino_kit.puzzles.solving import PuzzleAnswer, solve_puzzle

SEED = 2026
OUT = Path(__file__).resolve().parent.parent / "kingdomino_kit" / "puzzles" / "collection"


@dataclass(frozen=True)
class Plan:
    """One puzzle to make: its kind and size; the rest comes from its seeded generator."""

    kind: str
    level: int
    count: int                     # dominoes to place (for next-placement: that follow)
    extra: int = 0                 # start dominoes (complete, next-placement) or pool size
    middle_kingdom: bool = False
    lo: int = 1                    # free-choice pool: dominoes lo..hi
    hi: int = 48


PLANS: list[Plan] = [
    # level 1: two or three dominoes, small enough to re-prove by brute force in the tests
    *[Plan("best-kingdom", 1, 2) for _ in range(4)],
    *[Plan("best-kingdom", 1, 3) for _ in range(3)],
    *[Plan("next-placement", 1, 0, extra=3) for _ in range(3)],
    Plan("best-kingdom", 1, 2, middle_kingdom=True),
    Plan("complete", 1, 1, extra=3),
    Plan("complete", 1, 2, extra=3),
    # level 2
    *[Plan("best-kingdom", 2, 4) for _ in range(4)],
    *[Plan("complete", 2, 2, extra=4) for _ in range(3)],
    *[Plan("next-placement", 2, 1, extra=4) for _ in range(2)],
    Plan("rearrange", 2, 3),
    Plan("best-kingdom", 2, 3, middle_kingdom=True),
    # level 3
    *[Plan("best-kingdom", 3, 5) for _ in range(3)],
    *[Plan("complete", 3, 3, extra=5) for _ in range(2)],
    *[Plan("rearrange", 3, 4) for _ in range(2)],
    Plan("next-placement", 3, 2, extra=4),
    Plan("best-kingdom", 3, 4, middle_kingdom=True),
    Plan("free-choice", 3, 2, extra=8, lo=1, hi=24),
    # level 4
    *[Plan("best-kingdom", 4, 6) for _ in range(2)],
    Plan("complete", 4, 4, extra=6),
    Plan("rearrange", 4, 5),
    Plan("free-choice", 4, 3, extra=10, lo=1, hi=24),
    Plan("best-kingdom", 4, 5, middle_kingdom=True),
    # level 5
    *[Plan("best-kingdom", 5, 8) for _ in range(2)],
    Plan("rearrange", 5, 6),
    Plan("complete", 5, 5, extra=6),
    # a full 5×5 kingdom, proven by the set model (solver_sets.py) in seconds
    *[Plan("best-kingdom", 5, 12) for _ in range(2)],
    Plan("rearrange", 5, 12),
]


def _crowned_sample(rng: random.Random, n: int, exclude: set[int] = frozenset(),
                     lo: int = 1, hi: int = 48) -> list[int]:
    """n distinct domino numbers with at least two crowns among them, sorted."""
    pool = [d for d in range(lo, hi + 1) if d not in exclude]
    while True:
        pick = sorted(rng.sample(pool, n))
        if n == 0 or sum(domino(d).crowns for d in pick) >= min(2, n):
            return pick


def _random_kingdom(rng: random.Random, numbers: list[int]) -> Kingdom:
    """Place the dominoes in turn at random legal spots (each one must fit)."""
    while True:
        k = Kingdom()
        ok = True
        for n in numbers:
            moves = k.legal_placements(domino(n))
            if not moves:
                ok = False
                break
            k.place(rng.choice(sorted(moves, key=lambda p: (p.first, p.second))))
        if ok:
            return k


def _text(k: Kingdom) -> str:
    return kingdom_line(k)


def _names(numbers: list[int]) -> str:
    return ", ".join(f"{n} ({domino(n).first}|{domino(n).second})" for n in numbers)


RULES_WORDS = ("Each domino must touch the castle or a square of its own terrain, and the "
               "kingdom must fit 5×5.")


def draft(plan: Plan, index: int) -> Puzzle:
    """The puzzle (without its solution) that ``plan`` and the collection seed give."""
    rng = random.Random(f"{SEED}:{index}")
    rules = Rules(5, plan.middle_kingdom, False)
    pid = f"{index + 1:02d}-{plan.kind}"
    bonus = (" The Middle Kingdom rule is on: +10 if the castle is the centre of the 5×5 kingdom"
             " (every square within two rows and two columns of it)."
             if plan.middle_kingdom else "")
    if plan.kind == "best-kingdom":
        doms = _crowned_sample(rng, plan.count)
        return Puzzle(pid, f"Best kingdom from {plan.count} dominoes"
                      + (" (Middle Kingdom)" if plan.middle_kingdom else ""), plan.kind,
                      plan.level, "Build the highest-scoring kingdom from these dominoes. "
                      + RULES_WORDS + bonus, tuple(doms), "all", rules)
    if plan.kind == "free-choice":
        pool = _crowned_sample(rng, plan.extra, lo=plan.lo, hi=plan.hi)
        return Puzzle(pid, f"Free choice: {plan.count} of {plan.extra}", plan.kind, plan.level,
                      f"Choose at most {plan.count} of these dominoes and build the "
                      "highest-scoring kingdom. " + RULES_WORDS, tuple(pool), plan.count, rules,
                      constraint=f"a pool of {plan.extra} low dominoes (numbered "
                                 f"{plan.lo}–{plan.hi}); at most {plan.count} of them")
    if plan.kind == "rearrange":
        doms = _crowned_sample(rng, plan.count)
        order = list(doms)
        rng.shuffle(order)
        given = _random_kingdom(rng, order)
        return Puzzle(pid, f"Rearrange {plan.count} dominoes", plan.kind, plan.level,
                      f"This finished kingdom scores {given.score()}. Rebuild it from the same "
                      "dominoes, all of them, for the highest score. " + RULES_WORDS,
                      tuple(doms), "all", rules, given=_text(given))
    start_doms = _crowned_sample(rng, plan.extra)
    rng.shuffle(start_doms)
    start = _random_kingdom(rng, start_doms)
    if plan.kind == "complete":
        doms = _crowned_sample(rng, plan.count, set(start_doms))
        return Puzzle(pid, f"Complete the kingdom: {plan.count} more", plan.kind, plan.level,
                      "Add these dominoes to the kingdom for the highest score. "
                      + RULES_WORDS, tuple(doms), "all", rules, _text(start))
    assert plan.kind == "next-placement"
    while True:
        claimed = rng.choice([d.number for d in DOMINOES if d.number not in start_doms])
        if start.can_place(domino(claimed)) and domino(claimed).crowns:
            break
    later = _crowned_sample(rng, plan.count, set(start_doms) | {claimed})
    then = (f" Then {_names(later)} will follow, in any order; you may place or discard each."
            if later else " It is the last domino of the game.")
    return Puzzle(pid, f"Where does {claimed} go?", plan.kind, plan.level,
                  f"You claimed domino {claimed} ({domino(claimed).first}|"
                  f"{domino(claimed).second}). Place it where it leaves the best final "
                  "kingdom." + then, tuple(later), "any", rules, _text(start), claimed)


def batch_answers(puzzles: list[Puzzle], time_limit_s: float, workers: int,
                  client: object = None) -> dict[str, PuzzleAnswer]:
    """Proven answers of the best-kingdom puzzles whose optimum places every domino, solved
    as batches (one per rule set) by ``solve_many``; the others are left to :func:`solve`."""
    answers: dict[str, PuzzleAnswer] = {}
    for middle in (False, True):
        group = [p for p in puzzles if p.kind == "best-kingdom" and p.place == "all"
                 and p.rules.middle_kingdom == middle and not p.rules.harmony]
        if not group:
            continue
        frame = solve_many([p.dominoes for p in group], middle_kingdom=middle,
                           time_limit_s=time_limit_s, workers=workers, client=client)
        rows = {tuple(r["dominoes"]): r for r in frame.to_dict("records")}
        for puzzle in group:
            row = rows[tuple(sorted(puzzle.dominoes))]
            kingdom, order = optimum_kingdom(row["grid"], row["order"])
            if row["status"] != "OPTIMAL" or len(order) != len(puzzle.dominoes):
                continue
            answers[puzzle.id] = PuzzleAnswer(Status.OPTIMAL, row["score"], row["bound"],
                                              kingdom, order, (), row["seconds"])
    return answers


def solve(puzzle: Puzzle, time_limit_s: float, batched: PuzzleAnswer | None = None
          ) -> Puzzle | None:
    """The puzzle with its proven solution, or None if the solver cannot prove it in time."""
    if batched is not None:
        solved = replace(puzzle, solution=batched.as_solution())
        replay(solved)
        return solved
    answer = solve_puzzle(puzzle, time_limit_s=time_limit_s, workers=1, seed=0)
    if answer.status == "unknown" and puzzle.place == "all" and puzzle.kind != "rearrange":
        # every layout of all the dominoes scores less than the best subset: ask for "any"
        puzzle = replace(puzzle, place="any")
        answer = solve_puzzle(puzzle, time_limit_s=time_limit_s, workers=1, seed=0)
    if answer.status != "optimal":
        return None
    solved = replace(puzzle, solution=answer.as_solution())
    replay(solved)
    return solved


def _normalised(puzzle: Puzzle) -> Puzzle:
    """Kingdom texts on one line with single spaces (the layout of the files)."""
    def norm(text: str | None) -> str | None:
        return None if text is None else kingdom_line(Kingdom.from_text(text))

    sol = puzzle.solution
    if sol is not None:
        sol = Solution(sol.optimum, norm(sol.kingdom) or "", sol.order, sol.proof, sol.values)
    return replace(puzzle, start=norm(puzzle.start), given=norm(puzzle.given), solution=sol)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="regenerate existing files")
    parser.add_argument("--list", action="store_true", help="print the plan only")
    parser.add_argument("--only", type=int, nargs="*", help="puzzle numbers (1-based)")
    parser.add_argument("--time-limit", type=float, default=600.0)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--reformat", action="store_true",
                        help="rewrite the existing files in the current layout, solve nothing")
    parser.add_argument("--workers", type=int, default=1,
                        help="local processes solving the best-kingdom puzzles side by side")
    parser.add_argument("--dask", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="solve the best-kingdom puzzles on Dask (a LocalCluster, or the "
                             "scheduler at ADDRESS)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.reformat:
        for path in sorted(args.out.glob("*.json")):
            with atomic_write(path) as handle:
                handle.write(_normalised(load_puzzle(path)).dumps())
        return 0
    log: Callable[[str], None] = lambda text: print(text, flush=True)  # noqa: E731
    failed = 0
    todo: list[tuple[Plan, Puzzle, Path]] = []
    for index, plan in enumerate(PLANS):
        if args.only and index + 1 not in args.only:
            continue
        puzzle = draft(plan, index)
        path = args.out / f"{puzzle.id}.json"
        if args.list:
            log(f"{puzzle.id}: level {plan.level}, {puzzle.title}")
            continue
        if path.exists() and not args.force:
            continue
        todo.append((plan, puzzle, path))
    puzzles = [puzzle for _, puzzle, _ in todo]
    if args.dask is None:
        batched = batch_answers(puzzles, args.time_limit, args.workers)
    else:
        with dask_client(args.dask or None) as client:
            batched = batch_answers(puzzles, args.time_limit, 1, client)
    for _, puzzle, path in todo:
        t = time.perf_counter()
        solved = solve(puzzle, args.time_limit, batched.get(puzzle.id))
        if solved is None:
            log(f"{puzzle.id}: NOT PROVEN in {args.time_limit} s, not written")
            failed += 1
            continue
        with atomic_write(path) as handle:
            handle.write(solved.dumps())
        assert solved.solution is not None
        log(f"{puzzle.id}: optimum {solved.solution.optimum} "
            f"({time.perf_counter() - t:.1f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
