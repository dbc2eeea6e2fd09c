"""CP-SAT castle puzzles against brute force (every way to put the pieces on the empty cells,
scored castle by castle by the independent scorer of the scoring tests)."""

from __future__ import annotations

import copy
import itertools
import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from kingdomino_kit.grid import Cell
from kingdomino_kit.kingdoms import Board, Castle, KingdomsError, Tile
from kingdomino_kit.kingdoms.board import CELLS
from kingdomino_kit.kingdoms.puzzles import (
    CastlePuzzle,
    CastlePuzzleError,
    castle_collection,
    castle_puzzles,
    load_castle_puzzle,
)
from kingdomino_kit.kingdoms.solver import CastleProblem, evaluate, solve_castles
from kingdomino_kit.kingdoms.tiles import Piece, TileKind
from kingdomino_kit.puzzles import PuzzleError
from tests.reference import random_board


def placements(cells: list[Cell], pieces: list[Piece]) -> Iterator[list[tuple[Cell, Piece]]]:
    """Every distinct way to put the pieces on distinct cells (equal pieces are not told
    apart): choose cells for each kind of piece in turn."""
    kinds = sorted(Counter(pieces).items(), key=lambda item: str(item[0]))
    if not kinds:
        yield []
        return
    (piece, n), rest = kinds[0], [p for p in pieces if p != kinds[0][0]]
    for chosen in itertools.combinations(cells, n):
        others = [c for c in cells if c not in chosen]
        for tail in placements(others, rest):
            yield [(c, piece) for c in chosen] + tail


def brute_force(problem: CastleProblem) -> int:
    """The best objective over every distinct placement of the pieces, each scored by the
    library's scorer (which the scoring tests check against the castle-by-castle one)."""
    best = None
    start = dict(problem.board.items())
    for placed in placements(problem.board.empty_cells(), problem.pieces):
        pieces = start | dict(placed)
        board = Board([pieces.get(cell) for cell in CELLS])
        value = evaluate(problem, board)  # score_board: checked against _slow_gold elsewhere
        best = value if best is None else max(best, value)
    assert best is not None
    return best


def test_placements_counts_distinct_layouts() -> None:
    pieces: list[Piece] = [Castle("a", 1), Castle("a", 1), Tile.parse("D")]
    layouts = list(placements([(0, 0), (0, 1), (0, 2), (0, 3)], pieces))
    assert len(layouts) == 12  # 4 cells for the dragon × C(3, 2) for the two equal castles
    assert len({frozenset(x) for x in layouts}) == 12


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


# ------------------------------------------------------------------ the puzzle collection
PUZZLE_IDS = ["k01-three-castles", "k02-two-tiles-to-come", "k03-gold-mine-margin",
              "k04-four-players", "k05-wizard"]


def test_collection_loads() -> None:
    ids = [p.id for p in castle_puzzles()]
    assert ids[:5] == PUZZLE_IDS and len(ids) >= 20          # the first ids never change


@pytest.mark.parametrize("puzzle", [p for p in castle_puzzles()[5:]
                                    if len(p.problem.board.empty_cells()) <= 6],
                         ids=lambda p: p.id)
def test_small_new_puzzles_are_optimal_by_brute_force(puzzle: CastlePuzzle) -> None:
    assert brute_force(puzzle.problem) == puzzle.optimum


@pytest.mark.parametrize("ident", PUZZLE_IDS)
def test_stored_solutions_are_optimal_by_brute_force(ident: str) -> None:
    puzzle = load_castle_puzzle((castle_collection() / f"{ident}.json").read_text(), ident)
    assert puzzle.answer is not None and puzzle.optimum is not None
    assert puzzle.check_answer(puzzle.answer) == puzzle.optimum
    assert brute_force(puzzle.problem) == puzzle.optimum
    assert solve_castles(puzzle.problem).value == puzzle.optimum


def test_puzzle_loader_names_the_field(tmp_path: Path) -> None:
    good = json.loads((castle_collection() / "k01-three-castles.json").read_text())
    for change, message in [
        ({"format": "kingdomino-puzzle/1"}, "format: expected 'kingdoms-puzzle/1'"),
        ({"castles": [5]}, "castles: must be a list of ranks 1–4"),
        ({"tiles": ["+9"]}, "tiles: unknown tile '+9'"),
        ({"objective": "fun"}, "objective: must be gold or margin"),
        ({"board": ["+3 +3 +3"]}, "board: line 1: a row has 6 cells, not 3"),
        ({"rules": {"players": 5}}, "rules.players: must be 2–4"),
        ({"hints": ["a", "b", "c", "d"]}, "hints: a list of up to three hints"),
        ({"hints": "a"}, "hints: a list of up to three hints"),
        ({"measures": 3}, "measures: wrong type int"),
    ]:
        with pytest.raises(CastlePuzzleError, match=re.escape(message)):
            load_castle_puzzle(good | change, "k01.json")
    worse = copy.deepcopy(good)
    worse["solution"]["optimum"] += 1
    with pytest.raises(CastlePuzzleError, match="not the optimum"):
        load_castle_puzzle(worse)
    moved = copy.deepcopy(good)
    moved["solution"]["board"] = good["board"]
    with pytest.raises(CastlePuzzleError, match="solution.board: the answer adds"):
        load_castle_puzzle(moved)
    (tmp_path / "x.json").write_text(json.dumps(good))
    assert [p.id for p in castle_puzzles(tmp_path)] == ["k01-three-castles"]
    assert isinstance(CastlePuzzleError("x"), PuzzleError)
