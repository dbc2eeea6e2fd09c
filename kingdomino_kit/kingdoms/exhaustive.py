"""A castle problem solved without OR-Tools: every way to put its pieces on the empty cells.

Where OR-Tools cannot run (the Lite edition's browser kernel),
:func:`~kingdomino_kit.kingdoms.solver.solve_castles` answers with :func:`best_placement`:
each assignment of the pieces to distinct empty cells (two equal pieces swapped count once) is
scored by :func:`~kingdomino_kit.kingdoms.solver.evaluate`, the best kept — the proof is the
enumeration itself, as the brute force of notebook 07 does, so the answer is always ``optimal``
and the search has no time limit: it grows as the number of empty cells to the power of the
pieces (the castle puzzles of the kit: a few pieces, a fraction of a second to seconds).

>>> from kingdomino_kit.kingdoms.board import Board
>>> from kingdomino_kit.kingdoms.solver import CastleProblem, evaluate
>>> from kingdomino_kit.kingdoms.tiles import Tile
>>> board = Board.from_text("+6 . -3 . . . / " + ". . . . . . / " * 4)
>>> problem = CastleProblem(board, "a", (2,), (Tile.parse("D"),))
>>> best_placement(board, problem.pieces, lambda b: evaluate(problem, b))[0]
12
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kingdomino_kit.grid import Cell
    from kingdomino_kit.kingdoms.board import Board
    from kingdomino_kit.kingdoms.tiles import Piece

__all__ = ["best_placement"]


def best_placement(start: Board, pieces: Sequence[Piece], value_of: Callable[[Board], int]
                   ) -> tuple[int, tuple[tuple[Cell, Piece], ...], Board]:
    """The best ``value_of`` a board over every placement of ``pieces`` on the empty cells of
    ``start``, the pieces placed (in cell order) and the finished board (see the module)."""
    best: tuple[int, tuple[tuple[Cell, Piece], ...], Board] | None = None
    seen: set[frozenset[tuple[Cell, Piece]]] = set()
    for chosen in itertools.permutations(start.empty_cells(), len(pieces)):
        key = frozenset(zip(chosen, pieces, strict=True))
        if key in seen:
            continue
        seen.add(key)
        placed = tuple(sorted(key, key=lambda cp: cp[0]))
        board = start
        for cell, piece in placed:
            board = board.place(cell, piece)
        value = value_of(board)
        if best is None or value > best[0]:
            best = (value, placed, board)
    if best is None:  # no piece to place: the board as it is
        return value_of(start), (), start
    return best
