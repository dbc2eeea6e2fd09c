"""Castle puzzles solved with OR-Tools CP-SAT: where do my last castles (and the tiles still to
come) go to win the most gold, or the widest margin over the best opponent?

The problem: every given castle of the player and every given tile must go on its own empty cell;
cells left empty are ignored in scoring (as in the "until the last castle" variant). Mountains
and the wizard must already stand on the board (a mountain to come would move the segments).
The code reads as data → model → variables → constraints → objective → solve → extract; the
answer is re-scored with :func:`~kingdomino_kit.kingdoms.scoring.score_board`, and a
disagreement with the model raises :class:`SolverBug`.

>>> from kingdomino_kit.kingdoms.board import Board
>>> board = Board.from_text('''
...     +5 .  -2 b2 .  .
...     .  +3 .  .  -6 .
...     ^  .  D  .  .  b1
...     .  .  .  +4 .  $
...     -1 .  .  .  .  .''')
>>> sol = solve_castles(CastleProblem(board, "a", castles=(3, 1)))
>>> str(sol.status), sol.value
('optimal', 40)
>>> sorted((str(p), cell) for cell, p in sol.placed)
[('a1', (3, 0)), ('a3', (3, 1))]
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from kingdomino_kit.grid import Cell
from kingdomino_kit.infra.stoppable import solve_stoppably
from kingdomino_kit.infra.untrusted import check_search, shown
from kingdomino_kit.kingdoms.board import Board, check_supply
from kingdomino_kit.kingdoms.errors import KingdomsError, SolverBug, SolverError
from kingdomino_kit.kingdoms.exhaustive import best_placement
from kingdomino_kit.kingdoms.scoring import Segment, castle_ranks, score_board, segments
from kingdomino_kit.kingdoms.tiles import PLAYERS, Castle, Piece, Tile, TileKind
from kingdomino_kit.solver.answer import FEASIBLE, INFEASIBLE, OPTIMAL, UNKNOWN, Status, answer_json
from kingdomino_kit.solver.exact import EXACT_SEARCH, engine

__all__ = ["CastleProblem", "CastleSolution", "SolverBug", "solve_castles", "evaluate",
           "OBJECTIVES"]

OBJECTIVES = ("gold", "margin")


@dataclass(frozen=True)
class CastleProblem:
    """Place ``castles`` (ranks) of ``player`` and the ``tiles`` to come on empty cells of
    ``board`` to maximise the player's ``gold`` or their ``margin`` over the best opponent
    (``players``: everyone in the game; default: the board's players and ``player``)."""

    board: Board
    player: str
    castles: tuple[int, ...]
    tiles: tuple[Tile, ...] = ()
    objective: str = "gold"
    players: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.board, Board):
            raise KingdomsError(f"board: must be a Board, not {shown(self.board)}")
        if not isinstance(self.player, str) or self.player not in PLAYERS:
            raise KingdomsError(f"no player {shown(self.player)}")
        if (not isinstance(self.castles, tuple) or not all(
                type(r) is int and 1 <= r <= 4 for r in self.castles)):
            raise KingdomsError(f"castles: a tuple of ranks 1–4, not {shown(self.castles)}")
        if not isinstance(self.tiles, tuple) or not all(isinstance(t, Tile) for t in self.tiles):
            raise KingdomsError(f"tiles: a tuple of Tile, not {shown(self.tiles)}")
        if not isinstance(self.players, str) or any(p not in PLAYERS for p in self.players):
            raise KingdomsError(f"players: letters among {PLAYERS}, not {shown(self.players)}")
        if not isinstance(self.objective, str) or self.objective not in OBJECTIVES:
            raise KingdomsError(f"objective must be gold or margin, not {shown(self.objective)}")
        if not self.players:
            known = set(self.board.players + self.player)
            object.__setattr__(self, "players", "".join(p for p in PLAYERS if p in known))
        if self.player not in self.players:
            raise KingdomsError(f"player {self.player} is not among the players {self.players}")
        if self.objective == "margin" and len(self.players) < 2:
            raise KingdomsError("a margin needs an opponent (give players=...)")
        for tile in self.tiles:
            if tile.kind in (TileKind.MOUNTAIN, TileKind.WIZARD):
                raise KingdomsError(f"a {tile.kind.value} to come is not supported: "
                                    "put it on the board")
        if len(self.castles) + len(self.tiles) > len(self.board.empty_cells()):
            raise KingdomsError(f"{len(self.castles) + len(self.tiles)} pieces to place but only "
                                f"{len(self.board.empty_cells())} empty cells")
        extra: list[Piece] = [Castle(self.player, r) for r in self.castles]
        check_supply([p for _, p in self.board.items()] + extra + list(self.tiles),
                     wizard=any(t.kind is TileKind.WIZARD for _, t in self.board.tiles()))

    @property
    def pieces(self) -> list[Piece]:
        """Everything to place: the castles, then the tiles."""
        return [Castle(self.player, r) for r in self.castles] + list(self.tiles)


