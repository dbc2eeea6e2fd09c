"""Castle puzzles for Kingdoms: a small JSON format, a validating loader, and a generator.

The format ``kingdoms-puzzle/1`` follows the kit's Kingdomino puzzles (``id``, ``title``,
``level``, ``question``, ``solution.optimum``, ``solution.proof``) and lives in
``puzzles/kingdoms/``; cells count from 1:

==============  ===================================================================
field           meaning
==============  ===================================================================
``format``      ``"kingdoms-puzzle/1"``
``id``          a short unique name
``title``       a few words
``level``       1 (easiest) … 5
``rules``       ``{"players": 2–4, "wizard": false}``
``board``       the board in text notation: a list of 5 row strings (or one string)
``player``      whose castles go on the board (``a``–``d``)
``castles``     the ranks to place, e.g. ``[3, 1, 1]``
``tiles``       tiles still to come, placed too (``["+5", "D"]``; no ``^`` or ``W``)
``objective``   ``"gold"`` or ``"margin"`` (gold minus the best opponent's)
``question``    the question as the player reads it
``hints``       optional: up to three hints, nudge first, never the answer
``solution``    ``optimum``, ``board`` (one optimal finished board), ``proof``
``source``      optional: how the position was made (kept, not read)
``measures``    optional: what the level rests on (``random_optimal`` of
                ``random_samples`` random placements, ``random_seed``; kept, not read)
==============  ===================================================================

>>> p = load_castle_puzzle({"format": FORMAT, "id": "demo", "title": "One castle", "level": 1,
...     "rules": {"players": 2}, "board": [". . . . . ."] * 4 + ["+3 . . . . -1"],
...     "player": "a", "castles": [2], "objective": "gold", "question": "Where?"})
>>> p.problem.castles, p.problem.players
((2,), 'ab')
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

from kingdomino_kit.errors import PuzzleError
from kingdomino_kit.infra.untrusted import BadJson, json_object, parse_json, shown
from kingdomino_kit.kingdoms.board import Board, parse_board
from kingdomino_kit.kingdoms.errors import KingdomsError
from kingdomino_kit.kingdoms.game import KingdomsGame, KingdomsRules
from kingdomino_kit.kingdoms.solver import OBJECTIVES, CastleProblem, evaluate
from kingdomino_kit.kingdoms.tiles import PLAYERS, RANK1_BY_PLAYERS, Tile, TileKind

__all__ = ["FORMAT", "CastlePuzzle", "CastlePuzzleError", "load_castle_puzzle",
           "castle_puzzles", "castle_collection", "generate_castle_puzzle"]

FORMAT = "kingdoms-puzzle/1"


class CastlePuzzleError(PuzzleError, KingdomsError):
    """A castle puzzle file that cannot be used; the message names the file and the field."""


@dataclass(frozen=True)
class CastlePuzzle:
    """One puzzle: its words, the problem, and the stored answer (if any)."""

    id: str
    title: str
    level: int
    question: str
    problem: CastleProblem
    optimum: int | None = None
    answer: Board | None = None
    proof: str = ""
    hints: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def check_answer(self, board: Board) -> int:
        """The objective's value of a finished board, after checking it only adds the puzzle's
        pieces to its empty cells.

        >>> p = load_castle_puzzle({"format": FORMAT, "id": "d", "title": "t", "level": 1,
        ...     "rules": {"players": 2}, "board": [". . . . . ."] * 4 + ["+3 . . . . -1"],
        ...     "player": "a", "castles": [2], "objective": "gold", "question": "?"})
        >>> p.check_answer(parse_board(". . . . . . / " * 4 + "+3 a2 . . . -1"))
        4
        """
        start = dict(self.problem.board.items())
        added = sorted(str(p) for cell, p in board.items() if cell not in start)
        if any(board.at(cell) != p for cell, p in start.items()):
            raise CastlePuzzleError("the answer moves or removes a piece of the puzzle")
        if added != sorted(str(p) for p in self.problem.pieces):
            raise CastlePuzzleError(f"the answer adds {added}, the puzzle places "
                                    f"{sorted(str(p) for p in self.problem.pieces)}")
        return evaluate(self.problem, board)

    def to_json(self) -> dict[str, Any]:
        """The puzzle in its JSON format."""
        p = self.problem
        out: dict[str, Any] = {
            "format": FORMAT, "id": self.id, "title": self.title, "level": self.level,
            "rules": {"players": len(p.players), "wizard": _has_wizard(p.board)},
            "board": p.board.to_text().splitlines(), "player": p.player,
            "castles": list(p.castles), "tiles": [str(t) for t in p.tiles],
            "objective": p.objective, "question": self.question}
        if self.hints:
            out["hints"] = list(self.hints)
        if self.optimum is not None and self.answer is not None:
            out["solution"] = {"optimum": self.optimum,
                               "board": self.answer.to_text().splitlines(), "proof": self.proof}
        out.update(self.extra)
        return out


def _has_wizard(board: Board) -> bool:
    return "W" in board.to_text().split()


FIELDS = frozenset({"format", "id", "title", "level", "rules", "board", "player", "castles",
                    "tiles", "objective", "question", "hints", "solution", "source", "measures"})
"""The fields of a puzzle (``source`` and ``measures`` are kept, not read); any other is
refused."""


def _known(data: dict[str, Any], names: Iterable[str], path: str, source: str) -> None:
    for key in data:
        if key not in names:
            raise CastlePuzzleError(f"{source}: {path}{shown(key)}: unknown field (a typo?)")


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...], source: str) -> Any:
    if name not in data:
        raise CastlePuzzleError(f"{source}: missing field {shown(name)}")
    value = data[name]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise CastlePuzzleError(f"{source}: {name}: wrong type {type(value).__name__}")
    return value


def _board(value: Any, name: str, wizard: bool, source: str) -> Board:
    if isinstance(value, list) and all(isinstance(row, str) for row in value):
        value = "\n".join(value)
    if not isinstance(value, str):
        raise CastlePuzzleError(f"{source}: {name}: must be text or a list of row strings, not "
                                f"{shown(value)}")
    text = value
    try:
        return parse_board(text, wizard=wizard)
    except KingdomsError as error:
        raise CastlePuzzleError(f"{source}: {name}: {error}") from None


def _rules(rules: dict[str, Any], source: str) -> tuple[int, bool]:
    """A puzzle's ``rules``: (players, wizard)."""
    for key in rules:
        if key not in ("players", "wizard"):
            raise CastlePuzzleError(f"{source}: rules.{shown(key)}: unknown rule (players, "
                                    "wizard)")
    players = rules.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or \
            players not in RANK1_BY_PLAYERS:
        raise CastlePuzzleError(f"{source}: rules.players: must be 2–4, not {shown(players)}")
    wizard = rules.get("wizard", False)
    if not isinstance(wizard, bool):
        raise CastlePuzzleError(f"{source}: rules.wizard: must be true or false, not "
                                f"{shown(wizard)}")
    return players, wizard


