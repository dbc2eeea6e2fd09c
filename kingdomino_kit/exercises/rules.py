"""The exercises of ``01_rules``: counting first placements, what still fits, the connection
rule as a function, a kingdom built to a condition, and the rules around a game: tie-breaks,
Mighty Duel, the 3-player draw of four and Dynasty."""

from __future__ import annotations

from typing import Any

from kingdomino_kit.dominoes import DOMINOES, domino
from kingdomino_kit.draft import best
from kingdomino_kit.exercises.answer_kinds import KINGDOM, NUMBERS, WHOLE_NUMBER, choice
from kingdomino_kit.exercises.checker import NotAnswered
from kingdomino_kit.exercises.judges import sample_kingdoms
from kingdomino_kit.exercises.sheet import Check, function, sheet, value
from kingdomino_kit.game import GameOptions
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.puzzles import Puzzle, PuzzleKind, grade

__all__ = ["DYNASTY", "EXERCISES", "FULL", "TIED"]

FULL = "F F F F F / F F F F F / F F C F F / F F F F F / F F F . ."
"""The nearly full forest kingdom of exercise 3, as the notebook shows it."""
CASTLE_NEIGHBOURS = ((0, 1), (1, 0), (0, -1), (-1, 0))
TIED = {"Ann": "C W1 W W / F2 F . .", "Bob": "C L1 L L L / . S1 S L ."}
"""Exercise 6: two kingdoms of equal score, as the notebook shows them."""
DYNASTY = {"Ann": (52, 47, 31), "Bob": (49, 44, 41)}
"""Exercise 9: each player's scores in the three games of a Dynasty."""


def _winner(keys: dict[str, Any]) -> str:
    """The player with the best key, or "shared" when several have it."""
    names = list(keys)
    winners = best([keys[name] for name in names])
    return names[winners[0]] if len(winners) == 1 else "shared"


def _tie_winner() -> str:
    return _winner({name: Kingdom.from_text(text).tiebreak_key() for name, text in TIED.items()})


def _dynasty_winner() -> str:
    return _winner({name: sum(scores) for name, scores in DYNASTY.items()})


def _mighty_duel_dominoes_each() -> int:

    return GameOptions(players=2, variant="mighty-duel").deck_size // 2


def _draw_four_discards() -> int:

    options = GameOptions(players=3, three_player_draw=4)
    return options.deck_size - options.players * options.rounds


def _doubles_that_fit() -> list[int]:
    full = Kingdom.from_text(FULL)
    return [d.number for d in DOMINOES[:12] if full.can_place(d)]


def _judge_doubles(answer: list[int]) -> str | None:
    want = _doubles_that_fit()
    if sorted(answer) == want:
        return None
    wrong = sorted(set(answer) - set(want))
    if wrong:
        return f"domino {wrong[0]} ({domino(wrong[0])}) cannot be placed in that kingdom"
    return f"{len(want) - len(set(answer))} of the doubles that fit are missing"


def _touches_castle(placement: Placement) -> bool:
    return any(cell in CASTLE_NEIGHBOURS for cell in placement.cells)


def _placement_cases() -> list[tuple[Placement]]:
    cases: list[tuple[Placement]] = []
    for k in sample_kingdoms(12, 11):
        for d in (domino(1), domino(13), domino(48)):
            cases.extend((p,) for p in k.legal_placements(d))
    return cases


def _show_placement(p: Placement) -> str:
    return f"Placement(domino({p.domino.number}), {p.first}, {p.second})"


