"""Game engine speed: 4-player games per second on one core, against a plain engine in the same
run, and memory over many games.

* ``game.reference``: random 4-player games played by the plain engine of
  ``benchmarks/reference_engine.py`` (placements by trying every pair of cells, scores by flood
  fill) — the very games the kit plays, the yardstick of every ratio below;
* ``game.random_compiled``: the same random games compiled with numba (the optional extra
  ``fast``: :func:`~kingdomino_kit.game.fast.compiled.play_random_seeded`, what ``simulate`` plays
  for random bots when it is installed), and its ratio to the reference — target ≥ 80;
  ``game.random``: the pure-Python fast path
  (:func:`~kingdomino_kit.game.fast.play.play_random`, the default without numba);
  ``game.random_bitgame``: the same games on the readable playout engine (``BitGame`` and
  ``RandomPolicy``: the fast path before this one); ``game.random_engine``: through the general
  engine (``play`` + ``RandomBot``);
* ``game.greedy_compiled``: four greedy bots compiled (``simulate``'s with numba:
  :func:`~kingdomino_kit.game.fast.compiled.play_greedy_seeded`), its games a second over the
  reference's random games a second — target ≥ 1.6; ``game.greedy``: the pure-Python fast
  path (:func:`~kingdomino_kit.game.fast.play.play_fast`), and the same with the greedy values
  computed the readable way (``greedy_plain``: the readable ``Greedy``, the values before
  the fast ones);
  ``game.greedy_engine``: four ``GreedyBot`` through ``play``;
* ``game.greedy_playouts``: greedy playouts (everyone the one-step greedy, from an observation
  after round 1, as the Monte Carlo bots play them) a second, fast and plain values, and
  compiled (:func:`~kingdomino_kit.game.fast.compiled.playout_scores`, what the bots play when
  numba is installed: the position's arrays made once, each playout dealt anew, as a bot
  makes them for one decision) with its speed-up over the plain values — target ≥ 10;
* ``game.simulate``: ``simulate`` end to end (seeds, bots, rows, summary) over 2,000 random games;
* ``game.memory``: resident memory while ``simulate`` streams many random games
  (``KK_BENCH_MEMORY_GAMES``, default 10,000) and tracemalloc's count over the last half.

Rates are per CPU second of this process (``time.process_time``), so they mean "one core" even
on a loaded machine; the wall-clock rate and the load average are printed beside them.
``KK_BENCH_GAME_SECONDS`` (default 3) is the CPU time each rate is measured over.
"""

from __future__ import annotations

import os
import random
import time
import tracemalloc
from collections.abc import Callable

from benchmarks.common import emit
from benchmarks.reference_engine import play_random_game
from kingdomino_kit.bots import RandomBot
from kingdomino_kit.game import Game, GameOptions, play
from kingdomino_kit.game.bots import GreedyBot, fast_seats
from kingdomino_kit.game.fast import compiled
from kingdomino_kit.game.fast.greedy import ENGINES
from kingdomino_kit.game.fast.play import play_fast, play_random
from kingdomino_kit.game.greedy import Greedy, GreedyPolicy
from kingdomino_kit.game.playout import BitGame, RandomPolicy
from kingdomino_kit.game.simulate import simulate, summarize

SEED = 2024
OPTIONS = GameOptions(players=4)


