"""Making the collection: seeded drafts, proven optima, and only puzzles that discriminate.

A :class:`Plan` says what kind of puzzle to make and how big; :func:`draft` turns a plan, its
index and an attempt number into a puzzle without its answer, drawn from
``random.Random(f"{SEED}:{index}:{attempt}")``. :func:`make` solves the draft (one CP-SAT
worker, seed 0, deterministic), keeps it only when the optimum is *proved* and the stored layout
replays through the rules, measures it (:mod:`.measure`: greedy score, optimal answers) and
rejects it — trying the next attempt — when it does not discriminate:

- a ``next-placement`` puzzle where every legal placement is optimal;
- a ``rearrange`` puzzle whose given kingdom is already optimal;
- any other puzzle where no legal answer worse than the optimum is found;
- a puzzle whose greedy gap (optimum − greedy score) is below its plan's ``min_gap``.

The accepted puzzle gets a hint written from its answer (:func:`hint`). ``scripts/make_puzzles.py``
is the command around :data:`PLANS` and :func:`make`; its ``solve`` answers the first drafts
that are plain domino sets from one batch solved beforehand (:mod:`.batch`) and the others
with :func:`default_solve`.

>>> p = draft(Plan("best-kingdom", 1, 2), 0)
>>> p.id, p.kind, len(p.dominoes), p.solution is None
('01-best-kingdom', <PuzzleKind.BEST_KINGDOM: 'best-kingdom'>, 2, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from kingdomino_kit.dominoes import DOMINOES, domino
from kingdomino_kit.errors import InvariantError
from kingdomino_kit.kingdom import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS, Kingdom
from kingdomino_kit.puzzles.format import Puzzle, kingdom_line
from kingdomino_kit.puzzles.grading import replay
from kingdomino_kit.puzzles.hints import hint_ladder
from kingdomino_kit.puzzles.kinds import PuzzleKind
from kingdomino_kit.puzzles.ladder import measure
from kingdomino_kit.puzzles.levels import Measures, level_of
from kingdomino_kit.puzzles.measure import NODE_BUDGET, every_answer_optimal, greedy_score
from kingdomino_kit.puzzles.solving import PuzzleAnswer, solve_puzzle
from kingdomino_kit.puzzles.titles import title
from kingdomino_kit.rules import BONUS_NAMES, DEFAULT_RULES, POINTS, Rules

__all__ = ["PLANS", "SEED", "Plan", "compose", "draft", "hint", "make", "measured"]

SEED = 2026
GIVEN_DRAWS = 8
"""A rearrange puzzle gives the worst of this many random layouts of its dominoes."""


@dataclass(frozen=True)
class Plan:
    """One puzzle to make: its kind, level and rules; the rest comes from its seeded draws."""

    kind: PuzzleKind
    level: int
    count: int                     # dominoes to place (next-placement: those that follow)
    extra: int = 0                 # start dominoes (complete, next-placement) or pool size
    rules: Rules = DEFAULT_RULES   # the kingdom's size and bonus rules
    place: str | int = "all"       # best-kingdom: "any" lets dominoes be left out
    lo: int = 1                    # free-choice pool: dominoes lo..hi
    hi: int = 48
    min_gap: int = 0               # the greedy player must fall at least this short

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", PuzzleKind(self.kind))  # a kind given by its name

    @property
    def size(self) -> int:
        """The kingdom's size (its rules')."""
        return self.rules.size


def _p(kind: str, level: int, count: int, n: int = 1, *, size: int = 5,
       middle_kingdom: bool = False, harmony: bool = False, **more: object) -> list[Plan]:
    """``n`` plans, the rules written as the table's shorthand flags."""
    rules = Rules(size, middle_kingdom, harmony)
    return [Plan(PuzzleKind(kind), level, count, rules=rules, **more)  # type: ignore[arg-type]
            for _ in range(n)]


