"""Tables of results: typed columns, pandas DataFrames, and CSV or Parquet files written as a
stream.

A :class:`Schema` names a table's columns and the kind of each. Rows travel as plain tuples in
the schema's order (cheap to pickle between processes); a file is chosen by its name — ``.csv``
or ``.parquet`` — and written atomically (:mod:`kingdomino_kit.infra.atomic`) in row groups, so a
table of forty million rows never sits in memory at once. pandas and pyarrow are loaded only by
the functions that need them (``import kingdomino_kit.infra.tables`` loads neither).

Kinds: ``int8`` … ``int64``, ``float64``; ``bool`` (``1``/``0`` in CSV, as the simulation has
always written it); ``str``; ``category`` (a short text repeated often, such as a bot name:
pandas ``category``, dictionary-encoded in Parquet); ``ints`` (a list of ints: a Parquet list,
compact JSON in CSV); ``order`` (a ``solve --json`` placement order: a Parquet list of
``{domino, cells}`` structs, compact JSON in CSV).

>>> schema = Schema((Column("name", "category"), Column("score", "int16"),
...                  Column("won", "bool"), Column("hand", "ints")))
>>> frame = to_frame([("a", 10, 1, [3, 17]), ("b", 7, 0, [48])], schema)
>>> frame.dtypes.astype(str).tolist(), frame["hand"].tolist()
(['category', 'int16', 'bool', 'object'], [[3, 17], [48]])
>>> csv_line(("a", 10, 1, [3, 17]), schema)
['a', 10, 1, '[3,17]']
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.atomic import atomic_path
from kingdomino_kit.infra.untrusted import BadJson, parse_json

__all__ = ["FORMATS", "KINDS", "Column", "Schema", "TableSink", "csv_line", "open_table",
           "read_metadata", "read_table", "table_format", "to_frame"]

KINDS = ("int8", "int16", "int32", "int64", "float64", "bool", "str", "category", "ints",
         "order")
"""The kinds of column (see the module docstring)."""

FORMATS = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet"}
"""File formats by the end of the file's name."""

ROW_GROUP = 65_536
"""Rows per Parquet row group (and per batch held in memory while a table is written)."""

METADATA_KEY = "kingdomino-kit"
"""The key of the kit's own metadata (JSON) in a Parquet file's schema."""

_LISTS = ("ints", "order")


@dataclass(frozen=True)
class Column:
    """One column: its name, its kind (:data:`KINDS`) and what it holds."""

    name: str
    kind: str
    doc: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise KingdominoError(f"column {self.name}: kind {self.kind!r} is not one of "
                                  f"{', '.join(KINDS)}")


