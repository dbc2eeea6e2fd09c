# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 05 · Puzzles with proven answers
#
# The kit ships a collection of puzzles, from easy to hard (`kingdomino-kit puzzle list` in a
# terminal lists them). Each one states its
# **proven optimum**: the CP-SAT solver proved nobody can do better when the collection was
# generated, and the test suite replays every stored answer through the rules library. Every
# puzzle discriminates: some legal answers fall short, and each puzzle records what a greedy
# player (the domino that scores most *now*, every time) would score, and a hint.
#
# Your job: find a kingdom that reaches the optimum. Build it by clicks on a board, then let the
# grader tell you whether it is **legal**, **buildable**, what it **scores**, and whether it is
# **optimal**.

# %%
from collections import Counter

from kingdomino_kit import Kingdom, Placement, domino
from kingdomino_kit.puzzles import find_puzzle, grade, load_collection
from kingdomino_kit.widgets import PuzzleBoard

# %% [markdown]
# ## The collection

# %%
collection = load_collection()
print(len(collection), "puzzles")
print(Counter(str(p.kind) for p in collection))
for p in collection[:12]:
    gap = p.solution.optimum - p.greedy_score
    print(f"{p.id:<20} level {p.level}  greedy gap {gap}  {p.title}")
print("...")

# %% [markdown]
# ## A puzzle
#
# `find_puzzle` takes a puzzle's id (or just its number, or a file path). `describe()` prints
# what `kingdomino-kit puzzle show 11` prints: the question, the start kingdom and the
# dominoes — not the answer, and the hint only when asked for.

# %%
puzzle = find_puzzle("11-complete")
print(puzzle.describe())

# %% [markdown]
# ## A first try, from Python
#
# `PuzzleBoard` starts from the puzzle's kingdom with the puzzle's dominoes in hand: pick a
# domino, turn it, click a highlighted cell; **Check** grades your kingdom, **Show an answer**
# reveals one optimal layout if you give up. Every button is a method too. Here is a board for
# this walk-through, `demo` (your own board comes in the exercises). A first try: the wheat of
# `W|G1` on the wheat, the swamp of `S|M2` against the castle.

# %%
demo = PuzzleBoard(puzzle)
demo.place(Placement(domino(36), (1, -2), (2, -2)))            # W beside the W, G1 below it
demo.place(Placement(domino(47), (-1, 0), (-1, 1)))            # S above the castle, M2 beside
print(demo.export())
print("score:", demo.total())

# %% [markdown]
# ## Check the answer
#
# The **Check** button — `demo.check()` from Python, `grade(puzzle, kingdom)` without a board,
# or `kingdomino-kit puzzle check FILE --answer KINGDOM` in a terminal — answers four questions.

# %%
print(demo.check().summary())

# %% [markdown]
# Legal and buildable, but short of the optimum. The two grassland crowns are apart: each G1
# alone scores 1. Joined, the grassland has 2 squares × 2 crowns = 4. Undo both and put the new
# `G1` beside the old one (its wheat reaches into the corner), the `S|M2` above the castle:

# %%
demo.undo()
demo.undo()
demo.place(Placement(domino(36), (0, 2), (1, 2)))              # G1 beside G1, W above it
demo.place(Placement(domino(47), (-1, -1), (-1, 0)))           # S, and M2 above the castle
print(demo.export())
print(demo.check().summary())

# %% [markdown]
# Any legal kingdom reaching the optimum is accepted — it need not be the stored one.
#
# ## From the command line
#
# The same check in a terminal (`kingdomino-kit` is installed with the kit): the command below
# prints the grader's verdict, the very lines this cell prints (it runs in the browser too, in
# the Lite edition, where there is no terminal).

# %%
answer = demo.kingdom.to_text().replace("\n", " / ")
print(f'$ kingdomino-kit puzzle check 11-complete --answer "{answer}"')
print(grade(puzzle, Kingdom.from_text(answer)).summary())

