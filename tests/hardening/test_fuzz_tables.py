"""Every file format the kit reads that is not a JSON document, broken value by value: puzzle
answers (``puzzle check --answer``, text and files), sets tables (CSV and Parquet), the
journal, table and record ``solve-batch --out`` goes on from, the partial file and record of
``simulate --out … --resume``, and the domino catalogues (Origins ``--catalogue``, Kingdomino's).

The library entry of each (in this process) gives a ``KingdominoError`` whose message is one
short line naming the file, or an answer checked against what the rules say; the command line
(``kingdomino_kit.cli.main`` in this process, a few in a real process) exits 2 with one line
naming the file, or answers.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit import Kingdom, KingdominoError
from kingdomino_kit.dominoes import load_catalogue as load_kingdomino_catalogue
from kingdomino_kit.infra.provenance import record_path
from kingdomino_kit.origins.catalogue import load_catalogue
from kingdomino_kit.puzzles import load_puzzle
from kingdomino_kit.puzzles.grading import grade
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver.batch import JOURNAL_FORMAT, OPTIMA, read_sets, solve_many
from tests.hardening.cases import broken
from tests.hardening.samples import ORIGINS_CATALOGUE, PUZZLE_FILE, cli
from tests.hardening.test_fuzz_formats import one_line

ROOT = Path(__file__).resolve().parents[2]

CELLS = ["", " ", "nan", "NaN", "inf", "-inf", "1e400", "-1", "0", "49", "1.5", "1.0", "9" * 30,
         "٣", "x", "[]", "[[1]]", "{}", "null", "true", '"1"', "1;2", "\x00", "1\n2", "-0",
         "0x10", "2**64", "1_000"]
"""What a cell of a text table may hold that is not the value it should."""


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    def go(*args: str) -> tuple[int, str, str]:
        return cli(list(args), capsys, monkeypatch)
    return go


def refused_naming(code: int, err: str, name: str) -> None:
    assert code == 2, (code, err[-300:])
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1 and err.startswith("kingdomino-kit"), err
    assert name in err, err


# --------------------------------------------------------------------------------- answers
PUZZLE_ = load_puzzle(PUZZLE_FILE)
ANSWER = PUZZLE_.solution.kingdom if PUZZLE_.solution else ""
ANSWERS = {
    "empty": "", "only spaces": "   \n  ", "the castle alone": "C",
    "two castles": ANSWER.replace(".", "C", 1) if "." in ANSWER else ANSWER + " C",
    "a row too many": ANSWER + "\nW W W W W", "a column too many": ANSWER.replace("\n", " W\n"),
    "9 crowns": ANSWER.replace("1", "9", 1), "a huge crown count": ANSWER.replace("1", "9" * 40, 1),
    "an unknown letter": ANSWER.replace("W", "Z", 1), "JSON": json.dumps({"kingdom": ANSWER}),
    "NaN": "NaN", "a NUL": ANSWER + "\x00", "Unicode digits": ANSWER.replace("1", "٣", 1),
    "no castle": ANSWER.replace("C", "W"), "rows of slashes": "/ / / /",
    "70,000 characters": "W " * 35_000,
}
"""Answers to ``puzzle check`` that are not a kingdom of the puzzle, or not a kingdom."""


@pytest.mark.parametrize("case", list(ANSWERS))
def test_a_broken_answer_is_refused_or_graded(case: str, tmp_path: Path, run: Any) -> None:
    text = ANSWERS[case]
    try:
        kingdom = Kingdom.from_text(text, PUZZLE_.rules.size)
    except KingdominoError as error:
        one_line(error)
    else:
        try:
            grade(PUZZLE_, kingdom)
        except KingdominoError as error:
            one_line(error)
    file = tmp_path / "answer.txt"
    file.write_text(text)
    for given, name in ((str(file), "answer.txt"), (text, "--answer")):
        if not given.strip() or given.startswith("-") or "\x00" in given:
            continue  # not a text argv can hold, or the name of standard input
        code, _, err = run("puzzle", "check", str(PUZZLE_FILE), "--answer", given)
        if code == 2:
            refused_naming(code, err, name)
        else:
            assert code in (0, 1) and "Traceback" not in err, (code, err)


# --------------------------------------------------------------------------------- sets
@pytest.mark.parametrize("cell", CELLS + ["[1.9, 2.2]", "[1, 1]", "[0, 2]", "[48, 49]",
                                          "1 2 3 " * 30, "[" * 50, "[" + "9" * 5000 + "]",
                                          "[1e400]", "[NaN]"])
def test_a_sets_csv_cell_is_a_set_of_dominoes_or_refused(cell: str, tmp_path: Path,
                                                         run: Any) -> None:
    sets = tmp_path / "sets.csv"
    sets.write_text("dominoes\n" + json.dumps(cell) + "\n", encoding="utf-8")
    try:
        got = read_sets(sets)
    except KingdominoError as error:
        one_line(error)
        assert "sets.csv" in str(error), error
        code, _, err = run("solve-batch", str(sets), "--out", str(tmp_path / "o.csv"))
        refused_naming(code, err, "sets.csv")
        assert not (tmp_path / "o.csv").exists()
    else:
        assert all(1 <= n <= 48 for s in got for n in s) and all(len(set(s)) == len(s)
                                                                 for s in got), got


PARQUET_COLUMNS: dict[str, Any] = {
    "a null": [None], "floats": [[1.5, 2.0]], "a NaN": [[float("nan")]],
    "an int": [3], "a bool list": [[True, False]], "a string list": [["1", "x"]],
    "int64 extremes": [[2**63 - 1, -(2**63)]], "negative": [[-1, 2]], "nested": [[[1, 2]]],
    "a struct": [{"a": 1}], "bytes": [b"\x00\x01"], "empty list": [[]], "domino 0": [[0, 1]],
    "domino 49": [[48, 49]], "twice": [[3, 3]],
}


@pytest.mark.parametrize("case", list(PARQUET_COLUMNS))
def test_a_sets_parquet_column_of_any_type_is_read_or_refused(case: str, tmp_path: Path,
                                                              run: Any) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    sets = tmp_path / "sets.parquet"
    pq.write_table(pa.table({"dominoes": PARQUET_COLUMNS[case]}), sets)
    try:
        got = read_sets(sets)
    except KingdominoError as error:
        one_line(error)
        assert "sets.parquet" in str(error), error
    else:
        assert all(1 <= n <= 48 for s in got for n in s) and got, got
    code, _, err = run("solve-batch", str(sets), "--out", str(tmp_path / "o.csv"),
                       "--time-limit", "5")
    if code != 0:
        refused_naming(code, err, "sets.parquet")


def test_a_sets_table_without_its_column_or_not_a_table_is_one_line(tmp_path: Path,
                                                                     run: Any) -> None:
    for name, content in (("a.csv", "sets\n1,2\n"), ("b.csv", ""), ("c.csv", "\x00\xff" * 40),
                          ("d.parquet", "not parquet"), ("e.parquet", ""),
                          ("f.csv", 'dominoes\n"1,2\n'), ("g.txt", "dominoes\n1,2\n")):
        path = tmp_path / name
        path.write_bytes(content.encode("utf-8", "surrogateescape")
                         if isinstance(content, str) else content)
        with pytest.raises(KingdominoError) as caught:
            read_sets(path)
        one_line(caught.value)
        code, _, err = run("solve-batch", str(path), "--out", str(tmp_path / "o.csv"))
        refused_naming(code, err, name)


# --------------------------------------------------------------------------------- batches
SET = (36, 41)
ROW = {"dominoes": [36, 41], "status": "OPTIMAL", "score": 6, "bound": 6, "seconds": 0.162,
       "grid": "W  G2 G1\n.  .  W\n.  .  C",
       "order": [{"domino": 36, "cells": [[1, 2], [0, 2]]},
                 {"domino": 41, "cells": [[0, 0], [0, 1]]}]}
"""An answer of ``solve-batch`` for dominoes 36 and 41 (their best kingdom scores 6)."""
HEADER = {"format": JOURNAL_FORMAT, "rules": Rules().to_json()}


def _journal(out: Path, lines: list[Any]) -> None:
    Path(str(out) + ".partial").write_text(
        "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))


def _batch(out: Path) -> tuple[str | None, Any]:
    """solve_many of the one set onto ``out``: (the error's message or None, the frame)."""
    try:
        frame = solve_many([list(SET)], out=out, time_limit_s=5)
    except KingdominoError as error:
        one_line(error)
        return str(error), None
    return None, frame


def _true_answer(frame: Any) -> None:
    """The row of the set is an answer: its layout, rebuilt from text, scores its score, and an
    OPTIMAL one scores the set's optimum (6)."""
    row = frame.to_dict("records")[0]
    assert list(row["dominoes"]) == list(SET)
    if row["grid"]:
        assert Kingdom.from_text(row["grid"]).total(Rules()) == row["score"], row
    assert row["status"] != "OPTIMAL" or row["score"] == row["bound"] == 6, row


def test_the_journal_sample_is_kept_as_it_is(tmp_path: Path) -> None:
    out = tmp_path / "o.csv"
    _journal(out, [HEADER, ROW])
    error, frame = _batch(out)
    assert error is None and frame.attrs == {"solved": 0, "kept": 1}
    _true_answer(frame)


JOURNAL_CASES = list(broken(ROW))


def test_a_journal_row_broken_anywhere_is_refused_naming_the_journal_or_true(
        tmp_path: Path) -> None:
    wrong = []
    for i, (case, row) in enumerate(JOURNAL_CASES):
        out = tmp_path / f"o{i}.csv"
        _journal(out, [HEADER, row, ROW])  # the broken row is not the last: not cut short
        try:
            error, frame = _batch(out)
            if error is not None:
                assert f"o{i}.csv.partial" in error and "line 2" in error, error
            else:
                _true_answer(frame)
        except Exception as problem:  # noqa: BLE001 - collected, shown together
            wrong.append(f"{case}: {type(problem).__name__}: {str(problem)[:150]}")
    assert not wrong, f"{len(wrong)} of {len(JOURNAL_CASES)}:\n" + "\n".join(wrong[:20])


def test_a_journal_header_broken_anywhere_is_refused(tmp_path: Path) -> None:
    headers = [case for _, case in broken(HEADER)] + ["", "[", "{}", "NaN", "[" * 100,
                                                       '{"format": 1e400}', "9" * 5000]
    for i, header in enumerate(headers):
        out = tmp_path / f"o{i}.csv"
        _journal(out, [header, ROW])
        error, _ = _batch(out)
        if header == HEADER or (isinstance(header, dict) and header.get("format") ==
                                JOURNAL_FORMAT and header.get("rules") == HEADER["rules"]):
            continue
        assert error is not None and f"o{i}.csv.partial" in error, (header, error)


def test_a_journal_line_of_any_kind_is_one_line(tmp_path: Path) -> None:
    for i, line in enumerate(["[" * 100_000, "9" * 5000, "NaN", '{"dominoes": [1e400]}',
                              "\x00" * 10, "\ud800", '"x"', "[]", "null", json.dumps(
                                  {**ROW, "score": "9" * 5000})]):
        out = tmp_path / f"o{i}.csv"
        Path(str(out) + ".partial").write_text(
            json.dumps(HEADER) + "\n" + line + "\n" + json.dumps(ROW) + "\n",
            errors="surrogatepass")
        error, _ = _batch(out)
        assert error is not None and "line 2" in error, (line[:20], error)


def _table(out: Path, cells: dict[str, str]) -> None:
    """``out`` as the CSV solve-batch writes, its one row's cells replaced by ``cells``."""
    row = {name: json.dumps(ROW[name]) if name in ("dominoes", "order") else str(ROW[name])
           for name in OPTIMA.names} | cells
    import csv

    with open(out, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, OPTIMA.names)
        writer.writeheader()
        writer.writerow(row)
    record_path(out).write_text(json.dumps({"format": "kingdomino-kit/run/1",
                                            "command": "solve-batch",
                                            "parameters": Rules().to_json()}))


def test_the_table_sample_is_kept_as_it_is(tmp_path: Path) -> None:
    out = tmp_path / "o.csv"
    _table(out, {})
    error, frame = _batch(out)
    assert error is None and frame.attrs == {"solved": 0, "kept": 1}, error


def test_a_table_cell_broken_is_refused_naming_the_table_or_true(tmp_path: Path) -> None:
    wrong = []
    for column in OPTIMA.names:
        for i, cell in enumerate(CELLS):
            out = tmp_path / f"t-{column}-{i}.csv"
            _table(out, {column: cell})
            try:
                error, frame = _batch(out)
                if error is not None:
                    assert out.name in error, error
                else:
                    _true_answer(frame)
            except Exception as problem:  # noqa: BLE001 - collected, shown together
                wrong.append(f"{column}={cell!r}: {type(problem).__name__}: "
                             f"{str(problem)[:150]}")
    assert not wrong, f"{len(wrong)} cases:\n" + "\n".join(wrong[:20])


def test_a_table_record_broken_anywhere_is_refused(tmp_path: Path) -> None:
    record = {"format": "kingdomino-kit/run/1", "command": "solve-batch",
              "parameters": Rules().to_json()}
    texts = [json.dumps(r) for _, r in broken(record)] + [
        "", "[" * 100_000, "9" * 5000, "NaN", "\x00", '{"format": 1e400}']
    for i, text in enumerate(texts):
        out = tmp_path / f"r{i}.csv"
        _table(out, {})
        record_path(out).write_text(text)
        error, _ = _batch(out)
        if json.loads(text) if text.startswith("{") and "1e400" not in text else None:
            data = json.loads(text)
            if data == record or data == {**record, "extra_field": 1}:
                continue
        assert error is not None and out.name in error, (text[:60], error)


# --------------------------------------------------------------------------------- simulate
def _record(partial: Path) -> None:
    """The record ``simulate --games N --players 2 --out OUT`` writes for OUT's partial file."""
    import dataclasses

    from kingdomino_kit.game import GameOptions
    from kingdomino_kit.infra.provenance import record_run

    record_run(partial, "simulate", {"bots": ["random", "random"], "seed": 0,
                                     "options": dataclasses.asdict(GameOptions(players=2))})


def _fresh(tmp_path: Path) -> tuple[Path, Path]:
    from kingdomino_kit.infra.resumable import partial_path

    out = tmp_path / "s.csv"
    partial = partial_path(out)
    for path in (out, partial, record_path(partial)):
        if path.exists():
            path.unlink()
    return out, partial


def test_a_simulate_partial_file_broken_is_refused_or_resumed_to_the_same_bytes(
        tmp_path: Path, run: Any) -> None:
    full = tmp_path / "full.csv"
    assert run("simulate", "--games", "3", "--players", "2", "--out", str(full))[0] == 0
    want = full.read_bytes()
    lines = want.decode().splitlines(keepends=True)
    cases: list[tuple[str, str]] = [("as it was", "".join(lines[:5]))]
    header = lines[0].rstrip("\n").split(",")
    checked = {"game", "seed", "players", "player", "bot"}
    for row in (1, 3):  # game 0's first row (its seats checked), game 1's (played again)
        values = lines[row].rstrip("\n").split(",")
        for column, name in enumerate(header):
            if row == 1 and name not in checked:
                continue  # see the test below
            for cell in CELLS[:14]:
                changed = values.copy()
                changed[column] = cell
                text = "".join(lines[:row]) + ",".join(changed) + "\n" + "".join(lines[row + 1:5])
                cases.append((f"line {row + 1} {header[column]}={cell!r}", text))
    wrong = []
    for case, text in cases:
        out, partial = _fresh(tmp_path)
        _record(partial)
        partial.write_text(text)
        code, _, err = run("simulate", "--games", "3", "--players", "2", "--out", str(out),
                           "--resume")
        if code == 0:
            if out.read_bytes() != want:
                wrong.append(f"{case}: resumed to other bytes")
        elif code != 2 or len(err.splitlines()) != 1 or "s.csv.partial" not in err:
            wrong.append(f"{case}: {code} {err[-200:]}")
    assert not wrong, f"{len(wrong)} of {len(cases)}:\n" + "\n".join(wrong[:20])


def test_a_forged_score_of_an_earlier_resumed_game_is_refused(tmp_path: Path, run: Any) -> None:
    full = tmp_path / "full.csv"
    assert run("simulate", "--games", "3", "--players", "2", "--out", str(full))[0] == 0
    lines = full.read_text().splitlines(keepends=True)
    values = lines[1].split(",")
    values[5] = "999"  # game 0, player 0: score
    out, partial = _fresh(tmp_path)
    _record(partial)
    partial.write_text("".join([lines[0], ",".join(values), *lines[2:5]]))
    code, _, _ = run("simulate", "--games", "3", "--players", "2", "--out", str(out), "--resume")
    assert code == 2


def test_a_simulate_record_broken_anywhere_is_refused(tmp_path: Path, run: Any) -> None:
    full = tmp_path / "full.csv"
    assert run("simulate", "--games", "2", "--players", "2", "--out", str(full))[0] == 0
    rows = "".join(full.read_text().splitlines(keepends=True)[:3])
    out, partial = _fresh(tmp_path)
    _record(partial)
    good = json.loads(record_path(partial).read_text())
    partial.write_text(rows)
    assert run("simulate", "--games", "2", "--players", "2", "--out", str(out),
               "--resume")[0] == 0, "the sample record is not the run's"
    texts = [json.dumps(r) for _, r in broken(good)] + [
        "", "[" * 100_000, "9" * 5000, "NaN", "\x00", '{"format": 1e400}']
    wrong = []
    for text in texts:
        out, partial = _fresh(tmp_path)
        partial.write_text(rows)
        record_path(partial).write_text(text)
        code, _, err = run("simulate", "--games", "2", "--players", "2", "--out", str(out),
                           "--resume")
        if code == 2 and len(err.splitlines()) == 1 and "s.csv" in err:
            continue
        if code == 0 and text.startswith("{") and "extra_field" in text:
            continue  # a field the check does not compare
        wrong.append(f"{text[:200]!r}: {code} {err[-200:]}")
    assert not wrong, f"{len(wrong)} of {len(texts)}:\n" + "\n".join(wrong[:20])


# --------------------------------------------------------------------------------- catalogues
CATALOGUE_LINES = ORIGINS_CATALOGUE.read_text().splitlines()
HEAD = next(i for i, line in enumerate(CATALOGUE_LINES) if line.startswith("number"))
COLUMNS = CATALOGUE_LINES[HEAD].split(",")


def _catalogue_cases() -> list[tuple[str, str]]:
    body = CATALOGUE_LINES[HEAD + 1:]
    cases = []
    for column, name in enumerate(COLUMNS):
        for cell in CELLS:
            row = body[0].split(",")
            row[column] = cell if "," not in cell else f'"{cell}"'
            cases.append((f"{name}={cell!r}", "\n".join(
                [CATALOGUE_LINES[HEAD], ",".join(row), *body[1:]])))
    cases += [("a column missing", "\n".join(",".join(line.split(",")[:-1])
                                              for line in CATALOGUE_LINES[HEAD:])),
              ("a column more", "\n".join(line + ",0" for line in CATALOGUE_LINES[HEAD:])),
              ("a domino twice", "\n".join([*CATALOGUE_LINES[HEAD:], body[0]])),
              ("one domino", "\n".join(CATALOGUE_LINES[HEAD:HEAD + 2])),
              ("no domino", CATALOGUE_LINES[HEAD]), ("empty", ""),
              ("header only reordered", "\n".join([",".join(reversed(COLUMNS)), *body])),
              ("a NUL", "\n".join([*CATALOGUE_LINES[HEAD:], "\x00"])),
              ("a quote open", "\n".join([*CATALOGUE_LINES[HEAD:], '"1,volcano']))]
    return cases


CATALOGUE_CASES = _catalogue_cases()


def test_an_origins_catalogue_broken_anywhere_is_refused_naming_it_or_whole() -> None:
    wrong = []
    for case, text in CATALOGUE_CASES:
        try:
            catalogue = load_catalogue(text, "mine.csv")
        except KingdominoError as error:
            message = str(error)
            if "\n" in message or len(message) > 300 or "mine.csv" not in message:
                wrong.append(f"{case}: {message[:200]!r}")
            continue
        numbers = [d.number for d in catalogue]
        if len(set(numbers)) != len(numbers) or min(numbers) < 1:
            wrong.append(f"{case}: accepted {numbers[:5]}")
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize(("case", "text"), CATALOGUE_CASES[::9],
                         ids=[c for c, _ in CATALOGUE_CASES[::9]])
def test_an_origins_catalogue_on_the_command_line_is_one_line_or_played(
        case: str, text: str, tmp_path: Path, run: Any) -> None:
    path = tmp_path / "mine.csv"
    path.write_text(text)
    code, _, err = run("origins", "play", "--players", "2", "--seed", "1", "--catalogue",
                       str(path))
    if code != 0:
        refused_naming(code, err, "mine.csv")


KINGDOMINO_HEADER = "number,left_terrain,left_crowns,right_terrain,right_crowns"


@pytest.mark.parametrize("column", range(5))
def test_a_kingdomino_catalogue_cell_is_refused_naming_it_or_read(column: int) -> None:
    for cell in CELLS:
        row = ["1", "wheat", "0", "lake", "1"]
        row[column] = cell if "," not in cell else f'"{cell}"'
        text = f"{KINGDOMINO_HEADER}\n{','.join(row)}\n2,mine,3,swamp,0\n"
        try:
            catalogue = load_kingdomino_catalogue(text, "mine.csv")
        except KingdominoError as error:
            one_line(error)
            assert "mine.csv" in str(error), error
            continue
        assert all(0 <= h.crowns <= 3 for d in catalogue for h in d.halves), cell
        assert len({d.number for d in catalogue}) == len(catalogue), cell


# --------------------------------------------------------------------------------- processes
REAL_PROCESS = [
    ("sets.csv", "dominoes\n\"[1e400]\"\n", ["solve-batch", "{path}", "--out", "{dir}/o.csv"]),
    ("mine.csv", "number\n" + "9" * 200 + "\n",
     ["origins", "play", "--players", "2", "--catalogue", "{path}"]),
    ("answer.txt", "W " * 40_000, ["puzzle", "check", str(PUZZLE_FILE), "--answer", "{path}"]),
]


@pytest.mark.parametrize(("name", "content", "args"), REAL_PROCESS,
                         ids=[n for n, _, _ in REAL_PROCESS])
def test_a_broken_table_in_a_real_process_is_one_line(name: str, content: str,
                                                      args: list[str], tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_text(content)
    done = subprocess.run([sys.executable, "-m", "kingdomino_kit",
                           *(a.format(path=path, dir=tmp_path) for a in args)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    refused_naming(done.returncode, done.stderr, name)

