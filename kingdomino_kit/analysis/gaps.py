"""How many points a player leaves on the table: its final score against the provably best
kingdom of the very dominoes it claimed, under the game's rules
(:func:`kingdomino_kit.solver.batch.solve_many`, :func:`kingdomino_kit.solver.best_kingdom_under`).

A player's kingdom is one layout of some of its own dominoes, so a proven optimum is never
below its score: ``gap`` = optimum − score ≥ 0 (the tests check it). The optimum may use a
domino the player had to discard — that is part of what a placement cost.

>>> import pandas as pd
>>> claims = pd.DataFrame({"game": [0, 0, 0], "player": [0, 0, 1], "bot": ["a", "a", "b"],
...                        "domino": [41, 36, 5], "score": [2, 2, 0]})
>>> table = hands(claims)
>>> table[["game", "player", "dominoes", "score"]].to_dict("records")[0]
{'game': 0, 'player': 0, 'dominoes': [36, 41], 'score': 2}
>>> gaps(table, solve_many(table["dominoes"]))[["optimum", "gap"]].to_dict("records")
[{'optimum': 6, 'gap': 4}, {'optimum': 0, 'gap': 0}]
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from kingdomino_kit.analysis.claims import simulate_claims
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.infra.tables import Column, Schema, open_table, read_table
from kingdomino_kit.solver.batch import solve_many

__all__ = ["GAPS", "gaps", "greedy_gap", "hands", "read_gaps", "write_gaps"]

GAPS = Schema((
    Column("game", "int64", "the game's index in the run (as in simulate)"),
    Column("player", "int8", "the seat"),
    Column("bot", "category", "the seat's bot"),
    Column("dominoes", "ints", "the dominoes the seat claimed, sorted"),
    Column("score", "int16", "the seat's final score"),
    Column("optimum", "int16", "the best score of a kingdom of those dominoes"),
    Column("status", "category", "the solver's status for that optimum (OPTIMAL: proven)"),
    Column("gap", "int16", "optimum - score"),
))
"""One row per seat of a run: :func:`gaps` as a table."""


def hands(claims: Any) -> Any:
    """Per game and player of a claims table: ``bot``, the ``dominoes`` claimed (sorted) and
    the final ``score``."""
    import pandas as pd

    rows = [{"game": int(game), "player": int(player), "bot": part["bot"].iloc[0],
             "dominoes": sorted(int(d) for d in part["domino"]),
             "score": int(part["score"].iloc[0])}
            for (game, player), part in claims.groupby(["game", "player"], sort=True)]
    return pd.DataFrame(rows, columns=["game", "player", "bot", "dominoes", "score"])


def gaps(hands: Any, optima: Any) -> Any:
    """``hands`` with each hand's ``optimum``, its ``status`` and ``gap`` = optimum − score
    (``optima``: the table :func:`~kingdomino_kit.solver.batch.solve_many` gave for the
    hands, under the game's rules)."""
    best = {tuple(row["dominoes"]): row for row in optima.to_dict("records")}
    table = hands.copy()
    table["optimum"] = [int(best[tuple(d)]["score"]) for d in table["dominoes"]]
    table["status"] = [best[tuple(d)]["status"] for d in table["dominoes"]]
    table["gap"] = table["optimum"] - table["score"]
    return table


def write_gaps(path: str | os.PathLike[str], table: Any, *,
               metadata: dict[str, Any] | None = None) -> None:
    """Write a :func:`gaps` table to CSV or Parquet (atomically, typed as :data:`GAPS`)."""
    with open_table(path, GAPS, "gaps", metadata=metadata) as sink:
        sink.write(list(table[list(GAPS.names)].itertuples(index=False, name=None)))


def read_gaps(path: str | os.PathLike[str]) -> Any:
    """A table written by :func:`write_gaps`, as the DataFrame :func:`gaps` gave."""
    return read_table(path, GAPS, "gaps")


def greedy_gap(games: int, bots: Sequence[str] | str = "greedy",
               options: GameOptions | None = None, seed: int = 0, *,
               time_limit_s: float = 60.0, workers: int = 1, client: Any = None,
               out: str | os.PathLike[str] | None = None, progress: bool | None = None) -> Any:
    """Play ``games`` seeded games (:func:`~kingdomino_kit.analysis.claims.simulate_claims`),
    solve every player's own dominoes under the game's rules (``out``: a resumable optima
    table) and return :func:`gaps` of every seat."""
    options = options or GameOptions()
    claims = simulate_claims(games, bots, options, seed, workers=workers, client=client,
                             progress=progress)
    table = hands(claims)
    optima = solve_many(table["dominoes"], rules=options.rules, time_limit_s=time_limit_s,
                        workers=workers, client=client, out=out, progress=progress)
    return gaps(table, optima)
