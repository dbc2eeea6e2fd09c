"""Kingdoms speed: board scoring, whole games (random and greedy bots), castle puzzles."""

from __future__ import annotations

import random
import time

from benchmarks.common import emit, rate
from kingdomino_kit.bots import RandomBot
from kingdomino_kit.kingdoms import Board, Castle, KingdomsRules, play_game, score_board, tile_set
from kingdomino_kit.kingdoms.board import CELLS
from kingdomino_kit.kingdoms.bots import GreedyBot


def _boards(n: int) -> list[Board]:
    rng = random.Random(0)
    out = []
    for _ in range(n):
        pieces = list(tile_set()) + [Castle(p, r) for p in "abc"
                                     for r in (1, 1, 1, 2, 2, 2, 3, 3, 4)]
        rng.shuffle(pieces)
        out.append(Board([dict(zip(rng.sample(CELLS, 30), pieces, strict=False)).get(c)
                          for c in CELLS]))
    return out


def main() -> None:
    boards = _boards(200)
    emit("kingdoms_score_board", boards_per_s=round(rate(
        lambda: sum(1 for b in boards if score_board(b).gold is not None))))
    seeds = iter(range(10**9))

    def random_game() -> int:
        s = next(seeds)
        play_game(KingdomsRules(players=3), [RandomBot(s), RandomBot(s + 1), RandomBot(s + 2)],
                  seed=s)
        return 1

    emit("kingdoms_random_game_3p", games_per_s=round(rate(random_game), 1))
    start = time.perf_counter()
    for s in range(3):
        play_game(KingdomsRules(players=2), [GreedyBot(s), RandomBot(s)], seed=s)
    emit("kingdoms_greedy_game_2p", seconds_per_game=round((time.perf_counter() - start) / 3, 3))
    from kingdomino_kit.kingdoms.puzzles import castle_puzzles
    from kingdomino_kit.kingdoms.solver import solve_castles

    for puzzle in castle_puzzles():
        start = time.perf_counter()
        solution = solve_castles(puzzle.problem)
        emit("kingdoms_castle_puzzle", puzzle=puzzle.id, status=solution.status,
             seconds=round(time.perf_counter() - start, 3))


if __name__ == "__main__":
    main()
