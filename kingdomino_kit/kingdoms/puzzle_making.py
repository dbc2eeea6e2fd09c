"""Making castle puzzles: a seeded position (:func:`~kingdomino_kit.kingdoms.puzzles.
generate_castle_puzzle`), its answer proven optimal by CP-SAT, the share of random placements
that reach it (the level, :mod:`kingdomino_kit.share_levels`), a title naming the idea
and a ladder of hints that never give the answer.

>>> from kingdomino_kit.kingdoms.puzzles import castle_puzzles
>>> p = castle_puzzles()[0]
>>> random_share(p, 50) == random_share(p, 50)      # seeded
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from kingdomino_kit.errors import InvariantError, PuzzleError
from kingdomino_kit.kingdoms.board import Board
from kingdomino_kit.kingdoms.puzzles import CastlePuzzle, generate_castle_puzzle
from kingdomino_kit.kingdoms.solver import CastleProblem, evaluate, solve_castles
from kingdomino_kit.kingdoms.tiles import Castle, TileKind
from kingdomino_kit.share_levels import RANDOM_SAMPLES, level_from_share

__all__ = ["random_placement", "random_share", "castle_hints", "castle_title",
           "make_castle_puzzle", "measured", "castle_slug"]

PROOF = "CP-SAT (kingdomino_kit.kingdoms.solver), status optimal"
NUMBERS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}


def random_placement(problem: CastleProblem, rng: random.Random) -> Board:
    """Every piece of the problem on a random empty cell of its own."""
    board = problem.board
    cells = rng.sample(board.empty_cells(), len(problem.pieces))
    for cell, piece in zip(cells, problem.pieces, strict=True):
        board = board.place(cell, piece)
    return board


def random_share(puzzle: CastlePuzzle, samples: int = RANDOM_SAMPLES,
                 seed: int = 0) -> tuple[int, int]:
    """(random placements reaching the stored optimum, placements tried), seeded."""
    rng = random.Random(seed)
    hits = sum(evaluate(puzzle.problem, random_placement(puzzle.problem, rng)) == puzzle.optimum
               for _ in range(samples))
    return hits, samples


def _kinds(problem: CastleProblem) -> Counter[TileKind]:
    return Counter(t.kind for t in problem.tiles)


def castle_slug(problem: CastleProblem) -> str:
    """The idea in an id: what is still to come, the wizard, a margin.

    >>> from kingdomino_kit.kingdoms.tiles import Tile
    >>> castle_slug(CastleProblem(Board.from_text(". . . . . . / " * 5), "a", (2,),
    ...                          (Tile.parse("D"),), "margin", "ab"))
    'dragon-margin'
    """
    kinds = _kinds(problem)
    idea = ("dragon" if kinds[TileKind.DRAGON] else "gold-mine" if kinds[TileKind.GOLD_MINE]
            else "gift-and-hazard" if kinds[TileKind.HAZARD] and kinds[TileKind.RESOURCE]
            else "hazard" if kinds[TileKind.HAZARD] else "gifts" if kinds[TileKind.RESOURCE]
            else "castles-only")
    if any(t.kind is TileKind.WIZARD for _, t in problem.board.tiles()):
        idea += "-wizard"
    return idea + ("-margin" if problem.objective == "margin" else "")


def castle_title(problem: CastleProblem) -> str:
    """A title naming the idea: the piece that decides the puzzle, and what is asked.

    >>> from kingdomino_kit.kingdoms.tiles import Tile
    >>> castle_title(CastleProblem(Board.from_text(". . . . . . / " * 5), "a", (2,),
    ...                            (Tile.parse("-5"),), "margin", "ab"))
    'Who gets the -5? One castle, 2 players, by margin'
    """
    kinds = _kinds(problem)
    n = NUMBERS.get(len(problem.castles), str(len(problem.castles)))
    castles = f"{n} castle{'s' if len(problem.castles) > 1 else ''}"
    hazards = sorted((t for t in problem.tiles if t.is_hazard), key=lambda t: t.value)
    gifts = sorted((t for t in problem.tiles if t.is_resource), key=lambda t: -t.value)
    if kinds[TileKind.DRAGON]:
        idea = "Hide from the dragon"
    elif kinds[TileKind.GOLD_MINE]:
        idea = "The gold mine is still out"
    elif hazards and gifts:
        idea = f"A {gifts[0]} and a {hazards[0]} to place"
    elif hazards:
        idea = f"Who gets the {hazards[0]}?"
    elif gifts:
        idea = f"Where does the {gifts[0]} go?"
    else:
        idea = f"{len(problem.board.empty_cells())} holes"
    if any(t.kind is TileKind.WIZARD for _, t in problem.board.tiles()):
        castles += " by the wizard"
    goal = ", by margin" if problem.objective == "margin" else ""
    if not idea.endswith("?"):
        idea += ":"
        castles = castles.lower()
    return f"{idea} {castles}, {len(problem.players)} players{goal}"


def castle_hints(puzzle: CastlePuzzle) -> tuple[str, ...]:
    """Up to three hints, nudge first: a principle, the optimum's value, then the row (or
    column) of the highest castle in the stored answer when that line has more than one empty
    cell (never the answer itself)."""
    problem, answer = puzzle.problem, puzzle.answer
    if not (answer is not None and puzzle.optimum is not None):
        raise InvariantError("expected answer is not None and puzzle.optimum is not None")
    kinds = _kinds(problem)
    if kinds[TileKind.DRAGON]:
        nudge = ("The dragon wipes out the resources of its row and column: put it where your "
                 "castles earn least.")
    elif kinds[TileKind.GOLD_MINE]:
        nudge = "The gold mine doubles its row and column: where do your castles stand?"
    elif kinds[TileKind.HAZARD]:
        nudge = "A hazard costs every castle in its lines: put it where yours are not."
    else:
        nudge = ("Add up each row and column: a castle earns the sum of its row plus the sum "
                 "of its column, times its rank.")
    if problem.objective == "margin":
        nudge += " Margin: gold you keep from the best opponent counts as much as your own."
    top = max(problem.castles)
    start = dict(problem.board.items())
    row, col = next((r, c) for (r, c), p in sorted(answer.items())
                    if (r, c) not in start and p == Castle(problem.player, top))
    what = "gold" if problem.objective == "gold" else "margin"
    hints = (nudge, f"The best answer's {what}: {puzzle.optimum}.")
    empty = problem.board.empty_cells()
    which = "one of your" if problem.castles.count(top) > 1 else "your"
    castle = f"{which} rank-{top} castle{'s' * (which != 'your')}"
    if sum(r == row for r, _ in empty) > 1:       # a line with one hole would give it away
        return (*hints, f"In an optimal answer {castle} stands in row {row + 1}.")
    if sum(c == col for _, c in empty) > 1:
        return (*hints, f"In an optimal answer {castle} stands in column {col + 1}.")
    return hints


def measured(puzzle: CastlePuzzle, title: str | None = None) -> CastlePuzzle:
    """The puzzle with its measures, the level they give, and hints (title kept unless
    given)."""
    hits, samples = random_share(puzzle)
    extra: dict[str, Any] = dict(puzzle.extra)
    extra["measures"] = {"random_optimal": hits, "random_samples": samples, "random_seed": 0}
    return CastlePuzzle(puzzle.id, title or puzzle.title, level_from_share(hits, samples),
                        puzzle.question, puzzle.problem, puzzle.optimum, puzzle.answer,
                        puzzle.proof, castle_hints(puzzle), extra)


def make_castle_puzzle(ident: str, seed: int, *, players: int, holes: int, castles: int,
                       tiles: int, objective: str, wizard: bool = False,
                       time_limit: float = 300.0) -> CastlePuzzle:
    """A castle puzzle from a seeded position, proven, measured, titled and hinted (its id:
    ``ident`` and the :func:`castle_slug`); raises ``ValueError`` when the optimum is not
    proven in ``time_limit`` seconds."""

    problem = generate_castle_puzzle(seed, players=players, holes=holes, castles=castles,
                                     tiles=tiles, objective=objective, wizard=wizard)
    sol = solve_castles(problem, time_limit=time_limit)
    if not sol.optimal:
        raise PuzzleError(f"{ident}: not proven optimal in {time_limit} s")
    ranks = ", ".join(map(str, problem.castles))
    coming = (f" and the tiles still to come ({' and '.join(map(str, problem.tiles))})"
              if problem.tiles else "")
    goal = ("your gold" if objective == "gold" else
            "your margin over the best opponent (your gold minus theirs)")
    question = (f"You are player {problem.player}. Place your castles of rank {ranks}{coming} "
                f"on the empty cells to maximise {goal} when the board is scored.")
    source = (f"generate_castle_puzzle({seed}, players={players}, holes={holes}, "
              f"castles={castles}, tiles={tiles}, objective={objective!r}"
              + (", wizard=True)" if wizard else ")"))
    draft = CastlePuzzle(f"{ident}-{castle_slug(problem)}", castle_title(problem), 1,
                         question, problem, sol.value,
                         sol.board, PROOF, extra={"source": source})
    return measured(draft)
