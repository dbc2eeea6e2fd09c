"""Analysis at scale: the kit's results as pandas tables, from a few games in a notebook to
millions on a Dask cluster.

- games: :func:`~kingdomino_kit.game.simulate.simulate_frame` (one row per game and player)
  and :func:`~kingdomino_kit.game.simulate.simulate_to` (CSV or Parquet, streamed), re-exported
  here;
- :mod:`.claims` — who claimed which domino, with the claimer's final score;
- :mod:`kingdomino_kit.solver.batch` — :func:`solve_many`, the provably best kingdom of many
  domino sets (resumable, here, in processes or on Dask);
- :mod:`.summaries` — tidy group summaries with 95 % intervals, the value of each domino
  number, the first pick;
- :mod:`.gaps` — how far a player's score is from the optimum of its own dominoes.

Every function takes ``workers=`` (local processes) and ``client=`` (a
``dask.distributed.Client``) where it runs games or solves; the answers do not depend on them.
pandas loads with the first table made, Dask only when a client is used.

>>> from kingdomino_kit.game import GameOptions
>>> frame = simulate_frame(40, "greedy,random", GameOptions(players=2), seed=3)
>>> table = summary(frame, "bot", "score")
>>> table["bot"].tolist(), table["n"].tolist(), bool(table["mean"].iloc[0] > table["mean"].iloc[1])
(['greedy', 'random'], [40, 40], True)
"""

from kingdomino_kit.analysis.claims import CLAIMS, simulate_claims
from kingdomino_kit.analysis.gaps import gaps, greedy_gap, hands
from kingdomino_kit.analysis.summaries import (
    domino_table,
    domino_values,
    first_pick,
    mean_interval,
    share_interval,
    summary,
)
from kingdomino_kit.game.simulate import RESULTS, read_results, simulate_frame, simulate_to
from kingdomino_kit.solver.batch import (
    OPTIMA,
    optimum_kingdom,
    random_sets,
    read_optima,
    read_sets,
    solve_many,
)

__all__ = ["CLAIMS", "OPTIMA", "RESULTS", "domino_table", "domino_values", "first_pick",
           "gaps", "greedy_gap", "hands", "mean_interval", "optimum_kingdom", "random_sets",
           "read_optima", "read_results", "read_sets", "share_interval", "simulate_claims",
           "simulate_frame", "simulate_to", "solve_many", "summary"]
