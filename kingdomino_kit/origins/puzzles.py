"""Origins puzzles: fire and totems, in the JSON format ``origins-puzzle/1``, with a strict
reader, a replaying checker and the collection shipped with the kit (``puzzles/origins/``).

A puzzle gives dominoes of the sample catalogue and asks for the best territory built from any
of them, every fire token landing as the rules say: ``fire`` puzzles score Discovery mode;
``totem`` puzzles score Totem mode against a rival's resources (each totem won by keeping more
of its resource than the rival has). The fields (``docs/formats.md``):

==================  ================================================================
field               meaning
==================  ================================================================
``format``          ``"origins-puzzle/1"``
``id``              a unique name (``o01-…``), the file's name
``title``           a few words naming the idea
``kind``            ``"fire"`` or ``"totem"``
``level``           1 (easiest) … 5
``catalogue``       ``"sample"``: the kit's illustrative catalogue
``dominoes``        ``[{"number": 21, "squares": "V1|D"}, …]`` (squares re-checked)
``options``         ``size`` (5, 7), ``empire_of_fire``, ``homo_habilis``,
                    ``totem_bonus`` (``scarcity`` or ``flat``)
``rivals``          totem only: the rival's count of each resource, e.g. ``{"fish": 2}``
``question``        the question as the player reads it
``hints``           up to three hints, nudge first, never the answer
``solution``        ``optimum``, ``territory`` (text), ``order`` (``domino``, ``cells``),
                    ``fire`` (``from``, ``fire``, ``to`` or null), ``proof``
``source``          optional: how it was made (kept, not read)
==================  ================================================================

Cells are (row, column) from the hut. A reader error names the file and the field.

>>> p = load_origins_puzzle({"format": FORMAT, "id": "o99-demo", "title": "Fire to the meadow",
...     "kind": "fire", "level": 1, "catalogue": "sample",
...     "dominoes": [{"number": 36, "squares": "V1|G1"}, {"number": 18, "squares": "F|G"}],
...     "options": {"size": 5}, "question": "Best territory?", "hints": []})
>>> [d.number for d in p.dominoes], p.options.mode, p.optimum
([36, 18], 'discovery', None)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from kingdomino_kit.errors import KingdominoError, PuzzleError
from kingdomino_kit.infra.untrusted import json_object, shown
from kingdomino_kit.origins.catalogue import Domino, Resource, sample_catalogue
from kingdomino_kit.origins.errors import OriginsError
from kingdomino_kit.origins.fire import TOKEN_SUPPLY, Throw
from kingdomino_kit.origins.kingdom import OriginsKingdom, Placement
from kingdomino_kit.origins.options import OriginsOptions
from kingdomino_kit.origins.scoring import score_sheet
from kingdomino_kit.origins.totem import TOTEM_BONUSES

__all__ = ["FORMAT", "KINDS", "OriginsPuzzle", "OriginsAnswer", "OriginsPuzzleError",
           "load_origins_puzzle", "origins_collection", "origins_puzzles", "answer_json"]

FORMAT = "origins-puzzle/1"
KINDS = {"fire": "discovery", "totem": "totem"}
"""Each kind of Origins puzzle and the mode it is scored in."""
OPTION_KEYS = ("size", "empire_of_fire", "homo_habilis", "totem_bonus")
TOP_KEYS = ("format", "id", "title", "kind", "level", "catalogue", "dominoes", "options",
            "rivals", "question", "hints", "solution", "source", "measures")


class OriginsPuzzleError(PuzzleError, OriginsError):
    """An Origins puzzle (or answer) that cannot be used; the message names the file and the
    field."""


@dataclass(frozen=True)
class OriginsAnswer:
    """An answer: placements in play order and the fire tokens thrown (hut-relative cells)."""

    order: tuple[Placement, ...]
    fire: tuple[Throw, ...]


@dataclass(frozen=True)
class OriginsPuzzle:
    """One Origins puzzle; ``dominoes``, ``options``, ``optimum`` and ``question`` are what a
    board needs to pose it."""

    id: str
    title: str
    kind: str
    level: int
    question: str
    dominoes: tuple[Domino, ...]
    size: int = 5
    empire_of_fire: bool = False
    homo_habilis: bool = False
    totem_bonus: str = "scarcity"
    rivals: dict[Resource, int] | None = None
    hints: tuple[str, ...] = ()
    optimum: int | None = None
    answer: OriginsAnswer | None = None
    proof: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def tiles(self) -> tuple[Domino, ...]:
        """The dominoes (a board's name for them)."""
        return self.dominoes

    @property
    def options(self) -> OriginsOptions:
        """The rules the puzzle is scored by, as a game's options (2 players for 7×7)."""
        return OriginsOptions(players=2 if self.size == 7 else 4, mode=KINDS[self.kind],
                              totem_bonus=self.totem_bonus, empire_of_fire=self.empire_of_fire,
                              homo_habilis=self.homo_habilis)

    def score(self, kingdom: OriginsKingdom) -> int:
        """A territory's total in the puzzle's mode (totems won against the rivals)."""
        if self.rivals is None:
            return score_sheet(kingdom, empire_of_fire=self.empire_of_fire,
                               homo_habilis=self.homo_habilis).total
        won = [r for r, n in kingdom.resource_counts().items() if n > self.rivals.get(r, 0)]
        return score_sheet(kingdom, "totem", totems=won, totem_bonus_values=self.totem_bonus,
                           empire_of_fire=self.empire_of_fire,
                           homo_habilis=self.homo_habilis).total

    def replay(self, answer: OriginsAnswer) -> OriginsKingdom:
        """The territory an answer builds, every placement and throw checked by the rules
        (each volcano's token right after its domino, in half order); raises
        :class:`OriginsPuzzleError` naming the first broken rule."""
        kingdom = OriginsKingdom(self.size, with_resources=self.rivals is not None)
        throws = list(answer.fire)
        numbers = [d.number for d in self.dominoes]
        used: set[int] = set()
        for step, p in enumerate(answer.order, 1):
            if p.domino.number not in numbers or p.domino.number in used:
                raise OriginsPuzzleError(f"placement {step}: domino {p.domino.number} is not a "
                                         "domino of the puzzle (or is placed twice)")
            used.add(p.domino.number)
            try:
                kingdom.place(p)
                for cell, craters in p.volcanoes():
                    if not throws:
                        raise OriginsPuzzleError(f"placement {step}: the volcano on {cell} "
                                                 "throws a token, and no fire entry is left")
                    t = throws.pop(0)
                    if t.volcano != cell or t.fire != craters:
                        raise OriginsPuzzleError(
                            f"placement {step}: the next fire entry comes from {t.volcano} "
                            f"with {t.fire}, not from the {craters}-crater volcano on {cell}")
                    kingdom.throw(cell, craters, t.target)
            except OriginsPuzzleError:
                raise
            except KingdominoError as error:  # the rules' own errors (IllegalPlacement, …)
                raise OriginsPuzzleError(f"placement {step}: {error}") from None
        if throws:
            raise OriginsPuzzleError(f"{len(throws)} fire entries left over after every "
                                     "placement")
        return kingdom

    def check_answer(self, answer: OriginsAnswer) -> int:
        """The score of an answer after replaying it through the rules."""
        return self.score(self.replay(answer))

    def to_json(self) -> dict[str, Any]:
        """The puzzle in its JSON format (with the solution when it has one)."""
        out: dict[str, Any] = {
            "format": FORMAT, "id": self.id, "title": self.title, "kind": self.kind,
            "level": self.level, "catalogue": "sample",
            "dominoes": [{"number": d.number, "squares": f"{d.first}|{d.second}"}
                         for d in self.dominoes],
            "options": {"size": self.size, "empire_of_fire": self.empire_of_fire,
                        "homo_habilis": self.homo_habilis, "totem_bonus": self.totem_bonus}}
        if self.rivals is not None:
            out["rivals"] = {r.value: n for r, n in self.rivals.items()}
        out |= {"question": self.question, "hints": list(self.hints)}
        if self.optimum is not None and self.answer is not None:
            kingdom = self.replay(self.answer)
            out["solution"] = {"optimum": self.optimum, "territory": kingdom.to_text(),
                               **answer_json(self.answer), "proof": self.proof}
        out.update(self.extra)
        return out


def answer_json(answer: OriginsAnswer) -> dict[str, Any]:
    """An answer's ``order`` and ``fire`` as JSON (hut-relative cells)."""
    return {"order": [{"domino": p.domino.number, "cells": [list(p.first), list(p.second)]}
                      for p in answer.order],
            "fire": [{"from": list(t.volcano), "fire": t.fire,
                      "to": None if t.target is None else list(t.target)} for t in answer.fire]}


# ------------------------------------------------------------------------------ reading
def _need(data: dict[str, Any], name: str, kind: type | tuple[type, ...], where: str,
          prefix: str = "") -> Any:
    if name not in data:
        raise OriginsPuzzleError(f"{where}: missing field {prefix}{name}")
    value = data[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise OriginsPuzzleError(f"{where}: {prefix}{name}: wrong type {type(value).__name__}")
    return value


def _cell(value: Any, where: str, name: str) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and -7 < x < 7
                       for x in value)):
        raise OriginsPuzzleError(f"{where}: {name}: a cell is [row, column] from the hut, not "
                                 f"{shown(value)}")
    return (value[0], value[1])


