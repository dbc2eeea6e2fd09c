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
# # 07 · Kingdoms: gold by rows and columns
#
# Reiner Knizia's *Kingdoms* is played on a 5 × 6 board. Players take turns to put a **castle**
# (rank 1–4) or a **tile** on an empty cell: resources (+1 … +6: the Forest +1, the Village +3,
# the Mill +4, the Watchtower +5 …), hazards (−1 … −6: the Dire Wolves −3, the Orcs −5, the
# Troll −6 …), two mountains, a dragon and a gold mine. The names are those of the 2002 rules the
# kit follows; the 2011 English edition names the tiles otherwise (its Village is +1): the table
# is in `docs/rules/kingdoms.md`. When the board is full, every row and every column is
# scored, and each player gains — or pays — the line's value times the ranks of their castles in
# it. Three epochs; the richest player wins.
#
# This notebook teaches the scoring (a lesson in careful counting), checks the library against a
# scorer written here by hand, counts how mountains cut the board, and solves a "where do my last
# castles go?" puzzle with CP-SAT — and by brute force, to be sure.

# %% [markdown]
# ## The board in text
#
# Five lines of six cells: `.` empty, `+N`/`-N` a resource or hazard, `^` mountain, `D` dragon,
# `$` gold mine, and a castle as a player letter and its rank (`b3`). This board holds the four
# lines the rules (the seed text) explain in their worked example, with white = `a`,
# grey = `b`, black = `c`.

# %%
from kingdomino_kit.kingdoms import Board, score_board

board = Board.from_text("""
+3 b1 -6 c1 a4 a1
.  +4 .  +1 .  .
.  -3 .  -5 .  .
+3 D  a2 ^  +5 b1
.  $  .  a1 .  .
""")
board

# %% [markdown]
# ## Scoring, explained
#
# In each **segment** (a row or column, cut in two by a mountain):
#
# 1. base value = resources − hazards;
# 2. a **dragon** cancels the resources (hazards still count);
# 3. a **gold mine** doubles what is left — cancel first, then double, as the rules' example does;
# 4. each player gains value × the sum of their castle ranks in the segment.
#
# The rules say nothing about a dragon or gold mine *across* a mountain; the library applies
# them within their own segment, which is what the worked example of row 4 shows (the dragon left
# of the mountain cancels the Village there, not the Watchtower, +5, right of it).

# %%
scoring = score_board(board)
print(scoring.explain())

# %% [markdown]
# The seed's numbers: in **row 1** the Village brings 3 and the Troll steals 6, −3, and white has
# ranks 4 + 1 = 5, so white pays 15, grey and black 3 each; in **column 2** the dragon cancels
# the Mill (+4), the Dire Wolves (−3) are doubled by the gold mine: −6 for grey's rank-1 castle.

# %%
(row1,) = scoring.line("row 1")
(column2,) = scoring.line("column 2")
print(row1.value, row1.gold)
print(column2.cancelled, column2.value, column2.gold["b"])

# %% [markdown]
# ## A scorer by hand, and a check
#
# Exactness first: here is the same rule written differently — castle by castle, walking left
# and right (then up and down) until the edge or a mountain — and compared with the library on
# a few hundred random boards.

# %%
import random

from kingdomino_kit.kingdoms import Castle, Tile, castle_supply, tile_set
from kingdomino_kit.kingdoms.board import CELLS


def walk(b, r, c, dr, dc):
    """Pieces from (r, c) (excluded) in one direction until the edge or a mountain."""
    out = []
    r, c = r + dr, c + dc
    while 0 <= r < 5 and 0 <= c < 6 and str(b.at((r, c))) != "^":
        out.append(b.at((r, c)))
        r, c = r + dr, c + dc
    return out


def gold_by_hand(b):
    gold = {p: 0 for p in b.players}
    for (r, c), castle in b.castles():
        for dr, dc in ((0, 1), (1, 0)):
            tiles = [str(t) for t in walk(b, r, c, dr, dc) + walk(b, r, c, -dr, -dc)
                     if isinstance(t, Tile)]
            plus = sum(int(t) for t in tiles if t[0] == "+")
            minus = sum(int(t) for t in tiles if t[0] == "-")
            value = (0 if "D" in tiles else plus) + minus
            gold[castle.player] += castle.rank * value * (2 if "$" in tiles else 1)
    return gold


def random_board(rng):
    pieces = list(tile_set()) + [Castle(p, rank) for p in "abc"
                                 for rank, n in castle_supply(3).items() for _ in range(n)]
    rng.shuffle(pieces)
    cells = rng.sample(CELLS, len(CELLS))
    b = Board()
    for cell, piece in zip(cells, pieces[:30], strict=False):
        b = b.place(cell, piece)
    return b


