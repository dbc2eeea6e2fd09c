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
# # 04 · CP-SAT step by step: the best kingdom as a model
#
# Given a few dominoes, what is the best kingdom you can build? Notebook 03 showed the search
# space is far too big to try everything, so we *describe* the problem to a **constraint
# solver**, OR-Tools' CP-SAT, and let it search — and *prove* that nothing better exists.
#
# Every CP-SAT program has the same shape:
#
# 1. **data** — what the problem is about;
# 2. a **model** with **variables** (here: yes/no choices, "domino 41 lies on these two cells");
# 3. **constraints** the variables must obey (a cell holds one square at most);
# 4. an **objective** to maximise (the score);
# 5. **solve**, check the **status** (`OPTIMAL`: proven best), read the **values** back.
#
# We build the kingdom model in small steps — one domino; two; the connection rule; one
# property's score; the whole model — and print what each step can do before adding the next.
# At the end we meet the kit's own solver and watch it prove an optimum, level by level.

# %%
# %matplotlib inline
from ortools.sat.python import cp_model

from kingdomino_kit import Kingdom, Placement, domino, dominoes
from kingdomino_kit.solver import replay_order

# %% [markdown]
# ## Step 0 · Data: a frame, a castle, placements
#
# The kingdom lives in a fixed 5 × 5 **frame**. To keep the first models small, the castle
# stands in the **centre** (the kit's solver also tries the other cells — by the symmetry of
# notebook 03, five more are enough). A **placement** is a domino number with its first half on
# a cell `a` and its second half on a neighbour `b`; a double lists each pair of cells once.

# %%
CENTRE = (2, 2)


def neighbours(u, n=5):
    r, c = u
    return [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < n and 0 <= c + dc < n]


def layout_data(numbers, castle=CENTRE, n=5):
    """The free cells of an n × n frame and every placement (number, a, b) of the dominoes."""
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) != castle]
    placements = []
    for number in numbers:
        double = domino(number).is_double
        for a in free:
            for b in neighbours(a, n):
                if b != castle and (not double or a < b):
                    placements.append((number, a, b))
    return free, placements


free, placements = layout_data([41])
print(len(free), "free cells;", len(placements), "placements of domino 41, e.g.", placements[:3])

# %% [markdown]
# ## Step 1 · One domino: a variable per placement
#
# One Boolean variable per placement: 1 if the domino lies there. "Domino 41 is placed
# somewhere" is `add_exactly_one`. With no objective, CP-SAT just finds *a* solution; we read it
# back with `solver.value` and draw it (cells relative to the castle: the frame cell minus the
# castle's).

# %%
def relative(chosen, castle=CENTRE):
    """Placements in frame cells as the rules library's castle-relative placements."""
    cr, cc = castle
    return [Placement(domino(n), (a[0] - cr, a[1] - cc), (b[0] - cr, b[1] - cc))
            for n, a, b in chosen]


def draw(chosen, castle=CENTRE):
    """The squares of the chosen placements, drawn whether the rules allow them or not."""
    return Kingdom.from_squares({cell: half for p in relative(chosen, castle)
                                 for cell, half in zip(p.cells, p.domino.halves, strict=True)})


model = cp_model.CpModel()
place = {p: model.new_bool_var(f"place{p}") for p in placements}
model.add_exactly_one(place.values())

solver = cp_model.CpSolver()
solver.parameters.num_workers = 1  # one search worker: the same solution on every run
status = solver.solve(model)
chosen = [p for p, var in place.items() if solver.value(var)]
print(solver.status_name(status), chosen)
draw(chosen)

# %% [markdown]
# A solution — but probably not one the rules allow: the model knows nothing of the
# connection rule yet. What *does* it allow? Ask CP-SAT for **every** solution: with
# `enumerate_all_solutions`, a *solution callback* is called for each one. We collect the
# placements of each solution, so that helper variables added later do not count twice.

# %%
class Collector(cp_model.CpSolverSolutionCallback):
    """Collects the placements of every solution CP-SAT reports."""

    def __init__(self, place):
        super().__init__()
        self.place, self.layouts = place, set()

    def on_solution_callback(self):
        self.layouts.add(frozenset(p for p, v in self.place.items() if self.value(v)))


def count_solutions(model, place):
    """The number of distinct layouts (sets of placements) the model allows."""
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    collector = Collector(place)
    solver.solve(model, collector)
    return len(collector.layouts)


print(count_solutions(model, place), "solutions: every placement of domino 41 in the frame")

