"""Batch simulation: many seeded games between named bots — as rows, a pandas DataFrame, or a
CSV or Parquet file written as a stream — here, in local processes or on a Dask cluster.

Game ``i`` of a run with base seed ``S`` uses game seed ``derive_seed(S, "game", i)`` and player
``p``'s bot gets seed ``seat_seed(game_seed, p)`` (:mod:`kingdomino_kit.seeds`), so results
never depend on how games are spread over workers. Games between random and greedy bots only take
the fast path (:mod:`kingdomino_kit.game.fast.play`), which plays the very same games; they are
compiled when numba is installed (:mod:`kingdomino_kit.game.fast.compiled`: the same games again).

Games travel in chunks (a task is :data:`CHUNK` games, :func:`play_chunk`) through
:func:`kingdomino_kit.infra.parallel.run_tasks`: ``workers=N`` runs them in N local processes,
``client=`` on a Dask cluster; the rows are the same either way.

>>> rows = list(simulate(2, ["random", "greedy"], GameOptions(players=2), seed=1))
>>> len(rows), sorted(rows[0])[:4]
(4, ['bonus', 'bot', 'crowns', 'discarded'])
>>> summarize(rows)[0]["bot"], summarize(rows)[0]["games"]
('greedy', 2)
>>> frame = simulate_frame(2, "random", GameOptions(players=2), seed=1)
>>> frame.shape, str(frame["winner"].dtype), frame["score"].tolist() == [r["score"] for r in
...     simulate(2, "random", GameOptions(players=2), seed=1)]
((4, 13), 'bool', True)
"""

from __future__ import annotations

import os
from collections.abc import Generator, Iterable, Iterator, Sequence
from typing import Any, TextIO

from kingdomino_kit.bots import make_bot, parse_bots
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.bots import fast_seats
from kingdomino_kit.game.fast import compiled
from kingdomino_kit.game.fast.play import play_fast
from kingdomino_kit.game.fast.support import supports
from kingdomino_kit.game.game import play
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.infra.parallel import run_tasks
from kingdomino_kit.infra.tables import Column, Schema, open_table, read_table, to_frame
from kingdomino_kit.seeds import derive_seed, seat_seed

__all__ = ["CHUNK", "COLUMNS", "RANDOM_CHUNK", "RESULTS", "expand_bots", "game_tasks",
           "play_chunk", "read_results", "seat_bots", "simulate", "simulate_frame",
           "simulate_game", "simulate_rows", "simulate_to", "summarize"]

RESULTS = Schema((
    Column("game", "int64", "the game's index in the run"),
    Column("seed", "int64", "the game's seed (play it again with play --seed)"),
    Column("players", "int8", "players at the table"),
    Column("player", "int8", "the seat, 0 first"),
    Column("bot", "category", "the bot's name as given (parameters included)"),
    Column("score", "int16", "final score, bonuses included"),
    Column("properties", "int16", "points from properties"),
    Column("bonus", "int16", "Middle Kingdom and Harmony points"),
    Column("largest_property", "int16", "squares in the largest property (first tie-break)"),
    Column("crowns", "int16", "crowns in the kingdom (second tie-break)"),
    Column("discarded", "int8", "dominoes that could not be placed"),
    Column("rank", "int8", "1 + the players with a better (score, largest, crowns)"),
    Column("winner", "bool", "ranked first (a shared first place too); 1/0 in CSV"),
))
"""One row per game and player: the columns and their types."""

COLUMNS = RESULTS.names
"""The CSV columns: one row per game and player."""
_SUMMED = ("bot", "score", "rank", "winner")
_SUMMED_AT = tuple(COLUMNS.index(name) for name in _SUMMED)

CHUNK = 250
"""Games per task: large enough that sending a task costs little beside playing it, small
enough to spread the work evenly (a game with greedy bots takes a few hundredths of a second)."""
RANDOM_CHUNK = 2500
"""Games per task when every bot is ``random``: such a game takes a tenth of a millisecond
compiled, a quarter in Python, so a task of :data:`CHUNK` would be mostly travel (a task costs
several milliseconds on a Dask cluster)."""


