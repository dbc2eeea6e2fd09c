"""Who claimed which domino: one row per domino claimed in a run of seeded games, with the
claimer's final score — the table behind the value of each domino number, the first pick and
each player's own hand.

The games are those of :func:`kingdomino_kit.game.simulate.simulate` with the same arguments
(game ``i`` has the same seed and bots), so a claims table joins a results table on ``game``
and ``player``. They are played by the general engine with its log (the log names every
claim), which is slower than the fast path of random games: a few hundred games a second.

>>> from kingdomino_kit.game import GameOptions
>>> claims = simulate_claims(2, "random", GameOptions(players=2), seed=1)
>>> len(claims), claims.groupby("game").size().tolist()   # 2 players × 2 kings × 6 rounds
(48, [24, 24])
>>> first = claims.to_dict("records")[0]
>>> first["round"], first["turn"], 1 <= first["domino"] <= 48
(0, 0, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kingdomino_kit.game.game import play
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.game.simulate import CHUNK, game_tasks, seat_bots
from kingdomino_kit.infra.parallel import run_tasks
from kingdomino_kit.infra.tables import Column, Schema, to_frame

__all__ = ["CLAIMS", "claims_of_game", "play_claims", "simulate_claims"]

CLAIMS = Schema((
    Column("game", "int64", "the game's index in the run (as in simulate)"),
    Column("seed", "int64", "the game's seed"),
    Column("player", "int8", "who claimed it"),
    Column("bot", "category", "the claimer's bot"),
    Column("round", "int8", "0 for the first line of dominoes"),
    Column("turn", "int8", "0 for the first claim of the round"),
    Column("domino", "int8", "the number claimed"),
    Column("placed", "bool", "placed in the kingdom (false: discarded)"),
    Column("score", "int16", "the claimer's final score, bonuses included"),
    Column("winner", "bool", "the claimer ranked first (a shared first place too)"),
))
"""One row per domino claimed."""


def claims_of_game(index: int, bots: Sequence[str], options: GameOptions, seed: int
                   ) -> list[tuple[Any, ...]]:
    """The claims of game ``index`` of a run, as rows of :data:`CLAIMS`."""
    game_seed, players = seat_bots(index, bots, seed)
    game = play(players, options, game_seed)
    rounds = game.log()["rounds"]
    discarded = {turn["place"]["domino"] for r in rounds for turn in r["turns"]
                 if turn["place"] is not None and turn["place"].get("discard")}
    scores = game.scores()
    winners = set(game.winners())
    return [(index, game_seed, turn["player"], bots[turn["player"]], r, t, turn["pick"],
             turn["pick"] not in discarded, scores[turn["player"]], turn["player"] in winners)
            for r, entry in enumerate(rounds)
            for t, turn in enumerate(x for x in entry["turns"] if x["pick"] is not None)]


def play_claims(task: tuple[int, int, Sequence[str], GameOptions, int]
                ) -> list[tuple[Any, ...]]:
    """Games ``start`` to ``stop`` of a run — ``(start, stop, bots, options, seed)`` — as
    claims rows: one task of :func:`simulate_claims`."""
    start, stop, bots, options, seed = task
    return [row for i in range(start, stop) for row in claims_of_game(i, bots, options, seed)]


def simulate_claims(games: int, bots: Sequence[str] | str, options: GameOptions | None = None,
                    seed: int = 0, *, workers: int = 1, client: Any = None,
                    progress: bool | None = None, chunk: int = CHUNK // 5) -> Any:
    """The claims of ``games`` games as a DataFrame (:data:`CLAIMS`), in game order; the same
    for any number of ``workers`` and on any Dask ``client``."""
    tasks = game_tasks(games, bots, options, seed, chunk)
    batches = run_tasks(play_claims, tasks, workers=workers, client=client, progress=progress,
                        size=lambda task: task[1] - task[0], unit="game")
    return to_frame((row for batch in batches for row in batch), CLAIMS)
