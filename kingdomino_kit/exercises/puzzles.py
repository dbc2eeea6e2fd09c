"""The exercises of ``05_puzzles``: puzzles of the collection, graded by the puzzle grader
against their proven optimum — in text notation, and on a board."""

from __future__ import annotations

from typing import Any

from kingdomino_kit.exercises.answers import KINGDOM
from kingdomino_kit.exercises.checker import Exercise, NotAnswered
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.puzzles import Puzzle, default_collection, grade, load_puzzle

__all__ = ["EXERCISES", "puzzle"]


def puzzle(puzzle_id: str) -> Puzzle:
    """A puzzle of the kit's collection by its id."""
    return load_puzzle(default_collection() / f"{puzzle_id}.json")


def _grader(puzzle_id: str, differ_from_given: bool = False) -> Any:
    def judge(kingdom: Kingdom) -> str | None:
        p = puzzle(puzzle_id)
        if kingdom == p.start_kingdom():
            raise NotAnswered(f"the kingdom is still the puzzle's start: place "
                              f"{p.place_words()} of its dominoes, then run the cell again.")
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


EXERCISES = (
    Exercise(
        1, "puzzle 05-best-kingdom in text", KINGDOM, _grader("05-best-kingdom"),
        hints=("Write the rows separated by '/', cells by spaces, '.' for an empty cell and C "
               "for the castle: 'S M2 . / G C L1'.",
               "No two crowned halves share a terrain, so each crown scores on its own: place "
               "all three dominoes legally and you have 1 + 1 + 2."),
        why="F1, L1 and M2 each stand alone (no second square of their terrain): 4 is best."),
    Exercise(
        2, "puzzle 09-next-placement", KINGDOM, _grader("09-next-placement"),
        hints=("The claimed domino goes in now; the best total still reachable afterwards is "
               "what counts.",
               "The L1 half can join the lake next to the castle."),
        why="The lake grows to 2 squares with 1 crown, and every later domino still fits."),
    Exercise(
        3, "puzzle 23-rearrange", KINGDOM, _grader("23-rearrange", differ_from_given=True),
        hints=("The swamp's two crowns can only multiply swamp squares, and there is one.",
               "So 2 is the optimum: any legal, buildable arrangement of the three dominoes "
               "with the S2 kept works — but not the given one."),
        why="S2 stands alone whatever you do: 1 square × 2 crowns; the rest has no crown."),
    Exercise(
        4, "puzzle 14-best-kingdom on the board", KINGDOM, _grader("14-best-kingdom"),
        hints=("Two crowned grasslands and two crowned forests: each pair should join.",
               "Put G2 next to G2 and F1 next to F1; the wheat and the lake link them to the "
               "castle."),
        why="Both pairs joined: grassland 2 squares × 4 crowns and forest 2 × 2."),
    Exercise(
        5, "puzzle 37-complete (level 4)", KINGDOM, _grader("37-complete"),
        hints=("Start from the puzzle's kingdom (print(p5.start)) and add the four dominoes.",
               "The mines: M3 beside M2 makes 2 squares × 5 crowns; the forest and lake grow "
               "on the left."),
        why="The mines joined (10), the lake and the forest grown: 18 is proven the best."),
)
