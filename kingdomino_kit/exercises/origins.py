"""The exercises of ``08_origins``: a region scored by hand, a volcano's reach, the best landing
of a token, the totems' bonus and two cavemen."""

from __future__ import annotations

from kingdomino_kit.exercises.answer_kinds import WHOLE_NUMBER
from kingdomino_kit.exercises.sheet import sheet, value
from kingdomino_kit.origins import OriginsKingdom, Resource
from kingdomino_kit.origins.scoring import caveman_points, score_sheet

__all__ = ["CAMP", "EXERCISES", "HUNT", "MEADOWS", "REACH", "STRONG"]

MEADOWS = "G1 G G*1 / H L L2 / F1 F L"
"""The territory of exercise 1."""
REACH = """
V1 F  G  G
L  H  G  G1
L  L1 D  D
.  L  F2 F
"""
"""The territory of exercise 2: a 1-crater volcano in the top left corner."""
CAMP = "G$ G$ V1 / H L$ Q1 / F$ F*1 ."
"""The camp of the notebook's Totem section (exercise 4)."""
STRONG = "F1 F G V3 / L H G G1 / L L1 D D"
"""The territory of exercise 3: a 3-crater volcano where the notebook's example has a 2."""
HUNT = "G$ G$ D / H D@h L$ / G$ D@p F$"
"""The tribe of exercise 5: a hunter and a painter."""


def _kingdom(text: str):  # type: ignore[no-untyped-def]

    return OriginsKingdom.from_text(text)


def _best_gain() -> int:

    t = OriginsKingdom.from_text(STRONG)
    gains = []
    for cell in t.fire_targets((-1, 2), 3):
        after = t.copy()
        after.throw((-1, 2), 3, cell)
        gains.append(after.score() - t.score())
    return max(gains)


def _totem_total() -> int:

    return score_sheet(_kingdom(CAMP), "totem",
                       totems=[Resource.MAMMOTH, Resource.MUSHROOM]).total


def _cavemen() -> int:

    return sum(caveman_points(_kingdom(HUNT)).values())


_WORDS = """
1. a territory scored by hand
hint: Find the regions first: squares of one terrain joined side by side; the hut belongs to none.
hint: Each region scores its squares × its fire, printed symbols and tokens together (`*1` is a
  1-fire token).
why: Three regions of squares × fire: meadow, lake and forest.

2. a 1-crater volcano's reach
hint: One crater: a 1-fire token, thrown at most 3 squares away counting king moves (diagonals
  count 1) — here that is every placed square.
hint: Leave out the hut, the volcano itself and every square that shows a fire symbol.
why: Every placed square is within 3 king moves; the hut, the volcano and the squares with fire
  symbols are not targets.

3. the best landing's gain
hint: Only the squares next to the volcano are in reach, and a square with a fire symbol is not a
  target.
hint: A 3-fire token adds 3 × (the squares of the region it joins): count the region behind each
  square in reach.
why: The token joins the 3-square meadow: 3 squares × 3 fires.

4. the totems' bonus
hint: Total = regions + 1 per resource left + the bonus printed on each totem you hold; the regions
  and the resources do not change.
hint: The totems are worth mammoth 3, fish 4, mushroom 5, flint 6 (scarcity).
why: The regions and the resources stay; only the totems' bonus changes.

5. a hunter and a painter
hint: Each caveman looks at the 8 squares around it, diagonals included.
hint: The hunter scores 3 per mammoth (a resource on grassland), the painter 2 per resource of any
  kind.
why: The hunter sees three mammoths, the painter three resources.
"""

EXERCISES = sheet(_WORDS, {
    1: value(WHOLE_NUMBER, lambda: _kingdom(MEADOWS).score()),
    2: value(WHOLE_NUMBER, lambda: len(_kingdom(REACH).fire_targets((-1, -1), 1))),
    3: value(WHOLE_NUMBER, _best_gain),
    4: value(WHOLE_NUMBER, _totem_total),
    5: value(WHOLE_NUMBER, _cavemen),
})
