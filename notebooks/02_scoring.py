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
from IPython.display import SVG

from kingdomino_kit.render import kingdom_svg

SVG(kingdom_svg(kingdom, highlight=[p for p in kingdom.properties() if p.score]))

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
# **1.** Score this kingdom by hand: fill in the score of each property, then the total.

# %%
exercise = Kingdom.from_text("G2 G  G / C  L1 L / S  S  M2")
print(exercise)

# %%
grassland = 3 * 2   # three squares, two crowns
lake = 2 * 1
swamp = 0           # no crown, no points
mine = 1 * 2
answer_1 = grassland + lake + swamp + mine

# %%
assert answer_1 == exercise.score()

# %% [markdown]
# **2.** A crowned property of 5 squares with 1 crown and an uncrowned one of 4 squares are
# merged by one more square (no crown). What does the merge add?

# %%
answer_2 = (5 + 4 + 1) * 1 - 5 * 1

# %%
apart = Kingdom.from_text("W1 W W W W / C . . . . / . W W W W")
joined = Kingdom.from_text("W1 W W W W / C . . . W / . W W W W")
assert answer_2 == joined.score() - apart.score() == merge_gain(5, 1, 5, 0)

# %% [markdown]
# **3.** Write `count_properties(k)`: the number of properties (crowned or not) — with your own
# flood fill or union-find — and check it on the 300 random kingdoms.

# %%
def count_properties(k: Kingdom) -> int:
    return len(flood_fill_properties(k))


# %%
assert all(count_properties(k) == len(k.properties()) for k in kingdoms)
