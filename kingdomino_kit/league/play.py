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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kingdomino_kit.bots import make_bot
from kingdomino_kit.draft import drive
from kingdomino_kit.game.game import Game
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.game.tournament import COLUMNS as TOURNAMENT_COLUMNS
from kingdomino_kit.game.tournament import game_rows, timed_bot
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
                bots.append(timed_bot(make_bot(entrant.spec, seat_seed(bot_seed, p))))
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
    rows = game_rows(job.index, block, lineup, deal_seed, game, names, [b.seconds for b in bots])
    return [row | _league_columns(bot) for row, bot in zip(rows, bots, strict=True)]


def _league_columns(bot: Any) -> dict[str, Any]:
    """A bot file's strikes, forfeits, whether it is out and its events; none for a bot of the
    kit (it plays in this process, under no limit)."""
    if not isinstance(bot, ProgramBot):
        return {"strikes": 0, "forfeits": 0, "out": 0, "events": "[]"}
    return {"strikes": bot.strikes, "forfeits": bot.forfeits, "out": int(bot.out),
            "events": json.dumps(bot.events, separators=(",", ":"))}
