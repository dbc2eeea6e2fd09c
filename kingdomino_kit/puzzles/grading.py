"""Grading puzzle answers and replaying stored solutions with the rules library only.

An answer is a kingdom. It is *legal* when it keeps the puzzle's start squares and its other
squares can be cut into the puzzle's dominoes (as many as the puzzle allows); *buildable* when
some order of placing those dominoes obeys the connection rule; *optimal* when it is worth the
proven optimum stored in the puzzle.

>>> from kingdomino_kit.puzzles import Puzzle
>>> p = Puzzle("x", "x", "best-kingdom", 1, "?", (41, 15))
>>> print(grade(p, Kingdom.from_text("W G2 . / C G W")).summary())
legal:     yes
buildable: yes
score:     4
legal and buildable (no stored optimum to compare with)
"""

from __future__ import annotations

from dataclasses import dataclass

from kingdomino_kit.dominoes import domino
from kingdomino_kit.errors import IllegalPlacement, InvariantError
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.puzzles.cuts import NotLegal, build_order, decompose, stranded
from kingdomino_kit.puzzles.diagnosis import explain, placement_words
from kingdomino_kit.puzzles.format import Puzzle, PuzzleError
from kingdomino_kit.puzzles.kinds import PuzzleKind

__all__ = ["Grade", "build_order", "decompose", "grade", "replay"]

@dataclass(frozen=True)
class Grade:
    """The verdict on an answer: legal? buildable? its score, its value, optimal?

    ``score`` is the answer kingdom's own total; ``value`` is what it is worth for the puzzle
    (the same, except for ``next-placement``: the best final total still reachable after it,
    while ``score`` is what the kingdom scores now).
    """

    legal: bool
    buildable: bool
    score: int
    value: int | None
    optimum: int | None
    reason: str
    order: tuple[Placement, ...] = ()
    next_placement: bool = False

    @property
    def optimal(self) -> bool:
        """True if the answer is legal, buildable and worth the proven optimum."""
        return (self.legal and self.buildable and self.optimum is not None
                and self.value == self.optimum)

    def summary(self) -> str:
        """The verdict in a few lines (what ``puzzle check`` prints)."""
        yes = {True: "yes", False: "no"}
        lines = [f"legal:     {yes[self.legal]}"]
        if self.legal:
            lines.append(f"buildable: {yes[self.buildable]}")
        if self.next_placement:
            lines.append(f"score now: {self.score} (the kingdom with this placement)")
            if self.value is not None:
                lines.append(f"reachable: {self.value} (the best final total after this "
                             "placement)")
            if self.optimum is not None:
                lines.append(f"optimum:   {self.optimum} reachable (after the best placement)")
                lines.append(f"optimal:   {yes[self.optimal]}")
            lines.append(self.reason)
            return "\n".join(lines)
        lines.append(f"score:     {self.score}")
        if self.optimum is not None:
            lines.append(f"optimum:   {self.optimum}")
            lines.append(f"optimal:   {yes[self.optimal]}")
        lines.append(self.reason)
        return "\n".join(lines)


def grade(puzzle: Puzzle, answer: Kingdom) -> Grade:
    """Grade a kingdom as an answer to ``puzzle`` using the rules library only.

    Legal: it keeps the start squares and its other squares are the puzzle's dominoes (as many
    as ``place`` asks). Buildable: some order of placing them obeys the connection rule.

    >>> p = Puzzle("x", "x", "best-kingdom", 1, "?", (41, 15))
    >>> grade(p, Kingdom.from_text("W G2 . / C G W")).reason
    'legal and buildable (no stored optimum to compare with)'
    >>> grade(p, Kingdom.from_text("C . W G2 / . . G W")).reason   # it touches nothing
    'legal but not buildable: domino 41 (W|G2) at row 1, columns 3–4; domino 15 (W|G) at row \
2, columns 3–4 can never be placed, in any order, because no half touches the castle or a \
square of its own terrain (connection rule)'
    """
    if answer.size != puzzle.rules.size:
        return Grade(False, False, 0, None, _optimum(puzzle),
                     f"not legal: the puzzle is played on {puzzle.rules.size}×"
                     f"{puzzle.rules.size}, the answer is size {answer.size}")
    score = puzzle.rules.total(answer)
    if puzzle.kind.claims_first:
        return _grade_next(puzzle, answer, score)
    start = puzzle.start_kingdom()
    try:
        tilings = decompose(start, answer, puzzle.domino_list(), puzzle.place)
        first = next(tilings, None)
    except NotLegal as error:
        why = explain(puzzle, answer) or str(error)
        return Grade(False, False, score, None, _optimum(puzzle), f"not legal: {why}")
    if first is None:
        why = explain(puzzle, answer) or ("the new squares cannot be cut into the puzzle's "
                                          f"dominoes ({puzzle.place_words()})")
        return Grade(False, False, score, None, _optimum(puzzle), f"not legal: {why}")
    for tiling in (first, *tilings):
        order = build_order(start, tiling)
        if order is not None:
            return _verdict(puzzle, score, score, tuple(order))
    stuck = sorted(stranded(start, first), key=lambda p: sorted((p.first, p.second)))
    names = "; ".join(f"domino {p.domino.number} ({p.domino.first}|{p.domino.second}) at "
                      f"{placement_words(answer, p)}" for p in stuck)
    return Grade(True, False, score, score, _optimum(puzzle),
                 f"legal but not buildable: {names} can never be placed, in any order, "
                 "because no half touches the castle or a square of its own terrain "
                 "(connection rule)")


