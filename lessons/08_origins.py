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
# # 08 · Kingdomino Origins: where should the fire land?
#
# *Kingdomino Origins* keeps the drafting and the 5 × 5 territory of Kingdomino, but squares show
# **fire symbols** instead of crowns, and **volcanoes** throw fire tokens onto the territory.
# A region still scores squares × fire — so every token you throw is a small optimisation
# problem: which region grows most from it? Two richer modes add wooden **resources** with
# majority **totems** (Totem mode) and **cavemen** that score by their neighbours (Tribe mode).
#
# This notebook teaches the rules with the kit's library, checks them against small
# computations written here, answers "where should the fire land?" exactly (brute force, then
# CP-SAT), and plays the three modes.
#
# > **The dominoes here are an ILLUSTRATIVE SAMPLE, not the printed set.** The list of the 48
# > Origins dominoes is not public; the kit reads it from a CSV so owners of the game can type
# > theirs in. The sample follows the box contents (49 resource icons, 10 volcanoes) but is
# > invented.

# %%
from collections import Counter

from IPython.display import display

from kingdomino_kit.origins import (
    OriginsKingdom,
    Resource,
    load_catalogue,
    sample_catalogue,
)
from kingdomino_kit.origins.render import origins_svg
from kingdomino_kit.origins.scoring import score_sheet
from kingdomino_kit.pictures import drawing

catalogue = sample_catalogue()
print(catalogue.name, "-", len(catalogue), "dominoes")
print([catalogue[n] for n in (1, 21, 36, 45, 48)])

# %% [markdown]
# ## The catalogue
#
# A domino has two halves; a half is a terrain (grassland `G`, lake `L`, forest `F`, quarry `Q`,
# desert `D`, volcano `V`) with 0–3 fire symbols — or, on a volcano, 1–3 craters. A square with
# no fire symbol on a grassland, lake, forest or quarry shows a resource icon (mammoth, fish,
# mushroom, flint). Here is what the sample holds:

# %%
halves = [h for d in catalogue for h in d.halves]
print("squares by terrain:", dict(Counter(h.terrain.value for h in halves)))
print("resource icons:    ", dict(Counter(h.resource.value for h in halves if h.resource)))
print("volcano craters:   ", dict(sorted(Counter(h.craters for h in halves if h.craters).items())))
print("fire symbols:      ", sum(h.fire for h in halves))

# %% [markdown]
# Your own list goes in a CSV with the columns
# `number,left_terrain,left_fire,left_craters,right_terrain,right_fire,right_craters`.
# Mistakes are reported with their line:

# %%
typed = """# my copy of the game
number,left_terrain,left_fire,left_craters,right_terrain,right_fire,right_craters
1,grassland,0,0,lake,0,0
2,volcano,0,4,forest,0,0
"""
try:
    load_catalogue(typed, "my_dominoes.csv")
except Exception as error:  # a CatalogueError, part of the kit's KingdominoError family
    print(type(error).__name__, "-", error)

# %% [markdown]
# ## A territory and its score
#
# The text notation writes one cell per token: `H` the hut (the start tile — wild, any terrain
# connects to it), a terrain letter with its fire symbols (`G1`) or craters (`V2`), then what
# lies on it: `*2` a 2-fire token, `$` a wooden resource, `@h` a caveman.

# %%
k = OriginsKingdom.from_text("""
G  G1 L  L
G*2 H L2 L*1
V2 V1 Q  D
""")
display(drawing(origins_svg(k)))
for region in k.regions():
    print(f"{region.terrain.value:<10} {region.squares} squares × {region.fire} fire = "
          f"{region.score}")
print("score:", k.score())

# %% [markdown]
# Checked by hand: the meadow has 3 squares and 1 printed + 2 token fires (9), the lake 4
# squares with 2 + 1 fires (12). A volcano region never scores, and a region without fire
# scores nothing. Let us recompute the score with a tiny flood fill written here, independent
# of the library:

# %%
def score_by_hand(kingdom):
    squares = dict(kingdom.squares())
    seen, total = set(), 0
    for start, half in squares.items():
        if start in seen or half.is_volcano:
            continue
        stack, region = [start], []
        seen.add(start)
        while stack:
            r, c = stack.pop()
            region.append((r, c))
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in squares and n not in seen and squares[n].terrain is half.terrain:
                    seen.add(n)
                    stack.append(n)
        fire = sum(squares[c].fire + kingdom.tokens.get(c, 0) for c in region)
        total += len(region) * fire
    return total


print(score_by_hand(k), "==", k.score())

