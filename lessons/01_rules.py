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
# # 01 · The rules by example
#
# Kingdomino in one sentence: you build a 5×5 **kingdom** around your **castle** from
# **dominoes**, each made of two **halves** (a terrain with 0–3 crowns), and you score every
# **property** (a connected patch of one terrain) as *squares × crowns*.
#
# This notebook shows the placement rules with the rules library `kingdomino_kit`: what is
# legal, what is not, the 5×5 limit, and when a domino must be discarded. The exercises end
# with a checker: fill in each blank `...`, run the cell, and read what it says.

# %%
from collections import Counter

from kingdomino_kit import DOMINOES, IllegalPlacement, Kingdom, Placement, domino

# %% [markdown]
# ## The 48 dominoes
#
# Every domino has a number (1–48); higher numbers tend to be worth more. Each half is written
# with a letter — **W**heat, **F**orest, **L**ake, **G**rassland, **S**wamp, **M**ine — and its
# crowns, so `G2` is grassland with two crowns.

# %%
print(DOMINOES[:6])
print(DOMINOES[-6:])

# %%
squares = Counter(h.terrain.value for d in DOMINOES for h in d.halves)
crowns = Counter()
for d in DOMINOES:
    for h in d.halves:
        crowns[h.terrain.value] += h.crowns
for terrain, n in squares.most_common():
    print(f"{terrain:<10} {n:>2} squares {crowns[terrain]:>2} crowns")

# %% [markdown]
# Wheat is everywhere but has few crowns; mines are rare and rich.
#
# ## Placing a domino
#
# A kingdom starts with the castle alone. Cells are (row, column) **relative to the castle**,
# rows growing downward. A `Placement` names the domino and the two cells; the first cell takes
# the domino's first half. Domino 41 is `W|G2`:

# %%
k = Kingdom()
k.place(Placement(domino(41), (0, 1), (0, 2)))   # W right of the castle, G2 beyond it
k

# %% [markdown]
# The rule for every placement: **at least one half must touch (orthogonally) the castle or a
# square of its own terrain**. The castle is wild: it connects to anything.
#
# Domino 44 is `G|S2`. Its grassland half may join the `G2`:

# %%
k.place(Placement(domino(44), (1, 2), (1, 3)))
print(k)
print("score:", k.score())

# %% [markdown]
# ## Illegal placements
#
# An illegal placement raises `IllegalPlacement`, whose `rule` names the broken rule, and
# leaves the kingdom unchanged. Three classic mistakes:

# %%
attempts = {
    "L|L two cells below the castle": Placement(domino(7), (2, 0), (3, 0)),
    "W|W onto the G2": Placement(domino(1), (0, 2), (0, 3)),
    "W|F with a hole between its halves": Placement(domino(13), (-1, 0), (-1, 2)),
}
before = k.copy()
for label, placement in attempts.items():
    try:
        k.place(placement)
        print(f"{label}: legal")
    except IllegalPlacement as error:
        print(f"{label}: breaks rule {error.rule!r}")
assert k == before   # an illegal placement changes nothing

# %% [markdown]
# The message says exactly what is wrong:

# %%
try:
    k.check(Placement(domino(7), (2, 0), (3, 0)))
except IllegalPlacement as error:
    print(error)

# %% [markdown]
# One row up, the same lake domino touches the castle, and the castle is wild: legal.
# `legal_placements` lists every legal placement, so we can ask it instead of guessing:

# %%
lake = domino(7)
print(Placement(lake, (1, 0), (2, 0)) in k.legal_placements(lake))
print(Placement(lake, (2, 0), (3, 0)) in k.legal_placements(lake))
print(len(k.legal_placements(lake)), "legal placements for L|L here")

# %% [markdown]
# ## The 5×5 limit
#
# The whole kingdom, castle included, must fit in 5×5. The castle need not be in the middle,
# so a kingdom can grow four squares to one side — but then not at all to the other side.

# %%
line = Kingdom()
line.place(Placement(domino(1), (0, 1), (0, 2)))   # W W
line.place(Placement(domino(2), (0, 3), (0, 4)))   # W W: now five columns wide
print(line)
try:
    line.check(Placement(domino(13), (0, -1), (0, -2)))
except IllegalPlacement as error:
    print(error.rule, "—", error)

# %% [markdown]
# The limit removes placements, and new squares add some. Compare a lake double, which can only
# use the castle, with `W|F`, which can also join the wheat:

# %%
for d in (domino(7), domino(13)):
    print(f"{d}: {len(Kingdom().legal_placements(d)):>2} placements in an empty kingdom,"
          f" {len(line.legal_placements(d)):>2} next to the wheat line")

# %% [markdown]
# ## Discards
#
# If a domino has **no** legal placement, it is discarded (and the kingdom keeps a gap). If it
# has one, you must place it. `can_place` answers the question directly.

# %%
full = Kingdom.from_text("""
F  F  F  F  F
F  F  F  F  F
F  F  C  F  F
F  F  F  F  F
F  F  F  .  .
""")
print(full.can_place(domino(3)), full.can_place(domino(7)))   # F|F fits, L|L does not

# %% [markdown]
# ## Who wins: the tie-breaks
#
# The highest score wins. On equal scores, the **largest property** (in squares, crowned or
# not) wins; still equal, the most **crowns** in the whole kingdom; still equal, the players
# share the victory. `tiebreak_key()` gives (score, largest property, crowns): the higher key
# wins, compared left to right.

