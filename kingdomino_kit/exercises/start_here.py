"""The exercises of ``00_start_here``: a score by hand, the placements of one domino, the best
of them, a first function, and a whole kingdom built on the board (replayed on the notebook's
own board, ``KingdomBoard(seed=2024)``: its hand, every placement legal)."""

from __future__ import annotations

from kingdomino_kit.dominoes import Domino, domino
from kingdomino_kit.exercises.answer_kinds import WHOLE_NUMBER
from kingdomino_kit.exercises.boards import board_kind
from kingdomino_kit.exercises.checker import NotAnswered
from kingdomino_kit.exercises.judges import sample_kingdoms, show_kingdom
from kingdomino_kit.exercises.sheet import Check, function, sheet, value
from kingdomino_kit.kingdom import Kingdom

__all__ = ["BOARD_GOAL", "BOARD_OPTIMUM", "BOARD_SEED", "EXERCISE_KINGDOM", "EXERCISES"]

EXERCISE_KINGDOM = "L1 L F / C L F1 / G2 G F"
"""The kingdom of exercises 1–3, as the notebook shows it."""
BOARD_OPTIMUM = 51
"""The proven best score of the notebook's board hand (``KingdomBoard(seed=2024)``); the tests
prove it again with the solver."""
BOARD_GOAL = 30


def _kingdom() -> Kingdom:
    return Kingdom.from_text(EXERCISE_KINGDOM)


def _best_after_28() -> int:
    k = _kingdom()
    best = 0
    for p in k.legal_placements(domino(28)):
        trial = k.copy()
        trial.place(p)
        best = max(best, trial.score())
    return best


def _crowns(k: Kingdom) -> int:
    return sum(half.crowns for _, half in k.squares())


BOARD_SEED = 2024
"""The seed of the notebook's board (``KingdomBoard(seed=2024)``): its hand is the exercise's."""


def _board_setup() -> tuple[list[Domino], Kingdom]:
    from kingdomino_kit.widgets.board import parse_hand

    return list(parse_hand(None, 5, BOARD_SEED)), Kingdom()


def _judge_board(kingdom: Kingdom) -> str | None:
    score = kingdom.score()
    if score >= BOARD_GOAL:
        return None
    if len(kingdom) == 0:
        raise NotAnswered("the board is still empty: place dominoes by clicks, then run this "
                          "cell again.")
    return (f"your kingdom scores {score}; reach {BOARD_GOAL} (the proven best for this hand is "
            f"{BOARD_OPTIMUM})")


_WORDS = f"""
1. the score of a small kingdom
hint: Find each property (connected squares of one terrain), then add up squares × crowns.
hint: Go terrain by terrain: the lake, the forest and the grassland hold crowns. For each, count
  the squares that touch by an edge and the crowns on them, multiply, then add the three.
why: Lake 3 × 1, forest 3 × 1, grassland 2 × 2: 3 + 3 + 4 = 10.

2. how many legal placements domino 28 has
hint: Ask the library: a kingdom's legal_placements(d) lists every legal placement of a domino d;
  count the list.
hint: Every placement counted once: the two cells and which half lies on which.
why: The library lists every distinct legal placement; both its halves can connect.

3. the best score after placing domino 28
hint: Try each placement on a copy of the kingdom (its .copy(), then .place(p) on the copy) and
  keep the best score.
hint: The F1 can join the forest and the L the lake at the same time.
why: Forest 4 squares × 2 crowns, lake 4 × 1, grassland 2 × 2: 8 + 4 + 4 = 16.

4. a function that counts crowns
hint: kingdom.squares() gives (cell, half) pairs; a half has .crowns.
hint: Add up half.crowns over every (cell, half) pair: sum() takes a generator expression, and the
  castle is no square.
why: Every square's crowns added up; the castle has none.

5. a kingdom of your own on the board
hint: Grow one or two big crowned properties rather than many small ones.
hint: Put the mines and the crowned grassland where they can join more squares of their terrain.
why: The solver proves that no kingdom of this hand scores more than {BOARD_OPTIMUM}: see how
  close you are in notebook 04.
"""

EXERCISES = sheet(_WORDS, {
    1: value(WHOLE_NUMBER, lambda: _kingdom().score()),
    2: value(WHOLE_NUMBER, lambda: len(_kingdom().legal_placements(domino(28)))),
    3: value(WHOLE_NUMBER, _best_after_28),
    4: function("crowns_of", _crowns, lambda: [(k,) for k in sample_kingdoms(60, 4)],
                show=show_kingdom),
    5: Check(board_kind(_board_setup), _judge_board,
             partial=lambda kingdom: kingdom.score() / BOARD_GOAL),
})
