"""What made the rows of an unfinished output: a sidecar ``FILE.run.json`` beside it.

A run that can be resumed (``simulate --out FILE --resume``, ``solve-batch --out FILE``) records
the command and the parameters its rows depend on — a plain JSON object — when it starts; a
later run that would keep those rows must give the same ones, or is refused with one line
naming the first parameter that differs. (Where the run is done — workers, a cluster — is not
recorded: the rows do not depend on it.) A file of rows without its record is refused too: who
made it cannot be told.

>>> import pathlib, tempfile
>>> out = pathlib.Path(tempfile.mkdtemp()) / "games.csv.partial"
>>> record_run(out, "simulate", {"seed": 3, "middle_kingdom": False})
>>> check_run(out, "simulate", {"seed": 3, "middle_kingdom": False}, "--resume")
>>> check_run(out, "simulate", {"seed": 3, "middle_kingdom": True}, "--resume")
Traceback (most recent call last):
...
kingdomino_kit.infra.provenance.OtherRun: --resume: .../games.csv.partial holds another run \
(made with middle_kingdom false, not true): give the same flags, or write to another file
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.atomic import atomic_write

__all__ = ["FORMAT", "OtherRun", "check_run", "forget_run", "record_path", "record_run"]

FORMAT = "kingdomino-kit/run/1"
"""The ``format`` field of a record."""

RECORD_LIMIT = 64 * 1024
"""Bytes of a record read at most (a longer one is not ours)."""


class OtherRun(KingdominoError):
    """The rows of an output were made by another command, other flags or another seed."""


def record_path(path: str | os.PathLike[str]) -> Path:
    """The record of the rows in ``path``: ``path.run.json`` beside it."""
    target = Path(path)
    return target.with_name(target.name + ".run.json")


def _plain(parameters: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters as JSON gives them back (tuples as lists, ...)."""
    return dict(json.loads(json.dumps(dict(parameters), sort_keys=True)))


def record_run(path: str | os.PathLike[str], command: str,
               parameters: Mapping[str, Any]) -> None:
    """Record that the rows of ``path`` are made by ``command`` with ``parameters``."""
    with atomic_write(record_path(path), follow_symlinks=False) as handle:
        json.dump({"format": FORMAT, "command": command, "parameters": _plain(parameters)},
                  handle, sort_keys=True)
        handle.write("\n")


def forget_run(path: str | os.PathLike[str]) -> None:
    """Remove the record (the rows are complete, or gone)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(record_path(path))


def _exact(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _shown(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, str) else value
    return " ".join(text.split())[:60]


def check_run(path: str | os.PathLike[str], command: str, parameters: Mapping[str, Any],
              what: str) -> None:
    """:class:`OtherRun` unless the record of ``path`` names ``command`` and ``parameters``."""
    name = record_path(path)
    try:
        with open(name, "rb") as handle:
            raw = handle.read(RECORD_LIMIT + 1)
        data = json.loads(raw.decode("utf-8")) if len(raw) <= RECORD_LIMIT else None
    except FileNotFoundError:
        raise OtherRun(f"{what}: {os.fspath(path)} has no record of the run that made it "
                       f"({name.name}): delete it to start again") from None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        data = None
    if (not isinstance(data, dict) or data.get("format") != FORMAT
            or not isinstance(data.get("parameters"), dict)):
        raise OtherRun(f"{what}: {name} is not a record of a run: delete it and "
                       f"{os.fspath(path)} to start again")
    if data.get("command") != command:
        raise OtherRun(f"{what}: {os.fspath(path)} holds another run (made by "
                       f"{_shown(data.get('command'))}, not {command}): write to another file")
    want, had = _plain(parameters), data["parameters"]
    for key in sorted(set(want) | set(had)):
        if _exact(want.get(key)) != _exact(had.get(key)):  # 0 is not false, 5.0 not 5
            raise OtherRun(f"{what}: {os.fspath(path)} holds another run (made with {key} "
                           f"{_shown(had.get(key))}, not {_shown(want.get(key))}): give the "
                           "same flags, or write to another file")
