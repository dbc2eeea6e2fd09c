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
# # 12 · A learning agent in a few lines
#
# Courses on learning agents expect a game behind a standard interface: Gymnasium's for one
# agent, PettingZoo's for several. The kit has both (`kingdomino_kit.env`). This notebook
# looks at what such an agent sees and may do, plays a random agent, and then **learns** a
# better one: a linear value over four simple features, its weights found by the
# *cross-entropy method* — guess many weight vectors, keep the best few, guess again around
# them. Numpy only, seeded, a few seconds of training.

# %%
# %matplotlib inline
import gymnasium
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import display

from kingdomino_kit.analysis.summaries import mean_interval, share_interval
from kingdomino_kit.draft import Claim
from kingdomino_kit.env import decode_action  # importing it registers KingdominoKit/Solo-v0
from kingdomino_kit.env.aec import to_place
from kingdomino_kit.pictures import figure
from kingdomino_kit.placement import Placement

env = gymnasium.make("KingdominoKit/Solo-v0", opponents="random", players=2)
obs, info = env.reset(seed=1)
obs["observation"].shape, obs["action_mask"].shape

# %% [markdown]
# ## What the agent sees, what it may do
#
# An observation is a vector of small integers — every kingdom cell by cell, the line of
# dominoes, whose turn it is, which dominoes are out — and never the order of the hidden deck.
# The **action mask** has one entry per integer action: 1 where the action is legal now. The
# integers are fixed: 0–47 claim domino *n* + 1 of the line, then 4 integers for each cell a
# kingdom can reach (row and column −4 … 4 around the castle, one per direction of the second
# half: right, down, left, up), and the last one discards (`docs/library.md` has the table).

# %%
legal = np.flatnonzero(obs["action_mask"])
legal, [decode_action(int(a), 5, to_place(env.unwrapped.game)) for a in legal]

# %% [markdown]
# At the first turn the agent claims. `decode_action` turns an integer back into the kit's
# action; `env.unwrapped.game` is the kit's `Game` behind the environment, so the agent may look
# at its own kingdom. A whole game with a **random agent** — any legal integer:

# %%
def play(agent, seed):
    """One game against a random bot; the agent's score and the reward (1 win, 0 tie, -1 loss)."""
    obs, info = env.reset(seed=seed)
    done = False
    while not done:
        obs, reward, done, truncated, info = env.step(agent(obs))
    return env.unwrapped.game.scores()[env.unwrapped.player], reward


rng = np.random.default_rng(0)


def random_agent(obs):
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


[play(random_agent, seed) for seed in range(5)]

# %% [markdown]
# ## Four features and a linear value
#
# The learning agent judges each legal action by a few numbers about it, and takes the one
# whose weighted sum is largest. For a **placement**: the points it adds to the kingdom, the
# neighbour squares of the same terrain it touches, and the cells of the smallest rectangle
# around the kingdom after it (a sprawling kingdom leaves gaps that may never be filled). For a
# **claim**: the crowns on the domino. (A claim is only ever compared with claims, a placement
# with placements.)