# %% [markdown]
# ## Volcanoes throw fire
#
# Right after placing a volcano you take a fire token: 1 crater → a 1-fire token thrown at most
# 3 squares away, 2 craters → 2 fires at most 2 away, 3 craters → 3 fires at most 1 away,
# counting king moves (diagonals allowed). It must land on a square of your territory with no
# token and no fire symbol, not a volcano; if there is none, it goes back to the box. The box
# has 10 tokens: five 1-fire, four 2-fire, one 3-fire.
#
# Big tokens land close, small ones far: the trade-off is the whole game. Here is a territory
# where a freshly placed 2-crater volcano (top right) has a choice:

# %%
t = OriginsKingdom.from_text("""
F1 F  G  V2
L  H  G  G1
L  L1 D  D
""")
targets = t.fire_targets((-1, 2), 2)
print("allowed squares:", targets)
gains = {}
for cell in targets:
    after = t.copy()
    after.throw((-1, 2), 2, cell)
    gains[cell] = after.score() - t.score()
best = max(gains, key=gains.get)
print("points gained by landing on each:", gains)
print("best landing:", best)
after = t.copy()
after.throw((-1, 2), 2, best)
display(drawing(origins_svg(after)))

# %% [markdown]
# The token is worth (its fire) × (squares of the region it joins) — and more if it lights a
# region that had no fire: the 3-square meadow wins here. But the layout is not fixed yet when
# you throw: **which dominoes go where, and where each token lands, is one joint problem.**
#
# ## The best territory, fire included (CP-SAT)
#
# `solve_discovery` builds a CP-SAT model — placement booleans, a placement order for the
# connection rule, a landing boolean per token and square (in reach, on a square already placed,
# no fire symbol, no other token, at most the box's tokens), regions with squares × fire — and
# proves the best score. Each answer is replayed through the rules before it is returned.
# First, a brute force written here: every order, every placement, every landing.

# %%
def brute_force(dominoes):
    best, seen = 0, set()

    def throws(kingdom, volcanoes):
        if not volcanoes:
            yield kingdom
            return
        (cell, fire), rest = volcanoes[0], volcanoes[1:]
        for target in kingdom.fire_targets(cell, fire) or [None]:
            after = kingdom.copy()
            after.throw(cell, fire, target)
            yield from throws(after, rest)

    def search(kingdom, left):
        nonlocal best
        key = (kingdom.key(), left)
        if key in seen:
            return
        seen.add(key)
        best = max(best, kingdom.score())
        for i in left:
            for p in kingdom.legal_placements(dominoes[i]):
                placed = kingdom.copy()
                placed.place(p)
                for after in throws(placed, p.volcanoes()):
                    search(after, left - {i})

    search(OriginsKingdom(), frozenset(range(len(dominoes))))
    return best


from kingdomino_kit.origins.solver import solve_discovery  # noqa: E402

pair = catalogue.dominoes("36,18")          # V1|G1 and F|G
solution = solve_discovery(pair, workers=1)
print(solution.status, solution.score, "— brute force:", brute_force(pair))
display(drawing(origins_svg(solution.kingdom)))

# %% [markdown]
# The token joins the meadow: 2 squares × (1 printed + 1 token) = 4. With more dominoes brute
# force explodes (every order × every placement × every landing), while CP-SAT keeps proving:

# %%
five = catalogue.dominoes("33,40,48,31,17")
solution = solve_discovery(five, workers=1, time_limit_s=120)
print(solution.status, "score", solution.score)
print(solution.kingdom)
for throw in solution.throws:
    print(f"{throw.fire}-fire token from {throw.volcano} lands on {throw.target} "
          f"({throw.distance} of at most {throw.reach} squares)")
display(drawing(origins_svg(solution.kingdom)))

# %% [markdown]
# ## Build it yourself: the Origins board
#
# `OriginsBoard` is the kit's clickable board for Origins, with the same controls as the
# Kingdomino boards: choose a domino, turn it with Rotate (or R), click the cell of its first
# half (a dot marks where that is legal). When a volcano lands, its fire token is up: the
# squares it can reach are tinted orange and the ones it may land on carry the dot — click one
# to aim, then *Throw* (or click it again). *Check* compares your score with the optimum
# CP-SAT just proved for these three dominoes. Keyboard: click the board once, then the arrows
# move a cursor, Enter places, aims and throws, R turns, U undoes.

# %%
from kingdomino_kit.widgets import OriginsBoard  # noqa: E402

three = catalogue.dominoes("36,18,40")
board = OriginsBoard.puzzle(three, optimum=solve_discovery(three, workers=1).score,
                            question="Three dominoes, one volcano: build the best territory.")
