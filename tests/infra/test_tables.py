"""Tables: typed frames, CSV and Parquet written as a stream and read back the same."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.tables import (
    Column,
    Schema,
    open_table,
    read_metadata,
    read_table,
    to_frame,
)

SCHEMA = Schema((Column("n", "int64"), Column("bot", "category"), Column("won", "bool"),
                 Column("x", "float64"), Column("note", "str"), Column("hand", "ints"),
                 Column("order", "order")))
ROWS = [(i, f"bot{i % 3}", i % 2, i / 4, f"line {i}\nsecond", list(range(i % 4)),
         [{"domino": i + 1, "cells": [[0, i], [1, i]]}]) for i in range(23)]


def test_csv_and_parquet_read_back_as_the_same_frame(tmp_path: Path) -> None:
    expected = to_frame(ROWS, SCHEMA)
    for name in ("t.csv", "t.parquet"):
        with open_table(tmp_path / name, SCHEMA, row_group=5) as table:
            table.write(ROWS[:7])
            table.write(ROWS[7:])
        frame = read_table(tmp_path / name, SCHEMA)
        assert frame.equals(expected), name
        assert frame.dtypes.astype(str).tolist() == ["int64", "category", "bool", "float64",
                                                     "str", "object", "object"]
        assert frame["order"][3] == ROWS[3][6] and frame["hand"][3] == [0, 1, 2]
    assert pq.ParquetFile(tmp_path / "t.parquet").num_row_groups == 5  # 23 rows, 5 at a time


def test_csv_cells_are_plain_values_and_compact_json(tmp_path: Path) -> None:
    with open_table(tmp_path / "t.csv", SCHEMA) as table:
        table.write(ROWS[2:3])
    with open(tmp_path / "t.csv", newline="") as handle:
        header, line = list(csv.reader(handle))
    assert header == list(SCHEMA.names)
    assert line[:4] == ["2", "bot2", "0", "0.5"]
    assert json.loads(line[5]) == [0, 1] and line[5] == "[0,1]"


def test_a_failed_write_leaves_the_old_file(tmp_path: Path) -> None:
    for name in ("t.csv", "t.parquet"):
        target = tmp_path / name
        with open_table(target, SCHEMA) as table:
            table.write(ROWS[:3])
        before = target.read_bytes()
        with pytest.raises(RuntimeError), open_table(target, SCHEMA) as table:
            table.write(ROWS)
            raise RuntimeError("interrupted")
        assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv", "t.parquet"]


def test_metadata_and_bad_files(tmp_path: Path) -> None:
    with open_table(tmp_path / "t.parquet", SCHEMA, metadata={"size": 5}) as table:
        table.write([])
    assert read_metadata(tmp_path / "t.parquet") == {"size": 5}
    assert len(read_table(tmp_path / "t.parquet", SCHEMA)) == 0
    with pytest.raises(KingdominoError, match="end in .csv or .parquet"):
        open_table(tmp_path / "t.txt", SCHEMA).__enter__()
    (tmp_path / "bad.csv").write_text("n,bot\n1,a\n")
    with pytest.raises(KingdominoError, match="bad.csv: no column won, x"):
        read_table(tmp_path / "bad.csv", SCHEMA)
    with pytest.raises(KingdominoError, match="cannot read file .*missing.csv"):
        read_table(tmp_path / "missing.csv", SCHEMA)
    with pytest.raises(KingdominoError, match="kind 'text'"):
        Column("a", "text")
