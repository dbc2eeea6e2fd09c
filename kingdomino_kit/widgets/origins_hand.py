"""The hand and the state of an Origins board
(:class:`~kingdomino_kit.widgets.origins_board.OriginsBoard`): which dominoes it deals, and
everything an action may change, copied whole for Undo.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.grid import Cell
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.origins.catalogue import Catalogue, Domino, Resource
from kingdomino_kit.origins.fire import TOKEN_SUPPLY
from kingdomino_kit.origins.kingdom import OriginsKingdom
from kingdomino_kit.origins.scoring import Mode
from kingdomino_kit.origins.tribe import CAVEMEN, Caveman
from kingdomino_kit.widgets.board_machine import WidgetError

__all__ = ["BoardState", "origins_hand", "CAVE_SLOTS"]

CAVE_SLOTS = 4
"""Face-up cavemen on the cave board (Tribe mode), refilled from the seeded pile."""


def origins_hand(hand: Any, catalogue: Catalogue, size: int, seed: int) -> tuple[Domino, ...]:
    """The hand as Origins dominoes: numbers (``"36,18"`` or a list), dominoes, or ``None`` for
    a seeded deal that can fill the territory (12 dominoes for 5×5, 24 for 7×7).

    >>> from kingdomino_kit.origins import sample_catalogue
    >>> [d.number for d in origins_hand("36, 18", sample_catalogue(), 5, 0)]
    [36, 18]
    >>> len(origins_hand(None, sample_catalogue(), 5, 1))
    12
    >>> origins_hand([3, 3], sample_catalogue(), 5, 0)
    Traceback (most recent call last):
    ...
    kingdomino_kit.widgets.board_machine.WidgetError: hand: domino 3 appears twice
    """
    try:
        if hand is None:
            count = (size * size - 1) // 2
            dealt = random.Random(seed).sample(list(catalogue), count)
            return tuple(sorted(dealt, key=lambda d: d.number))
        if isinstance(hand, str):
            result = catalogue.dominoes(hand)
        elif isinstance(hand, Iterable):
            result = [d if isinstance(d, Domino) else catalogue.domino(d) for d in hand]
        else:
            raise WidgetError(f"hand: dominoes or their numbers, not {shown(hand)}")
    except WidgetError:
        raise
    except KingdominoError as error:
        raise WidgetError(f"hand: {error}") from None
    seen: set[int] = set()
    for d in result:
        if d.number in seen:
            raise WidgetError(f"hand: domino {d.number} appears twice")
        seen.add(d.number)
    if len(result) > (size * size - 1) // 2:
        raise WidgetError(f"hand: {len(result)} dominoes cannot fit a {size}×{size} territory")
    return tuple(result)


@dataclass
class BoardState:
    """Everything an action on an Origins board may change (a copy is kept for Undo): the
    territory, the dominoes used, the box's fire tokens, the tokens waiting to be thrown, the
    cave board and pile, the recruit under way (caveman, cost, resources spent)."""

    kingdom: OriginsKingdom
    used: list[int] = field(default_factory=list)
    supply: dict[int, int] = field(default_factory=lambda: dict(TOKEN_SUPPLY))
    fire: list[tuple[Cell, int]] = field(default_factory=list)
    cave: list[Caveman | None] = field(default_factory=list)
    pile: list[Caveman] = field(default_factory=list)
    recruit: tuple[Caveman, int, list[Resource]] | None = None
    throws: int = 0

    @classmethod
    def fresh(cls, size: int, mode: Mode, seed: int) -> BoardState:
        """The start of a board: an empty territory (with wooden resources unless in Discovery
        mode), the box's fire tokens and, in Tribe mode, a cave board dealt from the pile
        shuffled by ``seed``.

        >>> state = BoardState.fresh(5, Mode.TRIBE, 3)
        >>> len(state.cave), len(state.pile), state.kingdom.with_resources
        (4, 18, True)
        """
        state = cls(OriginsKingdom(size, with_resources=mode is not Mode.DISCOVERY))
        if mode is Mode.TRIBE:
            pile = list(CAVEMEN)
            random.Random(seed).shuffle(pile)
            state.cave = [pile.pop() for _ in range(CAVE_SLOTS)]
            state.pile = pile
        return state

    def copy(self) -> BoardState:
        """An independent copy (what Undo goes back to)."""
        recruit = None if self.recruit is None else (self.recruit[0], self.recruit[1],
                                                     list(self.recruit[2]))
        return BoardState(self.kingdom.copy(), list(self.used), dict(self.supply), list(self.fire),
                      list(self.cave), list(self.pile), recruit, self.throws)