board

# %% [markdown]
# `OriginsBoard(seed=7, mode="tribe")` deals a seeded hand for free play in Tribe mode
# (resources come with the squares; *Recruit* a caveman with two different ones), and
# `OriginsBoard("36, 18, 40", mode="totem")` plays a hand you choose.

# %% [markdown]
# ## Totem mode: resources and majorities
#
# When a line is revealed, a wooden resource goes on every square showing an icon. A fire token
# landing on one destroys it. After each placement the player with the strict majority of a
# resource takes its totem. At the end: Discovery score + 1 point per resource left + the totems'
# bonus, printed on the totems: mammoth 3, fish 4, mushroom 5, flint 6 — the rarer, the more it
# is worth (the English rulebook; the kit's default, `scarcity`). One engine counts 3 each
# (`flat`), which the kit keeps as an option:

# %%
camp = OriginsKingdom.from_text("G$ G$ V1 / H L$ Q1 / F$ F*1 .")
display(drawing(origins_svg(camp)))
for reading in ("scarcity", "flat"):
    sheet = score_sheet(camp, "totem", totems=[Resource.FISH, Resource.FLINT],
                        totem_bonus_values=reading)
    print(f"{reading:<9} regions {sheet.regions} + resources {sheet.resources} + "
          f"totems {sheet.totems} = {sheet.total}")

# %% [markdown]
# Two **supplementary rules** hold in every mode, and like Kingdomino's Middle Kingdom and
# Harmony they count only when you ask for them: *Empire of fire*, +10 when the hut is the centre
# of the 5 × 5 territory (complete or not), and *Homo Habilis*, +5 for a complete territory with
# no domino discarded. This camp's hut is within two squares of every square:

# %%
sheet = score_sheet(camp, "totem", totems=[Resource.FISH, Resource.FLINT],
                    empire_of_fire=True, homo_habilis=True)
print(f"empire of fire {sheet.empire_of_fire}, homo habilis {sheet.homo_habilis} "
      f"(not complete), total {sheet.total}")

# %% [markdown]
# ## Tribe mode: cavemen
#
# Spend 2 different resources to recruit a face-up caveman, or 4 for any caveman of the pile,
# and settle it on your territory. Hunter-gatherers score per thing in the 8 squares around
# them (hunter 3 per mammoth, fishing child 3 per fish, gatherer 4 per mushroom, sculptor 5 per
# flint, painter 2 per resource, fire lady 1 per fire token, shaman 2 per caveman); warriors
# score by orthogonally connected groups: (number of warriors) × (total power).

# %%
tribe = OriginsKingdom.from_text("""
L$ L$ F$ D@w D@w
L$ D@c D@g D  D@o
H  D@a D@a D@w D
""")
display(drawing(origins_svg(tribe)))
from kingdomino_kit.origins.scoring import caveman_points  # noqa: E402

for cell, points in caveman_points(tribe).items():
    print(cell, tribe.cavemen[cell].value, points)
print("cavemen points:", score_sheet(tribe, "tribe").cavemen)

# %% [markdown]
# Checked by hand: the fishing child sees 3 fish (9), the gatherer 1 mushroom (4); the warriors
# form two groups of three, powers 1 + 1 + 3 and 2 + 2 + 1: 3 × 5 + 3 × 5 = 30. Total 43.
#
# The **fire lady** counts fire *tokens* around her, one per token whatever its fire — so say the
# rules the kit follows ("1 điểm mỗi con dấu ngọn lửa", 1 point per fire token). The English
# rulebook counts every fire *symbol*, printed on the squares and on the tokens; the kit keeps
# that reading as an option, `fire_count="symbols"`, which also decides the second tie-break
# (the most fire tokens, or symbols):

# %%
lady = OriginsKingdom.from_text("H G1 G . / D*1 D@l L*2 D*3")
display(drawing(origins_svg(lady)))
for reading in ("tokens", "symbols"):
    print(f"{reading:<8} fire lady: {caveman_points(lady, reading)}")

# %% [markdown]
# By hand: around her lie a 1-fire and a 2-fire token (2 tokens) and the printed `G1`: 2 points
# counting tokens, 1 + 1 + 2 = 4 counting symbols. The 3-fire token is two squares away.
#
# ## Playing the three modes
#
# The drafting game follows the Kingdomino engine's shape: `legal_actions()`, `apply(action)`
# (an illegal action raises and changes nothing), observations, bots, and a log that replays
# every rule. Origins adds fire-landing, totem and recruit actions. The rules of a game are its
# `OriginsOptions` — here the defaults: no supplementary rule, fire tokens counted
# (`OriginsOptions(players=3, empire_of_fire=True, homo_habilis=True, fire_count="symbols")`
# switches each on); the log records them.

