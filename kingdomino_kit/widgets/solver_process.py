"""Running :func:`kingdomino_kit.solver.best_kingdom` in a child process that can be stopped.

A notebook's stop button must end a CP-SAT search at once, even while it is proving a bound and
finds no new solution; killing a child process does that, and the best solution streamed so far
stays with the parent. Solutions cross the process boundary as plain JSON-ready tuples
(:func:`pack` / :func:`unpack`), kingdoms in the rules library's JSON format. The child exits by
itself when its parent (the kernel) dies. OR-Tools is loaded by the search itself, in the child.

>>> from kingdomino_kit.kingdom import Kingdom, Placement
>>> from kingdomino_kit.dominoes import domino
>>> s = Solution("optimal", 2, 2, Kingdom.from_text("C W G2"),
...              (Placement(domino(41), (0, 1), (0, 2)),), 0.5)
>>> unpack(pack(s)) == s
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kingdomino_kit.dominoes import domino, dominoes
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.parallel import die_with_parent
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.solver import Solution, Status, best_kingdom

if TYPE_CHECKING:
    from multiprocessing.queues import Queue

__all__ = ["pack", "unpack", "solve_in_child"]

Packed = tuple[str, int, int, "dict[str, Any] | None", list[tuple[int, list[int], list[int]]],
               float]


def pack(solution: Solution) -> Packed:
    """A solution as plain data (picklable, no shared objects)."""
    kingdom = solution.kingdom.to_json() if solution.kingdom is not None else None
    order = [(p.domino.number, list(p.first), list(p.second)) for p in solution.order]
    return (solution.status, solution.score, solution.bound, kingdom, order, solution.seconds)


def unpack(data: Packed) -> Solution:
    """The :class:`~kingdomino_kit.solver.Solution` that :func:`pack` packed."""
    status, score, bound, kingdom, order, seconds = data
    return Solution(Status(status), score, bound,
                    Kingdom.from_json(kingdom) if kingdom is not None else None,
                    tuple(Placement(domino(n), (a[0], a[1]), (b[0], b[1]))
                          for n, a, b in order), seconds)


def solve_in_child(queue: Queue[Any], numbers: list[int], options: dict[str, Any],
                   start: dict[str, Any] | None, parent: int, main_thread: bool = False
                   ) -> None:
    """The child's work: solve, stream ``("solution", packed)`` and ``("progress", event)``
    (a :class:`~kingdomino_kit.solver.Progress` as JSON), end with ``("done", packed)`` or
    ``("error", message)``.

    It dies with ``parent`` (the kernel's pid) as the command line's workers do
    (:func:`~kingdomino_kit.infra.parallel.die_with_parent`): a thread watching the parent,
    and where the child was started by the parent's main thread (``main_thread``: a thread
    that lives as long as the kernel) Linux's SIGKILL at the parent's death, which ends the
    child even when it cannot run its watch (stopped, or stuck in native code)."""
    die_with_parent(parent, kernel=main_thread)
    try:
        begin = Kingdom.from_json(start) if start is not None else None
        final = best_kingdom(dominoes(numbers), start=begin,
                             on_solution=lambda s: queue.put(("solution", pack(s))),
                             on_progress=lambda e: queue.put(("progress", e.to_json())),
                             **options)
        queue.put(("done", pack(final)))
    except KingdominoError as error:
        queue.put(("error", str(error)))
    except BaseException as error:  # report anything, the parent shows it  # noqa: BLE001
        queue.put(("error", f"{type(error).__name__}: {error}"))
