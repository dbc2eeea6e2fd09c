"""One run at a time on one output file: a lock beside it, ``FILE.lock``.

A run that writes ``FILE`` bit by bit (a resumable CSV, a batch's journal) holds an exclusive
``flock`` on ``FILE.lock`` for as long as it writes; a second run on the same ``FILE`` is
refused at once with one line (:class:`OutputBusy`) instead of interleaving its rows with the
first one's. The lock goes with the process that holds it — a run killed outright leaves no
stale lock (the kernel releases it) — and the file is removed when the run ends. Where the
system has no ``flock`` (Windows) nothing is locked.

>>> import pathlib, tempfile
>>> out = pathlib.Path(tempfile.mkdtemp()) / "rows.csv"
>>> with OutputLock(out, "--out"):
...     try:
...         OutputLock(out, "--out").acquire()
...     except OutputBusy as busy:
...         print(str(busy).split(":")[0])
--out
>>> sorted(p.name for p in out.parent.iterdir())
[]
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

from kingdomino_kit.infra.atomic import CannotWrite, cause

__all__ = ["OutputBusy", "OutputLock", "lock_path"]


class OutputBusy(CannotWrite):
    """Another run is writing the same output file."""


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file of an output: ``FILE.lock`` beside it."""
    target = Path(path)
    return target.with_name(target.name + ".lock")


class OutputLock:
    """An exclusive lock on ``FILE.lock`` for the run writing ``FILE`` (a context manager, or
    :meth:`acquire` and :meth:`release`)."""

    def __init__(self, path: str | os.PathLike[str], what: str = "--out") -> None:
        self.name = os.fspath(path)
        self.path = lock_path(path)
        self.what = what
        self.fd: int | None = None

    def acquire(self) -> OutputLock:
        """Take the lock, or :class:`OutputBusy` if another run holds it."""
        try:
            import fcntl
        except ImportError:  # no flock here: nothing is locked
            return self
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as error:
                raise CannotWrite(f"{self.what}: cannot write {self.path}: "
                                  f"{cause(error)}") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                raise OutputBusy(f"{self.what}: another run is writing {self.name} (it holds "
                                 f"{self.path}); wait for it to end, or write to another "
                                 "file") from None
            if self._still_there(fd):
                self.fd = fd
                return self
            os.close(fd)  # the holder removed it as we opened it: take the new one

    def _still_there(self, fd: int) -> bool:
        try:
            return os.path.samestat(os.fstat(fd), os.stat(self.path))
        except OSError:
            return False

    def release(self) -> None:
        """Remove the lock file and let the lock go."""
        if self.fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        os.close(self.fd)
        self.fd = None

    def __enter__(self) -> OutputLock:
        return self.acquire()

    def __exit__(self, *exc: Any) -> None:
        self.release()
