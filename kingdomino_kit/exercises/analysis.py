"""The exercises of ``06_analysis``: an expectation, a prediction read off the simulation, two
functions over games and their rows, and the width of a confidence interval."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from typing import Any

from kingdomino_kit.bots import RandomBot
from kingdomino_kit.exercises.answers import FUNCTION, NUMBER, YES_NO
from kingdomino_kit.exercises.checker import Exercise
from kingdomino_kit.exercises.judges import same_function
from kingdomino_kit.game import Game, GameOptions, play
from kingdomino_kit.game.simulate import simulate

__all__ = ["EXERCISES", "most_valuable_domino"]

def most_valuable_domino(games: int = 400) -> int:
    """The domino whose owner beats the mean score by most, over seeded 4-player games of
    random bots (the notebook's own experiment, run again)."""
    played = [play([RandomBot(4 * s + i) for i in range(4)], GameOptions(players=4), seed=s)
              for s in range(games)]
    mean = statistics.mean(x for g in played for x in g.scores())
    owners: dict[int, list[int]] = defaultdict(list)
    for g in played:
        for rnd in g.log()["rounds"]:
            for turn in rnd["turns"]:
                if turn["pick"] is not None:
                    owners[turn["pick"]].append(g.scores()[turn["player"]])
    value = {n: statistics.mean(owners[n]) - mean for n in range(1, 49)}
    return max(value, key=lambda n: value[n])


def _win_share(rows: list[dict[str, Any]], bot: str) -> float:
    mine = [r for r in rows if r["bot"] == bot]
    return float(sum(r["winner"] for r in mine)) / len(mine)


def _row_cases() -> list[tuple[list[dict[str, Any]], str]]:
    cases = []
    for seed in range(3):
        rows = list(simulate(12, ["greedy", "random"], GameOptions(players=2), seed=seed))
        cases += [(rows, "greedy"), (rows, "random")]
    return cases


def _crowns(game: Game, player: int) -> int:
    return sum(half.crowns for _, half in game.kingdom(player).squares())


def _game_cases() -> list[tuple[Game, int]]:
    games = [play([RandomBot(2 * s), RandomBot(2 * s + 1)], GameOptions(players=2), seed=s)
             for s in range(10)]
    return [(g, p) for g in games for p in (0, 1)]


def _close(a: Any, b: Any) -> bool:
    return isinstance(a, (int, float)) and not isinstance(a, bool) and abs(a - b) < 1e-9


EXERCISES = (
    Exercise.value(
        1, "crowns in play with 2 players", NUMBER, 39 * 24 / 48, tolerance=1e-9,
        hints=("Each of the 48 dominoes is in play with the same chance, 24/48.",
               "So the 39 crowns are in play with that chance each: 39 × 24 / 48."),
        why="Linearity of expectation: 39 crowns × 24/48 = 19.5, whatever the deal."),
    Exercise.value(
        2, "is the most valuable domino numbered 40 or more?", YES_NO,
        lambda: most_valuable_domino() >= 40, direction=False,
        wrong="{answer} is not what the simulation says",
        hints=("Look at the bar chart: which bar is the highest?",
               "The highest bar is at the far right, among the mines and double crowns."),
        why="The mines and the double crowns sit on the high numbers: worth the later turn."),
    Exercise(
        3, "a bot's win share from the rows", FUNCTION,
        same_function("win_share", _win_share, _row_cases,
                      show=lambda rows, bot: f"<{len(rows)} rows>, {bot!r}", same=_close),
        hints=("Keep the rows of that bot; their 'winner' column is 1, 0 or a share of a tie.",
               "sum(r['winner'] for r in mine) / len(mine)"),
        why="A shared win counts as a fraction, so the shares of all bots add up to 1."),
    Exercise(
        4, "the crowns of a finished kingdom", FUNCTION,
        same_function("crowns_of_player", _crowns, _game_cases,
                      show=lambda game, player: f"<game seed {game.seed}>, {player}"),
        hints=("game.kingdom(player) is that player's kingdom; its squares carry the crowns.",
               "sum(half.crowns for cell, half in game.kingdom(player).squares())"),
        why="The crowns a player gathered: the other half of every property's score."),
    Exercise.value(
        5, "how wide a 95 % interval is", NUMBER,
        lambda: 1.96 * math.sqrt(0.25 / 40), tolerance=0.005,
        hints=("A share p measured over n games has a standard error of √(p(1 − p)/n).",
               "With p = ½ and n = 40: 1.96 × √(0.25 / 40)."),
        why="±1.96 standard errors: about ±0.15 over 40 games, ±0.04 over 600."),
)
