"""A league: every line-up of the entrants on paired deals, seats rotated, each game's rows and
log written as it ends, resumable after a kill, and the table with its intervals.

:func:`run_league` plays ``games`` games (:mod:`.play`: dealt and seeded as the tournament's,
line-ups from :func:`~kingdomino_kit.game.tournament.lineups` with every rotation) and writes in
``out/``:

- ``games.csv`` — one row per game and seat (:data:`~.play.COLUMNS`); while the league runs it
  grows in ``games.csv.partial`` and a league stopped by anything (Ctrl-C, a kill, a power cut)
  goes on from its last whole game with ``resume=True``
  (:class:`~kingdomino_kit.infra.resumable.ResumableCsv`, as ``simulate --out`` does);
- ``logs/game-NNNNN.json`` — every game's log, which ``kingdomino-kit replay`` re-checks;
- ``events.csv`` — every forfeited decision: game, seat, bot, decision, kind, detail;
- ``table.csv`` and ``league.json`` — the tournament's table (mean score, margin, win share,
  rank, each ± its 95 % half-width, the Bradley–Terry rating and its interval) with each bot's
  strikes, forfeits and games out; ``pairwise.csv`` — the "A beats B" table (:mod:`.pairwise`);
- ``gradescope/BOT/results.json`` and ``prairielearn/BOT/results.json`` for every bot file
  (:mod:`.exports`).
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.game.tournament import TournamentResult, lineups
from kingdomino_kit.infra.atomic import atomic_write
from kingdomino_kit.infra.ceilings import MAX_GAMES, check_ceiling
from kingdomino_kit.infra.parallel import run_tasks
from kingdomino_kit.infra.resumable import ResumableCsv
from kingdomino_kit.league.entrants import Entrant, entrants
from kingdomino_kit.league.exports import write_exports
from kingdomino_kit.league.pairwise import PAIRWISE_COLUMNS, pairwise
from kingdomino_kit.league.play import COLUMNS, GameJob, GameResult, play_game
from kingdomino_kit.league.process import Limits, end_registered, probe_bare

__all__ = ["EVENT_COLUMNS", "LeagueResult", "TABLE_COLUMNS", "run_league"]

EVENT_COLUMNS = ("game", "player", "bot", "decision", "kind", "detail")
TABLE_COLUMNS = ("bot", "seats", "mean_score", "mean_score_ci", "margin", "margin_ci",
                 "win_share", "win_share_ci", "mean_rank", "mean_rank_ci", "rating",
                 "rating_low", "rating_high", "seconds_per_decision", "max_seconds",
                 "seconds_per_game", "strikes", "forfeits", "games_out")
RUNNING = ".running-bots"
"""The file in ``out/`` noting every bot program started (:func:`~.process.end_registered`):
a league stopped any way ends them, and one killed outright has them ended by the next run on
the same ``out/``."""
_INTS = ("game", "block", "lineup", "seed", "players", "player", "score", "rank", "margin",
         "decisions", "strikes", "forfeits", "out")
_FLOATS = ("win", "seconds", "max_seconds")


@dataclass(frozen=True)
class _Tournament(TournamentResult):
    """A tournament's result whose table (ratings resampled: the costly part) is computed
    once."""

    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def table(self) -> list[dict[str, Any]]:
        if "table" not in self.cache:
            self.cache["table"] = super().table()
        return [dict(t) for t in self.cache["table"]]


@dataclass(frozen=True)
class LeagueResult:
    """A league's arguments and rows; :meth:`table` and :meth:`pairwise` summarise them (each
    computed once)."""

    entrants: tuple[Entrant, ...]
    lineups: tuple[tuple[int, ...], ...]
    options: GameOptions
    seed: int
    games: int
    limits: Limits
    rows: tuple[dict[str, Any], ...]
    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def tournament(self) -> TournamentResult:
        """The rows as a tournament's (its table, ratings and Markdown)."""
        if "tournament" not in self.cache:
            self.cache["tournament"] = _Tournament(
                tuple(e.name for e in self.entrants), self.lineups, self.options, self.seed,
                self.games, self.rows)
        found: TournamentResult = self.cache["tournament"]
        return found

    def table(self) -> list[dict[str, Any]]:
        """The tournament's table with each bot's strikes, forfeits and games out."""
        table = self.tournament().table()
        for entry in table:
            mine = [r for r in self.rows if r["bot"] == entry["bot"]]
            entry.update(strikes=sum(r["strikes"] for r in mine),
                         forfeits=sum(r["forfeits"] for r in mine),
                         games_out=sum(r["out"] for r in mine))
        return table

    def pairwise(self) -> list[dict[str, Any]]:
        """The "A beats B" table (:mod:`.pairwise`)."""
        if "pairwise" not in self.cache:
            self.cache["pairwise"] = pairwise(self.rows)
        return [dict(p) for p in self.cache["pairwise"]]

    def events(self) -> list[dict[str, Any]]:
        """Every forfeited decision (and every bot put out), in game order."""
        out = []
        for row in self.rows:
            for e in json.loads(row["events"]):
                out.append({"game": row["game"], "player": row["player"], "bot": row["bot"],
                            **e})
        return out

    def to_json(self) -> dict[str, Any]:
        """Arguments, line-ups, table and pairwise table as plain data."""
        return {"game": "kingdomino", "seed": self.seed, "players": self.options.players,
                "games": self.games, "options": self.options.to_dict(),
                "limits": asdict(self.limits),
                "bots": [{"name": e.name, "file": e.path.name if e.path else None}
                         for e in self.entrants],
                "lineups": [[self.entrants[i].name for i in line] for line in self.lineups],
                "table": self.table(), "pairwise": self.pairwise()}


