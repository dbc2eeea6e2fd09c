"""Reading what a user gives: text of a bounded size, JSON without deep nesting, huge numbers or
NaN, fields of the right Python type, and values shown short in error messages.

Every reader of the kit — kingdoms, territories and boards in text notation, game logs, puzzles,
catalogues, from a file, from standard input or as a Python object — goes through here first, so
a hostile input costs a one-line error instead of a traceback, a hang or gigabytes of memory:

- a text notation holds at most :data:`TEXT_LIMIT` characters (a 7×7 kingdom needs a few
  hundred), a JSON document at most :data:`JSON_LIMIT`;
- JSON nests at most :data:`DEPTH_LIMIT` levels (the kit's formats need 8), its numbers have at
  most :data:`DIGITS_LIMIT` digits, and ``NaN``/``Infinity`` (which Python's ``json`` accepts) are
  refused;
- a field of a dataclass holds the type it declares (``3.0`` is not a player count, ``"50"`` not
  an amount of gold) — :func:`check_fields`;
- a value quoted in a message is cut short (:func:`shown`), so a message stays one short line.

>>> parse_json('{"seed": 7}')
{'seed': 7}
>>> parse_json("[" * 40 + "]" * 40)
Traceback (most recent call last):
...
kingdomino_kit.infra.untrusted.BadJson: nested more than 32 levels deep
>>> parse_json('{"seed": NaN}')
Traceback (most recent call last):
...
kingdomino_kit.infra.untrusted.BadJson: NaN is not a finite number
>>> shown("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import reprlib
from typing import Any

from kingdomino_kit.errors import KingdominoError

__all__ = ["BadJson", "DEPTH_LIMIT", "DIGITS_LIMIT", "INT32_MAX", "JSON_LIMIT", "TEXT_LIMIT",
           "check_count", "check_fields", "check_search", "check_seconds", "check_text",
           "json_object", "parse_json", "read_file", "read_text", "shown", "worker_limit"]

TEXT_LIMIT = 65_536
"""Characters of a kingdom, territory or board in text notation (one line, 13 rows or 13 columns
of a 7×7 kingdom, with room for any spacing)."""

JSON_LIMIT = 8 * 1024 * 1024
"""Characters of a JSON document (a game log, a puzzle, a territory) or a catalogue: a log of a
whole game takes about 10 kB."""

DEPTH_LIMIT = 32
"""Levels of nested JSON arrays and objects (a Kingdomino log needs 8)."""

DIGITS_LIMIT = 100
"""Digits of a number in JSON (Python refuses to read an integer of more than 4,300)."""


INT32_MAX = 2**31 - 1
"""The largest seed CP-SAT takes (its seeds are 32-bit integers, from ``-INT32_MAX - 1``)."""


def worker_limit() -> int:
    """The most worker processes or threads a command may start: four per core of this
    machine, at least 8 (more only queue for the cores and eat memory)."""
    return max(8, 4 * (os.cpu_count() or 1))


class BadJson(KingdominoError):
    """JSON text that is not read: a syntax error (``line`` and ``column`` set), too long, too
    deep, a number too long or not finite. Each reader re-raises it in its own family."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


_SHORT = reprlib.Repr()
_SHORT.maxstring = 80
_SHORT.maxother = 80
_SHORT.maxlevel = 3
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 6
_SHORT.maxlong = 40


def shown(value: Any) -> str:
    """``repr(value)`` cut to a few dozen characters and three levels (safe on any object).

    >>> shown([[[[[1]]]]]), shown(list(range(10)))
    ('[[[[...]]]]', '[0, 1, 2, 3, 4, 5, ...]')
    """
    try:
        text = _SHORT.repr(value)
        return text if "\n" not in text else " ".join(text.split())[:80]  # a NumPy array, ...
    except Exception:  # noqa: BLE001 - a broken __repr__ of a user's object
        return f"<{type(value).__name__}>"


def check_text(text: Any, what: str, error: type[KingdominoError] = KingdominoError,
               limit: int = TEXT_LIMIT) -> str:
    """``text`` if it is a string of at most ``limit`` characters, else ``error`` naming
    ``what``.

    >>> check_text(5, "kingdom")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: a kingdom in text notation must be a string, not int
    >>> check_text("C " * 40_000, "kingdom")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: the kingdom text has 80,000 characters, more than the \
limit of 65,536
    """
    if not isinstance(text, str):
        raise error(f"a {what} in text notation must be a string, not {type(text).__name__}")
    if len(text) > limit:
        raise error(f"the {what} text has {len(text):,} characters, more than the limit of "
                    f"{limit:,}")
    return text


