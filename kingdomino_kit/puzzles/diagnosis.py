"""What exactly is wrong with an answer that is not legal, in words a player can act on.

The grader (:mod:`.grading`) knows only that the answer's new squares cannot be cut into the
puzzle's dominoes. Here the squares are cut into dominoes of the *game* instead, and the cut that
differs least from the puzzle names the culprit: a domino that is not in the puzzle, one used
twice, one left out; or the square that belongs to no domino at all. Cells are named as a
player reads the answer written in text notation: row and column counted from 1 at its top
left.

>>> from kingdomino_kit.puzzles import Puzzle
>>> from kingdomino_kit.kingdom import Kingdom
>>> p = Puzzle("x", "x", "best-kingdom", 1, "?", (41, 15))
>>> print(explain(p, Kingdom.from_text("W W . / C G W")))
domino W|W (number 1 or 2) at row 1, columns 1–2 is not one of this puzzle's dominoes \
(41 W|G2, 15 W|G)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from kingdomino_kit.dominoes import DOMINOES, Domino, Half
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.grid import Cell
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.puzzles.cuts import decompose
from kingdomino_kit.puzzles.format import Puzzle

__all__ = ["cell_words", "explain", "placement_words"]

CUTS = 400
"""How many cuts into the game's dominoes are compared at most (the first is usually enough)."""

Pair = tuple[str, str]


def cell_words(kingdom: Kingdom, cell: Cell) -> str:
    """A castle-relative cell as row and column of ``kingdom`` written in text notation.

    >>> cell_words(Kingdom.from_text("W . / W C"), (-1, -1))
    'row 1, column 1'
    """
    r0, c0 = kingdom.text_origin()
    return f"row {cell[0] + r0 + 1}, column {cell[1] + c0 + 1}"


def placement_words(kingdom: Kingdom, p: Placement) -> str:
    """The two cells of a placement in the rows and columns of ``kingdom``'s text.

    >>> from kingdomino_kit.dominoes import domino
    >>> placement_words(Kingdom.from_text("C W W"), Placement(domino(1), (0, 1), (0, 2)))
    'row 1, columns 2–3'
    """
    r0, c0 = kingdom.text_origin()
    (r1, c1), (r2, c2) = sorted((p.first, p.second))
    if r1 == r2:
        return f"row {r1 + r0 + 1}, columns {c1 + c0 + 1}–{c2 + c0 + 1}"
    return f"rows {r1 + r0 + 1}–{r2 + r0 + 1}, column {c1 + c0 + 1}"


def _pair(first: Half, second: Half) -> Pair:
    a, b = str(first), str(second)
    return (a, b) if a <= b else (b, a)


def _name(d: Domino) -> str:
    return f"{d.number} {d.first}|{d.second}"


def _game_numbers(pair: Pair) -> str:
    numbers = [d.number for d in DOMINOES if _pair(d.first, d.second) == pair]
    return " or ".join(str(n) for n in numbers)


def explain(puzzle: Puzzle, answer: Kingdom) -> str | None:
    """Why ``answer``'s new squares are not the puzzle's dominoes, naming the domino, the cell
    and the rule; None if nothing more specific than the grader's words can be said."""
    start = puzzle.start_kingdom()
    for cell, half in start.squares():
        if answer.at(cell) != half:
            now = answer.at(cell)
            has = "is empty" if now is None else f"has {now}"
            here, there = cell_words(start, cell), cell_words(answer, cell)
            also = "" if here == there else f" (its {there})"
            return (f"the start kingdom's {half} at {here} must stay; the answer {has} "
                    f"there{also}")
    new = {cell: half for cell, half in answer.squares() if start.at(cell) is None}
    for cell in sorted(new):
        r, c = cell
        if not any(n in new for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
            return (f"the square {new[cell]} at {cell_words(answer, cell)} has no new square "
                    "beside it: it cannot be half of a domino")
    try:
        cuts = list(itertools.islice(decompose(start, answer, DOMINOES, "any"), CUTS))
    except KingdominoError:
        return None
    if not cuts:
        return ("the new squares cannot be cut into dominoes of the game (each domino is two "
                "squares side by side, as printed on one of the 48 dominoes)")
    wanted = Counter(_pair(d.first, d.second) for d in puzzle.domino_list())
    best = min(cuts, key=lambda cut: _foreign_count(cut, wanted))
    return _words(puzzle, answer, best, wanted)


def _foreign_count(cut: Sequence[Placement], wanted: Counter[Pair]) -> int:
    have = Counter(_pair(p.domino.first, p.domino.second) for p in cut)
    return sum((have - wanted).values())


def _words(puzzle: Puzzle, answer: Kingdom, cut: Sequence[Placement],
           wanted: Counter[Pair]) -> str | None:
    left = Counter(wanted)
    listed = ", ".join(_name(d) for d in puzzle.domino_list())
    for p in sorted(cut, key=lambda q: sorted((q.first, q.second))):
        pair = _pair(p.domino.first, p.domino.second)
        where = placement_words(answer, p)
        if left[pair]:
            left[pair] -= 1
            continue
        halves = f"{p.domino.first}|{p.domino.second}"
        if wanted[pair]:
            return (f"domino {halves} at {where} is used more often than the puzzle has it "
                    f"(each domino once; this puzzle's dominoes: {listed})")
        return (f"domino {halves} (number {_game_numbers(pair)}) at {where} is not one of this "
                f"puzzle's dominoes ({listed})")
    missing = []
    for d in puzzle.domino_list():
        pair = _pair(d.first, d.second)
        if left[pair]:
            left[pair] -= 1
            missing.append(d)
    placed = len(cut)
    if puzzle.place == "all" and missing:
        names = ", ".join(_name(d) for d in missing)
        return (f"{placed} of the puzzle's {len(puzzle.dominoes)} dominoes placed: every one "
                f"must be placed, and {names} {'is' if len(missing) == 1 else 'are'} not")
    if isinstance(puzzle.place, int) and placed > puzzle.place:
        return f"{placed} dominoes placed, the puzzle allows at most {puzzle.place}"
    return None
