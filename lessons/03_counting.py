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
# # 03 · Counting: placements, kingdoms, symmetry, chance, the game tree
#
# Combinatorics with a game on the table: how many ways to put a domino down, how many full
# kingdoms exist, how symmetry divides the work (Burnside's lemma), how likely a domino is to
# show up, and how big the game tree is. Every count is computed two ways — a formula and
# an enumeration — and the exercises check your answers against the enumeration.

# %%
# %matplotlib inline
import math
import random
from fractions import Fraction
from functools import cache

import matplotlib.pyplot as plt
from IPython.display import display

from kingdomino_kit import DOMINOES, Kingdom
from kingdomino_kit.game import GameOptions, deal
from kingdomino_kit.pictures import figure


def show(fig, alt):
    """Show a figure as an image with alt text (what a screen reader reads out)."""
    display(figure(fig, alt))

# %% [markdown]
# ## How many placements?
#
# A domino covers two orthogonally adjacent cells. On an *n × n* board there are *n − 1*
# horizontal pairs in each of *n* rows, and as many vertical ones: **2n(n − 1)** positions.
# Each position takes a domino two ways round, unless it is a double.

# %%
def positions(n: int) -> int:
    return 2 * n * (n - 1)


def enumerate_positions(n: int) -> int:
    cells = [(r, c) for r in range(n) for c in range(n)]
    pairs = {frozenset({a, b}) for a in cells for b in cells
             if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1}
    return len(pairs)


[(n, positions(n), enumerate_positions(n)) for n in (2, 3, 5, 7)]

# %% [markdown]
# In a real kingdom the rules cut this down. The first domino must touch the castle: 4 cells
# next to it, 3 ways to continue from each — 12 positions, and 24 placements for a domino
# whose halves differ. Over the whole catalogue:

# %%
first_moves = {d.number: len(Kingdom().legal_placements(d)) for d in DOMINOES}
doubles = sum(d.is_double for d in DOMINOES)
print(doubles, "doubles;", sum(first_moves.values()), "first placements over all 48 dominoes")
assert sum(first_moves.values()) == doubles * 12 + (48 - doubles) * 24

# %% [markdown]
# ## How many full kingdoms?
#
# A kingdom with no gap (Harmony) is a **domino tiling** of the 5 × 5 square with one cell
# taken by the castle. Count tilings by always covering the first empty cell (row-major): it
# can only be covered by a domino going right or down. Memoising on the set of filled cells
# makes it fast.

# %%
def count_tilings(rows: int, cols: int, holes: frozenset = frozenset()) -> int:
    full = (1 << (rows * cols)) - 1
    start = sum(1 << (r * cols + c) for r, c in holes)

    @cache
    def ways(filled: int) -> int:
        if filled == full:
            return 1
        i = (~filled & (filled + 1)).bit_length() - 1      # first empty cell
        r, c = divmod(i, cols)
        total = 0
        if c + 1 < cols and not filled >> (i + 1) & 1:
            total += ways(filled | 1 << i | 1 << (i + 1))
        if r + 1 < rows:
            total += ways(filled | 1 << i | 1 << (i + cols))
        return total

    return ways(start)


[count_tilings(2, n) for n in range(1, 9)]   # 2 × n strips: the Fibonacci numbers

# %% [markdown]
# The castle can stand on any cell whose removal leaves 12 black and 12 white cells of the
# chessboard colouring — a domino always covers one of each. Cells with *r + c* even are the
# 13 majority ones.

# %%
castle_tilings = {(r, c): count_tilings(5, 5, frozenset({(r, c)}))
                  for r in range(5) for c in range(5)}
print("castle in the centre:", castle_tilings[(2, 2)])
print("castle anywhere:     ", sum(castle_tilings.values()))
print("cells with r + c odd: ", sum(castle_tilings[(r, c)] for r, c in castle_tilings
                                   if (r + c) % 2), "tilings")

# %% [markdown]
# Each tiling is only a *shape*: filling it with 12 of the 48 dominoes, each two ways round,
# multiplies the count enormously (an upper bound; most fillings cannot be built legally):

