"""One game of a league: its seats' bots (the kit's, in this process; bot files, each in a
process of its own), its rows and its log.

Game ``index`` is dealt and seeded exactly as the tournament's game ``index``
(:mod:`kingdomino_kit.game.tournament`): block ``index // len(lineups)``, dealt by
``derive_seed(seed, "deal", block)``; seat ``p``'s bot seeded ``seat_seed(derive_seed(seed,
"bots", index), p)`` (a bot file gets that seed in the hello). So a league of the kit's bots plays
the very games ``tournament`` plays with the same seed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kingdomino_kit.bots import make_bot
from kingdomino_kit.draft import drive, is_trusted
from kingdomino_kit.game.game import Game
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.game.tournament import COLUMNS as TOURNAMENT_COLUMNS
from kingdomino_kit.league.entrants import Entrant
from kingdomino_kit.league.process import Confinement, Limits, ProgramBot
from kingdomino_kit.seeds import SEAT_SEEDS, derive_seed, seat_seed

__all__ = ["COLUMNS", "GameJob", "GameResult", "play_game"]

COLUMNS = (*TOURNAMENT_COLUMNS, "strikes", "forfeits", "out", "events")
"""A league's rows, one per game and seat: the tournament's, then the bot's strikes, the
decisions it forfeited, whether it was out (1/0), and its events as JSON (a list of
``{"decision", "kind", "detail"}``)."""


@dataclass(frozen=True)
class GameJob:
    """What a worker needs to play one game of a league."""

    index: int
    entrants: tuple[Entrant, ...]
    lineups: tuple[tuple[int, ...], ...]
    options: GameOptions
    seed: int
    limits: Limits
    base: Path
    hide: tuple[Path, ...]
    confined: bool = True
    bare: bool = False
    registry: Path | None = None


@dataclass(frozen=True)
class GameResult:
    """One game's rows (:data:`COLUMNS`) and log."""

    index: int
    rows: list[dict[str, Any]]
    log: dict[str, Any]


class _Timed:
    """A kit bot timed in CPU seconds, as the tournament times it."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = getattr(bot, "name", "bot")
        self.needs_observation = getattr(bot, "needs_observation", True)
        self.seconds: list[float] = []
        self.events: list[dict[str, Any]] = []
        self.strikes = 0
        self.forfeits = 0
        self.out = False

    def choose(self, observation: Any, actions: Sequence[Any]) -> Any:
        start = time.process_time()
        action = self.bot.choose(observation, actions)
        self.seconds.append(time.process_time() - start)
        return action


class _TimedTrusted(_Timed):
    trusted = True


def play_game(job: GameJob) -> GameResult:
    """Play game ``job.index`` (see the module); every bot process is ended before it returns,
    whatever happens."""
    block, j = divmod(job.index, len(job.lineups))
    deal_seed = derive_seed(job.seed, "deal", block)
    bot_seed = derive_seed(job.seed, "bots", job.index)
    seats = [job.entrants[i] for i in job.lineups[j]]
    place = Confinement.open(job.base, job.hide, confined=job.confined, bare=job.bare,
                             registry=job.registry)
    bots: list[Any] = []
    try:
        for p, entrant in enumerate(seats):
            if entrant.path is not None:
                program = ProgramBot(entrant.name, entrant.path, entrant.python, job.limits,
                                     place)
                bots.append(program)
                program.start(p, seat_seed(bot_seed, p), job.options)
            else:
                bot = make_bot(entrant.spec, seat_seed(bot_seed, p))
                bots.append(_TimedTrusted(bot) if is_trusted(bot) else _Timed(bot))
        game = Game(job.options, deal_seed)
        drive(game, bots)
        for bot in bots:
            if isinstance(bot, ProgramBot):
                bot.finish(game.scores(), game.winners())
    finally:
        for bot in bots:
            if isinstance(bot, ProgramBot):
                bot.close()
    names = [e.name for e in seats]
    log = game.log() | {"bots": names, "bot_seeds": SEAT_SEEDS}
    return GameResult(job.index, _rows(job, block, j, deal_seed, game, names, bots), log)


def _rows(job: GameJob, block: int, lineup: int, deal_seed: int, game: Game,
          names: list[str], bots: list[Any]) -> list[dict[str, Any]]:
    keys = game.tiebreak_keys()
    scores = game.scores()
    winners = game.winners()
    rows = []
    for p, name in enumerate(names):
        others = [s for q, s in enumerate(scores) if q != p]
        bot = bots[p]
        rows.append({"game": job.index, "block": block, "lineup": lineup, "seed": deal_seed,
                     "players": job.options.players, "player": p, "bot": name,
                     "score": scores[p], "rank": 1 + sum(k > keys[p] for k in keys),
                     "win": 1 / len(winners) if p in winners else 0.0,
                     "margin": scores[p] - max(others), "decisions": len(bot.seconds),
                     "seconds": round(sum(bot.seconds), 4),
                     "max_seconds": round(max(bot.seconds, default=0.0), 4),
                     "strikes": bot.strikes, "forfeits": bot.forfeits, "out": int(bot.out),
                     "events": json.dumps(bot.events, separators=(",", ":"))})
    return rows
