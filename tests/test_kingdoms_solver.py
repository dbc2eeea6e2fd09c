"""CP-SAT castle puzzles against brute force (every way to put the pieces on the empty cells,
scored castle by castle by the independent scorer of the scoring tests)."""

from __future__ import annotations

import itertools
import random

import pytest
from test_kingdoms_scoring import _slow_gold, random_board

from kingdomino_kit.kingdoms import Board, Castle, KingdomsError, Tile
from kingdomino_kit.kingdoms.solver import CastleProblem, evaluate, solve_castles
from kingdomino_kit.kingdoms.tiles import TileKind


def brute_force(problem: CastleProblem) -> int:
    """The best objective over every distinct placement of the pieces."""
    pieces = problem.pieces
    empty = problem.board.empty_cells()
    best = None
    seen = set()
    for cells in itertools.permutations(empty, len(pieces)):
        key = frozenset(zip(cells, pieces, strict=True))
        if key in seen:
            continue
        seen.add(key)
        board = problem.board
        for cell, piece in key:
            board = board.place(cell, piece)
        gold = dict.fromkeys(problem.players, 0) | _slow_gold(board)
        mine = gold[problem.player]
        value = mine if problem.objective == "gold" else \
            mine - max(g for p, g in gold.items() if p != problem.player)
        best = value if best is None else max(best, value)
    assert best is not None
    return best


def random_problem(seed: int, holes: int, objective: str) -> CastleProblem:
    """A full random board with ``holes`` cells emptied; player a must put back their castles
    and every tile taken out (mountains and the wizard stay)."""
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    board = random_board(rng, players, fill=1.0, wizard=rng.random() < 0.5)
    movable = [cell for cell, p in board.items()
               if not (isinstance(p, Tile) and p.kind in (TileKind.MOUNTAIN, TileKind.WIZARD))]
    castles, tiles = [], []
    mine = [cell for cell in movable if isinstance(board.at(cell), Castle)
            and board.at(cell).player == "a"]  # type: ignore[union-attr]
    chosen = rng.sample(mine, min(2, len(mine)))
    chosen += rng.sample([c for c in movable if c not in chosen], holes - len(chosen))
    pieces = dict(board.items())
    for cell in chosen:
        piece = pieces.pop(cell)
        if isinstance(piece, Castle) and piece.player == "a":
            castles.append(piece.rank)
        elif isinstance(piece, Tile):
            tiles.append(piece)
    board = Board([pieces.get((r, c)) for r in range(5) for c in range(6)])
    if not castles:
        castles = [1]
    return CastleProblem(board, "a", tuple(castles), tuple(tiles), objective,
                         players="abcd"[:players])


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("objective", ["gold", "margin"])
def test_solver_matches_brute_force(seed: int, objective: str) -> None:
    problem = random_problem(seed, holes=5, objective=objective)
    solution = solve_castles(problem)
    assert solution.optimal
    assert solution.value == brute_force(problem) == evaluate(problem, solution.board)
    placed = sorted(str(p) for _, p in solution.placed)
    assert placed == sorted(str(p) for p in problem.pieces)
    assert {cell for cell, _ in solution.placed} <= set(problem.board.empty_cells())


def test_dragon_and_gold_mine_to_come() -> None:
    board = Board.from_text("+6 . . +1 +1 +2 / . . . -1 -6 +2 / -2 . . -3 +3 +3 / "
                            "^ +4 +4 b1 b2 b3 / ^ -4 +5 b1 . b1")
    problem = CastleProblem(board, "a", (2,), (Tile.parse("D"), Tile.parse("$")), "margin",
                            players="ab")
    assert solve_castles(problem).value == brute_force(problem)


def test_bad_problems() -> None:
    full = Board.from_text("+1 +1 +2 +2 +3 +3 / +4 +4 +5 +5 +6 +6 / -1 -2 -3 -4 -5 -6 / "
                           "^ ^ D $ a1 a2 / a3 a4 b1 b2 b3 .")
    with pytest.raises(KingdomsError, match="2 pieces to place but only 1 empty cells"):
        CastleProblem(full, "a", (1, 1))
    with pytest.raises(KingdomsError, match="player a has 2 castles of rank 4"):
        CastleProblem(full, "a", (4,))
    with pytest.raises(KingdomsError, match="mountain to come"):
        CastleProblem(Board(), "a", (1,), (Tile.parse("^"),))
    with pytest.raises(KingdomsError, match="needs an opponent"):
        CastleProblem(Board(), "a", (1,), objective="margin")
