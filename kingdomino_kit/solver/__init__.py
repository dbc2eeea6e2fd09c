"""Provably optimal kingdoms with OR-Tools CP-SAT: :func:`best_kingdom`, the front door.

The package, by idea:

- :mod:`.solution` — :class:`Solution` (its :class:`Status` is the one of every solver of the
  kit, :mod:`kingdomino_kit.solver.answer`), and the replay of a layout through the rules;
- :mod:`.settings` — :class:`SolverSettings`, which model and which of its ideas run;
- :mod:`.inputs` — the input checks, the castle cells to try, a start in a model's frame;
- :mod:`.data` — the data of one model (frame, castle cell, pieces, static bound);
- :mod:`.layout` — what both models share: placements, cell contents, bonuses, objective;
- :mod:`.rank_model` and :mod:`.set_model` — the two models;
- :mod:`.beam` — a quick first layout; :mod:`.search` — the search over castle positions;
- :mod:`.progress` — the proof as it happens: :class:`Progress` events for ``on_progress``;
- :mod:`.free_choice` — the best kingdom from any k dominoes of a pool.

Importing the package is light; OR-Tools loads with the first solve.

>>> from kingdomino_kit.dominoes import dominoes
>>> sol = best_kingdom(dominoes("41,36"), workers=1)
>>> sol.status, sol.score, sol.bound
(<Status.OPTIMAL: 'optimal'>, 6, 6)
>>> sol.kingdom.score(), sorted(p.domino.number for p in sol.order)
(6, [36, 41])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.errors import SolverBug, SolverError
from kingdomino_kit.infra.untrusted import check_search
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.solver.inputs import (
    castle_positions,
    check_input,
    check_numbers,
)
from kingdomino_kit.solver.progress import Progress
from kingdomino_kit.solver.settings import DEFAULT_SETTINGS, SolverSettings
from kingdomino_kit.solver.solution import (
    FEASIBLE,
    INFEASIBLE,
    OPTIMAL,
    UNKNOWN,
    Solution,
    Status,
    replay_order,
)

__all__ = ["FEASIBLE", "INFEASIBLE", "OPTIMAL", "UNKNOWN", "Progress", "Solution", "SolverBug",
           "SolverError", "SolverSettings", "Status", "best_kingdom", "castle_positions",
           "check_numbers", "replay_order"]


def best_kingdom(dominoes: Sequence[Domino], *, size: int = 5, middle_kingdom: bool = False,
                 harmony: bool = False, start: Kingdom | None = None,
                 time_limit_s: float = 60.0, workers: int = 2, seed: int = 0,
                 on_solution: Callable[[Solution], None] | None = None,
                 choose: int | None = None,
                 settings: SolverSettings = DEFAULT_SETTINGS,
                 on_progress: Callable[[Progress], None] | None = None) -> Solution:
    """The best kingdom buildable from ``dominoes`` (at most ``choose`` of them), from the
    castle or from ``start``, with the bonuses switched on counted. A domino is left out only
    when it has no legal placement in the final kingdom (``Solution.discarded``; the loose
    reading, any subset, is ``settings=SolverSettings(free_discard=True)``).

    ``on_solution`` is called with each better layout found (status ``feasible``);
    ``on_progress`` with every change of the proven bound — per castle position and overall,
    with the time and the score levels refuted (:class:`~.progress.Progress`); attaching either
    never changes the search;
    ``settings`` chooses the model and its ideas (the default is the fastest measured).
    Bad input — a wrong type, a repeated domino, a time limit that is not a positive finite
    number, a seed past CP-SAT's 32 bits — raises :class:`SolverError`. Harmony and Middle
    Kingdom are bonuses, never constraints: out of reach, they add nothing.

    >>> from kingdomino_kit.dominoes import dominoes
    >>> best_kingdom(dominoes("48,47"), workers=1).score   # M2 beside M3: 2 squares × 5 crowns
    10
    >>> sol = best_kingdom(dominoes("1,2,3,4,5,6,7,8,9,10,11"), harmony=True)
    >>> sol.status, sol.score                 # 11 dominoes cannot fill 5×5: no +5, no crown
    (<Status.OPTIMAL: 'optimal'>, 0)
    """
    from kingdomino_kit.solver.search import solve_positions  # OR-Tools: loaded when first used

    check_search(time_limit_s, workers, seed, SolverError)
    dominoes = check_input(dominoes, size, start, choose,
                           middle_kingdom=middle_kingdom, harmony=harmony)
    if not isinstance(settings, SolverSettings):
        raise SolverError(f"settings: must be a SolverSettings, not {type(settings).__name__}")
    if on_solution is not None and not callable(on_solution):
        raise SolverError("on_solution: must be a function of one Solution")
    return solve_positions(dominoes, size=size, middle_kingdom=middle_kingdom, harmony=harmony,
                           start=start, time_limit_s=time_limit_s, workers=workers, seed=seed,
                           on_solution=on_solution, choose=choose, settings=settings,
                           on_progress=on_progress)