def read_file(path: Any, what: str, error: type[KingdominoError] = KingdominoError,
              limit: int = JSON_LIMIT) -> str:
    """The UTF-8 text of a file (a byte-order mark dropped), at most ``limit`` bytes read;
    ``error`` naming the file for a file that cannot be read, is too long or is not text.

    >>> read_file("/nonexistent/p.json", "puzzle")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: cannot read puzzle /nonexistent/p.json: No such file \
or directory
    """
    if not isinstance(path, (str, os.PathLike)):
        raise error(f"a {what} file is named by a path, not {shown(path)}")
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as bad:
        raise error(f"cannot read {what} {path}: {bad.strerror or bad}") from None
    return read_text(raw, str(path), what, error, limit)


def read_text(raw: bytes | str, name: str, what: str,
              error: type[KingdominoError] = KingdominoError, limit: int = JSON_LIMIT) -> str:
    """The text of ``raw``, read from ``name`` with at most ``limit + 1`` bytes asked for: bytes
    as UTF-8 (a byte-order mark dropped); ``error`` naming ``name`` for more than ``limit``
    bytes or bytes that are not text."""
    if len(raw) > limit:
        raise error(f"{name}: more than {limit:,} bytes, the limit for a {what}")
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as bad:
        raise error(f"{name}: not a text file (not UTF-8 at byte {bad.start + 1})") from None


def _integer(token: str) -> int:
    if len(token.lstrip("-")) > DIGITS_LIMIT:
        raise BadJson(f"a number of {len(token.lstrip('-')):,} digits (at most {DIGITS_LIMIT})")
    return int(token)


def _real(token: str) -> float:
    if len(token) > DIGITS_LIMIT + 10:
        raise BadJson(f"a number of {len(token):,} characters (at most {DIGITS_LIMIT})")
    value = float(token)
    if not math.isfinite(value):
        raise BadJson(f"{token[:20]} is not a finite number")
    return value


def _constant(token: str) -> Any:
    raise BadJson(f"{token} is not a finite number")


