"""A castle problem solved without OR-Tools: every way to put its pieces on the empty cells.

Where OR-Tools cannot run (the Lite edition's browser kernel),
:func:`~kingdomino_kit.kingdoms.solver.solve_castles` answers with :func:`solve_exhaustively`:
each assignment of the pieces to distinct empty cells (two equal pieces swapped count once) is
scored by :func:`~kingdomino_kit.kingdoms.solver.evaluate`, the best kept — the proof is the
enumeration itself, as the brute force of notebook 07 does, so the answer is always ``optimal``
and the search has no time limit: it grows as the number of empty cells to the power of the
pieces (the castle puzzles of the kit: a few pieces, a fraction of a second to seconds).

>>> from kingdomino_kit.kingdoms.board import Board
>>> from kingdomino_kit.kingdoms.solver import CastleProblem
>>> from kingdomino_kit.kingdoms.tiles import Tile
>>> board = Board.from_text("+6 . -3 . . . / " + ". . . . . . / " * 4)
>>> sol = solve_exhaustively(CastleProblem(board, "a", (2,), (Tile.parse("D"),)))
>>> str(sol.status), sol.value
('optimal', 12)
"""

from __future__ import annotations

import itertools
import time
from typing import TYPE_CHECKING

from kingdomino_kit.solver.answer import OPTIMAL

if TYPE_CHECKING:
    from kingdomino_kit.grid import Cell
    from kingdomino_kit.kingdoms.solver import CastleProblem, CastleSolution
    from kingdomino_kit.kingdoms.tiles import Piece

__all__ = ["solve_exhaustively"]


def solve_exhaustively(problem: CastleProblem) -> CastleSolution:
    """The best placement of ``problem``'s pieces, by scoring every one (see the module)."""
    from kingdomino_kit.kingdoms.solver import CastleSolution, evaluate

    began = time.perf_counter()
    pieces = problem.pieces
    best: tuple[int, tuple[tuple[Cell, Piece], ...]] | None = None
    seen: set[frozenset[tuple[Cell, Piece]]] = set()
    for chosen in itertools.permutations(problem.board.empty_cells(), len(pieces)):
        key = frozenset(zip(chosen, pieces, strict=True))
        if key in seen:
            continue
        seen.add(key)
        board = problem.board
        for cell, piece in sorted(key, key=lambda cp: cp[0]):
            board = board.place(cell, piece)
        value = evaluate(problem, board)
        if best is None or value > best[0]:
            best = (value, tuple(sorted(key, key=lambda cp: cp[0])))
    seconds = time.perf_counter() - began
    if best is None:  # no piece to place: the board as it is
        value = evaluate(problem, problem.board)
        return CastleSolution(OPTIMAL, value, value, problem.board, seconds=seconds)
    board = problem.board
    for cell, piece in best[1]:
        board = board.place(cell, piece)
    return CastleSolution(OPTIMAL, best[0], best[0], board, best[1], seconds)
