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
# The kit ships a collection of puzzles (`kingdomino_kit/puzzles/collection/`), from easy to
# hard. Each one states its
# **proven optimum**: the CP-SAT solver proved nobody can do better when the collection was
# generated, and the test suite replays every stored answer through the rules library.
#
# Your job: find a kingdom that reaches the optimum. Build it by clicks on a board, then let the
# grader tell you whether it is **legal**, **buildable**, what it **scores**, and whether it is
# **optimal**.

# %%
import subprocess
import sys
from collections import Counter

from kingdomino_kit import Kingdom, Placement, domino
from kingdomino_kit.puzzles import default_collection, grade, load_collection, load_puzzle
from kingdomino_kit.widgets import PuzzleBoard

# %% [markdown]
# ## The collection

# %%
collection = load_collection()
print(len(collection), "puzzles")
print(Counter(p.kind for p in collection))
for p in collection[:12]:
    print(f"{p.id:<20} level {p.level}  {p.title}")
print("...")

# %% [markdown]
# ## A puzzle
#
# `describe()` prints what `kingdomino-kit puzzle show FILE` prints: the question, the start
# kingdom and the dominoes — not the answer.

# %%
puzzle = load_puzzle(default_collection() / "13-complete.json")
print(puzzle.describe())

# %% [markdown]
# ## A first try, from Python
#
# `PuzzleBoard` starts from the puzzle's kingdom with the puzzle's dominoes in hand: pick a
# domino, turn it, click a highlighted cell; **Check** grades your kingdom, **Show an answer**
# reveals one optimal layout if you give up. Every button is a method too. Here is a board for
# this walk-through, `demo` (your own board comes in the exercises). A first try: the wheat of
# `M2|W` on the wheat, the forest double at the first legal spot the rules offer.

# %%
demo = PuzzleBoard(puzzle)
demo.place(Placement(domino(45), (-2, -2), (-1, -2)))           # M2 up top, W on the W
demo.place(demo.kingdom.legal_placements(domino(5))[0])         # F|F: the first legal spot
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
# Legal and buildable, but short of the optimum. The two mines are apart: M1 alone scores 1,
# M2 alone 2. Joined, the mine property has 2 squares × 3 crowns = 6. Undo both and put the
# `M2` next to the `M1`:

# %%
demo.undo()
demo.undo()
demo.place(Placement(domino(45), (-1, -1), (-1, 0)))            # M2 above M1, W above C
demo.place(Placement(domino(5), (2, 1), (2, 2)))                # F|F beside the forest
print(demo.export())
print(demo.check().summary())

# %% [markdown]
# Any legal kingdom reaching the optimum is accepted — it need not be the stored one.
#
# ## From the command line
#
# The same check in a terminal (`kingdomino-kit` is installed with the kit):

# %%
path = str(default_collection() / "13-complete.json")
answer = demo.kingdom.to_text().replace("\n", " / ")
result = subprocess.run([sys.executable, "-m", "kingdomino_kit", "puzzle", "check", path,
                         "--answer", answer], capture_output=True, text=True)
print(result.stdout)

# %% [markdown]
# ## What the grader rejects
#
# *Not legal*: squares that are not the puzzle's dominoes, or a start square changed.
# *Not buildable*: the right dominoes, but no order of placing them obeys the connection rule.

# %%
floating = Kingdom.from_text("W M1 C G . / . . L1 F . / . . F . . / M2 W F F .")
print(grade(puzzle, floating).summary())

# %% [markdown]
# ## Ask the solver
#
# Stuck? `solve_puzzle` runs the CP-SAT solver on a puzzle (that is how the collection was
# made). It proves the optimum again from scratch.

# %%
from kingdomino_kit.puzzles import solve_puzzle

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
p1 = load_puzzle(default_collection() / "05-best-kingdom.json")
print(p1.describe())

# %% tags=["solution"]
answer_1 = "S M2 . / G C L1 / F1 . W"  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** Puzzle `09-next-placement`: where does the claimed domino go? Give the kingdom right
# after placing it.

# %%
p2 = load_puzzle(default_collection() / "09-next-placement.json")
print(p2.describe())

# %% tags=["solution"]
answer_2 = "F F . . / L1 L C W / . . G F1 / . . S1 ."  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** Puzzle `23-rearrange`: the given kingdom scores 2. Can you beat it? If the optimum is
# 2 too, show another legal, buildable arrangement of the same dominoes that also scores 2.

# %%
p3 = load_puzzle(default_collection() / "23-rearrange.json")
print(p3.describe())

# %% tags=["solution"]
answer_3 = "C F F / G G . / G S2 ."  # SOLUTION

check(3, answer_3)

# %% [markdown]
# **4.** Your turn on a board: puzzle `14-best-kingdom`. Build it by clicks, press **Check** as
# often as you like, then run the cell below the board: it grades what the board shows. (Any
# puzzle of the list above opens the same way, e.g. `PuzzleBoard("27-best-kingdom")`.)

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
# **5.** A level-4 puzzle, `37-complete`: complete the kingdom with four dominoes. Write the
# whole finished kingdom in text notation.

# %%
p5 = load_puzzle(default_collection() / "37-complete.json")
print(p5.describe())

# %% tags=["solution"]
answer_5 = "F F L1 C W / L1 . G G W / L L G G . / F F F S2 S / . . W M3 M2"  # SOLUTION

check(5, answer_5)

# %%
check.summary()
