"""Tournaments between named bots: rotated seats, paired deals, intervals and a rating.

:func:`tournament` plays ``games`` seeded games among ``bots`` (names for
:func:`~kingdomino_kit.bots.make_bot`):

- **Line-ups.** With as many names as seats, the names sit in the order given; with more, every
  choice of ``players`` of them plays (a round robin); with one, it fills every seat. With
  ``rotate`` (the default) each line-up is also played in every cyclic rotation of its seats,
  so no bot keeps the first pick of round one or a seat's share of the deal.
- **Paired deals.** Games come in *blocks*, one game per line-up: every game of a block is
  dealt by the same seed (``derive_seed(seed, "deal", block)``), so line-ups are compared on the
  same dominoes. ``games`` that are not a multiple of the line-ups leave the last block short.
- **Rows.** One row per game and seat (:data:`COLUMNS`): score, rank (1 + the players strictly
  better by the tie-break key), win (a shared win counts ``1/winners``), margin over the best
  other player, and the CPU seconds the bot spent choosing (its moves and the longest one).
- **Table.** Per bot name (:meth:`TournamentResult.table`): mean score, margin, win share and
  rank with 95 % intervals — means over *blocks* (the unit that is independent: a block's deal
  and bots' seeds are its own), ± 1.96 standard errors (:mod:`kingdomino_kit.infra.intervals`)
  — and a Bradley–Terry rating from every pair of seats of different bots in a game (a win, a
  loss or half each for equal keys), on the Elo scale (400 · log10 of the strength, mean 1500),
  its interval by resampling blocks.

Seeds never depend on ``workers``: the same arguments give the same rows (bots with a time
budget aside — they play as fast as the machine lets them).

>>> r = tournament(["greedy", "random"], 4, GameOptions(players=2), seed=1)
>>> [row["bot"] for row in r.rows[:4]], len(r.rows)
(['greedy', 'random', 'random', 'greedy'], 8)
>>> [t["bot"] for t in r.table()]
['greedy', 'random']
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.bots import make_bot
from kingdomino_kit.draft import drive, is_trusted
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.game import Game
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.infra.ceilings import MAX_GAMES, check_ceiling
from kingdomino_kit.infra.intervals import mean_interval
from kingdomino_kit.infra.parallel import run_tasks
from kingdomino_kit.seeds import derive_seed, seat_seed

__all__ = ["COLUMNS", "TimedBot", "TournamentResult", "bradley_terry", "game_rows", "lineups",
           "play_game", "timed_bot", "tournament"]

COLUMNS = ("game", "block", "lineup", "seed", "players", "player", "bot", "score", "rank",
           "win", "margin", "decisions", "seconds", "max_seconds")
"""The rows of a tournament: one per game and seat."""

RESAMPLES = 200
CHUNK = 4


def lineups(bots: Sequence[str], players: int, rotate: bool = True) -> list[tuple[int, ...]]:
    """The line-ups (indices into ``bots`` by seat) of a tournament (see the module).

    >>> lineups(["a", "b"], 2), lineups(["a", "b", "c"], 2, rotate=False)
    ([(0, 1), (1, 0)], [(0, 1), (0, 2), (1, 2)])
    >>> lineups(["a"], 3)
    [(0, 0, 0)]
    """
    if len(bots) == 1:
        return [(0,) * players]
    if len(bots) < players:
        raise KingdominoError(f"{len(bots)} bots for {players} players (give one name for all "
                              f"seats, or at least {players})")
    base = [tuple(range(players))] if len(bots) == players else list(
        itertools.combinations(range(len(bots)), players))
    if not rotate:
        return base
    return [line[k:] + line[:k] for line in base for k in range(players)]


class TimedBot:
    """A bot whose choices are timed in CPU seconds (not trusted: the rules check it)."""

    trusted = False

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = getattr(bot, "name", "bot")
        self.needs_observation = getattr(bot, "needs_observation", True)
        self.seconds: list[float] = []

    def choose(self, observation: Any, actions: Sequence[Any]) -> Any:
        start = time.process_time()
        action = self.bot.choose(observation, actions)
        self.seconds.append(time.process_time() - start)
        return action


class _TimedTrusted(TimedBot):
    """A timed bot that declares, as the bot inside does, that it only returns given actions."""

    trusted = True


def timed_bot(bot: Any) -> TimedBot:
    """``bot`` timed (:class:`TimedBot`), trusted as far as ``bot`` is."""
    return _TimedTrusted(bot) if is_trusted(bot) else TimedBot(bot)


def play_game(names: Sequence[str], options: GameOptions, deal_seed: int, bot_seed: int
              ) -> tuple[Game, list[list[float]]]:
    """One game between named bots (seat ``p`` seeded ``seat_seed(bot_seed, p)``):
    the finished game and each seat's CPU seconds per choice."""
    bots = [timed_bot(make_bot(name, seat_seed(bot_seed, p))) for p, name in enumerate(names)]
    game = Game(options, deal_seed, record=False)
    drive(game, bots)
    return game, [b.seconds for b in bots]


