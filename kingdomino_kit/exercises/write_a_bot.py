"""The exercises of ``13_write_a_bot``: a placement's text command, the games a league needs,
the lower bound of a pairwise share, a bot that beats ``random`` and one that beats ``greedy``
more often than not — each bot played by the checker on paired deals, the verdict with its
confidence.

>>> share, low, high, confident = match(lambda obs, actions: actions[0], "random", blocks=2)
>>> 0 <= low <= share <= high <= 1, 0 <= confident <= 1
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from kingdomino_kit.bots import make_bot
from kingdomino_kit.draft import drive
from kingdomino_kit.errors import IllegalAction
from kingdomino_kit.exercises.answer_kinds import (
    FUNCTION,
    NUMBER,
    WHOLE_NUMBER,
    Kind,
    WrongKind,
    describe,
)
from kingdomino_kit.exercises.checker import NotAnswered, StudentCodeError
from kingdomino_kit.exercises.sheet import Check, sheet, value
from kingdomino_kit.game.game import Game
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.infra.intervals import mean_interval
from kingdomino_kit.seeds import derive_seed, seat_seed

__all__ = ["BLOCK_SHARES", "COMMAND", "EXERCISES", "SEED", "match"]

SEED = 2026
"""The seed of the checker's deals."""
BLOCK_SHARES = (1.0, 0.5, 1.0, 0.5, 1.0, 0.0, 1.0, 0.5, 1.0, 0.5)
"""Exercise 3: bot A's share against bot B in each of ten blocks of paired deals."""
Z95 = 1.96


def _command(value: Any) -> str:
    if not isinstance(value, str):
        raise WrongKind(f"expects a text command such as 'PICK 7', not {describe(value)}")
    return " ".join(value.split()).upper()


COMMAND = Kind("a text command such as 'PICK 7'", _command)


class _Student:
    """The student's function as a bot whose errors and illegal actions are feedback."""

    trusted = False

    def __init__(self, function: Callable[[Any, Any], Any]) -> None:
        self.function = function
        self.name = getattr(function, "__name__", "your bot")

    def choose(self, observation: Any, actions: Any) -> Any:
        try:
            action = self.function(observation, actions)
        except Exception as error:  # the student's code: any error is feedback
            text = " ".join(str(error).split())
            raise StudentCodeError(f"{self.name} raised {type(error).__name__}"
                                   + (f": {text}" if text else "")) from None
        if action is None:
            raise NotAnswered(f"{self.name} returns nothing yet: write its body and `return` "
                              "one of the actions, then run the cell again.")
        return action


def match(function: Callable[[Any, Any], Any], opponent: str, blocks: int,
          seed: int = SEED) -> tuple[float, float, float, float]:
    """The student's bot against ``opponent`` on ``blocks`` paired deals, two players, each
    deal played in both seatings: its share of games won (a tie half) with its 95 % interval
    over blocks, and the confidence that it wins more often than not (the normal
    approximation of the block means)."""
    shares = []
    for block in range(blocks):
        deal = derive_seed(seed, "deal", block)
        won = 0.0
        for seat in (0, 1):
            other = make_bot(opponent, seat_seed(derive_seed(seed, "bots", block), seat))
            bots: list[Any] = [_Student(function), other] if seat == 0 else [
                other, _Student(function)]
            game = Game(GameOptions(players=2), deal, record=False)
            try:
                drive(game, bots)
            except IllegalAction as error:
                raise StudentCodeError(f"your bot played an illegal action: {error}") from None
            keys = game.tiebreak_keys()
            won += 1.0 if keys[seat] > keys[1 - seat] else 0.5 if keys[0] == keys[1] else 0.0
        shares.append(won / 2)
    share, low, high = mean_interval(shares)
    spread = (high - share) / Z95
    confident = (1.0 if share > 0.5 else 0.0) if spread == 0 else 0.5 * (
        1 + math.erf((share - 0.5) / spread / math.sqrt(2)))
    return share, max(0.0, low), min(1.0, high), confident


def _beats(opponent: str, blocks: int) -> Callable[[Any], str | None]:
    def judge(function: Any) -> str | None:
        share, low, high, confident = match(function, opponent, blocks)
        said = (f"won {share:.0%} of {2 * blocks} games against {opponent} on {blocks} paired "
                f"deals (95 % interval {low:.0%}–{high:.0%}; {confident:.0%} confident it wins "
                "more often than not)")
        if share > 0.5:
            print(f"{getattr(function, '__name__', 'your bot')} {said}")
            return None
        return f"it {said}: not more often than not"
    return judge


def _lower_bound() -> float:
    return round(mean_interval(list(BLOCK_SHARES))[1], 3)


_WORDS = """
1. a placement's text command
hint: PUT x y r: x is the column and y the row of the first half, castle-relative; r is where the
  second half lies: 0 right, 1 down, 2 left, 3 up.
hint: The first half is at row 1, column 0; the second at row 1, column −1: to its left.
why: Column 0, row 1, and the second half one column to the left: direction 2.

2. the games of a league
hint: A two-player league plays every pair of bots in both seatings: count the ordered pairs of
  different bots.
hint: 5 bots for the first seat, then 4 others for the second.
why: 5 × 4 = 20 line-ups: each pair of bots in both seatings, one game each per deal.

3. the lower bound of a pairwise share
hint: The interval is the mean of the ten block shares ± 1.96 standard errors; the standard error
  is the standard deviation (n − 1 in its denominator) over √10.
hint: statistics.mean and statistics.stdev do the work; the lower bound is mean − 1.96 · stdev /
  √10.
why: mean 0.7, stdev 0.35, so 0.7 − 1.96 × 0.35 / √10 ≈ 0.483: below one half, so the league does
  not yet say that A beats B.

4. a bot that beats random
hint: choose(observation, actions) gets what your player sees and the legal actions: return one of
  them. A Claim has .domino; a Placement has .domino, .first and .second.
hint: Try each placement on a copy of your kingdom
  (observation.kingdoms[observation.player].copy(), then .place(p) and .score()) and keep the best;
  claim the highest-numbered domino.
why: Even a one-move look at the score beats random play nearly every time.

5. a bot that beats greedy more often than not
hint: greedy already takes the placement worth most now: to beat it, look further — play the game
  on from each candidate, many times.
hint: The kit's Monte Carlo evaluation does that: make_bot('mce:steps=1000', seed) is a bot; build
  yours around it, or write your own playouts.
why: Looking ahead by playing the game on beats a one-move look more often than not.
"""

EXERCISES = sheet(_WORDS, {
    1: value(COMMAND, "PUT 0 1 2"),
    2: value(WHOLE_NUMBER, 5 * 4),
    3: value(NUMBER, _lower_bound, tolerance=0.005),
    4: Check(FUNCTION, _beats("random", 6)),
    5: Check(FUNCTION, _beats("greedy", 8)),
})
