"""Free choice decomposed by choice: the models of each choice, made when the search needs them.

To find the best kingdom from any k dominoes of a pool, the search (:mod:`.search`) solves the
dominance-closed choices of k dominoes (:mod:`.choices`) one by one as fixed sets — where the set
model's budget cuts work, since every domino of a choice is known — in order of falling terrain
bound. A :class:`ChoiceFeed` hands out the next choice's models (one per castle cell) and says
how much any choice not yet handed out can score at most: the search takes a choice only when
that bound reaches the top of the open models, and stops when it no longer beats the best layout.

The bound of a choice is its terrain bound plus the bonuses it can earn: Middle Kingdom when the
castle may sit on the frame's centre cell, Harmony when k dominoes can fill the frame. A domino
of a choice left out must fit nowhere in the final kingdom (:mod:`.discard`).

>>> from kingdomino_kit.dominoes import dominoes
>>> feed = ChoiceFeed(dominoes("41,36,1,48"), size=5, positions=[(2, 2)], start=None,
...                   rules=Rules(), choose=2)
>>> feed.peek(), [d.upper_bound for d in feed.pull()[1]], feed.peek()
(6, [6], 5)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver.choices import Choice, choices
from kingdomino_kit.solver.data import ModelData, model_data, static_bonus
from kingdomino_kit.solver.inputs import FrameCell, fixed_squares
from kingdomino_kit.solver.pieces import pieces_of
from kingdomino_kit.solver.settings import DEFAULT_SETTINGS, SolverSettings

__all__ = ["ChoiceFeed", "room"]


def room(size: int, castle: FrameCell, fixed: Sequence[FrameCell]) -> int:
    """The most dominoes that fit the frame around this castle cell and these fixed squares: a
    domino covers one light and one dark cell of the chessboard colouring.

    >>> room(5, (2, 2), []), room(5, (1, 2), [])   # the centre is light; (1, 2) is dark
    (12, 11)
    """
    free = [(r, c) for r in range(size) for c in range(size)
            if (r, c) != castle and (r, c) not in fixed]
    light = sum(1 for r, c in free if (r + c) % 2 == 0)
    return min(light, len(free) - light)


class ChoiceFeed:
    """The choices of ``choose`` dominoes of a pool as models, best bound first."""

    def __init__(self, dominoes: Sequence[Domino], *, size: int, positions: Sequence[FrameCell],
                 start: Kingdom | None, rules: Rules, choose: int,
                 settings: SolverSettings = DEFAULT_SETTINGS) -> None:
        self.dominoes = list(dominoes)
        self.size, self.positions, self.start = size, list(positions), start
        self.rules, self.settings = rules, settings
        self.pieces = pieces_of(self.dominoes)
        fixed = [h for _, h in start.squares()] if start is not None else []
        frames = [fixed_squares(start, castle) for castle in self.positions]
        most = max(room(size, castle, list(f)) for castle, f in zip(self.positions, frames,
                                                                   strict=True))
        free = size * size - 1 - len(fixed)
        self.k = min(choose, len(self.dominoes), most)
        self.bonus = max(static_bonus(rules, size, castle, fills=2 * self.k >= free)
                         for castle in self.positions)
        self._choices: Iterator[Choice] = choices(self.pieces, self.k, tuple(fixed))
        self._next: Choice | None = next(self._choices, None)
        self.taken = 0

    def peek(self) -> int:
        """The most any choice not yet handed out can score (−1 when none is left)."""
        return -1 if self._next is None else self._next.bound + self.bonus

    def pull(self) -> tuple[list[Domino], list[ModelData]]:
        """The next choice's dominoes and models, one per castle cell (centre first); nothing
        when no choice is left."""
        choice, self._next = self._next, None
        if choice is None:
            return [], []
        self._next = next(self._choices, None)
        self.taken += 1
        by_number = {d.number: d for d in self.dominoes}
        chosen = [by_number[n] for n in choice.numbers(self.pieces)]
        return chosen, [model_data(chosen, size=self.size, castle=castle,
                                   fixed=fixed_squares(self.start, castle),
                                   rules=self.rules, settings=self.settings)
                        for castle in self.positions]