PLANS: list[Plan] = [
    # level 1: two or three dominoes, re-proved by brute force in the tests
    *_p("best-kingdom", 1, 2, 3), *_p("best-kingdom", 1, 3, 2),
    *_p("next-placement", 1, 0, 3, extra=3),
    *_p("complete", 1, 1, 2, extra=3), *_p("complete", 1, 2, 1, extra=3),
    *_p("best-kingdom", 1, 2, 1, middle_kingdom=True),
    *_p("rearrange", 1, 3, 1),
    # level 2
    *_p("best-kingdom", 2, 4, 3), *_p("complete", 2, 2, 2, extra=4),
    *_p("next-placement", 2, 1, 3, extra=4), *_p("rearrange", 2, 3, 1),
    *_p("best-kingdom", 2, 3, 1, middle_kingdom=True),
    *_p("free-choice", 2, 2, 1, extra=6, lo=1, hi=24),
    *_p("best-kingdom", 2, 3, 1, size=7),
    # level 3
    *_p("best-kingdom", 3, 5, 3, min_gap=1), *_p("complete", 3, 3, 2, extra=5, min_gap=1),
    *_p("rearrange", 3, 4, 1), *_p("rearrange", 3, 4, 1, min_gap=1),
    *_p("next-placement", 3, 2, 2, extra=4, min_gap=1),
    *_p("best-kingdom", 3, 4, 1, middle_kingdom=True, min_gap=1),
    *_p("free-choice", 3, 2, 1, extra=8, lo=1, hi=24),
    *_p("best-kingdom", 3, 4, 1, size=7),
    *_p("complete", 3, 3, 1, extra=5, middle_kingdom=True, min_gap=1),
    # level 4
    *_p("best-kingdom", 4, 6, 2, min_gap=1), *_p("complete", 4, 4, 1, extra=6, min_gap=2),
    *_p("rearrange", 4, 5, 1, min_gap=1), *_p("free-choice", 4, 3, 1, extra=10, lo=1, hi=24),
    *_p("best-kingdom", 4, 5, 1, middle_kingdom=True, min_gap=2),
    *_p("best-kingdom", 4, 6, 1, size=7),
    *_p("best-kingdom", 4, 5, 1, size=7, middle_kingdom=True, min_gap=1),
    *_p("next-placement", 4, 2, 1, extra=6, min_gap=1),
    *_p("best-kingdom", 4, 7, 1, min_gap=2),
    # level 5: full kingdoms and the bonuses
    *_p("best-kingdom", 5, 8, 2, min_gap=3), *_p("best-kingdom", 5, 10, 1, min_gap=3),
    *_p("complete", 5, 5, 1, extra=6, min_gap=3),
    *_p("best-kingdom", 5, 12, 3, min_gap=3), *_p("rearrange", 5, 12, 2, min_gap=3),
    *_p("best-kingdom", 5, 12, 1, middle_kingdom=True, min_gap=3),
    *_p("best-kingdom", 5, 12, 1, harmony=True, place="any", min_gap=3),
    *_p("best-kingdom", 5, 12, 1, middle_kingdom=True, harmony=True, min_gap=3),
    *_p("free-choice", 5, 4, 1, extra=12, lo=1, hi=24),
    *_p("best-kingdom", 5, 8, 1, size=7, min_gap=1),
]
"""The collection, easy to hard (its index + 1 is the puzzle's number)."""


def _crowned_sample(rng: random.Random, n: int, exclude: frozenset[int] = frozenset(),
                    lo: int = 1, hi: int = 48) -> list[int]:
    """n distinct domino numbers with at least two crowns among them, sorted."""
    pool = [d for d in range(lo, hi + 1) if d not in exclude]
    while True:
        pick = sorted(rng.sample(pool, n))
        if n == 0 or sum(domino(d).crowns for d in pick) >= min(2, n):
            return pick


def _random_kingdom(rng: random.Random, numbers: list[int], size: int) -> Kingdom:
    """Place the dominoes in turn at random legal spots (each one must fit)."""
    while True:
        k = Kingdom(size)
        for n in numbers:
            moves = sorted(k.legal_placements(domino(n)), key=lambda p: (p.first, p.second))
            if not moves:
                break
            k.place(rng.choice(moves))
        else:
            return k


def _pool_words(plan: Plan) -> str:
    if (plan.lo, plan.hi) == (1, 48):
        return f"a pool of {plan.extra} dominoes; at most {plan.count} of them"
    return (f"a pool of {plan.extra} low dominoes (numbered {plan.lo}–{plan.hi}); at most "
            f"{plan.count} of them")


def _names(numbers: list[int]) -> str:
    return ", ".join(f"{n} ({domino(n).first}|{domino(n).second})" for n in numbers)


def _rules_words(rules: Rules) -> str:
    n = rules.size
    words = (f"Each domino must touch the castle or a square of its own terrain, and the "
             f"kingdom must fit {n}×{n}.")
    said = {"middle_kingdom": f" Middle Kingdom: +{MIDDLE_KINGDOM_BONUS} if the castle is the "
                              f"centre of the {n}×{n} kingdom (every square within {n // 2} rows "
                              "and columns of it).",
            "harmony": f" Harmony: +{HARMONY_BONUS} if the kingdom is a full {n}×{n} square "
                       "with every domino placed."}
    for name in rules.bonuses:
        words += said.get(name, f" {BONUS_NAMES[name]}: +{POINTS[name]}.")
    return words


def _title_extra(rules: Rules) -> str:
    extra = [f"{rules.size}×{rules.size}"] if rules.size != 5 else []
    extra += [BONUS_NAMES[name] for name in rules.bonuses]
    return f" ({', '.join(extra)})" if extra else ""


