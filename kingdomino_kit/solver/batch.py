"""Batch solving: the provably best kingdom of many domino sets, as one table.

:func:`solve_many` solves each set with :func:`kingdomino_kit.solver.best_kingdom_under` — a
task is one set — here, in local processes or on a Dask cluster
(:func:`kingdomino_kit.infra.parallel.run_tasks`), and answers one row per distinct set with the
columns of :data:`OPTIMA`: the set, then the fields of ``solve --json``.

**Resumable.** Given ``out`` (a ``.csv`` or ``.parquet`` file), the rows already in it are kept
and their sets are not solved again. Each new answer is appended at once to a journal beside
it (``out`` + ``.partial``, JSON lines, flushed and synced row by row); when the batch ends —
finished, interrupted by Ctrl-C, or stopped by an error — the table is written to ``out``
whole (atomically) and the journal removed. If the process is killed outright, the journal
stays and the next run with the same ``out`` takes its rows in. A Parquet ``out`` remembers
the rules it was solved under (size and bonuses) and refuses to be continued under others.

>>> frame = solve_many([[41, 36], [48, 47]])
>>> frame[["dominoes", "status", "score", "bound"]].values.tolist()
[[[36, 41], 'OPTIMAL', 6, 6], [[47, 48], 'OPTIMAL', 10, 10]]
>>> sets = random_sets(3, size=5, seed=1)
>>> [len(s) for s in sets], sets[:2] == random_sets(2, size=5, seed=1)
([12, 12, 12], True)
"""

from __future__ import annotations

import contextlib
import json
import math
import numbers
import os
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any

from kingdomino_kit.dominoes import DOMINOES, domino, dominoes
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.atomic import CannotWrite, cause, target_of
from kingdomino_kit.infra.ceilings import MAX_SETS, check_ceiling
from kingdomino_kit.infra.outlock import OutputLock
from kingdomino_kit.infra.parallel import run_tasks
from kingdomino_kit.infra.provenance import check_run, record_run
from kingdomino_kit.infra.tables import (
    Column,
    Schema,
    open_table,
    read_metadata,
    read_table,
    table_format,
    to_frame,
)
from kingdomino_kit.infra.untrusted import JSON_LIMIT, BadJson, parse_json
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.rules import DEFAULT_RULES, Rules, rules_or_flags
from kingdomino_kit.seeds import derive_seed
from kingdomino_kit.solver import best_kingdom_under
from kingdomino_kit.solver.discard import discard_error

__all__ = ["DEFAULT_COUNT", "OPTIMA", "UNTIMED", "BatchRules", "journal_path", "optimum_kingdom",
           "read_optima", "read_sets", "random_sets", "solve_many", "solve_set"]

OPTIMA = Schema((
    Column("dominoes", "ints", "the set, sorted"),
    Column("status", "category", "OPTIMAL, FEASIBLE, INFEASIBLE or UNKNOWN (solve --json)"),
    Column("score", "int16", "the best layout's score, bonuses included (0 if none)"),
    Column("bound", "int16", "no layout of the set scores more"),
    Column("seconds", "float64", "time the solve took"),
    Column("grid", "str", "the layout in text notation (\"\" if none)"),
    Column("order", "order", "a legal placement order, cells in the frame of grid"),
))
"""One row per set: the set, then the fields of ``solve --json``."""

UNTIMED = Schema(tuple(c for c in OPTIMA.columns if c.name != "seconds"))
"""A table written without timings (``timings=False``, ``solve-batch``'s default): the
:data:`OPTIMA` columns but the wall-clock ``seconds``, so that a batch resumed after an
interruption writes the very bytes an uninterrupted one writes."""

_SECONDS = OPTIMA.names.index("seconds")

DEFAULT_COUNT = {5: 12, 7: 24}
"""Dominoes in a random set: a whole 5×5 kingdom (12) or a whole 7×7 one (24)."""

