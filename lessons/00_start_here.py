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
# # 00 · Start here
#
# **kingdomino-kit** is a teaching and puzzle kit around the tile-drafting game *Kingdomino*:
#
# - exact rules in Python — legal placements, properties, scores, bonuses, whole games;
# - clickable boards in Jupyter (this notebook);
# - provably optimal kingdoms with a constraint solver (OR-Tools CP-SAT), and puzzles whose
#   answers are proven, not guessed;
# - notebooks that teach combinatorics and optimisation with the game: `01_rules`,
#   `02_scoring`, `03_counting`, `04_cp_sat`, `05_puzzles`, `06_analysis`.
#
# **The game in one paragraph.** Each player builds a **kingdom** around a **castle** from
# **dominoes**. A domino has two **halves**; each half is one of six terrains — wheat, forest,
# lake, grassland, swamp, mine — with 0–3 crowns. A new domino must touch the castle or a square
# of the same terrain, and the whole kingdom, castle included, must fit in 5×5. At the end every
# **property** (a connected patch of one terrain) scores *squares × crowns*.
#
# > **Run the notebook first** (menu *Run ▸ Run All Cells*): the boards below talk to the
# > Python kernel, which knows the rules. After a kernel restart, just run the cells again.

# %% [markdown]
# ## Build a kingdom by clicks
#
# The board below deals you a hand of 12 dominoes — exactly enough to fill a 5×5 kingdom.
#
# 1. **Choose** a domino in the hand (top row). Its picture next to *Rotate* shows which way
#    it lies.
# 2. **Rotate** it with the *Rotate* button (or the R key): its second half goes right of,
#    below, left of or above its first half. Choosing a domino never turns it.
# 3. **Click a cell marked with a dot** (a dashed outline and a dot): the domino's *first half*
#    goes there. Marked cells are exactly the legal places for the chosen domino in this
#    rotation; hovering shows where both halves land. Columns are lettered A–I and rows
#    numbered 1–9, so the castle is E5; the messages name cells that way.
# 4. Grey cells are out of reach: a square there would make the kingdom wider or taller than 5.
#    Your castle can end up anywhere in the final 5×5 — the board starts 9×9 and closes in.
# 5. Click somewhere illegal and the message line says which rule you broke; nothing changes.
# 6. *Undo*, *Redo*, *Reset* do what they say; *Export text* shows your kingdom in the kit's text
#    notation; *Discard* is allowed only for a domino that fits nowhere (the rules say so).
# 7. The keyboard works too: click the board, then the arrows move a cursor, Enter places,
#    R rotates and U undoes.
#
# On the right, the **score** and its **breakdown**: every property is outlined on the board
# (red when it scores, dashed when it has no crown) and numbered like the rows of the table.

# %%
from kingdomino_kit.widgets import KingdomBoard

board = KingdomBoard(seed=2024, title="Your kingdom")
board

# %% [markdown]
# Try a different hand with another `seed`, or name the dominoes yourself:
# `KingdomBoard("41, 13, 27")`. A 7×7 board (the *Mighty Duel* variant) is
# `KingdomBoard(size=7)`, and `KingdomBoard(middle_kingdom=True, harmony=True)` counts the two
# optional bonuses.

# %% [markdown]
# ## The same board, driven from Python
#
# Everything the board does is a method you can call, and everything it shows is state you can
# read. (A teacher can prepare a position this way; the clicks above call the same methods.)

# %%
demo = KingdomBoard("41, 13, 27, 19", title="Demo")
print([f"{d.number}: {d.first}|{d.second}" for d in demo.hand])

# %% [markdown]
# Domino 41 is `W|G2`: a wheat half and a grassland half with two crowns. Put its first half
# (the wheat) right of the castle — in Python the castle is cell (0, 0) (E5 on the board), rows
# grow downward, columns rightward — with the second half further right (rotation 0):

# %%
demo.click(0, 1)
print(demo.message)

# %% [markdown]
# Next is domino 13, `W|F`. Placed with its wheat half at (2, 0) it would touch neither the
# castle nor a wheat square — the board refuses and explains:

# %%
demo.click(2, 0)
print(demo.message)

# %% [markdown]
# Turned downwards (one *Rotate*), its wheat half fits under the first wheat square. Then
# domino 27 (`F1|W`), turned so that its second half lies above the first, goes above the
# castle:

# %%
demo.rotate()
demo.click(1, 1)
demo.select(27)
demo.rotate(2)        # from "below" two quarter-turns on: second half above the first
demo.click(-1, 0)
print(demo.message)
print(demo.export())

# %%
demo

# %% [markdown]
# ## The score, explained
#
# A **property** is a maximal group of squares of one terrain connected by edges (diagonals do
# not count). It scores *squares × crowns* — and a property without a crown scores nothing,
# however big. The castle belongs to no property.

# %%
for number, prop in enumerate(sorted(demo.kingdom.properties(),
                                     key=lambda p: (-p.score, p.terrain.index)), start=1):
    print(f"{number}. {prop.terrain.value:9} {prop.squares} squares × {prop.crowns} crowns "
          f"= {prop.score}")
