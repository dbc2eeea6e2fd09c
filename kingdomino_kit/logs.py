"""Game logs of every game in the kit as JSON text: written one round per line, read back with
errors that name the file, line and column.

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
from typing import Any

from kingdomino_kit.errors import LogError

__all__ = ["dumps", "loads"]


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