def _optimum(puzzle: Puzzle) -> int | None:
    return puzzle.solution.optimum if puzzle.solution else None


def _verdict(puzzle: Puzzle, score: int, value: int, order: tuple[Placement, ...]) -> Grade:
    optimum = _optimum(puzzle)
    nxt = puzzle.kind.claims_first
    if optimum is None:
        reason = "legal and buildable (no stored optimum to compare with)"
    elif value > optimum:
        reason = (f"better than the stated optimum {optimum}: the puzzle file is wrong, "
                  "please report it")
    elif nxt and value == optimum:
        reason = (f"the best placement: {value} is reachable after it (the kingdom scores "
                  f"{score} now)")
    elif nxt:
        reason = (f"{value} is reachable after this placement, {optimum - value} short of the "
                  f"{optimum} reachable after the best one (the kingdom scores {score} now)")
    elif value == optimum:
        reason = "it reaches the proven optimum"
    else:
        reason = f"legal and buildable, {optimum - value} short of the optimum {optimum}"
    return Grade(True, True, score, value, optimum, reason, order, nxt)


def _grade_next(puzzle: Puzzle, answer: Kingdom, score: int) -> Grade:
    start = puzzle.start_kingdom()
    if puzzle.claimed is None:
        raise InvariantError("expected puzzle.claimed is not None")
    claimed = domino(puzzle.claimed)
    for p in start.legal_placements(claimed):
        after = start.copy()
        after.push(p)
        if after == answer:
            value = None
            if puzzle.solution:
                for q, v in puzzle.solution.values:
                    trial = start.copy()
                    trial.push(q)
                    if trial == after:
                        value = v
                        break
                if value is None:
                    return Grade(True, True, score, None, _optimum(puzzle),
                                 "legal, but the puzzle file lists no value for it", (), True)
            else:
                value = score
            return _verdict(puzzle, score, value, (p,))
    return Grade(False, False, score, None, _optimum(puzzle),
                 f"not legal: {_next_wrong(puzzle, start, answer)}", (), True)


def _next_wrong(puzzle: Puzzle, start: Kingdom, answer: Kingdom) -> str:
    """Why an answer is not the start kingdom plus one legal placement of the claimed domino."""
    if puzzle.claimed is None:
        raise InvariantError("expected puzzle.claimed is not None")
    claimed = domino(puzzle.claimed)
    name = f"domino {claimed.number} ({claimed.first}|{claimed.second})"
    why = explain(Puzzle(puzzle.id, puzzle.title, PuzzleKind.COMPLETE, puzzle.level,
                         puzzle.question, (claimed.number,), "all", puzzle.rules, puzzle.start),
                  answer)
    if why is not None:
        return f"{why} (the answer is the start kingdom plus {name}, placed now)"
    cuts = [cut for cut in decompose(start, answer, [claimed], "all")]
    if cuts:
        p = cuts[0][0]
        try:
            start.check(p)
        except IllegalPlacement as error:
            return (f"{name} at {placement_words(answer, p)} breaks the {error.rule} rule: "
                    f"{str(error).split(': ', 1)[-1]}")
    return f"the answer must be the start kingdom plus one legal placement of {name}"


def replay(puzzle: Puzzle) -> Kingdom:
    """Replay the stored solution with the rules library and check every claim it makes:
    each placement legal in turn, the dominoes allowed, the kingdom as stated, the total
    equal to the stated optimum. Returns the final kingdom.

    >>> replay(Puzzle("x", "x", "best-kingdom", 1, "?", (1,)))
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.PuzzleError: x: no stored solution
    """
    sol = puzzle.solution
    if sol is None:
        raise PuzzleError(f"{puzzle.id}: no stored solution")
    kingdom = puzzle.start_kingdom()
    order = list(sol.order)
    if puzzle.kind.claims_first:
        if not order or order[0].domino.number != puzzle.claimed:
            raise PuzzleError(f"{puzzle.id}: the stored order must start with the claimed "
                              f"domino {puzzle.claimed}")
        allowed = set(puzzle.dominoes) | {puzzle.claimed}
    else:
        allowed = set(puzzle.dominoes)
    used: set[int] = set()
    for i, p in enumerate(order):
        n = p.domino.number
        if n not in allowed or n in used:
            raise PuzzleError(f"{puzzle.id}: solution.order[{i}] uses domino {n}, which is not "
                              "available (or used twice)")
        used.add(n)
        try:
            kingdom.place(p)
        except IllegalPlacement as error:
            raise PuzzleError(f"{puzzle.id}: solution.order[{i}]: {error}") from None
    count = len(order) - (1 if puzzle.kind.claims_first else 0)
    # next-placement: a domino that follows is left out only when it could not be placed
    if (puzzle.place == "all" and not puzzle.kind.claims_first
            and count != len(puzzle.dominoes)) or (
            isinstance(puzzle.place, int) and count > puzzle.place):
        raise PuzzleError(f"{puzzle.id}: the solution places {count} dominoes, the puzzle asks "
                          f"for {puzzle.place_words()}")
    stated = Kingdom.from_text(sol.kingdom, puzzle.rules.size)
    if stated != kingdom:
        raise PuzzleError(f"{puzzle.id}: solution.kingdom differs from the replayed order")
    total = puzzle.rules.total(kingdom)
    if total != sol.optimum:
        raise PuzzleError(f"{puzzle.id}: the replayed solution scores {total}, the file states "
                          f"{sol.optimum}")
    return kingdom