def _tiles(raw: Any, source: str) -> tuple[Tile, ...]:
    """A puzzle's ``tiles`` (text such as ``"+5"``) as tiles."""
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise CastlePuzzleError(f"{source}: tiles: must be a list of tiles such as \"+5\", not "
                                f"{shown(raw)}")
    try:
        return tuple(Tile.parse(t) for t in raw)
    except KingdomsError as error:
        raise CastlePuzzleError(f"{source}: tiles: {error}") from None


def load_castle_puzzle(data: dict[str, Any] | str, source: str = "puzzle") -> CastlePuzzle:
    """Read a puzzle (a dict, or JSON text); errors name the source and the field.

    >>> load_castle_puzzle('{"format": "kingdoms-puzzle/1", "id": 3}', "p.json")
    Traceback (most recent call last):
    ...
    kingdomino_kit.kingdoms.puzzles.CastlePuzzleError: p.json: id: wrong type int
    """
    data = json_object(data, "a puzzle", FORMAT, CastlePuzzleError, source)
    _known(data, FIELDS, "", source)
    ident = _field(data, "id", str, source)
    title = _field(data, "title", str, source)
    level = _field(data, "level", int, source)
    if not 1 <= level <= 5:
        raise CastlePuzzleError(f"{source}: level: must be 1–5, not {level}")
    players, wizard = _rules(_field(data, "rules", dict, source), source)
    board = _board(_field(data, "board", (str, list), source), "board", wizard, source)
    castles = _field(data, "castles", list, source)
    if not all(isinstance(r, int) and not isinstance(r, bool) and r in (1, 2, 3, 4)
               for r in castles):
        raise CastlePuzzleError(f"{source}: castles: must be a list of ranks 1–4, not "
                                f"{shown(castles)}")
    tiles = _tiles(data.get("tiles", []), source)
    objective = _field(data, "objective", str, source)
    if objective not in OBJECTIVES:
        raise CastlePuzzleError(f"{source}: objective: must be gold or margin")
    try:
        problem = CastleProblem(board, _field(data, "player", str, source), tuple(castles),
                                tiles, objective, players=PLAYERS[:players])
    except KingdomsError as error:
        raise CastlePuzzleError(f"{source}: {error}") from None
    hints = data.get("hints", [])
    if (not isinstance(hints, list) or len(hints) > 3
            or not all(isinstance(h, str) and h.strip() for h in hints)):
        raise CastlePuzzleError(f"{source}: hints: a list of up to three hints (text)")
    if not isinstance(data.get("measures", {}), dict):
        raise CastlePuzzleError(f"{source}: measures: wrong type "
                                f"{type(data['measures']).__name__}")
    extra: dict[str, Any] = {k: data[k] for k in ("source", "measures") if k in data}
    try:  # kept to be written again: JSON text must hold it (no NaN, nothing deeper than 32)
        parse_json(json.dumps(extra, allow_nan=True))
    except (BadJson, TypeError, ValueError) as error:
        raise CastlePuzzleError(f"{source}: source or measures: {error}") from None
    puzzle = CastlePuzzle(ident, title, level, _field(data, "question", str, source), problem,
                          hints=tuple(hints), extra=extra)
    if "solution" in data:
        solution = _field(data, "solution", dict, source)
        _known(solution, {"optimum", "board", "proof"}, "solution.", source)
        proof = solution.get("proof", "")
        if not isinstance(proof, str):
            raise CastlePuzzleError(f"{source}: solution.proof: must be text, not "
                                    f"{shown(proof)}")
        answer = _board(_field(solution, "board", (str, list), source), "solution.board",
                        wizard, source)
        optimum = _field(solution, "optimum", int, source)
        puzzle = CastlePuzzle(ident, title, level, puzzle.question, problem, optimum, answer,
                              proof, tuple(hints), extra)
        try:
            value = puzzle.check_answer(answer)
        except KingdomsError as error:
            raise CastlePuzzleError(f"{source}: solution.board: {error}") from None
        if value != optimum:
            raise CastlePuzzleError(f"{source}: solution.board scores {value}, "
                                    f"not the optimum {optimum}")
    return puzzle


