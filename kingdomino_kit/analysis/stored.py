"""Two tables computed once and shipped with the kit, for a notebook that cannot wait the
hour of solving behind them (``scripts/make_analysis_data.py`` makes them again, seeded):

- :func:`random_hands` — the proven best 5×5 kingdom of random hands of 12 dominoes
  (:data:`HANDS` of them, :func:`~kingdomino_kit.solver.batch.random_sets` with seed
  :data:`HANDS_SEED`; the :data:`~kingdomino_kit.solver.batch.OPTIMA` columns);
- :func:`greedy_gaps` — every seat of seeded 4-player games of greedy bots (seed
  :data:`GAPS_SEED`, the games of ``simulate``) with the proven optimum of its own dominoes
  (the :data:`~kingdomino_kit.analysis.gaps.GAPS` columns);
- :func:`bot_strength` — ``mce`` at several budgets against three ``greedy`` (4 players, both
  bonuses): mean score and win share with their 95 % intervals against CPU seconds a turn
  (``scripts/measure_bot_strength.py``).

The tests re-check them: the sets and games are the seeded ones, every layout rebuilds its
score through the rules, and a sample is solved again.

>>> hands = random_hands()
>>> set(hands["dominoes"].map(len)), bool(hands["score"].between(0, 200).all())
({12}, True)
>>> gaps = greedy_gaps()
>>> bool((gaps["gap"] >= 0).all()), sorted(set(gaps["bot"]))
(True, ['greedy'])
>>> strength = bot_strength()
>>> strength["steps"].is_monotonic_increasing, strength["bot"].iloc[0]
(True, 'greedy')
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from kingdomino_kit.analysis.gaps import read_gaps
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver.batch import read_optima

__all__ = ["GAPS_FILE", "GAPS_GAMES", "GAPS_OPTIONS", "GAPS_SEED", "HANDS", "HANDS_FILE",
           "HANDS_SEED", "STRENGTH_FILE", "STRENGTH_OPTIONS", "STRENGTH_SEED", "TIME_LIMIT_S",
           "bot_strength", "greedy_gaps", "random_hands"]

HANDS = 1000
"""Random hands asked for (a table stopped early holds fewer: resumable)."""
HANDS_SEED = 1
GAPS_GAMES = 25
"""Games of greedy bots asked for."""
GAPS_SEED = 1
GAPS_OPTIONS = GameOptions(players=4)
TIME_LIMIT_S = 60.0
"""Seconds of solving allowed per hand."""
HANDS_FILE = "random_hands_5x5.parquet"
GAPS_FILE = "greedy_gaps.parquet"
STRENGTH_FILE = "bot_strength.csv"
STRENGTH_OPTIONS = GameOptions(players=4, rules=Rules(middle_kingdom=True, harmony=True))
"""The published agents' setting: 4 players, both bonuses."""
STRENGTH_SEED = 2026


def _path(name: str) -> Any:
    return resources.files("kingdomino_kit") / "data" / name


def random_hands() -> Any:
    """The stored optima of random 5×5 hands, as :func:`~kingdomino_kit.solver.batch.
    solve_many` answered them."""
    with resources.as_file(_path(HANDS_FILE)) as path:
        return read_optima(path)


def greedy_gaps() -> Any:
    """The stored gaps of greedy seats, as :func:`~kingdomino_kit.analysis.gaps.greedy_gap`
    answered them."""
    with resources.as_file(_path(GAPS_FILE)) as path:
        return read_gaps(path)


def bot_strength() -> Any:
    """The stored strength of ``mce`` against three ``greedy`` by budget (``steps`` 0 is
    ``greedy`` itself): one row per budget, sorted by ``steps``."""
    import pandas as pd

    with resources.as_file(_path(STRENGTH_FILE)) as path:
        frame = pd.read_csv(path)
    return frame.sort_values("steps", ignore_index=True)
