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
# # 11 · Game trees: the endgame of Kingdomino solved exactly
#
# Near the end of a game of Kingdomino nothing is left to chance: the last line of dominoes is
# on the table, and from then on the rest of the game is a **game tree** — positions, moves,
# and ends with scores. This notebook draws the end of a real game as a tree, solves a last
# round by hand with **minimax**, counts the nodes, measures what **alpha-beta** and **move
# ordering** save, and compares two ways of playing with 4 players: **max-n** (everyone for
# themselves) and **paranoid** (everyone against you).

# %%
from kingdomino_kit.exercises.game_trees import four_player_end, last_round, tree_size
from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.game.coach import action_json, move_text
from kingdomino_kit.game.endgame import move_values, no_chance_left, points, position, solve

game = last_round(6)
print(game, "| legal actions:", len(game.legal_actions()))
for p, k in enumerate(game.kingdoms):
    print(f"player {p}: {k.total()} points\n{k.to_text()}\n")

# %% [markdown]
# ## The end of a game as a tree
#
# A node is a position; its children are the positions after each legal action. With 2
# players we give each end the **margin** of player 0 (their score minus player 1's): player
# 0 picks the child with the highest value, player 1 the lowest. Here are the first two levels
# of the tree, each child valued by the exact solver.

# %%
def draw(game: Game, depth: int = 2, indent: str = "") -> None:
    sign = 1 if game.current_player == 0 else -1  # values are the mover's: back to player 0
    for option in move_values(game):
        move = move_text(action_json(option.action))
        print(f"{indent}player {game.current_player}: {move} → margin "
              f"{points(sign * option.value):+d}")
        child = game.copy()
        child.apply(option.action)
        if depth > 1 and not child.is_over:
            draw(child, depth - 1, indent + "    ")


draw(last_round(6, placed=1), depth=2)

# %% [markdown]
# ## Minimax by hand
#
# Minimax is three lines of recursion: at an end, the value; else the best child for the
# player to move. Written on the game itself — copies and legal actions, nothing clever:

# %%
def minimax(game: Game) -> int:
    if game.is_over:
        s = game.scores()
        return s[0] - s[1]
    values = []
    for action in game.legal_actions():
        child = game.copy()
        child.apply(action)
        values.append(minimax(child))
    return max(values) if game.current_player == 0 else min(values)


print("minimax:", minimax(last_round(6)), "| the solver:", points(solve(last_round(6)).value))

# %% [markdown]
# ## Counting nodes
#
# Every position of the tree once: the root, then each child's tree. A last round of 2
# players has 4 placements; the tree multiplies their counts.

# %%
for placed in (3, 2, 1):
    print(f"{4 - placed} placements left: {tree_size(last_round(6, placed=placed))} positions")

# %% [markdown]
# ## Alpha-beta and move ordering, measured
#
# Alpha-beta keeps a window (α, β) of values that still matter: once a child proves that the
# player to move can do at least β, the parent will never allow this line — the other
# children need not be searched. The better the first child, the more is cut: **move
# ordering** tries the likeliest best first (here: the placement that scores most at once).
# The solver also remembers positions it has seen (a transposition table) and bounds each
# player's final score by the dominoes that can still reach them.

# %%
endgame = Game(GameOptions(players=2), seed=3)
while not no_chance_left(endgame.observation()):
    endgame.apply(endgame.legal_actions()[0])
for ordering in (False, True):
    tree, state = position(endgame)
    tree.ordering = ordering
    value = tree.alphabeta(state, -(1 << 62), 1 << 62)
    print(f"move ordering {'on ' if ordering else 'off'}: {tree.nodes:6d} nodes, "
          f"margin {points(value):+d}")

# %% [markdown]
# ## Why the sorted last line removes chance
#
# Each line is dealt **sorted by number**, so the order of the deck inside a line does not
# matter. With 4 players all 48 dominoes are played: once line 10 is on the table, 44 have
# been seen and the 4 left are the last line — known before it is drawn. With 3 players (36
# of 48 in play, 12 removed unseen) nobody knows which 3 come last until they are drawn.

# %%
for players in (2, 3, 4):
    g = Game(GameOptions(players=players), seed=1)
    while not no_chance_left(g.observation()):
        g.apply(g.legal_actions()[0])
    print(f"{players} players: no chance left from round {g.round} "
          f"(the last line is drawn in round {g.options.rounds - 1})")

# %% [markdown]
# ## Max-n against paranoid, 4 players
#
# With more than 2 players "best" needs a model of the others. **Max-n**: every player
# maximises their own final score. **Paranoid**: the others all play to minimise yours — the
# score you can *guarantee*. Paranoid is never above max-n; the gap is what trusting the
# others to be selfish is worth.

# %%
four = four_player_end(13)
maxn = solve(four)
for p in range(4):
    guaranteed = points(solve(four, paranoid=True, player=p).value)
    print(f"player {p}: max-n {maxn.keys[p][0]}, paranoid guarantee {guaranteed}")

# %% [markdown]
# ## Exercises
#
# Fill in each blank `...` and run the cell: `check(n, answer)` says *correct* (and why), or
# what is wrong with a hint.

# %%
from kingdomino_kit.exercises import for_notebook

check = for_notebook("11_game_trees")

# %% [markdown]
# **1.** In `last_round()` (another game than above: 2 players, last round, 2 placements
# made), what is player 0's final margin in points under perfect play? Use `minimax`.

# %% tags=["solution"]
answer_1 = minimax(last_round())  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** How many positions has the whole tree of `last_round(placed=1)` (the root and the
# ends included)? Write the count yourself: one for the node, plus each child's tree.

# %% tags=["solution"]
def count(game: Game) -> int:
    # BEGIN SOLUTION
    if game.is_over:
        return 1
    total = 1
    for action in game.legal_actions():
        child = game.copy()
        child.apply(action)
        total += count(child)
    return total
    # END SOLUTION


answer_2 = count(last_round(placed=1))
check(2, answer_2)

# %% [markdown]
# **3.** With 3 players drawing 4 dominoes a round (`three_player_draw=4`: all 48 in play,
# the domino nobody claims is discarded), from which round on is no chance left? Rounds are
# numbered from 0; reason it out before you try it.

# %% tags=["solution"]
answer_3 = 10  # SOLUTION

check(3, answer_3)

# %% [markdown]
# **4.** In the game `four_player_end` deals (not the one above), take the owner of the **last**
# king in the turn order (`game.owner(game.order[-1])`). How many points above their paranoid
# guarantee is their max-n score?

# %% tags=["solution"]
game4 = four_player_end()  # SOLUTION
last = game4.owner(game4.order[-1])  # SOLUTION
guarantee = points(solve(game4, paranoid=True, player=last).value)  # SOLUTION
answer_4 = solve(game4).keys[last][0] - guarantee  # SOLUTION

check(4, answer_4)

# %% [markdown]
# **5.** In `last_round(7, placed=0)`, how many points of margin does the worst legal move of
# the player to move lose against perfect play? (`move_values` gives each move's cost.)

# %% tags=["solution"]
answer_5 = max(v.cost for v in move_values(last_round(7, placed=0)))  # SOLUTION

check(5, answer_5)

# %%
check.summary()