FORMAT = "kingdomino-kit/optima/1"
JOURNAL_FORMAT = "kingdomino-kit/optima-journal/1"


@dataclass(frozen=True)
class BatchRules:
    """What every set of a batch is solved under: the scoring rules (size and bonuses: what a
    row's answer means), and how long and with how many CP-SAT workers each set is searched
    (what it costs). One CP-SAT worker per set and seed 0 make each solve repeatable."""

    rules: Rules = DEFAULT_RULES
    time_limit_s: float = 60.0
    solver_workers: int = 1
    seed: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise KingdominoError(f"rules: must be a Rules value, not {self.rules!r}")
        if not self.time_limit_s > 0:
            raise KingdominoError(f"time limit must be positive, not {self.time_limit_s}")
        if self.solver_workers < 1:
            raise KingdominoError(f"solver workers must be 1 or more, not {self.solver_workers}")

    def meaning(self) -> dict[str, Any]:
        """The rules that change an answer (stored with the table, checked on resuming)."""
        return self.rules.to_json()


def solve_set(task: tuple[tuple[int, ...], BatchRules]) -> tuple[Any, ...]:
    """One task of :func:`solve_many`: the row of one set (the :data:`OPTIMA` columns).

    >>> solve_set(((41, 36), BatchRules()))[:4]
    ([36, 41], 'OPTIMAL', 6, 6)
    """
    numbers, batch = task
    sol = best_kingdom_under(dominoes(sorted(numbers)), batch.rules,
                             time_limit_s=batch.time_limit_s, workers=batch.solver_workers,
                             seed=batch.seed)
    data = sol.to_json()
    return (sorted(numbers), data["status"], data["score"], data["bound"], data["seconds"],
            data["grid"], data["order"])


def random_sets(n: int, *, size: int = 5, count: int | None = None, seed: int = 0
                ) -> list[tuple[int, ...]]:
    """``n`` sets of ``count`` distinct dominoes (default :data:`DEFAULT_COUNT` for ``size``),
    sorted; set ``i`` is drawn by ``random.Random(derive_seed(seed, "set", i))``, so the first
    sets of a longer batch are the sets of a shorter one."""
    if size not in DEFAULT_COUNT:
        raise KingdominoError(f"size must be 5 or 7, not {size}")
    k = DEFAULT_COUNT[size] if count is None else count
    check_ceiling(n, "the number of sets", MAX_SETS, 0)
    if not 1 <= k <= len(DOMINOES):
        raise KingdominoError(f"count must be 1 to {len(DOMINOES)}, not {k}")
    numbers = range(1, len(DOMINOES) + 1)
    return [tuple(sorted(random.Random(derive_seed(seed, "set", i)).sample(numbers, k)))
            for i in range(n)]


def _a_number(value: Any) -> int:
    """A domino number from a cell's item: an integer, an integral float or digits (a
    fraction, NaN, an overflowing float or anything else:
    :class:`~kingdomino_kit.errors.KingdominoError`)."""
    if isinstance(value, bool):
        raise KingdominoError(f"not a whole number: {str(value)[:40]!r}")
    if isinstance(value, str):
        if not value.strip().lstrip("+-").isdigit() or len(value) > 20:
            raise KingdominoError(f"not a whole number: {str(value)[:40]!r}")
        return int(value)
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real) and math.isfinite(value) and float(value).is_integer():
        return int(float(value))
    raise KingdominoError(f"not a whole number: {str(value)[:40]!r}")


