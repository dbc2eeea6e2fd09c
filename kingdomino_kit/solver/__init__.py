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
- :mod:`.free_choice` — the best kingdom from any k dominoes of a pool;
- :mod:`.discard` — no voluntary discard; :mod:`.canonical` — the same layout for the same
  input and seed (on 7×7 first from the search's deterministic provers, :mod:`.canonical_full`);
- :mod:`.other_layout` — another layout worth as much, or the proof that an optimal layout is
  the only one up to symmetry (the puzzles' ``unique`` tag).

:func:`best_kingdom` counts each bonus rule as a term of its models' objective, never a
constraint (Harmony: +5 for the layouts that fill the frame), and leaves a domino out only when
it fits nowhere in the final kingdom (:mod:`.discard`); :func:`best_kingdom_under` is the same
answer with the rules required: hindsight, the coach, the gaps, batch solving and the puzzles
ask it.

Importing the package is light; OR-Tools loads with the first solve. Where OR-Tools is not
installed (the Lite edition's browser kernel), :func:`best_kingdom` answers with the kit's own
exact search instead (:mod:`.exact`; :func:`engine` names the one in use).

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
from kingdomino_kit.rules import Rules, rules_or_flags
from kingdomino_kit.solver.exact import EXACT_SEARCH, best_kingdom_exact, engine
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
           "SolverError", "SolverSettings", "Status", "best_kingdom", "best_kingdom_under",
           "castle_positions",
           "check_numbers", "engine", "replay_order"]


def best_kingdom(dominoes: Sequence[Domino], *, rules: Rules | None = None, size: int = 5,
                 middle_kingdom: bool = False, harmony: bool = False,
                 start: Kingdom | None = None,
                 time_limit_s: float = 60.0, workers: int = 2, seed: int = 0,
                 on_solution: Callable[[Solution], None] | None = None,
                 choose: int | None = None,
                 settings: SolverSettings = DEFAULT_SETTINGS,
                 on_progress: Callable[[Progress], None] | None = None) -> Solution:
    """The best kingdom buildable from ``dominoes`` (at most ``choose`` of them), from the
    castle or from ``start``, with the bonuses of ``rules`` (a
    :class:`~kingdomino_kit.rules.Rules`: size and bonus rules) counted; ``size``,
    ``middle_kingdom`` and ``harmony`` are a shorthand for the two classic bonuses, for when
    ``rules`` is not given. A domino is left out only when it has no legal placement in the
    final kingdom (``Solution.discarded``; the loose reading, any subset, is
    ``settings=SolverSettings(free_discard=True)``).

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
    check_search(time_limit_s, workers, seed, SolverError)
    rules = rules_or_flags(rules, size=size, middle_kingdom=middle_kingdom, harmony=harmony,
                           error=SolverError)
    dominoes = check_input(dominoes, rules.size, start, choose)
    if not isinstance(settings, SolverSettings):
        raise SolverError(f"settings: must be a SolverSettings, not {type(settings).__name__}")
    if on_solution is not None and not callable(on_solution):
        raise SolverError("on_solution: must be a function of one Solution")
    if engine() == EXACT_SEARCH:  # no OR-Tools in this Python (the Lite edition's kernel)
        return best_kingdom_exact(dominoes, rules, start=start, time_limit_s=time_limit_s,
                                  choose=choose, place_all=settings.place_all,
                                  free_discard=settings.free_discard)
    from kingdomino_kit.solver.search import solve_positions  # OR-Tools: loaded when first used

    return solve_positions(dominoes, rules=rules, start=start, time_limit_s=time_limit_s,
                           workers=workers, seed=seed,
                           on_solution=on_solution, choose=choose, settings=settings,
                           on_progress=on_progress)


def best_kingdom_under(dominoes: Sequence[Domino], rules: Rules, *, start: Kingdom | None = None,
                       choose: int | None = None, time_limit_s: float = 60.0, workers: int = 1,
                       seed: int = 0, settings: SolverSettings = DEFAULT_SETTINGS,
                       on_solution: Callable[[Solution], None] | None = None) -> Solution:
    """The best kingdom from ``dominoes`` (at most ``choose``; from the castle or ``start``)
    scored as a player's kingdom is scored under ``rules`` — the one answer to "the best kingdom
    from these dominoes under these rules" that hindsight, the coach, the gaps, batch solving
    and the puzzles ask. Every bonus rule is a term of the model's objective, never a
    constraint (:func:`~kingdomino_kit.solver.layout.bonus_variables`), so this is
    :func:`best_kingdom` with ``rules`` required: a bonus out of reach adds nothing and never
    makes a set infeasible.

    >>> from kingdomino_kit.dominoes import dominoes
    >>> sol = best_kingdom_under(dominoes("1,2,3,4,5,6,7,8,9,10,11"), Rules(harmony=True))
    >>> sol.status, sol.score == best_kingdom(dominoes("1,2,3,4,5,6,7,8,9,10,11")).score
    (<Status.OPTIMAL: 'optimal'>, True)
    """
    if not isinstance(rules, Rules):
        raise SolverError(f"rules: must be a Rules value, not {type(rules).__name__}")
    return best_kingdom(dominoes, rules=rules, start=start, choose=choose,
                        time_limit_s=time_limit_s, workers=workers, seed=seed,
                        settings=settings, on_solution=on_solution)
