"""The exercises of ``12_learning_agents``: an action's integer by hand, a cell from an integer,
the legal placements in a mask, and a feature of a kingdom (its holes)."""

from __future__ import annotations

import random
from typing import Any

from kingdomino_kit.dominoes import domino
from kingdomino_kit.exercises.answer_kinds import WHOLE_NUMBER, pair_of
from kingdomino_kit.exercises.judges import sample_kingdoms, show_kingdom
from kingdomino_kit.exercises.sheet import function, sheet, value
from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.placement import Placement

__all__ = ["EXERCISES", "holes", "placements_in", "sample_masks"]

CLAIMS = 48
"""Claims take the integers 0–47; placements follow (the encoding's table)."""


def _encoded() -> int:
    from kingdomino_kit.env import encode_action
    return int(encode_action(Placement(domino(41), (-1, 1), (0, 1)), 5))


def _first_cell() -> tuple[int, int]:
    from kingdomino_kit.env import decode_action
    first: tuple[int, int] = decode_action(260, 5, domino(41)).first
    return first


def placements_in(mask: Any) -> int:
    """How many placements a 5 × 5 action mask allows (claims and the discard left out).

    >>> import numpy as np
    >>> mask = np.zeros(373, dtype=np.int8); mask[[3, 60, 61, 372]] = 1
    >>> placements_in(mask)
    2
    """
    return int(mask[CLAIMS:-1].sum())


def sample_masks() -> list[tuple[Any]]:
    """The action masks met in a seeded 2-player game of random play (claims and placements)."""
    from kingdomino_kit.env.aec import legal_mask  # gymnasium and PettingZoo: the rl extra

    game, rng, masks = Game(GameOptions(players=2), 5), random.Random(5), []
    while not game.is_over:
        masks.append((legal_mask(game),))
        game.apply(rng.choice(game.legal_actions()))
    return masks


def _show_mask(mask: Any) -> str:
    import numpy as np
    return f"a mask with 1 at {[int(i) for i in np.flatnonzero(mask)]}"


def holes(kingdom: Kingdom) -> int:
    """Empty cells inside the smallest rectangle around a kingdom (castle included).

    >>> holes(Kingdom.from_text("C W / . W"))
    1
    """
    top, bottom, left, right = kingdom.bounds
    return (bottom - top + 1) * (right - left + 1) - 1 - len(kingdom)


_WORDS = """
1. a placement's integer
hint: 48 claims come first; then each cell (row and column from −4 to 4, shifted to 0–8) has 4
  integers, one per direction.
hint: Row −1 shifts to 3 and column 1 to 5; the cell's index is row × 9 + column, and down is
  direction 1.
why: 48 + ((−1 + 4) × 9 + (1 + 4)) × 4 + 1: cell 32 of the 81, direction down.

2. the first cell of action 260
hint: Take off the 48 claims, then divide by 4: the quotient is the cell's index, the remainder the
  direction.
hint: The cell's index is row × 9 + column in 0–8; shift both back by 4. Give a pair (row, column).
why: 260 − 48 = 212 = 53 × 4 + 0; cell 53 = 5 × 9 + 8, so row 1, column 4 (right).

3. legal placements in a mask
hint: A mask is a numpy array of 0s and 1s, one per integer: sum a slice of it.
hint: Placements are the integers from 48 up to, but not including, the last one (the discard).
why: mask[48:-1].sum(): the claims come before, the discard is the last integer.

4. holes in a kingdom
hint: kingdom.bounds gives (top, bottom, left, right), the rows and columns the kingdom spans;
  len(kingdom) counts its squares, the castle not among them.
hint: The rectangle holds (bottom − top + 1) × (right − left + 1) cells; take away the castle and
  the squares.
why: The rectangle's cells, less the castle and the squares placed: cells a domino must still fill
  or leave empty.
"""

EXERCISES = sheet(_WORDS, {
    1: value(WHOLE_NUMBER, _encoded),
    2: value(pair_of(WHOLE_NUMBER, WHOLE_NUMBER), _first_cell),
    3: function("placements_in", placements_in, sample_masks, show=_show_mask),
    4: function("holes", holes, [(k,) for k in sample_kingdoms(30, seed=12)], show=show_kingdom),
})