def _a_set(value: Any, where: str) -> tuple[int, ...]:
    """A set from a table's cell: a list of numbers, JSON text, or ``3,17,22`` / ``3 17 22``.

    >>> _a_set("[1.9, 2.2]", "row 2")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: row 2: '[1.9, 2.2]' is not a list of dominoes
    """
    shown = value if isinstance(value, str) else str(value)[:80]
    if isinstance(value, str):
        text = value.strip()
        try:
            value = parse_json(text) if text.startswith("[") else text.replace(",", " ").split()
        except BadJson:
            raise KingdominoError(f"{where}: {shown[:40]!r} is not a list of dominoes") from None
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise KingdominoError(f"{where}: {shown[:40]!r} is not a list of dominoes")
    try:
        numbers_ = tuple(sorted(domino(_a_number(v)).number for v in value))
    except (TypeError, ValueError, OverflowError):
        raise KingdominoError(f"{where}: {shown[:40]!r} is not a list of dominoes") from None
    except KingdominoError as error:
        raise KingdominoError(f"{where}: {error}") from None
    if not numbers_:
        raise KingdominoError(f"{where}: no domino")
    if len(set(numbers_)) != len(numbers_):
        twice = next(n for n in numbers_ if numbers_.count(n) > 1)
        raise KingdominoError(f"{where}: a domino appears twice ({twice})")
    return numbers_


def read_sets(path: str | os.PathLike[str]) -> list[tuple[int, ...]]:
    """The sets of a CSV or Parquet file's ``dominoes`` column (other columns are ignored):
    lists of numbers, or texts such as ``[3,17,22]``, ``3,17,22`` or ``3 17 22``."""
    import pandas as pd

    name = os.fspath(path)
    kind = table_format(name, "SETS")
    try:
        if kind == "parquet":
            cells = pd.read_parquet(name, columns=None)
        else:
            cells = pd.read_csv(name, dtype=str, keep_default_na=False)
    except OSError as error:
        raise KingdominoError(f"cannot read SETS {name}: {error.strerror or error}") from None
    except (ValueError, TypeError) as error:
        why = " ".join(str(error).replace(f"'{name}'", "").replace(name, "").split())
        raise KingdominoError(f"{name}: not a table ({why[:100] or type(error).__name__})") \
            from None
    if "dominoes" not in cells.columns:
        raise KingdominoError(f"{name}: no column dominoes")
    first = 2 if kind == "csv" else 1  # CSV rows counted as lines, the header being line 1
    return [_a_set(v, f"{name}: row {i}") for i, v in enumerate(cells["dominoes"], start=first)]


def journal_path(out: str | os.PathLike[str]) -> str:
    """Where a batch writing ``out`` keeps its answers until ``out`` is written whole."""
    return os.fspath(out) + ".partial"


def _key(numbers: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(int(n) for n in numbers))


def _timed(path: str) -> bool:
    """Whether a table written by :func:`solve_many` has the ``seconds`` column."""
    if table_format(path) == "parquet":
        import pyarrow.parquet as pq

        return "seconds" in pq.read_schema(path).names
    with open(path, encoding="utf-8", errors="replace") as handle:
        return "seconds" in handle.readline(JSON_LIMIT).strip().split(",")


def _stored(out: str, rules: BatchRules, timings: bool = True
            ) -> dict[tuple[int, ...], tuple[Any, ...]]:
    """The rows already solved for ``out``: its table, then its journal's rows — each made
    under the same rules (the Parquet's metadata, a CSV's record beside it, the journal's
    header) and re-checked (:func:`_checked_row`) before it is kept."""
    rows: dict[tuple[int, ...], tuple[Any, ...]] = {}
    meaning = rules.meaning()
    if os.path.exists(out):
        if table_format(out) == "parquet":
            try:
                meta = read_metadata(out)
            except Exception as error:  # noqa: BLE001 - pyarrow's errors are of many kinds
                raise KingdominoError(f"{out}: not a table of solve-batch ({_why(error)}); "
                                      "write to another file") from None
            if not isinstance(meta, dict) or meta.get("rules") != meaning:
                had = meta.get("rules") if isinstance(meta, dict) else None
                raise KingdominoError(f"{out}: solved under {_rules_text(had)}, not "
                                      f"{_rules_text(meaning)}: write to another file")
        else:
            check_run(out, "solve-batch", meaning, "out")
        if timings and not _timed(out):
            raise KingdominoError(f"{out}: written without timings (no seconds column): go on "
                                  "without them, or write to another file")
        schema = OPTIMA if timings else UNTIMED
        for i, record in enumerate(read_table(out, schema).to_dict("records"), start=1):
            record.setdefault("seconds", 0.0)  # not kept in a table without timings
            row = _checked_row(record, rules, f"{out}: row {i}")
            rows[row[0]] = row[1]
    journal = journal_path(out)
    if os.path.exists(journal):
        for key, row in _journal_rows(journal, rules):
            rows[key] = row
    return rows