# %%
def features(kingdom, action):
    """[points added, matching neighbours, rectangle after, crowns claimed] of one action."""
    if isinstance(action, Claim):
        return np.array([0, 0, 0, action.domino.crowns])
    if not isinstance(action, Placement):  # the discard, when nothing fits
        return np.zeros(4)
    matches = sum(getattr(kingdom.at((r + dr, c + dc)), "terrain", None) == half.terrain
                  for (r, c), half in ((action.first, action.domino.first),
                                       (action.second, action.domino.second))
                  for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
    before = kingdom.score()
    kingdom.push(action)  # try it, then take it back
    top, bottom, left, right = kingdom.bounds
    rectangle = (bottom - top + 1) * (right - left + 1)
    added = kingdom.score() - before
    kingdom.undo()
    return np.array([added, matches, rectangle, 0])


def linear_agent(weights):
    def agent(obs):
        game = env.unwrapped.game
        kingdom, domino = game.kingdom(env.unwrapped.player), to_place(game)
        legal = np.flatnonzero(obs["action_mask"])
        values = [weights @ features(kingdom, decode_action(int(a), 5, domino)) for a in legal]
        return int(legal[int(np.argmax(values))])
    return agent


obs, info = env.reset(seed=4)
game = env.unwrapped.game
[features(game.kingdom(env.unwrapped.player), decode_action(int(a), 5, to_place(game)))
 for a in np.flatnonzero(obs["action_mask"])]

# %% [markdown]
# ## The cross-entropy method
#
# Start with a cloud of weight vectors around 0 (a normal distribution per weight). Each
# generation: draw 10 vectors, let each play the same 5 games (the same seeds for all, so
# luck is shared), keep the 3 with the highest mean score — the *elite* — and move the cloud
# to their mean and spread. A little extra spread keeps it from shrinking too soon. Small
# numbers, so that it trains in seconds; more of each (try `cross_entropy(games=8)`) learns
# a little more surely.

# %%
def mean_score(weights, seeds):
    return np.mean([play(linear_agent(weights), s)[0] for s in seeds])


def cross_entropy(generations=5, population=10, elite=3, games=5, seed=0):
    rng = np.random.default_rng(seed)
    mean, spread = np.zeros(4), np.ones(4)
    curve = []
    for g in range(generations):
        seeds = range(1000 + g * games, 1000 + (g + 1) * games)
        guesses = mean + spread * rng.standard_normal((population, 4))
        scores = np.array([mean_score(w, seeds) for w in guesses])
        best = guesses[np.argsort(scores)[-elite:]]
        mean, spread = best.mean(axis=0), best.std(axis=0) + 0.1
        curve.append((scores.mean(), scores.max()))
    return mean, np.array(curve)


weights, curve = cross_entropy()
weights.round(2)

# %%
fig, ax = plt.subplots(figsize=(6, 3))
ax.plot(curve[:, 0], marker="o", label="mean of the generation")
ax.plot(curve[:, 1], marker="s", label="best of the generation")
ax.set(xlabel="generation", ylabel="mean score in 5 games", title="The cross-entropy method")
ax.legend()
display(figure(fig, alt=f"Line chart of the cross-entropy method over {len(curve)} "
                        f"generations: the mean score in 5 games of each generation (circles) "
                        f"goes from {curve[0, 0]:.1f} to {curve[-1, 0]:.1f}, the best "
                        f"(squares) from {curve[0, 1]:.1f} to {curve[-1, 1]:.1f}."))
curve.round(1)

# %% [markdown]
# The weights say what the agent learnt: which of points now, matching neighbours, the
# rectangle and crowns matter, and which way. Now the test that counts: 100 fresh games each
# against a random bot, seeds never seen in training, with 95 % intervals.

# %%
def report(agent, seeds=range(50_000, 50_100)):
    results = [play(agent, s) for s in seeds]
    score, low, high = mean_interval([s for s, _ in results])
    wins = sum(r == 1 for _, r in results)
    share, wlow, whigh = share_interval(wins, len(results))
    return (f"mean score {score:.1f} [{low:.1f}, {high:.1f}], "
            f"wins {share:.0%} [{wlow:.0%}, {whigh:.0%}]")


print("random :", report(random_agent))
print("learnt :", report(linear_agent(weights)))

# %% [markdown]
# A few lines of numpy and a few seconds of play turn a random agent into one that wins most of its
# games against random play. Against `greedy` (`opponents="greedy"`) it is another matter:
# try it, or add features (the crowns of the neighbours, the dominoes still to come, your
# place in the turn order) and train again.
#
# ## Exercises
#
# Fill in each blank `...` and run the cell: `check(n, answer)` says *correct* (and why), or
# what is wrong with a hint.

# %%
from kingdomino_kit.exercises import for_notebook

check = for_notebook("12_learning_agents")

# %% [markdown]
# **1.** By hand, from the encoding above: the integer that places a domino with its first half
# on row −1, column 1 and its second half **below** it (direction 1).

# %% tags=["solution"]
answer_1 = 48 + ((-1 + 4) * 9 + (1 + 4)) * 4 + 1  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** The other way: on which cell (row, column) does action 260 put the first half? Give a
# pair `(row, column)`.

# %% tags=["solution"]
answer_2 = ((260 - 48) // 4 // 9 - 4, (260 - 48) // 4 % 9 - 4)  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** Write `placements_in(mask)`: how many placements an action mask allows (not the
# claims, not the discard).

# %% tags=["solution"]
def placements_in(mask):
    # BEGIN SOLUTION
    return int(mask[48:-1].sum())
    # END SOLUTION


check(3, placements_in)

# %% [markdown]
# **4.** A finer feature than the rectangle: write `holes(kingdom)`, the empty cells inside the
# smallest rectangle around the kingdom (the castle counts as filled). `kingdom.bounds` gives
# `(top, bottom, left, right)`; `len(kingdom)` the squares placed.

# %% tags=["solution"]
def holes(kingdom):
    # BEGIN SOLUTION
    top, bottom, left, right = kingdom.bounds
    return (bottom - top + 1) * (right - left + 1) - 1 - len(kingdom)
    # END SOLUTION


check(4, holes)

# %%
check.summary()
