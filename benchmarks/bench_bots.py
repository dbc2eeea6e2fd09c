"""Bots and coach: playouts per second, the CPU time of a ``strong`` turn, and coaching a game.

* ``bots.playouts``: greedy playouts on bitboards (:class:`~kingdomino_kit.game.playout.BitGame`
  dealt from an observation after round 1, everyone the one-step greedy, as in ``mce``'s
  playouts) per CPU second — the currency the Monte Carlo bots spend;
* ``bots.strong_turn``: CPU seconds of ``strong`` at its default budget per turn (a placement
  and the claim after it) over one seeded 4-player game against three ``greedy``, both bonuses
  on (mean and the longest turn);
* ``bots.coach``: CPU seconds to coach one player of a 4-player game (three ``greedy`` and a
  ``random``, both bonuses) at the coach's default budget, split into the decisions and the two
  proofs of the best kingdoms (``KK_BENCH_COACH=0`` skips it).

Every figure is CPU time of this process (``time.process_time``: one core, whatever the load;
the solver runs one worker), the load average printed beside it.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

from benchmarks.common import emit, rate
from kingdomino_kit.bots import make_bot
from kingdomino_kit.dominoes import domino
from kingdomino_kit.game import Game, GameOptions, play
from kingdomino_kit.game.coach import DEFAULT_SECONDS, coach
from kingdomino_kit.game.greedy import Greedy, GreedyPolicy
from kingdomino_kit.game.montecarlo import DEFAULT_STEPS
from kingdomino_kit.game.playout import BitGame
from kingdomino_kit.game.tournament import play_game
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver import best_kingdom_under
from kingdomino_kit.solver.ordered import best_in_order

SEED = 2026
OPTIONS = GameOptions(players=4, rules=Rules(middle_kingdom=True, harmony=True))


def main() -> None:
    load = round(os.getloadavg()[0], 2)
    game = Game(OPTIONS, SEED)
    bots = [make_bot("greedy", p) for p in range(4)]
    while game.round < 2:
        drive_one(game, bots)
    observation = game.observation()
    greedy = Greedy(OPTIONS, lookahead=False)  # the playouts' one-step greedy
    rng = random.Random(SEED)

    def playout() -> int:
        fast = BitGame.from_observation(observation, rng)
        fast.run([GreedyPolicy(greedy, rng) for _ in range(4)])
        return 1

    emit("bots.playouts", playouts_per_second=round(rate(playout, 3.0), 1), policy="greedy",
         from_round=2, players=4, load_average=load)

    _, seconds = play_game(["strong", "greedy", "greedy", "greedy"], OPTIONS, SEED, SEED)
    turns = OPTIONS.rounds + 1  # rounds 0 (claims only) to the last (placements only)
    emit("bots.strong_turn", seconds_per_turn=round(sum(seconds[0]) / turns, 3),
         longest_decision=round(max(seconds[0]), 3), decisions=len(seconds[0]),
         steps=DEFAULT_STEPS, players=4, seed=SEED, load_average=load)

    if os.environ.get("KK_BENCH_COACH", "1") != "0":
        bench_coach(load)


def drive_one(game: Game, bots: list[Any]) -> None:
    """One action of the king to move, chosen by its player's bot."""
    player = game.current_player
    assert player is not None
    game.apply(bots[player].choose(game.observation(player), game.legal_actions()))


def bench_coach(load: float) -> None:
    log = play([make_bot("greedy", 1), make_bot("greedy", 2), make_bot("greedy", 3),
                make_bot("random", 4)], OPTIONS, SEED).log()
    start = time.process_time()
    report = coach(log, 3, solve=False)
    decisions = time.process_time() - start
    doms = [domino(n) for n in report.dominoes]
    start = time.process_time()
    free = best_kingdom_under(doms, OPTIONS.rules, workers=1)
    rearranged = time.process_time() - start
    start = time.process_time()
    ordered = best_in_order(doms, rules=OPTIONS.rules, workers=1)
    in_order = time.process_time() - start
    emit("bots.coach", total_seconds=round(decisions + rearranged + in_order, 1),
         decisions_seconds=round(decisions, 1), decisions=len(report.decisions),
         seconds_per_decision=DEFAULT_SECONDS, rearranged_seconds=round(rearranged, 1),
         rearranged=f"{free.score} {free.status.value}", in_order_seconds=round(in_order, 1),
         in_order=f"{ordered.score} {ordered.status.value}", players=4, seed=SEED,
         load_average=load, target_seconds=120)


if __name__ == "__main__":
    main()