# %%
print(Kingdom.from_text("C G1 G").tiebreak_key(), Kingdom.from_text("C M2").tiebreak_key())

# %% [markdown]
# ## Other ways to play
#
# - **Two players** use 24 of the 48 dominoes, chosen at random and unseen, and each has two
#   kings: four dominoes a round, six rounds.
# - **Three players** (the official rule) use 36 dominoes and draw three a round. A common
#   variant draws **four** with three players, from all 48: the domino nobody claims is
#   discarded.
# - **Mighty Duel**: two players use **all 48** dominoes and build **7 × 7** kingdoms.
# - **Dynasty**: play **three games** in a row and add up each player's scores; the highest
#   sum wins.
#
# `GameOptions` derives every figure from the player count and the variant:

# %%
from kingdomino_kit.game import GameOptions

for opts in (GameOptions(players=2), GameOptions(players=3),
             GameOptions(players=3, three_player_draw=4),
             GameOptions(players=2, variant="mighty-duel")):
    print(f"{opts.players} players, {opts.variant:<11} draw {opts.line_size}: "
          f"{opts.deck_size} dominoes, {opts.rounds} rounds, {opts.size}×{opts.size} kingdoms")

# %% [markdown]
# ## Exercises
#
# Fill in each blank `...` and run the cell: `check(n, answer)` says *correct* (and why), or
# what is wrong with a hint — the next wrong try gets a second hint.

# %%
from kingdomino_kit.exercises import for_notebook

check = for_notebook("01_rules")

# %% [markdown]
# **1.** How many legal placements does the double domino 1 (`W|W`) have in an empty kingdom?
# Count by hand first: the castle has 4 neighbours; from each, the other half can go in 3
# directions (not back onto the castle). A double looks the same both ways round.

# %% tags=["solution"]
answer_1 = 4 * 3  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** And for domino 13 (`W|F`), whose halves differ?

# %% tags=["solution"]
answer_2 = 4 * 3 * 2  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** In the kingdom `full` above, which of the dominoes 1–12 (the doubles) can still be
# placed? Give their numbers as a list, e.g. `[1, 2]`. Think first: only one gap of two cells
# is left, and it touches only forest.

# %% tags=["solution"]
answer_3 = [3, 4, 5, 6]  # SOLUTION

check(3, answer_3)

# %% [markdown]
# **4.** The castle half of the connection rule, as a function: `touches_castle(placement)` is
# `True` when one of the placement's two cells (`placement.cells`) is next to the castle at
# (0, 0), and `False` otherwise. The checker tries it on every legal placement of three dominoes
# in a dozen kingdoms.

# %% tags=["solution"]
def touches_castle(placement):
    # BEGIN SOLUTION
    return any(abs(r) + abs(c) == 1 for r, c in placement.cells)
    # END SOLUTION


check(4, touches_castle)

# %% [markdown]
# **5.** Build a legal kingdom with dominoes 1 (`W|W`), 13 (`W|F`) and 3 (`F|F`) in which no
# forest square touches the castle. Build it with `place` as above (`Kingdom()`, then
# `mine.place(Placement(domino(n), first_cell, second_cell))`), or write it in text notation
# (`"C W W W F / . . . . F"`): the checker accepts both.

# %% tags=["solution"]
mine = Kingdom()
# BEGIN SOLUTION
mine.place(Placement(domino(1), (0, 1), (0, 2)))
mine.place(Placement(domino(13), (0, 3), (0, 4)))   # W|F continues the wheat, F at (0, 4)
mine.place(Placement(domino(3), (1, 4), (2, 4)))    # the forest joins the forest
# END SOLUTION

check(5, mine)

# %%
mine

# %% [markdown]
# **6.** Ann and Bob end a game on the same score. Who wins: `"Ann"`, `"Bob"` or `"shared"`?
# Decide by hand, then check with `tiebreak_key()` if you like.

# %%
ann = Kingdom.from_text("C W1 W W / F2 F . .")
bob = Kingdom.from_text("C L1 L L L / . S1 S L .")
print(ann)
print(bob)
print("scores:", ann.score(), bob.score())

# %% tags=["solution"]
answer_6 = "Bob"  # SOLUTION

check(6, answer_6)

# %% [markdown]
# **7.** In Mighty Duel, how many dominoes does each player place in a game where nothing is
# discarded? Does a 7 × 7 kingdom have room for them?

# %% tags=["solution"]
answer_7 = 48 // 2  # SOLUTION

check(7, answer_7)

# %% [markdown]
# **8.** Three players draw four dominoes a round (`three_player_draw=4`). How many dominoes
# are discarded unclaimed over a whole game?

# %% tags=["solution"]
answer_8 = 12 * (4 - 3)  # SOLUTION

check(8, answer_8)

# %% [markdown]
# **9.** A Dynasty of three games ends with these scores. Who wins it: `"Ann"`, `"Bob"` or
# `"shared"`?
#
# | game | Ann | Bob |
# |---|---|---|
# | 1 | 52 | 49 |
# | 2 | 47 | 44 |
# | 3 | 31 | 41 |

# %% tags=["solution"]
answer_9 = "Bob"  # SOLUTION

check(9, answer_9)

# %%
check.summary()
