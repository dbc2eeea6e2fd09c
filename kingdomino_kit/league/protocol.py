"""The bot protocol: one JSON line per message, on the bot's standard input and output.

The league writes, the bot answers (each message one line of UTF-8 JSON, ``\\n``-ended):

1. ``{"type": "hello", "protocol": PROTOCOL, "game": "kingdomino", "player": p, "players": n,
   "options": {...}, "seed": s, "time_per_move": S, "startup_seconds": T}`` — the bot answers
   within ``T`` seconds with ``{"type": "hello", "protocol": PROTOCOL, "name": "..."}``. A bot
   that names another version (an older bot) is out of the game at once.
2. per decision: ``{"type": "decide", "decision": k, "time_left": S, "observation": {...},
   "actions": [...]}`` (:mod:`.state`: the observation JSON and the legal actions with their
   indices) — the bot answers within ``time_left`` seconds with one line:
   ``{"decision": k, "action": i}`` (``"decision"`` optional; a line carrying another decision's
   number is a late answer to an earlier one: dropped, the answer still awaited), or
   ``{"action": "PICK 7"}``, or the bare text command (``PICK 7``, ``PUT x y r``,
   ``DISCARD``), or the bare index ``i``.
3. ``{"type": "end", "scores": [...], "winners": [...]}`` — then the league closes the bot's
   input; the bot should exit (it is ended a moment later anyway).

Lines the bot writes on its standard error are not read (the last one is quoted when it
crashes). A reply that is not one of these forms is *garbage*; an index or command that names
no legal action is *illegal* (:func:`parse_reply` says which).

>>> parse_reply(b'{"decision": 3, "action": 1}', 3, ["a", "b"])
(1, '')
>>> parse_reply(b'{"decision": 2, "action": 1}', 3, ["a", "b"])
(None, 'late')
>>> parse_reply(b'7', 3, ["a", "b"])
(None, 'illegal: index 7 of 2 actions')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from kingdomino_kit.league.state import parse_text

__all__ = ["MAX_REPLY", "PROTOCOL", "decide_message", "end_message", "hello_message",
           "parse_hello", "parse_reply"]

PROTOCOL = "kingdomino-kit/bot-protocol/1"
"""The protocol's name and version, sent and answered in the handshake."""
MAX_REPLY = 64 * 1024
"""The longest reply line read (bytes); a longer one is garbage."""


def _line(message: dict[str, Any]) -> bytes:
    return (json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8")


def hello_message(player: int, options: dict[str, Any], seed: int, time_per_move: float,
                  startup_seconds: float) -> bytes:
    """The league's first line."""
    return _line({"type": "hello", "protocol": PROTOCOL, "game": "kingdomino",
                  "player": player, "players": options["players"], "options": options,
                  "seed": seed, "time_per_move": time_per_move,
                  "startup_seconds": startup_seconds})


def decide_message(decision: int, time_left: float, observation: dict[str, Any],
                   actions: list[dict[str, Any]]) -> bytes:
    """A decision's line."""
    return _line({"type": "decide", "decision": decision, "time_left": round(time_left, 3),
                  "observation": observation, "actions": actions})


def end_message(scores: Sequence[int], winners: Sequence[int]) -> bytes:
    """The last line."""
    return _line({"type": "end", "scores": list(scores), "winners": list(winners)})


def _text(line: bytes) -> str | None:
    try:
        return line.decode("utf-8").strip()
    except UnicodeDecodeError:
        return None


def parse_hello(line: bytes) -> tuple[str, str]:
    """The bot's answer to hello: (its name or ``""``, why it is refused or ``""``)."""
    text = _text(line)
    try:
        data = json.loads(text) if text else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("type") != "hello":
        return "", f"garbage: the answer to hello is not a hello: {(text or '')[:60]!r}"
    version = data.get("protocol")
    if version != PROTOCOL:
        return "", f"protocol: the bot speaks {str(version)[:60]!r}, not {PROTOCOL}"
    name = data.get("name")
    return (name[:60] if isinstance(name, str) else ""), ""


def parse_reply(line: bytes, decision: int, actions: Sequence[Any]) -> tuple[int | None, str]:
    """(the index of the action chosen, ``""``) or (None, why not: ``late``, ``garbage: …``,
    ``illegal: …``, ``error: …`` — the bot's own report of an error)."""
    text = _text(line)
    if text is None:
        return None, "garbage: not UTF-8"
    try:
        data: Any = json.loads(text)
    except ValueError:
        data = text
    if isinstance(data, dict):
        said = data.get("decision")
        if said is not None and said != decision:
            return None, "late"
        if "error" in data:
            return None, f"error: {str(data['error'])[:200]}"
        if "action" not in data:
            return None, f"garbage: no action in {text[:60]!r}"
        data = data["action"]
    if isinstance(data, bool):
        return None, f"garbage: {text[:60]!r}"
    if isinstance(data, int):
        if 0 <= data < len(actions):
            return data, ""
        return None, f"illegal: index {data} of {len(actions)} actions"
    if isinstance(data, str) and data.split()[:1] and data.split()[0].upper() in (
            "PICK", "PUT", "DISCARD"):
        index = parse_text(data, actions)
        return (index, "") if index is not None else (None, f"illegal: {data[:60]!r}")
    return None, f"garbage: {text[:60]!r}"