# %%
from kingdomino_kit.bots import RandomBot  # noqa: E402
from kingdomino_kit.origins.bots import GreedyOriginsBot  # noqa: E402
from kingdomino_kit.origins.game import OriginsOptions, play  # noqa: E402
from kingdomino_kit.origins.gamelog import replay  # noqa: E402

for mode in ("discovery", "totem", "tribe"):
    game = play([GreedyOriginsBot(1), RandomBot(2), RandomBot(3)],
                OriginsOptions(players=3, mode=mode), seed=2026)
    again = replay(game.log())
    print(f"{mode:<9} scores {game.scores()}  winners {game.winners()}  "
          f"replayed: {again.scores() == game.scores()}")
display(drawing(origins_svg(game.kingdoms_[0], title="the greedy chief's tribe")))

# %% [markdown]
# ## A small experiment: does greedy fire placement pay?
#
# Eight seeded 2-player Neolithic games (7 × 7, all 48 dominoes) of the greedy bot against the
# random one, per mode. Same seeds, same numbers every run.

# %%
for mode in ("discovery", "totem", "tribe"):
    wins, margin = 0, 0
    for seed in range(8):
        g = play([GreedyOriginsBot(seed), RandomBot(seed)], OriginsOptions(players=2, mode=mode),
                 seed=seed, record=False)
        a, b = g.scores()
        wins += a > b
        margin += a - b
    print(f"{mode:<9} greedy wins {wins}/8, average margin {margin / 8:+.1f}")

# %% [markdown]
# ## Exercises
#
# Fill in each blank `...` and run the cell: `check(n, answer)` says *correct* (and why), or
# what is wrong with a hint.

# %%
from kingdomino_kit.exercises import for_notebook  # noqa: E402

check = for_notebook("08_origins")

# %% [markdown]
# **1.** What does this territory score? Find its regions and count by hand.

# %%
meadows = OriginsKingdom.from_text("G1 G G*1 / H L L2 / F1 F L")
display(drawing(origins_svg(meadows)))

# %% tags=["solution"]
answer_1 = 3 * 2 + 3 * 2 + 2 * 1  # SOLUTION

check(1, answer_1)

# %% [markdown]
# **2.** The 1-crater volcano in the top left corner of this territory (cell (−1, −1)) has just
# been placed. On how many squares may its fire token land?

# %%
reach = OriginsKingdom.from_text("""
V1 F  G  G
L  H  G  G1
L  L1 D  D
.  L  F2 F
""")
display(drawing(origins_svg(reach)))

# %% tags=["solution"]
answer_2 = 13 - 3  # SOLUTION

check(2, answer_2)

# %% [markdown]
# **3.** The territory `t` of "Volcanoes throw fire" again, with a **3-crater** volcano in
# place of the 2-crater one: its token carries 3 fires but lands at most 1 square away. How
# many points does it add at its best landing?

# %%
t3 = OriginsKingdom.from_text("F1 F G V3 / L H G G1 / L L1 D D")
display(drawing(origins_svg(t3)))

# %% tags=["solution"]
answer_3 = 3 * 3  # SOLUTION

check(3, answer_3)

# %% [markdown]
# **4.** In Totem mode, the `camp` above ends the game holding the **mammoth** and the
# **mushroom** totems instead (the scarcity values). What is its total?

# %% tags=["solution"]
answer_4 = 3 + 4 + 3 + 5  # SOLUTION

check(4, answer_4)

# %% [markdown]
# **5.** In Tribe mode, how many points do the hunter (`@h`) and the painter (`@p`) of this
# tribe score together?

# %%
hunt = OriginsKingdom.from_text("G$ G$ D / H D@h L$ / G$ D@p F$")
display(drawing(origins_svg(hunt)))

# %% tags=["solution"]
answer_5 = 3 * 3 + 2 * 3  # SOLUTION

check(5, answer_5)

# %%
check.summary()

# %% [markdown]
# ## To try
#
# * Change the 2-crater volcano's position in the "where should the fire land?" territory: when
#   does the best landing switch from the meadow to the lake?
# * Type in your own copy's dominoes (`load_catalogue`) and solve its best Discovery territory.
# * `kingdomino-kit origins solve 21,33,39 --json` does the same from the shell.
# * `kingdomino-kit origins play --empire-of-fire --homo-habilis` plays with the supplementary
#   rules: does the greedy bot's lead grow?
