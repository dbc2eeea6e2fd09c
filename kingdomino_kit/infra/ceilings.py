"""The most work a user can ask for: every count and duration given to a command (and to the
library functions behind them) has a ceiling, checked before any work starts, so that a typo —
``--games 1000000000000`` — is one line at once rather than gigabytes of memory later.

The ceilings are far above any real use on one machine (a day of work or more) and are stated
in ``docs/hardening.md``.

>>> check_ceiling(10 ** 12, "games", MAX_GAMES)
Traceback (most recent call last):
...
kingdomino_kit.errors.KingdominoError: games: must be an integer from 1 to 10,000,000, not ...
"""

from __future__ import annotations

from typing import Any

from kingdomino_kit.errors import KingdominoError

__all__ = ["MAX_GAMES", "MAX_PLAYOUTS", "MAX_SECONDS", "MAX_SETS", "check_ceiling"]

MAX_GAMES = 10_000_000
"""Games of one ``simulate`` or ``tournament`` run (days of games on a laptop)."""

MAX_SETS = 1_000_000
"""Domino sets of one ``solve-batch`` run (``--random N`` or the rows of a sets table)."""

MAX_PLAYOUTS = 100_000
"""Playouts of one decision (``coach --playouts``, a Monte Carlo bot's ``playouts=``)."""

MAX_SECONDS = 86_400.0
"""Seconds of any time limit or budget (``--time-limit``, ``--solver-seconds``, ``--budget``,
``--timeout``): one day."""


def check_ceiling(value: Any, name: str, high: int, low: int = 1,
                  error: type[KingdominoError] = KingdominoError) -> int:
    """``value`` if it is an integer (not a bool) from ``low`` to ``high``, else ``error``
    naming ``name`` and the range."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        shown = f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) \
            else repr(value)[:40]
        raise error(f"{name}: must be an integer from {low:,} to {high:,}, not {shown}")
    return value