# %% [markdown]
# ## Step 2 · Two dominoes: no cell twice
#
# With two dominoes each gets its own `add_exactly_one`, and a cell may hold at most one
# square: for every cell, `add_at_most_one` over the placements covering it. The count drops
# from 72 × 72 (any two placements) to the pairs that do not overlap — checked here by brute
# force over all pairs.

# %%
def add_placements(model, numbers, free, placements, every=True):
    """place[number, a, b] Booleans: each domino once (or at most once), each cell at most
    once."""
    place = {p: model.new_bool_var(f"place{p}") for p in placements}
    for number in numbers:
        mine = [v for p, v in place.items() if p[0] == number]
        (model.add_exactly_one if every else model.add_at_most_one)(mine)
    for u in free:
        model.add_at_most_one(v for (_, a, b), v in place.items() if u in (a, b))
    return place


free, placements = layout_data([41, 36])
model = cp_model.CpModel()
place = add_placements(model, [41, 36], free, placements)
by_model = count_solutions(model, place)
pairs = [(p, q) for p in placements if p[0] == 41 for q in placements if q[0] == 36]
by_hand = sum(not ({p[1], p[2]} & {q[1], q[2]}) for p, q in pairs)
print(f"{len(pairs)} pairs of placements, {by_hand} without overlap; the model: {by_model}")

# %% [markdown]
# ## Step 3 · The connection rule
#
# A layout is **buildable** if the dominoes can be placed one by one, each touching the castle
# or a square of its own terrain already there. Give every domino a **build rank** (an integer
# variable); a placement not next to the castle needs a **supporter**: another placed domino
# with a smaller rank and a same-terrain square next to one of its squares. Ranks forbid
# circular support ("A holds B holds A"). `only_enforce_if` makes a constraint hold only when a
# Boolean is true — the workhorse of CP-SAT models.

# %%
def half_on(p, u):
    """The half of placement p = (number, a, b) lying on cell u, or None."""
    number, a, b = p
    d = domino(number)
    return d.first if u == a else d.second if u == b else None


def supports(p, q):
    """True if placement q has a square next to a square of p with the same terrain."""
    return any(v in neighbours(u) and half_on(p, u).terrain == half_on(q, v).terrain
               for u in p[1:] for v in q[1:])


def add_connection_rule(model, numbers, castle, place):
    rank = {n: model.new_int_var(0, len(numbers), f"rank{n}") for n in numbers}
    for p, v in place.items():
        if any(castle in neighbours(u) for u in p[1:]):
            continue                                            # the castle is wild
        helpers = []
        for q, w in place.items():
            if q[0] != p[0] and supports(p, q):
                s = model.new_bool_var(f"{q} supports {p}")
                model.add_implication(s, w)                     # the supporter is placed …
                model.add(rank[q[0]] < rank[p[0]]).only_enforce_if(s)   # … earlier
                helpers.append(s)
        model.add_bool_or(helpers).only_enforce_if(v)          # placed ⇒ supported
    return rank


# %% [markdown]
# Small enough to count: a 3 × 3 frame with the castle in a **corner**. The far cells do not
# touch the castle, so the rule matters there. Counting with the rule is a new
# problem: ranks and helper Booleans can take several values for one layout, so instead of
# enumerating every assignment we ask for a layout, forbid exactly that layout with a clause
# (*not this one*), and ask again until CP-SAT answers `INFEASIBLE`.

# %%
def count_layouts(model, place):
    """Layouts one by one: solve, forbid the layout found with a clause, again."""
    model = model.clone()
    place = {p: model.get_bool_var_from_proto_index(v.index) for p, v in place.items()}
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    layouts = 0
    while solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        layouts += 1
        model.add_bool_or([~v for v in place.values() if solver.value(v)])   # not this one
    return layouts


CORNER = (0, 0)
free, placements = layout_data([41, 36], CORNER, n=3)
model = cp_model.CpModel()
place = add_placements(model, [41, 36], free, placements)
print(count_solutions(model, place), "layouts of 41 and 36 in the frame without the rule")
rank = add_connection_rule(model, [41, 36], CORNER, place)
print(count_layouts(model, place), "buildable layouts with it")

# %% [markdown]
# Is that right? The rules library counts the same thing by brute force: every legal first
# placement, then every legal second one, kept when the kingdom stays inside the frame around
# the castle; two orders building the same layout count once.