def cpu_rate(work: Callable[[int], None], seconds: float = 2.0, repeats: int = 3
             ) -> tuple[float, float]:
    """Best of ``repeats``: games per CPU second and per wall second (``work(i)`` plays game i)."""
    best_cpu = best_wall = 0.0
    i = 0
    for _ in range(repeats):
        done = 0
        c0, w0 = time.process_time(), time.perf_counter()
        while time.process_time() - c0 < seconds / repeats:
            work(i)
            i += 1
            done += 1
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        best_cpu = max(best_cpu, done / cpu)
        best_wall = max(best_wall, done / wall)
    return best_cpu, best_wall


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as handle:
            pages = int(handle.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    except (OSError, ValueError):
        return 0.0


def main() -> None:
    load = round(os.getloadavg()[0], 2)
    seconds = float(os.environ.get("KK_BENCH_GAME_SECONDS", "3"))

    def reference(i: int) -> None:
        play_random_game(OPTIONS, SEED + i, [i * 4 + p for p in range(4)])

    def built(i: int) -> None:
        compiled.play_random_seeded(OPTIONS, SEED + i, [i * 4 + p for p in range(4)])

    def fast(i: int) -> None:
        play_random(OPTIONS, SEED + i, [RandomBot(i * 4 + p) for p in range(4)])

    def bitgame(i: int) -> None:
        BitGame(OPTIONS, SEED + i).run([RandomPolicy(random.Random(i * 4 + p))
                                        for p in range(4)])

    def engine(i: int) -> None:
        play([RandomBot(i * 4 + p) for p in range(4)], OPTIONS, SEED + i, record=False)

    def greedy_built(i: int) -> None:
        compiled.play_greedy_seeded(OPTIONS, SEED + i, [i * 4 + p for p in range(4)],
                                    [(3.0, 0.5)] * 4)

    def greedy(i: int) -> None:
        play_fast(OPTIONS, SEED + i, fast_seats([GreedyBot(i * 4 + p) for p in range(4)]) or [])

    def greedy_plain(i: int) -> None:
        game = BitGame(OPTIONS, SEED + i)
        game.run([GreedyPolicy(Greedy(OPTIONS), random.Random(i * 4 + p))
                  for p in range(4)])

    def greedy_engine(i: int) -> None:
        play([GreedyBot(i * 4 + p) for p in range(4)], OPTIONS, SEED + i, record=False)

    ref_cpu, ref_wall = cpu_rate(reference, seconds)
    emit("game.reference", games_per_second=round(ref_cpu, 1),
         wall_games_per_second=round(ref_wall, 1), engine="benchmarks/reference_engine.py",
         players=4, seed=SEED, load_average=load)
    lines: list[tuple[str, Callable[[int], None], float | None]] = []
    if compiled.available():
        built(0)  # compiled (or read from the cache) off the clock
        greedy_built(0)
        lines += [("game.random_compiled", built, 80), ("game.greedy_compiled", greedy_built,
                                                        1.6)]
    else:
        for name in ("game.random_compiled", "game.greedy_compiled"):
            emit(name, skipped="numba is not installed (the extra fast)", load_average=load)
    lines += [("game.random", fast, 80), ("game.random_bitgame", bitgame, None),
              ("game.random_engine", engine, None), ("game.greedy", greedy, 1.6),
              ("game.greedy_plain", greedy_plain, None),
              ("game.greedy_engine", greedy_engine, None)]
    for name, work, target in lines:
        cpu, wall = cpu_rate(work, seconds)
        figures = {"games_per_second": round(cpu, 1), "wall_games_per_second": round(wall, 1),
                   "reference_games_per_second": round(ref_cpu, 1),
                   "ratio_to_reference": round(cpu / ref_cpu, 2), "players": 4, "seed": SEED,
                   "load_average": load}
        if target is not None:
            figures["target_ratio"] = target
        emit(name, **figures)
    playouts(seconds, ref_cpu, load)

    c0, w0 = time.process_time(), time.perf_counter()
    summarize(simulate(2000, "random", OPTIONS, seed=SEED, progress=False))
    emit("game.simulate", games_per_second=round(2000 / (time.process_time() - c0), 1),
         wall_games_per_second=round(2000 / (time.perf_counter() - w0), 1), games=2000,
         players=4, seed=SEED, load_average=load)
    memory(int(os.environ.get("KK_BENCH_MEMORY_GAMES", "10000")), load)


def playouts(seconds: float, ref_cpu: float, load: float) -> None:
    """Emit ``game.greedy_playouts``: greedy playouts from an observation after round 1, fast
    and plain greedy values."""
    game = Game(OPTIONS, SEED)
    bots = [GreedyBot(p) for p in range(4)]
    while game.round < 2:
        player = game.current_player
        assert player is not None
        game.apply(bots[player].choose(game.observation(player), game.legal_actions()))
    observation = game.observation()
    rates = {}
    for engine in ("fast", "plain"):
        greedy = ENGINES[engine](OPTIONS, lookahead=False)

        def playout(i: int, greedy: Greedy = greedy) -> None:
            rng = random.Random(i)
            BitGame.from_observation(observation, rng).run(
                [GreedyPolicy(greedy, rng) for _ in range(4)])

        rates[engine] = cpu_rate(playout, seconds)[0]
    extra = {}
    if compiled.available():
        one_step = Greedy(OPTIONS, lookahead=False)
        template = compiled.PlayoutPosition.of_observation(observation)  # once a decision

        def compiled_playout(i: int) -> None:
            position = template.dealt(random.Random(i))
            compiled.playout_scores(position, None, None, i, [True] * 4, one_step.hole,
                                    one_step.adjacency)

        compiled_playout(0)  # compiled (or read from the cache) off the clock
        rate = cpu_rate(compiled_playout, seconds)[0]
        extra = {"compiled_playouts_per_second": round(rate, 1),
                 "compiled_speedup": round(rate / rates["plain"], 2),
                 "compiled_ratio_to_reference": round(rate / ref_cpu, 2)}
    emit("game.greedy_playouts", playouts_per_second=round(rates["fast"], 1),
         plain_playouts_per_second=round(rates["plain"], 1),
         speedup=round(rates["fast"] / rates["plain"], 2),
         ratio_to_reference=round(rates["fast"] / ref_cpu, 2), **extra, from_round=2,
         players=4, seed=SEED, load_average=load)


def memory(games: int, load: float) -> None:
    """Emit ``game.memory``: RSS at every tenth of ``games`` streamed random games."""
    samples: list[float] = []
    step = max(1, games // 10)

    def rows():  # type: ignore[no-untyped-def]
        for row in simulate(games, "random", OPTIONS, seed=SEED, progress=False):
            if row["player"] == 0 and row["game"] % step == 0:
                samples.append(rss_mb())
            yield row

    start = time.perf_counter()
    summary = summarize(rows())
    elapsed = time.perf_counter() - start
    tracemalloc.start()
    summarize(simulate(1000, "random", OPTIONS, seed=SEED + 1, progress=False))
    mid, _ = tracemalloc.get_traced_memory()
    summarize(simulate(1000, "random", OPTIONS, seed=SEED + 2, progress=False))
    end, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    emit("game.memory", games=games, rss_mb_first_tenth=round(samples[1], 1),
         rss_mb_end=round(rss_mb(), 1), rss_mb_max_growth_after_first_tenth=round(
             max(samples[1:] + [rss_mb()]) - samples[1], 2),
         traced_kb_growth_over_1000_games=round((end - mid) / 1024, 1),
         mean_score=summary[0]["mean_score"], wall_seconds=round(elapsed, 1),
         load_average=load)


if __name__ == "__main__":
    main()
