"""Titles that name a puzzle's idea, written from what the player is given (never from the
answer): the crowned terrain that dominates its dominoes, and what the kind asks.

>>> from kingdomino_kit.puzzles.format import Puzzle
>>> title(Puzzle("x", "x", "best-kingdom", 1, "?", (41, 15)))
'Two grasslands, two crowns'
"""

from __future__ import annotations

from kingdomino_kit.dominoes import Terrain, domino
from kingdomino_kit.errors import InvariantError
from kingdomino_kit.puzzles.format import Puzzle
from kingdomino_kit.rules import BONUS_NAMES

__all__ = ["title"]

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve")
_PLURAL = {Terrain.WHEAT: "wheat fields", Terrain.FOREST: "forests", Terrain.LAKE: "lakes",
           Terrain.GRASSLAND: "grasslands", Terrain.SWAMP: "swamps", Terrain.MINE: "mines"}
_SINGULAR = {Terrain.WHEAT: "wheat field", Terrain.FOREST: "forest", Terrain.LAKE: "lake",
             Terrain.GRASSLAND: "grassland", Terrain.SWAMP: "swamp", Terrain.MINE: "mine"}


def _number(n: int) -> str:
    return _WORDS[n] if n < len(_WORDS) else str(n)


def idea(numbers: tuple[int, ...] | list[int]) -> str:
    """The dominoes' main idea: the terrain with the most crowns (then the most squares) —
    "Three lakes, two crowns".

    >>> idea([1, 2])
    'Four wheat fields, no crown'
    """
    squares: dict[Terrain, int] = {}
    crowns: dict[Terrain, int] = {}
    for n in numbers:
        for half in (domino(n).first, domino(n).second):
            squares[half.terrain] = squares.get(half.terrain, 0) + 1
            crowns[half.terrain] = crowns.get(half.terrain, 0) + half.crowns
    if not squares:
        return "Nothing more to come"
    t = max(squares, key=lambda t: (crowns[t], squares[t], -t.index))
    name = _SINGULAR[t] if squares[t] == 1 else _PLURAL[t]
    c = crowns[t]
    text = f"{_number(squares[t])} {name}, {_number(c)} crown{'s' if c > 1 else ''}"
    return text[0].upper() + text[1:]


def title(puzzle: Puzzle) -> str:
    """A title for the puzzle (its kind's words around :func:`idea`, then the rule variant)."""
    kind = puzzle.kind
    doms = puzzle.dominoes
    if kind.claims_first:
        if puzzle.claimed is None:
            raise InvariantError("expected puzzle.claimed is not None")
        d = domino(puzzle.claimed)
        later = f"; then {idea(doms)[0].lower()}{idea(doms)[1:]}" if doms else ", the last one"
        text = f"Where does {d.number} ({d.first}|{d.second}) go{later}?"
    elif kind.gives_kingdom:
        text = f"Rebuild it: {_lower(idea(doms))}"
    elif kind.chooses:
        text = f"Pick {puzzle.place} of {len(doms)}: {_lower(idea(doms))}"
    elif not kind.from_castle:
        text = f"Finish it with {_lower(idea(doms))}"
    else:
        text = idea(doms)
        if puzzle.place == "any":
            text += ", some left out?"
    extra = [f"{puzzle.rules.size}×{puzzle.rules.size}"] if puzzle.rules.size != 5 else []
    extra += [BONUS_NAMES[name] for name in puzzle.rules.bonuses]
    return text + (f" ({', '.join(extra)})" if extra else "")


def _lower(text: str) -> str:
    return text[0].lower() + text[1:]