# %%
def layouts_by_rules(numbers, castle=CORNER, n=3):
    """The distinct layouts the rules library builds inside the n × n frame."""
    found = set()
    cr, cc = castle

    def grow(k, left):
        if not left:
            found.add(frozenset(k.squares()))
            return
        for number in left:
            for p in k.legal_placements(domino(number)):
                if all(0 <= r + cr < n and 0 <= c + cc < n for r, c in p.cells):
                    k.push(p)
                    grow(k, left - {number})
                    k.undo()

    grow(Kingdom(), frozenset(numbers))
    return len(found)


print(layouts_by_rules([41, 36]), "layouts by the rules library")

# %% [markdown]
# ## Step 4 · One property's score
#
# The score is a sum over **properties** of squares × crowns. Start small: the grassland of
# dominoes 41 (`W|G2`) and 36 (`W|G1`). Its two crowned halves either touch — one property of
# 2 squares × 3 crowns = 6 — or not: 1 × 2 + 1 × 1 = 3. Let the model say which: a Boolean
# `joined` true exactly when the two G halves are on neighbouring cells, then
# `size × crowns` with `add_multiplication_equality` (a product of two integer variables).

# %%
free, placements = layout_data([41, 36])          # back to the 5 × 5 frame
model = cp_model.CpModel()
place = add_placements(model, [41, 36], free, placements)
add_connection_rule(model, [41, 36], CENTRE, place)


def grass_cell(model, place, number):
    """The cell of the G half of a domino, as (row, col) integer variables."""
    row, col = model.new_int_var(0, 4, f"row{number}"), model.new_int_var(0, 4, f"col{number}")
    for p, v in place.items():
        if p[0] == number:
            [(r, c)] = [u for u in p[1:] if half_on(p, u).terrain.letter == "G"]
            model.add(row == r).only_enforce_if(v)
            model.add(col == c).only_enforce_if(v)
    return row, col


r41, c41 = grass_cell(model, place, 41)
r36, c36 = grass_cell(model, place, 36)
dr, dc = model.new_int_var(0, 4, "dr"), model.new_int_var(0, 4, "dc")
model.add_abs_equality(dr, r41 - r36)
model.add_abs_equality(dc, c41 - c36)
joined = model.new_bool_var("joined")
model.add(dr + dc == 1).only_enforce_if(joined)
model.add(dr + dc != 1).only_enforce_if(~joined)

size, crowns, joined_score = (model.new_int_var(0, 2, "size"), model.new_int_var(0, 3, "crowns"),
                              model.new_int_var(0, 6, "joined score"))
model.add(size == 2)
model.add(crowns == 3)
model.add_multiplication_equality(joined_score, [size, crowns])
grass_score = model.new_int_var(0, 6, "grass score")
model.add(grass_score == joined_score).only_enforce_if(joined)
model.add(grass_score == 3).only_enforce_if(~joined)
model.maximize(grass_score)

solver = cp_model.CpSolver()
solver.parameters.num_workers = 1  # of the equally good layouts, the same one every run
print(solver.status_name(solver.solve(model)), "grassland score", solver.value(grass_score),
      "joined:", bool(solver.value(joined)))
draw([p for p, v in place.items() if solver.value(v)])

# %% [markdown]
# ## Step 5 · Every property: regions grown from crowned halves
#
# With many dominoes we cannot write one `joined` per pair. The trick: let the model **grow a
# region from every crowned half**. A region has the terrain of its crowned half (a constant!),
# is connected — each member other than the root has a neighbour in the region that is closer
# to the root (a smaller `depth`) — and scores size × crowns. Two crowned halves in one
# property? One region takes both, the other stays empty (it is not `active`).
#
# The model may only *under*-estimate a property: splitting one never scores more, because
# (a + b)(x + y) ≥ ax + by (notebook 02). So at the optimum the regions are the real
# properties. First the contents of each cell, as linear expressions of the placements:

# %%
TERRAINS = ["wheat", "forest", "lake", "grassland", "swamp", "mine"]


def cell_contents(free, place):
    """is_terrain[u, t] and crowns[u]: the terrain and crowns on each cell, as sums of the
    placements covering it."""
    is_terrain = {(u, t): sum(v for p, v in place.items()
                              if (h := half_on(p, u)) is not None and h.terrain.value == t)
                  for u in free for t in TERRAINS}
    crowns = {u: sum(v * h.crowns for p, v in place.items()
                     if (h := half_on(p, u)) is not None and h.crowns)
              for u in free}
    return is_terrain, crowns


