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
# # 04 · The optimal layout as a CP-SAT model
#
# Given a few dominoes, what is the best kingdom you can build? Notebook 03 showed the search
# space is far too big to enumerate for a whole game, so we describe the problem to a
# **constraint solver** (OR-Tools CP-SAT) and let it search *and prove* the optimum.
#
# We write a small, readable model step by step — **data → model → variables → constraints →
# objective → solve → extract** — check it against brute force on tiny sets, and then meet the
# library's full solver `kingdomino_kit.solver.best_kingdom` and watch it improve live.

# %%
# %matplotlib inline

from ortools.sat.python import cp_model

from kingdomino_kit import Kingdom, Placement, domino, dominoes

# %% [markdown]
# ## Data
#
# The kingdom lives in a fixed 5 × 5 **frame** with the castle on one frame cell. To keep the
# model small we put the castle in the **centre** (a "Middle Kingdom"); the library's solver
# also tries the other castle cells — by the symmetry of notebook 03, five more are enough.
# A **placement** is a domino with its first half on cell `a` and its second on the neighbour
# `b`.

# %%
N = 5
CENTRE = (2, 2)


def neighbours(u):
    r, c = u
    return [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < N and 0 <= c + dc < N]


def layout_data(numbers, castle):
    """The free cells and every placement (domino, a, b) of the dominoes in the frame."""
    free = [(r, c) for r in range(N) for c in range(N) if (r, c) != castle]
    placements = []
    for n in numbers:
        d = domino(n)
        for a in free:
            for b in neighbours(a):
                if b != castle and (not d.is_double or a < b):
                    placements.append((n, a, b))
    return free, placements


free, placements = layout_data([41, 36], CENTRE)
len(free), len(placements)

# %% [markdown]
# ## Variables and the exact-cover constraints
#
# One Boolean `place[n, a, b]` per placement. Each domino is used at most once, each cell is
# covered at most once (a *packing*; with "exactly once" it would be an *exact cover*). The
# terrain and crowns of a cell are then linear expressions of these Booleans.

# %%
TERRAINS = ["wheat", "forest", "lake", "grassland", "swamp", "mine"]


def half_on(n, a, b, u):
    """The half of placement (n, a, b) that lies on cell u (or None)."""
    d = domino(n)
    return d.first if u == a else d.second if u == b else None


def add_placements(model, numbers, free, placements):
    place = {p: model.new_bool_var(f"place_{p[0]}_{p[1]}_{p[2]}") for p in placements}
    for n in numbers:                                   # each domino at most once
        model.add_at_most_one(v for p, v in place.items() if p[0] == n)
    covering = {u: [] for u in free}
    for (_, a, b), v in place.items():
        covering[a].append(v)
        covering[b].append(v)
    for u in free:                                      # each cell at most once
        model.add_at_most_one(covering[u])
    is_terrain = {(u, t): sum(v for p, v in place.items()
                              if (h := half_on(*p, u)) is not None and h.terrain.value == t)
                  for u in free for t in TERRAINS}
    crowns = {u: sum(v * h.crowns for p, v in place.items()
                     if (h := half_on(*p, u)) is not None and h.crowns)
              for u in free}
    return place, is_terrain, crowns


# %% [markdown]
# ## The connection rule
#
# A layout is **buildable** if the dominoes can be placed one by one, each touching the castle
# or a square of its own terrain already there. Give every domino a **build rank**; a domino
# not next to the castle needs a *supporter*: a domino of smaller rank with a same-terrain
# square next to one of its squares. Ranks forbid circular support ("A holds B holds A").

# %%
def supports(p, q):
    """True if placement q has a square next to a square of p with the same terrain."""
    for u in p[1:]:
        for v in q[1:]:
            if v in neighbours(u) and half_on(*p, u).terrain == half_on(*q, v).terrain:
                return True
    return False


def add_connection_rule(model, numbers, castle, place):
    rank = {n: model.new_int_var(0, len(numbers), f"rank_{n}") for n in numbers}
    for p, v in place.items():
        if any(castle in neighbours(u) for u in p[1:]):
            continue                                    # the castle is wild
        helpers = []
        for q, w in place.items():
            if q[0] != p[0] and supports(p, q):
                s = model.new_bool_var("")
                model.add_implication(s, w)             # the supporter is placed …
                model.add(rank[q[0]] < rank[p[0]]).only_enforce_if(s)   # … earlier
                helpers.append(s)
        model.add_bool_or(helpers).only_enforce_if(v)  # placed ⇒ supported
    return rank


# %% [markdown]
# ## The score
#
# The score is a sum over *properties* of squares × crowns — but which squares form a property
# depends on the layout. The trick: let the model **grow a region from every crowned half**.
# A region has the terrain of its crowned half (a constant!), is connected, and scores
# size × crowns. Two crowned halves in one property? One region swallows the other's square and
# the other region stays empty.
#
# The model may only *under*-estimate: splitting a property never scores more, because
# (a + b)(x + y) ≥ ax + by (notebook 02). So at the optimum the regions are the real properties.
# Connectivity: each member other than the root has a neighbour in the region that is closer to
# the root (a smaller `depth`).

