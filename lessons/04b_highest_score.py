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
# # 04b · Proofs: the highest possible score
#
# The second sitting of CP-SAT (after `04_cp_sat`, the primer): not the best kingdom of some
# dominoes, but the best kingdom of **all**. A maximum is proven in two halves —
#
# 1. a **bound**: no choice of dominoes can score more than this;
# 2. a **witness**: a layout that scores exactly the bound, replayed through the rules.
#
# Along the way: a bound that needs no geometry, a CP-SAT model that struggles to prove it,
# the branch and bound that does, and the Mighty Duel record the kit improved by one point.

# %%
from ortools.sat.python import cp_model

from kingdomino_kit import Kingdom, Placement, domino, dominoes

# %% [markdown]
# ## What is the highest possible score?
#
# In notebook 04 the dominoes were given. Now choose them too: **any 12 of the 48
# dominoes** on 5 × 5 (any 24 on 7 × 7, the *Mighty Duel*), with or without the bonuses. That
# is C(48, 12) ≈ 7 · 10¹⁰ choices, each with its own layouts — no brute force. The proof has
# two parts: a **bound**
# (no choice can score more than this) and a **layout** that reaches it.
#
# ### Step 1 · A bound with no geometry
#
# A terrain with `s` squares and `c` crowns in a kingdom scores at most `s × c`: that is what
# it scores when all its squares form one property. So a set of dominoes scores at most
# Σ over terrains of squares × crowns, however it is laid out — its **terrain bound**.
# %%
from kingdomino_kit.dominoes import DOMINOES
from kingdomino_kit.solver.pieces import pieces_of, terrain_bound


def bound_of(numbers):
    return terrain_bound([h for d in dominoes(numbers) for h in d.halves])


print("48, 47, 46 (three mines, 7 crowns):", bound_of([48, 47, 46]))
print("41, 36 (two woods, two grasslands):", bound_of([41, 36]))

# %% [markdown]
# ### Step 2 · The best choice, as a CP-SAT model
#
# Which 12 dominoes have the highest terrain bound? A Boolean `x[d]` per domino, exactly 12 of
# them true, and per terrain two sums — squares and crowns — multiplied
# (`add_multiplication_equality`). CP-SAT finds a good choice quickly, but the product of two
# sums is hard for it to bound: after two seconds the proven bound is still far above the best
# choice. (Times and bounds vary from run to run: this output is not compared by the tests.)

# %%
# NBVAL_IGNORE_OUTPUT
TERRAINS = sorted({h.terrain for d in DOMINOES for h in d.halves}, key=str)


def best_choice_model(k, seconds):
    model = cp_model.CpModel()
    x = {d.number: model.new_bool_var(f"x{d.number}") for d in DOMINOES}
    model.add(sum(x.values()) == k)
    products = []
    for t in TERRAINS:
        squares = model.new_int_var(0, 2 * k, f"squares_{t}")
        crowns = model.new_int_var(0, 3 * 2 * k, f"crowns_{t}")
        model.add(squares == sum(x[d.number] * sum(h.terrain == t for h in d.halves)
                                 for d in DOMINOES))
        model.add(crowns == sum(x[d.number] * sum(h.crowns for h in d.halves if h.terrain == t)
                                for d in DOMINOES))
        product = model.new_int_var(0, 2 * k * 6 * k, f"product_{t}")
        model.add_multiplication_equality(product, [squares, crowns])
        products.append(product)
    model.maximize(sum(products))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 2
    status = solver.solve(model)
    return solver.status_name(status), int(solver.objective_value), int(solver.best_objective_bound)


print(best_choice_model(12, seconds=2.0))

# %% [markdown]
# ### Step 3 · The exact bound, by branch and bound
#
# The kit computes the same maximum exactly, without CP-SAT. Two ideas keep it small:
#
# * **pieces** — dominoes with the same two halves are interchangeable (33 kinds of 48);
# * **dominance** — if a piece is chosen while a piece that *dominates* it (the same terrains,
#   at least as many crowns) stays out, swapping them never hurts. Only *dominance-closed*
#   choices need to be looked at.
#
# `choices(pieces, k)` lists the closed choices in order of falling terrain bound (a branch and
# bound over the pieces, best node first); `choice_bound` is the first one's bound: no choice
# of 12 dominoes has a terrain bound above it.

# %%
from kingdomino_kit.solver.choices import choice_bound, choices

box = pieces_of(DOMINOES)
print(len(box), "kinds of domino among", len(DOMINOES))
print("the exact bound for 12 dominoes:", choice_bound(box, 12))
best = next(iter(choices(box, 12)))
print("a choice that has it:", best.numbers(box))

# %% [markdown]
# ### Step 4 · The proof: a layout that reaches the bound
#
# If some layout of a choice scores exactly its terrain bound, nothing can beat it: the bound
# holds for every choice. The kit's search takes the closed choices best first, solves each as a
# fixed set (the set model of notebook 04), and stops when the next choice's bound is no better
# than its best layout. With a bonus the bound is the choice bound plus the bonus, and when
# no layout reaches it, every choice whose bound could still beat the best layout must be
# solved to show it cannot. `scripts/prove_maxima.py` ran the eight cases — exactly
# `kingdomino-kit solve --dominoes all --choose 12` (and `--size 7 --choose 24`, with
# `--middle-kingdom`, `--harmony`) — and the kit ships a record of each
# (`kingdomino_kit.solver.proven`). Here they are, each layout replayed through the rules and
# scored again.

