"""Hypothesis strategies that break valid inputs the way a hostile or careless user would: a JSON
value with one node replaced, deleted, duplicated or retyped (deep nesting, huge and non-finite
numbers, wrong Python types included), a text with characters inserted, deleted or replaced
(digits, separators, other letters, Unicode digits and spaces, control characters), and the
subset comparison that says an accepted input claimed nothing false."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

JUNK: list[Any] = [None, True, False, 0, 1, -1, 2, 3, 5, 7, 48, 49, 2**31, -(2**31) - 1, 10**30,
                   0.5, 1.0, 3.0, 5.0, float("nan"), float("inf"), "", "x", "5", "1", "a",
                   "lake", "shaman", "flat", "+5", "a castle 1 r1c1", "C W", " ", "\x00",
                   [], [1], [None], [[0, 1], [0, 2]], {}, {"a": 1}, {"domino": 1}]
"""Values of every JSON type (and a few Python ones JSON cannot write: NaN, infinity)."""

DEEP = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]
"""Deeper than any format of the kit (the readers stop at 32 levels)."""


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a node of a JSON value (keys and indices), the root excluded."""
    out = []
    items = (data.items() if isinstance(data, dict)
             else enumerate(data) if isinstance(data, list) else ())
    for key, value in items:
        out.append((*prefix, key))
        out.extend(paths(value, (*prefix, key)))
    return out


@st.composite
def mutated_json(draw: st.DrawFn, data: Any) -> Any:
    """``data`` (a JSON value) with one to three nodes broken."""
    out = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        every = paths(out)
        if not every:
            break
        path = draw(st.sampled_from(every))
        parent = out
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        value = parent[key]
        how = draw(st.sampled_from(["junk", "junk", "delete", "nudge", "duplicate", "deep",
                                    "wrap", "add"]))
        if how == "junk":
            parent[key] = copy.deepcopy(draw(st.sampled_from(JUNK)))
        elif how == "delete":
            del parent[key]
        elif how == "nudge" and isinstance(value, bool):
            parent[key] = not value
        elif how == "nudge" and isinstance(value, int):
            parent[key] = value + draw(st.sampled_from([-1, 1, 2, 10**6]))
        elif how == "nudge" and isinstance(value, str):
            parent[key] = value[:-1] if value and draw(st.booleans()) else value + "x"
        elif how == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(value))
        elif how == "deep":
            parent[key] = copy.deepcopy(DEEP)
        elif how == "wrap":
            parent[key] = [value]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "x", "score", "board", "format"]))] = \
                copy.deepcopy(draw(st.sampled_from(JUNK)))
        else:
            parent[key] = copy.deepcopy(draw(st.sampled_from(JUNK)))
    return out


TEXT_CHARS = list("WFLGSMCwclH.VQD0123456789 /\n\t*$@+-^dhkgr,") + [
    "٣", "²", "İ", "ß", "\u2028", "\u00a0", "\x00", "\x1c", "\ufeff", "é", "9" * 12]
"""What an edit of a text notation inserts: its own letters, digits and separators, and the
characters that trip parsers (Unicode digits and spaces, line separators, NUL, a BOM)."""


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str:
    """``text`` with one to four characters inserted, deleted or replaced (or a line
    doubled)."""
    out = text
    for _ in range(draw(st.integers(1, 4))):
        how = draw(st.sampled_from(["insert", "insert", "delete", "replace", "line"]))
        at = draw(st.integers(0, len(out)))
        if how == "insert":
            out = out[:at] + draw(st.sampled_from(TEXT_CHARS)) + out[at:]
        elif how == "delete" and out:
            out = out[:max(at - 1, 0)] + out[at:]
        elif how == "replace" and out:
            out = out[:max(at - 1, 0)] + draw(st.sampled_from(TEXT_CHARS)) + out[at:]
        elif how == "line":
            lines = out.splitlines() or [""]
            i = draw(st.integers(0, len(lines) - 1))
            lines.insert(i, lines[i])
            out = "\n".join(lines)
    return out


def claims_nothing_false(given: Any, truth: Any, path: str = "") -> str | None:
    """Where ``given`` (an accepted input) says something ``truth`` (what the rules make of
    it) does not: None when every field of ``given`` is in ``truth`` with the same value and
    type (a field left out claims nothing). Lists must match item for item."""
    if isinstance(given, dict) and isinstance(truth, dict):
        for key, value in given.items():
            if key not in truth:
                return f"{path}.{key}: not in the rules' version"
            where = claims_nothing_false(value, truth[key], f"{path}.{key}")
            if where:
                return where
        return None
    if isinstance(given, list) and isinstance(truth, list):
        if len(given) != len(truth):
            return f"{path}: {len(given)} items, the rules' {len(truth)}"
        for i, (a, b) in enumerate(zip(given, truth, strict=True)):
            where = claims_nothing_false(a, b, f"{path}[{i}]")
            if where:
                return where
        return None
    if type(given) is not type(truth) or given != truth:
        return f"{path}: {given!r}, the rules' {truth!r}"
    return None
