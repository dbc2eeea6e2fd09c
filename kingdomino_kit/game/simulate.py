"""Batch simulation: many seeded games between named bots, spread over worker processes.

Game ``i`` of a run with base seed ``S`` uses game seed ``derive_seed(S, "game", i)`` and player
``p``'s bot gets seed ``derive_seed(game_seed, "bot", p)``, so results never depend on how games
are spread over workers. Games between random bots only take the fast path
(:mod:`kingdomino_kit.game.fastplay`), which plays the very same games.

>>> rows = list(simulate(2, ["random", "greedy"], GameOptions(players=2), seed=1))
>>> len(rows), sorted(rows[0])[:4]
(4, ['bonus', 'bot', 'crowns', 'discarded'])
>>> summarize(rows)[0]["bot"], summarize(rows)[0]["games"]
('greedy', 2)
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
from collections.abc import Generator, Iterable, Iterator, Sequence
from typing import Any

from tqdm import tqdm

from kingdomino_kit.bots import RandomBot, make_bot, parse_bots
from kingdomino_kit.draft import derive_seed
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.fastplay import play_random
from kingdomino_kit.game.game import play
from kingdomino_kit.game.options import GameOptions

__all__ = ["COLUMNS", "simulate", "simulate_game", "summarize"]

COLUMNS = ("game", "seed", "players", "player", "bot", "score", "properties", "bonus",
           "largest_property", "crowns", "discarded", "rank", "winner")
"""The CSV columns: one row per game and player."""

CHUNK = 25


def simulate_game(index: int, bots: Sequence[str], options: GameOptions, seed: int
                  ) -> list[dict[str, Any]]:
    """Play game ``index`` of a run and return one row per player.

    >>> [r["player"] for r in simulate_game(0, ["random"] * 4, GameOptions(), 5)]
    [0, 1, 2, 3]
    """
    game_seed = derive_seed(seed, "game", index)
    players = [make_bot(spec, derive_seed(game_seed, "bot", p)) for p, spec in enumerate(bots)]
    if all(type(b) is RandomBot for b in players):
        fast = play_random(options, game_seed, players)
        results, winners = fast.results, fast.winners
    else:
        game = play(players, options, game_seed, record=False)
        results, winners = game.results(), game.winners()
    keys = [(r["score"], r["largest_property"], r["crowns"]) for r in results]
    rows = []
    for r in results:
        p = r["player"]
        rank = 1 + sum(1 for k in keys if k > keys[p])
        rows.append({"game": index, "seed": game_seed, "players": options.players, "player": p,
                     "bot": bots[p], "score": r["score"], "properties": r["properties"],
                     "bonus": r["bonus"], "largest_property": r["largest_property"],
                     "crowns": r["crowns"], "discarded": r["discarded"], "rank": rank,
                     "winner": int(p in winners)})
    return rows


def _chunk(job: tuple[int, int, Sequence[str], GameOptions, int]) -> list[dict[str, Any]]:
    start, stop, bots, options, seed = job
    rows: list[dict[str, Any]] = []
    for i in range(start, stop):
        rows.extend(simulate_game(i, bots, options, seed))
    return rows


def expand_bots(bots: Sequence[str] | str, players: int) -> list[str]:
    """One bot name per player: a single name plays every seat.

    >>> expand_bots("greedy", 3), expand_bots(["random", "greedy"], 2)
    (['greedy', 'greedy', 'greedy'], ['random', 'greedy'])
    """
    try:
        return parse_bots(bots, players)
    except KingdominoError as error:
        raise KingdominoError(f"bots: {error}") from None


def simulate(games: int, bots: Sequence[str] | str, options: GameOptions | None = None,
             seed: int = 0, workers: int = 1, progress: bool | None = None, start: int = 0
             ) -> Generator[dict[str, Any], None, None]:
    """Rows of ``games`` games (one per game and player, in game order); identical for any
    number of ``workers``. ``progress``: a tqdm bar (default: only if stderr is a terminal).
    ``start``: the first game to play (the rows of games ``start`` … ``games - 1``: a run
    resumed after its first ``start`` games)."""
    options = options or GameOptions()
    if games < 0:
        raise KingdominoError(f"games must be 0 or more, not {games}")
    if workers < 1:
        raise KingdominoError(f"workers must be 1 or more, not {workers}")
    if not 0 <= start <= games:
        raise KingdominoError(f"start must be 0–{games}, not {start}")
    names = expand_bots(bots, options.players)
    jobs = ((first, min(first + CHUNK, games), names, options, seed)
            for first in range(start, games, CHUNK))
    if progress is None:
        progress = sys.stderr.isatty()
    bar = None
    if progress:
        bar = tqdm(total=games, initial=start, unit="game", file=sys.stderr)
    try:
        if workers == 1 or games - start <= CHUNK:
            chunks: Iterable[list[dict[str, Any]]] = map(_chunk, jobs)
            yield from _counted(chunks, bar, options.players)
        else:
            with multiprocessing.get_context().Pool(workers, initializer=_worker_signals) as pool:
                yield from _counted(pool.imap(_chunk, jobs), bar, options.players)
    finally:
        if bar is not None:
            bar.close()


def _worker_signals() -> None:
    """In a worker process: Ctrl-C is the parent's to handle (it terminates the pool), and
    SIGTERM ends the worker at once (not a handler inherited from the parent)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _counted(chunks: Iterable[list[dict[str, Any]]], bar: Any, players: int
             ) -> Iterator[dict[str, Any]]:
    for rows in chunks:
        yield from rows
        if bar is not None:
            bar.update(len(rows) // players)


def summarize(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per bot name: seats played, mean score, mean rank and win share (shared wins count),
    best first; consumes ``rows`` as a stream (memory stays flat).

    >>> summarize([{"bot": "a", "score": 10, "rank": 1, "winner": 1},
    ...            {"bot": "a", "score": 20, "rank": 2, "winner": 0}])
    [{'bot': 'a', 'games': 2, 'mean_score': 15.0, 'mean_rank': 1.5, 'win_share': 0.5}]
    """
    totals: dict[str, list[float]] = {}
    for row in rows:
        t = totals.setdefault(row["bot"], [0, 0.0, 0.0, 0.0])
        t[0] += 1
        t[1] += row["score"]
        t[2] += row["rank"]
        t[3] += row["winner"]
    out: list[dict[str, Any]] = [{"bot": bot, "games": int(n), "mean_score": round(s / n, 2),
                                   "mean_rank": round(r / n, 3),
                                   "win_share": round(w / n, 3)}
                                  for bot, (n, s, r, w) in totals.items()]
    out.sort(key=lambda x: -x["mean_score"])
    return out