def evaluate(problem: CastleProblem, board: Board) -> int:
    """The objective's value on a finished board (gold, or gold minus the best opponent's).

    >>> p = CastleProblem(Board.from_text("+3 . . . . . / " + ". . . . . . / " * 4), "a", (2,))
    >>> evaluate(p, p.board.place((0, 1), Castle("a", 2)))
    6
    """
    gold = score_board(board, players=problem.players).gold
    if problem.objective == "gold":
        return gold[problem.player]
    return gold[problem.player] - max(g for p, g in gold.items() if p != problem.player)


@dataclass(frozen=True)
class CastleSolution:
    """The solver's answer: status (:class:`~kingdomino_kit.solver.answer.Status`), objective value,
    proven bound, the finished board, the pieces placed (in cell order: any order is legal, each
    goes on an empty cell) and the seconds taken."""

    status: Status
    value: int
    bound: int
    board: Board
    placed: tuple[tuple[Cell, Piece], ...] = field(default=())
    seconds: float = 0.0

    @property
    def optimal(self) -> bool:
        """Proved best."""
        return self.status == OPTIMAL

    def to_json(self, objective: str | None = None) -> dict[str, Any]:
        """The ``kingdoms solve --json`` answer (:func:`kingdomino_kit.solver.answer.answer_json`):
        ``score`` is the objective's value, ``grid`` the finished board, ``order`` the pieces
        placed with their cells numbered from 1 as in every Kingdoms text (row 1 is the top
        line); ``objective`` (gold or margin) is added when given."""
        order = [{"piece": str(p), "cell": [r + 1, c + 1]} for (r, c), p in self.placed]
        extra = {} if objective is None else {"objective": objective}
        return answer_json(self.status, self.value, self.bound, self.board.to_text(), order,
                           self.seconds, **extra)


# ---------------------------------------------------------------- data
@dataclass(frozen=True)
class _SegmentData:
    """What a segment holds already, and its empty cells."""

    cells: tuple[Cell, ...]
    empty: tuple[Cell, ...]
    resources: int
    hazards: int
    dragon: bool
    gold_mine: bool
    ranks: dict[str, int]


def _segment_data(problem: CastleProblem) -> list[_SegmentData]:
    board = problem.board
    ranked = castle_ranks(board)
    out = []
    for seg in segments(board):
        out.append(_one_segment(board, seg, ranked, problem.players))
    return out


def _one_segment(board: Board, seg: Segment, ranked: dict[Cell, tuple[Castle, int]],
                 players: str) -> _SegmentData:
    tiles = [p for cell in seg.cells if isinstance(p := board.at(cell), Tile)]
    ranks = dict.fromkeys(players, 0)
    for cell in seg.cells:
        if cell in ranked:
            castle, rank = ranked[cell]
            ranks[castle.player] = ranks.get(castle.player, 0) + rank
    return _SegmentData(
        cells=seg.cells, empty=tuple(c for c in seg.cells if board.at(c) is None),
        resources=sum(t.value for t in tiles if t.is_resource),
        hazards=sum(t.value for t in tiles if t.is_hazard),
        dragon=any(t.kind is TileKind.DRAGON for t in tiles),
        gold_mine=any(t.kind is TileKind.GOLD_MINE for t in tiles), ranks=ranks)