def _digest(entrant: Entrant) -> str:
    return hashlib.sha256(entrant.path.read_bytes()).hexdigest() if entrant.path else ""


def _typed(row: dict[str, str]) -> dict[str, Any]:
    return {**row, **{c: int(row[c]) for c in _INTS}, **{c: float(row[c]) for c in _FLOATS}}


def _check_resumed(done: list[list[dict[str, str]]], names: list[str],
                   lines: Sequence[tuple[int, ...]], out: ResumableCsv, logs: Path) -> None:
    where = f"resume: {out.partial} holds another league"
    for i, group in enumerate(done):
        seats = [names[k] for k in lines[i % len(lines)]]
        if [r["game"] for r in group] != [str(i)] * len(seats) or [
                r["bot"] for r in group] != seats:
            raise KingdominoError(f"{where} (game {i} is not {', '.join(seats)}); give the "
                                  "same bots and flags, or delete it to start again")
        if not (logs / _log_name(i)).is_file():
            raise KingdominoError(f"resume: the log of game {i} ({logs / _log_name(i)}) is "
                                  "missing; delete the partial file to start again")


def _log_name(index: int) -> str:
    return f"game-{index:05d}.json"


def _csv_text(columns: Sequence[str], rows: Sequence[dict[str, Any]]) -> str:
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=columns, extrasaction="ignore",
                            lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return text.getvalue()


def run_league(bots: Sequence[str] | Sequence[Entrant], games: int,
               options: GameOptions | None = None, *, out: str | Path, seed: int = 0,
               limits: Limits | None = None, workers: int = 1, resume: bool = False,
               progress: bool | None = None, confined: bool = True,
               on_game: Callable[[GameResult], None] | None = None) -> LeagueResult:
    """Play the league and write its files in ``out`` (see the module); returns the result.
    ``bots``: names of the kit's bots and paths of bot files (:mod:`.entrants`);
    ``confined=False``: bot files run as this process's user even as root (their limits
    hold, their files are not theirs)."""
    options = options or GameOptions()
    limits = limits or Limits()
    check_ceiling(games, "games", MAX_GAMES)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise KingdominoError(f"workers must be 1 or more, not {workers!r}")
    chosen = [b for b in bots if isinstance(b, Entrant)]
    if len(chosen) != len(bots):
        chosen = entrants([str(b) for b in bots])
    names = [e.name for e in chosen]
    lines = lineups(names, options.players, rotate=True)
    folder = Path(out)
    logs = folder / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    run = ("league", {"bots": [[e.name, e.spec, _digest(e)] for e in chosen], "seed": seed,
                      "options": asdict(options), "limits": asdict(limits)})
    table = ResumableCsv(folder / "games.csv", COLUMNS, group="game", size=options.players,
                         run=run, what="out")
    done = table.open(resume=resume)
    rows: list[dict[str, Any]] = []
    registry = folder / RUNNING
    base = Path(tempfile.mkdtemp(prefix="kk-league-"))
    try:
        end_registered(registry, os.path.join(tempfile.gettempdir(), "kk-league-"))
        _check_resumed(done, names, lines, table, logs)
        if len(done) > games:
            raise KingdominoError(f"resume: {len(done)} games are done already, more than "
                                  f"{games}")
        rows = [_typed(r) for group in done for r in group]
        hide = tuple({e.path.parent for e in chosen if e.path} | {folder.resolve()})
        root = confined and os.geteuid() == 0 and any(e.is_program for e in chosen)
        bare = probe_bare() if root else False
        jobs = [GameJob(i, tuple(chosen), tuple(lines), options, seed, limits, base / "bots",
                        hide, confined, bare, registry) for i in range(len(done), games)]
        for result in run_tasks(play_game, jobs, workers=workers, progress=progress,
                                unit="game"):
            with atomic_write(logs / _log_name(result.index), "out") as handle:
                handle.write(json.dumps(result.log) + "\n")
            for row in result.rows:
                table.write(row)
            rows += result.rows
            if on_game is not None:
                on_game(result)
        table.commit()
    except BaseException:
        table.keep()
        raise
    finally:
        end_registered(registry, str(base))  # the bots of games stopped halfway, anywhere
        with contextlib.suppress(OSError):
            shutil.rmtree(base, ignore_errors=True)
    result = LeagueResult(tuple(chosen), tuple(lines), options, seed, games, limits,
                          tuple(rows))
    _write_summaries(result, folder)
    return result


def _write_summaries(result: LeagueResult, folder: Path) -> None:
    table = result.table()
    with atomic_write(folder / "table.csv", "out") as handle:
        handle.write(_csv_text(TABLE_COLUMNS, table))
    with atomic_write(folder / "pairwise.csv", "out") as handle:
        handle.write(_csv_text(PAIRWISE_COLUMNS, result.pairwise()))
    with atomic_write(folder / "events.csv", "out") as handle:
        handle.write(_csv_text(EVENT_COLUMNS, result.events()))
    with atomic_write(folder / "league.json", "out") as handle:
        handle.write(json.dumps(result.to_json(), indent=1) + "\n")
    write_exports(result, table, folder)