def draft(plan: Plan, index: int, attempt: int = 0) -> Puzzle:
    """The puzzle (without its solution) that ``plan``, its index and the attempt give."""
    rng = random.Random(f"{SEED}:{index}" + (f":{attempt}" if attempt else ""))
    return compose(plan, rng, f"{index + 1:02d}-{plan.kind}")


def compose(plan: Plan, rng: random.Random, pid: str) -> Puzzle:
    """The puzzle (without its solution) that ``plan`` draws from ``rng``, named ``pid``."""
    rules = plan.rules
    words = _rules_words(rules)
    tail = _title_extra(rules)
    if plan.kind is PuzzleKind.BEST_KINGDOM:
        doms = _crowned_sample(rng, plan.count)
        which = ("these dominoes; you may leave some out" if plan.place == "any"
                 else "these dominoes, all of them")
        return Puzzle(pid, f"Best kingdom from {plan.count} dominoes{tail}", plan.kind,
                      plan.level, f"Build the highest-scoring kingdom from {which}. {words}",
                      tuple(doms), plan.place, rules)
    if plan.kind is PuzzleKind.FREE_CHOICE:
        pool = _crowned_sample(rng, plan.extra, lo=plan.lo, hi=plan.hi)
        return Puzzle(pid, f"Free choice: {plan.count} of {plan.extra}{tail}", plan.kind,
                      plan.level, f"Choose at most {plan.count} of these dominoes and build the "
                      f"highest-scoring kingdom. {words}", tuple(pool), plan.count, rules,
                      constraint=_pool_words(plan))
    if plan.kind is PuzzleKind.REARRANGE:
        doms = _crowned_sample(rng, plan.count)
        order = list(doms)
        rng.shuffle(order)
        given = min((_random_kingdom(rng, order, plan.size) for _ in range(GIVEN_DRAWS)),
                    key=rules.total)
        return Puzzle(pid, f"Rearrange {plan.count} dominoes{tail}", plan.kind, plan.level,
                      f"This finished kingdom scores {rules.total(given)}. Rebuild it from the "
                      f"same dominoes, all of them, for the highest score. {words}",
                      tuple(doms), "all", rules, given=kingdom_line(given))
    start_doms = _crowned_sample(rng, plan.extra)
    rng.shuffle(start_doms)
    start = _random_kingdom(rng, start_doms, plan.size)
    if plan.kind is PuzzleKind.COMPLETE:
        doms = _crowned_sample(rng, plan.count, frozenset(start_doms))
        return Puzzle(pid, f"Complete the kingdom: {plan.count} more{tail}", plan.kind,
                      plan.level, "Add these dominoes, all of them, to the kingdom for the "
                      f"highest score. {words}", tuple(doms), "all", rules, kingdom_line(start))
    if plan.kind is not PuzzleKind.NEXT_PLACEMENT:
        raise InvariantError("expected plan.kind is PuzzleKind.NEXT_PLACEMENT")
    while True:
        claimed = rng.choice([d.number for d in DOMINOES if d.number not in start_doms])
        if start.can_place(domino(claimed)) and domino(claimed).crowns:
            break
    later = _crowned_sample(rng, plan.count, frozenset(start_doms) | {claimed})
    then = (f" Then {_names(later)} will follow, in the order you like; each must be placed if "
            "it fits anywhere, and is discarded only when it cannot be placed."
            if later else " It is the last domino of the game.")
    return Puzzle(pid, f"Where does {claimed} go?{tail}", plan.kind, plan.level,
                  f"You claimed domino {claimed} ({domino(claimed).first}|"
                  f"{domino(claimed).second}). Place it where it leaves the best final "
                  f"kingdom.{then}", tuple(later), "all", rules, kingdom_line(start), claimed)


Solve = Callable[[Puzzle], PuzzleAnswer]


def proven(puzzle: Puzzle, solve: Solve) -> Puzzle | None:
    """The puzzle with its proven solution (replayed through the rules), or None. A
    best-kingdom "all" puzzle whose best layouts leave a domino out becomes "any"."""
    answer = solve(puzzle)
    if (answer.status != "optimal" and puzzle.place == "all"
            and puzzle.kind.may_leave_out):
        puzzle = replace(puzzle, place="any", question=puzzle.question.replace(
            "these dominoes, all of them", "these dominoes; you may leave some out"))
        answer = solve(puzzle)
    if answer.status != "optimal":
        return None
    solved = replace(puzzle, solution=answer.as_solution())
    replay(solved)
    return solved