def _why(error: BaseException) -> str:
    return " ".join(str(error).split())[:120] or type(error).__name__


def _journal_rows(journal: str, rules: BatchRules
                  ) -> Iterator[tuple[tuple[int, ...], tuple[Any, ...]]]:
    """The rows of a journal, each re-checked; its last line may be cut short (a killed run),
    if it has no newline."""
    meaning = rules.meaning()
    target_of(journal, "out")
    with open(journal, "rb") as handle:
        text = handle.read().decode("utf-8", errors="replace")
    # every line is written whole with its newline: what follows the last newline is a line a
    # killed run cut short (dropped), or nothing
    lines = text.split("\n")[:-1]
    try:
        header = parse_json(lines[0]) if lines else {}
    except BadJson:
        header = {}
    if not isinstance(header, dict) or header.get("format") != JOURNAL_FORMAT:
        raise KingdominoError(f"{journal}: not a journal of solve-batch")
    if header.get("rules") != meaning:
        raise KingdominoError(f"{journal}: solved under {_rules_text(header.get('rules'))}, "
                              f"not {_rules_text(meaning)}: write to another file")
    for number, line in enumerate(lines[1:], start=2):
        try:
            record = parse_json(line)
        except BadJson as error:
            raise KingdominoError(f"{journal}: line {number} is not JSON ({error})") from None
        yield _checked_row(record, rules, f"{journal}: line {number}")


STATUSES = ("OPTIMAL", "FEASIBLE", "INFEASIBLE", "UNKNOWN")


def _an_int(value: Any, where: str, name: str) -> int:
    try:
        return _a_number(value)
    except (TypeError, ValueError, OverflowError):
        raise KingdominoError(f"{where}: {name} {str(value)[:40]!r} is not a whole "
                              "number") from None


def _checked_row(record: Any, rules: BatchRules, where: str
                 ) -> tuple[tuple[int, ...], tuple[Any, ...]]:
    """A stored row, checked as an answer of this batch's rules: its layout rebuilt through the
    rules from its placement order, of dominoes of its set, scoring its score, under its bound
    (equal to it if OPTIMAL). Not an answer: a :class:`KingdominoError` naming the row."""
    if not isinstance(record, dict) or set(OPTIMA.names) - set(record):
        raise KingdominoError(f"{where}: not a row of solve-batch (columns "
                              f"{', '.join(OPTIMA.names)})")
    key = _a_set(record["dominoes"], where)
    status, grid, order = record["status"], record["grid"], record["order"]
    score = _an_int(record["score"], where, "score")
    bound = _an_int(record["bound"], where, "bound")
    try:
        seconds = float(record["seconds"])
    except (TypeError, ValueError):
        seconds = math.nan
    if status not in STATUSES or not isinstance(grid, str) or not isinstance(order, list):
        raise KingdominoError(f"{where}: not a row of solve-batch (status, grid or order)")
    if not math.isfinite(seconds) or seconds < 0:
        raise KingdominoError(f"{where}: seconds {record['seconds']!r} is not a duration")
    try:
        kingdom, placed = optimum_kingdom(grid, order, rules.rules.size)
    except (KingdominoError, TypeError, ValueError, KeyError, IndexError, OverflowError):
        raise KingdominoError(f"{where}: its placement order does not build its grid "
                              "under the rules") from None
    real = kingdom.total(rules.rules)
    used = sorted(p.domino.number for p in placed)
    problem = (f"dominoes {used} are not of its set" if not set(used) <= set(key)
               else f"score {score}, but its layout scores {real}" if grid and score != real
               else f"score {score} without a layout" if not grid and score
               else f"score {score} above its bound {bound}" if score > bound
               else f"{status} without a layout" if not grid and status in STATUSES[:2]
               else f"OPTIMAL, but bound {bound} is not its score" if status == "OPTIMAL"
               and bound != score else None)
    if problem:
        raise KingdominoError(f"{where}: {problem}: not an answer of this batch; write to "
                              "another file")
    return key, (list(key), status, score, bound, seconds, grid, order)


