"""Free choice: the best kingdom from any k dominoes of a pool (the whole box by default).

The theoretical maximum of a 5×5 kingdom is ``free_choice(12)``, of a 7×7 one
``free_choice(24, size=7)``; with ``harmony=True`` +5 when k dominoes fill it. Results
measured with this module are in ``docs/free_choice.md``.

>>> sol = free_choice(1, pool=[41, 36, 48], workers=1)   # one domino: W|M3 scores 3
>>> sol.status, sol.score
(<Status.OPTIMAL: 'optimal'>, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kingdomino_kit.dominoes import DOMINOES, domino
from kingdomino_kit.errors import SolverError
from kingdomino_kit.rules import Rules, rules_or_flags
from kingdomino_kit.solver import best_kingdom
from kingdomino_kit.solver.solution import Solution

__all__ = ["free_choice", "DEFAULT_K"]

DEFAULT_K = {5: 12, 7: 24}
"""Dominoes that fill a kingdom of each size around its castle."""


def free_choice(k: int | None = None, *, size: int = 5, pool: Sequence[int] | None = None,
                rules: Rules | None = None, middle_kingdom: bool = False,
                harmony: bool = False, time_limit_s: float = 600.0, workers: int = 2, seed: int = 0,
                on_solution: Callable[[Solution], None] | None = None) -> Solution:
    """The best kingdom from any ``k`` dominoes (default: as many as fill ``size``) of ``pool``,
    under ``rules`` (or their shorthand ``size``, ``middle_kingdom``, ``harmony``, as for
    :func:`~kingdomino_kit.solver.best_kingdom`)."""
    rules = rules_or_flags(rules, size=size, middle_kingdom=middle_kingdom, harmony=harmony,
                           error=SolverError)
    dominoes = list(DOMINOES) if pool is None else [domino(n) for n in pool]
    return best_kingdom(dominoes, rules=rules, time_limit_s=time_limit_s, workers=workers,
                        seed=seed, on_solution=on_solution,
                        choose=DEFAULT_K[rules.size] if k is None else k)
