"""The exercises of ``02_scoring``: a score by hand, what a merge adds, and three flood fills of
your own — crowned properties, the largest property, and a scoring rule with diagonals."""

from __future__ import annotations

from kingdomino_kit.exercises.answer_kinds import WHOLE_NUMBER
from kingdomino_kit.exercises.judges import sample_kingdoms, show_kingdom
from kingdomino_kit.exercises.sheet import function, sheet, value
from kingdomino_kit.kingdom import Kingdom

__all__ = ["EXERCISES", "SCORE_BY_HAND", "diagonal_score"]

SCORE_BY_HAND = "G2 G G / C L1 L / S S M2"
"""The kingdom of exercise 1, as the notebook shows it."""


def _merge_added() -> int:
    apart = Kingdom.from_text("W1 W W W W / C . . . . / . W W W W")
    joined = Kingdom.from_text("W1 W W W W / C . . . W / . W W W W")
    return joined.score() - apart.score()


def diagonal_score(k: Kingdom) -> int:
    """The score if squares of one terrain also connected diagonally (8 neighbours).

    >>> diagonal_score(Kingdom.from_text("G1 . / C G"))   # one property of 2 squares, 1 crown
    2
    >>> diagonal_score(Kingdom.from_text("G1 . / C G")) == Kingdom.from_text("G1 . / C G").score()
    False
    """
    squares = dict(k.squares())
    seen: set[tuple[int, int]] = set()
    total = 0
    for start in squares:
        if start in seen:
            continue
        seen.add(start)
        stack, size, crowns = [start], 0, 0
        while stack:
            r, c = stack.pop()
            size += 1
            crowns += squares[(r, c)].crowns
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    n = (r + dr, c + dc)
                    if n in squares and n not in seen and \
                            squares[n].terrain == squares[start].terrain:
                        seen.add(n)
                        stack.append(n)
        total += size * crowns
    return total


def _cases() -> list[tuple[Kingdom]]:
    return [(k,) for k in sample_kingdoms(200, 2)]


_WORDS = """
1. a score by hand
hint: Score each property on its own: squares × crowns; no crown, no points.
hint: Four terrains, one property each: count its squares (touching by an edge) and its crowns,
  multiply; a property without a crown adds nothing, however big.
why: 6 + 2 + 0 + 2 = 10: the swamp has no crown, so it scores nothing.

2. what a merge adds
hint: After the merge there is one property: count its squares and its crowns.
hint: Joined, every square of the three parts counts, times the crowns; apart, only the crowned
  part scored.
why: 10 − 5 = 5: every square of the uncrowned part (and the new one) is now paid by the crown.

3. how many properties have a crown
hint: Flood fill as above, and count a property only when its crowns add up to more than 0.
hint: flood_fill_properties(k) from above gives one tuple per property, its crowns among them: go
  through the tuples and add one for each crowned property.
why: Only crowned properties score; the others are just squares.

4. the largest property
hint: A flood fill that remembers the biggest size it has seen; 0 when the kingdom has no square.
hint: Crowned or not, every property counts (the tie-break of the rules uses it).
why: The largest property, crowned or not, breaks a tie between equal scores.

5. a scoring rule with diagonals
hint: Copy flood_fill_properties and change only the neighbours it visits.
hint: Visit all 8 neighbours (r + dr, c + dc) for dr, dc in -1, 0, 1 — not just the 4 along the
  edges.
why: With diagonals more squares join, so properties grow and scores rise: the rules' edge-only
  reading makes shapes matter.
"""

EXERCISES = sheet(_WORDS, {
    1: value(WHOLE_NUMBER, lambda: Kingdom.from_text(SCORE_BY_HAND).score()),
    2: value(WHOLE_NUMBER, _merge_added),
    3: function("crowned_properties", lambda k: sum(p.crowns > 0 for p in k.properties()), _cases,
                show=show_kingdom),
    4: function("largest_property", lambda k: k.largest_property(), _cases, show=show_kingdom),
    5: function("diagonal_score", diagonal_score, _cases, show=show_kingdom),
})
