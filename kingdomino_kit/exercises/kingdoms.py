"""The exercises of ``07_kingdoms``: a row and a column scored by hand, the best cell for a
castle, how one mountain cuts the board, the Wizard variant and a puzzle's layouts."""

from __future__ import annotations

from collections import Counter
from math import comb

from kingdomino_kit.exercises.answer_kinds import WHOLE_NUMBER, pair_of
from kingdomino_kit.exercises.sheet import Check, sheet, value
from kingdomino_kit.kingdoms import Board, Castle, Tile, score_board
from kingdomino_kit.kingdoms.board import CELLS
from kingdomino_kit.kingdoms.bots import margin_change
from kingdomino_kit.kingdoms.puzzles import castle_puzzles
from kingdomino_kit.kingdoms.scoring import segments

__all__ = ["EXERCISES", "PRACTICE", "WIZARD"]

PRACTICE = """
+2 a3 -4 .  b2 +6
.  +5 ^  a1 .  -1
b1 .  $  +2 .  .
.  D  .  -2 a2 .
+1 .  .  b3 .  +4
"""
"""The board ``practice`` of exercises 1–3, as the notebook writes it."""

WIZARD = """
+3 b1 -6 c1 a4 a1
.  +4 .  +1 W  .
.  -3 .  -5 .  .
+3 D  a2 ^  +5 b1
.  $  .  a1 .  .
"""
"""The worked example's board with the 2011 edition's Wizard under white's rank-4 castle."""


def _line_gold(text: str, line: str, player: str) -> int:

    return sum(segment.gold.get(player, 0) for segment in score_board(Board.from_text(text))
               .line(line))


def _best_cells() -> tuple[list[tuple[int, int]], float]:

    board = Board.from_text(PRACTICE)
    gains = {cell: margin_change(board, cell, Castle("a", 2), "a", "ab")
             for cell in board.empty_cells()}
    top = max(gains.values())
    return sorted(cell for cell, gain in gains.items() if gain == top), top


def _judge_best_cell(answer: tuple[int, int]) -> str | None:

    board = Board.from_text(PRACTICE)
    if answer not in board.empty_cells():
        return f"{answer} is not an empty cell of practice (rows 0–4, columns 0–5)"
    best, top = _best_cells()
    if answer in best:
        return None
    gain = margin_change(board, answer, Castle("a", 2), "a", "ab")
    return f"a rank-2 castle at {answer} changes white's margin by {gain:+g}; one cell does better"


def _splitting_cells() -> int:

    mountain = Tile.parse("^")
    return sum(len(segments(Board().place(cell, mountain))) == 13 for cell in CELLS)


def _wizard_gold() -> int:

    return score_board(Board.from_text(WIZARD, wizard=True)).gold["a"]


def _as_you_go() -> int:
    """Black's gold the moment its rank-2 castle fills row 1 of ``practice`` (score as you go:
    the full row alone is scored)."""
    full = PRACTICE.replace("+2 a3 -4 .  b2 +6", "+2 a3 -4 b2 b2 +6")
    return _line_gold(full, "row 1", "b")


def _layouts_k01() -> int:

    problem = castle_puzzles()[0].problem
    left, layouts = len(problem.board.empty_cells()), 1
    for n in Counter(str(p) for p in problem.pieces).values():
        layouts *= comb(left, n)
        left -= n
    return layouts


_WORDS = """
1. a row cut by a mountain
hint: The mountain cuts row 2 in two segments: only the tiles in white's own segment count.
hint: White's segment runs from the mountain to the right edge: add its tiles, then multiply by the
  rank.
why: The +5 lies left of the mountain: white's segment holds only the −1.

2. a column with the dragon
hint: Column 2 is the second from the left; it has no mountain, so it is one segment.
hint: The dragon cancels every resource of its segment; hazards would still count.
why: The dragon cancels the +5, and no hazard is left: the column is worth nothing.

3. the best cell for a castle
hint: A castle earns its rank × (its row segment's value + its column segment's value), and grey's
  castles in the same lines change the margin too.
hint: margin_change(practice, (r, c), Castle('a', 2), 'a', 'ab') scores one cell: try every empty
  one, as the table above does for `middle`.
why: That cell's row and column segments are the richest that grey does not share.

4. cells where a mountain splits both lines
hint: A mountain splits its row only when it has a cell on both sides: not in the first or last
  column.
hint: Count the columns that split the row, the rows that split the column, and multiply.
why: Columns 2–5 split the row (4 choices), rows 2–4 split the column (3): 4 × 3.

5. the Wizard variant
hint: Only white's rank-4 castle touches the Wizard: it counts as rank 5 in row 1 and in column 5;
  every other line is scored as before.
hint: Without the Wizard white ends on −7; add one rank's worth of row 1 and of column 5.
why: The castle counts one rank more in both its lines: −7 + (−3) + 5.

6. the layouts of puzzle k01
hint: Choose cells for the rank-3 castle first, then for the two rank-1 castles, which look alike.
hint: Multiply C(empty cells, 1) by C(cells still empty, 2), as the cell for `castle_puzzles()[2]`
  does.
why: Pieces of one kind are interchangeable: a multinomial count.

7. score as you go
hint: Only row 1 is full, so only row 1 is scored now; column 4 waits until it is full too.
hint: Black has two rank-2 castles in row 1 now: add their ranks, then multiply by the row's tiles.
why: Row 1 holds +2, −4 and +6: 4 × (2 + 2) = 16 for black at once (and 12 for white, whose rank-3
  castle shares the row).
"""

EXERCISES = sheet(_WORDS, {
    1: value(WHOLE_NUMBER, lambda: _line_gold(PRACTICE, "row 2", "a")),
    2: value(WHOLE_NUMBER, lambda: _line_gold(PRACTICE, "column 2", "a")),
    3: Check(pair_of(WHOLE_NUMBER, WHOLE_NUMBER), _judge_best_cell),
    4: value(WHOLE_NUMBER, _splitting_cells),
    5: value(WHOLE_NUMBER, _wizard_gold),
    6: value(WHOLE_NUMBER, _layouts_k01),
    7: value(WHOLE_NUMBER, _as_you_go),
})
