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
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kingdomino_kit.errors import LogError
from kingdomino_kit.infra.untrusted import json_object, shown
from kingdomino_kit.seeds import SEAT_SEEDS, seat_seed

__all__ = ["FIRST_SEAT_SEEDS", "LOG_FORMATS", "check_bots", "check_format", "check_keys",
           "check_results", "dumps", "loads", "log_seat_seed"]

LOG_FORMATS: Mapping[str, tuple[str, ...]] = {
    "kingdomino": ("kingdomino-kit/kingdomino-log/1", "kingdomino-log/1"),
    "kingdoms": ("kingdomino-kit/kingdoms-log/1",),
    "origins": ("kingdomino-kit/origins-log/1", "kingdomino-origins-log/1"),
}
"""Each game's log format names: the one written first, then the older ones still read."""


def _kingdoms_first_seat_seed(seed: int, seat: int) -> int:
    return seed * 10 + seat + 1


def _origins_first_seat_seed(seed: int, seat: int) -> int:
    return seed * 10 + seat


FIRST_SEAT_SEEDS: Mapping[str, Callable[[int, int], int]] = {
    "kingdomino": seat_seed, "kingdoms": _kingdoms_first_seat_seed,
    "origins": _origins_first_seat_seed}
"""Each game's recipe 1 for the seed of a seat's bot, kept for the logs written before the one
recipe (:func:`kingdomino_kit.seeds.seat_seed`, ``"bot_seeds": 2``): a log without
``bot_seeds`` was seated by these."""


def log_seat_seed(data: Mapping[str, Any], game: str, seat: int) -> int:
    """The seed the bot in ``seat`` had in the game of a log (with its ``seed`` and ``bots``,
    what plays the same game again): by the recipe the log records in ``bot_seeds``, recipe 1
    of its game if it records none.

    >>> log_seat_seed({"seed": 3}, "origins", 1), log_seat_seed({"seed": 3}, "kingdoms", 1)
    (31, 32)
    >>> log_seat_seed({"seed": 3, "bot_seeds": 2}, "origins", 1) == seat_seed(3, 1)
    True
    """
    recipe = data.get("bot_seeds", 1)
    first = FIRST_SEAT_SEEDS[game]
    return first(data["seed"], seat) if recipe == 1 else seat_seed(data["seed"], seat)


def check_format(data: Mapping[str, Any], game: str, *, default: str | None = None) -> str:
    """The log's format name if ``game`` reads it (a log without one counts as ``default``,
    when given), else :class:`LogError` — naming the game whose log it is, if any."""
    names = LOG_FORMATS[game]
    fmt = data.get("format", default)
    if isinstance(fmt, str) and fmt in names:
        return fmt
    other = next((g for g, known in LOG_FORMATS.items() if isinstance(fmt, str) and fmt in known),
                 None)
    hint = f" (the {other} log format)" if other else ""
    raise LogError(f"field 'format': expected {names[0]!r}, got {shown(fmt)}{hint}")


def check_keys(data: Mapping[str, Any], known: set[str] | frozenset[str], where: str,
                 round: int | None = None) -> None:
    """Raise :class:`LogError` if ``data`` has a field outside ``known``: a log says nothing
    its replay does not check (``where`` names the object in the message).

    >>> check_keys({"line": [], "turn": []}, {"line", "turns"}, "a round", 3)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.LogError: round 3: a round has an unknown field 'turn' (known: line, \
turns)
    """
    for key in data:
        if key not in known:
            raise LogError(f"{where} has an unknown field {shown(key)} (known: "
                           f"{', '.join(sorted(known))})", round=round)


def check_bots(data: Mapping[str, Any], players: int) -> None:
    """The optional ``bots`` annotation (what played each seat, as the command line writes it):
    one name per seat, as text; and ``bot_seeds``, the version of the recipe that seeded them
    (1 or :data:`~kingdomino_kit.seeds.SEAT_SEEDS`). Neither is replayed — a log is re-checked
    by its actions.

    >>> check_bots({"bot_seeds": 3}, 2)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.LogError: field 'bot_seeds': 1 or 2, not 3
    """
    recipe = data.get("bot_seeds", 1)
    if type(recipe) is not int or recipe not in (1, SEAT_SEEDS):
        raise LogError(f"field 'bot_seeds': 1 or {SEAT_SEEDS}, not {shown(recipe)}")
    if "bots" not in data:
        return
    bots = data["bots"]
    if (not isinstance(bots, list) or len(bots) != players
            or not all(isinstance(b, str) for b in bots)):
        raise LogError(f"field 'bots': one bot name per seat ({players}), not {shown(bots)}")


def check_results(data: Mapping[str, Any], results: Sequence[Mapping[str, Any]],
                  winners: Sequence[Any],
                  note: Callable[[Mapping[str, Any], Any], str] | None = None) -> None:
    """Raise :class:`LogError` unless the log's ``scores`` are the ``results`` the replay
    computed — one object per player, in seat order, with at least ``player`` and ``score``,
    every field it gives equal to the replay's (a field the rules do not compute is an error:
    nothing a replay says "ok" to goes unchecked) — and its ``winners`` are ``winners``.
    ``note(want, logged_score)``, if given, says why a logged score may differ (appended to
    the message).

    >>> results = [{"player": 0, "score": 5, "crowns": 2}]
    >>> check_results({"scores": [{"player": 0, "score": 5}], "winners": [0]}, results, [0])
    >>> check_results({"scores": [{"player": 0, "score": 5, "crowns": 3}], "winners": [0]},
    ...               results, [0])
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.LogError: scores: player 0's crowns are 2 by the rules, not 3
    """
    scores = data.get("scores")
    if not isinstance(scores, list) or len(scores) != len(results):
        given = f"{len(scores)} entries" if isinstance(scores, list) else shown(scores)
        raise LogError(f"field 'scores': must list {len(results)} players, not {given}")
    for i, (want, got) in enumerate(zip(results, scores, strict=True)):
        if not isinstance(got, dict) or got.get("player") != want["player"]:
            raise LogError(f"field 'scores': entry {i} must be the object of player "
                           f"{want['player']}, not {shown(got)}")
        if "score" not in got:
            raise LogError(f"scores: player {want['player']}'s entry has no 'score'", "score")
        for key, value in got.items():
            if key not in want:
                raise LogError(f"scores: player {want['player']}'s entry has a field the rules do "
                               f"not compute: {shown(key)}")
            if value != want[key] or type(value) is not type(want[key]):
                verb = "scores" if key == "score" else f"{key} are" if key.endswith("s") else \
                    f"{key} is"
                what = f"player {want['player']} {verb}" if key == "score" else \
                    f"player {want['player']}'s {verb}"
                why = note(want, value) if note is not None and key == "score" else ""
                raise LogError(f"scores: {what} {want[key]} by the rules, not {shown(value)}"
                               f"{why}", "score")
    logged = data.get("winners")
    if (not isinstance(logged, list) or logged != list(winners)
            or any(type(a) is not type(b) for a, b in zip(logged, winners, strict=True))):
        raise LogError(f"winners: the winners are {list(winners)}, not {shown(logged)}",
                       "winners")


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
    """Read a log's JSON text (:func:`kingdomino_kit.infra.untrusted.parse_json`: bounded in size,
    depth and digits); a syntax error names the line and column."""
    return json_object(text, "a log", error=LogError, source=name)