# %%
shapes = sum(castle_tilings.values())
fillings = math.perm(48, 12) * 2 ** 12
print(f"about 10^{math.log10(shapes * fillings):.1f} filled layouts (upper bound)")

# %% [markdown]
# ## Symmetry and Burnside's lemma
#
# The square has 8 symmetries (the dihedral group D4): 4 rotations and 4 reflections.
# Rotating or mirroring a layout changes neither its properties nor its score, so a solver
# only has to try the castle on one representative of each **orbit** of cells.
#
# **Burnside's lemma**: the number of orbits is the average number of points fixed by a
# symmetry.

# %%
N = 5
SYMMETRIES = {
    "identity": lambda r, c: (r, c),
    "rotate 90": lambda r, c: (c, N - 1 - r),
    "rotate 180": lambda r, c: (N - 1 - r, N - 1 - c),
    "rotate 270": lambda r, c: (N - 1 - c, r),
    "mirror |": lambda r, c: (r, N - 1 - c),
    "mirror -": lambda r, c: (N - 1 - r, c),
    "mirror \\": lambda r, c: (c, r),
    "mirror /": lambda r, c: (N - 1 - c, N - 1 - r),
}
cells = [(r, c) for r in range(N) for c in range(N)]
fixed = {name: sum(f(*x) == x for x in cells) for name, f in SYMMETRIES.items()}
print(fixed)
burnside = Fraction(sum(fixed.values()), len(SYMMETRIES))

orbits = {frozenset(f(*x) for f in SYMMETRIES.values()) for x in cells}
print("Burnside:", burnside, " orbits enumerated:", len(orbits))
assert burnside == len(orbits)

# %% [markdown]
# Six castle positions instead of 25 — the solver in notebook 04 uses exactly this. The same
# lemma counts tiling *shapes* up to symmetry: a symmetry fixes a tiling when it maps its set
# of dominoes onto itself.

# %%
def tilings_list(rows, cols, hole=None):
    """Every tiling as a frozenset of dominoes (each a frozenset of two cells); ``hole`` is a
    cell left out (the castle)."""
    out = []

    def go(filled, chosen):
        empty = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in filled]
        if not empty:
            out.append(frozenset(chosen))
            return
        r, c = empty[0]
        for other in ((r, c + 1), (r + 1, c)):
            if other[0] < rows and other[1] < cols and other not in filled:
                go(filled | {(r, c), other}, chosen + [frozenset({(r, c), other})])

    go(set() if hole is None else {hole}, [])
    return out


centre = tilings_list(5, 5, (2, 2))
assert len(centre) == castle_tilings[(2, 2)]


# %% [markdown]
# What the counts count: here is every tiling of a 3 × 4 board, drawn — `count_tilings(3, 4)`
# of them.