# %% [markdown]
# ## What the grader rejects
#
# *Not legal*: squares that are not the puzzle's dominoes, or a start square changed.
# *Not buildable*: the right dominoes, but no order of placing them obeys the connection rule.
# Either way the grader names the domino, the cell (row and column of the answer as written)
# and the rule.

# %%
wrong = Kingdom.from_text("W M3 . . / . C L W / W F1 G1 G1 / L1 F . .")  # W|M3: not given
print(grade(puzzle, wrong).reason)
floating = Kingdom.from_text(". . C L / W W F1 G1 / G1 L1 F S / . . . M2")
print(grade(puzzle, floating).reason)

# %% [markdown]
# ## Ask the solver
#
# Stuck? `solve_puzzle` runs the CP-SAT solver on a puzzle (that is how the collection was
# made). It proves the optimum again from scratch. In the browser (the Lite edition), where
# OR-Tools cannot run, the kit's own exact search proves it instead; `engine()` says which.

# %%
from kingdomino_kit.puzzles import solve_puzzle
from kingdomino_kit.solver import engine

print("engine:", engine())
solved = solve_puzzle(puzzle, workers=1)
print(solved.status, solved.optimum, "— stored:", puzzle.solution.optimum)
assert solved.optimum == puzzle.solution.optimum

# %% [markdown]
# ## Exercises
#
# Puzzles of the collection, graded by the grader above against their proven optimum. Write a
# kingdom in text notation (rows separated by `/`, `.` for an empty cell, `C` the castle), or
# pass a board; `check(n, answer)` says whether it is legal, buildable and optimal — and if
# not, what is wrong, with a hint.

# %%
from kingdomino_kit.exercises import for_notebook

check = for_notebook("05_puzzles")

# %% [markdown]
# **1.** Puzzle `05-best-kingdom`: three dominoes, all to be placed. Write your kingdom in text
# notation so that the check passes.

# %%
p1 = find_puzzle("05-best-kingdom")
print(p1.describe())

# %% tags=["solution"]
answer_1 = "S S / W1 S / W M3 / . C"  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** Puzzle `21-next-placement`: where does the claimed domino go? Give the kingdom right
# after placing it. The verdict tells apart what your kingdom scores *now* and what is still
# *reachable* once the domino that follows is placed too.

# %%
p2 = find_puzzle("21-next-placement")
print(p2.describe())

# %% tags=["solution"]
answer_2 = "L G1 C F L / L1 W S1 . . / . . G . . / . W G2 . ."  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** Puzzle `13-rearrange`: the given kingdom scores 2. Beat it: rebuild it from the
# same three dominoes for the best score.

# %%
p3 = find_puzzle("13-rearrange")
print(p3.describe())

# %% tags=["solution"]
answer_3 = "W F . / W1 L . / . L G1 / . . C"  # SOLUTION

check(3, answer_3)

# %% [markdown]
# **4.** Your turn on a board: puzzle `14-best-kingdom`. Build it by clicks, press **Check** as
# often as you like, then run the cell below the board: it grades what the board shows. (Any
# puzzle of the list above opens the same way, e.g. `PuzzleBoard("27-best-kingdom")`; its
# hint is `board.puzzle.hint`.)

# %%
board = PuzzleBoard("14-best-kingdom")
board

# %% tags=["teacher"]
# Teacher edition only: the stored optimal layout put on the board.
for placement in board.puzzle.solution.order:
    board.place(placement)

# %%
check(4, board)

# %% [markdown]
# **5.** A level-3 puzzle, `41-complete`: complete the kingdom with four dominoes. Write the
# whole finished kingdom in text notation. Stuck? `print(p5.hint)`.

# %%
p5 = find_puzzle("41-complete")
print(p5.describe())

# %% tags=["solution"]
answer_5 = "W W W W1 S / L . M W1 F / S G1 L C F / M2 M2 W W F1 / . . . M1 W"  # SOLUTION

check(5, answer_5)

# %%
check.summary()
