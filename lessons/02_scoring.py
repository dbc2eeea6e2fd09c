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
# # 02 · Scoring: properties are connected components
#
# A **property** is a maximal orthogonally connected set of squares of one terrain. It scores
# *squares × crowns*; no crowns, no points. The castle belongs to no property.
#
# Finding properties is finding the **connected components** of a grid graph. We do it three
# ways — flood fill by hand, union-find by hand, and the library — and check they agree on a
# few hundred random kingdoms. Then we see why *size × crowns* makes merging pay.

# %%
import random

from kingdomino_kit import DOMINOES, Kingdom

kingdom = Kingdom.from_text("""
W  W  F1 F  .
W1 L  L  F  G2
C  L1 M2 M  G
S  S1 W  G  G
.  .  W  W  .
""")
kingdom

# %% [markdown]
# ## Flood fill by hand
#
# Start from an unvisited square, visit every neighbour of the same terrain, repeat until
# nothing new is reached: that is one property. A queue (breadth-first) or a stack
# (depth-first) both work.

# %%
from collections import deque


def flood_fill_properties(k: Kingdom) -> list[tuple[str, int, int]]:
    """(terrain, squares, crowns) of every property, by breadth-first search."""
    squares = dict(k.squares())           # (row, col) -> Half
    seen: set[tuple[int, int]] = set()
    found = []
    for start in sorted(squares):
        if start in seen:
            continue
        terrain = squares[start].terrain
        queue, size, crowns = deque([start]), 0, 0
        seen.add(start)
        while queue:
            r, c = queue.popleft()
            size += 1
            crowns += squares[(r, c)].crowns
            for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nxt in squares and nxt not in seen and squares[nxt].terrain == terrain:
                    seen.add(nxt)
                    queue.append(nxt)
        found.append((terrain.value, size, crowns))
    return sorted(found)


for terrain, size, crowns in flood_fill_properties(kingdom):
    print(f"{terrain:<10} {size} squares × {crowns} crowns = {size * crowns}")
print("total:", sum(s * c for _, s, c in flood_fill_properties(kingdom)))

# %% [markdown]
# ## Union-find by hand
#
# Union-find keeps a forest of parent pointers: `find(x)` walks up to the root of x's tree,
# `union(a, b)` hangs one root under the other. Join every pair of same-terrain neighbours;
# the roots are then the properties. With *path halving* and *union by size* each operation
# costs almost nothing.

# %%
class UnionFind:
    def __init__(self, items):
        self.parent = {x: x for x in items}
        self.size = {x: 1 for x in items}

    def find(self, x):
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]   # path halving
            x = self.parent[x]
        return x

    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]


def union_find_score(k: Kingdom) -> int:
    squares = dict(k.squares())
    uf = UnionFind(squares)
    for (r, c), half in squares.items():
        for nxt in ((r + 1, c), (r, c + 1)):          # each neighbour pair once
            if nxt in squares and squares[nxt].terrain == half.terrain:
                uf.union((r, c), nxt)
    crowns: dict = {}
    for cell, half in squares.items():
        root = uf.find(cell)
        crowns[root] = crowns.get(root, 0) + half.crowns
    return sum(uf.size[root] * n for root, n in crowns.items())


union_find_score(kingdom), kingdom.score()

# %% [markdown]
# ## The library
#
# `Kingdom.properties()` returns every property (the library stores each terrain as a
# bit mask and floods with bit shifts — the same idea, a few big-integer operations).

# %%
for p in kingdom.properties():
    if p.score:
        print(p.terrain.value, p.squares, p.crowns, p.score)

# %%
from kingdomino_kit.pictures import drawing
from kingdomino_kit.render import kingdom_svg, kingdom_words

scoring = [p for p in kingdom.properties() if p.score]
drawing(kingdom_svg(kingdom, highlight=scoring),
        alt=f"{kingdom_words(kingdom)}. Outlined in red: the {len(scoring)} properties that "
            "score.")

# %% [markdown]
# ## Three methods, one answer
#
# Random legal kingdoms (seeded, so the same every run): place random dominoes at random legal
# spots until 12 are tried.

