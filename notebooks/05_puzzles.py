# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
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
# ## Solve it on the board
#
# `PuzzleBoard` starts from the puzzle's kingdom with the puzzle's dominoes in hand. Pick a
# domino, turn it, click a highlighted cell; undo and reset are there too. **Check** grades your
# kingdom; **Show an answer** reveals one optimal layout if you give up.
# `PuzzleBoard("13-complete")` finds a puzzle of the collection by its id.

# %%
# NBVAL_IGNORE_OUTPUT
board = PuzzleBoard(puzzle)
board

# %% [markdown]
# The same actions are available from Python. A first try: the wheat of `M2|W` on the wheat,
# the forest double at the first legal spot the rules offer.

# %%
board.place(Placement(domino(45), (-2, -2), (-1, -2)))           # M2 up top, W on the W
board.place(board.kingdom.legal_placements(domino(5))[0])         # F|F: the first legal spot
print(board.export())
print("score:", board.total())

# %% [markdown]
# ## Check the answer
#
# The **Check** button — `board.check()` from Python, `grade(puzzle, kingdom)` without a board,
# or `kingdomino-kit puzzle check FILE --answer KINGDOM` in a terminal — answers four questions.

# %%
print(board.check().summary())

# %% [markdown]
# Legal and buildable, but short of the optimum. The two mines are apart: M1 alone scores 1,
# M2 alone 2. Joined, the mine property has 2 squares × 3 crowns = 6. Undo both and put the
# `M2` next to the `M1`:

# %%
board.undo()
board.undo()
board.place(Placement(domino(45), (-1, -1), (-1, 0)))            # M2 above M1, W above C
board.place(Placement(domino(5), (2, 1), (2, 2)))                # F|F beside the forest
print(board.export())
print(board.check().summary())

# %% [markdown]
# Any legal kingdom reaching the optimum is accepted — it need not be the stored one.
#
# ## From the command line
#
# The same check in a terminal (`kingdomino-kit` is installed with the kit):

# %%
path = str(default_collection() / "13-complete.json")
answer = board.kingdom.to_text().replace("\n", " / ")
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
# ## Your turn
#
# Any puzzle of the collection, by its id. Build, press **Check**, repeat; the list above has
# 47 to go at, level 1 to 5.

# %%
# NBVAL_IGNORE_OUTPUT
PuzzleBoard("14-best-kingdom")

# %% [markdown]
# ## Exercises
#
# **1.** Puzzle `05-best-kingdom`: three dominoes, all to be placed. Write your kingdom in text
# notation (rows separated by `/`) so that the check passes.

# %%
p1 = load_puzzle(default_collection() / "05-best-kingdom.json")
print(p1.describe())

# %%
answer_1 = "S M2 . / G C L1 / F1 . W"

# %%
g1 = grade(p1, Kingdom.from_text(answer_1))
print(g1.summary())
assert g1.optimal

# %% [markdown]
# **2.** Puzzle `09-next-placement`: where does the claimed domino go? Give the kingdom right
# after placing it.

# %%
p2 = load_puzzle(default_collection() / "09-next-placement.json")
print(p2.describe())

# %%
answer_2 = "F F . . / L1 L C W / . . G F1 / . . S1 ."

# %%
g2 = grade(p2, Kingdom.from_text(answer_2))
print(g2.summary())
assert g2.optimal

# %% [markdown]
# **3.** Puzzle `23-rearrange`: the given kingdom scores 2. Can you beat it? If the optimum is
# 2 too, show another legal, buildable arrangement of the same dominoes that also scores 2.

# %%
p3 = load_puzzle(default_collection() / "23-rearrange.json")
print(p3.describe())

# %%
answer_3 = "C F F / G G . / G S2 ."

# %%
g3 = grade(p3, Kingdom.from_text(answer_3))
print(g3.summary())
assert g3.optimal and answer_3 != p3.given