def _dominoes(raw: Any, where: str) -> tuple[Domino, ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= 24:
        raise OriginsPuzzleError(f"{where}: dominoes: a list of 1–24 dominoes")
    catalogue = sample_catalogue()
    out = []
    for i, entry in enumerate(raw):
        name = f"dominoes[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"number", "squares"}:
            raise OriginsPuzzleError(f"{where}: {name}: an object with number and squares")
        try:
            dom = catalogue.domino(entry["number"])
        except OriginsError as error:
            raise OriginsPuzzleError(f"{where}: {name}.number: {error}") from None
        if entry["squares"] != f"{dom.first}|{dom.second}":
            raise OriginsPuzzleError(f"{where}: {name}.squares: domino {dom.number} shows "
                                     f"{dom.first}|{dom.second}, not {shown(entry['squares'])}")
        out.append(dom)
    if len({d.number for d in out}) != len(out):
        raise OriginsPuzzleError(f"{where}: dominoes: a domino is listed twice")
    for k, n in TOKEN_SUPPLY.items():
        if sum(h.craters == k for d in out for h in d.volcanoes) > n:
            raise OriginsPuzzleError(f"{where}: dominoes: more {k}-crater volcanoes than the "
                                     f"box's {n} tokens")
    return tuple(out)


def _options(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise OriginsPuzzleError(f"{where}: options: an object")
    for key in raw:
        if key not in OPTION_KEYS:
            raise OriginsPuzzleError(f"{where}: options.{shown(key)}: unknown option "
                                     f"({', '.join(OPTION_KEYS)})")
    size = raw.get("size", 5)
    if size not in (5, 7) or isinstance(size, bool):
        raise OriginsPuzzleError(f"{where}: options.size: 5 or 7, not {shown(size)}")
    out: dict[str, Any] = {"size": size}
    for flag in ("empire_of_fire", "homo_habilis"):
        value = raw.get(flag, False)
        if not isinstance(value, bool):
            raise OriginsPuzzleError(f"{where}: options.{flag}: true or false, not "
                                     f"{shown(value)}")
        out[flag] = value
    bonus = raw.get("totem_bonus", "scarcity")
    if not isinstance(bonus, str) or bonus not in TOTEM_BONUSES:
        raise OriginsPuzzleError(f"{where}: options.totem_bonus: one of "
                                 f"{', '.join(TOTEM_BONUSES)}, not {shown(bonus)}")
    return out | {"totem_bonus": bonus}


def _rivals(raw: Any, where: str) -> dict[Resource, int]:
    if not isinstance(raw, dict):
        raise OriginsPuzzleError(f"{where}: rivals: an object of resource counts")
    out = dict.fromkeys(Resource, 0)
    for key, n in raw.items():
        try:
            resource = Resource(key)
        except ValueError:
            raise OriginsPuzzleError(f"{where}: rivals.{shown(key)}: not a resource (mammoth, "
                                     "fish, mushroom, flint)") from None
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 20:
            raise OriginsPuzzleError(f"{where}: rivals.{key}: a count 0–20, not {shown(n)}")
        out[resource] = n
    return out


def _hints(raw: Any, where: str) -> tuple[str, ...]:
    if (not isinstance(raw, list) or len(raw) > 3
            or not all(isinstance(h, str) and h.strip() for h in raw)):
        raise OriginsPuzzleError(f"{where}: hints: a list of up to three hints (text)")
    return tuple(raw)


def read_answer(raw: Any, dominoes: tuple[Domino, ...], where: str) -> OriginsAnswer:
    """An answer from JSON (``order`` and ``fire``, as in a stored solution)."""
    if not isinstance(raw, dict):
        raise OriginsPuzzleError(f"{where}: an answer is an object with order and fire")
    by_number = {d.number: d for d in dominoes}
    order = []
    for i, entry in enumerate(_need(raw, "order", list, where)):
        name = f"order[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"domino", "cells"}:
            raise OriginsPuzzleError(f"{where}: {name}: an object with domino and cells")
        number = entry["domino"]
        dom = by_number.get(number) if type(number) is int else None
        if dom is None:
            raise OriginsPuzzleError(f"{where}: {name}.domino: {shown(entry['domino'])} is not "
                                     "a domino of the puzzle")
        cells = entry["cells"]
        if not isinstance(cells, list) or len(cells) != 2:
            raise OriginsPuzzleError(f"{where}: {name}.cells: two cells")
        order.append(Placement(dom, _cell(cells[0], where, f"{name}.cells"),
                               _cell(cells[1], where, f"{name}.cells")))
    throws = []
    for i, entry in enumerate(_need(raw, "fire", list, where)):
        name = f"fire[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"from", "fire", "to"}:
            raise OriginsPuzzleError(f"{where}: {name}: an object with from, fire and to")
        fire = entry["fire"]
        if fire not in (1, 2, 3) or isinstance(fire, bool):
            raise OriginsPuzzleError(f"{where}: {name}.fire: 1, 2 or 3, not {shown(fire)}")
        to = None if entry["to"] is None else _cell(entry["to"], where, f"{name}.to")
        throws.append(Throw(_cell(entry["from"], where, f"{name}.from"), fire, to))
    return OriginsAnswer(tuple(order), tuple(throws))


def load_origins_puzzle(data: dict[str, Any] | str, source: str = "puzzle") -> OriginsPuzzle:
    """Read a puzzle (a dict, or JSON text) strictly; a stored solution is replayed and must
    score its optimum. Errors name the source and the field.

    >>> load_origins_puzzle('{"format": "origins-puzzle/1", "id": 7}', "o.json")
    Traceback (most recent call last):
    ...
    kingdomino_kit.origins.puzzles.OriginsPuzzleError: o.json: id: wrong type int
    """
    data = json_object(data, "a puzzle", FORMAT, OriginsPuzzleError, source)
    for key in data:
        if key not in TOP_KEYS:
            raise OriginsPuzzleError(f"{source}: {shown(key)}: unknown field")
    ident = _need(data, "id", str, source)
    kind = _need(data, "kind", str, source)
    if kind not in KINDS:
        raise OriginsPuzzleError(f"{source}: kind: fire or totem, not {shown(kind)}")
    level = _need(data, "level", int, source)
    if not 1 <= level <= 5:
        raise OriginsPuzzleError(f"{source}: level: 1–5, not {level}")
    if _need(data, "catalogue", str, source) != "sample":
        raise OriginsPuzzleError(f"{source}: catalogue: only \"sample\" (the kit's illustrative "
                                 "catalogue)")
    dominoes = _dominoes(_need(data, "dominoes", list, source), source)
    options = _options(_need(data, "options", dict, source), source)
    rivals = None
    if kind == "totem":
        rivals = _rivals(_need(data, "rivals", dict, source), source)
    elif "rivals" in data:
        raise OriginsPuzzleError(f"{source}: rivals: only a totem puzzle has rivals")
    extra: dict[str, Any] = {k: data[k] for k in ("source", "measures") if k in data}
    puzzle = OriginsPuzzle(ident, _need(data, "title", str, source), kind, level,
                           _need(data, "question", str, source), dominoes, rivals=rivals,
                           hints=_hints(data.get("hints", []), source), extra=extra, **options)
    if "solution" not in data:
        return puzzle
    sol = _need(data, "solution", dict, source)
    where = f"{source}: solution"
    answer = read_answer(sol, dominoes, where)
    optimum = _need(sol, "optimum", int, source, "solution.")
    proof = _need(sol, "proof", str, source, "solution.")
    try:
        kingdom = puzzle.replay(answer)
    except OriginsPuzzleError as error:
        raise OriginsPuzzleError(f"{where}: {error}") from None
    if kingdom.to_text() != _need(sol, "territory", str, source, "solution."):
        raise OriginsPuzzleError(f"{where}.territory: not the territory the order builds")
    value = puzzle.score(kingdom)
    if value != optimum:
        raise OriginsPuzzleError(f"{where}: the answer scores {value}, not the optimum "
                                 f"{optimum}")
    return OriginsPuzzle(**{**puzzle.__dict__, "optimum": optimum, "answer": answer,
                            "proof": proof})


def origins_collection() -> Traversable:
    """The folder of the Origins puzzles shipped with the kit (package data: the repository's
    top-level ``puzzles/origins/``, seen from the package as ``collection/origins``)."""
    return files("kingdomino_kit") / "collection" / "origins"


def origins_puzzles(directory: str | Path | Traversable | None = None) -> list[OriginsPuzzle]:
    """Every Origins puzzle of a folder (default: :func:`origins_collection`), by file name.

    >>> all(p.id.startswith("o") for p in origins_puzzles())
    True
    """
    folder = origins_collection() if directory is None else (
        Path(directory) if isinstance(directory, str) else directory)
    entries = sorted((e for e in folder.iterdir() if e.name.endswith(".json")),
                     key=lambda e: e.name)
    return [load_origins_puzzle(e.read_text(encoding="utf-8"), e.name) for e in entries]


def dumps(puzzle: OriginsPuzzle) -> str:
    """A puzzle as the text of its file (``json.dumps`` with one space of indent)."""
    return json.dumps(puzzle.to_json(), indent=1, ensure_ascii=False) + "\n"
