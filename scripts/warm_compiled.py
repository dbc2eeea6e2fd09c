"""Compile the numba kernels once, into their on-disk cache, before the test workers start.

Every kernel is ``@njit(cache=True)``: the first process to call it compiles it (20–45 s of
CPU in all) and writes the cache beside the module; later processes load it in a fraction of a
second. The kernels fall in two groups that share no compiled function, compiled side by side in
two processes. ``make test`` runs this script first, so its workers (pytest-xdist) load the kernels
instead of each compiling them at once. Without numba (or with ``KINGDOMINO_KIT_COMPILED=0``)
it says so and does nothing.

    python scripts/warm_compiled.py
"""

from __future__ import annotations

import random
import subprocess
import sys
import time


def games() -> str:
    """The compiled game (random and greedy seats) and the playouts."""
    from kingdomino_kit.game import Game, GameOptions
    from kingdomino_kit.game.fast.compiled import play_greedy_seeded
    from kingdomino_kit.game.greedy import Greedy
    from kingdomino_kit.game.montecarlo import candidate_moves, evaluate

    options = GameOptions(players=2)
    play_greedy_seeded(options, 1, [1, 2], [(1.0, 0.5), None])
    game = Game(options, seed=3)
    observation = game.observation()
    moves = candidate_moves(observation, Greedy(options, lookahead=False), 2)
    evaluate(observation, moves, random.Random(0), playouts=2)
    return "games (random and greedy seats), playouts"


def endgames() -> str:
    """The two-player endgame search, then max-n and paranoid (which call its kernels)."""
    from kingdomino_kit.game import Game, GameOptions
    from kingdomino_kit.game.endgame import no_chance_left, position
    from kingdomino_kit.game.endgame.compiled import Compiled
    from kingdomino_kit.game.endgame.compiled_many import CompiledMany

    game = Game(GameOptions(players=2), seed=3)
    while not no_chance_left(game.observation()):
        game.apply(game.legal_actions()[0])
    tree, state = position(game)
    Compiled(tree).solve(state)

    four = Game(GameOptions(players=4), seed=3)
    while not no_chance_left(four.observation()):
        four.apply(four.legal_actions()[0])
    for paranoid in (False, True):
        tree, state = position(four)
        tree.paranoid = paranoid
        CompiledMany(tree).solve(state)
    return "endgame search, max-n and paranoid"


def frames() -> str:
    """The solver's compiled frame search (the 7×7 prover beside CP-SAT)."""
    import time as clock

    from kingdomino_kit.dominoes import dominoes
    from kingdomino_kit.rules import Rules
    from kingdomino_kit.solver.frame_compiled import frame_search_compiled

    frame_search_compiled(dominoes("41,44,47"), Rules(5, middle_kingdom=True, harmony=True),
                          clock.monotonic() + 600, -1)
    return "solver frame search"


GROUPS = {"games": games, "endgames": endgames, "frames": frames}
"""Kernel groups that share no compiled function: each is compiled in a process of its own, the
groups side by side (each writes its own cache files, atomically)."""


def main(argv: list[str]) -> int:
    from kingdomino_kit.game.fast.switch import available

    if not available():
        print("warm_compiled: numba is not in use here; nothing to compile", file=sys.stderr)
        return 0
    if argv:
        print(GROUPS[argv[0]](), flush=True)
        return 0
    start = time.perf_counter()
    children = [subprocess.Popen([sys.executable, __file__, name], stdout=subprocess.PIPE,
                                 text=True) for name in GROUPS]
    names, failed = [], 0
    for child in children:
        out, _ = child.communicate()
        names.append(out.strip())
        failed |= child.returncode
    if failed:
        print("warm_compiled: a group failed (above)", file=sys.stderr)
        return 1
    print(f"warm_compiled: {', '.join(names)} compiled or loaded from the cache in "
          f"{time.perf_counter() - start:.1f} s (the groups side by side)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
