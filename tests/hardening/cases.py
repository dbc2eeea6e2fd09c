"""Generated cases for the per-format fuzz tests: every field of a valid JSON document (one
representative per field, a list's items counted as one field) replaced by a value of each JSON
type, removed, given a neighbour it does not know, or nudged to a value that parses but means
nothing (a number one more or one less, 0, 49, its negative, a string one letter longer or
shorter, a list item doubled or dropped); and JSON texts of a document with a number written as
``NaN``, ``Infinity``, ``1e400`` or with hundreds of digits.

The cases are a pure function of the sample (no randomness), so a failure names its case and
comes back every run.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

ODD: list[Any] = [None, True, False, 0, -1, 1.5, 2**64, -(2**64), 10**30, "", "x", "1", [],
                  [None], {}, {"x": 1}, float("nan"), float("inf"), float("-inf")]
"""A value of every JSON type, and of the Python floats JSON cannot write."""

TEXT_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "9" * 400, "1" + "0" * 60]
"""How a number is written in a JSON text to mean nothing the kit can hold."""

Path = tuple[Any, ...]


def _shape(path: Path) -> Path:
    return tuple("*" if isinstance(key, int) else key for key in path)


def fields(data: Any, prefix: Path = ()) -> Iterator[Path]:
    """Every path to a node of ``data`` (keys and list indices), the root excluded."""
    items = (data.items() if isinstance(data, dict)
             else enumerate(data) if isinstance(data, list) else ())
    for key, value in items:
        yield (*prefix, key)
        yield from fields(value, (*prefix, key))


def representatives(data: Any) -> list[Path]:
    """One path per field: the first of each shape (list indices as ``*``) and, where a field
    repeats, its last occurrence too (a check made only on the first item is caught)."""
    first: dict[Path, Path] = {}
    last: dict[Path, Path] = {}
    for path in fields(data):
        first.setdefault(_shape(path), path)
        last[_shape(path)] = path
    out = list(first.values())
    out += [p for s, p in last.items() if p != first[s]]
    return out


def node(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def _with(data: Any, path: Path, how: str, value: Any = None) -> Any:
    out = copy.deepcopy(data)
    parent = node(out, path[:-1])
    key = path[-1]
    if how == "set":
        parent[key] = copy.deepcopy(value)
    elif how == "delete":
        del parent[key]
    elif how == "extra":
        node(out, path)["extra_field"] = 1
    elif how == "double":
        parent[key].insert(0, copy.deepcopy(parent[key][0]))
    elif how == "drop":
        parent[key].pop()
    return out


def nudges(value: Any) -> list[Any]:
    """Values of ``value``'s own type that parse but may mean nothing."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return sorted({value + 1, value - 1, 0, 49, -value, value + 100} - {value})
    if isinstance(value, float):
        return [value + 1, -value, 0.0]
    if isinstance(value, str):
        return list(dict.fromkeys(v for v in (value + "x", value[:-1], value.upper(),
                                              value.replace("1", "2"), value + "\n")
                                  if v != value))
    return []


def broken(data: Any) -> Iterator[tuple[str, Any]]:
    """(a case's name, the broken document) for every field of ``data``."""
    for name, make in broken_lazily(data):
        yield name, make()


def broken_lazily(data: Any) -> Iterator[tuple[str, Callable[[], Any]]]:
    """(a case's name, a function that makes the broken document) for every case of
    :func:`broken`, in its order: a sample of them is made without copying the others."""
    for path in representatives(data):
        name = "/".join(str(k) for k in path)
        value = node(data, path)
        for odd in ODD:
            if odd is not value and not (type(odd) is type(value) and odd == value):
                yield f"{name}={odd!r}", partial(_with, data, path, "set", odd)
        for near in nudges(value):
            yield f"{name}~{near!r}", partial(_with, data, path, "set", near)
        yield f"{name} removed", partial(_with, data, path, "delete")
        if isinstance(value, dict):
            yield f"{name} + extra field", partial(_with, data, path, "extra")
        if isinstance(value, list) and value:
            yield f"{name} first item doubled", partial(_with, data, path, "double")
            yield f"{name} last item dropped", partial(_with, data, path, "drop")
    if isinstance(data, dict):
        yield "extra top-level field", lambda: {**copy.deepcopy(data), "extra_field": 1}


def numbers_in_text(data: Any) -> Iterator[tuple[str, str]]:
    """(a case's name, JSON text) with the first number of each kind of field written as one
    of :data:`TEXT_NUMBERS`."""
    marker = "\u2603MARK\u2603"
    seen: set[Path] = set()
    for path in representatives(data):
        value = node(data, path)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        if _shape(path) in seen:
            continue
        seen.add(_shape(path))
        text = json.dumps(_with(data, path, "set", marker))
        for number in TEXT_NUMBERS:
            yield (f"{'/'.join(map(str, path))}={number[:12]}",
                   text.replace(json.dumps(marker), number))
