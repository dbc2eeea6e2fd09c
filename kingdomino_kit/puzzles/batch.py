"""Solving the collection's drafts in one batch: the plain domino sets side by side, the rest
one by one.

A ``best-kingdom`` draft with no start kingdom and no Harmony asks what
:func:`~kingdomino_kit.solver.batch.solve_many` answers for a domino set: the best layout of
its dominoes under the kingdom's size and the Middle Kingdom rule. :func:`presolve` solves
such drafts in one batch per rules — local processes or a Dask cluster, resumable through a
table per rules (:func:`batch_path`) — and :class:`BatchSolve` is a ``Solve`` of
:func:`kingdomino_kit.puzzles.generate.make` that answers a draft from its row and hands
every other draft to a fallback (the collection's one-by-one
:func:`~kingdomino_kit.puzzles.solving.solve_puzzle`).

A row answers a draft only when it is ``OPTIMAL``, its layout rebuilds through the rules
(:func:`~kingdomino_kit.solver.batch.optimum_kingdom`) to its stated score with the draft's
dominoes, each at most once, and — for ``place: "all"`` — places every one of them: the best
layout of any subset that places them all is the best of "all" too, while one that leaves a
domino out is not an answer to "all" (the fallback decides, as
:func:`~kingdomino_kit.puzzles.solving.solve_puzzle` does). Whatever a row answers still goes
through :func:`~kingdomino_kit.puzzles.generate.proven` and its replay, like any answer.

>>> from kingdomino_kit.puzzles.format import Puzzle
>>> from kingdomino_kit.puzzles.solving import solve_puzzle
>>> p = Puzzle("x", "x", "best-kingdom", 1, "?", (36, 41))
>>> solve = BatchSolve(presolve([p]), lambda q: solve_puzzle(q, workers=1))
>>> answer = solve(p)
>>> answer.status, answer.optimum, solve.answered, solve.fallen_back
(<Status.OPTIMAL: 'optimal'>, 6, 1, 0)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.puzzles.format import Puzzle
from kingdomino_kit.puzzles.solving import PuzzleAnswer
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver.answer import OPTIMAL
from kingdomino_kit.solver.batch import optimum_kingdom, solve_many

__all__ = ["Batch", "BatchSolve", "batch_key", "batch_path", "in_batch",
           "presolve", "row_answer"]

Key = tuple[Rules, tuple[int, ...]]
"""A row's key: the kingdom's size, the Middle Kingdom rule, the set (sorted)."""


def in_batch(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` is a plain domino set: its kind says it may be
    (:attr:`~kingdomino_kit.puzzles.kinds.PuzzleKind.plain_set`), every domino
    or any of them to place, no start kingdom, no Harmony.

    >>> in_batch(Puzzle("x", "x", "best-kingdom", 1, "?", (1, 2)))
    True
    >>> in_batch(Puzzle("x", "x", "complete", 1, "?", (1,), start="C W"))
    False
    """
    return (puzzle.kind.plain_set and puzzle.place in ("all", "any")
            and puzzle.start is None and puzzle.claimed is None
            and not puzzle.rules.harmony and bool(puzzle.dominoes))


def batch_key(puzzle: Puzzle) -> Key:
    """The key of ``puzzle``'s row."""
    return (puzzle.rules, tuple(sorted(puzzle.dominoes)))


def batch_path(path: str | os.PathLike[str], rules: Rules) -> Path:
    """The table of the sets solved under one set of rules: the rules added to ``path``'s name
    (a table remembers its rules and is continued only under them).

    >>> batch_path("build/batch.parquet", Rules()).name
    'batch-5x5.parquet'
    >>> batch_path("b.csv", Rules(7, middle_kingdom=True)).name
    'b-7x7-middle.csv'
    """
    p = Path(path)
    words = [f"{rules.size}x{rules.size}", *(name.split("_")[0] for name in rules.bonuses)]
    return p.with_name(f"{p.stem}-{'-'.join(words)}{p.suffix}")


