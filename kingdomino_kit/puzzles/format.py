"""Kingdomino puzzles: a versioned JSON format, a validating loader, and a grader.

A puzzle asks for the best kingdom under some condition; its stored solution gives the proven
optimum (established by the CP-SAT solver when the collection was generated) and one optimal
layout as a legal placement order, so anyone can replay it with the rules library.

The format ``kingdomino-puzzle/1`` (one JSON object per file; see ``docs/puzzles.md``):

========================  ==================================================================
field                     meaning
========================  ==================================================================
``format``                ``"kingdomino-puzzle/1"``
``id``                    a short unique name, e.g. ``"01-two-crowns"``
``title``                 a few words
``kind``                  ``best-kingdom``, ``complete``, ``rearrange``, ``next-placement``,
                          ``free-choice`` (see :data:`KINDS`)
``level``                 1 (easiest) … 5 (hardest)
``rules``                 ``{"size": 5, "middle_kingdom": false, "harmony": false}``; the
                          score to maximise is the total with the bonuses switched on
``start``                 the kingdom to start from in text notation (``null``: the castle)
``dominoes``              the domino numbers available (for ``next-placement``: the dominoes
                          that will follow the claimed one, in any order)
``place``                 ``"all"`` (place every one), ``"any"`` (any of them) or a number k
                          (at most k of them); ``next-placement``: ``"all"``, each domino that
                          follows placed if it fits (discarded only when it cannot be placed)
``claimed``               ``next-placement`` only: the domino to place now
``given``                 ``rearrange`` only: the finished kingdom (text) made of ``dominoes``
``constraint``            optional words for the condition, e.g. "only dominoes 1–24"
``question``              the question as the player reads it
``hint``                  a nudge towards the answer, not the answer
``optimal_answers``       how many answers reach the optimum (kingdoms counted once with
                          their rotations and reflections; next-placement: placements)
``optimal_answers_exact`` false when the count is only a lower bound (too many to count)
``greedy_score``          what a greedy player's answer is worth (see :mod:`.generate`)
``measures``              the measured difficulty (:mod:`.levels`): optimal layouts, bots
                          reaching the optimum, share of random builds that do
``hints``                 up to three hints, a nudge first, never the answer
``solution``              ``optimum`` (total), ``kingdom`` (text), ``order`` (placements:
                          ``{"domino": n, "cells": [[r, c], [r, c]]}``, castle-relative, first
                          cell takes the domino's first half), ``proof`` (how the optimum was
                          proved), and for ``next-placement`` ``values``: every legal placement
                          of the claimed domino with the best total reachable after it
========================  ==================================================================

>>> p = Puzzle.from_json({"format": FORMAT, "id": "demo", "title": "Two crowns",
...     "kind": "best-kingdom", "level": 1, "dominoes": [41, 15], "place": "all",
...     "question": "Place both dominoes for the best score."})
>>> from kingdomino_kit.puzzles.grading import grade
>>> g = grade(p, Kingdom.from_text("W G2 . / C G W"))
>>> g.legal, g.buildable, g.score
(True, True, 4)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kingdomino_kit.dominoes import Domino, domino
from kingdomino_kit.errors import KingdominoError, PuzzleError
from kingdomino_kit.infra.untrusted import BadJson, parse_json, shown
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.puzzles.kinds import PuzzleKind
from kingdomino_kit.puzzles.levels import Measures
from kingdomino_kit.rules import Rules

__all__ = [
    "FORMAT",
    "KINDS",
    "LEVEL_NAMES",
    "Puzzle",
    "PuzzleError",
    "Rules",
    "Solution",
]

FORMAT = "kingdomino-puzzle/1"
KINDS: Mapping[str, PuzzleKind] = {k.value: k for k in PuzzleKind}
"""The kinds of puzzle by name (:class:`~kingdomino_kit.puzzles.kinds.PuzzleKind`)."""
LEVEL_NAMES = {1: "easy", 2: "easy", 3: "medium", 4: "hard", 5: "hard"}


@dataclass(frozen=True)
class Solution:
    """A proven optimum and one layout reaching it, as a legal placement order."""

    optimum: int
    kingdom: str
    order: tuple[Placement, ...]
    proof: Mapping[str, Any] = field(default_factory=dict)
    values: tuple[tuple[Placement, int], ...] = ()


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see the module docstring for the JSON format)."""

    id: str
    title: str
    kind: PuzzleKind
    level: int
    question: str
    dominoes: tuple[int, ...]
    place: str | int = "all"
    rules: Rules = Rules()
    start: str | None = None
    claimed: int | None = None
    constraint: str | None = None
    hint: str | None = None
    solution: Solution | None = None
    given: str | None = None
    optimal_answers: int | None = None
    optimal_answers_exact: bool = True
    greedy_score: int | None = None
    measures: Measures | None = None
    hints: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.kind, PuzzleKind):  # a kind given by its name
            kind = KINDS.get(self.kind) if isinstance(self.kind, str) else None
            if kind is None:
                raise PuzzleError(f"kind: must be one of {', '.join(KINDS)}, not "
                                  f"{shown(self.kind)}")
            object.__setattr__(self, "kind", kind)

    # ------------------------------------------------------------------ views
    def start_kingdom(self) -> Kingdom:
        """The kingdom the puzzle starts from (a fresh copy each call).

        >>> Puzzle("x", "x", "complete", 1, "?", (1,), start="C W").start_kingdom().score()
        0
        """
        if self.start is None:
            return Kingdom(self.rules.size)
        return Kingdom.from_text(self.start, self.rules.size)

    def domino_list(self) -> list[Domino]:
        """The available dominoes as :class:`Domino` values."""
        return [domino(n) for n in self.dominoes]

    def place_words(self) -> str:
        """How many of the dominoes must be placed, in words.

        >>> Puzzle("x", "x", "best-kingdom", 1, "?", (1, 2, 3), place=2).place_words()
        'at most 2 of them'
        """
        if self.kind.claims_first:
            return ("each of them where it fits: a domino that fits must be placed, and is "
                    "discarded only when it cannot be placed")
        if self.place == "all":
            return "all of them"
        if self.place == "any":
            return "any of them (you may leave some out)"
        return f"at most {self.place} of them"

    def describe(self, hint: bool | int = False) -> str:
        """The puzzle as text, without its solution (what ``puzzle show`` prints); the first
        ``hint`` hints of its ladder only when asked for (``True``: the first one), else a line
        saying how many there are."""
        lines = [f"{self.id}: {self.title}",
                 f"kind: {self.kind} ({self.kind.description})",
                 f"level: {self.level} ({LEVEL_NAMES[self.level]})",
                 f"rules: {self.rules.describe()}"]
        if self.constraint:
            lines.append(f"constraint: {self.constraint}")
        lines.append("")
        lines.append(self.question)
        lines.append("")
        start = self.start_kingdom()
        lines.append("start:" if self.start else "start: the castle alone")
        if self.start:
            lines.extend("  " + row for row in start.to_text().splitlines())
            lines.append(f"  (score now {self.rules.total(start)})")
        if self.given is not None:
            given = Kingdom.from_text(self.given, self.rules.size)
            lines.append("given kingdom:")
            lines.extend("  " + row for row in given.to_text().splitlines())
            lines.append(f"  (scores {self.rules.total(given)})")
        if self.claimed is not None:
            d = domino(self.claimed)
            lines.append(f"claimed domino: {d.number} ({d.first}|{d.second})")
        label = "then, in the order you like" if self.kind.claims_first else "dominoes"
        doms = " ".join(f"{d.number}({d.first}|{d.second})" for d in self.domino_list())
        lines.append(f"{label}: {doms or '(none)'}")
        if not self.kind.claims_first:
            lines.append(f"place: {self.place_words()}")
        ladder = self.hint_ladder()
        shown_hints = ladder[:int(hint)] if hint is not False else []
        for i, h in enumerate(shown_hints, 1):
            lines.append(f"hint {i} of {len(ladder)}: {h}" if len(ladder) > 1 else f"hint: {h}")
        if len(shown_hints) < len(ladder):
            lines.append(f"hints: {len(ladder)} (puzzle show --hint N shows the first N, one "
                         "at a time)" if not shown_hints else
                         f"(--hint {len(shown_hints) + 1} for the next hint)")
        return "\n".join(lines)

    def hint_ladder(self) -> tuple[str, ...]:
        """The hints, nudge first (a file with only the older single ``hint``: that one).

        >>> Puzzle("x", "x", "best-kingdom", 1, "?", (1,), hint="Aim for 3.").hint_ladder()
        ('Aim for 3.',)
        """
        if self.hints:
            return self.hints
        return (self.hint,) if self.hint else ()

    # ------------------------------------------------------------------ JSON
    @classmethod
    def from_json(cls, data: Any, source: str = "puzzle") -> Puzzle:
        """Read and validate a puzzle object; a malformed one raises :class:`PuzzleError`
        naming the field.

        >>> Puzzle.from_json({"format": FORMAT, "id": "x"}, "p.json")
        Traceback (most recent call last):
        ...
        kingdomino_kit.errors.PuzzleError: p.json: field 'title': missing
        """
        return _Reader(source).puzzle(data)

    def to_json(self) -> dict[str, Any]:
        """The puzzle as a JSON-ready dict (what :meth:`from_json` reads back).

        >>> p = Puzzle("x", "X", "best-kingdom", 1, "?", (1, 2))
        >>> Puzzle.from_json(p.to_json()) == p
        True
        """
        out: dict[str, Any] = {
            "format": FORMAT,
            "id": self.id,
            "title": self.title,
            "kind": self.kind.value,
            "level": self.level,
            "rules": self.rules.to_json(),
            "start": self.start,
            "dominoes": list(self.dominoes),
            "place": self.place,
        }
        if self.claimed is not None:
            out["claimed"] = self.claimed
        if self.given is not None:
            out["given"] = self.given
        if self.constraint is not None:
            out["constraint"] = self.constraint
        out["question"] = self.question
        if self.hint is not None:
            out["hint"] = self.hint
        if self.optimal_answers is not None:
            out["optimal_answers"] = self.optimal_answers
            if not self.optimal_answers_exact:
                out["optimal_answers_exact"] = False
        if self.greedy_score is not None:
            out["greedy_score"] = self.greedy_score
        if self.measures is not None:
            out["measures"] = self.measures.to_json()
        if self.hints:
            out["hints"] = list(self.hints)
        if self.solution is not None:
            s = self.solution
            sol: dict[str, Any] = {
                "optimum": s.optimum,
                "kingdom": s.kingdom,
                "order": [_placement_json(p) for p in s.order],
                "proof": dict(s.proof),
            }
            if s.values:
                sol["values"] = [{**_placement_json(p), "value": v} for p, v in s.values]
            out["solution"] = sol
        return out

    def dumps(self) -> str:
        """The JSON text of the puzzle: stable (the same puzzle gives the same text), one field
        or placement per line.

        >>> text = Puzzle("x", "X", "best-kingdom", 1, "?", (1, 2)).dumps()
        >>> for row in text.splitlines()[:4]:
        ...     print(row)
        {
         "format": "kingdomino-puzzle/1",
         "id": "x",
         "title": "X",
        """
        def line(value: Any) -> str:
            return json.dumps(value, ensure_ascii=False)

        def block(data: Mapping[str, Any], indent: str) -> str:
            rows = []
            for key, value in data.items():
                if key == "solution":
                    text = block(value, indent + " ")
                elif isinstance(value, list) and value and isinstance(value[0], dict):
                    inner = ",\n".join(indent + "  " + line(v) for v in value)
                    text = "[\n" + inner + "\n" + indent + " ]"
                else:
                    text = line(value)
                rows.append(f"{indent} {line(key)}: {text}")
            return "{\n" + ",\n".join(rows) + "\n" + indent + "}"

        return block(self.to_json(), "") + "\n"


