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
# # 10 · Bots worth beating, and a coach
#
# The kit's bots range from `random` to `strong`, a Monte Carlo player that plays thousands of
# quick games in its head before each move. This notebook pits them against each other in a
# small tournament, then lets you play a game and has the **coach** say what each of your
# decisions cost. Every game and every playout is seeded: the same figures on every run.

# %%
import pandas as pd

from kingdomino_kit.bots import bot_names, make_bot
from kingdomino_kit.dominoes import domino
from kingdomino_kit.game import GameOptions
from kingdomino_kit.game.coach import coach, move_text
from kingdomino_kit.game.tournament import tournament
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver import best_kingdom
from kingdomino_kit.solver.ordered import best_in_order
from kingdomino_kit.widgets import CoachView, DraftTable

bot_names()

# %% [markdown]
# ## The bots
#
# - `random` picks any legal action; `greedy` takes the placement worth most now — its score,
#   minus cells no domino can ever fill, plus pairs of neighbour squares of one terrain — and
#   judges a placement together with the best domino it could claim next;
# - `mc` (the kit's first Monte Carlo bot) plays a few games on in the full engine for each of
#   its best moves;
# - `mce` and `strong` judge a few candidate moves (a placement with the claim after it) by
#   playing the game on from each, hundreds of times, on bitboards: the hidden deck is dealt
#   afresh in each playout from the dominoes not yet seen (the bot never knows the real order),
#   every player then plays greedily, and a candidate clearly behind the leader is dropped early.
#   `strong` is `mce` at its default budget, about a second a turn; `strong:steps=300` is a
#   quicker, weaker one.
#
# ## A small tournament
#
# Two players, both bonuses. With three names for two seats every pair plays, in both seatings,
# on paired deals (each block of games uses one deal for every line-up). The table gives means
# with 95 % intervals and a Bradley–Terry rating on the Elo scale. (The full measurement, at
# the real budgets, is in `docs/bots.md`.)

# %%
options = GameOptions(players=2, rules=Rules(middle_kingdom=True, harmony=True))
result = tournament(["strong:steps=300", "greedy", "random"], 12, options, seed=10)
table = pd.DataFrame(result.table()).set_index("bot")
table[["seats", "mean_score", "mean_score_ci", "win_share", "win_share_ci", "rating"]]

# %% [markdown]
# ## Play a game, then ask the coach
#
# Play the table below against `strong:steps=300` (claim a domino of the line by clicking it,
# place it by rotating and clicking a cell marked with a dot). When the game is over, run the
# next cells.

# %%
opponent = make_bot("strong:steps=300", 1)
game_table = DraftTable(players=2, bots=[opponent], seed=21)
game_table

# %% [markdown]
# The coach replays the log through every rule, then, at each of your decisions, plays the game
# on from the move you made and from its best alternatives (seeing only what you saw). A move's
# value is your mean final score in those playouts; its **cost** is how far it fell behind the
# best alternative. The three costliest are marked.

# %%
if game_table.game.is_over:
    log = game_table.game.log()
else:
    print(f"Your game is in round {game_table.game.round}: finish it, then run this cell "
          "again. Meanwhile, the coach looks at a game the bots played:")
    watched = DraftTable(players=2, human=None, bots=["greedy", "random"], seed=21)
    watched.play_to_end()
    log = watched.game.log()
report = coach(log, player=0, playouts=60, seed=1, solve=False)
print(f"score {report.score}; the coach's estimate of points lost: {report.lost:.1f}")
for d in report.worst():
    print(f"worst {d.worst}: round {d.round}, {move_text(d.played)} — the coach prefers "
          f"{move_text(d.best)} (cost {d.cost:.1f})")

# %% [markdown]
# Step through the game: *Decision ▶* jumps to your next decision, where both boards are drawn
# — after the move you played and after the coach's — and a click on a row of the table goes
# to it.

# %%
CoachView(report)

# %% [markdown]
# ## What the dominoes allowed
#
# After the game, the solver can rearrange the dominoes you took and prove the best kingdom
# they make (`kingdomino-kit coach game.json` does so for the whole game). In a draft you had
# no such freedom: each domino had to be placed when it came, next to what was already there.
# `best_in_order` proves the best kingdom *in the order they came*. Here, for your first six
# dominoes:

# %%
first = [domino(n) for n in report.dominoes[:6]]
free = best_kingdom(first, middle_kingdom=True, workers=1)
ordered = best_in_order(first, middle_kingdom=True, workers=1)
print(f"rearranged: {free.score} ({free.status.value}); in the order they came: "
      f"{ordered.score} ({ordered.status.value})")
ordered.kingdom

# %% [markdown]
# ## Exercises
#
# Fill in each blank `...` and run the cell: `check(n, answer)` says *correct* (and why), or
# what is wrong with a hint.

# %%
from fractions import Fraction  # noqa: F401 — for an answer such as Fraction(7, 2)

from kingdomino_kit.exercises import for_notebook

check = for_notebook("10_bots_and_coach")

# %% [markdown]
# **1.** Against one opponent, a bot ends its games with these scores and chances. What is its
# expected score? (A `Fraction` or a decimal.)
#
# | final score | 30 | 42 | 60 |
# |---|---|---|---|
# | chance | 1/4 | 1/2 | 1/4 |

# %% tags=["solution"]
answer_1 = Fraction(30 + 2 * 42 + 60, 4)  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** The tournament's `rating` is on the Elo scale. A bot rated **400** points above
# another: with what chance does it win a game between them?

# %% tags=["solution"]
answer_2 = 1 / (1 + 10 ** -1)  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** The tournament above seats three bots at a two-player table: every pair plays, in
# both seatings. How many different line-ups (who sits first, who second) are there?

# %% tags=["solution"]
answer_3 = 3 * 2  # SOLUTION

check(3, answer_3)

# %% [markdown]
# **4.** At one decision the coach's playouts give these mean final scores: after the move you
# played 38.4, after its best alternative 41.9, after a third move 36.2. What is the **cost**
# of your move, as the coach reports it?

# %% tags=["solution"]
answer_4 = 41.9 - 38.4  # SOLUTION

check(4, answer_4)

# %% [markdown]
# **5.** Can the best kingdom *in the order the dominoes came* (`best_in_order`) ever score
# more than the best *rearranged* one (`best_kingdom`) of the same dominoes? `True` or `False`.

# %% tags=["solution"]
answer_5 = False  # SOLUTION

check(5, answer_5)

# %%
check.summary()
