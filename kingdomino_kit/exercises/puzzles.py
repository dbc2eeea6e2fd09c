"""The exercises of ``05_puzzles``: puzzles of the collection, graded by the puzzle grader
against their proven optimum — in text notation, and on a board (its moves replayed on the
puzzle's own board: its dominoes, its start, every placement legal)."""

from __future__ import annotations

from typing import Any

from kingdomino_kit.dominoes import Domino, dominoes
from kingdomino_kit.exercises.answer_kinds import KINGDOM
from kingdomino_kit.exercises.boards import board_kind
from kingdomino_kit.exercises.checker import NotAnswered
from kingdomino_kit.exercises.sheet import Check, sheet
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.puzzles import Puzzle, find_puzzle, grade

__all__ = ["EXERCISES", "puzzle"]


def puzzle(puzzle_id: str) -> Puzzle:
    """A puzzle of the kit's collection by its id."""
    return find_puzzle(puzzle_id)


def _grader(puzzle_id: str, differ_from_given: bool = False) -> Any:
    def judge(kingdom: Kingdom) -> str | None:
        p = puzzle(puzzle_id)
        if kingdom == p.start_kingdom():
            raise NotAnswered(f"the kingdom is still the puzzle's start: place its dominoes "
                              f"({p.place_words()}), then run the cell again.")
        verdict = grade(p, kingdom)
        if not verdict.legal:
            return f"not a legal answer to {puzzle_id}: {verdict.reason}"
        if not verdict.buildable:
            return f"no order of placing the dominoes builds it: {verdict.reason}"
        if differ_from_given and p.given is not None and \
                kingdom == Kingdom.from_text(p.given, p.rules.size):
            return "that is the given kingdom itself: find another arrangement"
        if not verdict.optimal:
            return (f"legal and buildable, worth {verdict.value}; the proven optimum is "
                    f"{verdict.optimum}")
        return None

    return judge


def _board_of(puzzle_id: str) -> Any:
    def setup() -> tuple[list[Domino], Kingdom]:
        p = puzzle(puzzle_id)
        hand = [p.claimed] if p.kind.claims_first and p.claimed is not None else p.dominoes
        return dominoes(list(hand)), p.start_kingdom()

    return board_kind(setup, kingdom_too=True)


_WORDS = """
1. puzzle 05-best-kingdom in text
hint: Write the rows separated by '/', cells by spaces, '.' for an empty cell and C for the castle:
  'F . / L1 C' is a forest above a crowned lake, left of the castle.
hint: The mine's three crowns have no second mine square: M3 scores 3 wherever it goes. The wheat
  crown W1 can gain a square: put it beside the other wheat.
why: W1 beside W makes 2 wheat squares × 1 crown, M3 alone scores 3: 5 is best.

2. puzzle 21-next-placement
hint: The claimed domino goes in now; what counts is the best total still reachable once W1|G,
  which follows, is placed too.
hint: Where L1|W scores most now is not the best spot: L1 can join the lake at the top left, and
  the W then waits for W1|G, whose G joins the crowned grassland.
why: L1 beside the lake (2 × 1), and W1|G later grows the wheat (2 × 1) and the grassland to 3
  squares × 2 crowns: 12 reachable, one more than the greedy spot.

3. puzzle 13-rearrange
hint: The given kingdom scores 2: W1 and G1 each stand alone.
hint: The plain W of W|F can join W1: two wheat squares with one crown.
why: W beside W1 makes wheat 2 × 1, and G1 alone scores 1: 3, one more than given.

4. puzzle 14-best-kingdom on the board
hint: Two crowned grasslands and two crowned forests: each pair should join.
hint: Put G2 next to G2 and F1 next to F1; the wheat and the lake link them to the castle.
why: Both pairs joined: grassland 2 squares × 4 crowns and forest 2 × 2.

5. puzzle 41-complete (level 3)
hint: Start from the puzzle's kingdom (print(p5.start)) and add the four dominoes.
hint: Three of the four dominoes bring wheat, one a crowned W1: build one wheat field with both
  crowns, beside the W1 already there.
why: One wheat field of 5 squares × 2 crowns (10), the forest grown to 3 × 1, the mines kept: 23 is
  proven the best, 4 more than placing greedily.
"""

EXERCISES = sheet(_WORDS, {
    1: Check(KINGDOM, _grader("05-best-kingdom")),
    2: Check(KINGDOM, _grader("21-next-placement")),
    3: Check(KINGDOM, _grader("13-rearrange", differ_from_given=True)),
    4: Check(_board_of("14-best-kingdom"), _grader("14-best-kingdom")),
    5: Check(KINGDOM, _grader("41-complete")),
})
