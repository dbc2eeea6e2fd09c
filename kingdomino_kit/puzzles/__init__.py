"""Kingdomino puzzles with proven answers: the format, grading, solving, and the collection.

- :mod:`.kinds` — :class:`PuzzleKind`, what each kind of puzzle asks and how it is graded;
- :mod:`.format` — the JSON format ``kingdomino-puzzle/1`` and its validating reader;
- :mod:`.collection` — puzzle files, and the collection shipped with the kit;
- :mod:`.grading` — grading an answer and replaying a stored solution (rules library only);
- :mod:`.solving` — solving a puzzle with the CP-SAT solver (imports OR-Tools when used);
- ``collection/`` — the puzzles shipped with the kit (package data), :func:`load_collection`.

>>> puzzles = load_collection()
>>> all(grade(p, replay(p)).optimal for p in puzzles[:3])
True
"""

from kingdomino_kit.puzzles.collection import (
    collection_ids,
    default_collection,
    find_puzzle,
    load_collection,
    load_puzzle,
    loads,
)
from kingdomino_kit.puzzles.format import (
    FORMAT,
    KINDS,
    LEVEL_NAMES,
    Puzzle,
    PuzzleError,
    Rules,
    Solution,
    kingdom_line,
)
from kingdomino_kit.puzzles.grading import Grade, grade, replay
from kingdomino_kit.puzzles.kinds import PuzzleKind
from kingdomino_kit.puzzles.solving import PuzzleAnswer, solve_puzzle

__all__ = [
    "FORMAT",
    "Grade",
    "KINDS",
    "LEVEL_NAMES",
    "Puzzle",
    "PuzzleAnswer",
    "PuzzleError",
    "PuzzleKind",
    "Rules",
    "Solution",
    "collection_ids",
    "default_collection",
    "find_puzzle",
    "grade",
    "kingdom_line",
    "load_collection",
    "load_puzzle",
    "loads",
    "replay",
    "solve_puzzle",
]
