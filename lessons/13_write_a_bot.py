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
# # 13 · Write a bot, enter the league
#
# A bot is a function: it sees what its player may see, gets the legal actions, and returns
# one of them. This notebook shows what a bot receives, plays one, runs a small **league** —
# bots as separate programs, each in a process of its own with a time budget and a memory
# ceiling — and explains how the league ranks them: intervals, paired deals, rotating seats.
# Then it is your turn: a bot that beats `random`, and one that beats `greedy`.

# %%
import json
import tempfile
from pathlib import Path

import pandas as pd

from kingdomino_kit.bots import make_bot
from kingdomino_kit.game import Game, GameOptions, play
from kingdomino_kit.league.league import run_league
from kingdomino_kit.league.process import Limits
from kingdomino_kit.league.protocol import decide_message
from kingdomino_kit.league.state import actions_json, observation_json

# %% [markdown]
# ## What a bot receives
#
# In a league each decision travels as **one line of JSON**: the observation (every kingdom,
# the line of dominoes and who claimed them, the kings' order, the dominoes still to place, the
# discards, how many dominoes are still face down — never their order), the legal actions with
# their indices, and the seconds left. The bot answers with one line: an index, or a text
# command in the style of CodinGame's Kingdomino arena — `PICK 7`, `PUT x y r`, `DISCARD`.
# (The whole protocol, with its handshake, is `docs/protocol.md`.) Here is the first decision
# of a two-player game, shortened:

# %%
game = Game(GameOptions(players=2), seed=3)
actions = game.legal_actions()
line = decide_message(0, 1.0, observation_json(game.observation()), actions_json(actions))
message = json.loads(line)
print(f"{len(line)} bytes; fields: {', '.join(message)}")
print("line of dominoes:", message["observation"]["line"])
print("actions:", message["actions"])

# %% [markdown]
# Cells are castle-relative: the castle is at row 0, column 0, rows grow downwards. In
# `PUT x y r`, `x` is the **column** and `y` the **row** of the domino's first half, and `r`
# says where its second half lies: 0 right, 1 down, 2 left, 3 up. A placement later in the
# same game:

# %%
while game.phase.value != "place":
    game.apply(game.legal_actions()[0])
for listed in actions_json(game.legal_actions())[:3]:
    print(listed)

# %% [markdown]
# ## A first bot
#
# In Python a bot is `choose(observation, actions)`: the observation arrives as the kit's own
# `Observation` (its `kingdoms`, `line`, `player`, …) and the actions as the kit's `Claim`,
# `Placement` and `Discard` values. This one always takes the first action listed — the
# lowest-numbered free domino, the first placement found. It plays in a notebook like any bot:

# %%
def first_action(observation, actions):
    return actions[0]


finished = play([first_action, make_bot("greedy", 1)], GameOptions(players=2), seed=5)
print("scores:", finished.scores())

# %% [markdown]
# ## A small league
#
# In a league the bots are **files**: a Python file defining `choose`, or any program that
# speaks the protocol. Each runs in a process of its own, in a folder of its own, with a time
# budget per decision and a memory ceiling set by the operating system. A bot that runs out of
# time, crashes, answers nonsense or plays an illegal action forfeits that decision (the first
# legal action is played for it) and gets a strike; at three strikes it is out of that game.
# The others never notice. The kit's own bots take part by name.
#
# The same league runs from a terminal:
# `kingdomino-kit league greedy random first_action.py --games 12 --out results/`.

# %%
folder = Path(tempfile.mkdtemp())
bot_file = folder / "first_action.py"
bot_file.write_text("def choose(observation, actions):\n    return actions[0]\n")
league = run_league(["greedy", "random", str(bot_file)], 12, GameOptions(players=2),
                    out=folder / "results", seed=7, limits=Limits(time_per_move=2))
table = pd.DataFrame(league.table()).set_index("bot")
table[["seats", "mean_score", "mean_score_ci", "win_share", "win_share_ci", "rating",
       "rating_low", "rating_high", "forfeits"]]

# %% [markdown]
# ## How a league ranks
#
# - **Rotating seats.** Three bots at a two-player table make 3 pairs, each played in both
#   seatings: 6 line-ups. The first seat claims first in round 0 and the seats see the deal
#   differently; rotating the seats gives every bot every seat equally.
# - **Paired deals.** The games come in *blocks*: every line-up of a block is dealt the very
#   same dominoes. A bot is never lucky with its deal against another; the differences left
#   are the bots' own.
# - **Intervals.** The block is the unit that is independent, so every mean — score, margin,
#   win share — is averaged per block first, then given with ± 1.96 standard errors over the
#   blocks: a 95 % interval. The rating is a Bradley–Terry fit of every pairwise result on the
#   Elo scale, its interval by resampling blocks.
# - **A beats B.** For every two bots, the share of their meetings where A finished ahead, with
#   its interval over blocks. A *beats* B only when the interval's **lower** bound is above one
#   half: "more often than not" with 95 % confidence, not by luck of a few games.