def _wizard_bonus(board: Board, cell: Cell) -> int:
    r, c = cell
    wizards = set(board.cells_of(TileKind.WIZARD))
    return int(any(n in wizards for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))))


# ---------------------------------------------------------------- model
@dataclass
class _Model:
    model: Any
    castle_at: dict[tuple[Cell, int], Any]
    tile_at: dict[tuple[Cell, Tile], Any]
    objective: Any


def _variables(problem: CastleProblem, model: Any) -> tuple[dict[tuple[Cell, int], Any],
                                                           dict[tuple[Cell, Tile], Any]]:
    empty = problem.board.empty_cells()
    castle_at = {(cell, rank): model.new_bool_var(f"castle{rank}_at_r{cell[0] + 1}c{cell[1] + 1}")
                 for rank in sorted(set(problem.castles)) for cell in empty}
    tile_at = {(cell, tile): model.new_bool_var(f"tile{tile}_at_r{cell[0] + 1}c{cell[1] + 1}")
               for tile in sorted(set(problem.tiles)) for cell in empty}
    return castle_at, tile_at


def _placement_constraints(problem: CastleProblem, model: Any,
                           castle_at: dict[tuple[Cell, int], Any],
                           tile_at: dict[tuple[Cell, Tile], Any]) -> None:
    for cell in problem.board.empty_cells():
        model.add_at_most_one([v for (c, _), v in castle_at.items() if c == cell]
                           + [v for (c, _), v in tile_at.items() if c == cell])
    for rank, n in Counter(problem.castles).items():
        model.add(sum(v for (_, r), v in castle_at.items() if r == rank) == n)
    for tile, n in Counter(problem.tiles).items():
        model.add(sum(v for (_, t), v in tile_at.items() if t == tile) == n)


def _segment_value(model: Any, seg: _SegmentData, tile_at: dict[tuple[Cell, Tile], Any],
                   name: str) -> Any:
    """The segment's value per rank: a constant, or an IntVar when tiles may still come."""
    coming = [(t, v) for (cell, t), v in tile_at.items() if cell in seg.empty]
    if not coming:
        kept = 0 if seg.dragon else seg.resources
        return (kept + seg.hazards) * (2 if seg.gold_mine else 1)
    resources = seg.resources + sum(t.value * v for t, v in coming if t.is_resource)
    hazards = seg.hazards + sum(t.value * v for t, v in coming if t.is_hazard)
    dragon = [v for t, v in coming if t.kind is TileKind.DRAGON]
    gold_mine = [v for t, v in coming if t.kind is TileKind.GOLD_MINE]
    top = 2 * 6 * 6
    kept = model.new_int_var(0, top, f"kept_resources_{name}")
    if seg.dragon:
        model.add(kept == 0)
    elif dragon:
        dragon_here = _any_of(model, dragon, f"dragon_in_{name}")
        model.add(kept == 0).only_enforce_if(dragon_here)
        model.add(kept == resources).only_enforce_if(dragon_here.Not())
    else:
        model.add(kept == resources)
    value = model.new_int_var(-2 * top, 2 * top, f"value_{name}")
    if seg.gold_mine:
        model.add(value == 2 * (kept + hazards))
    elif gold_mine:
        mine_here = _any_of(model, gold_mine, f"gold_mine_in_{name}")
        model.add(value == 2 * (kept + hazards)).only_enforce_if(mine_here)
        model.add(value == kept + hazards).only_enforce_if(mine_here.Not())
    else:
        model.add(value == kept + hazards)
    return value


def _any_of(model: Any, placed: list[Any], name: str) -> Any:
    """A bool true iff the (only) tile of its kind lands on one of these cells."""
    here = model.new_bool_var(name)
    model.add(sum(placed) == here)
    return here


