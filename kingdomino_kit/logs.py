"""Game logs of every game in the kit as JSON text: written one round per line, read back with
errors that name the file, line and column; their format names, in one scheme.

Every log names its format in a ``"format"`` field, ``kingdomino-kit/<game>-log/<version>``
(:data:`LOG_FORMATS`). A game writes the first name of its row and still reads the older ones.

>>> LOG_FORMATS["origins"][0], check_format({"format": "kingdomino-log/1"}, "kingdomino")
('kingdomino-kit/origins-log/1', 'kingdomino-log/1')
>>> check_format({"format": "kingdomino-kit/origins-log/1"}, "kingdomino")
Traceback (most recent call last):
...
kingdomino_kit.errors.LogError: field 'format': expected 'kingdomino-kit/kingdomino-log/1', got ...
(the origins log format)

>>> text = dumps({"format": "demo", "rounds": [{"line": [1, 2]}, {"line": []}]})
>>> text.splitlines()[2], loads(text)["rounds"][1]
('  {"line": [1, 2]},', {'line': []})
>>> loads("[1, 2]", "game.json")
Traceback (most recent call last):
...
kingdomino_kit.errors.LogError: game.json: a log must be a JSON object
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from kingdomino_kit.errors import LogError

__all__ = ["LOG_FORMATS", "check_format", "dumps", "loads"]

LOG_FORMATS: Mapping[str, tuple[str, ...]] = {
    "kingdomino": ("kingdomino-kit/kingdomino-log/1", "kingdomino-log/1"),
    "kingdoms": ("kingdomino-kit/kingdoms-log/1",),
    "origins": ("kingdomino-kit/origins-log/1", "kingdomino-origins-log/1"),
}
"""Each game's log format names: the one written first, then the older ones still read."""


def check_format(data: Mapping[str, Any], game: str, *, default: str | None = None) -> str:
    """The log's format name if ``game`` reads it (a log without one counts as ``default``,
    when given), else :class:`LogError` — naming the game whose log it is, if any."""
    names = LOG_FORMATS[game]
    fmt = data.get("format", default)
    if isinstance(fmt, str) and fmt in names:
        return fmt
    other = next((g for g, known in LOG_FORMATS.items() if fmt in known), None)
    hint = f" (the {other} log format)" if other else ""
    raise LogError(f"field 'format': expected {names[0]!r}, got {fmt!r}{hint}")


def dumps(log: dict[str, Any]) -> str:
    """The log as JSON text, one round per line."""
    parts = []
    for key, value in log.items():
        if key == "rounds" and isinstance(value, list):
            rounds = ",\n".join("  " + json.dumps(r) for r in value)
            parts.append('"rounds": [\n' + rounds + "]")
        else:
            parts.append(json.dumps(key) + ": " + json.dumps(value))
    return "{" + ",\n ".join(parts) + "}\n"


def loads(text: str, name: str = "log") -> dict[str, Any]:
    """Read a log's JSON text; a syntax error names the line and column."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise LogError(f"{name}: not JSON: {error.msg} at line {error.lineno}, column "
                       f"{error.colno}") from None
    if not isinstance(data, dict):
        raise LogError(f"{name}: a log must be a JSON object")
    return data