def _depth(data: Any) -> int:
    deepest, stack = 0, [(data, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, (list, dict)):
            deepest = max(deepest, level)
            if level > DEPTH_LIMIT:
                break
            stack.extend((child, level + 1)
                         for child in (node.values() if isinstance(node, dict) else node))
    return deepest


def parse_json(text: Any, limit: int = JSON_LIMIT) -> Any:
    """The value of JSON ``text``, or :class:`BadJson`: not a string, longer than ``limit``,
    not JSON (the message names the line and column), nested more than :data:`DEPTH_LIMIT`
    levels, a number of more than :data:`DIGITS_LIMIT` digits, ``NaN`` or ``Infinity``.

    >>> parse_json('{"a": [1,')
    Traceback (most recent call last):
    ...
    kingdomino_kit.infra.untrusted.BadJson: not JSON: Expecting value at line 1, column 10
    >>> parse_json('[' + '9' * 5000 + ']')
    Traceback (most recent call last):
    ...
    kingdomino_kit.infra.untrusted.BadJson: a number of 5,000 digits (at most 100)
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise BadJson(f"not UTF-8 text (byte {error.start + 1})") from None
    if not isinstance(text, str):
        raise BadJson(f"JSON must be text, not {type(text).__name__}")
    if len(text) > limit:
        raise BadJson(f"{len(text):,} characters, more than the limit of {limit:,}")
    try:
        data = json.loads(text.removeprefix("\ufeff"), parse_int=_integer, parse_float=_real,
                          parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise BadJson(f"not JSON: {error.msg} at line {error.lineno}, column {error.colno}",
                      error.lineno, error.colno) from None
    except RecursionError:
        raise BadJson(f"nested more than {DEPTH_LIMIT} levels deep") from None
    if _depth(data) > DEPTH_LIMIT:
        raise BadJson(f"nested more than {DEPTH_LIMIT} levels deep")
    return data


def json_object(data: Any, what: str, fmt: str | None = None,
                error: type[KingdominoError] = BadJson, source: str = "",
                limit: int = JSON_LIMIT) -> dict[str, Any]:
    """``data`` as a JSON object: JSON text (or its UTF-8 bytes) read by :func:`parse_json`, a
    dict taken as it is. Else ``error`` (:class:`BadJson` unless given), its message led by
    ``source`` where given: for text that is not read, for anything but an object (``what``
    names what it must be) and, with ``fmt``, for an object whose ``format`` is not ``fmt``.

    >>> json_object('{"a": 1}', "a puzzle")
    {'a': 1}
    >>> json_object("[1]", "a puzzle", error=KingdominoError, source="p.json")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: p.json: a puzzle must be a JSON object
    >>> json_object({"format": "p/0"}, "a puzzle", "p/1")
    Traceback (most recent call last):
    ...
    kingdomino_kit.infra.untrusted.BadJson: format: expected 'p/1', got 'p/0'
    """
    try:
        if isinstance(data, (str, bytes)):
            data = parse_json(data, limit)
        if not isinstance(data, dict):
            raise BadJson(f"{what} must be a JSON object")
        if fmt is not None and data.get("format") != fmt:
            raise BadJson(f"format: expected {shown(fmt)}, got {shown(data.get('format'))}")
    except BadJson as bad:
        if error is BadJson and not source:
            raise
        raise error(f"{source}: {bad}" if source else str(bad)) from None
    return data


_KINDS: dict[str, tuple[type, ...]] = {"int": (int,), "bool": (bool,), "str": (str,),
                                       "float": (int, float), "int | None": (int, type(None)),
                                       "float | None": (int, float, type(None)),
                                       "str | None": (str, type(None))}
_WORDS = {int: "an integer", bool: "true or false", str: "text", float: "a number",
          type(None): "none"}


def check_fields(obj: Any, error: type[KingdominoError], where: str = "") -> None:
    """Raise ``error`` naming the field unless every field of the dataclass ``obj`` declared
    ``int``, ``bool``, ``str`` or ``float`` (or one of these ``| None``) holds that type — a
    ``bool`` is not an ``int``, an ``int`` is a ``float``, a float must be finite.

    >>> @dataclasses.dataclass
    ... class Rules:
    ...     players: int = 2
    >>> check_fields(Rules(players=3.0), KingdominoError, "rules.")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: rules.players: must be an integer, not 3.0
    """
    for f in dataclasses.fields(obj):
        name = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
        kinds = _KINDS.get(name)
        if kinds is None:
            continue
        value = getattr(obj, f.name)
        wrong = not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)
        if not wrong and isinstance(value, float) and not math.isfinite(value):
            wrong = True
        if wrong:
            words = " or ".join(_WORDS[k] for k in kinds)
            raise error(f"{where}{f.name}: must be {words}, not {shown(value)}")


def check_count(value: Any, name: str, low: int, high: int,
                error: type[KingdominoError] = KingdominoError) -> int:
    """``value`` if it is an integer (not a bool) from ``low`` to ``high``, else ``error``
    naming ``name``.

    >>> check_count(0, "workers", 1, 8)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: workers: must be an integer from 1 to 8, not 0
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise error(f"{name}: must be an integer from {low:,} to {high:,}, not {shown(value)}")
    return value


def check_seconds(value: Any, name: str, error: type[KingdominoError] = KingdominoError
                  ) -> float:
    """``value`` as a float if it is a positive, finite number of seconds, else ``error``
    naming ``name`` (0, a negative number, NaN and infinity are refused).

    >>> check_seconds(float("nan"), "time_limit_s")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: time_limit_s: must be a positive, finite number of \
seconds, not nan
    """
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or not math.isfinite(value) or value <= 0):
        raise error(f"{name}: must be a positive, finite number of seconds, not {shown(value)}")
    return float(value)


def check_search(time_limit_s: Any, workers: Any, seed: Any,
                 error: type[KingdominoError] = KingdominoError) -> None:
    """The limits every CP-SAT solve of the kit checks first: a positive, finite time limit,
    1 to :func:`worker_limit` workers and a seed CP-SAT takes (a 32-bit integer).

    >>> check_search(60, 2, 2**31)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: seed: must be an integer from -2,147,483,648 to \
2,147,483,647, not 2147483648
    """
    check_seconds(time_limit_s, "time_limit_s", error)
    check_count(workers, "workers", 1, worker_limit(), error)
    check_count(seed, "seed", -INT32_MAX - 1, INT32_MAX, error)