@dataclass(frozen=True)
class Schema:
    """The columns of a table, in order."""

    columns: tuple[Column, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The column names, in order."""
        return tuple(c.name for c in self.columns)

    def pandas_dtypes(self) -> dict[str, str]:
        """Each column's pandas dtype (lists are ``object``)."""
        return {c.name: "object" if c.kind in _LISTS else c.kind for c in self.columns}


def table_format(path: str | os.PathLike[str], what: str = "file") -> str:
    """``csv`` or ``parquet``, from the end of ``path``'s name.

    >>> table_format("runs/results.parquet"), table_format("optima.CSV")
    ('parquet', 'csv')
    >>> table_format("results.xlsx", "--out")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: --out: results.xlsx: the name must end in .csv or ...
    """
    ext = os.path.splitext(os.fspath(path))[1].lower()
    if ext not in FORMATS:
        raise KingdominoError(f"{what}: {os.fspath(path)}: the name must end in .csv or .parquet")
    return FORMATS[ext]


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def csv_line(row: Sequence[Any], schema: Schema) -> list[Any]:
    """A row as the cells of a CSV line: lists as compact JSON, everything else as it is (the
    ``csv`` module writes ints and texts as ``str`` would)."""
    return [_json(v) if c.kind in _LISTS else v for c, v in zip(schema.columns, row,
                                                                   strict=True)]


def to_frame(rows: Iterable[Sequence[Any]], schema: Schema) -> Any:
    """A pandas DataFrame of ``rows`` (tuples in the schema's order) with the schema's dtypes."""
    import pandas as pd

    columns: list[list[Any]] = [[] for _ in schema.columns]
    for row in rows:
        for values, value in zip(columns, row, strict=True):
            values.append(value)
    return _typed(pd.DataFrame(dict(zip(schema.names, columns, strict=True))), schema)


def _typed(frame: Any, schema: Schema) -> Any:
    import pandas as pd

    out = {}
    for column in schema.columns:
        values = frame[column.name]
        if column.kind in _LISTS:
            out[column.name] = pd.Series(list(values), dtype="object", index=frame.index)
        elif column.kind == "category":
            out[column.name] = values.astype("str").astype("category")
        else:
            out[column.name] = values.astype(column.kind)
    return pd.DataFrame(out, index=pd.RangeIndex(len(frame)))


# ---------------------------------------------------------------------------------- writing
class TableSink:
    """Where :func:`open_table` writes: call :meth:`write` with batches of rows."""

    def write(self, rows: Sequence[Sequence[Any]]) -> None:
        """Add ``rows`` (tuples in the schema's order) to the table."""
        raise NotImplementedError


class _CsvSink(TableSink):
    def __init__(self, handle: TextIO, schema: Schema) -> None:
        self.schema = schema
        self.writer = csv.writer(handle, lineterminator="\n")
        self.writer.writerow(schema.names)
        self.lists = any(c.kind in _LISTS for c in schema.columns)

    def write(self, rows: Sequence[Sequence[Any]]) -> None:
        if self.lists:
            rows = [csv_line(row, self.schema) for row in rows]
        self.writer.writerows(rows)


class _ParquetSink(TableSink):
    def __init__(self, path: str, schema: Schema, metadata: Mapping[str, Any] | None,
                 row_group: int) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.pa = pa
        self.schema = schema
        self.arrow = arrow_schema(schema, metadata)
        self.writer = pq.ParquetWriter(path, self.arrow)
        self.pending: list[Sequence[Any]] = []
        self.row_group = row_group

    def write(self, rows: Sequence[Sequence[Any]]) -> None:
        self.pending.extend(rows)
        while len(self.pending) >= self.row_group:
            self._flush(self.pending[:self.row_group])
            del self.pending[:self.row_group]

    def _flush(self, rows: Sequence[Sequence[Any]]) -> None:
        pa = self.pa
        columns = list(zip(*rows, strict=True)) if rows else [() for _ in self.schema.columns]
        arrays = []
        for column, field, cells in zip(self.schema.columns, self.arrow, columns, strict=True):
            values = [bool(v) for v in cells] if column.kind == "bool" else list(cells)
            if column.kind == "category":
                arrays.append(pa.array(values, type=pa.string()).dictionary_encode())
            else:
                arrays.append(pa.array(values, type=field.type))
        self.writer.write_table(pa.Table.from_arrays(arrays, schema=self.arrow))

    def close(self) -> None:
        if self.pending:
            self._flush(self.pending)
        self.pending = []
        self.writer.close()


def arrow_schema(schema: Schema, metadata: Mapping[str, Any] | None = None) -> Any:
    """The pyarrow schema of a table (with the kit's ``metadata`` as JSON, if any)."""
    import pyarrow as pa

    cell = pa.list_(pa.int8())
    types = {"int8": pa.int8(), "int16": pa.int16(), "int32": pa.int32(), "int64": pa.int64(),
             "float64": pa.float64(), "bool": pa.bool_(), "str": pa.string(),
             "category": pa.dictionary(pa.int32(), pa.string()), "ints": pa.list_(pa.int16()),
             "order": pa.list_(pa.struct([("domino", pa.int16()), ("cells", pa.list_(cell))]))}
    meta = None if metadata is None else {METADATA_KEY: json.dumps(dict(metadata))}
    return pa.schema([(c.name, types[c.kind]) for c in schema.columns], metadata=meta)


@contextlib.contextmanager
def open_table(path: str | os.PathLike[str] | TextIO, schema: Schema, what: str = "--out", *,
               metadata: Mapping[str, Any] | None = None, row_group: int = ROW_GROUP
               ) -> Iterator[TableSink]:
    """A table to write, batch by batch: CSV or Parquet by the end of ``path``'s name (or CSV
    on an open text file such as ``sys.stdout``). A file is replaced whole, and only when the
    block ends without an error; Parquet is written ``row_group`` rows at a time and keeps
    ``metadata`` (read back by :func:`read_metadata`)."""
    if not isinstance(path, str | os.PathLike):
        yield _CsvSink(path, schema)
        return
    kind = table_format(path, what)
    with atomic_path(path, what) as temporary:
        if kind == "csv":
            with open(temporary, "w", encoding="utf-8", newline="") as handle:
                yield _CsvSink(handle, schema)
            return
        sink = _ParquetSink(temporary, schema, metadata, row_group)
        try:
            yield sink
        finally:
            sink.close()


# ---------------------------------------------------------------------------------- reading
def read_table(path: str | os.PathLike[str], schema: Schema, what: str = "file") -> Any:
    """A CSV or Parquet table written by :func:`open_table` as a DataFrame with the schema's
    dtypes (the same frame from either format). Extra columns are dropped; a missing column
    is an error naming the file."""
    import pandas as pd

    name = os.fspath(path)
    kind = table_format(name, what)
    try:
        if kind == "parquet":
            import pyarrow.parquet as pq

            table = pq.read_table(name)
            present = set(table.column_names)
            _check_columns(name, present, schema)
            frame = pd.DataFrame({c.name: (table.column(c.name).to_pylist()
                                           if c.kind in _LISTS
                                           else table.column(c.name).to_pandas())
                                  for c in schema.columns})
        else:
            frame = pd.read_csv(name, dtype=str, keep_default_na=False)
            _check_columns(name, set(frame.columns), schema)
            frame = frame[list(schema.names)]
            for column in schema.columns:
                frame[column.name] = _from_csv(frame[column.name], column, name)
        return _typed(frame, schema)
    except OSError as error:
        raise KingdominoError(f"cannot read {what} {name}: {error.strerror or error}") from None
    except (ValueError, TypeError, OverflowError, RecursionError) as error:
        if isinstance(error, KingdominoError):
            raise
        why = " ".join(str(error).split())[:120] or type(error).__name__
        raise KingdominoError(f"{name}: not a table of this kind ({why})") from None


def _check_columns(name: str, present: set[str], schema: Schema) -> None:
    missing = [n for n in schema.names if n not in present]
    if missing:
        raise KingdominoError(f"{name}: no column {', '.join(missing)}")


def _from_csv(values: Any, column: Column, name: str) -> Any:
    if column.kind in _LISTS:
        def cell(text: str) -> Any:
            try:
                return parse_json(text)
            except BadJson as error:
                raise KingdominoError(f"{name}: column {column.name}: {error}") from None

        return values.map(cell)
    if column.kind.startswith("int") or column.kind in ("bool", "float64"):
        numbers = values.astype("float64" if column.kind == "float64" else "int64")
        return numbers.astype(bool) if column.kind == "bool" else numbers
    return values


def read_metadata(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The kit's metadata stored in a Parquet file by :func:`open_table` (None for CSV or a
    file without it)."""
    if table_format(path) != "parquet":
        return None
    import pyarrow.parquet as pq

    meta = pq.read_schema(os.fspath(path)).metadata or {}
    raw = meta.get(METADATA_KEY.encode())
    data: dict[str, Any] | None = json.loads(raw) if raw else None
    return data
