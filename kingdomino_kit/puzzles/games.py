"""The collections of all three games as one list, and the Kingdoms and Origins side of
``puzzle list|show|solve|check``: a puzzle's kind, its summary, its solve and its grade. An id
(or a file) is told apart and found by :func:`kingdomino_kit.puzzles.lookup.look_up`.

>>> [f.puzzle.id for f in list_all("origins", kind="totem")][:1]
['o03-totem']
"""

from __future__ import annotations

from typing import Any

from kingdomino_kit.errors import KingdominoError, PuzzleError
from kingdomino_kit.infra.untrusted import BadJson, parse_json
from kingdomino_kit.kingdoms.board import parse_board
from kingdomino_kit.kingdoms.errors import KingdomsError
from kingdomino_kit.kingdoms.solver import solve_castles
from kingdomino_kit.origins.puzzles import OriginsPuzzleError, read_answer
from kingdomino_kit.puzzles.collection import load_collection
from kingdomino_kit.puzzles.format import KINDS
from kingdomino_kit.puzzles.lookup import GAMES, Found, load_stored, stored_ids

__all__ = ["GAMES", "GAME_KINDS", "list_all", "kind_of", "check_filters", "summary",
           "solve_any", "grade_any"]

GAME_KINDS: dict[str, tuple[str, ...]] = {
    "kingdomino": tuple(KINDS),
    "kingdoms": ("castles",),
    "origins": ("fire", "totem"),
}
"""The kinds of puzzle each game has (``puzzle list --kind``)."""


def kind_of(found: Found) -> str:
    """A puzzle's kind, in the words of ``puzzle list --kind``."""
    if found.game == "kingdoms":
        return "castles"
    if found.game == "origins":
        return str(found.puzzle.kind)
    return str(found.puzzle.kind.value)


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
            found = [Found(g, load_stored(g, i)) for i in stored_ids(g)]
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

    >>> from kingdomino_kit.puzzles.lookup import look_up
    >>> grade_any(look_up("k01"), ". . . . . . / " * 5, "--answer")[0]
    False
    """
    p = found.puzzle
    kingdoms = found.game == "kingdoms"
    refused: type[KingdominoError] = KingdominoError if kingdoms else OriginsPuzzleError
    try:
        answer = (parse_board(text, wizard=True) if kingdoms
                  else read_answer(parse_json(text), p.dominoes, name))
    except (KingdomsError, BadJson) as error:
        raise PuzzleError(f"{name}: {error}") from None
    try:
        return True, p.check_answer(answer), ""
    except refused as error:
        return False, None, str(error)

