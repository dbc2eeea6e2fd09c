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
# # 06 · Analysing the game with pandas
#
# A whole game is far too big to solve (notebook 03), but we can **play many games** between
# bots and look at the numbers: how scores are spread, what each domino number is worth,
# whether it pays to pick first, what the bonuses change. The games come as a **pandas
# DataFrame**, one row per game and player, so every question is a group-by. And two questions
# only this kit can answer, because its solver *proves* optimal kingdoms: how good is the best
# kingdom of a random hand, and how many points does a greedy player leave on the table?
#
# Every game is seeded, so this notebook gives the same figures on every run.

# %%
# %matplotlib inline
import matplotlib.pyplot as plt
import pandas as pd

from kingdomino_kit.analysis import (
    domino_table,
    domino_values,
    first_pick,
    simulate_claims,
    simulate_frame,
    summary,
)
from kingdomino_kit.analysis.stored import greedy_gaps, random_hands
from kingdomino_kit.game import GameOptions

# %% [markdown]
# ## One game, played by you — and the best you could have done
#
# Before the statistics, play one game yourself against the greedy bot: claim a domino of the
# line by clicking it, place it on your board (rotate, then click a cell marked with a dot).
# When the game is over, run the cell after the table: the solver rearranges the very dominoes
# you took and **proves** the best kingdom they could have made, drawn beside yours.
# %%
from kingdomino_kit.game.hindsight import hindsight
from kingdomino_kit.pictures import figure
from kingdomino_kit.rules import Rules
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
print(result.words())

# %% [markdown]
# Both kingdoms side by side (when several layouts reach the best score, which one the solver
# draws may differ from run to run; the score does not):

# %% tags=["nbval-ignore-output"]
result

# %% [markdown]
# The gap is what drafting costs: you must place each domino when you get it, without knowing
# what comes next. The statistics below measure the same game played many times.

# %% [markdown]
# ## Games as a table
#
# `simulate_frame` plays seeded games between named bots — `random` picks any legal action,
# `greedy` the domino and placement that add the most points now — and answers a DataFrame
# with typed columns, one row per game and player.
#
# **How many games.** This notebook plays a few thousand so that it runs in seconds. The full
# study is `GAMES = 100_000`: a few minutes on two cores, with `client` set to a Dask client
# (`from dask.distributed import Client; client = Client()` starts a cluster on this machine
# and shows the link to its dashboard). The rows are the same whatever runs them: only the
# waiting changes.

# %%
GAMES = 2_000      # random 4-player games (100_000 for the full study)
DUELS = 60         # 2-player games, greedy against random
MIRRORS = 40       # 2-player games, greedy against greedy
client = None      # or a dask.distributed.Client: the same rows, on every core

games = simulate_frame(GAMES, "random", GameOptions(players=4), seed=1, client=client)
print(games.shape)
games.head(8).drop(columns="seed")  # each game's seed too: games["seed"]

# %%
games.dtypes.astype(str).to_frame("dtype")

# %% [markdown]
# A **tidy summary** is one row per group: how many rows, the mean, and a 95 % interval for
# the mean (mean ± 1.96 standard errors; for a yes/no column such as `winner`, Wilson's
# interval for a share). Does the seat matter? All four players are the same random bot:

# %%
summary(games, "player", "score").round(2)

# %%
summary(games, "player", "winner").round(3)

# %% [markdown]
# The intervals overlap: no seat is better — as expected, since the first round's order is
# drawn at random. Greedy against random is another story:

# %%
duels = simulate_claims(DUELS, "greedy,random", GameOptions(players=2), seed=1, client=client)
seats = duels.drop_duplicates(["game", "player"])  # one claims row per seat carries its score
summary(seats, "bot", "score").round(2)

# %%
fig, ax = plt.subplots(figsize=(6, 3))
for bot, part in seats.groupby("bot", observed=True):
    ax.hist(part["score"], bins=range(0, 100, 5), alpha=0.6, label=bot)
ax.set_xlabel("final score")
ax.set_ylabel("players")
ax.legend()
ax.set_title(f"{DUELS} two-player games, greedy against random")
means = seats.groupby("bot", observed=True)["score"].mean()
figure(fig, alt=f"Histogram of the final scores in {DUELS} two-player games, one colour per "
                f"bot: greedy's scores gather near {means['greedy']:.0f} points, random's near "
                f"{means['random']:.0f}.")

