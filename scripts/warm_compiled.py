"""Compile the numba kernels once, into their on-disk cache, before the test workers start.

Every kernel is ``@njit(cache=True)``: the first process to call it compiles it (about 2 min of
CPU in all) and writes the cache beside the module; later processes load it in a fraction of a
second. The kernels fall in groups (:data:`GROUPS`), compiled in processes side by side, each
process running its groups in order (a *lane*). By default (:data:`LANES`) two lanes, one a
core: the two-player endgame search in one; the solver's frame search and connected tiling,
the compiled games and then max-n and paranoid in the other. Max-n and paranoid call most of
the two-player search's kernels: by the time the second lane reaches them, the first has
compiled and cached those, and the second loads them (started at once beside the two-player
search, it would compile them a second time). ``make test`` runs this script first, so its
workers (pytest-xdist) load the kernels instead of each compiling them at once. Without numba
(or with ``KINGDOMINO_KIT_COMPILED=0``) it says so and does nothing.

    python scripts/warm_compiled.py              # the default lanes, side by side
    python scripts/warm_compiled.py games frames # these groups side by side, a process each
    python scripts/warm_compiled.py two+many     # these groups in order, in this process
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kingdomino_kit.game import Game


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


def _no_chance_left(players: int) -> Game:
    """A game of ``players`` played on (first legal action) until no chance is left."""
    from kingdomino_kit.game import Game, GameOptions
    from kingdomino_kit.game.endgame import no_chance_left

    game = Game(GameOptions(players=players), seed=3)
    while not no_chance_left(game.observation()):
        game.apply(game.legal_actions()[0])
    return game


def two() -> str:
    """The two-player endgame search (its value and its line)."""
    from kingdomino_kit.game.endgame import position
    from kingdomino_kit.game.endgame.compiled import Compiled

    tree, state = position(_no_chance_left(2))
    Compiled(tree).solve(state)
    return "two-player endgame search"


def many() -> str:
    """Max-n and paranoid search (three and four players), on the two-player kernels."""
    from kingdomino_kit.game.endgame import position
    from kingdomino_kit.game.endgame.compiled_many import CompiledMany

    four = _no_chance_left(4)
    for paranoid in (False, True):
        tree, state = position(four)
        tree.paranoid = paranoid
        CompiledMany(tree).solve(state)
    return "max-n and paranoid"


def frames() -> str:
    """The solver's compiled frame search and connected tiling (the 7×7 provers beside
    CP-SAT); twelve crowned dominoes fill the 5×5 frame."""
    import time as clock

    from kingdomino_kit.dominoes import dominoes
    from kingdomino_kit.rules import Rules
    from kingdomino_kit.solver.connected_tiling import connected_tiling
    from kingdomino_kit.solver.frame_compiled import frame_search_compiled

    frame_search_compiled(dominoes("41,44,47"), Rules(5, middle_kingdom=True, harmony=True),
                          clock.monotonic() + 600, -1)
    connected_tiling(dominoes("19,21,23,26,29,30,39,41,42,44,46,47"), Rules(5),
                     clock.monotonic() + 600)
    return "solver frame search and connected tiling"


GROUPS = {"games": games, "two": two, "many": many, "frames": frames}
LANES = ["two", "frames+games+many"]
"""The default lanes (``+`` joins the groups one process compiles in order): about the same CPU
each (measured with numba's compile events). A group loads what an earlier one, or the other
lane, has cached; a kernel two lanes compile at once is compiled twice, each writing its cache
file atomically."""


def run(lane: str) -> int:
    """The groups of ``lane`` (names joined by ``+``) in order in this process, a line each
    (what it compiled, its seconds)."""
    for name in lane.split("+"):
        start, cpu = time.perf_counter(), time.process_time()
        done = GROUPS[name]()
        print(f"{done} ({time.perf_counter() - start:.1f} s, {time.process_time() - cpu:.1f} "
              f"CPU s)", flush=True)
    return 0


def main(argv: list[str]) -> int:
    lanes = argv or LANES
    unknown = sorted({name for lane in lanes for name in lane.split("+")} - set(GROUPS))
    if unknown:
        print(f"warm_compiled: no group {', '.join(unknown)}; the groups are "
              f"{', '.join(GROUPS)} (a lane: groups joined by +)", file=sys.stderr)
        return 2
    from kingdomino_kit.game.fast.switch import available

    if not available():
        print("warm_compiled: numba is not in use here; nothing to compile", file=sys.stderr)
        return 0
    if len(lanes) == 1:
        return run(lanes[0])
    start = time.perf_counter()
    children = [subprocess.Popen([sys.executable, __file__, lane], stdout=subprocess.PIPE,
                                 text=True) for lane in lanes]
    names, failed = [], 0
    for child in children:
        out, _ = child.communicate()
        names.extend(out.strip().splitlines())
        failed |= child.returncode
    if failed:
        print("warm_compiled: a group failed (above)", file=sys.stderr)
        return 1
    print(f"warm_compiled: {'; '.join(names)} — compiled or loaded from the cache in "
          f"{time.perf_counter() - start:.1f} s ({len(lanes)} processes side by side)",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
