"""The data of one CP-SAT model: the frame, the castle cell, the pieces, the start's squares,
the options and the static upper bound.

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
from functools import cache

from ortools.sat.python import cp_model

from kingdomino_kit.dominoes import Domino, Half
from kingdomino_kit.kingdom import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS
from kingdomino_kit.solver.inputs import FrameCell
from kingdomino_kit.solver.settings import DEFAULT_SETTINGS, SolverSettings

__all__ = ["FrameCell", "ModelData", "NEIGHBOURS", "Piece", "choice_bound", "model_data",
           "piece_key", "terrain_bound"]

NEIGHBOURS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def piece_key(dom: Domino) -> tuple[Half, Half]:
    """The physical piece a domino is: its two halves, in a canonical order (rotation is free).

    >>> from kingdomino_kit.dominoes import domino
    >>> piece_key(domino(24)) == piece_key(domino(27))   # both F1|W
    True
    """
    a, b = dom.first, dom.second
    return (a, b) if (a.terrain.index, a.crowns) <= (b.terrain.index, b.crowns) else (b, a)


@dataclass(frozen=True)
class Piece:
    """A class of equal dominoes: the halves (canonical order) and the catalogue numbers."""

    halves: tuple[Half, Half]
    numbers: tuple[int, ...]

    @property
    def is_double(self) -> bool:
        """Both halves equal: one orientation per cell pair."""
        return self.halves[0] == self.halves[1]


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


def terrain_bound(halves: Sequence[Half]) -> int:
    """Σ over terrains of squares × crowns: the score if every terrain were one property.

    >>> from kingdomino_kit.dominoes import domino
    >>> terrain_bound([*domino(41).halves, *domino(36).halves])   # W W G2 G1: 2 × 3
    6
    """
    squares: dict[int, int] = {}
    crowns: dict[int, int] = {}
    for h in halves:
        squares[h.terrain.index] = squares.get(h.terrain.index, 0) + 1
        crowns[h.terrain.index] = crowns.get(h.terrain.index, 0) + h.crowns
    return sum(squares[t] * crowns[t] for t in squares)


def model_data(dominoes: Sequence[Domino], *, size: int, castle: FrameCell,
               fixed: dict[FrameCell, Half] | None = None, middle_kingdom: bool = False,
               harmony: bool = False, choose: int | None = None,
               settings: SolverSettings = DEFAULT_SETTINGS, bound_seconds: float = 10.0
               ) -> ModelData:
    """Group equal dominoes into pieces and compute the static upper bound (bonuses included;
    the bound of a choice of k dominoes is searched for at most ``bound_seconds``)."""
    groups: dict[tuple[Half, Half], list[int]] = {}
    for d in dominoes:
        groups.setdefault(piece_key(d), []).append(d.number)
    pieces = tuple(Piece(k, tuple(v)) for k, v in groups.items())
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
        bound = min(bound, choice_bound(pieces, at_most, tuple(fixed.values()), bound_seconds))
    if middle_kingdom and castle == (size // 2, size // 2):
        bound += MIDDLE_KINGDOM_BONUS
    if harmony:
        bound += HARMONY_BONUS
    return ModelData(size, castle, pieces, fixed, middle_kingdom, harmony, choose, bound, settings)


@cache
def choice_bound(pieces: tuple[Piece, ...], k: int, fixed: tuple[Half, ...] = (),
                 seconds: float = 10.0) -> int:
    """The per-terrain bound of the best choice of at most ``k`` dominoes (geometry ignored):
    max Σ_t squares_t × crowns_t over the choices, a small CP-SAT model of its own (searched
    for at most ``seconds``: the bound CP-SAT has proven by then).

    >>> from kingdomino_kit.dominoes import dominoes
    >>> data = model_data(dominoes("41,36,1"), size=5, castle=(2, 2))
    >>> choice_bound(data.pieces, 2)   # G2 and G1 with their W W: 2 × 3
    6
    """
    model = cp_model.CpModel()
    count = [model.new_int_var(0, len(p.numbers), f"count_{i}") for i, p in enumerate(pieces)]
    model.add(sum(count) <= k)
    total = []
    for t in range(6):
        sq = [sum(1 for h in p.halves if h.terrain.index == t) for p in pieces]
        cr = [sum(h.crowns for h in p.halves if h.terrain.index == t) for p in pieces]
        sq0 = sum(1 for h in fixed if h.terrain.index == t)
        cr0 = sum(h.crowns for h in fixed if h.terrain.index == t)
        top_sq = sq0 + sum(a * len(p.numbers) for a, p in zip(sq, pieces, strict=True))
        top_cr = cr0 + sum(a * len(p.numbers) for a, p in zip(cr, pieces, strict=True))
        if top_cr == 0:
            continue
        squares = model.new_int_var(0, top_sq, f"squares_{t}")
        crowns = model.new_int_var(0, top_cr, f"crowns_{t}")
        model.add(squares == sq0 + sum(a * n for a, n in zip(sq, count, strict=True)))
        model.add(crowns == cr0 + sum(a * n for a, n in zip(cr, count, strict=True)))
        value = model.new_int_var(0, top_sq * top_cr, f"score_{t}")
        model.add_multiplication_equality(value, [squares, crowns])
        total.append(value)
    model.maximize(sum(total))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    solver.parameters.catch_sigint_signal = False  # Ctrl-C is for the caller
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return terrain_bound([h for p in pieces for h in p.halves for _ in p.numbers]
                             + list(fixed))
    return int(solver.best_objective_bound + 1e-6)


