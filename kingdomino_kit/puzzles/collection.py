"""Puzzle files and the collection shipped with the kit: one file or JSON text read and
validated (:mod:`~kingdomino_kit.puzzles.format`), every puzzle of a folder, the collection's
ids, and a puzzle found by its id, its number or its file's path.

>>> find_puzzle("01").id in collection_ids()
True
"""

from __future__ import annotations

import difflib
import os
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

from kingdomino_kit.errors import PuzzleError
from kingdomino_kit.infra.untrusted import BadJson, parse_json, read_file
from kingdomino_kit.puzzles.format import Puzzle

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = ["collection_ids", "default_collection", "find_puzzle", "load_collection",
           "load_puzzle", "loads"]


def load_puzzle(path: str | Path | Traversable) -> Puzzle:
    """Read and validate one puzzle file; errors name the file and the field.

    >>> import pathlib, tempfile
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "bad.json"
    >>> _ = f.write_text('{"format": "kingdomino-puzzle/1", "id": "b", "title": "B", '
    ...                  '"kind": "best-kingdom", "level": 9}')
    >>> load_puzzle(f)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.PuzzleError: ...bad.json: field 'level': must be 1–5, not 9
    """
    if isinstance(path, (str, os.PathLike)):
        return loads(read_file(path, "puzzle", PuzzleError), str(path))
    try:  # a packaged resource that is not a file on disk (a zipped package, ...)
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PuzzleError(f"cannot read puzzle {path}: {error}") from None
    return loads(text, str(path))


def loads(text: str, source: str = "puzzle") -> Puzzle:
    """Read and validate a puzzle from JSON text.

    >>> loads("[1]", "p")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.PuzzleError: p: a puzzle must be a JSON object
    """
    try:
        data = parse_json(text)
    except BadJson as error:
        raise PuzzleError(f"{source}: {error}") from None
    return Puzzle.from_json(data, source)


def load_collection(directory: str | Path | Traversable | None = None) -> list[Puzzle]:
    """Every puzzle in a directory (default: the collection shipped with the kit), in the
    order of their numbers (then by file name).

    >>> all(isinstance(p, Puzzle) for p in load_collection())
    True
    """
    if directory is None:
        folder: Path | Traversable = default_collection()
    else:
        folder = Path(directory) if isinstance(directory, str) else directory
    entries = sorted((e for e in folder.iterdir() if e.name.endswith(".json")),
                     key=lambda e: _number_first(e.name))
    return [load_puzzle(e) for e in entries]


def default_collection() -> Traversable:
    """The folder of the collection shipped with the kit, found as package data
    (:func:`importlib.resources.files`): it is wherever the package is installed, never a
    path into a source checkout. In the repository it is the top-level ``puzzles/kingdomino/``,
    which the package sees as ``collection/kingdomino`` (``kingdomino_kit/collection`` links to
    ``puzzles/``; a wheel holds the files themselves)."""
    return files("kingdomino_kit") / "collection" / "kingdomino"


def collection_ids() -> list[str]:
    """The ids of the collection's puzzles, in the order of their numbers (a puzzle's file is
    named for its id).

    >>> collection_ids()[0]
    '01-best-kingdom'
    """
    return sorted((e.name[:-len(".json")] for e in default_collection().iterdir()
                   if e.name.endswith(".json")), key=_number_first)


def _number_first(name: str) -> tuple[int, str]:
    """Puzzles in the order of their numbers (``9-…`` before ``10-…``), then by name.

    >>> sorted(["100-a.json", "11-b.json", "x.json"], key=_number_first)
    ['11-b.json', '100-a.json', 'x.json']
    """
    head = name.split("-", 1)[0]
    return (int(head) if head.isdigit() else 10**9, name)


def find_puzzle(ref: str | Path) -> Puzzle:
    """A puzzle by its id in the collection (``"05-best-kingdom"``, or just its number
    ``"05"``), or by the path of a puzzle file. An unknown id raises :class:`PuzzleError`
    saying how to see the ids.

    >>> find_puzzle("01").id
    '01-best-kingdom'
    >>> find_puzzle("01-best-kingdon")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.PuzzleError: no puzzle '01-best-kingdon' in the collection (did you \
mean 01-best-kingdom?); `kingdomino-kit puzzle list` prints the ids, or give a puzzle file's path
    """
    if isinstance(ref, Path):
        return load_puzzle(ref)
    if not isinstance(ref, str):
        raise PuzzleError(f"a puzzle is named by its id or a file path, not {type(ref).__name__}")
    path = Path(ref)
    if path.suffix == ".json" or path.is_file() or "/" in ref or "\\" in ref:
        return load_puzzle(path)
    ids = collection_ids()
    matches = [i for i in ids if i == ref] or [i for i in ids if i.split("-", 1)[0] == ref]
    if len(matches) == 1:
        return load_puzzle(default_collection() / f"{matches[0]}.json")
    close = difflib.get_close_matches(ref, ids, n=1)
    guess = f" (did you mean {close[0]}?)" if close else ""
    raise PuzzleError(f"no puzzle {ref!r} in the collection{guess}; `kingdomino-kit puzzle "
                      "list` prints the ids, or give a puzzle file's path")