def add_region(model, root, free, place, is_terrain, crowns, most, squares):
    """A connected region of the terrain of crowned half ``root`` = (number, 0 or 1), grown
    from it, or empty (when another region took its root); ``most`` crowns and ``squares``
    squares at most. Returns (member Booleans, its score)."""
    number, i = root
    terrain = domino(number).halves[i].terrain.value
    member = {u: model.new_bool_var(f"{root} has {u}") for u in free}
    depth = {u: model.new_int_var(0, squares - 1, f"depth{u}") for u in free}
    active = model.new_bool_var(f"{root} grows")
    for u in free:
        model.add_implication(member[u], active)
        model.add(is_terrain[u, terrain] == 1).only_enforce_if(member[u])   # one terrain
        here = sum(v for p, v in place.items() if p[0] == number and p[1 + i] == u)
        is_root = model.new_bool_var(f"root at {u}")
        model.add(here == 1).only_enforce_if(is_root)
        model.add(here == 0).only_enforce_if(~is_root)
        model.add_implication(is_root, member[u]).only_enforce_if(active)  # the root is in it
        closer = []
        for v in neighbours(u):
            if v in member:
                s = model.new_bool_var("")
                model.add_implication(s, member[v])
                model.add(depth[v] < depth[u]).only_enforce_if(s)
                closer.append(s)
        model.add_bool_or([*closer, is_root]).only_enforce_if(member[u])   # connected
    size = model.new_int_var(0, squares, "size")
    model.add(size == sum(member.values()))
    gathered = []
    for u in free:
        c = model.new_int_var(0, 3, "")
        model.add(c == crowns[u]).only_enforce_if(member[u])
        model.add(c == 0).only_enforce_if(~member[u])
        gathered.append(c)
    crowned = model.new_int_var(0, most, "crowns")
    model.add(crowned == sum(gathered))
    score = model.new_int_var(0, squares * most, "region score")
    model.add_multiplication_equality(score, [size, crowned])
    return member, score


# %% [markdown]
# One region on its own, grown from the `G2` of domino 41 beside the grass double 11: which
# cells does the best region take?

# %%
numbers = [41, 11]                           # W|G2, G|G
free, placements = layout_data(numbers)
model = cp_model.CpModel()
place = add_placements(model, numbers, free, placements)
add_connection_rule(model, numbers, CENTRE, place)
is_terrain, crowns = cell_contents(free, place)
member, region_score = add_region(model, (41, 1), free, place, is_terrain, crowns, most=3,
                                  squares=6)
model.maximize(region_score)
solver = cp_model.CpSolver()
solver.parameters.num_workers = 1
print(solver.status_name(solver.solve(model)), "region score", solver.value(region_score))
print("region:", sorted(u for u, m in member.items() if solver.value(m)))
draw([p for p, v in place.items() if solver.value(v)])

# %% [markdown]
# ## Step 6 · The whole model
#
# All the pieces together: a region for every crowned half, at most one region per cell, the
# objective the sum of the regions' scores. Dominoes may now be left out (`every=False`): the
# best kingdom need not use them all. Then solve — and **replay the answer through the rules
# library**, which must agree on legality and score. Never trust a model you have not checked.

# %%
def to_kingdom(chosen, castle=CENTRE):
    """Replay the chosen placements through Kingdom.place in a legal order (an error if there
    is none: the model and the rules would disagree)."""
    return replay_order(relative(chosen, castle))[0]


def solve_layout(numbers, castle=CENTRE, workers=1, time_limit=60.0):
    free, placements = layout_data(numbers, castle)
    model = cp_model.CpModel()
    place = add_placements(model, numbers, free, placements, every=False)
    add_connection_rule(model, numbers, castle, place)
    is_terrain, crowns = cell_contents(free, place)
    roots = [(n, i) for n in numbers for i, h in enumerate(domino(n).halves) if h.crowns]
    most = sum(domino(n).crowns for n in numbers)
    squares = 2 * len(numbers)                 # a region has at most every square
    regions = [add_region(model, root, free, place, is_terrain, crowns, most, squares)
               for root in roots]
    for u in free:
        model.add_at_most_one(member[u] for member, _ in regions)
    model.maximize(sum(score for _, score in regions))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = 0
    solver.parameters.max_time_in_seconds = time_limit
    status = solver.solve(model)
    found = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)      # else no values to read
    chosen = [p for p, v in place.items() if found and solver.value(v)]
    return (solver.status_name(status), round(solver.objective_value),
            round(solver.best_objective_bound), to_kingdom(chosen, castle))


