"""The exercises of ``06_analysis``: an expectation, a prediction read off the simulation, two
functions of a results DataFrame, and the width of a confidence interval."""

from __future__ import annotations

import math
from typing import Any

from kingdomino_kit.analysis.claims import simulate_claims
from kingdomino_kit.analysis.summaries import domino_values
from kingdomino_kit.exercises.answer_kinds import NUMBER, YES_NO
from kingdomino_kit.exercises.sheet import function, sheet, value
from kingdomino_kit.game import GameOptions
from kingdomino_kit.game.simulate import simulate_frame

__all__ = ["EXERCISES", "most_valuable_domino"]


def most_valuable_domino(games: int = 400) -> int:
    """The domino whose owner beats the mean score by most, over the notebook's seeded 4-player
    games of random bots (its own experiment, run again)."""
    values = domino_values(simulate_claims(games, "random", GameOptions(players=4), seed=1))
    return int(values.loc[values["value"].idxmax(), "domino"])


def _win_share(frame: Any, bot: str) -> float:
    return float(frame.loc[frame["bot"] == bot, "winner"].mean())


def _best_seat(frame: Any) -> int:
    return int(frame.groupby("player")["score"].mean().idxmax())


def _frames() -> list[Any]:
    return [simulate_frame(12, bots, GameOptions(players=len(bots.split(","))), seed=seed)
            for seed, bots in enumerate(["greedy,random", "random,greedy,random",
                                         "random,random,random,random"])]


def _bot_cases() -> list[tuple[Any, str]]:
    return [(frame, bot) for frame in _frames() for bot in sorted(set(frame["bot"]))]


def _seat_cases() -> list[tuple[Any]]:
    return [(frame,) for frame in _frames()]


def _shown(frame: Any, *rest: Any) -> str:
    bots = ",".join(dict.fromkeys(frame["bot"].astype(str)))
    games = frame["game"].nunique()
    return ", ".join([f"<{games} games of {bots}: {len(frame)} rows>", *map(repr, rest)])


def _close(a: Any, b: Any) -> bool:
    return isinstance(a, (int, float)) and not isinstance(a, bool) and abs(a - b) < 1e-9


_WORDS = """
1. crowns in play with 2 players
hint: Each of the 48 dominoes is in play with the same chance, 24/48.
hint: Every crown of the box rides on one domino: add up each crown's chance of being in play
  (linearity of expectation).
why: Linearity of expectation: 39 crowns × 24/48 = 19.5, whatever the deal.

2. is the most valuable domino numbered 40 or more?
hint: Look at the bar chart (or values.sort_values('value')): which bar is highest?
hint: idxmax() on the value column gives the row label of the highest value; that row's domino
  column is its number.
why: The mines and the double crowns sit on the high numbers: worth the later turn.

3. a bot's win share from the table
hint: Keep the rows of that bot (frame[frame['bot'] == bot]); 'winner' is True or False, and the
  mean of a True/False column is the share of True.
hint: frame.loc[rows, column] picks the bot's rows and the 'winner' column in one go; then take the
  mean.
why: A boolean column's mean is a share; a shared first place counts as a win.

4. the seat with the best mean score
hint: frame.groupby('player')['score'].mean() is one mean per seat.
hint: Its idxmax() is the seat (the label) of the largest mean.
why: A group-by makes one row per seat; idxmax names the group, max would give the score.

5. how wide a 95 % interval is
hint: A share p measured over n games has a standard error of √(p(1 − p)/n).
hint: A 95 % interval reaches about 1.96 standard errors to each side; here p = ½ and n = 40.
why: ±1.96 standard errors: about ±0.15 over 40 games, ±0.04 over 600.
"""

EXERCISES = sheet(_WORDS, {
    1: value(NUMBER, 39 * 24 / 48, tolerance=1e-9),
    2: value(YES_NO, lambda: most_valuable_domino() >= 40,
             wrong="{answer} is not what the simulation says", direction=False),
    3: function("win_share", _win_share, _bot_cases, show=_shown, same=_close),
    4: function("best_seat", _best_seat, _seat_cases, show=_shown),
    5: value(NUMBER, lambda: 1.96 * math.sqrt(0.25 / 40), tolerance=0.005),
})
