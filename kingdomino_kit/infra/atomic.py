"""Files written whole or not at all: a writer never leaves half a file where a good one was.

:func:`atomic_write` writes a temporary file in the target's folder (so that the rename stays
on one file system), flushes it to the disk (``fsync``) and renames it over the target; an error
or an interruption before the rename deletes the temporary file and leaves the old target as it
was. The file gets the permissions the target had (or the umask's, as ``open`` would give); a
symbolic link is followed, so the file it points to is the one replaced.

>>> import pathlib, tempfile
>>> target = pathlib.Path(tempfile.mkdtemp()) / "log.json"
>>> with atomic_write(target) as handle:
...     _ = handle.write("whole")
>>> try:
...     with atomic_write(target) as handle:
...         _ = handle.write("half")
...         raise KeyboardInterrupt
... except KeyboardInterrupt:
...     pass
>>> target.read_text(), sorted(p.name for p in target.parent.iterdir())
('whole', ['log.json'])
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from kingdomino_kit.errors import KingdominoError

__all__ = ["CannotWrite", "atomic_path", "atomic_write", "atomic_write_bytes", "fsync_folder",
           "target_of"]


class CannotWrite(KingdominoError):
    """A file that cannot be written; the message is ``cannot write FILE: why``."""


def target_of(path: str | os.PathLike[str], what: str = "") -> Path:
    """The file a write to ``path`` replaces (a symbolic link followed); :class:`CannotWrite`
    for an empty name or a folder.

    >>> target_of("")
    Traceback (most recent call last):
    ...
    kingdomino_kit.infra.atomic.CannotWrite: cannot write '': no file name given
    """
    prefix = f"{what}: " if what else ""
    if not str(path).strip():
        raise CannotWrite(f"{prefix}cannot write '': no file name given")
    target = Path(os.path.realpath(path))
    if target.is_dir():
        raise CannotWrite(f"{prefix}cannot write {path}: it is a folder")
    return target


def fsync_folder(folder: Path) -> None:
    """Flush a folder's entries (a rename) to the disk, where the system allows it."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _mode(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _refused(path: str | os.PathLike[str], what: str, error: OSError) -> CannotWrite:
    prefix = f"{what}: " if what else ""
    return CannotWrite(f"{prefix}cannot write {os.fspath(path)}: {error.strerror or error}")


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str], what: str = "") -> Iterator[str]:
    """The name of a temporary file beside ``path`` for a writer that opens files itself (a
    Parquet writer, ...); it is flushed to the disk and replaces ``path`` when the block ends
    without an error, as :func:`atomic_write` does, and is removed otherwise.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> target = os.path.join(folder, "out.txt")
    >>> with atomic_path(target, "--out") as temporary:
    ...     with open(temporary, "w") as handle:
    ...         _ = handle.write("whole")
    >>> open(target).read(), os.listdir(folder)
    ('whole', ['out.txt'])
    >>> with atomic_path(os.path.join(folder, "no", "such", "dir.txt"), "--out") as temporary:
    ...     pass
    Traceback (most recent call last):
    ...
    kingdomino_kit.infra.atomic.CannotWrite: --out: cannot write .../dir.txt: No such file or ...
    """
    target = target_of(path, what)
    try:
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                         suffix=".tmp")
    except OSError as error:
        raise _refused(path, what, error) from None
    os.close(fd)
    try:
        yield temporary
        try:
            with open(temporary, "rb") as handle:
                os.fsync(handle.fileno())
            os.chmod(temporary, _mode(target))
            os.replace(temporary, target)
        except OSError as error:
            raise _refused(path, what, error) from None
        fsync_folder(target.parent)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


@contextlib.contextmanager
def atomic_write(path: str | os.PathLike[str], what: str = "") -> Iterator[TextIO]:
    """A text file (UTF-8, ``\\n`` line ends) that replaces ``path`` only when the block ends
    without an error (:func:`atomic_path`); :class:`CannotWrite` (``what``, e.g. ``--log``,
    names the option in the message) when the folder, the disk or the rename refuses."""
    with atomic_path(path, what) as temporary, \
            open(temporary, "w", encoding="utf-8", newline="") as handle:
        try:
            yield handle
            handle.flush()
        except OSError as error:
            if error.filename is None:  # a write to this file (a full disk, ...)
                raise _refused(path, what, error) from None
            raise


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes, what: str = "") -> None:
    """Replace ``path`` with ``data`` (a picture, ...) as :func:`atomic_write` does.

    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "plot.png"
    >>> atomic_write_bytes(target, bytes([137, 80, 78, 71]))
    >>> target.read_bytes()[1:]
    b'PNG'
    """
    with atomic_write(path, what) as handle:
        handle.flush()
        handle.buffer.write(data)