print("score:", demo.kingdom.score())

# %% [markdown]
# Why does *squares × crowns* matter so much? Because **merging** multiplies. Two separate
# grassland properties of 2 squares with 1 crown each score 2 + 2 = 4; joined into one of
# 4 squares with 2 crowns they score 4 × 2 = 8. Good kingdoms grow a few big crowned properties.

# %%
from kingdomino_kit import Kingdom

apart = Kingdom.from_text("G1 G . . / . C . . / . . G1 G")
joined = Kingdom.from_text("G1 G G1 G / . C . .")
print(apart.score(), joined.score())
joined

# %% [markdown]
# Two optional rules add bonuses: **Middle Kingdom** (+10 when the castle is the centre of the
# 5×5 kingdom: every square within two rows and two columns of it, gaps allowed) and
# **Harmony** (+5 when the 5×5 is full, no gaps).

# %%
centred = Kingdom.from_text("C W W")
print(centred.total(middle_kingdom=True), Kingdom.from_text("C W W W").total(middle_kingdom=True))

# %% [markdown]
# ## Exercises
#
# Each exercise has a blank, `...`, for your answer and ends with `check(n, answer)`. Fill in
# the blank, run the cell (Shift+Enter), and read what the checker says: *correct*, or what is
# wrong with a hint — and a second hint if the next try is still wrong. Change your answer and
# run the cell again as often as you like.

# %%
from kingdomino_kit import domino
from kingdomino_kit.exercises import for_notebook

check = for_notebook("00_start_here")

# %% [markdown]
# **1.** What does this kingdom score? Count each property by hand first.

# %%
exercise = Kingdom.from_text("""
L1 L  F
C  L  F1
G2 G  F
""")
exercise

# %% tags=["solution"]
answer_1 = 3 * 1 + 3 * 1 + 2 * 2  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** Domino 28 is `F1|L`. How many legal placements does it have in the exercise kingdom?
# Ask the library: `exercise.legal_placements(domino(28))` is the list of them.

# %%
domino(28)

# %% tags=["solution"]
answer_2 = len(exercise.legal_placements(domino(28)))  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** Of all those placements, which one scores most, and what is the kingdom's new score?
# Try each placement on a copy of the kingdom: `.copy()` it, `.place(placement)` on the copy,
# then ask the copy for its `.score()`. (It can grow *two* properties at once.)

# %% tags=["solution"]
# BEGIN SOLUTION
def score_after(placement):
    trial = exercise.copy()
    trial.place(placement)
    return trial.score()


# END SOLUTION
answer_3 = max(score_after(p) for p in exercise.legal_placements(domino(28)))  # SOLUTION

check(3, answer_3)

# %% [markdown]
# **4.** Your first function: `crowns_of(kingdom)` returns how many crowns the kingdom has in
# all. `kingdom.squares()` gives every square as a pair *(cell, half)*, and a half has
# `.crowns`. The checker tries your function on sixty kingdoms.

# %% tags=["solution"]
def crowns_of(kingdom):
    # BEGIN SOLUTION
    return sum(half.crowns for cell, half in kingdom.squares())
    # END SOLUTION


check(4, crowns_of)

# %% [markdown]
# **5.** Now build a kingdom on the board at the top of this notebook, by clicks, with the hand
# it dealt you. Reach **30** points. The best possible kingdom of this hand scores **51** — the
# solver of notebook 04 proves that nothing scores more. Run this cell when your kingdom is
# built; it reads the board.

# %% tags=["teacher"]
# Teacher edition only: the solver builds a best kingdom of the hand on the board.
from kingdomino_kit.solver import best_kingdom

for placement in best_kingdom(board.hand, workers=1).order:
    board.place(placement)

# %%
check(5, board)

# %% [markdown]
# ## What next
#
# Three more boards come with the kit (run them in a new cell):
#
# - `DraftTable(players=4, bots=["greedy", "random", "mc"], seed=1)` — play a whole game of
#   Kingdomino against the bots: claim dominoes from the line, place them in your kingdom
#   (notebook 06 ends such a game with the best kingdom you could have built).
# - `PuzzleBoard("01-best-kingdom")` — a puzzle from the collection on a board: build your
#   answer, press *Check* to see how far you are from the proven optimum (notebook 05).
# - `SolverView("41, 36, 12, 13, 27")` — press *Solve* and watch the constraint solver raise its
#   best score and lower its proven bound until they meet (notebook 04).
#
# (All of them live in `kingdomino_kit.widgets`.) The numbered notebooks go deeper: the rules
# by example (`01_rules`), scoring as connected components (`02_scoring`), counting
# (`03_counting`), the optimisation model (`04_cp_sat`), puzzles (`05_puzzles`), simulated
# games (`06_analysis`), and the kit's two other games, Knizia's *Kingdoms* (`07_kingdoms`) and
# *Kingdomino Origins* (`08_origins`).

# %%
check.summary()
