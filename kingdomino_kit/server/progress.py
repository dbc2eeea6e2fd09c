"""A class's progress, kept on the server in one SQLite file: who joined, and for each student
and puzzle the tries, whether solved, the best score, the time spent and the board as it is now.

Every change is one transaction (SQLite's journal makes it whole or absent, never half), so a
reload, a crash of a student's kernel or two students writing at the same moment lose nothing:
writers wait for each other (``busy_timeout``) instead of failing. The students' kernels write
(each in its own process); the server's dashboard reads.

>>> import tempfile, pathlib
>>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "class.db")
>>> store.join("Ada")
'Ada'
>>> store.save_board("Ada", "p01", [["place", 41, 0, 1, 0, 2]])
>>> store.record_check("Ada", "p01", score=2, optimal=True)
>>> store.board("Ada", "p01")
[['place', 41, 0, 1, 0, 2]]
>>> row = store.rows()[0]
>>> row["student"], row["puzzle"], row["tries"], row["solved"], row["best"]
('Ada', 'p01', 1, True, 2)
>>> store.solved("Ada")
{'p01'}
>>> store.join("  ")
Traceback (most recent call last):
...
kingdomino_kit.server.progress.ProgressError: a student's name is 1–40 letters, ... (not '  ')
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.untrusted import shown

__all__ = ["COLUMNS", "ProgressError", "ProgressStore", "check_name"]

COLUMNS = ("student", "puzzle", "tries", "solved", "best", "seconds", "updated")
"""The dashboard's columns (and its CSV's), in order."""

_NAME = re.compile(r"[\w .'\-]{1,40}")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS students (name TEXT PRIMARY KEY, joined REAL NOT NULL);
CREATE TABLE IF NOT EXISTS progress (
    student TEXT NOT NULL, puzzle TEXT NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0, solved INTEGER NOT NULL DEFAULT 0, best INTEGER,
    started REAL NOT NULL, seconds REAL NOT NULL DEFAULT 0, updated REAL NOT NULL,
    board TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (student, puzzle));
"""


class ProgressError(KingdominoError):
    """A bad student name, or a progress file that is not the kit's."""


def check_name(name: Any) -> str:
    """A student's name, stripped: 1–40 letters, digits, spaces or ``.-_'``."""
    text = name.strip() if isinstance(name, str) else None
    if text is None or not _NAME.fullmatch(text):
        raise ProgressError("a student's name is 1–40 letters, digits, spaces or .-_' "
                            f"(not {shown(name)})")
    return text


class ProgressStore:
    """The progress file of one class (created on first use)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, timeout=30, isolation_level=None,
                                       check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as error:
            raise ProgressError(f"{self.path}: not a class progress file ({error})") from None

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """The store's one connection, for one thread at a time."""
        with self._lock:
            yield self._db

    def close(self) -> None:
        """Let the file go (the store is not used after)."""
        self._db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction that takes the write lock at once (no lost update between a read
        and a write of two students)."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def join(self, name: Any) -> str:
        """Register a student (again: nothing changes); return the name as kept."""
        student = check_name(name)
        with self._write() as db:
            db.execute("INSERT OR IGNORE INTO students VALUES (?, ?)", (student, time.time()))
        return student

    def _touch(self, db: sqlite3.Connection, student: str, puzzle: str, now: float) -> None:
        db.execute("INSERT OR IGNORE INTO students VALUES (?, ?)", (student, now))
        db.execute("INSERT OR IGNORE INTO progress (student, puzzle, started, updated) "
                   "VALUES (?, ?, ?, ?)", (student, puzzle, now, now))

    def save_board(self, student: str, puzzle: str, board: list[list[Any]]) -> None:
        """Keep the student's current board of a puzzle (what a reload shows again)."""
        student = check_name(student)
        now = time.time()
        with self._write() as db:
            self._touch(db, student, puzzle, now)
            db.execute("UPDATE progress SET board = ?, updated = ?, seconds = ? - started "
                       "WHERE student = ? AND puzzle = ?",
                       (json.dumps(board), now, now, student, puzzle))

    def record_check(self, student: str, puzzle: str, *, score: int | None,
                     optimal: bool) -> None:
        """Count a Check: one more try, the best legal score, solved once optimal."""
        student = check_name(student)
        now = time.time()
        with self._write() as db:
            self._touch(db, student, puzzle, now)
            db.execute("UPDATE progress SET tries = tries + 1, solved = MAX(solved, ?), "
                       "best = CASE WHEN ? IS NULL THEN best WHEN best IS NULL THEN ? "
                       "ELSE MAX(best, ?) END, updated = ?, seconds = ? - started "
                       "WHERE student = ? AND puzzle = ?",
                       (int(optimal), score, score, score, now, now, student, puzzle))

    def board(self, student: str, puzzle: str) -> list[list[Any]] | None:
        """The student's saved board of a puzzle, or None."""
        with self._connect() as db:
            row = db.execute("SELECT board FROM progress WHERE student = ? AND puzzle = ?",
                             (student, puzzle)).fetchone()
        return None if row is None else list(json.loads(row[0]))

    def solved(self, student: str) -> set[str]:
        """The puzzles a student has solved."""
        with self._connect() as db:
            rows = db.execute("SELECT puzzle FROM progress WHERE student = ? AND solved = 1",
                              (student,)).fetchall()
        return {r[0] for r in rows}

    def students(self) -> list[str]:
        """Every student who joined, in the order they joined."""
        with self._connect() as db:
            return [r[0] for r in db.execute("SELECT name FROM students ORDER BY joined, name")]

    def rows(self) -> list[dict[str, Any]]:
        """One row per student and puzzle tried, columns :data:`COLUMNS`."""
        with self._connect() as db:
            rows = db.execute("SELECT student, puzzle, tries, solved, best, seconds, updated "
                              "FROM progress ORDER BY student, puzzle").fetchall()
        return [dict(zip(COLUMNS, (s, p, t, bool(v), b, round(sec, 1), u), strict=True))
                for s, p, t, v, b, sec, u in rows]