def _judge_no_forest(kingdom: Kingdom) -> str | None:
    if not any(True for _ in kingdom.squares()):
        raise NotAnswered("the kingdom is still empty: place the three dominoes in it, then "
                          "run the cell again.")
    puzzle = Puzzle("01-exercise-5", "no forest at the castle", PuzzleKind.BEST_KINGDOM, 1, "?",
                    (1, 13, 3), place="all")
    verdict = grade(puzzle, kingdom)
    if not verdict.legal:
        return f"that is not a kingdom of dominoes 1, 13 and 3: {verdict.reason}"
    if not verdict.buildable:
        return f"no order of placing the dominoes builds it: {verdict.reason}"
    for cell in CASTLE_NEIGHBOURS:
        half = kingdom.at(cell)
        if half is not None and half.terrain.value == "forest":
            return f"the forest square at {cell} touches the castle"
    return None


_WORDS = """
1. first placements of a double
hint: The first half goes on one of the castle's 4 neighbours; from there the other half has 3 free
  directions.
hint: A double looks the same both ways round, so each pair of cells counts once: 4 × 3.
why: 4 neighbours of the castle × 3 directions onwards; a double counts each pair once.

2. first placements of W|F
hint: The same 12 pairs of cells as for the double — but now it matters which half lies on which
  cell.
hint: Each of the 12 pairs takes the domino two ways round, and both are legal next to the castle
  (the castle is wild).
why: 12 pairs of cells × 2 orientations: the castle connects to any terrain.

3. which doubles still fit
hint: Only one gap of two cells is left, and it touches only forest.
hint: A domino fits there only if one of its halves is forest: which doubles are F|F?
  (print(DOMINOES[:12]))
why: The last gap touches only forest, so only the forest doubles 3–6 connect.

4. the castle half of the connection rule
hint: placement.cells is the pair of cells (row, col); the castle is at (0, 0).
hint: Next to the castle means one step up, down, left or right of (0, 0), not diagonally: test
  each of the placement's two cells.
why: A placement touching the castle is always connected: the castle is wild.

5. a kingdom with no forest at the castle
hint: Start with the wheat double next to the castle; W|F can then continue the wheat.
hint: Put W|F with its W on the wheat and its F further out; F|F joins that forest.
why: The forest connects through the wheat: W|F links the two terrains.

6. a tie-break
hint: Both kingdoms score the same: the tie is broken by the largest property, counted in squares,
  crowned or not.
hint: Count each kingdom's largest property; if those are equal too, compare the crowns in the
  whole kingdom.
why: Equal scores, so the largest property decides; crowns only if it is equal too.

7. Mighty Duel: dominoes per player
hint: Mighty Duel plays all the dominoes with 2 players, on 7 × 7 kingdoms.
hint: Share the whole set between the two players; a 7 × 7 kingdom holds the castle and 48 squares,
  two per domino.
why: All 48 dominoes between two players: exactly enough to fill a 7 × 7 kingdom.

8. 3 players, four drawn: the discards
hint: Each round draws four dominoes for three kings: the one nobody claims is discarded.
hint: Count the rounds of a 3-player game (one domino per king per round) and the discards per
  round.
why: One unclaimed domino per round, every round: the deck is the whole set.

9. the Dynasty winner
hint: A Dynasty is not best of three: the games' scores are added up.
hint: Add each player's three scores and compare the sums.
why: Ann wins two games, but the Dynasty sums the scores.
"""

EXERCISES = sheet(_WORDS, {
    1: value(WHOLE_NUMBER, lambda: len(Kingdom().legal_placements(domino(1)))),
    2: value(WHOLE_NUMBER, lambda: len(Kingdom().legal_placements(domino(13)))),
    3: Check(NUMBERS, _judge_doubles),
    4: function("touches_castle", _touches_castle, _placement_cases, show=_show_placement),
    5: Check(KINGDOM, _judge_no_forest),
    6: value(choice("Ann", "Bob", "shared"), _tie_winner,
             wrong="{answer} does not win the tie-break", direction=False),
    7: value(WHOLE_NUMBER, _mighty_duel_dominoes_each),
    8: value(WHOLE_NUMBER, _draw_four_discards),
    9: value(choice("Ann", "Bob", "shared"), _dynasty_winner,
             wrong="{answer} does not win the Dynasty", direction=False),
})