def _rules_text(meaning: Any) -> str:
    if not isinstance(meaning, dict):
        return "no rules recorded"
    try:
        rules = Rules.from_json(meaning)
    except KingdominoError:
        return json.dumps(meaning)
    return f"{rules.size}×{rules.size}" + "".join(f" + {b}" for b in rules.bonuses)


class _Journal:
    """Answers appended as they come, each line flushed and synced."""

    def __init__(self, path: str, rules: BatchRules) -> None:
        self.path = path
        target_of(path, "out")
        fresh = not os.path.exists(path) or os.path.getsize(path) == 0
        try:
            self.handle: IO[str] = open(path, "a", encoding="utf-8")  # noqa: SIM115
        except OSError as error:
            raise CannotWrite(f"out: cannot write {path}: {cause(error)}") from None
        if fresh:
            self._line({"format": JOURNAL_FORMAT, "rules": rules.meaning()})

    def _line(self, data: dict[str, Any]) -> None:
        try:
            self.handle.write(json.dumps(data) + "\n")
            self.handle.flush()
            os.fsync(self.handle.fileno())
        except OSError as error:
            raise CannotWrite(f"out: cannot write {self.path}: {cause(error)}") from None

    def add(self, row: tuple[Any, ...]) -> None:
        self._line(dict(zip(OPTIMA.names, row, strict=True)))

    def close(self) -> None:
        with contextlib.suppress(OSError):  # what could not be written was reported
            self.handle.close()


def solve_many(sets: Iterable[Sequence[int]], *, rules: Rules | None = None, size: int = 5,
               middle_kingdom: bool = False, harmony: bool = False,
               time_limit_s: float = 60.0, solver_workers: int = 1,
               seed: int = 0, workers: int = 1, client: Any = None,
               out: str | os.PathLike[str] | None = None, progress: bool | None = False,
               timings: bool = True) -> Any:
    """The best kingdom of every set (lists of domino numbers) as a DataFrame with the
    :data:`OPTIMA` columns, one row per distinct set, in the order given: the best kingdom
    under ``rules`` (or their shorthand ``size``, ``middle_kingdom``, ``harmony``) as a player
    scores it — with Harmony, a set that cannot fill the frame still has its best kingdom.

    ``time_limit_s``, ``solver_workers`` and ``seed`` go to each
    :func:`~kingdomino_kit.solver.best_kingdom_under`; ``workers`` local processes or the Dask
    ``client`` solve sets side by side. With ``out``, the batch is resumable (module
    docstring): sets already in ``out`` are not solved again (``frame.attrs`` counts the sets
    ``solved`` now and ``kept``), and ``out`` ends up holding every row (the rows of sets not
    asked for this time are kept after the others). With ``timings=False`` the table in
    ``out`` has no ``seconds`` column (:data:`UNTIMED`), so a resumed batch writes the same
    bytes as an uninterrupted one; the frame still has it (0 for a row kept from such a
    table)."""
    batch = BatchRules(rules_or_flags(rules, size=size, middle_kingdom=middle_kingdom,
                                      harmony=harmony, error=KingdominoError),
                       time_limit_s, solver_workers, seed)
    wanted = list(dict.fromkeys(_a_set(s, f"set {i}") for i, s in enumerate(sets)))
    if out is None:
        rows = dict(_solve(wanted, batch, workers, client, progress))
        return to_frame((rows[k] for k in wanted), OPTIMA)
    out = os.fspath(out)
    table_format(out, "out")
    target_of(out, "out")
    with OutputLock(out, "out"):  # a second batch on this out is refused, not interleaved
        done = _stored(out, batch, timings)
        todo = [k for k in wanted if k not in done]
        journal = _Journal(journal_path(out), batch)
        try:
            for key, row in _solve(todo, batch, workers, client, progress):
                done[key] = row  # first: a Ctrl-C while journaling must not lose the row
                journal.add(row)
        finally:
            journal.close()
            _write(out, done, wanted, batch, timings)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(journal.path)
    frame = to_frame((done[k] for k in wanted), OPTIMA)
    frame.attrs.update(solved=len(todo), kept=len(wanted) - len(todo))
    return frame