rng = random.Random(7)
boards = [random_board(rng) for _ in range(300)]
print(all(gold_by_hand(b) == score_board(b).gold for b in boards))

# %% [markdown]
# ## Counting: how do two mountains cut the board?
#
# A board without mountains has 5 rows + 6 columns = 11 segments. A mountain splits its row and
# its column — unless it sits at an end, where it only shortens them. Over all C(30, 2) = 435
# ways to put the two mountains, how many segments are there?

# %%
from collections import Counter
from itertools import combinations
from math import comb

from kingdomino_kit.kingdoms.scoring import segments

MOUNTAIN = Tile.parse("^")
counts = Counter()
for m1, m2 in combinations(CELLS, 2):
    b = Board().place(m1, MOUNTAIN).place(m2, MOUNTAIN)
    counts[len(segments(b))] += 1
print(comb(30, 2), sum(counts.values()))
for n, ways in sorted(counts.items()):
    print(f"{n} segments: {ways:3d} placements")
print("mean:", sum(n * w for n, w in counts.items()) / sum(counts.values()))

# %% [markdown]
# **Exercise.** Explain the maximum by hand: a mountain splits its row into two non-empty parts
# only in columns 2–5, and its column only in rows 2–4.

# %% [markdown]
# ## What is a castle worth here?
#
# On a board in progress, a rank-r castle on an empty cell earns r × (value of its row segment +
# value of its column segment), if the board were scored now. This is what the greedy bot looks
# at.

# %%
from kingdomino_kit.kingdoms.bots import margin_change

middle = Board.from_text("""
+5 .  -2 b2 .  .
.  +3 .  .  -6 .
^  .  D  .  .  b1
.  .  .  +4 .  $
-1 .  .  .  .  .
""")
for r in range(5):
    print(" ".join(
        f"{margin_change(middle, (r, c), Castle('a', 1), 'a', 'ab'):>4}"
        if middle.at((r, c)) is None else "   ·" for c in range(6)))

# %% [markdown]
# ## A castle puzzle, solved twice
#
# The kit's castle puzzles (`puzzles/kingdoms/`) ask where your last
# castles — and the tiles still to come — should go. The number of distinct layouts is a
# multinomial count: choose cells for each kind of piece in turn.

# %%
from kingdomino_kit.kingdoms.puzzles import castle_puzzles

puzzle = castle_puzzles()[2]
print(puzzle.title, "· level", puzzle.level)
print(puzzle.question)
puzzle.problem.board

# %%
problem = puzzle.problem
empty = len(problem.board.empty_cells())
kinds = Counter(str(p) for p in problem.pieces)
layouts, left = 1, empty
for n in kinds.values():
    layouts *= comb(left, n)
    left -= n
print(f"{empty} empty cells, pieces {dict(kinds)}: {layouts} distinct layouts")

# %% [markdown]
# Brute force scores every layout. CP-SAT instead models the choice: a Boolean per (cell, piece
# kind), at most one piece per cell, each piece placed once; each segment's value is a variable
# (the gold mine may still come), and the player's gold is a sum of value × ranks products. Both
# must agree.

# %%
from itertools import permutations

from kingdomino_kit.kingdoms.solver import evaluate, solve_castles


def brute_force(problem):
    cells = problem.board.empty_cells()
    best, seen = None, set()
    for chosen in permutations(cells, len(problem.pieces)):
        key = frozenset(zip(chosen, problem.pieces, strict=True))
        if key in seen:
            continue
        seen.add(key)
        b = problem.board
        for cell, piece in key:
            b = b.place(cell, piece)
        value = evaluate(problem, b)
        best = value if best is None else max(best, value)
    return best, len(seen)


solution = solve_castles(problem)
best, tried = brute_force(problem)
print("CP-SAT:", solution.status, solution.value, "· brute force:", best, "over", tried, "layouts")
solution.board

# %% [markdown]
# ## Playing
#
# A game is seeded and reproducible; its log replays with every rule checked again. The greedy
# bot plays the move that most improves its margin over the best opponent if the board were
# scored now.

# %%
from kingdomino_kit.bots import RandomBot
from kingdomino_kit.kingdoms import KingdomsRules, play_game, replay
from kingdomino_kit.kingdoms.bots import GreedyBot

game = play_game(KingdomsRules(players=3), [GreedyBot(1), RandomBot(2), RandomBot(3)], seed=11)
for epoch in game.epochs:
    print(f"epoch {epoch.epoch} (first: {epoch.first}) won {epoch.won} → gold {epoch.gold}")
print("winners:", game.winners, "· replays clean:", replay(game.to_log()).gold == game.gold)
game.epochs[-1].board

# %% [markdown]
# ## Click to explain
#
# In JupyterLab, click a cell of this board to see its row and column scored, segment by
# segment. `KingdomsTable` plays a whole game against bots by clicks:
# `KingdomsTable(KingdomsRules(players=2), bots=[GreedyBot(1)])`.

