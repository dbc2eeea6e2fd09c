"""Compile the numba kernels once, into their on-disk cache, before the test workers start.

Every kernel is ``@njit(cache=True)``: the first process to call it compiles it (20–45 s of
CPU in all) and writes the cache beside the module; later processes load it in a fraction of a
second. ``make test`` runs this script first, so its workers (pytest-xdist) load the kernels
instead of each compiling them at once. Without numba (or with ``KINGDOMINO_KIT_COMPILED=0``)
it says so and does nothing.

    python scripts/warm_compiled.py
"""

from __future__ import annotations

import random
import sys
import time


def warm() -> list[str]:
    """Call each compiled kernel once on a small game; the names of what was warmed."""
    from kingdomino_kit.game import Game, GameOptions
    from kingdomino_kit.game.endgame import no_chance_left, position
    from kingdomino_kit.game.endgame.compiled import Compiled
    from kingdomino_kit.game.endgame.compiled_many import CompiledMany
    from kingdomino_kit.game.fast.compiled import play_greedy_seeded
    from kingdomino_kit.game.greedy import Greedy
    from kingdomino_kit.game.montecarlo import candidate_moves, evaluate

    warmed = []
    options = GameOptions(players=2)
    play_greedy_seeded(options, 1, [1, 2], [(1.0, 0.5), None])
    warmed.append("games (random and greedy seats)")

    game = Game(options, seed=3)
    observation = game.observation()
    moves = candidate_moves(observation, Greedy(options, lookahead=False), 2)
    evaluate(observation, moves, random.Random(0), playouts=2)
    warmed.append("playouts")

    while not no_chance_left(game.observation()):
        game.apply(game.legal_actions()[0])
    tree, state = position(game)
    Compiled(tree).solve(state)
    warmed.append("endgame search")

    four = Game(GameOptions(players=4), seed=3)
    while not no_chance_left(four.observation()):
        four.apply(four.legal_actions()[0])
    for paranoid in (False, True):
        tree, state = position(four)
        tree.paranoid = paranoid
        CompiledMany(tree).solve(state)
    warmed.append("max-n and paranoid search")
    return warmed


def main() -> int:
    from kingdomino_kit.game.fast.switch import available

    if not available():
        print("warm_compiled: numba is not in use here; nothing to compile", file=sys.stderr)
        return 0
    start = time.perf_counter()
    names = warm()
    print(f"warm_compiled: {', '.join(names)} compiled or loaded from the cache in "
          f"{time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