status, score, bound, kingdom = solve_layout([41, 36])
print(status, score, "— the rules library says", kingdom.score())
kingdom

# %% [markdown]
# ## Check against brute force
#
# On tiny sets the rules library can try *every* legal sequence of placements (states reached
# twice are skipped), keeping only kingdoms inside the 5 × 5 frame around the centred castle.
# The model must agree on every set.

# %%
def brute_force(numbers, centred=True):
    best, seen = 0, set()

    def search(k, left):
        nonlocal best
        key = (k.key(), left)
        if key in seen:
            return
        seen.add(key)
        best = max(best, k.score())
        for n in left:
            for p in k.legal_placements(domino(n)):
                if not centred or all(abs(x) <= 2 for cell in p.cells for x in cell):
                    k.push(p)
                    search(k, left - {n})
                    k.undo()

    search(Kingdom(), frozenset(numbers))
    return best


for numbers in ([19, 24], [44, 39], [36, 11]):
    status, score, _, _ = solve_layout(numbers)
    print(numbers, status, "model:", score, " brute force:", brute_force(numbers))
    assert score == brute_force(numbers)

# %% [markdown]
# ## Parameters: how long, how many workers, what it says
#
# A solver has parameters. The ones you will use most: `max_time_in_seconds` (then the status
# may be `FEASIBLE` — a solution, not proven best), `num_workers` (CP-SAT runs several search
# strategies in parallel; 1 makes a run repeatable), `random_seed`, and `log_search_progress`
# to watch its log. `objective_value` is the best solution's score and `best_objective_bound`
# what the solver has proven nobody can beat; when they meet, the status is `OPTIMAL`.
# `solve_layout` returns both; here it runs twice on four dominoes, with 0.02 s and with 0.5 s.
# (This model is slow: in these times it has not yet found any layout — `UNKNOWN`, nothing to
# read. Try `solve_layout(four, time_limit=10)`: a layout comes after seconds, its proven bound
# still far above it. The kit's own model, below, is built differently for that reason.)

# %%
# NBVAL_IGNORE_OUTPUT
four = [19, 24, 36, 41]
for seconds in (0.02, 0.5):
    status, score, bound, kingdom = solve_layout(four, time_limit=seconds)
    print(f"{seconds:>4} s: {status:8} best {score}, proven bound {bound}, "
          f"rules say {kingdom.score()}")

# %% [markdown]
# ## The kit's solver
#
# `best_kingdom` starts from the same placements but proves connectivity differently. Ranks
# like `add_connection_rule`'s propagate weakly: CP-SAT notices a disconnected terrain late.
# The kit's *set model* uses clauses over small connected sets of cells instead (a terrain of
# S squares has at most one part bigger than S/2; a domino chain cut off from the castle is a
# clause), asks for one exact score at a time to prove levels out of reach, tries the castle
# on one eighth of the frame, breaks symmetric layouts, and replays every answer through the
# rules. The model is described in `docs/solver.md`.

# %%
from kingdomino_kit.solver import best_kingdom

for numbers in ([41, 36], [19, 24], [44, 39], [41, 36, 48]):
    sol = best_kingdom(dominoes(numbers), workers=1)          # castle anywhere
    assert sol.status == "optimal" and sol.score == brute_force(numbers, centred=False)
    print(numbers, sol.score)
print("the kit's solver agrees with brute force on all four")

# %% [markdown]
# ## Watch a proof
#
# To prove an optimum the solver must show that every higher score is impossible. It asks its
# model for exactly the bound: *"can a kingdom score 67?"* at each castle cell. Each "no" is a
# **refuted level** at that cell; when every cell has said no, the bound steps down by one.
# `on_progress` streams these steps as they happen, beside `on_solution`'s better layouts.
# (Times vary from run to run, so these outputs are not compared by the notebook tests.)

# %%
# NBVAL_IGNORE_OUTPUT
events = []
eight = dominoes("10,11,21,29,36,39,41,44")
sol = best_kingdom(eight, workers=1, on_progress=events.append)
for e in events:
    where = f" castle {e.castle}: {e.castle_refuted} ruled out" if e.castle else ""
    print(f"{e.seconds:6.2f} s  {e.kind:8} best {e.score:3}  bound {e.bound}{where}")
print(sol.status, sol.score)