# %%
from kingdomino_kit.widgets.kingdoms_board import ScoringBoard

view = ScoringBoard(board, title="Click a cell")
view.click(3, 4)
view

# %% [markdown]
# ## Variants
#
# The rules (`KingdomsRules`) also play the variants of the seed and the 2011 edition:
#
# - `wizard=True` — the 2011 edition's **Wizard** (`W`): each castle orthogonally next to it
#   counts one rank higher in both its lines;
# - `until_last_castle=True` — the game ends after the epoch in which a player placed their last
#   castle (at most `max_epochs`), and empty cells are ignored when a line is scored;
# - `open_tiles=True` — every tile face up: no luck, no secret tile;
# - `score_as_you_go=True` — each row and column is scored as soon as it is full.

# %%
rules = KingdomsRules(players=2, wizard=True, open_tiles=True)
game = play_game(rules, [GreedyBot(1), GreedyBot(2)], seed=3)
print(rules)
print("gold:", game.gold, "· winners:", game.winners)

# %% [markdown]
# ## Exercises
#
# Fill in each blank `...` and run the cell: `check(n, answer)` says *correct* (and why), or
# what is wrong with a hint. Lines are named as `explain()` prints them, counted from 1
# ("row 2", "column 2"); cells are (row, column) counted from 0, as everywhere in the kit.

# %%
from kingdomino_kit.exercises import for_notebook

check = for_notebook("07_kingdoms")

practice = Board.from_text("""
+2 a3 -4 .  b2 +6
.  +5 ^  a1 .  -1
b1 .  $  +2 .  .
.  D  .  -2 a2 .
+1 .  .  b3 .  +4
""")
practice

# %% [markdown]
# **1.** If `practice` were scored now, what would white (`a`) gain — or pay, a negative
# number — in **row 2**? By hand first: the mountain cuts the row.

# %% tags=["solution"]
answer_1 = -1 * 1  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** And in **column 2**, where white has a rank-3 castle?

# %% tags=["solution"]
answer_2 = 3 * 0  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** White has a rank-2 castle left. On which empty cell of `practice`, as
# `(row, column)`, does it improve white's margin over grey the most if the board were scored
# now? (`margin_change` is imported above.)

# %% tags=["solution"]
# BEGIN SOLUTION
gains = {cell: margin_change(practice, cell, Castle("a", 2), "a", "ab")
         for cell in practice.empty_cells()}
# END SOLUTION
answer_3 = max(gains, key=gains.get)  # SOLUTION

check(3, answer_3)

# %% [markdown]
# **4.** A board holds **one** mountain. On how many of its 30 cells does it split *both* its
# row and its column into two non-empty parts (13 segments instead of 11)? Count by hand.

# %% tags=["solution"]
answer_4 = 4 * 3  # SOLUTION

check(4, answer_4)

# %% [markdown]
# **5.** The Wizard variant: here is the worked example's board with the Wizard (`W`) just
# below white's rank-4 castle. What is white's gold after scoring? (White's gold on the board
# without the Wizard is in the explanation at the top of this notebook.)

# %%
wizard_board = Board.from_text("""
+3 b1 -6 c1 a4 a1
.  +4 .  +1 W  .
.  -3 .  -5 .  .
+3 D  a2 ^  +5 b1
.  $  .  a1 .  .
""", wizard=True)
wizard_board

# %% tags=["solution"]
answer_5 = -7 - 3 + 5  # SOLUTION

check(5, answer_5)

# %% [markdown]
# **6.** How many distinct layouts does puzzle `k01` (`castle_puzzles()[0]`) have — its
# castles on its empty cells, castles of one rank being alike?

# %%
first_puzzle = castle_puzzles()[0]
print(first_puzzle.question)
print(first_puzzle.problem.board)
print(first_puzzle.problem.pieces)

# %% tags=["solution"]
answer_6 = 6 * comb(5, 2)  # SOLUTION

check(6, answer_6)

# %% [markdown]
# **7.** *Score as you go* (`score_as_you_go=True`): a row or a column is scored the moment it
# is full, and not again at the end of the epoch. In `practice`, black (`b`) puts a rank-2
# castle on the last empty cell of row 1, `(0, 3)`. How much gold does black get at once?

# %% tags=["solution"]
answer_7 = (2 + 2) * (2 - 4 + 6)  # SOLUTION

check(7, answer_7)

# %%
check.summary()

# %% [markdown]
# ## To try
#
# - Find a board where moving the gold mine across a mountain changes a player's gold.
# - Brute-force puzzle `k01`: how many of its layouts are optimal?
# - Play 20 games of greedy against random (`play_game`) and count the greedy bot's wins; then
#   again with `KingdomsRules(players=2, until_last_castle=True)`.
