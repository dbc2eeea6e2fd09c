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
# # 06 · Analysing the game with simulation
#
# A whole game is far too big to solve (notebook 03), but we can **play many games** between
# bots and look at the numbers: how scores are spread, what each domino number is worth, and
# whether it pays to pick first. Every game is seeded, so this notebook gives the same figures
# on every run.

# %%
# %matplotlib inline
import statistics
from collections import defaultdict

import matplotlib.pyplot as plt

from kingdomino_kit import DOMINOES
from kingdomino_kit.bots import GreedyBot, RandomBot
from kingdomino_kit.game import GameOptions, play
from kingdomino_kit.game.simulate import simulate, summarize

# %% [markdown]
# ## One game, played by you — and the best you could have done
#
# Before the statistics, play one game yourself against the greedy bot: claim a domino of the
# line by clicking it, place it on your board (rotate, then click a green cell). When the game
# is over, run the cell after the table: the solver rearranges the very dominoes you took and
# **proves** the best kingdom they could have made, drawn beside yours.
# %%
from kingdomino_kit.hindsight import hindsight
from kingdomino_kit.widgets import DraftTable

table = DraftTable(players=2, bots=["greedy"], seed=7)
table

# %%
if table.game.is_over:
    result = hindsight(table.game, player=0)
else:
    print(f"Your game is in round {table.game.round}: finish it, then run this cell again. "
          "Meanwhile, here is the same comparison for a game the greedy bot played:")
    watched = DraftTable(players=2, human=None, bots=["greedy"], seed=7)
    watched.play_to_end()
    result = hindsight(watched.game, player=0)
result

# %% [markdown]
# The gap is what drafting costs: you must place each domino when you get it, without knowing
# what comes next. The statistics below measure the same game played many times.

# %% [markdown]
# ## Bots against bots
#
# `simulate` plays seeded games between named bots: `random` picks any legal action, `greedy`
# takes the domino and placement that add the most points now. One row per game and player.

# %%
rows = list(simulate(60, ["greedy", "random"], GameOptions(players=2), seed=6))
for line in summarize(rows):
    print(line)

# %%
scores = defaultdict(list)
for row in rows:
    scores[row["bot"]].append(row["score"])
fig, ax = plt.subplots(figsize=(6, 3))
ax.hist([scores["random"], scores["greedy"]], bins=range(0, 90, 5), label=["random", "greedy"])
ax.set_xlabel("final score")
ax.set_ylabel("players")
ax.legend()
ax.set_title("60 two-player games, greedy against random")
plt.show()

# %% [markdown]
# ## The value of each domino number
#
# The numbers on the backs sort the dominoes by value: the line is laid out lowest first, and
# claiming a high number means acting *later* next round. Is a high number worth it? Play 400
# four-player games between random bots, note who claimed each domino, and compare the final
# score of its owner with the average.

# %%
games = [play([RandomBot(4 * s + i) for i in range(4)], GameOptions(players=4), seed=s)
         for s in range(400)]
mean_score = statistics.mean(score for g in games for score in g.scores())
owner_scores = defaultdict(list)
for g in games:
    log = g.log()
    for rnd in log["rounds"]:
        for turn in rnd["turns"]:
            if turn["pick"] is not None:
                owner_scores[turn["pick"]].append(g.scores()[turn["player"]])
value = {n: statistics.mean(owner_scores[n]) - mean_score for n in range(1, 49)}
print(f"mean score {mean_score:.1f}")
print("best five: ", sorted(value, key=value.get, reverse=True)[:5])
print("worst five:", sorted(value, key=value.get)[:5])

# %%
fig, ax = plt.subplots(figsize=(7, 3))
ax.bar(list(value), [value[n] for n in value],
       color=["#b58900" if DOMINOES[n - 1].crowns else "#93a1a1" for n in value])
ax.set_xlabel("domino number")
ax.set_ylabel("owner's score − mean")
ax.set_title("What a domino is worth to its owner (random bots; gold: crowned)")
plt.show()