# %%
pairs = pd.DataFrame(league.pairwise())
pairs[["a", "b", "meetings", "blocks", "share", "low", "high", "a_beats_b"]]

# %% [markdown]
# ## What a slow bot and a crashing bot cost
#
# Two more files: one thinks far longer than its 0.2 s, one dies at its first decision.
# Each costs only itself: its decisions are forfeited (the first legal action is played for
# it), each forfeit is logged, and at three strikes — at once for a crash — it is out of that
# game. Its opponent plays on as usual.

# %%
slow_file = folder / "slow.py"
slow_file.write_text("import time\n\ndef choose(observation, actions):\n"
                     "    time.sleep(60)\n    return actions[0]\n")
crash_file = folder / "crash.py"
crash_file.write_text("import os\n\ndef choose(observation, actions):\n    os._exit(3)\n")
rough = run_league(["random", str(slow_file), str(crash_file)], 6, GameOptions(players=2),
                   out=folder / "rough", seed=7, limits=Limits(time_per_move=0.2))
print(pd.DataFrame(rough.table()).set_index("bot")[["mean_score", "strikes", "forfeits",
                                                    "games_out"]])
pd.DataFrame(rough.events())[["game", "bot", "decision", "kind", "detail"]].head(8)

# %% [markdown]
# Every game's log is in `results/logs/` (`kingdomino-kit replay` re-checks it), every
# forfeited decision in `results/events.csv`, and each bot file gets a Gradescope and a
# PrairieLearn `results.json` in `results/gradescope/` and `results/prairielearn/`.

# %% [markdown]
# ## Exercises
#
# Fill in each blank `...` and run the cell: `check(n, answer)` says *correct* (and why), or
# what is wrong with a hint. The bots of exercises 4 and 5 are played by the checker on paired
# deals; it says how often they won and with what confidence.

# %%
import statistics  # noqa: F401 — for an answer: statistics.mean, statistics.stdev

from kingdomino_kit.exercises import for_notebook

check = for_notebook("13_write_a_bot")

# %% [markdown]
# **1.** A placement puts the domino's first half at row 1, column 0 and its second half at
# row 1, column −1. What is its text command?

# %% tags=["solution"]
answer_1 = "PUT 0 1 2"  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** A class enters 5 bots in a two-player league. How many line-ups does one block of
# paired deals have, every pair in both seatings?

# %% tags=["solution"]
answer_2 = 5 * 4  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** Over ten blocks, bot A's share against bot B was, block by block:
# 1, ½, 1, ½, 1, 0, 1, ½, 1, ½. What is the **lower** bound of the 95 % interval of its share
# (mean − 1.96 standard errors, the standard deviation with n − 1)? Does A beat B?

# %% tags=["solution"]
shares = [1, 0.5, 1, 0.5, 1, 0, 1, 0.5, 1, 0.5]
answer_3 = statistics.mean(shares) - 1.96 * statistics.stdev(shares) / 10 ** 0.5  # SOLUTION

check(3, answer_3)

# %% [markdown]
# **4.** Write `beats_random(observation, actions)`: a bot that beats `random` more often than
# not.

# %% tags=["solution"]
def beats_random(observation, actions):
    # BEGIN SOLUTION
    mine = observation.kingdoms[observation.player]
    claims = [a for a in actions if hasattr(a, "domino") and not hasattr(a, "first")]
    if len(claims) == len(actions):
        return max(claims, key=lambda a: a.domino.number)

    def after(action):
        if not hasattr(action, "first"):
            return -1
        trial = mine.copy()
        trial.place(action)
        return trial.score()

    return max(actions, key=after)
    # END SOLUTION


check(4, beats_random)

# %% [markdown]
# **5.** Write `beats_greedy(observation, actions)`: a bot that beats `greedy` more often than
# not. (The checker plays it on 8 paired deals, 16 games: a cell that may take a minute.)

# %% tags=["solution"]
def beats_greedy(observation, actions):
    # BEGIN SOLUTION
    # a fresh Monte Carlo bot for each decision: the same seed, so the same games wherever the
    # bot is played (one bot kept between calls plays on from wherever its random draws stand)
    return make_bot("mce:steps=300", 1).choose(observation, actions)
    # END SOLUTION


check(5, beats_greedy)

# %%
check.summary()
