"""One id scheme for the puzzles of all three games: which game an id (or a file) belongs to,
and the collection of every game as one list.

Ids are unique across the games: a Kingdomino puzzle's id starts with its number
(``01-best-kingdom``), a Kingdoms castle puzzle's with ``k`` and its number
(``k01-three-castles``), an Origins puzzle's with ``o`` and its number (``o01-fire``); the
number alone names the puzzle too (``01``, ``k01``, ``o01``). A file is told by its
``format``.

>>> game_of("k01"), game_of("o03-totem"), game_of("07")
('kingdoms', 'origins', 'kingdomino')
>>> find_any("k01").game, find_any("o01").puzzle.id
('kingdoms', 'o01-fire')
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from kingdomino_kit.errors import KingdominoError, PuzzleError
from kingdomino_kit.infra.untrusted import JSON_LIMIT, BadJson, parse_json
from kingdomino_kit.kingdoms.board import parse_board
from kingdomino_kit.kingdoms.errors import KingdomsError
from kingdomino_kit.kingdoms.puzzles import castle_collection, load_castle_puzzle
from kingdomino_kit.kingdoms.solver import solve_castles
from kingdomino_kit.origins.puzzles import (
    OriginsPuzzleError,
    load_origins_puzzle,
    origins_collection,
    read_answer,
)
from kingdomino_kit.puzzles.format import KINDS, default_collection, find_puzzle, load_collection

__all__ = ["GAMES", "GAME_KINDS", "Found", "game_of", "find_any", "list_all", "kind_of",
           "check_filters", "summary", "solve_any", "grade_any"]

GAMES = ("kingdomino", "kingdoms", "origins")
GAME_KINDS: dict[str, tuple[str, ...]] = {
    "kingdomino": tuple(KINDS),
    "kingdoms": ("castles",),
    "origins": ("fire", "totem"),
}
"""The kinds of puzzle each game has (``puzzle list --kind``)."""
FORMATS = {"kingdoms-puzzle/1": "kingdoms", "origins-puzzle/1": "origins"}
PREFIX = {"kingdoms": "k", "origins": "o"}
_ID = re.compile(r"^(?P<prefix>[ko]?)\d+(-|$)")


@dataclass(frozen=True)
class Found:
    """A puzzle of some game: the game's name and the game's own puzzle value."""

    game: str
    puzzle: Any


def game_of(ref: str) -> str | None:
    """The game an id names by its prefix (None when it names none: not an id).

    >>> game_of("kx"), game_of("o1")
    (None, 'origins')
    """
    match = _ID.match(ref)
    if match is None:
        return None
    return {"k": "kingdoms", "o": "origins"}.get(match["prefix"], "kingdomino")


def kind_of(found: Found) -> str:
    """A puzzle's kind, in the words of ``puzzle list --kind``."""
    if found.game == "kingdoms":
        return "castles"
    if found.game == "origins":
        return str(found.puzzle.kind)
    return str(found.puzzle.kind.value)


def _folder(game: str) -> Traversable:
    if game == "kingdoms":
        return castle_collection()
    if game == "origins":
        return origins_collection()
    return default_collection()


def _load(game: str, text: str, name: str) -> Any:
    if game == "kingdoms":
        return load_castle_puzzle(text, name)
    return load_origins_puzzle(text, name)


def _ids(game: str) -> list[str]:
    return sorted(e.name[:-len(".json")] for e in _folder(game).iterdir()
                  if e.name.endswith(".json"))


def _file_game(path: Path) -> tuple[str, str] | None:
    """(game, text) of a Kingdoms or Origins puzzle file; None for anything else."""
    try:
        if path.stat().st_size > JSON_LIMIT:
            return None                       # the Kingdomino reader says what is wrong
        text = path.read_text(encoding="utf-8")
        data = parse_json(text)
    except (OSError, UnicodeDecodeError, BadJson):
        return None
    game = FORMATS.get(str(data.get("format"))) if isinstance(data, dict) else None
    return None if game is None else (game, text)


def find_any(ref: str | Path) -> Found:
    """The puzzle an id or a file names, in any game. A Kingdomino id or file is found by
    :func:`kingdomino_kit.puzzles.format.find_puzzle`; an unknown Kingdoms or Origins id raises
    :class:`~kingdomino_kit.errors.PuzzleError` saying how to see the ids.

    >>> find_any("k99")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.PuzzleError: no puzzle 'k99' in the kingdoms collection; \
`kingdomino-kit puzzle list --game kingdoms` prints the ids
    """
    if not isinstance(ref, (str, Path)):
        raise PuzzleError(f"a puzzle is named by its id or a file path, not {type(ref).__name__}")
    path = Path(ref)
    if isinstance(ref, Path) or path.suffix == ".json" or "/" in str(ref) or path.is_file():
        other = _file_game(path)
        if other is not None:
            return Found(other[0], _load(other[0], other[1], str(ref)))
    else:
        game = game_of(str(ref))
        if game in PREFIX:
            return Found(game, _by_id(game, str(ref)))
    return Found("kingdomino", find_puzzle(ref))


