"""The hint ladder: up to three hints per puzzle, written from its proven answer, from a nudge
to a strong hint, never the answer itself (no layout, no cell, no row or column).

1. a **nudge**: the score to aim for, and what kind of thinking pays (look ahead, leave a
   domino out, mind the bonus);
2. **where the points are**: the best answer's most valuable property (terrain, squares,
   crowns), or for ``next-placement`` what the best placement makes the kingdom score now;
3. a **strong hint**: which dominoes build that property (next-placement: which terrain of the
   claimed domino the best placement joins to which property, and how many placements are
   optimal).

>>> from kingdomino_kit.puzzles import find_puzzle
>>> ladder = hint_ladder(find_puzzle("01"))
>>> len(ladder), ladder[0].startswith("Aim for ")
(3, True)
"""

from __future__ import annotations

from kingdomino_kit.dominoes import domino
from kingdomino_kit.errors import InvariantError
from kingdomino_kit.kingdom import Kingdom, Property
from kingdomino_kit.puzzles.format import Puzzle

__all__ = ["hint_ladder"]


def hint_ladder(puzzle: Puzzle) -> tuple[str, ...]:
    """The puzzle's hints, nudge first (it must carry its solution; its measures sharpen the
    nudge when present)."""
    sol = puzzle.solution
    if sol is None:
        raise InvariantError("expected sol is not None")
    if puzzle.kind.claims_first:
        return _next_placement(puzzle)
    best = Kingdom.from_text(sol.kingdom, puzzle.rules.size)
    nudge = [f"Aim for {sol.optimum}."]
    greedy = puzzle.measures.greedy_score if puzzle.measures else puzzle.greedy_score
    if greedy is not None and greedy < sol.optimum and not puzzle.kind.chooses:
        nudge.append("Placing each domino where it scores most at once falls short: plan "
                     "the big property first.")
    if puzzle.place == "any" and len(sol.order) < len(puzzle.dominoes):
        nudge.append("Not every domino has to be placed.")
    if puzzle.rules.middle_kingdom:
        nudge.append("Keeping the castle in the middle is worth it." if best.is_middle_kingdom()
                     else "The Middle Kingdom bonus is not worth chasing here.")
    if puzzle.rules.harmony:
        nudge.append("Harmony is worth it: no gap, every domino placed." if best.is_harmony()
                     else "Harmony is not worth chasing here.")
    ladder = [" ".join(nudge)]
    props = sorted((p for p in best.properties() if p.score), key=lambda p: -p.score)
    if not props:
        return tuple(ladder)
    top = props[0]
    where = (f"The best answer's most valuable property is {top.terrain.value}: "
             f"{_count(top.squares, 'square')} with {_count(top.crowns, 'crown')}, worth "
             f"{top.score}.")
    if len(props) > 1:
        where += f" {_count(len(props), 'property')} score in all."
    ladder.append(where)
    ladder.append(_builders(puzzle, top))
    return tuple(ladder)


def _builders(puzzle: Puzzle, top: Property) -> str:
    """Which dominoes put squares into the top property (by number and halves)."""
    if puzzle.solution is None:
        raise InvariantError("expected puzzle.solution is not None")
    cells = set(top.cells)
    used = [p.domino for p in puzzle.solution.order if cells & {p.first, p.second}]
    names = ", ".join(f"{d.number} ({d.first}|{d.second})" for d in used)
    start = " and squares of the start kingdom" if puzzle.start and len(used) * 2 < len(
        cells) else ""
    text = f"That property is built from {names or 'the start kingdom'}{start}."
    if puzzle.kind.chooses:
        text += f" The best answer uses {_count(len(puzzle.solution.order), 'domino')} of the pool."
    return text


def _next_placement(puzzle: Puzzle) -> tuple[str, ...]:
    sol = puzzle.solution
    if not (sol is not None and puzzle.claimed is not None):
        raise InvariantError("expected sol is not None and puzzle.claimed is not None")
    start = puzzle.start_kingdom()
    greedy = puzzle.measures.greedy_score if puzzle.measures else puzzle.greedy_score
    nudge = f"Aim for a final total of {sol.optimum}."
    if greedy is not None and greedy < sol.optimum:
        nudge += (" The placement that scores most now is not the best one: think about where "
                  "the dominoes that follow will go.")
    k = start.copy()
    first = sol.order[0]
    k.place(first)
    optimal = sum(v == sol.optimum for _, v in sol.values)
    second = (f"The best placement makes the kingdom score {puzzle.rules.total(k)} now; "
              f"{optimal} of the {len(sol.values)} legal placements "
              f"{'is' if optimal == 1 else 'are'} optimal.")
    d = domino(puzzle.claimed)
    joins = []
    for cell, half in ((first.first, d.first), (first.second, d.second)):
        for group in k.properties():
            if cell in group.cells and group.squares > 1:
                joins.append(f"its {half.terrain.value} half joins a {half.terrain.value} "
                             f"property of {_count(group.squares, 'square')}")
                break
    strong = ("In the best placement " + " and ".join(joins) + "." if joins else
              "In the best placement neither half joins a property: it keeps room for what "
              "follows.")
    return (nudge, second, strong)


def _count(n: int, word: str) -> str:
    """``n`` and the word, plural when it must be.

    >>> _count(1, "crown"), _count(2, "domino"), _count(3, "property")
    ('1 crown', '2 dominoes', '3 properties')
    """
    if n == 1:
        return f"1 {word}"
    if word.endswith("y"):
        return f"{n} {word[:-1]}ies"
    return f"{n} {word}{'es' if word.endswith('o') else 's'}"