# %%
def random_kingdom(rng: random.Random) -> Kingdom:
    k = Kingdom()
    for d in rng.sample(DOMINOES, 12):
        moves = k.legal_placements(d)
        if moves:
            k.place(rng.choice(moves))
    return k


rng = random.Random(2)
kingdoms = [random_kingdom(rng) for _ in range(300)]
for k in kingdoms:
    by_hand = sum(s * c for _, s, c in flood_fill_properties(k))
    assert by_hand == union_find_score(k) == k.score()
print("300 kingdoms, three methods agree; mean score",
      round(sum(k.score() for k in kingdoms) / len(kingdoms), 1))

# %% [markdown]
# ## Why size × crowns rewards merging
#
# Two properties of one terrain, *a* squares with *x* crowns and *b* squares with *y* crowns,
# score *ax + by* apart. Joined they score *(a + b)(x + y) = ax + by + ay + bx*: the merge adds
# *ay + bx* — every square of one gets paid by the crowns of the other. That is why the best
# kingdoms grow one or two huge crowned properties rather than many small ones.

# %%
def merge_gain(a, x, b, y):
    return (a + b) * (x + y) - (a * x + b * y)


merge_gain(3, 1, 4, 2)

# %% [markdown]
# ## Exercises
#
# Fill in each blank `...` and run the cell: `check(n, answer)` says *correct* (and why), or
# what is wrong with a hint. Exercises 3–5 ask for a function; the checker runs it on 200
# random kingdoms and shows the first one where it goes wrong.

# %%
from kingdomino_kit.exercises import for_notebook

check = for_notebook("02_scoring")

# %% [markdown]
# **1.** Score this kingdom by hand: the score of each property, then the total.

# %%
exercise = Kingdom.from_text("G2 G  G / C  L1 L / S  S  M2")
print(exercise)

# %% tags=["solution"]
answer_1 = 3 * 2 + 2 * 1 + 0 + 1 * 2  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** A crowned property of 5 squares with 1 crown and an uncrowned one of 4 squares are
# merged by one more square (no crown). What does the merge add to the score?

# %%
apart = Kingdom.from_text("W1 W W W W / C . . . . / . W W W W")
joined = Kingdom.from_text("W1 W W W W / C . . . W / . W W W W")
print(apart, "", joined, sep="\n")

# %% tags=["solution"]
answer_2 = (5 + 4 + 1) * 1 - 5 * 1  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** Write `crowned_properties(k)`: how many properties of `k` have at least one crown.

# %% tags=["solution"]
def crowned_properties(k):
    # BEGIN SOLUTION
    return sum(1 for _, _, crowns in flood_fill_properties(k) if crowns > 0)
    # END SOLUTION


check(3, crowned_properties)

# %% [markdown]
# **4.** Write `largest_property(k)`: the number of squares of the largest property, crowned or
# not (0 for the castle alone) — with a flood fill of your own or with union-find.

# %% tags=["solution"]
def largest_property(k):
    # BEGIN SOLUTION
    uf = UnionFind(dict(k.squares()))
    squares = dict(k.squares())
    for (r, c), half in squares.items():
        for nxt in ((r + 1, c), (r, c + 1)):
            if nxt in squares and squares[nxt].terrain == half.terrain:
                uf.union((r, c), nxt)
    return max((uf.size[uf.find(x)] for x in squares), default=0)
    # END SOLUTION


check(4, largest_property)

# %% [markdown]
# **5.** A variant rule: squares of one terrain that touch only at a corner also belong to one
# property. Write `diagonal_score(k)`, the score under that rule. (Start from
# `flood_fill_properties` and change which neighbours it visits.)

# %% tags=["solution"]
def diagonal_score(k):
    # BEGIN SOLUTION
    squares = dict(k.squares())
    seen, total = set(), 0
    for start in squares:
        if start in seen:
            continue
        seen.add(start)
        stack, size, crowns = [start], 0, 0
        while stack:
            r, c = stack.pop()
            size += 1
            crowns += squares[(r, c)].crowns
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    nxt = (r + dr, c + dc)
                    if nxt in squares and nxt not in seen and \
                            squares[nxt].terrain == squares[start].terrain:
                        seen.add(nxt)
                        stack.append(nxt)
        total += size * crowns
    return total
    # END SOLUTION


check(5, diagonal_score)

# %%
check.summary()