def seat_bots(index: int, bots: Sequence[str], seed: int) -> tuple[int, list[Any]]:
    """Game ``index`` of a run with seed ``seed``: its game seed and its bots, seeded (the
    module docstring says how).

    >>> game_seed, players = seat_bots(0, ["greedy", "random"], 5)
    >>> game_seed == derive_seed(5, "game", 0), [type(b).__name__ for b in players]
    (True, ['GreedyBot', 'RandomBot'])
    """
    game_seed = derive_seed(seed, "game", index)
    return game_seed, [make_bot(spec, seat_seed(game_seed, p))
                       for p, spec in enumerate(bots)]


def simulate_game(index: int, bots: Sequence[str], options: GameOptions, seed: int
                  ) -> list[dict[str, Any]]:
    """Play game ``index`` of a run and return one row per player.

    >>> [r["player"] for r in simulate_game(0, ["random"] * 4, GameOptions(), 5)]
    [0, 1, 2, 3]
    """
    built = compiled.available() and supports(options)
    if built and all(spec == "random" for spec in bots):
        game_seed = derive_seed(seed, "game", index)
        fast = compiled.play_random_seeded(options, game_seed, [
            seat_seed(game_seed, p) for p in range(len(bots))])
        return _rows(index, game_seed, bots, options, fast.results, fast.winners)
    game_seed, players = seat_bots(index, bots, seed)
    seats = fast_seats(players)
    if seats is not None:
        if built:
            fast = compiled.play_greedy_seeded(
                options, game_seed, [seat_seed(game_seed, p) for p in range(len(bots))],
                [s.weights for s in seats])
        else:
            fast = play_fast(options, game_seed, seats)
        results, winners = fast.results, fast.winners
    else:
        game = play(players, options, game_seed, record=False)
        results, winners = game.results(), game.winners()
    return _rows(index, game_seed, bots, options, results, winners)


def _rows(index: int, game_seed: int, bots: Sequence[str], options: GameOptions,
          results: list[dict[str, Any]], winners: list[int]) -> list[dict[str, Any]]:
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


def play_chunk(task: tuple[int, int, Sequence[str], GameOptions, int]
               ) -> list[tuple[Any, ...]]:
    """Games ``start`` to ``stop`` of a run — ``task = (start, stop, bots, options, seed)`` —
    as row tuples in the order of :data:`COLUMNS`: one task of :func:`simulate_rows`.

    >>> rows = play_chunk((0, 2, ["random", "random"], GameOptions(players=2), 1))
    >>> len(rows), rows[0][:4] == (0, derive_seed(1, "game", 0), 2, 0)
    (4, True)
    """
    start, stop, bots, options, seed = task
    return [tuple(row[c] for c in COLUMNS) for i in range(start, stop)
            for row in simulate_game(i, bots, options, seed)]


def expand_bots(bots: Sequence[str] | str, players: int) -> list[str]:
    """One bot name per player: a single name plays every seat.

    >>> expand_bots("greedy", 3), expand_bots(["random", "greedy"], 2)
    (['greedy', 'greedy', 'greedy'], ['random', 'greedy'])
    """
    try:
        return parse_bots(bots, players)
    except KingdominoError as error:
        raise KingdominoError(f"bots: {error}") from None


def game_tasks(games: int, bots: Sequence[str] | str, options: GameOptions | None, seed: int,
               chunk: int | None = None, start: int = 0
               ) -> list[tuple[int, int, list[str], GameOptions, int]]:
    """The tasks of a run: ``(first, stop, bots, options, seed)``, ``chunk`` games each
    (default :data:`RANDOM_CHUNK` when every bot is ``random``, else :data:`CHUNK`), from
    game ``start`` (a run resumed after its first ``start`` games). The rows never depend on
    the chunks.

    >>> len(game_tasks(10_000, "random", None, 0)), len(game_tasks(10_000, "greedy", None, 0))
    (4, 40)

    >>> [t[:2] for t in game_tasks(5, "random", None, 0, chunk=2)]
    [(0, 2), (2, 4), (4, 5)]
    >>> [t[:2] for t in game_tasks(5, "random", None, 0, chunk=2, start=3)]
    [(3, 5)]
    """
    options = options or GameOptions()
    if not isinstance(games, int) or games < 0:
        raise KingdominoError(f"games must be 0 or more, not {games}")
    names = expand_bots(bots, options.players)
    if chunk is None:
        chunk = RANDOM_CHUNK if all(name == "random" for name in names) else CHUNK
    if not isinstance(chunk, int) or chunk < 1:
        raise KingdominoError(f"chunk must be 1 or more, not {chunk}")
    if not isinstance(start, int) or not 0 <= start <= games:
        raise KingdominoError(f"start must be 0–{games}, not {start}")
    return [(first, min(first + chunk, games), names, options, seed)
            for first in range(start, games, chunk)]