# %%
def add_score(model, numbers, free, place, is_terrain, crowns):
    halves = [(n, i) for n in numbers for i, h in enumerate(domino(n).halves) if h.crowns]
    most_squares = 2 * len(numbers)                      # a region has at most every square
    most_crowns = sum(domino(n).crowns for n in numbers)
    score_terms = []
    member = {(u, k): model.new_bool_var("") for u in free for k in halves}
    for u in free:
        model.add_at_most_one(member[u, k] for k in halves)
    for k in halves:
        n, i = k
        terrain = domino(n).halves[i].terrain.value
        depth = {u: model.new_int_var(0, most_squares - 1, "") for u in free}
        root_at = {u: sum(v for p, v in place.items() if p[0] == n and p[1 + i] == u)
                   for u in free}
        active = model.new_bool_var("")
        for u in free:
            m = member[u, k]
            model.add_implication(m, active)
            model.add(is_terrain[u, terrain] == 1).only_enforce_if(m)     # one terrain
            is_root = model.new_bool_var("")
            model.add(root_at[u] == 1).only_enforce_if(is_root)
            model.add(root_at[u] == 0).only_enforce_if(is_root.Not())
            model.add_implication(is_root, m).only_enforce_if(active)     # the root is in it
            closer = []                                                  # connected
            for v in neighbours(u):
                if v in free:
                    s = model.new_bool_var("")
                    model.add_implication(s, member[v, k])
                    model.add(depth[v] < depth[u]).only_enforce_if(s)
                    closer.append(s)
            model.add_bool_or([*closer, is_root]).only_enforce_if(m)
        size = model.new_int_var(0, most_squares, "")
        model.add(size == sum(member[u, k] for u in free))
        crowned = model.new_int_var(0, most_crowns, "")
        parts = []
        for u in free:
            c = model.new_int_var(0, 3, "")
            model.add(c == crowns[u]).only_enforce_if(member[u, k])
            model.add(c == 0).only_enforce_if(member[u, k].Not())
            parts.append(c)
        model.add(crowned == sum(parts))
        region_score = model.new_int_var(0, most_squares * most_crowns, "")
        model.add_multiplication_equality(region_score, [size, crowned])
        score_terms.append(region_score)
    total = model.new_int_var(0, most_squares * most_crowns, "score")
    model.add(total == sum(score_terms))
    return total


# %% [markdown]
# ## Solve and extract
#
# Put it together for one castle cell, solve, and read the placements back — then **replay them
# through the rules library**, which must agree on legality and score. Never trust a model you
# have not checked.

# %%
def solve_layout(numbers, castle, workers=1):
    free, placements = layout_data(numbers, castle)
    model = cp_model.CpModel()
    place, is_terrain, crowns = add_placements(model, numbers, free, placements)
    rank = add_connection_rule(model, numbers, castle, place)
    model.maximize(add_score(model, numbers, free, place, is_terrain, crowns))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = 0
    status = solver.solve(model)
    assert status == cp_model.OPTIMAL
    chosen = sorted((p for p, v in place.items() if solver.value(v)),
                    key=lambda p: solver.value(rank[p[0]]))
    return round(solver.objective_value), chosen


def to_kingdom(chosen, castle):
    """Replay the chosen placements (castle-relative) through Kingdom.place."""
    k = Kingdom()
    cr, cc = castle
    for n, (r1, c1), (r2, c2) in chosen:
        k.place(Placement(domino(n), (r1 - cr, c1 - cc), (r2 - cr, c2 - cc)))
    return k


def best_layout(numbers):
    score, chosen = solve_layout(numbers, CENTRE)
    kingdom = to_kingdom(chosen, CENTRE)
    assert kingdom.score() == score        # the rules library agrees
    return score, kingdom


score, kingdom = best_layout([41, 36])
print("best score with the castle in the centre:", score)
kingdom

# %% [markdown]
# ## Check against brute force
#
# On tiny sets we can try *every* legal sequence of placements with the rules library (states
# reached twice are skipped), keeping only kingdoms that stay inside the 5 × 5 frame around
# the centred castle, and compare.

# %%
def brute_force(numbers, centred=True):
    best, seen = 0, set()

    def inside(p):
        return all(abs(x) <= 2 for cell in p.cells for x in cell)

    def search(k, left):
        nonlocal best
        key = (k.key(), left)
        if key in seen:
            return
        seen.add(key)
        best = max(best, k.score())
        for n in left:
            for p in k.legal_placements(domino(n)):
                if inside(p) or not centred:
                    k.push(p)
                    search(k, left - {n})
                    k.undo()

    search(Kingdom(), frozenset(numbers))
    return best


for numbers in ([41, 36], [19, 24], [44, 39]):
    model_score, _ = best_layout(numbers)
    print(numbers, "model:", model_score, " brute force:", brute_force(numbers))
    assert model_score == brute_force(numbers)

