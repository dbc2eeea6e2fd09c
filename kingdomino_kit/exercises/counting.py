"""The exercises of ``03_counting``: positions on a bigger board, orbits by Burnside, two
chances, a tiling count, a formula as a function, and a harder chance."""

from __future__ import annotations

import math
from fractions import Fraction

from kingdomino_kit.dominoes import DOMINOES
from kingdomino_kit.exercises.answer_kinds import FRACTION, WHOLE_NUMBER, pair_of
from kingdomino_kit.exercises.sheet import Check, function, sheet, value
from kingdomino_kit.game import GameOptions

__all__ = ["EXERCISES", "enumerate_positions", "ring_tilings"]


def enumerate_positions(rows: int, cols: int) -> int:
    """Domino positions on a rows × cols board, by listing every pair of neighbour cells.

    >>> enumerate_positions(5, 5), enumerate_positions(1, 4)
    (40, 3)
    """
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return len({frozenset({a, b}) for a in cells for b in cells
                if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1})


def _orbits(n: int) -> int:
    def images(r: int, c: int) -> frozenset[tuple[int, int]]:
        m = n - 1
        return frozenset({(r, c), (c, m - r), (m - r, m - c), (m - c, r), (r, m - c),
                          (m - r, c), (c, r), (m - c, m - r)})
    return len({images(r, c) for r in range(n) for c in range(n)})


def ring_tilings() -> int:
    """Domino tilings of the 3 × 3 square without its centre, by trying every way.

    >>> ring_tilings()
    2
    """
    ring = [(r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1)]

    def ways(left: frozenset[tuple[int, int]]) -> int:
        if not left:
            return 1
        r, c = min(left)
        return sum(ways(left - {(r, c), other}) for other in ((r, c + 1), (r + 1, c))
                   if other in left)

    return ways(frozenset(ring))


def _chance_pair() -> tuple[Fraction, Fraction]:
    two, three = GameOptions(players=2).deck_size, GameOptions(players=3).deck_size
    return 1 - Fraction(two, 48), Fraction(three, 48)


def _judge_chances(pair: tuple[Fraction, Fraction]) -> str | None:
    want = _chance_pair()
    if pair == want:
        return None
    if pair[0] == want[0]:
        return "the first is right, the second is not"
    return "the second is right, the first is not" if pair[1] == want[1] else \
        "neither chance is right"


def _double_in_first_line() -> Fraction:
    doubles = sum(d.is_double for d in DOMINOES)
    line = GameOptions(players=4).line_size
    return 1 - Fraction(math.comb(48 - doubles, line), math.comb(48, line))


_WORDS = """
1. domino positions on 7 × 7
hint: Horizontal pairs: each of the 7 rows has 6 of them. And vertically?
hint: 2n(n − 1) with n = 7.
why: 7 rows × 6 horizontal pairs + 7 columns × 6 vertical pairs = 84.

2. castle cells up to symmetry on 7 × 7
hint: Burnside: add up the cells each of the 8 symmetries fixes, then divide by 8.
hint: The identity fixes all 49 cells, a quarter or half turn only the centre, a mirror the 7 cells
  on its axis.
why: 80 fixed points over 8 symmetries: 10 orbits, so 10 castle cells to try.

3. two chances for domino 48
hint: 2 players play 24 of the 48 dominoes, 3 players 36: every domino is equally likely to be
  among them.
hint: Not played with 2 players: 1 − 24/48. Played with 3: 36/48. Give both as a pair (a, b).
why: Every domino is equally likely to be dealt: 24/48 with 2 players, 36/48 with 3.

4. tilings of a ring
hint: Walk around the ring of 8 cells: once the first domino lies, the rest follow.
hint: The domino on the top-left corner cell goes either right or down.
why: The ring is a cycle of 8 cells: the first domino fixes the rest, two ways.

5. positions on any rectangle
hint: Each row of a rows × cols board has cols − 1 horizontal pairs.
hint: Count the vertical pairs the same way, column by column, then add the horizontal and the
  vertical counts.
why: Horizontal and vertical pairs counted separately: r(c − 1) + c(r − 1).

6. a double in the first line
hint: Count the lines with no double at all: all 4 dominoes from the 36 others.
hint: 1 − C(36, 4) / C(48, 4) (math.comb, and Fraction for an exact answer).
why: The complement: a line without a double takes its 4 dominoes from the 36 others.
"""

EXERCISES = sheet(_WORDS, {
    1: value(WHOLE_NUMBER, lambda: enumerate_positions(7, 7)),
    2: value(WHOLE_NUMBER, lambda: _orbits(7)),
    3: Check(pair_of(FRACTION, FRACTION), _judge_chances),
    4: value(WHOLE_NUMBER, ring_tilings),
    5: function("positions", enumerate_positions,
                [(r, c) for r in range(1, 9) for c in range(1, 9)]),
    6: value(FRACTION, _double_in_first_line, tolerance=1e-6),
})
