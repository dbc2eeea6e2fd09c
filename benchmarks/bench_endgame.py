"""The exact endgame solver: how many endgames it solves in time, per setting.

For each setting — 2 players, 2 players Mighty Duel, 3 players, 4 players, all with both
bonuses — ``KK_BENCH_ENDGAME_GAMES`` (default 200) seeded games are played by four ``greedy``
bots up to the first position where no chance is left (2 players and 3 players: the last line
on the table; Mighty Duel and 4 players: one round earlier, the last line known by
elimination) and that position is solved with a 10-second limit — by the compiled search
(minimax with two players, max-n with three and four) when numba is there (the extra ``fast``;
compiled or read from numba's disk cache by an untimed first solve), else by the Python one
(``engine`` says which). One JSON line per setting (``endgame.<setting>``): positions, the
share solved within 1 s and within 10 s, the median and 99th percentile of the time (CPU
seconds of this process; an unsolved position counts as over 10 s, and a figure past it is
null) and the worst position's (``max_s``), the median and 99th percentile of the nodes
searched and the most of one position (``max_nodes``; an unsolved position: the nodes when it
stopped), the nodes searched per CPU second of the whole solve (``nodes_per_s``: the line
also played on a copy of the game, every rule checked) and of the search alone
(``search_nodes_per_s``: :attr:`EndgameResult.cpu_seconds
<kingdomino_kit.game.endgame.EndgameResult.cpu_seconds>`, from the position's tree to its value
and line), and the load average beside them. The 10 s
limit is wall-clock time: on a loaded machine a position can stop before 10 CPU seconds. The
goals, ≥ 97 % within 1 s on one core: Mighty Duel, 3 players and 4 players.

::

    .venv/bin/python -m benchmarks endgame                       # the real run (quiet machine)
    KK_BENCH_ENDGAME_GAMES=3 .venv/bin/python -m benchmarks endgame   # a smoke run
    KK_BENCH_ENDGAME_SETTINGS=2p_mighty_duel .venv/bin/python -m benchmarks endgame   # the goal
    make bench-endgame            # the whole group into docs/measured/endgame_bench.jsonl
"""

from __future__ import annotations

import os
import time

from benchmarks.common import emit
from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.game.bots import GreedyBot
from kingdomino_kit.game.endgame import no_chance_left, solve
from kingdomino_kit.game.fast.switch import available
from kingdomino_kit.rules import Rules
from kingdomino_kit.seeds import derive_seed

SEED = 2026
BOTH = Rules(middle_kingdom=True, harmony=True)
LIMIT = 10.0
SETTINGS = {
    "2p": GameOptions(players=2, rules=BOTH),
    "2p_mighty_duel": GameOptions(players=2, variant="mighty-duel",
                                  rules=Rules(7, middle_kingdom=True, harmony=True)),
    "3p": GameOptions(players=3, rules=BOTH),
    "4p": GameOptions(players=4, rules=BOTH),
}


def endgame(options: GameOptions, seed: int) -> Game:
    """A game of four (or fewer) greedy bots, stopped where no chance is left."""
    game = Game(options, seed, record=False)
    bots = [GreedyBot(derive_seed(seed, "bot", p)) for p in range(options.players)]
    while not no_chance_left(game.observation()):
        actions = game.legal_actions()
        player = game.current_player
        assert player is not None
        action = actions[0] if len(actions) == 1 else bots[player].choose(
            game.observation(player), actions)
        game.apply(action)
    return game


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def finite(seconds: float) -> float | None:
    """Seconds rounded, or None past the limit (JSON has no infinity)."""
    return None if seconds == float("inf") else round(seconds, 4)


def bench(name: str, options: GameOptions, games: int) -> None:
    # the compiled kernels (numba there) are compiled or read from the disk
    # cache by a first, untimed solve: a one-off cost, not the solver's
    solve(endgame(options, derive_seed(SEED, "endgame", name, "warm")), time_limit=LIMIT)
    times: list[float] = []
    counts: list[float] = []
    nodes = 0
    cpu_total = 0.0
    cpu_search = 0.0
    for i in range(games):
        game = endgame(options, derive_seed(SEED, "endgame", name, i))
        start = time.process_time()
        result = solve(game, time_limit=LIMIT)
        cpu = time.process_time() - start
        cpu_total += cpu
        cpu_search += result.cpu_seconds
        nodes += result.nodes
        counts.append(result.nodes)
        times.append(cpu if result.status == "OPTIMAL" else float("inf"))
    emit(f"endgame.{name}", positions=games,
         solved_1s=round(sum(t <= 1.0 for t in times) / games, 4),
         solved_10s=round(sum(t <= LIMIT for t in times) / games, 4),
         median_s=finite(percentile(times, 0.5)), p99_s=finite(percentile(times, 0.99)),
         max_s=finite(max(times)), max_nodes=int(max(counts)),
         median_nodes=int(percentile(counts, 0.5)), p99_nodes=int(percentile(counts, 0.99)),
         nodes_per_s=round(nodes / cpu_total) if cpu_total else None,
         search_nodes_per_s=round(nodes / cpu_search) if cpu_search else None,
         engine="compiled" if available() else "python",
         load_average=round(os.getloadavg()[0], 2))


def main() -> None:
    games = int(os.environ.get("KK_BENCH_ENDGAME_GAMES", "200"))
    wanted = os.environ.get("KK_BENCH_ENDGAME_SETTINGS", ",".join(SETTINGS)).split(",")
    unknown = set(wanted) - set(SETTINGS)
    if unknown:
        raise SystemExit(f"KK_BENCH_ENDGAME_SETTINGS: unknown {sorted(unknown)}; the settings "
                         f"are {', '.join(SETTINGS)}")
    for name, options in SETTINGS.items():
        if name not in wanted:
            continue
        bench(name, options, games)


if __name__ == "__main__":
    main()