def measured(puzzle: Puzzle, budget: int = NODE_BUDGET, *, prove: bool = True,
             measures: Measures | None = None) -> Puzzle:
    """The puzzle with its measures (:mod:`.ladder`; ``prove``: see
    :func:`~kingdomino_kit.puzzles.ladder.measure`; ``measures``: already taken), the level
    the written rule gives
    (:func:`~kingdomino_kit.puzzles.levels.level_of`), a title naming its idea and its hint
    ladder (the first hint is also the older single ``hint``)."""
    m = measures if measures is not None else measure(puzzle, budget, prove=prove)
    p = replace(puzzle, greedy_score=greedy_score(puzzle), optimal_answers=m.optimal_layouts,
                optimal_answers_exact=m.optimal_layouts_exact, measures=m, level=level_of(m))
    p = replace(p, title=title(p))
    ladder = hint_ladder(p)
    return replace(p, hints=ladder, hint=ladder[0] if ladder else None)


def rejection(puzzle: Puzzle, plan: Plan) -> str | None:
    """Why a measured puzzle does not discriminate (None: it does)."""
    if not (puzzle.solution is not None and puzzle.greedy_score is not None):
        raise InvariantError("expected a measured puzzle (solution and greedy score)")
    if every_answer_optimal(puzzle):
        return puzzle.kind.trivial
    gap = puzzle.solution.optimum - puzzle.greedy_score
    if gap < plan.min_gap:
        return f"the greedy gap is {gap}, the plan asks for at least {plan.min_gap}"
    return None


def make(plan: Plan, index: int, solve: Solve, attempts: int = 40,
         log: Callable[[str], None] = lambda text: None) -> Puzzle | None:
    """The first attempt of ``plan`` that is proven and discriminates, measured, with a hint;
    None if no attempt is."""
    for attempt in range(attempts):
        solved = proven(draft(plan, index, attempt), solve)
        if solved is None:
            log(f"{index + 1:02d} attempt {attempt}: not proven")
            continue
        why = rejection(replace(solved, greedy_score=greedy_score(solved)), plan)
        if why is None:
            return measured(solved)
        log(f"{index + 1:02d} attempt {attempt}: {why}")
    return None


def default_solve(time_limit_s: float) -> Solve:
    """The collection's solve: one CP-SAT worker, seed 0 (deterministic)."""
    return lambda puzzle: solve_puzzle(puzzle, time_limit_s=time_limit_s, workers=1, seed=0)


def hint(puzzle: Puzzle) -> str:
    """A nudge written from the proven answer: what to aim for and where the points are,
    never the layout.

    >>> from kingdomino_kit.puzzles import find_puzzle
    >>> hint(find_puzzle("01")).startswith("Aim for ")
    True
    """
    sol = puzzle.solution
    if sol is None:
        raise InvariantError("expected sol is not None")
    rules = puzzle.rules
    best = Kingdom.from_text(sol.kingdom, rules.size)
    words = [f"Aim for {sol.optimum}."]
    if puzzle.kind.claims_first:
        k = puzzle.start_kingdom()
        k.place(sol.order[0])
        now = rules.total(k)
        if puzzle.greedy_score is not None and puzzle.greedy_score < sol.optimum:
            words.append("The placement that scores most now is not the best one: think "
                         "about where the dominoes that follow will go.")
        else:
            words.append(f"The best placement makes the kingdom score {now} now.")
        return " ".join(words)
    props = sorted((p for p in best.properties() if p.score), key=lambda p: -p.score)
    if props:
        top = props[0]
        words.append(f"The best answer's most valuable property is {top.terrain.value}: "
                     f"{_count(top.squares, 'square')} with {_count(top.crowns, 'crown')}.")
    if rules.middle_kingdom:
        on = best.is_middle_kingdom()
        words.append("It keeps the castle in the middle (Middle Kingdom)." if on else
                     "It gives up the Middle Kingdom bonus.")
    if rules.harmony:
        words.append("It earns Harmony: no gap, every domino placed." if best.is_harmony()
                     else "It gives up Harmony.")
    if puzzle.kind.chooses:
        words.append(f"It uses {len(sol.order)} of the pool's dominoes.")
    if puzzle.place == "any" and len(sol.order) < len(puzzle.dominoes):
        words.append(f"It leaves {_count(len(puzzle.dominoes) - len(sol.order), 'domino')} "
                     "out.")
    if (puzzle.greedy_score is not None and puzzle.greedy_score < sol.optimum
            and not puzzle.kind.chooses):
        words.append("Placing each domino where it scores most at once falls short.")
    return " ".join(words)


def _count(n: int, word: str) -> str:
    """``n`` and the word, plural when it must be.

    >>> _count(1, "crown"), _count(2, "domino")
    ('1 crown', '2 dominoes')
    """
    if n == 1:
        return f"1 {word}"
    return f"{n} {word}{'es' if word.endswith('o') else 's'}"