@dataclass(frozen=True)
class Batch:
    """The rows of a batch by :func:`batch_key`, with the sets ``solved`` now and those
    ``kept`` from the tables of an earlier run."""

    rows: Mapping[Key, Mapping[str, Any]] = field(default_factory=dict)
    solved: int = 0
    kept: int = 0


def presolve(drafts: Iterable[Puzzle], *, time_limit_s: float = 60.0, workers: int = 1,
             client: Any = None, out: str | os.PathLike[str] | None = None,
             progress: bool | None = False) -> Batch:
    """Solve the drafts that are plain domino sets (:func:`in_batch`; the others are left
    out) with :func:`~kingdomino_kit.solver.batch.solve_many`, one batch per rules value: one
    CP-SAT worker and seed 0 per set, as the collection's one-by-one solve, in ``workers`` local
    processes or on the Dask ``client``. With ``out``, each batch is kept in its table
    (:func:`batch_path`) and a set already there is not solved again."""
    groups: dict[Rules, list[tuple[int, ...]]] = {}
    for puzzle in drafts:
        if in_batch(puzzle):
            rules, numbers = batch_key(puzzle)
            groups.setdefault(rules, []).append(numbers)
    rows: dict[Key, Mapping[str, Any]] = {}
    solved = kept = 0
    for rules, sets in groups.items():
        table = None
        if out is not None:
            table = batch_path(out, rules)
            table.parent.mkdir(parents=True, exist_ok=True)
        frame = solve_many(sets, rules=rules, time_limit_s=time_limit_s,
                           solver_workers=1, seed=0, workers=workers, client=client,
                           out=table, progress=progress)
        solved += int(frame.attrs.get("solved", len(frame)))
        kept += int(frame.attrs.get("kept", 0))
        for record in frame.to_dict("records"):
            rows[(rules, tuple(sorted(int(n) for n in record["dominoes"])))] = record
    return Batch(rows, solved, kept)


def row_answer(puzzle: Puzzle, row: Mapping[str, Any]) -> PuzzleAnswer | None:
    """The answer of a batch ``row`` to ``puzzle``, or None when the row does not prove it:
    not ``OPTIMAL``, a layout that does not rebuild through the rules to its score with the
    puzzle's dominoes, or (``place: "all"``) a domino left out."""
    try:
        if row["status"] != "OPTIMAL" or int(row["score"]) != int(row["bound"]):
            return None
        kingdom, order = optimum_kingdom(str(row["grid"]), list(row["order"]),
                                         puzzle.rules.size)
    except (KingdominoError, KeyError, TypeError, ValueError):
        return None
    used = [p.domino.number for p in order]
    if len(set(used)) != len(used) or not set(used) <= set(puzzle.dominoes):
        return None
    if puzzle.place == "all" and len(used) != len(puzzle.dominoes):
        return None
    score = puzzle.rules.total(kingdom)
    if score != int(row["score"]):
        return None
    return PuzzleAnswer(OPTIMAL, score, int(row["bound"]), kingdom, order, (),
                        float(row["seconds"]))


class BatchSolve:
    """A ``Solve`` that answers a plain domino set from the batch's row (:func:`row_answer`)
    and every other puzzle — other kinds, sets not in the batch, rows that prove nothing —
    with ``fallback``; ``answered`` and ``fallen_back`` count the two."""

    def __init__(self, batch: Batch, fallback: Callable[[Puzzle], PuzzleAnswer]) -> None:
        self.batch = batch
        self.fallback = fallback
        self.answered = 0
        self.fallen_back = 0

    def __call__(self, puzzle: Puzzle) -> PuzzleAnswer:
        row = self.batch.rows.get(batch_key(puzzle)) if in_batch(puzzle) else None
        answer = None if row is None else row_answer(puzzle, row)
        if answer is None:
            self.fallen_back += 1
            return self.fallback(puzzle)
        self.answered += 1
        return answer
