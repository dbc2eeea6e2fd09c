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

from kingdomino_kit.dominoes import Domino, Half
from kingdomino_kit.errors import InvariantError
from kingdomino_kit.rules import DEFAULT_RULES, POINTS, Rules
from kingdomino_kit.solver.choices import choice_bound
from kingdomino_kit.solver.inputs import FrameCell
from kingdomino_kit.solver.levels import Levels, reachable_levels
from kingdomino_kit.solver.pieces import Piece, piece_key, pieces_of, terrain_bound
from kingdomino_kit.solver.settings import DEFAULT_SETTINGS, SolverSettings

__all__ = ["FrameCell", "ModelData", "NEIGHBOURS", "Piece", "choice_bound",
           "model_data", "piece_key", "static_bonus", "terrain_bound"]

NEIGHBOURS = ((0, 1), (1, 0), (0, -1), (-1, 0))
SPARE = 2
"""The reachable levels are listed when at most this many dominoes more than fit are given
(with many more, which ones are left out is the choice bound's branch and bound)."""


@dataclass(frozen=True)
class ModelData:
    """Everything one model needs: frame, castle cell, pieces, fixed squares, options, the
    static upper bound, the settings and the scores near that bound that some layout could
    reach (``levels``, :mod:`.levels`; None: every level counts)."""

    size: int
    castle: FrameCell
    pieces: tuple[Piece, ...]
    fixed: dict[FrameCell, Half] = field(default_factory=dict)
    rules: Rules = DEFAULT_RULES
    choose: int | None = None
    upper_bound: int = 0
    settings: SolverSettings = DEFAULT_SETTINGS
    levels: Levels | None = None

    def below(self, level: int) -> int:
        """The highest score at or below ``level`` that a layout here could reach (``level``
        itself when nothing is known): the bound once ``level + 1`` is refuted."""
        return level if self.levels is None else self.levels.below(level)

    def reaches(self, level: int) -> bool:
        """Whether a layout here could score exactly ``level``, as far as is known."""
        return self.levels is None or self.levels.reaches(level)

    def cells(self) -> list[FrameCell]:
        """Every frame cell, row-major."""
        return [(r, c) for r in range(self.size) for c in range(self.size)]

    def free_cells(self) -> list[FrameCell]:
        """Cells a new domino may cover (not the castle, not a fixed square)."""
        return [u for u in self.cells() if u != self.castle and u not in self.fixed]

    def can_fill(self) -> bool:
        """Whether the dominoes (all, or ``choose`` of them) are enough to fill every free cell:
        Harmony is out of reach otherwise."""
        count = sum(len(p.numbers) for p in self.pieces)
        if self.choose is not None:
            count = min(count, self.choose)
        return 2 * count >= len(self.free_cells())

    def neighbours(self, u: FrameCell) -> list[FrameCell]:
        """The orthogonal neighbours of ``u`` inside the frame."""
        n = self.size
        return [(u[0] + dr, u[1] + dc) for dr, dc in NEIGHBOURS
                if 0 <= u[0] + dr < n and 0 <= u[1] + dc < n]


def model_data(dominoes: Sequence[Domino], *, size: int, castle: FrameCell,
               fixed: dict[FrameCell, Half] | None = None, rules: Rules = DEFAULT_RULES,
               choose: int | None = None,
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
    placed = min(len(dominoes), choose if choose is not None else len(dominoes))
    bound += static_bonus(rules, size, castle, fills=2 * placed >= size * size - 1 - len(fixed))
    levels = None
    if choose is None and settings.levels and len(dominoes) - at_most <= SPARE:
        levels = _levels(pieces, fixed, rules, size, castle, at_most)
    if levels is not None:
        top = max(levels.scores, default=bound)
        if top > bound:
            raise InvariantError(f"the reachable levels top {top}, above the static bound "
                                 f"{bound}")
        bound = top  # lower when too few dominoes fit to fill the frame for Harmony
    return ModelData(size, castle, pieces, fixed, rules, choose, bound, settings, levels)


def _levels(pieces: Sequence[Piece], fixed: dict[FrameCell, Half], rules: Rules, size: int,
            castle: FrameCell, at_most: int) -> Levels | None:
    """The reachable levels of one model: the bonuses it counts (:func:`static_bonus`), Harmony
    once enough dominoes are placed to fill the frame."""
    middle = static_bonus(Rules(size, middle_kingdom=rules.middle_kingdom), size, castle)
    bonuses = [(middle, 0)]
    if rules.harmony:
        free = size * size - 1 - len(fixed)
        bonuses.append((middle + POINTS["harmony"], (free + 1) // 2))
    return reachable_levels(pieces, tuple(fixed.values()), at_most=at_most, bonuses=bonuses)


def static_bonus(rules: Rules, size: int, castle: FrameCell, fills: bool = True) -> int:
    """The bonus points the model of one castle cell can add at most (the bonus part of its
    static bound): Middle Kingdom on the frame's centre cell only (there every layout earns it,
    a constant; elsewhere the model leaves it out), Harmony when ``fills`` (the dominoes to
    place are enough to fill the frame; a term of the objective, earned by the full layouts).

    >>> static_bonus(Rules(middle_kingdom=True, harmony=True), 5, (2, 2))
    15
    >>> static_bonus(Rules(middle_kingdom=True, harmony=True), 5, (1, 2))
    5
    >>> static_bonus(Rules(harmony=True), 5, (2, 2), fills=False)
    0
    """
    counted = {"middle_kingdom": castle == (size // 2, size // 2), "harmony": fills}
    return sum(POINTS[name] for name in rules.bonuses if counted[name])