def kingdom_line(kingdom: Kingdom) -> str:
    """A kingdom's text notation on one line, rows separated by `` / ``.

    >>> kingdom_line(Kingdom.from_text("W1 W / S  M2 / .  C"))
    'W1 W / S M2 / . C'
    """
    return " / ".join(" ".join(row.split()) for row in kingdom.to_text().splitlines())


def _placement_json(p: Placement) -> dict[str, Any]:
    return {"domino": p.domino.number, "cells": [list(p.first), list(p.second)]}


class _Reader:
    """Validates a puzzle object field by field; every error names the field."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, name: str, message: str) -> PuzzleError:
        return PuzzleError(f"{self.source}: field {shown(name)}: {message}")

    def get(self, data: Mapping[str, Any], name: str, kind: type | tuple[type, ...],
            default: Any = ..., path: str = "") -> Any:
        full = path + name
        if name not in data or data[name] is None:
            if default is ...:
                raise self.fail(full, "missing")
            return default
        value = data[name]
        if isinstance(value, bool) and kind is int:
            raise self.fail(full, f"must be an integer, not {shown(value)}")
        if not isinstance(value, kind):
            kinds = kind if isinstance(kind, tuple) else (kind,)
            names = " or ".join(_TYPE_WORDS[k] for k in kinds)
            raise self.fail(full, f"must be {names}, not {_TYPE_WORDS.get(type(value), 'that')}")
        return value

    def domino_number(self, value: Any, name: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 48:
            raise self.fail(name, f"domino numbers are 1–48, not {shown(value)}")
        return value

    def kingdom_text(self, value: Any, name: str, size: int) -> Kingdom:
        if not isinstance(value, str):
            raise self.fail(name, "must be a kingdom in text notation (a string)")
        try:
            return Kingdom.from_text(value, size)
        except KingdominoError as error:
            raise self.fail(name, str(error)) from None

    def placement(self, value: Any, name: str) -> Placement:
        if not isinstance(value, dict):
            raise self.fail(name, "must be an object with 'domino' and 'cells'")
        self.known(value, {"domino", "cells", "value"} if "values" in name
                   else {"domino", "cells"}, name + ".")
        number = self.domino_number(value.get("domino"), name + ".domino")
        cells = value.get("cells")
        ok = (isinstance(cells, list) and len(cells) == 2
              and all(isinstance(c, list) and len(c) == 2
                      and all(isinstance(x, int) and not isinstance(x, bool) for x in c)
                      for c in cells))
        if not ok or not isinstance(cells, list):
            raise self.fail(name + ".cells", "must be two [row, col] integer pairs")
        (r1, c1), (r2, c2) = cells
        return Placement(domino(number), (r1, c1), (r2, c2))

    def puzzle(self, data: Any) -> Puzzle:
        if not isinstance(data, dict):
            raise PuzzleError(f"{self.source}: a puzzle must be a JSON object")
        fmt = self.get(data, "format", str)
        if fmt != FORMAT:
            raise self.fail("format", f"expected {shown(FORMAT)}, got {shown(fmt)}")
        known = {"format", "id", "title", "kind", "level", "rules", "start", "dominoes", "place",
                 "claimed", "given", "constraint", "question", "hint", "optimal_answers",
                 "optimal_answers_exact", "greedy_score", "solution", "measures", "hints"}
        for key in data:
            if key not in known:
                raise self.fail(key, "unknown field (a typo?)")
        pid = self.get(data, "id", str)
        if not pid.strip():
            raise self.fail("id", "must not be empty")
        title = self.get(data, "title", str)
        name = self.get(data, "kind", str)
        kind = KINDS.get(name)
        if kind is None:
            raise self.fail("kind", f"must be one of {', '.join(KINDS)}, not {shown(name)}")
        level = self.get(data, "level", int)
        if not 1 <= level <= 5:
            raise self.fail("level", f"must be 1–5, not {level}")
        rules = self.rules(self.get(data, "rules", dict, {}))
        start_text = self.get(data, "start", str, None)
        start = (Kingdom(rules.size) if start_text is None
                 else self.kingdom_text(start_text, "start", rules.size))
        if not kind.from_castle and start_text is None:
            raise self.fail("start", f"a {kind} puzzle needs a start kingdom")
        if kind.from_castle and len(start):
            raise self.fail("start", f"a {kind} puzzle starts from the castle alone")
        numbers, place, claimed, given = self.dominoes(data, kind, rules)
        constraint = self.get(data, "constraint", str, None)
        question = self.get(data, "question", str)
        hint = self.get(data, "hint", str, None)
        optimal_answers = self.get(data, "optimal_answers", int, None)
        if optimal_answers is not None and optimal_answers < 1:
            raise self.fail("optimal_answers", f"must be at least 1, not {optimal_answers}")
        exact = self.get(data, "optimal_answers_exact", bool, True)
        greedy = self.get(data, "greedy_score", int, None)
        hints = tuple(self.hints(self.get(data, "hints", list, [])))
        puzzle = Puzzle(pid, title, kind, level, question, numbers, place, rules, start_text,
                        claimed, constraint, hint, None, given, optimal_answers, exact, greedy,
                        None, hints)
        sol = self.get(data, "solution", dict, None)
        if sol is not None:
            puzzle = Puzzle(**{**puzzle.__dict__, "solution": self.solution(sol, rules)})
        measures = self.get(data, "measures", dict, None)
        if measures is not None:
            if puzzle.solution is None:
                raise self.fail("measures", "needs the puzzle's solution (its optimum)")
            puzzle = Puzzle(**{**puzzle.__dict__, "measures": Measures.from_json(
                measures, puzzle.solution.optimum, self.source)})
        return puzzle

    def dominoes(self, data: dict[str, Any], kind: PuzzleKind, rules: Rules
                 ) -> tuple[tuple[int, ...], str | int, int | None, str | None]:
        """The dominoes given, how many to place, the one claimed (next-placement) and the
        finished kingdom (rearrange), each checked against the kind."""
        raw = self.get(data, "dominoes", list)
        numbers = tuple(self.domino_number(v, f"dominoes[{i}]") for i, v in enumerate(raw))
        seen: set[int] = set()
        for i, n in enumerate(numbers):
            if n in seen:
                raise self.fail(f"dominoes[{i}]", f"domino {n} is listed twice")
            seen.add(n)
        place = self.get(data, "place", (str, int), "all")
        if isinstance(place, bool) or (isinstance(place, str) and place not in ("all", "any")):
            raise self.fail("place", f"must be \"all\", \"any\" or a number, not {shown(place)}")
        if isinstance(place, int) and not 0 <= place <= len(numbers):
            raise self.fail("place", f"must be 0–{len(numbers)} (the dominoes given), "
                                     f"not {place}")
        claimed = None
        if kind.claims_first:
            claimed = self.domino_number(self.get(data, "claimed", int), "claimed")
            if claimed in seen:
                raise self.fail("claimed", f"domino {claimed} is also in 'dominoes'")
            if place != "all":
                raise self.fail("place", "a next-placement puzzle takes \"all\" (each domino "
                                         "that follows is placed if it fits, as the rules say)")
        elif "claimed" in data and data["claimed"] is not None:
            raise self.fail("claimed", f"only next-placement puzzles claim a domino, not {kind}")
        given = self.get(data, "given", str, None)
        if kind.gives_kingdom:
            if given is None:
                raise self.fail("given", "a rearrange puzzle needs the finished kingdom")
            self.kingdom_text(given, "given", rules.size)
            if place != "all":
                raise self.fail("place", "a rearrange puzzle places \"all\" its dominoes")
        elif given is not None:
            raise self.fail("given", f"only rearrange puzzles give a finished kingdom, not {kind}")
        return numbers, place, claimed, given

    def hints(self, raw: list[Any]) -> list[str]:
        if len(raw) > 3:
            raise self.fail("hints", f"at most three hints, not {len(raw)}")
        for i, h in enumerate(raw):
            if not isinstance(h, str) or not h.strip():
                raise self.fail(f"hints[{i}]", "must be a non-empty string")
        return raw

    def rules(self, data: dict[str, Any]) -> Rules:
        known = Rules().to_json()
        for key in data:
            if key not in known:
                raise self.fail(f"rules.{key}", "unknown rule option")
        size = self.get(data, "size", int, 5, "rules.")
        if size not in (5, 7):
            raise self.fail("rules.size", f"must be 5 or 7, not {size}")
        bonuses = {key: self.get(data, key, bool, False, "rules.") for key in known
                   if key != "size"}  # a bonus rule a file does not name is off
        return Rules(size, **bonuses)

    def known(self, data: Mapping[str, Any], names: set[str], path: str) -> None:
        for key in data:
            if key not in names:
                raise self.fail(path + str(key), "unknown field (a typo?)")

    def solution(self, data: dict[str, Any], rules: Rules) -> Solution:
        self.known(data, {"optimum", "kingdom", "order", "proof", "values"}, "solution.")
        optimum = self.get(data, "optimum", int, path="solution.")
        text = self.get(data, "kingdom", str, path="solution.")
        self.kingdom_text(text, "solution.kingdom", rules.size)
        raw = self.get(data, "order", list, path="solution.")
        order = tuple(self.placement(v, f"solution.order[{i}]") for i, v in enumerate(raw))
        proof = self.get(data, "proof", dict, {}, "solution.")
        try:
            parse_json(json.dumps(proof, allow_nan=True))
        except (BadJson, TypeError, ValueError) as error:
            raise self.fail("solution.proof", f"not JSON text can hold ({error})") from None
        values_raw = self.get(data, "values", list, [], "solution.")
        values = []
        for i, v in enumerate(values_raw):
            name = f"solution.values[{i}]"
            p = self.placement(v, name)
            value = v.get("value")
            if isinstance(value, bool) or not isinstance(value, int):
                raise self.fail(name + ".value", f"must be an integer, not {shown(value)}")
            values.append((p, value))
        return Solution(optimum, text, order, proof, tuple(values))


_TYPE_WORDS: dict[type, str] = {str: "a string", int: "an integer", float: "a number",
                                 bool: "true or false", list: "a list", dict: "an object",
                                 type(None): "null"}