def _game_rows(index: int, bots: Sequence[str], lines: Sequence[tuple[int, ...]],
               options: GameOptions, seed: int) -> list[dict[str, Any]]:
    block, j = divmod(index, len(lines))
    deal_seed = derive_seed(seed, "deal", block)
    names = [bots[i] for i in lines[j]]
    game, seconds = play_game(names, options, deal_seed, derive_seed(seed, "bots", index))
    return game_rows(index, block, j, deal_seed, game, names, seconds)


def game_rows(index: int, block: int, lineup: int, deal_seed: int, game: Game,
              names: Sequence[str], seconds: Sequence[Sequence[float]]) -> list[dict[str, Any]]:
    """The rows (:data:`COLUMNS`) of game ``index``, finished: one per seat, its bot's name and
    the CPU seconds of each of its choices given."""
    keys = game.tiebreak_keys()
    scores = game.scores()
    winners = game.winners()
    rows = []
    for p, name in enumerate(names):
        others = [s for q, s in enumerate(scores) if q != p]
        rows.append({"game": index, "block": block, "lineup": lineup, "seed": deal_seed,
                     "players": game.options.players, "player": p, "bot": name,
                     "score": scores[p], "rank": 1 + sum(k > keys[p] for k in keys),
                     "win": 1 / len(winners) if p in winners else 0.0,
                     "margin": scores[p] - max(others), "decisions": len(seconds[p]),
                     "seconds": round(sum(seconds[p]), 4),
                     "max_seconds": round(max(seconds[p], default=0.0), 4)})
    return rows


def _chunk(job: tuple[range, Sequence[str], Sequence[tuple[int, ...]], GameOptions, int]
           ) -> list[dict[str, Any]]:
    games, bots, lines, options, seed = job
    return [row for i in games for row in _game_rows(i, bots, lines, options, seed)]


def tournament(bots: Sequence[str] | str, games: int, options: GameOptions | None = None, *,
               seed: int = 0, rotate: bool = True, workers: int = 1, client: Any = None,
               progress: bool | None = None) -> TournamentResult:
    """Play a tournament (see the module); ``bots`` as names or ``"a,b,c"``; the games in
    chunks here, in ``workers`` local processes or on the Dask ``client``
    (:func:`~kingdomino_kit.infra.parallel.run_tasks`: the same rows whatever runs them);
    ``progress``: a bar (default: when stderr is a terminal)."""
    options = options or GameOptions()
    names = [n.strip() for n in bots.split(",")] if isinstance(bots, str) else list(bots)
    check_ceiling(games, "games", MAX_GAMES)
    if not isinstance(workers, int) or workers < 1:
        raise KingdominoError(f"workers must be 1 or more, not {workers!r}")
    for name in names:
        make_bot(name, 0)  # raises on an unknown name or parameter
    lines = lineups(names, options.players, rotate)
    jobs = [(range(start, min(start + CHUNK, games)), names, lines, options, seed)
            for start in range(0, games, CHUNK)]
    rows = [row for chunk in run_tasks(_chunk, jobs, workers=workers, client=client,
                                       progress=progress, size=lambda job: len(job[0]),
                                       unit="game")
            for row in chunk]
    return TournamentResult(tuple(names), tuple(lines), options, seed, games, tuple(rows))


# --------------------------------------------------------------------------------- statistics
def bradley_terry(wins: dict[tuple[str, str], float], names: Sequence[str],
                  iterations: int = 500) -> dict[str, float]:
    """Bradley–Terry strengths from pairwise wins (``wins[a, b]``: how often a beat b, ties
    counted half each way), by the minorization–maximization updates (Hunter 2004), with half
    a win each way added to every pair that met (so an unbeaten bot still has a finite
    strength). Returned on the Elo scale: 400 · log10(strength), mean 1500.

    >>> r = bradley_terry({("a", "b"): 30.0, ("b", "a"): 10.0}, ["a", "b"])
    >>> round(r["a"] - r["b"])       # 30.5 : 10.5 wins is odds of 2.9 : 1
    185
    """
    met = {frozenset((a, b)) for (a, b) in wins if a != b}
    w = {(a, b): wins.get((a, b), 0.0) + (0.5 if frozenset((a, b)) in met else 0.0)
         for a in names for b in names if a != b}
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for a in names:
            won = sum(w[a, b] for b in names if b != a)
            games = sum((w[a, b] + w[b, a]) / (strength[a] + strength[b])
                        for b in names if b != a)
            new[a] = won / games if games and won else strength[a]
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        strength = {a: v / math.exp(mean_log) for a, v in new.items()}
    return {a: 1500 + 400 * math.log10(v) for a, v in strength.items()}


def _pair_wins(rows: Iterable[dict[str, Any]]) -> dict[tuple[str, str], float]:
    by_game: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        by_game.setdefault(row["game"], []).append(row)
    wins: dict[tuple[str, str], float] = {}
    for seats in by_game.values():
        for x, y in itertools.combinations(seats, 2):
            a, b = x["bot"], y["bot"]
            if a == b:
                continue
            share = 1.0 if x["rank"] < y["rank"] else 0.0 if x["rank"] > y["rank"] else 0.5
            wins[a, b] = wins.get((a, b), 0.0) + share
            wins[b, a] = wins.get((b, a), 0.0) + 1 - share
    return wins


