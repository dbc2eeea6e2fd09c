"""The data of one CP-SAT model: the frame, the castle cell, the pieces, the start's squares,
the options and the static upper bound — and the checks every solver makes on its input.

The kingdom lives in a fixed size × size *frame*: cells ``(row, col)``, 0-based, with the castle
on a given frame cell (:data:`FrameCell`, unlike the castle-relative cells of
:class:`~kingdomino_kit.kingdom.Kingdom`). Equal dominoes form one *piece*, so they share
variables and never swap in the search.

>>> from kingdomino_kit.dominoes import dominoes
>>> data = model_data(dominoes("41,48"), size=5, castle=(2, 2))
>>> len(data.pieces), data.upper_bound
(2, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from kingdomino_kit.dominoes import Domino, Half
from kingdomino_kit.errors import KingdominoError, SolverError
from kingdomino_kit.kingdom import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS, Kingdom
from kingdomino_kit.solver.choices import choice_bound
from kingdomino_kit.solver.pieces import Piece, piece_key, pieces_of, terrain_bound
from kingdomino_kit.solver.settings import DEFAULT_SETTINGS, SolverSettings

__all__ = ["FrameCell", "ModelData", "NEIGHBOURS", "Piece", "castle_positions", "check_input",
           "check_numbers", "choice_bound", "fixed_squares", "model_data", "piece_key",
           "terrain_bound"]

FrameCell = tuple[int, int]
"""A cell of the model's size × size frame: (row, column), 0-based."""
NEIGHBOURS = ((0, 1), (1, 0), (0, -1), (-1, 0))


@dataclass(frozen=True)
class ModelData:
    """Everything one model needs: frame, castle cell, pieces, fixed squares, options, the
    static upper bound and the settings."""

    size: int
    castle: FrameCell
    pieces: tuple[Piece, ...]
    fixed: dict[FrameCell, Half] = field(default_factory=dict)
    middle_kingdom: bool = False
    harmony: bool = False
    choose: int | None = None
    upper_bound: int = 0
    settings: SolverSettings = DEFAULT_SETTINGS

    def cells(self) -> list[FrameCell]:
        """Every frame cell, row-major."""
        return [(r, c) for r in range(self.size) for c in range(self.size)]

    def free_cells(self) -> list[FrameCell]:
        """Cells a new domino may cover (not the castle, not a fixed square)."""
        return [u for u in self.cells() if u != self.castle and u not in self.fixed]

    def neighbours(self, u: FrameCell) -> list[FrameCell]:
        """The orthogonal neighbours of ``u`` inside the frame."""
        n = self.size
        return [(u[0] + dr, u[1] + dc) for dr, dc in NEIGHBOURS
                if 0 <= u[0] + dr < n and 0 <= u[1] + dc < n]


def model_data(dominoes: Sequence[Domino], *, size: int, castle: FrameCell,
               fixed: dict[FrameCell, Half] | None = None, middle_kingdom: bool = False,
               harmony: bool = False, choose: int | None = None,
               settings: SolverSettings = DEFAULT_SETTINGS) -> ModelData:
    """Group equal dominoes into pieces and compute the static upper bound (bonuses included):
    the terrain bound, or with fewer dominoes than given allowed (``choose``, or the room the
    chessboard colouring leaves), the exact :func:`~.choices.choice_bound`."""
    pieces = pieces_of(dominoes)
    fixed = dict(fixed or {})
    halves = [h for d in dominoes for h in d.halves] + list(fixed.values())
    bound = terrain_bound(halves)
    at_most = len(dominoes) if choose is None else min(choose, len(dominoes))
    if settings.parity:  # a domino covers one light and one dark cell of the chessboard
        free = [(r, c) for r in range(size) for c in range(size)
                if (r, c) != castle and (r, c) not in fixed]
        light = sum(1 for r, c in free if (r + c) % 2 == 0)
        at_most = min(at_most, light, len(free) - light)
    if at_most < len(dominoes):
        bound = min(bound, choice_bound(pieces, at_most, tuple(fixed.values())))
    if middle_kingdom and castle == (size // 2, size // 2):
        bound += MIDDLE_KINGDOM_BONUS
    if harmony:
        bound += HARMONY_BONUS
    return ModelData(size, castle, pieces, fixed, middle_kingdom, harmony, choose, bound, settings)


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


def fixed_squares(start: Kingdom | None, castle: FrameCell) -> dict[FrameCell, Half]:
    """The start's squares in the frame of a castle cell."""
    if start is None:
        return {}
    return {(r + castle[0], c + castle[1]): h for (r, c), h in start.squares()}


def check_input(dominoes: Sequence[Domino], size: int, start: Kingdom | None,
                choose: int | None) -> None:
    """The checks of :func:`~kingdomino_kit.solver.best_kingdom`: numbers, size, the start
    kingdom and the room the dominoes need."""
    check_numbers([d.number for d in dominoes], size, SolverError)
    if start is not None:
        if start.size != size:
            raise SolverError(f"the start kingdom has size {start.size}, not {size}")
        rmin, rmax, cmin, cmax = start.bounds
        if rmax - rmin >= size or cmax - cmin >= size:
            raise SolverError(f"the start kingdom does not fit {size}×{size}")
    room = (size * size - 1 - (len(start) if start is not None else 0)) // 2
    if choose is not None and choose < 0:
        raise SolverError(f"cannot choose {choose} dominoes")
    if choose is None and len(dominoes) > room:
        raise SolverError(f"{len(dominoes)} dominoes cannot fit a {size}×{size} kingdom "
                          f"(room for {room})")