# %% [markdown]
# ## The value of each domino number
#
# The numbers on the backs sort the dominoes by value: the line is laid out lowest first, and
# claiming a high number means acting *later* next round. Is a high number worth it?
# `simulate_claims` plays the same kind of games and records who claimed which domino, with the
# claimer's final score. A domino's **value** is its owners' mean score minus everybody's.

# %%
CLAIM_GAMES = 400  # random 4-player games: all 48 dominoes are claimed in each

claims = simulate_claims(CLAIM_GAMES, "random", GameOptions(players=4), seed=1, client=client)
values = domino_values(claims)
mean_score = claims.drop_duplicates(["game", "player"])["score"].mean()
print(f"{len(claims)} claims, mean score {mean_score:.1f}")
values.sort_values("value", ascending=False).head(5).round(2)

# %%
fig, ax = plt.subplots(figsize=(7, 3))
ax.bar(values["domino"], values["value"],
       yerr=[values["value"] - values["low"], values["high"] - values["value"]],
       color=["#b58900" if c else "#93a1a1" for c in values["crowns"]], ecolor="#586e75")
ax.set_xlabel("domino number")
ax.set_ylabel("owner's score − mean")
ax.set_title("What a domino is worth to its owner (random bots; gold: crowned; 95 % intervals)")
figure(fig, alt="Bar chart of what each domino, numbered 1 to 48, is worth to its owner: the "
                "owner's final score minus the mean score, with 95 % intervals; crowned "
                "dominoes in gold, the others in grey.")

# %% [markdown]
# Group the dominoes by their crowns: a join with the table of the 48 dominoes, then a
# group-by.

# %%
by_crowns = claims.merge(domino_table()[["domino", "crowns"]], on="domino")
summary(by_crowns, "crowns", "score").round(2)

# %% [markdown]
# ## Is it good to pick first?
#
# In the first round the turn order is random; afterwards it follows the numbers claimed. Does
# the player of the game's first claim win more often than the fair share?

# %%
first_pick(claims).round(3)

# %% [markdown]
# Random bots waste the first pick: their share is the fair one. Between greedy and random the
# question is moot (greedy wins whoever starts), so ask it of two greedy bots:

# %%
mirrors = simulate_claims(MIRRORS, "greedy", GameOptions(players=2), seed=1, client=client)
first_pick(mirrors).round(3)

# %% [markdown]
# The interval is wide: over 40 games a share near ½ is known to about ± 0.15 (exercise 5).
# Four times the games halve it.
#
# ## What the bonuses change
#
# The Middle Kingdom (+10 for a centred castle) and Harmony (+5 for a full grid) change the
# score, not the moves of a random bot: with the same seeds the bots play the **same games**,
# and only the scoring differs. So the effect of the bonuses can be read game by game.

# %%
bonus_games = simulate_frame(GAMES, "random",
                             GameOptions(players=4, rules=Rules(middle_kingdom=True, harmony=True)),
                             seed=1, client=client)
same_kingdoms = (bonus_games["properties"] == games["properties"]).all()
print(f"same kingdoms as without the bonuses: {same_kingdoms}")
summary(bonus_games, "bonus", "score").round(2)

# %%
both = pd.concat([games.assign(rules="plain"), bonus_games.assign(rules="bonuses")])
print(summary(both, "rules", "score").round(2).to_string(index=False))
changed = (bonus_games["winner"] != games["winner"]).groupby(games["game"]).any()
print(f"games whose winners change with the bonuses: {changed.mean():.1%}")
summary(bonus_games.assign(got_bonus=bonus_games["bonus"] > 0), "got_bonus", "winner").round(3)

# %% [markdown]
# ## The best kingdom of a random hand
#
# Deal 12 random dominoes — a whole 5×5 kingdom's worth — and ask the solver for the best
# kingdom they make, placed in any order: a **proven optimum**. The kit ships such a table for
# random hands (`solve_many(random_sets(1000, size=5, seed=1))`, made by
# `scripts/make_analysis_data.py`; the same on the command line is
# `kingdomino-kit solve-batch --random 1000 --seed 1 --out optima.parquet`).