# %% [markdown]
# ## The library's solver
#
# `best_kingdom` starts from the same placements but proves connectivity differently. Ranks
# like `add_connection_rule`'s propagate weakly: CP-SAT only notices a disconnected terrain late.
# The library's *set model* uses clauses over small connected sets of cells instead:
#
# - a terrain of S squares splits into parts of which at most one has more than S/2 squares, so
#   a yes/no variable "this connected set C is all terrain t and no neighbour is" for every C of
#   at most S/2 cells gives the properties, and so the score, exactly;
# - a domino chain cut off from the castle is a clause too: small cut-off sets up front, larger
#   ones added when a solution shows one (a *lazy constraint*);
# - to prove that score T is impossible it asks for exactly T, so every point of slack is
#   known: a domino whose omission costs more must be placed, and a split-off part that costs
#   more is ruled out at once.
#
# Equal dominoes share variables, the castle is tried on one eighth of the cells, symmetric
# layouts are broken, and every answer is replayed through the rules (it raises `SolverBug` if
# the model and the rules ever disagree). It also supports a start kingdom, choosing k of a
# pool, and the Middle Kingdom and Harmony bonuses. With it, all 70 random 12-domino sets of the
# benchmark are proven optimal, most in under a second (README, "Speed").

# %%
from kingdomino_kit.solver import best_kingdom

for numbers in ([41, 36], [19, 24], [44, 39], [41, 36, 48], [19, 24, 13]):
    sol = best_kingdom(dominoes(numbers), workers=1)          # castle anywhere
    assert sol.status == "optimal" and sol.score == brute_force(numbers, centred=False)
    print(numbers, sol.score)
print("the library agrees with brute force on all five")

# %% [markdown]
# ## Watch it live
#
# On a bigger set the solver finds better and better layouts while its **bound** (what it has
# proved nobody can beat) comes down; when they meet, the optimum is proved. `on_solution` is
# called with every improving layout. (Times vary from run to run — on a busy machine the
# 20-second limit may even stop it before the proof — so that output is not compared by the
# notebook tests.)

# %%
import matplotlib.pyplot as plt

progress = []
eight = dominoes("10,11,21,29,36,39,41,44")
sol = best_kingdom(eight, workers=1, seed=0, time_limit_s=20,
                   on_solution=lambda s: progress.append((s.seconds, s.score, s.bound)))
assert sol.score <= sol.bound and sol.status in ("optimal", "feasible")

# %%
# NBVAL_IGNORE_OUTPUT
print(f"{sol.status}: score {sol.score}, bound {sol.bound}, {len(progress)} improving layouts")
fig, ax = plt.subplots(figsize=(6, 3))
ax.step([t for t, _, _ in progress], [s for _, s, _ in progress], where="post", label="best found")
ax.axhline(sol.bound, ls="--", color="grey", label="proved bound")
ax.set_xlabel("seconds")
ax.set_ylabel("score")
ax.legend()
ax.set_title("CP-SAT on 8 dominoes")
plt.show()

# %%
from kingdomino_kit.render import draw_kingdom

# NBVAL_IGNORE_OUTPUT
draw_kingdom(sol.kingdom, title=f"optimal: {sol.score}")
plt.show()

# %% [markdown]
# ## Exercises
#
# **1.** The model allows gaps. Add the constraint "every free cell is covered" (an exact cover:
# Harmony) and solve for 12 dominoes? Too slow for a notebook — but for a 3 × 3 frame with the
# castle in the middle, four dominoes cover it exactly. How many placements does `layout_data`
# list for one non-double domino on a 3 × 3 frame with the centre taken? (Count the cell pairs
# of the ring: 8 cells in a cycle.)

# %%
N = 3
_, ring_placements = layout_data([41], (1, 1))
N = 5
answer_1 = 8 * 2

# %%
assert answer_1 == len(ring_placements)

# %% [markdown]
# **2.** Without the connection rule, what would be the best score of dominoes 41 (`W|G2`) and
# 36 (`W|G1`) with the castle in the centre? And with it? (With: can the two grasslands still
# meet? Compare with the brute force.)

# %%
answer_2_without, answer_2_with = 6, 6

# %%
assert answer_2_with == brute_force([41, 36])
free2, placements2 = layout_data([41, 36], CENTRE)
m = cp_model.CpModel()
place2, is_t2, crowns2 = add_placements(m, [41, 36], free2, placements2)
m.maximize(add_score(m, [41, 36], free2, place2, is_t2, crowns2))
s2 = cp_model.CpSolver()
s2.parameters.num_workers = 1
s2.solve(m)
assert answer_2_without == round(s2.objective_value)

# %% [markdown]
# **3.** With the Middle Kingdom rule (+10 when the castle is the centre of the 5×5 kingdom:
# every square within two rows and two columns of it), what is the best total for `[41, 36]`?
# Our centred model keeps the kingdom inside the centred frame — exactly what the rule asks.

# %%
answer_3 = 2 * 3 + 10   # G2 beside G1: 2 squares × 3 crowns, and the bonus

# %%
assert answer_3 == best_kingdom(dominoes([41, 36]), middle_kingdom=True, workers=1).score
