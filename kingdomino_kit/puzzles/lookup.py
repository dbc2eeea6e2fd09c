"""One puzzle lookup: every form of puzzle id the kit documents, for the three games, resolved
by :func:`look_up` — the one function behind ``puzzle show|solve|check``, the one-laptop page
(``kingdomino-kit app``) and the class page (``app --class``).

The id forms (:data:`ID_FORMS`):

- Kingdomino, from the collection: ``05-best-kingdom`` or its number alone, ``05``;
- Kingdoms castle puzzles: ``k01-three-castles`` or ``k01``;
- Origins: ``o03-totem`` or ``o03``;
- a fresh Kingdomino puzzle, made on demand: ``new-KIND-LLEVEL-SEED`` (``new-complete-L2-7``);
- the puzzle of a day: ``daily-YYYY-MM-DD``;
- the path of a puzzle file of any game (``files=True``: the command line; a page never opens
  a path it was given).

Anything else raises :class:`~kingdomino_kit.errors.PuzzleError` listing the forms.

>>> [look_up(ref).puzzle.id for ref in ("05", "k01", "o03-totem")]
['05-best-kingdom', 'k01-three-castles', 'o03-totem']
>>> game_of("k01"), game_of("o03-totem"), game_of("07"), game_of("new-complete-L2-7")
('kingdoms', 'origins', 'kingdomino', 'kingdomino')
>>> look_up("x1")
Traceback (most recent call last):
...
kingdomino_kit.errors.PuzzleError: no puzzle 'x1': a puzzle id is NN or NN-kind (Kingdomino, \
05), kNN (Kingdoms, k01), oNN (Origins, o03), new-KIND-LLEVEL-SEED (a fresh puzzle, \
new-best-kingdom-L2-1) or daily-YYYY-MM-DD (the puzzle of a day); `kingdomino-kit puzzle list` \
prints the ids
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from kingdomino_kit.errors import PuzzleError
from kingdomino_kit.infra.untrusted import JSON_LIMIT, BadJson, parse_json, shown
from kingdomino_kit.kingdoms.puzzles import castle_collection, load_castle_puzzle
from kingdomino_kit.origins.puzzles import load_origins_puzzle, origins_collection
from kingdomino_kit.puzzles.collection import (
    collection_ids,
    default_collection,
    find_puzzle,
    load_puzzle,
)
from kingdomino_kit.puzzles.format import KINDS

__all__ = ["GAMES", "ID_FORMS", "Found", "fresh_puzzle", "game_of", "is_fresh", "load_stored",
           "look_up", "stored_ids"]

GAMES = ("kingdomino", "kingdoms", "origins")
ID_FORMS = ("NN or NN-kind (Kingdomino, 05), kNN (Kingdoms, k01), oNN (Origins, o03), "
            "new-KIND-LLEVEL-SEED (a fresh puzzle, new-best-kingdom-L2-1) or daily-YYYY-MM-DD "
            "(the puzzle of a day)")
"""The id forms, as the error for an unknown id lists them."""
FORMATS = {"kingdoms-puzzle/1": "kingdoms", "origins-puzzle/1": "origins"}
_STORED = re.compile(r"(?P<prefix>[ko]?)\d+(-.*)?", re.DOTALL)
_NEW = re.compile(r"new-(?P<kind>[a-z-]+)-L(?P<level>[1-5])-(?P<seed>[0-9]{1,9})(-(?P<size>7)x7)?")
_DAILY = re.compile(r"daily-(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2})")


@dataclass(frozen=True)
class Found:
    """A puzzle of some game: the game's name and the game's own puzzle value."""

    game: str
    puzzle: Any


def game_of(ref: str) -> str | None:
    """The game an id names by its form (None when it is no id of the kit).

    >>> game_of("kx"), game_of("o1"), game_of("daily-2026-12-02")
    (None, 'origins', 'kingdomino')
    """
    if is_fresh(ref):
        return "kingdomino"
    match = _STORED.fullmatch(ref)
    if match is None:
        return None
    return {"k": "kingdoms", "o": "origins"}.get(match["prefix"], "kingdomino")


def is_fresh(ref: str) -> bool:
    """Whether ``ref`` names a puzzle made on demand (``new-…`` or ``daily-…``), which may take
    seconds to make (a server makes it once, in a thread of its own).

    >>> is_fresh("new-complete-L2-7"), is_fresh("daily-2026-12-02"), is_fresh("05")
    (True, True, False)
    """
    return _NEW.fullmatch(ref) is not None or _DAILY.fullmatch(ref) is not None


def fresh_puzzle(ref: str) -> Any:
    """Make the fresh puzzle ``ref`` names: ``new-KIND-LLEVEL-SEED`` by
    :func:`~kingdomino_kit.puzzles.on_demand.new_puzzle`, ``daily-YYYY-MM-DD`` by
    :func:`~kingdomino_kit.puzzles.on_demand.daily_puzzle` (the same puzzle everywhere).

    >>> fresh_puzzle("new-chess-L1-1")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.PuzzleError: no puzzle kind 'chess' in 'new-chess-L1-1' (kinds: \
best-kingdom, complete, rearrange, next-placement, free-choice)
    """
    from kingdomino_kit.puzzles.on_demand import daily_puzzle, new_puzzle  # CP-SAT: seconds

    new = _NEW.fullmatch(ref)
    if new is not None:
        if new["kind"] not in KINDS:
            raise PuzzleError(f"no puzzle kind {new['kind']!r} in {ref!r} (kinds: "
                              f"{', '.join(KINDS)})")
        return new_puzzle(new["kind"], int(new["level"]), int(new["seed"]),
                          size=int(new["size"] or 5))
    daily = _DAILY.fullmatch(ref)
    if daily is None:
        raise PuzzleError(f"{shown(ref)} names no fresh puzzle (new-KIND-LLEVEL-SEED or "
                          "daily-YYYY-MM-DD)")
    try:
        day = dt.date.fromisoformat(daily["date"])
    except ValueError:
        raise PuzzleError(f"no date {daily['date']!r} in {ref!r} (daily-YYYY-MM-DD)") from None
    return daily_puzzle(day)


def stored_ids(game: str) -> list[str]:
    """The ids of one game's collection shipped with the kit.

    >>> stored_ids("origins")[:2]
    ['o01-fire', 'o02-fire']
    """
    if game == "kingdomino":
        return collection_ids()
    return sorted(e.name[:-len(".json")] for e in _folder(game).iterdir()
                  if e.name.endswith(".json"))


def load_stored(game: str, pid: str) -> Any:
    """The puzzle of one game's collection whose whole id is ``pid``."""
    entry = _folder(game) / f"{pid}.json"
    if game == "kingdomino":
        return load_puzzle(entry)
    return _load(game, entry.read_text(encoding="utf-8"), entry.name)


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