# %%
# NBVAL_IGNORE_OUTPUT
import matplotlib.pyplot as plt
from matplotlib.ticker import MaxNLocator

from kingdomino_kit.pictures import figure

fig, ax = plt.subplots(figsize=(6, 2.8))
ax.step([e.seconds for e in events], [e.bound for e in events], where="post", color="#c62828",
        label="proven bound")
found = [e for e in events if e.score >= 0]
ax.step([e.seconds for e in found], [e.score for e in found], where="post", color="#1a6ad1",
        label="best score")
ax.yaxis.set_major_locator(MaxNLocator(integer=True))   # scores are whole numbers
ax.set_xlabel("seconds")
ax.set_ylabel("points")
ax.legend(loc="lower right")
figure(fig, alt="Step chart of the solver's progress, points against seconds: the best score "
                "found (blue) steps up and the proven bound (red) steps down until the two "
                "meet, which proves the best score optimal.")

# %% [markdown]
# That proof was short. The kit ships a few sets whose proofs take 10–60 seconds
# (`kingdomino_kit.solver.watch.WATCH_SETS`). Press **Solve** below and watch the bound step down,
# one refuted level at a time, until it meets the best score; **Stop** ends it at any time and
# keeps the best kingdom found so far.

# %%
from kingdomino_kit.solver.watch import watch_set
from kingdomino_kit.widgets import SolverView

slow = watch_set("slow-proof")
print(slow.description)
view = SolverView(slow.dominoes, workers=2, time_limit_s=120, title=slow.name)
view

# %% [markdown]
# ## Next sitting
#
# The dominoes were given so far. Notebook `04b_highest_score` chooses them too and proves the
# highest possible score of any kingdom, in the same way: a bound, and a layout that reaches
# it.

# %% [markdown]
# ## Exercises
#
# Fill in each blank `...` and run the cell: `check(n, answer)` says *correct* (and why), or
# what is wrong with a hint. Exercise 3 asks for a constraint, tried in models of its own.

# %%
from kingdomino_kit.exercises import for_notebook

check = for_notebook("04_cp_sat")

# %% [markdown]
# **1.** A 3 × 3 frame with the castle in the middle leaves a ring of 8 cells. How many
# placements does `layout_data([41], (1, 1), n=3)` list for the non-double domino 41? Count
# the pairs of neighbouring cells around the ring first, then think of the two ways round.

# %% tags=["solution"]
answer_1 = len(layout_data([41], (1, 1), n=3)[1])  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** In Step 3's frame (3 × 3, the castle in a corner), how many buildable layouts do
# dominoes 41 (`W|G2`) and 13 (`W|F`) have — both placed, the connection rule obeyed? Build
# Step 3's model for them and count its layouts.

# %% tags=["solution"]
# BEGIN SOLUTION
corner_free, corner_placements = layout_data([41, 13], CORNER, n=3)
corner = cp_model.CpModel()
corner_place = add_placements(corner, [41, 13], corner_free, corner_placements)
add_connection_rule(corner, [41, 13], CORNER, corner_place)
# END SOLUTION
answer_2 = count_layouts(corner, corner_place)  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** Write a constraint: `add_full_cover(model, free, place)` adds to `model` that every
# free cell is covered by exactly one placed domino (a *Harmony* kingdom, an **exact cover**).
# `place` maps each placement `(number, a, b)` to its Boolean. The checker adds your constraint
# to models of the 3 × 3 ring and counts their solutions.

# %% tags=["solution"]
def add_full_cover(model, free, place):
    # BEGIN SOLUTION
    for u in free:
        model.add_exactly_one(v for (_, a, b), v in place.items() if u in (a, b))
    # END SOLUTION


check(3, add_full_cover)

# %% [markdown]
# **4.** Without the connection rule, what is the best score of dominoes 41 (`W|G2`) and 36
# (`W|G1`) with the castle in the centre? And with it? Give both as a pair
# `(without, with)`. (With: can the two grasslands still meet?)

# %% tags=["solution"]
answer_4 = (6, 6)  # SOLUTION

check(4, answer_4)

# %% [markdown]
# **5.** With the Middle Kingdom rule (+10 when the castle is the centre of the 5×5 kingdom:
# every square within two rows and two columns of it, gaps allowed), what is the best total for
# `[41, 36]`? Can the two grasslands still meet?

# %% tags=["solution"]
answer_5 = 2 * 3 + 10  # SOLUTION

check(5, answer_5)

# %%
check.summary()