def _solve(todo: list[tuple[int, ...]], rules: BatchRules, workers: int, client: Any,
           progress: bool | None) -> Iterator[tuple[tuple[int, ...], tuple[Any, ...]]]:
    tasks = [(k, rules) for k in todo]
    for index, row in run_tasks(solve_set, tasks, workers=workers, client=client,
                                ordered=False, progress=progress, unit="set"):
        yield todo[index], row


def _write(out: str, done: dict[tuple[int, ...], tuple[Any, ...]],
           wanted: list[tuple[int, ...]], rules: BatchRules, timings: bool = True) -> None:
    asked = set(wanted)
    keys = [k for k in wanted if k in done] + [k for k in done if k not in asked]
    if table_format(out) == "csv":  # a CSV has no room for the rules: a record beside it
        record_run(out, "solve-batch", rules.meaning())
    rows = ([done[k] for k in keys] if timings
            else [done[k][:_SECONDS] + done[k][_SECONDS + 1:] for k in keys])
    with open_table(out, OPTIMA if timings else UNTIMED, "out",
                    metadata={"format": FORMAT, "rules": rules.meaning()}) as table:
        table.write(rows)


def read_optima(path: str | os.PathLike[str]) -> Any:
    """A table written by :func:`solve_many` (CSV or Parquet) as the DataFrame it returned
    (without ``seconds`` if it was written without timings)."""
    return read_table(path, OPTIMA if _timed(os.fspath(path)) else UNTIMED)


def optimum_kingdom(grid: str, order: Sequence[dict[str, Any]], size: int = 5,
                    given: Sequence[int] | None = None) -> tuple[Kingdom, tuple[Placement, ...]]:
    """The kingdom of a row (its ``grid`` and ``order``) rebuilt through the rules: each
    placement of ``order`` played in turn from the castle, the result checked against ``grid``;
    with ``given`` (the row's dominoes), also that none left out has a legal placement in it
    (no voluntary discard).

    >>> row = solve_set(((41, 36), BatchRules()))
    >>> kingdom, order = optimum_kingdom(row[5], row[6])
    >>> kingdom.score(), [p.domino.number for p in order] == [o["domino"] for o in row[6]]
    (6, True)
    """
    kingdom = Kingdom(size)
    if not grid:
        return kingdom, ()
    rmin, _, cmin, _ = Kingdom.from_text(grid, size).bounds  # the text's frame, castle-relative
    placed = []
    for item in order:
        (r1, c1), (r2, c2) = item["cells"]
        p = Placement(domino(int(item["domino"])), (r1 + rmin, c1 + cmin), (r2 + rmin, c2 + cmin))
        kingdom.place(p)
        placed.append(p)
    if kingdom.to_text() != Kingdom.from_text(grid, size).to_text():
        raise KingdominoError("the order does not build the grid")
    if given is not None:
        problem = discard_error(kingdom, [p.domino.number for p in placed],
                                [domino(int(n)) for n in given])
        if problem is not None:
            raise KingdominoError(f"the layout breaks the rules: {problem}")
    return kingdom, tuple(placed)