def _is_path(ref: str | Path) -> bool:
    text = str(ref)
    return (isinstance(ref, Path) or text.endswith(".json") or "/" in text or "\\" in text
            or (game_of(text) is None and Path(text).is_file()))


def look_up(ref: str | Path, *, files: bool = False,
            make_fresh: Callable[[str], Any] | None = None) -> Found:
    """The puzzle ``ref`` names, in any of the forms of the module docstring. A file path is
    read only with ``files`` (the command line); ``make_fresh`` makes a ``new-…`` or
    ``daily-…`` puzzle (default :func:`fresh_puzzle`: made now, seconds). Anything else raises
    :class:`~kingdomino_kit.errors.PuzzleError` listing the forms.

    >>> look_up("k99")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.PuzzleError: no puzzle 'k99' in the kingdoms collection; \
`kingdomino-kit puzzle list --game kingdoms` prints the ids
    >>> look_up("puzzles/kingdomino/05-best-kingdom.json")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.PuzzleError: no puzzle 'puzzles/kingdomino/05-best-kingdom.json': \
a page opens puzzles by id, never a file path (a puzzle id is NN or NN-kind (Kingdomino, 05), \
kNN (Kingdoms, k01), oNN (Origins, o03), new-KIND-LLEVEL-SEED (a fresh puzzle, \
new-best-kingdom-L2-1) or daily-YYYY-MM-DD (the puzzle of a day))
    """
    if not isinstance(ref, (str, Path)):
        raise PuzzleError(f"a puzzle is named by its id or a file path, not {type(ref).__name__}")
    if _is_path(ref):
        if not files:
            raise PuzzleError(f"no puzzle {str(ref)!r}: a page opens puzzles by id, never a "
                              f"file path (a puzzle id is {ID_FORMS})")
        other = _file_game(Path(ref))
        if other is not None:
            return Found(other[0], _load(other[0], other[1], str(ref)))
        return Found("kingdomino", find_puzzle(Path(ref)))
    text = str(ref)
    if is_fresh(text):
        return Found("kingdomino", (make_fresh or fresh_puzzle)(text))
    game = game_of(text)
    if game is None:
        close = difflib.get_close_matches(text, [i for g in GAMES for i in stored_ids(g)], n=1)
        guess = f" (did you mean {close[0]}?)" if close else ""
        path = " or a puzzle file's path" if files else ""
        raise PuzzleError(f"no puzzle {text!r}{guess}: a puzzle id is {ID_FORMS}{path}; "
                          "`kingdomino-kit puzzle list` prints the ids")
    return Found(game, _stored(game, text))


def _stored(game: str, ref: str) -> Any:
    ids = stored_ids(game)
    matches = [i for i in ids if i == ref] or [i for i in ids if i.split("-", 1)[0] == ref]
    if len(matches) == 1:
        return load_stored(game, matches[0])
    close = difflib.get_close_matches(ref, ids, n=1)
    guess = f" (did you mean {close[0]}?)" if close else ""
    where, listing = ("", "") if game == "kingdomino" else (f" {game}", f" --game {game}")
    raise PuzzleError(f"no puzzle {ref!r} in the{where} collection{guess}; `kingdomino-kit "
                      f"puzzle list{listing}` prints the ids")