def castle_collection() -> Path:
    """The folder of the castle puzzles shipped with the kit (package data: the repository's
    top-level ``puzzles/kingdoms/``, seen from the package as ``collection/kingdoms``)."""
    return Path(str(files("kingdomino_kit") / "collection" / "kingdoms"))


def castle_puzzles(directory: str | Path | None = None) -> list[CastlePuzzle]:
    """Every castle puzzle of a directory (default: :func:`castle_collection`), by file name."""
    folder = Path(directory) if directory is not None else castle_collection()
    return [load_castle_puzzle(path.read_text(encoding="utf-8"), path.name)
            for path in sorted(folder.glob("*.json"))]


def generate_castle_puzzle(seed: int, *, players: int, holes: int, castles: int, tiles: int,
                           objective: str, wizard: bool = False) -> CastleProblem:
    """A puzzle position from a seeded game in epoch 1 (each turn a random kind of action —
    castle, draw or secret — then a random one of that kind), stopped when ``holes`` cells are
    left: the player to move places their ``castles`` highest castles in hand and the next
    ``tiles`` tiles of the stack.

    >>> p = generate_castle_puzzle(1, players=2, holes=6, castles=2, tiles=1, objective="gold")
    >>> len(p.board.empty_cells()), p.castles, p.tiles
    (6, (1,), (Tile.parse('+6'),))
    """
    game = KingdomsGame(KingdomsRules(players=players, wizard=wizard), seed=seed)
    rng = random.Random(seed)
    while len(game.board.empty_cells()) > holes or game.drawn is not None:
        if game.epoch > 1:
            raise KingdomsError(f"seed {seed}: the epoch ended before {holes} holes were left")
        actions = game.legal_actions()
        kind = rng.choice(sorted({a.kind for a in actions}))
        game.apply(rng.choice([a for a in actions if a.kind == kind]))
    player = game.current_player
    hand = sorted((r for r, n in game.hands[player].items() for _ in range(n)), reverse=True)
    coming = tuple(t for t in reversed(game.stack)
                   if t.kind not in (TileKind.MOUNTAIN, TileKind.WIZARD))[:tiles]
    return CastleProblem(game.board, player, tuple(hand[:castles]), coming, objective,
                         game.rules.seats)