def _by_id(game: str, ref: str) -> Any:
    ids = _ids(game)
    matches = [i for i in ids if i == ref] or [i for i in ids if i.split("-", 1)[0] == ref]
    if len(matches) == 1:
        entry = _folder(game) / f"{matches[0]}.json"
        return _load(game, entry.read_text(encoding="utf-8"), entry.name)
    close = difflib.get_close_matches(ref, ids, n=1)
    guess = f" (did you mean {close[0]}?)" if close else ""
    raise PuzzleError(f"no puzzle {ref!r} in the {game} collection{guess}; `kingdomino-kit "
                      f"puzzle list --game {game}` prints the ids")


def list_all(game: str | None = None, kind: str | None = None,
             level: int | None = None) -> list[Found]:
    """Every puzzle of the collections (one game's, or all three, Kingdomino first), by id,
    of a kind and a level when given.

    >>> [f.puzzle.id for f in list_all("kingdoms", level=1)][:1] != ["k99"]
    True
    >>> list_all("chess")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.PuzzleError: no game 'chess' (kingdomino, kingdoms, origins)
    """
    out: list[Found] = []
    for g in check_filters(game, kind):
        if kind is not None and kind not in GAME_KINDS[g]:
            continue
        if g == "kingdomino":
            found = [Found(g, p) for p in load_collection()]
        else:
            found = [Found(g, _load(g, (_folder(g) / f"{i}.json").read_text(encoding="utf-8"),
                                    f"{i}.json")) for i in _ids(g)]
        out.extend(f for f in found if (kind is None or kind_of(f) == kind)
                   and (level is None or f.puzzle.level == level))
    return out


def check_filters(game: str | None, kind: str | None) -> list[str]:
    """The games a listing covers (``game``, or all three), after checking that the game
    exists and has puzzles of ``kind``.

    >>> check_filters("kingdoms", "fire")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.PuzzleError: no kind 'fire' of puzzle in kingdoms (kinds: castles)
    """
    if game is not None and game not in GAMES:
        raise PuzzleError(f"no game {game!r} ({', '.join(GAMES)})")
    games = [game] if game is not None else list(GAMES)
    known = {k for g in games for k in GAME_KINDS[g]}
    if kind is not None and kind not in known:
        raise PuzzleError(f"no kind {kind!r} of puzzle in {game or 'any game'} (kinds: "
                          f"{', '.join(sorted(known))})")
    return games


def summary(found: Found) -> dict[str, Any]:
    """What ``puzzle list --json`` says of a Kingdoms or Origins puzzle."""
    p = found.puzzle
    out: dict[str, Any] = {"game": found.game, "id": p.id, "kind": kind_of(found),
                           "level": p.level, "title": p.title}
    if found.game == "kingdoms":
        out |= {"castles": list(p.problem.castles),
                "tiles": [str(t) for t in p.problem.tiles], "objective": p.problem.objective,
                "players": len(p.problem.players)}
    else:
        out |= {"dominoes": [d.number for d in p.dominoes], "size": p.size}
    return out | {"optimum": p.optimum, "hints": len(p.hints)}


def solve_any(found: Found, *, time_limit: float, workers: int, seed: int
              ) -> tuple[str, int, dict[str, Any], str]:
    """Solve a Kingdoms or Origins puzzle with its game's CP-SAT solver: (status, best value,
    the solver's JSON answer, the finished board or territory as text)."""
    p = found.puzzle
    if found.game == "kingdoms":
        sol = solve_castles(p.problem, time_limit=time_limit, workers=workers, seed=seed)
        return str(sol.status), sol.value, sol.to_json(p.problem.objective), sol.board.to_text()
    from kingdomino_kit.origins.solver import solve_discovery
    osol = solve_discovery(p.dominoes, size=p.size, empire_of_fire=p.empire_of_fire,
                           homo_habilis=p.homo_habilis, rivals=p.rivals,
                           totem_bonus=p.totem_bonus, time_limit_s=time_limit,
                           workers=workers, seed=seed)
    grid = "" if osol.kingdom is None else osol.kingdom.to_text()
    return str(osol.status), osol.score, osol.to_json(), grid


def grade_any(found: Found, text: str, name: str) -> tuple[bool, int | None, str]:
    """Grade an answer to a Kingdoms puzzle (a finished board in text notation) or an Origins
    puzzle (JSON ``order`` and ``fire``): (legal, score or None, why not legal). Unreadable
    text raises :class:`PuzzleError` naming ``name``.

    >>> grade_any(find_any("k01"), ". . . . . . / " * 5, "--answer")[0]
    False
    """
    p = found.puzzle
    if found.game == "kingdoms":
        try:
            board = parse_board(text, wizard=True)
        except KingdomsError as error:
            raise PuzzleError(f"{name}: {error}") from None
        try:
            return True, p.check_answer(board), ""
        except KingdominoError as error:
            return False, None, str(error)
    try:
        answer = read_answer(parse_json(text), p.dominoes, name)
    except BadJson as error:
        raise PuzzleError(f"{name}: {error}") from None
    try:
        return True, p.check_answer(answer), ""
    except OriginsPuzzleError as error:
        return False, None, str(error)