# %% [markdown]
# ## Is it good to pick first?
#
# In the first round the turn order is random; afterwards it follows the numbers claimed. Does
# the player who picks first in round one win more often? With 2 players each has two kings,
# so look at the player of the first pick.

# %%
def first_pick_share(games):
    first_wins = 0.0
    for g in games:
        log = g.log()
        first = log["rounds"][0]["turns"][0]["player"]
        winners = log["winners"]
        if first in winners:
            first_wins += 1 / len(winners)
    return first_wins / len(games)


random_duels = [play([RandomBot(2 * s), RandomBot(2 * s + 1)], GameOptions(players=2), seed=s)
                for s in range(600)]
greedy_duels = [play([GreedyBot(2 * s), GreedyBot(2 * s + 1)], GameOptions(players=2), seed=s)
                for s in range(40)]
print(f"random bots: first picker wins {first_pick_share(random_duels):.3f} of 600 games")
print(f"greedy bots: first picker wins {first_pick_share(greedy_duels):.3f} of 40 games")

# %% [markdown]
# Random bots waste the first pick; greedy bots take the best domino with it. 40 games is a
# small sample — a 95 % interval for a share near ½ is about ± 0.15 — so run more games (and
# use `simulate(..., workers=2)`) before drawing conclusions.
#
# ## Exercises
#
# Fill in each blank `...` and run the cell: `check(n, answer)` says *correct* (and why), or
# what is wrong with a hint. Exercises 3 and 4 ask for a function, tried on games of its own.

# %%
from kingdomino_kit.exercises import for_notebook

check = for_notebook("06_analysis")

# %% [markdown]
# **1.** In a 2-player game 24 of the 48 dominoes are played. How many crowns are in play on
# average? (There are 39 crowns in all.) Then compare with the 600 random duels above.

# %% tags=["solution"]
answer_1 = 39 * 24 / 48  # SOLUTION

check(1, answer_1)

# %%
crowns_in_play = [sum(DOMINOES[n - 1].crowns for rnd in g.log()["rounds"] for n in rnd["line"])
                  for g in random_duels]
print(f"measured over 600 games: {statistics.mean(crowns_in_play):.2f}")

# %% [markdown]
# **2.** Read the bar chart of the domino values: is the most valuable domino for random bots
# numbered 40 or more? (`True` or `False`; high numbers carry the mines and the double crowns.)

# %% tags=["solution"]
answer_2 = max(value, key=value.get) >= 40  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** Write `win_share(rows, bot)`: the share of the games in `rows` (rows as `simulate`
# returns them, one per game and player) that `bot` won. The `winner` column holds 1, 0, or a
# player's share of a tie. Compare with `summarize(rows)` above.

# %% tags=["solution"]
def win_share(rows, bot):
    # BEGIN SOLUTION
    mine = [r for r in rows if r["bot"] == bot]
    return sum(r["winner"] for r in mine) / len(mine)
    # END SOLUTION


check(3, win_share)

# %% [markdown]
# **4.** Write `crowns_of_player(game, player)`: how many crowns the player's kingdom holds at
# the end of a finished `game` (`game.kingdom(player)` is that kingdom).

# %% tags=["solution"]
def crowns_of_player(game, player):
    # BEGIN SOLUTION
    return sum(half.crowns for _, half in game.kingdom(player).squares())
    # END SOLUTION


check(4, crowns_of_player)

# %% [markdown]
# **5.** Above, 40 greedy duels were said to give a 95 % interval of about ± 0.15 for a share
# near ½. Compute that half-width: 1.96 standard errors of a share *p* over *n* games, where
# the standard error is √(*p*(1 − *p*)/*n*).

# %% tags=["solution"]
answer_5 = 1.96 * (0.5 * 0.5 / 40) ** 0.5  # SOLUTION

check(5, answer_5)

# %%
check.summary()
