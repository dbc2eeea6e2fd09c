"""The league: decisions a second through the bot protocol against the same bots in-process.

* ``league.in_process``: a bot's decisions per CPU second when the kit calls it directly (two
  players, against ``random``): ``first`` (returns the first action: the driver's own cost) and
  ``greedy``;
* ``league.protocol``: the same bots as Python files run by the league (:mod:`kingdomino_kit.
  league.process`: a process of their own, confined as root, every decision a JSON line each way):
  decisions per wall second and per CPU second (the league's and the bot's processes together:
  ``time.process_time`` here plus the bot process's own, read from ``/proc/PID/stat``), and the
  start of a bot (process, interpreter, the kit's import, the handshake) in wall and CPU seconds
  (the bot's CPU from its launch to its answer to hello);
* ``league.small``: the wall seconds of a league of ``greedy``, ``random`` and a greedy file,
  two players, 12 games, one worker.

Wall figures depend on the machine's load (printed beside them); CPU figures much less.
``KK_BENCH_LEAGUE_GAMES`` sets the games per figure (default 6).
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.common import emit
from kingdomino_kit.bots import make_bot
from kingdomino_kit.draft import drive
from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.league.league import run_league
from kingdomino_kit.league.process import Confinement, Limits, ProgramBot

OPTIONS = GameOptions(players=2)
SOURCES = {
    "first": "def choose(observation, actions):\n    return actions[0]\n",
    "greedy": ("from kingdomino_kit.bots import make_bot\n"
               "BOT = make_bot('greedy', 1)\n"
               "def choose(observation, actions):\n"
               "    return BOT.choose(observation, actions)\n"),
}


class _Counted:
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.decisions = 0

    def choose(self, observation: Any, actions: Any) -> Any:
        self.decisions += 1
        return self.bot.choose(observation, actions)


class _First:
    def choose(self, observation: Any, actions: Any) -> Any:
        return actions[0]


def _in_process(name: str, games: int) -> dict[str, Any]:
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        bot = _Counted(_First() if name == "first" else make_bot("greedy", 1))
        drive(Game(OPTIONS, seed, record=False), [bot, make_bot("random", seed)])
        decisions += bot.decisions
    cpu = time.process_time() - start
    return {"decisions": decisions, "cpu_s": round(cpu, 4),
            "decisions_per_cpu_s": round(decisions / cpu, 1)}


def _bot_cpu(bot: ProgramBot) -> float:
    """CPU seconds the bot's process has used so far (``/proc/PID/stat``: user and system)."""
    proc = bot._proc
    if proc is None:
        return 0.0
    fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _protocol(name: str, games: int, folder: Path) -> dict[str, Any]:
    path = folder / f"{name}.py"
    path.write_text(SOURCES[name])
    place = Confinement.open(folder / "run")
    decisions = 0
    start_wall = start_cpu = play_wall = play_cpu = 0.0
    for seed in range(games):
        bot = ProgramBot(name, path, True, Limits(time_per_move=10), place)
        t0, c0 = time.monotonic(), time.process_time()
        bot.start(0, 1, OPTIONS)
        t1, c1, b1 = time.monotonic(), time.process_time(), _bot_cpu(bot)
        drive(Game(OPTIONS, seed, record=False), [bot, make_bot("random", seed)])
        t2, c2, b2 = time.monotonic(), time.process_time(), _bot_cpu(bot)
        bot.close()
        start_wall += t1 - t0
        play_wall += t2 - t1
        start_cpu += c1 - c0 + b1
        play_cpu += c2 - c1 + b2 - b1
        decisions += len(bot.seconds)
    return {"decisions": decisions, "decisions_per_wall_s": round(decisions / play_wall, 1),
            "decisions_per_cpu_s": round(decisions / play_cpu, 1),
            "start_wall_s": round(start_wall / games, 3),
            "start_cpu_s": round(start_cpu / games, 3), "confined": place.root}


def main() -> None:
    games = int(os.environ.get("KK_BENCH_LEAGUE_GAMES", "6"))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in SOURCES:
            load = os.getloadavg()[0]
            emit("league.in_process", bot=name, games=games, **_in_process(name, games),
                 load_average=round(load, 2))
            load = os.getloadavg()[0]
            emit("league.protocol", bot=name, games=games, **_protocol(name, games, folder),
                 load_average=round(load, 2))
        (folder / "greedy_file.py").write_text(SOURCES["greedy"])
        load = os.getloadavg()[0]
        wall = time.monotonic()
        run_league(["greedy", "random", str(folder / "greedy_file.py")], 12, OPTIONS,
                   out=folder / "results", seed=1)
        emit("league.small", games=12, wall_s=round(time.monotonic() - wall, 2),
             load_average=round(load, 2))


if __name__ == "__main__":
    main()