# %%
# NBVAL_IGNORE_OUTPUT
def draw_tilings(tilings, rows, cols, per_row=6):
    lines = -(-len(tilings) // per_row)
    fig, axes = plt.subplots(lines, per_row, figsize=(1.5 * per_row, 1.3 * lines))
    for ax in axes.flat:
        ax.set_axis_off()
    for ax, tiling in zip(axes.flat, tilings, strict=False):
        for domino in tiling:
            (r1, c1), (r2, c2) = sorted(domino)
            ax.add_patch(plt.Rectangle((c1 + 0.08, rows - 1 - r2 + 0.08), c2 - c1 + 0.84,
                                       r2 - r1 + 0.84, facecolor="#f2d24b" if r1 == r2
                                       else "#1a6ad1", edgecolor="#222"))
        ax.set_xlim(0, cols)
        ax.set_ylim(0, rows)
        ax.set_aspect("equal")
    return fig


small = tilings_list(3, 4)
assert len(small) == count_tilings(3, 4)
show(draw_tilings(small, 3, 4),
     alt=f"The {len(small)} domino tilings of a 3 by 4 board, each drawn as a small grid: "
         "yellow dominoes lie across, blue ones stand up.")

# %% [markdown]
# *Figure 1 · The 11 tilings of a 3 × 4 board. Yellow dominoes lie across, blue ones stand
# up. The top-left cell is covered either by a lying domino or by a standing one: the two
# first choices of `count_tilings`, each followed by the ways to finish.*


def image(tiling, f):
    return frozenset(frozenset(f(*x) for x in d) for d in tiling)


fixed_tilings = {name: sum(image(t, f) == t for t in centre) for name, f in SYMMETRIES.items()}
print(fixed_tilings)
shape_orbits = {frozenset(image(t, f) for f in SYMMETRIES.values()) for t in centre}
print("shapes up to symmetry — Burnside:", Fraction(sum(fixed_tilings.values()), 8),
      " enumerated:", len(shape_orbits))

# %% [markdown]
# ## Chance: will I see that domino?
#
# With 2 players only 24 of the 48 dominoes are played, with 3 players 36, with 4 all of them.
# The chance that a given domino (say 48, the `W|M3`) appears at all is 24/48, 36/48, 1; the
# chance it is in the **first line** of 4 is 4/48. We check by dealing many seeded decks with
# the game engine's own `deal`.

# %%
def seen(players: int, games: int = 4000) -> tuple[float, float]:
    options = GameOptions(players=players)
    anywhere = first = 0
    for seed in range(games):
        deck, _ = deal(options, seed)
        anywhere += 48 in deck
        first += 48 in deck[: options.line_size]
    return anywhere / games, first / games


for players in (2, 3, 4):
    options = GameOptions(players=players)
    anywhere, first = seen(players)
    print(f"{players} players: appears {anywhere:.3f} (exact {options.deck_size / 48:.3f}), "
          f"first line {first:.3f} (exact {options.line_size / 48:.3f})")

# %% [markdown]
# A harder one: the chance that the first line of a 4-player game holds **at least one
# mine** (the mine squares are on dominoes 23, 40, 45, 46, 47, 48). Count the lines with no
# mine: choose all 4 from the other 42.

# %%
mines = [d.number for d in DOMINOES if "M" in (d.first.terrain.letter, d.second.terrain.letter)]
p_mine = 1 - Fraction(math.comb(48 - len(mines), 4), math.comb(48, 4))
print(mines, p_mine, float(p_mine))

# %% [markdown]
# ## The size of the game tree
#
# A 2-player game: the deck (24 of 48, in order) is chance; then each round every king claims
# one of the remaining dominoes of the line and every domino is placed. A rough count of the
# distinct plays, using the measured average number of legal placements per turn:

# %%
def mean_branching(games: int = 200, seed: int = 3) -> float:
    rng = random.Random(seed)
    counts = []
    for _ in range(games):
        k = Kingdom()
        for d in rng.sample(DOMINOES, 12):
            moves = k.legal_placements(d)
            if moves:
                counts.append(len(moves))
                k.place(rng.choice(moves))
    return sum(counts) / len(counts)


b = mean_branching()
deals = math.perm(48, 24)
claims = math.factorial(4) ** 6          # 4 claims per line, 6 lines (upper bound)
placements = b ** 24                      # 24 dominoes placed
print(f"mean legal placements per turn ≈ {b:.1f}")
print(f"deals 10^{math.log10(deals):.0f} × claims 10^{math.log10(claims):.0f} "
      f"× placements 10^{math.log10(placements):.0f}")

# %% [markdown]
# How fast does the tree grow? Below, the number of nodes at each depth of **one kingdom's**
# placement tree: exact for the first three dominoes of one deal (every legal placement
# enumerated), and estimated further down as the product of the mean number of legal
# placements at each turn. On a log scale, steady growth is a straight line.

# %%
# NBVAL_IGNORE_OUTPUT
def branching_by_turn(games=200, seed=3):
    rng = random.Random(seed)
    counts = [[] for _ in range(12)]
    for _ in range(games):
        k = Kingdom()
        for turn, d in enumerate(rng.sample(DOMINOES, 12)):
            moves = k.legal_placements(d)
            if moves:
                counts[turn].append(len(moves))
                k.place(rng.choice(moves))
    return [sum(c) / len(c) for c in counts]


def exact_nodes(sequence, depth):
    """Nodes at each depth 0..depth of the placement tree of one fixed order of dominoes."""
    level, sizes = [Kingdom()], [1]
    for d in sequence[:depth]:
        nxt = []
        for k in level:
            for p in k.legal_placements(d):
                child = k.copy()
                child.place(p)
                nxt.append(child)
        level = nxt
        sizes.append(len(level))
    return sizes


means = branching_by_turn()
estimated = [math.prod(means[:t]) for t in range(13)]
exact = exact_nodes(random.Random(5).sample(DOMINOES, 3), 3)
fig, ax = plt.subplots(figsize=(6, 3))
ax.plot(range(13), estimated, marker="o", color="#1a6ad1", label="estimated (mean branching)")
ax.plot(range(len(exact)), exact, marker="s", linestyle="none", color="#c62828",
        label="exact (one deal)")
ax.set_yscale("log")
ax.set_xlabel("dominoes placed (depth)")
ax.set_ylabel("nodes at this depth")
ax.legend(loc="upper left")
show(fig, alt=f"Nodes per depth of one kingdom's placement tree on a log scale: a curve "
              f"rising steeply from 1, then flattening, to about "
              f"10^{math.log10(estimated[-1]):.0f} after 12 dominoes; the exact counts of the "
              f"first three depths ({', '.join(map(str, exact))}) lie close to it.")

# %% [markdown]
# *Figure 2 · Nodes at each depth of one kingdom's placement tree, log scale. The first
# dominoes multiply the tree by about 20 each; as the kingdom fills up the choices shrink to 2
# or 3 and the curve flattens — yet it ends near 10^10, and that is one player's placements
# only: the claims and the other players multiply it again.*
#
# Far too many to search: that is why notebook 04 uses a constraint solver for a single
# kingdom, and notebook 06 uses simulation for whole games.
#
# ## Exercises
#
# Fill in each blank `...` and run the cell: `check(n, answer)` says *correct* (and why), or
# what is wrong with a hint. Exact answers are best: `Fraction(1, 2)`, `math.comb(48, 4)`.

# %%
from kingdomino_kit.exercises import for_notebook

check = for_notebook("03_counting")

# %% [markdown]
# **1.** How many positions does a domino have on the 7 × 7 board of the Mighty Duel?

# %% tags=["solution"]
answer_1 = 2 * 7 * 6  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** How many castle cells, up to symmetry, on the 7 × 7 board? Use Burnside: the identity
# fixes 49 cells, each 90° rotation 1 (the centre), the half turn 1, each of the 4 mirrors the
# 7 cells on its axis.

# %% tags=["solution"]
answer_2 = Fraction(49 + 1 + 1 + 1 + 4 * 7, 8)  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** What is the chance that domino 48 is **not** played in a 2-player game, and the chance
# that it **is** played in a 3-player game? Give both as a pair `(a, b)`.

# %% tags=["solution"]
answer_3 = (Fraction(1, 2), Fraction(3, 4))  # SOLUTION

check(3, answer_3)

# %% [markdown]
# **4.** Tilings of a 3 × 3 square with its centre removed (a ring of 8 cells): how many?

# %% tags=["solution"]
answer_4 = 2  # SOLUTION

check(4, answer_4)

# %% [markdown]
# **5.** Write `positions(rows, cols)`: the number of domino positions on a board of `rows` ×
# `cols` cells, by a formula (no loops over cells). The checker compares it with an
# enumeration for every board from 1 × 1 to 8 × 8.

# %% tags=["solution"]
def positions(rows, cols):
    # BEGIN SOLUTION
    return rows * (cols - 1) + cols * (rows - 1)
    # END SOLUTION


check(5, positions)

# %% [markdown]
# **6.** The first line of a 4-player game shows 4 dominoes. What is the chance that at least
# one of them is a double (both halves of one terrain, `d.is_double`)? The catalogue's doubles
# were counted above.

# %% tags=["solution"]
doubles = sum(d.is_double for d in DOMINOES)
answer_6 = 1 - Fraction(math.comb(48 - doubles, 4), math.comb(48, 4))  # SOLUTION

check(6, answer_6)

# %%
check.summary()
