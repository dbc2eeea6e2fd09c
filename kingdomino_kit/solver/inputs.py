"""What the solver is given, checked and laid out: the input checks every solver of the kit
makes, the castle cells to try and the start kingdom's squares in a model's frame. Light: no
OR-Tools here.

>>> castle_positions(5)
[(2, 2), (1, 2), (1, 1), (0, 2), (0, 1), (0, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from kingdomino_kit.dominoes import Domino, Half
from kingdomino_kit.errors import KingdominoError, SolverError
from kingdomino_kit.infra.untrusted import check_count, check_search, shown
from kingdomino_kit.kingdom import Kingdom

__all__ = ["FrameCell", "castle_positions", "check_dominoes", "check_input", "check_numbers",
           "check_room", "check_search", "fixed_squares"]

D = TypeVar("D")

FrameCell = tuple[int, int]
"""A cell of the model's size × size frame: (row, column), 0-based."""


def castle_positions(size: int, start: Kingdom | None = None) -> list[FrameCell]:
    """Frame cells to try for the castle, centre first: one eighth of the square without a
    start, every cell that keeps the start inside the frame with one.

    >>> castle_positions(5)
    [(2, 2), (1, 2), (1, 1), (0, 2), (0, 1), (0, 0)]
    """
    c = size // 2
    if start is None:
        cells = [(r, k) for r in range(c + 1) for k in range(r, c + 1)]
    else:
        rmin, rmax, cmin, cmax = start.bounds
        cells = [(r, k) for r in range(size) for k in range(size)
                 if r + rmin >= 0 and r + rmax < size and k + cmin >= 0 and k + cmax < size]
    return sorted(cells, key=lambda u: (abs(u[0] - c) + abs(u[1] - c), -u[0], -u[1]))


def check_numbers(numbers: Sequence[int], size: int, error: type[KingdominoError],
                  what: str = "kingdom") -> None:
    """The checks every solver makes first: no domino given twice, a size of 5 or 7.

    >>> check_numbers([3, 17, 3], 5, SolverError)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.SolverError: domino 3 is given more than once
    """
    repeated = sorted({n for n in numbers if numbers.count(n) > 1})
    if repeated:
        raise error(f"domino {repeated[0]} is given more than once")
    if size not in (5, 7):
        raise error(f"{what} size must be 5 or 7, not {size}")


def check_dominoes(dominoes: object, kind: type[D], error: type[KingdominoError], *,
                   many: str = "Domino",
                   one: str = 'a Domino (from domino(n) or dominoes("1,2"))') -> list[D]:
    """The domino-list check of every solver of the kit (Kingdomino's, Origins'): a list (not
    text) whose items are all ``kind``; returns it as a list. ``many`` and ``one`` name the
    dominoes expected in the messages.

    >>> check_dominoes("1,2", Domino, SolverError)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.SolverError: dominoes: must be a list of Domino, not '1,2'
    """
    if isinstance(dominoes, (str, bytes)) or not isinstance(dominoes, Iterable):
        raise error(f"dominoes: must be a list of {many}, not {shown(dominoes)}")
    given = list(dominoes)
    for i, d in enumerate(given):
        if not isinstance(d, kind):
            raise error(f"dominoes[{i}]: must be {one}, not {shown(d)}")
    return given


def check_room(count: int, size: int, error: type[KingdominoError], what: str = "kingdom",
               taken: int = 0) -> None:
    """``count`` dominoes must fit the free squares of a size × size ``what`` (the castle's
    and ``taken`` squares are not free).

    >>> check_room(13, 5, SolverError)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.SolverError: 13 dominoes cannot fit a 5×5 kingdom (room for 12)
    """
    room = (size * size - 1 - taken) // 2
    if count > room:
        raise error(f"{count} dominoes cannot fit a {size}×{size} {what} (room for {room})")


def fixed_squares(start: Kingdom | None, castle: FrameCell) -> dict[FrameCell, Half]:
    """The start's squares in the frame of a castle cell."""
    if start is None:
        return {}
    return {(r + castle[0], c + castle[1]): h for (r, c), h in start.squares()}


def check_input(dominoes: object, size: object, start: object, choose: object) -> list[Domino]:
    """The checks of :func:`~kingdomino_kit.solver.best_kingdom`: the types, the numbers, the
    size, the start kingdom and the room the dominoes need; returns the dominoes as a list.

    >>> check_input([1, 2], 5, None, None)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.SolverError: dominoes[0]: must be a Domino (from domino(n) or \
dominoes("1,2")), not 1
    """
    given = check_dominoes(dominoes, Domino, SolverError)
    if size not in (5, 7) or isinstance(size, bool):
        raise SolverError(f"kingdom size must be 5 or 7, not {shown(size)}")
    if choose is not None:
        check_count(choose, "choose", 0, 10**6, SolverError)
    if start is not None and not isinstance(start, Kingdom):
        raise SolverError(f"start: must be a Kingdom (or None), not {shown(start)}")
    check_numbers([d.number for d in given], size, SolverError)
    if start is not None:
        if start.size != size:
            raise SolverError(f"the start kingdom has size {start.size}, not {size}")
        rmin, rmax, cmin, cmax = start.bounds
        if rmax - rmin >= size or cmax - cmin >= size:
            raise SolverError(f"the start kingdom does not fit {size}×{size}")
    if choose is None:
        check_room(len(given), size, SolverError, taken=len(start) if start is not None else 0)
    return given