def build_model(problem: CastleProblem) -> _Model:
    """The CP-SAT model of a castle problem."""
    from kingdomino_kit.infra.cp_sat_loader import cp_model

    model = cp_model.CpModel()
    castle_at, tile_at = _variables(problem, model)
    _placement_constraints(problem, model, castle_at, tile_at)
    gold: dict[str, Any] = dict.fromkeys(problem.players, 0)
    for n, seg in enumerate(_segment_data(problem)):
        value = _segment_value(model, seg, tile_at, f"segment{n}")
        my_ranks = seg.ranks[problem.player] + sum(
            (rank + _wizard_bonus(problem.board, cell)) * v
            for (cell, rank), v in castle_at.items() if cell in seg.empty)
        for p in problem.players:
            ranks = my_ranks if p == problem.player else seg.ranks[p]
            if isinstance(value, int) or isinstance(ranks, int):
                gold[p] += value * ranks
            else:
                product = model.new_int_var(-10_000, 10_000, f"gold_{p}_segment{n}")
                rank_sum = model.new_int_var(0, 60, f"ranks_{p}_segment{n}")
                model.add(rank_sum == ranks)
                model.add_multiplication_equality(product, [value, rank_sum])
                gold[p] += product
    objective = gold[problem.player]
    if problem.objective == "margin":
        best_other = model.new_int_var(-100_000, 100_000, "best_opponent_gold")
        model.add_max_equality(best_other, [gold[p] for p in problem.players
                                          if p != problem.player])
        objective = objective - best_other
    model.maximize(objective)
    return _Model(model, castle_at, tile_at, objective)


def solve_castles(problem: CastleProblem, *, time_limit: float = 30.0, workers: int = 1,
                  seed: int = 0) -> CastleSolution:
    """Solve a castle problem; one worker and a fixed seed by default (reproducible).

    >>> board = Board.from_text("+6 . -3 . . . / " + ". . . . . . / " * 4)
    >>> sol = solve_castles(CastleProblem(board, "a", (2,), (Tile.parse("D"),)))
    >>> str(sol.status), sol.value      # a2 under the +6 (column 1), the dragon far from both lines
    ('optimal', 12)
    """
    if not isinstance(problem, CastleProblem):
        raise KingdomsError(f"problem: must be a CastleProblem, not {shown(problem)}")
    check_search(time_limit, workers, seed, SolverError)
    if engine() == EXACT_SEARCH:  # no OR-Tools here (the Lite edition's browser kernel)
        began = time.perf_counter()
        value, placed, board = best_placement(problem.board, problem.pieces,
                                              lambda b: evaluate(problem, b))
        return CastleSolution(OPTIMAL, value, value, board, placed, time.perf_counter() - began)
    from kingdomino_kit.infra.cp_sat_loader import cp_model

    start = time.perf_counter()
    built = build_model(problem)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    status = solve_stoppably(solver, built.model)
    if status == cp_model.INFEASIBLE:
        return CastleSolution(INFEASIBLE, 0, 0, problem.board,
                              seconds=time.perf_counter() - start)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return CastleSolution(UNKNOWN, 0, int(solver.best_objective_bound), problem.board,
                              seconds=time.perf_counter() - start)
    return _extract(problem, built, solver, status == cp_model.OPTIMAL, start)


def _extract(problem: CastleProblem, built: _Model, solver: Any, optimal: bool,
             start: float) -> CastleSolution:
    board = problem.board
    placed: list[tuple[Cell, Piece]] = []
    for (cell, rank), v in built.castle_at.items():
        if solver.boolean_value(v):
            placed.append((cell, Castle(problem.player, rank)))
    for (cell, tile), v in built.tile_at.items():
        if solver.boolean_value(v):
            placed.append((cell, tile))
    placed.sort(key=lambda item: item[0])
    for cell, piece in placed:
        board = board.place(cell, piece)
    value = evaluate(problem, board)
    model_value = round(solver.objective_value)
    if value != model_value:
        raise SolverBug(f"model says {model_value}, the scoring says {value}:\n{board}")
    bound = round(solver.best_objective_bound) if not optimal else value
    return CastleSolution(OPTIMAL if optimal else FEASIBLE, value, bound, board, tuple(placed),
                          time.perf_counter() - start)