@dataclass(frozen=True)
class TournamentResult:
    """A tournament's arguments and rows; :meth:`table` summarises them per bot."""

    bots: tuple[str, ...]
    lineups: tuple[tuple[int, ...], ...]
    options: GameOptions
    seed: int
    games: int
    rows: tuple[dict[str, Any], ...]

    def names(self) -> list[str]:
        """The distinct bot names, in the order first given."""
        return list(dict.fromkeys(self.bots))

    def _blocks(self, name: str, column: str) -> list[float]:
        """Per block, the mean of ``column`` over the bot's seats."""
        sums: dict[int, list[float]] = {}
        for row in self.rows:
            if row["bot"] == name:
                s = sums.setdefault(row["block"], [0.0, 0.0])
                s[0] += row[column]
                s[1] += 1
        return [total / n for total, n in sums.values()]

    def ratings(self) -> dict[str, tuple[float, float, float]]:
        """Per bot: the Bradley–Terry rating on the Elo scale and its 95 % interval (2.5th and
        97.5th percentiles over :data:`RESAMPLES` resamplings of the blocks, seeded)."""
        names = self.names()
        if len(names) < 2:
            return {n: (1500.0, 1500.0, 1500.0) for n in names}
        by_block: dict[int, list[dict[str, Any]]] = {}
        for row in self.rows:
            by_block.setdefault(row["block"], []).append(row)
        wins = [_pair_wins(rows) for rows in by_block.values()]
        point = bradley_terry(_added(wins), names)
        rng = random.Random(derive_seed(self.seed, "ratings"))
        samples: dict[str, list[float]] = {n: [] for n in names}
        for _ in range(RESAMPLES):
            picked = _added(wins[rng.randrange(len(wins))] for _ in wins)
            for name, value in bradley_terry(picked, names, 200).items():
                samples[name].append(value)
        out = {}
        for name in names:
            s = sorted(samples[name])
            out[name] = (point[name], s[int(0.025 * len(s))], s[int(0.975 * len(s)) - 1])
        return out

    def table(self) -> list[dict[str, Any]]:
        """One row per bot name, by mean score: seats, mean score, margin, win share and rank
        (each with its 95 % half-width ``…_ci``), rating (and ``rating_low``/``rating_high``),
        CPU seconds per decision (mean and longest) and per game."""
        ratings = self.ratings()
        out = []
        for name in self.names():
            seats = [r for r in self.rows if r["bot"] == name]
            entry: dict[str, Any] = {"bot": name, "seats": len(seats)}
            for column, key in (("score", "mean_score"), ("margin", "margin"),
                                ("win", "win_share"), ("rank", "mean_rank")):
                mean, _, high = mean_interval(self._blocks(name, column))
                entry[key] = round(mean, 3)
                entry[f"{key}_ci"] = round(high - mean, 3)
            rating, low, high = ratings[name]
            entry.update(rating=round(rating), rating_low=round(low), rating_high=round(high))
            decisions = sum(r["decisions"] for r in seats)
            seconds = sum(r["seconds"] for r in seats)
            entry["seconds_per_decision"] = round(seconds / decisions, 4) if decisions else 0.0
            entry["max_seconds"] = max((r["max_seconds"] for r in seats), default=0.0)
            entry["seconds_per_game"] = round(seconds / len(seats), 3)
            out.append(entry)
        out.sort(key=lambda e: -e["mean_score"])
        return out

    def to_json(self) -> dict[str, Any]:
        """The tournament as plain data: arguments, line-ups and the table (not the rows)."""
        return {"game": "kingdomino", "seed": self.seed, "players": self.options.players,
                "games": self.games, "bots": list(self.bots),
                "lineups": [[self.bots[i] for i in line] for line in self.lineups],
                "options": self.options.to_dict(), "table": self.table()}

    def markdown(self) -> str:
        """The table as Markdown (the README's bot table)."""
        lines = ["| bot | seats | mean score | margin | win share | mean rank | rating | "
                 "s per decision (max) |",
                 "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for t in self.table():
            lines.append(
                f"| `{t['bot']}` | {t['seats']} | {t['mean_score']:.1f} ± "
                f"{t['mean_score_ci']:.1f} | {t['margin']:+.1f} ± {t['margin_ci']:.1f} | "
                f"{t['win_share']:.2f} ± {t['win_share_ci']:.2f} | {t['mean_rank']:.2f} ± "
                f"{t['mean_rank_ci']:.2f} | {t['rating']} ({t['rating_low']}–"
                f"{t['rating_high']}) | {t['seconds_per_decision']:.2f} "
                f"({t['max_seconds']:.2f}) |")
        return "\n".join(lines)


def _added(parts: Iterable[dict[tuple[str, str], float]]) -> dict[tuple[str, str], float]:
    total: dict[tuple[str, str], float] = {}
    for part in parts:
        for pair, value in part.items():
            total[pair] = total.get(pair, 0.0) + value
    return total