def simulate_rows(games: int, bots: Sequence[str] | str, options: GameOptions | None = None,
                  seed: int = 0, *, workers: int = 1, client: Any = None,
                  progress: bool | None = None, chunk: int | None = None, start: int = 0
                  ) -> Iterator[list[tuple[Any, ...]]]:
    """The rows of ``games`` games as batches of tuples (:data:`COLUMNS` order), in game order,
    from game ``start``; identical for any number of ``workers`` and on any Dask ``client``.
    ``progress``: a bar on stderr (default: only if stderr is a terminal)."""
    tasks = game_tasks(games, bots, options, seed, chunk, start)
    yield from run_tasks(play_chunk, tasks, workers=workers, client=client, progress=progress,
                         size=lambda task: task[1] - task[0], unit="game")


def simulate(games: int, bots: Sequence[str] | str, options: GameOptions | None = None,
             seed: int = 0, workers: int = 1, progress: bool | None = None, *,
             client: Any = None, start: int = 0) -> Generator[dict[str, Any], None, None]:
    """Rows of ``games`` games (one dict per game and player, in game order); identical for any
    number of ``workers`` and on any Dask ``client``. ``progress``: a tqdm bar (default: only if
    stderr is a terminal). ``start``: the first game to play (the rows of games ``start`` …
    ``games - 1``: a run resumed after its first ``start`` games)."""
    for batch in simulate_rows(games, bots, options, seed, workers=workers, client=client,
                               progress=progress, start=start):
        for row in batch:
            yield dict(zip(COLUMNS, row, strict=True))


def simulate_frame(games: int, bots: Sequence[str] | str, options: GameOptions | None = None,
                   seed: int = 0, *, workers: int = 1, client: Any = None,
                   progress: bool | None = None) -> Any:
    """The rows of :func:`simulate` as a pandas DataFrame with the types of :data:`RESULTS`
    (``bot`` a category, ``winner`` a bool, small ints). For more games than fit in memory,
    write a Parquet file with :func:`simulate_to` and read it in parts."""
    return to_frame((row for batch in simulate_rows(games, bots, options, seed, workers=workers,
                                                    client=client, progress=progress)
                     for row in batch), RESULTS)


def simulate_to(out: str | os.PathLike[str] | TextIO, games: int, bots: Sequence[str] | str,
                options: GameOptions | None = None, seed: int = 0, *, workers: int = 1,
                client: Any = None, progress: bool | None = None, what: str = "--out"
                ) -> list[dict[str, Any]]:
    """Write the rows of ``games`` games to ``out`` — ``.csv`` or ``.parquet`` by its name, or
    CSV on an open text file — as they come (Parquet in row groups), atomically, and return
    their :func:`summarize`. The CSV is the same whatever runs the games."""
    options = options or GameOptions()
    metadata = {"format": "kingdomino-kit/simulation/1", "games": games, "seed": seed,
                "bots": expand_bots(bots, options.players), "options": options.to_dict()}
    with open_table(out, RESULTS, what, metadata=metadata) as table:
        def rows() -> Iterator[dict[str, Any]]:
            for batch in simulate_rows(games, bots, options, seed, workers=workers,
                                       client=client, progress=progress):
                table.write(batch)
                for row in batch:
                    yield dict(zip(_SUMMED, (row[i] for i in _SUMMED_AT), strict=True))

        return summarize(rows())


def read_results(path: str | os.PathLike[str]) -> Any:
    """A results file written by :func:`simulate_to` (CSV or Parquet) as the DataFrame
    :func:`simulate_frame` gives."""
    return read_table(path, RESULTS)


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
