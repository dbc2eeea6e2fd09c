"""A CSV of a long run, written as it is computed and never lost: ``simulate --out FILE``.

While the run goes on, its rows go to ``FILE.partial`` beside ``FILE`` (the name says the file
is incomplete), a group of rows at a time — the ``size`` rows of one game, one per player —
flushed after each group and flushed to the disk every :data:`SYNC_SECONDS`. A finished run
is flushed to the disk and renamed to ``FILE`` in one step, so ``FILE`` is either the old
file, whole, or the new one, whole; it is never emptied first. An interrupted run (Ctrl-C,
SIGTERM, an error) cuts ``FILE.partial`` back to its last complete group and leaves it there:
``--resume`` reads it back, checks that it belongs to the same run, and goes on from the next
group. A run without ``--resume`` refuses to start over an interrupted one's ``FILE.partial``.

Given ``run`` (the command and the parameters its rows depend on), the run is recorded beside
the partial file (:mod:`~kingdomino_kit.infra.provenance`) and ``--resume`` refuses rows made
by another command, other flags or another seed. While a run writes, it holds ``FILE.lock``
(:mod:`~kingdomino_kit.infra.outlock`): a second run on the same ``FILE`` is refused.

A run that stops on an error or a signal writes the SHA-256 of the rows it keeps beside them
(``FILE.partial.sha256``); ``--resume`` sets :attr:`ResumableCsv.verified` when the rows read
back are exactly those bytes (the caller sets it, too, once it has checked every row itself;
rows nobody vouched for are kept without a digest). A run killed outright (SIGKILL, a power
cut) leaves no digest, and rows changed since are not verified: the caller then checks every
resumed row, not a sample.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "run.csv"
>>> out = ResumableCsv(path, ("game", "player"), group="game", size=2)
>>> out.open(resume=False)
[]
>>> for row in ({"game": 0, "player": 0}, {"game": 0, "player": 1}, {"game": 1, "player": 0}):
...     out.write(row)
>>> out.keep()          # interrupted: game 1 is incomplete and cut off
1
>>> out = ResumableCsv(path, ("game", "player"), group="game", size=2)
>>> out.open(resume=True)
[[{'game': '0', 'player': '0'}, {'game': '0', 'player': '1'}]]
>>> out.write({"game": 1, "player": 0})
>>> out.write({"game": 1, "player": 1})
>>> out.commit()
>>> path.read_text().splitlines()
['game,player', '0,0', '0,1', '1,0', '1,1']
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import os
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.atomic import CannotWrite, atomic_write, cause, fsync_folder, target_of
from kingdomino_kit.infra.outlock import OutputLock
from kingdomino_kit.infra.provenance import check_run, forget_run, record_run

__all__ = ["ResumableCsv", "SYNC_SECONDS", "partial_path"]

SYNC_SECONDS = 30.0
"""How often the rows written so far are flushed to the disk (besides at the end)."""


def partial_path(path: str | os.PathLike[str]) -> Path:
    """Where the rows of a run on ``path`` go until it is complete: ``path.partial``.

    >>> partial_path("out/games.csv").name
    'games.csv.partial'
    """
    target = Path(path)
    return target.with_name(target.name + ".partial")


class ResumableCsv:
    """The rows of a run bound for ``path`` (see the module): :meth:`open`, :meth:`write` each
    row, then :meth:`commit` (complete) or :meth:`keep` (interrupted)."""

    def __init__(self, path: str | os.PathLike[str], columns: Sequence[str], *, group: str,
                 size: int, what: str = "--out",
                 run: tuple[str, dict[str, Any]] | None = None) -> None:
        self.name = str(path)
        self.what = what
        self.target = target_of(path, what)
        self.partial = target_of(partial_path(self.target), what)
        self.run = run
        self.lock = OutputLock(self.target, what)
        self.columns = tuple(columns)
        self.group = group
        self.size = size
        self.groups = 0
        self._in_group = 0
        self._handle: BinaryIO | None = None
        self._end = 0          # bytes of the complete groups written
        self.verified = False  # the rows read back are those a stopped run kept (its digest)
        self._synced = time.monotonic()

    def _refused(self, error: OSError, name: str | Path | None = None) -> CannotWrite:
        return CannotWrite(f"{self.what}: cannot write {name or self.partial}: {cause(error)}")

    # ------------------------------------------------------------------ open
    def open(self, *, resume: bool) -> list[list[dict[str, str]]]:
        """Start writing; with ``resume``, first read back the complete groups an interrupted
        run left in the partial file (returned, values as text, for the caller to check) and
        go on after them. Without it, an existing partial file is an error."""
        self.lock.acquire()
        try:
            self._begin(resume)
            return self._open(resume)
        except BaseException:
            self.lock.release()
            raise

    def _begin(self, resume: bool) -> None:
        """Refuse another run's rows; record this run's (a fresh start)."""
        exists = self.partial.exists()
        if exists and not resume:
            raise CannotWrite(f"{self.what}: {self.partial} holds the rows of an interrupted "
                              "run: add --resume to finish it, or delete it to start again")
        if self.run is None:
            return
        if exists:
            check_run(self.partial, *self.run, "--resume")
        else:
            record_run(self.partial, *self.run)

    def _open(self, resume: bool) -> list[list[dict[str, str]]]:
        groups: list[list[dict[str, str]]] = []
        exists = self.partial.exists()
        try:
            if exists:
                groups, self._end = self._read_back()
                with contextlib.suppress(OSError, UnicodeDecodeError):
                    said = self.digest_path.read_text(encoding="ascii").strip()
                    self.verified = said == self._digest(self._end)
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(self.digest_path)  # the file grows again: the digest is stale
                self._handle = open(self.partial, "r+b")  # noqa: SIM115 - closed by commit/keep
                self._handle.truncate(self._end)
                self._handle.seek(self._end)
            else:
                self.verified = True                     # nothing read back: nothing to doubt
                self._handle = open(self.partial, "wb")  # noqa: SIM115 - closed by commit/keep
                self._handle.write(_line(self.columns))
                self._handle.flush()
                self._end = self._handle.tell()
        except OSError as error:
            raise self._refused(error) from None
        self.groups = len(groups)
        return groups

    @property
    def digest_path(self) -> Path:
        """Where a stopped run writes the SHA-256 of the rows it keeps: ``FILE.partial.sha256``."""
        return self.partial.with_name(self.partial.name + ".sha256")

    def _digest(self, end: int) -> str:
        with open(self.partial, "rb") as handle:
            return hashlib.sha256(handle.read(end)).hexdigest()

    def _read_back(self) -> tuple[list[list[dict[str, str]]], int]:
        """The complete groups of the partial file and the byte offset where they end (a
        last group without its last row, or a line cut short, is dropped)."""
        with open(self.partial, "rb") as handle:
            header = handle.readline()
            if _fields(header) != list(self.columns):
                raise KingdominoError(f"{self.what}: {self.partial} is not a partial file of "
                                      f"this run (its header is not {','.join(self.columns)})")
            groups: list[list[dict[str, str]]] = []
            current: list[dict[str, str]] = []
            end = handle.tell()
            for line in iter(handle.readline, b""):
                values = _fields(line) if line.endswith(b"\n") else None
                if values is None or len(values) != len(self.columns):
                    break  # a line cut short by the interruption: dropped with what follows
                row = dict(zip(self.columns, values, strict=True))
                if current and row[self.group] != current[0][self.group]:
                    break  # a new group started before the last one ended: not ours
                current.append(row)
                if len(current) == self.size:
                    groups.append(current)
                    current = []
                    end = handle.tell()
        return groups, end

    # ------------------------------------------------------------------ write
    def write(self, row: dict[str, Any]) -> None:
        """Write one row; the last row of a group makes the group complete (flushed)."""
        handle = self._handle
        if handle is None:
            raise KingdominoError("ResumableCsv.write: open() it first")
        try:
            handle.write(_line([row[c] for c in self.columns]))
            self._in_group += 1
            if self._in_group == self.size:
                self._in_group = 0
                handle.flush()
                self._end = handle.tell()
                self.groups += 1
                if time.monotonic() - self._synced > SYNC_SECONDS:
                    os.fsync(handle.fileno())
                    self._synced = time.monotonic()
        except OSError as error:
            raise self._refused(error) from None

    def rows(self) -> Iterator[dict[str, str]]:
        """The rows of the complete groups written so far (values as text), read back from the
        partial file (up to where it ends now)."""
        return self._rows(self._end)

    def _rows(self, end: int) -> Iterator[dict[str, str]]:
        with open(self.partial, "rb") as handle:
            handle.readline()
            while handle.tell() < end:
                values = _fields(handle.readline())
                if not values:
                    return
                yield dict(zip(self.columns, values, strict=True))

    # ------------------------------------------------------------------ end
    def commit(self) -> None:
        """The run is complete: flush the partial file to the disk and rename it to the
        target in one step."""
        handle = self._handle
        if handle is None:
            raise KingdominoError("ResumableCsv.commit: open() it first")
        try:
            handle.flush()
            os.fsync(handle.fileno())
            handle.close()
            self._handle = None
            os.replace(self.partial, self.target)
        except OSError as error:
            raise self._refused(error, self.name) from None
        fsync_folder(self.target.parent)
        forget_run(self.partial)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.digest_path)
        self.lock.release()

    def keep(self) -> int:
        """The run stopped early: cut the partial file back to its complete groups, flush it to
        the disk and leave it for ``--resume``; returns the number of complete groups."""
        handle = self._handle
        if handle is None:
            self.lock.release()
            return self.groups
        with contextlib.suppress(OSError):
            handle.flush()
            handle.truncate(self._end)
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):
            handle.close()
        self._handle = None
        if self.verified:  # rows nobody vouched for get no digest: checked in full
            with contextlib.suppress(OSError, KingdominoError):
                digest = self._digest(self._end)
                with atomic_write(self.digest_path, follow_symlinks=False) as out:
                    out.write(digest + "\n")
        self.lock.release()
        return self.groups


def _line(values: Sequence[Any]) -> bytes:
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerow(values)
    return text.getvalue().encode("utf-8")


def _fields(line: bytes) -> list[str] | None:
    try:
        return next(csv.reader([line.decode("utf-8").rstrip("\n")]), [])
    except (UnicodeDecodeError, csv.Error):
        return None