# %%
from IPython.display import HTML, display

from kingdomino_kit.solver.proven import proven_maxima

BONUSES = {"none": "no bonus", "middle": "Middle Kingdom", "harmony": "Harmony",
           "both": "both bonuses"}
records = proven_maxima()


def replayed(record):
    """The record's layout, placed domino by domino in its legal order."""
    kingdom = Kingdom(record["size"])
    for step in record["order"]:
        kingdom.place(Placement(domino(step["domino"]), tuple(step["first"]),
                                tuple(step["second"])))
    return kingdom


print(f"{'kingdom':8} {'bonuses':15} {'maximum':>7} {'status':8} {'choice bound':>12}  proof")
for r in records:
    k = replayed(r)
    assert k.total(middle_kingdom=r["middle_kingdom"], harmony=r["harmony"]) == r["score"]
    size = f"{r['size']}×{r['size']}"
    bonus = BONUSES[r["name"].split("-")[1]]
    print(f"{size:8} {bonus:15} {r['score']:>7} {r['status']:8} {r['choice_bound']:>12}  "
          f"{r['seconds']:.0f} s on {r['workers']} workers")

# %% [markdown]
# The four 5 × 5 maxima: 128 points from 12 dominoes, 136 with the Middle Kingdom (the +10
# costs two points of properties), 133 with Harmony, 141 with both.

# %%
def boards(rs):
    cells = "".join(f"<div style='margin:4px'>{replayed(r)._repr_svg_()}<br>"
                    f"{BONUSES[r['name'].split('-')[1]]}: <b>{r['score']}</b></div>"
                    for r in rs)
    return HTML(f"<div style='display:flex;flex-wrap:wrap'>{cells}</div>")


display(boards(records[:4]))

# %% [markdown]
# ### The Mighty Duel maximum: 287
#
# On 7 × 7 with 24 dominoes the exact choice bound is 272, and a layout reaches it; with both
# bonuses a layout reaches 272 + 10 + 5 = **287**, so 287 is the highest possible Mighty Duel
# score (with the kit's rules: the Middle Kingdom needs every square within three rows and
# columns of the castle). The only figure published before was **286** (271 + 15), built by hand
# and thought to be "maybe an actual maximum" — one point short.

# %%
display(boards(records[4:]))
both = records[-1]
k = replayed(both)
print("properties", k.score(), "+ bonus", k.bonus(middle_kingdom=True, harmony=True), "=",
      both["score"], "— the published hand-built kingdom: 286")


# %% [markdown]
# ## Exercises
#
# Fill in each blank `...` and run the cell: `check(n, answer)` says *correct* (and why), or
# what is wrong with a hint.

# %%
from kingdomino_kit.exercises import for_notebook

check = for_notebook("04b_highest_score")

# %% [markdown]
# **1.** By hand: the terrain bound of dominoes 19 (`W1|F`), 27 (`F1|W`), 38 (`W|S1`) and
# 43 (`W|S2`). Count each terrain's squares and crowns first.

# %% tags=["solution"]
answer_1 = 4 * 1 + 2 * 1 + 2 * 3  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** Write `terrain_bound_of(numbers)`: the terrain bound of the dominoes with these
# numbers, without the kit's `terrain_bound` — per terrain, squares × crowns, summed. Each
# domino `d` of `dominoes(numbers)` has two halves, `d.halves`; a half has a `terrain` and a
# number of `crowns`. The checker compares it with the kit's bound on many sets.

# %% tags=["solution"]
def terrain_bound_of(numbers):
    # BEGIN SOLUTION
    squares, crowns = {}, {}
    for d in dominoes(numbers):
        for h in d.halves:
            squares[h.terrain] = squares.get(h.terrain, 0) + 1
            crowns[h.terrain] = crowns.get(h.terrain, 0) + h.crowns
    return sum(squares[t] * crowns[t] for t in squares)
    # END SOLUTION


check(2, terrain_bound_of)

# %% [markdown]
# **3.** Choose **two** dominoes of the 48: what is the highest terrain bound a pair can have?
# (Reason it out from the catalogue, or ask `choice_bound` of Step 3.)

# %% tags=["solution"]
answer_3 = choice_bound(box, 2)  # SOLUTION

check(3, answer_3)

# %% [markdown]
# **4.** With both bonuses on 5 × 5 (Middle Kingdom +10, Harmony +5), what does the proof
# start from — the choice bound plus both bonuses — and by how many points does the proven
# maximum fall short of it? Give the pair `(bound, short)`, read off the table of Step 4.

# %% tags=["solution"]
answer_4 = (128 + 10 + 5, 128 + 10 + 5 - 141)  # SOLUTION

check(4, answer_4)

# %%
check.summary()