# %%
hands = random_hands()
print(f"{len(hands)} hands; status: {hands['status'].value_counts().to_dict()}")
hands["score"].describe().round(1).to_frame().T

# %%
fig, ax = plt.subplots(figsize=(6, 3))
greedy_scores = seats.loc[seats["bot"] == "greedy", "score"]
ax.hist(hands["score"], bins=range(0, 130, 5), density=True, alpha=0.7,
        label="best kingdom of a random hand")
ax.hist(greedy_scores, bins=range(0, 130, 5), density=True, alpha=0.5,
        label="greedy's kingdom in the duels")
ax.set_xlabel("score")
ax.set_ylabel("share per point")
ax.legend()
ax.set_title("Proven best 5×5 kingdoms of random 12-domino hands")
figure(fig, alt=f"Two overlaid histograms of scores: the proven best kingdoms of {len(hands)} "
                f"random 12-domino hands, centred near {hands['score'].mean():.0f} points, and "
                f"greedy's kingdoms in the duels, near {greedy_scores.mean():.0f}.")

# %% [markdown]
# Two ways to a kingdom: the greedy bot *chooses* its dominoes but must place each one at once;
# the solver takes a hand it did not choose and places it with full hindsight.

# %% [markdown]
# ## Greedy's gap: points left on the table
#
# A greedy bot places each domino the moment it gets it. Rearranged freely, how much better
# could **its own dominoes** have done? The solver answers for every seat of seeded 4-player
# games of greedy bots (`greedy_gap(25, "greedy", GameOptions(players=4), seed=1)`, stored
# with the kit: 100 hands to solve take minutes). The game at the top of this notebook is one
# such comparison.

# %%
gaps = greedy_gaps()
print(f"{len(gaps)} seats; status: {gaps['status'].value_counts().to_dict()}")
summary(gaps, "bot", "gap").round(2)

# %%
fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3))
left.hist(gaps["gap"], bins=range(0, int(gaps["gap"].max()) + 5, 2))
left.set_xlabel("optimum − greedy's score")
left.set_ylabel("seats")
right.scatter(gaps["score"], gaps["optimum"], s=10)
top = int(gaps["optimum"].max()) + 5
right.plot([0, top], [0, top], color="#93a1a1")
right.set_xlabel("greedy's score")
right.set_ylabel("best of its dominoes")
fig.suptitle("What greedy placement costs, seat by seat")
figure(fig, alt=f"Left, a histogram of the points greedy left on the table at each of "
                f"{len(gaps)} seats (the optimum of its dominoes minus its score, 0 to "
                f"{gaps['gap'].max():.0f}); right, each seat's best possible score against "
                "greedy's score, every point on or above the diagonal of equal scores.")

# %% [markdown]
# ## How strong are the bots? Strength against thinking time
#
# A Monte Carlo bot (`mce`, the kit's `strong` at its default budget) judges a move by playing
# the game on from it many times. More playouts, better judgement — but how much better, for
# how much time? A **tournament** answers: the same seeded deals, the bot in every seat in
# turn against three `greedy` players, mean score and win share with 95 % intervals. Each
# budget took minutes of playing, so the kit stores the table
# (`scripts/measure_bot_strength.py`; one row is `tournament(["mce:steps=N", "greedy",
# "greedy", "greedy"], 40, GameOptions(players=4, rules=Rules(middle_kingdom=True,
# harmony=True)))`).

# %%
from kingdomino_kit.analysis.stored import bot_strength

strength = bot_strength()
strength[["bot", "steps", "games", "mean_score", "mean_score_ci", "win_share",
          "seconds_per_turn"]]

# %% [markdown]
# The published agents of Gedda, Lagerkvist and Butler (IEEE CIG 2018) played the same setting:
# their greedy player scored 51.4, their Monte Carlo evaluation 59.6 at 1 s a move and 69.2 at
# 10 s (in Java). The kit's CPU seconds are those of one core, in Python:

# %%
published = pd.DataFrame({"seconds_per_turn": [1.0, 10.0], "mean_score": [59.6, 69.2]})
mc = strength[strength["bot"] == "mce"]
fig, ax = plt.subplots(figsize=(6, 3.2))
ax.errorbar(mc["seconds_per_turn"], mc["mean_score"], yerr=mc["mean_score_ci"], marker="o",
            capsize=3, label="kit: mce against three greedy")
ax.plot(published["seconds_per_turn"], published["mean_score"], "s--", color="#cb4b16",
        label="published Monte Carlo evaluation")
greedy_row = strength[strength["bot"] == "greedy"].iloc[0]
ax.axhline(greedy_row["mean_score"], color="#93a1a1", linestyle=":",
           label="kit: greedy against three greedy")
ax.axhline(51.4, color="#cb4b16", linestyle=":", label="published greedy")
ax.set_xscale("log")
ax.set_xlabel("CPU seconds per turn (log scale)")
ax.set_ylabel("mean score")
ax.legend(fontsize=8)
ax.set_title("Strength against time per move, 4 players, both bonuses")
figure(fig, alt=f"Mean score against CPU seconds per turn, on a log scale: the kit's mce bot "
                f"against three greedy, with 95 % intervals, from "
                f"{mc['mean_score'].iloc[0]:.1f} to {mc['mean_score'].iloc[-1]:.1f} points as "
                "its time grows; the published Monte Carlo evaluation, 59.6 at 1 s and 69.2 at "
                f"10 s; flat lines for the kit's greedy ({greedy_row['mean_score']:.1f}) and "
                "the published greedy (51.4).")

# %% [markdown]
# Each doubling of the budget buys a few points, fewer as it grows — the curve the published
# agents drew too. The intervals are wide: 40 games a budget tell budgets apart only when they
# are far apart (the README's table has 200 games at the default budget).

# %% [markdown]
# ## Exercises
#
# Fill in each blank `...` and run the cell: `check(n, answer)` says *correct* (and why), or
# what is wrong with a hint. Exercises 3 and 4 ask for a function of a DataFrame, tried on
# tables of their own.

# %%
from kingdomino_kit.exercises import for_notebook

check = for_notebook("06_analysis")

# %% [markdown]
# **1.** In a 2-player game 24 of the 48 dominoes are played. How many crowns are in play on
# average? (There are 39 crowns in all.) Then compare with the duels above.

# %% tags=["solution"]
answer_1 = 39 * 24 / 48  # SOLUTION

check(1, answer_1)

# %%
crowns_per_game = duels.merge(domino_table()[["domino", "crowns"]], on="domino") \
    .groupby("game")["crowns"].sum()
print(f"measured over {DUELS} games: {crowns_per_game.mean():.2f}")

# %% [markdown]
# **2.** Read the bar chart of the domino values: is the most valuable domino for random bots
# numbered 40 or more? (`True` or `False`; high numbers carry the mines and the double crowns.)

# %% tags=["solution"]
answer_2 = int(values.loc[values["value"].idxmax(), "domino"]) >= 40  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** Write `win_share(frame, bot)`: the share of the rows of `bot` in a table like `games`
# (one row per game and player) whose `winner` is true. One line of pandas; compare with
# `summary(frame, "bot", "winner")`.

# %% tags=["solution"]
def win_share(frame, bot):
    # BEGIN SOLUTION
    return float(frame.loc[frame["bot"] == bot, "winner"].mean())
    # END SOLUTION


check(3, win_share)

# %% [markdown]
# **4.** Write `best_seat(frame)`: the seat (`player` number) with the highest mean `score` in
# a table like `games`. A group-by, then the label of the largest value (`idxmax`).

# %% tags=["solution"]
def best_seat(frame):
    # BEGIN SOLUTION
    return int(frame.groupby("player")["score"].mean().idxmax())
    # END SOLUTION


check(4, best_seat)

# %% [markdown]
# **5.** A share near ½ measured over 40 games has a 95 % interval of about ± 0.15. Compute
# that half-width: 1.96 standard errors of a share *p* over *n* games, where the standard
# error is √(*p*(1 − *p*)/*n*).

# %% tags=["solution"]
answer_5 = 1.96 * (0.5 * 0.5 / 40) ** 0.5  # SOLUTION

check(5, answer_5)

# %%
check.summary()
