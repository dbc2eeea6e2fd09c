"""Files written whole or not at all: a writer never leaves half a file where a good one was.

:func:`atomic_write` writes a temporary file in the target's folder (so that the rename stays
on one file system), flushes it to the disk (``fsync``) and renames it over the target; an error
or an interruption before the rename deletes the temporary file and leaves the old target as it
was. The file gets the permissions the target had (or the umask's, as ``open`` would give).

Only a regular file or a new name is written: a device, a FIFO, a socket or a folder is refused
(:class:`CannotWrite`, one line) — a rename over ``/dev/null`` would replace the device with a
regular file. A symbolic link is refused too unless following it is asked for
(``follow_symlinks=True``, or :func:`following_symlinks` around the writes — the command line's
``--follow-symlinks``): then the file it points to is the one replaced, if it is regular. An
error while writing names the file and the cause (a full disk, a file-size limit).

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
import contextvars
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from kingdomino_kit.errors import KingdominoError

__all__ = ["FOLLOW_SYMLINKS", "CannotWrite", "atomic_path", "atomic_write", "atomic_write_bytes",
           "cause", "check_folder", "check_writable", "following_symlinks", "fsync_folder",
           "target_of"]


class CannotWrite(KingdominoError):
    """A file that cannot be written; the message is ``cannot write FILE: why``."""


FOLLOW_SYMLINKS: contextvars.ContextVar[bool] = contextvars.ContextVar("follow_symlinks",
                                                                       default=False)
"""Whether a write to a symbolic link replaces the file it points to (else it is refused);
set for a block by :func:`following_symlinks`."""


@contextlib.contextmanager
def following_symlinks(follow: bool = True) -> Iterator[None]:
    """For the block, writes follow symbolic links (``follow``) or refuse them."""
    token = FOLLOW_SYMLINKS.set(follow)
    try:
        yield
    finally:
        FOLLOW_SYMLINKS.reset(token)


KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"),
         (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
         (stat.S_ISSOCK, "a socket"))
"""What a path that is not a regular file may be, as messages say it."""


def _kind(mode: int) -> str | None:
    """What a non-regular file is (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in KINDS if test(mode)), "not a regular file")


def target_of(path: str | os.PathLike[str], what: str = "", *,
              follow_symlinks: bool | None = None) -> Path:
    """The file a write to ``path`` replaces: ``path`` itself (its folder's symbolic links
    resolved), or with ``follow_symlinks`` (default :data:`FOLLOW_SYMLINKS`) the file a
    symbolic link points to. :class:`CannotWrite` for an empty name, a symbolic link not to be
    followed, or anything but a regular file or a new name (a folder, device, FIFO, socket).

    >>> target_of("")
    Traceback (most recent call last):
    ...
    kingdomino_kit.infra.atomic.CannotWrite: cannot write '': no file name given
    >>> target_of("/dev/null", "--log")
    Traceback (most recent call last):
    ...
    kingdomino_kit.infra.atomic.CannotWrite: --log: cannot write /dev/null: it is a character ...
    """
    prefix = f"{what}: " if what else ""
    if not str(path).strip():
        raise CannotWrite(f"{prefix}cannot write '': no file name given")
    follow = FOLLOW_SYMLINKS.get() if follow_symlinks is None else follow_symlinks
    name = Path(path)
    if os.path.islink(name):
        if not follow:
            raise CannotWrite(f"{prefix}cannot write {os.fspath(path)}: it is a symbolic link "
                              "(--follow-symlinks writes the file it points to)")
        target = Path(os.path.realpath(name))
    else:
        target = Path(os.path.realpath(name.parent or ".")) / name.name
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return target  # a new name (its folder is checked when the file is made)
    kind = _kind(mode)
    if kind == "a folder":
        raise CannotWrite(f"{prefix}cannot write {os.fspath(path)}: it is a folder")
    if kind is not None:
        raise CannotWrite(f"{prefix}cannot write {os.fspath(path)}: it is {kind}, not a "
                          "regular file")
    return target


def _probe(folder: Path, path: str | os.PathLike[str], what: str) -> None:
    """Make and remove a file in ``folder``: :class:`CannotWrite` naming ``path`` if it can't."""
    try:
        handle, name = tempfile.mkstemp(prefix=".kingdomino-kit-", suffix=".probe", dir=folder)
    except OSError as error:
        raise _refused(path, what, error) from None
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(name)


def check_writable(path: str | os.PathLike[str], what: str = "", *,
                   follow_symlinks: bool | None = None) -> Path:
    """:func:`target_of` and a file made and removed in its folder, so that a command refuses
    an output it could not write before it starts its work (a folder that is missing, not a
    folder, read-only, full of inodes).

    >>> check_writable("/nonexistent/folder/log.json", "--log")
    Traceback (most recent call last):
    ...
    kingdomino_kit.infra.atomic.CannotWrite: --log: cannot write /nonexistent/folder/log.json: \
No such file or directory (ENOENT)
    """
    target = target_of(path, what, follow_symlinks=follow_symlinks)
    _probe(target.parent, path, what)
    return target


def check_folder(path: str | os.PathLike[str], what: str = "") -> Path:
    """A folder files will be written into (made if missing): refused unless it is a folder,
    or a new name in a folder, where a file can be made."""
    folder = Path(path)
    if not str(path).strip():
        raise CannotWrite(f"{what}: cannot write into '': no folder name given")
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise CannotWrite(f"{what}: cannot write into {os.fspath(path)}: {existing} is not a "
                          "folder")
    _probe(existing, path, what)
    return folder


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
    return CannotWrite(f"{prefix}cannot write {os.fspath(path)}: {cause(error)}")


def cause(error: OSError) -> str:
    """Why a write failed, in words and with the system's name for it (``ENOSPC``, ...).

    >>> import errno
    >>> cause(OSError(errno.EFBIG, "File too large"))
    'File too large (EFBIG)'
    """
    code = errno.errorcode.get(error.errno or 0)
    text = error.strerror or str(error)
    return f"{text} ({code})" if code else text


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str], what: str = "", *,
                follow_symlinks: bool | None = None) -> Iterator[str]:
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
    target = target_of(path, what, follow_symlinks=follow_symlinks)
    try:
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                         suffix=".tmp")
    except OSError as error:
        raise _refused(path, what, error) from None
    os.close(fd)
    try:
        try:
            yield temporary
        except OSError as error:
            if error.filename in (None, temporary):  # writing it failed (a full disk, ...)
                raise _refused(path, what, error) from None
            raise
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
def atomic_write(path: str | os.PathLike[str], what: str = "", *,
                 follow_symlinks: bool | None = None) -> Iterator[TextIO]:
    """A text file (UTF-8, ``\\n`` line ends) that replaces ``path`` only when the block ends
    without an error (:func:`atomic_path`); :class:`CannotWrite` (``what``, e.g. ``--log``,
    names the option in the message) when the path, the folder, the disk or the rename
    refuses."""
    with atomic_path(path, what, follow_symlinks=follow_symlinks) as temporary:
        try:
            with open(temporary, "w", encoding="utf-8", newline="") as handle:
                yield handle
                handle.flush()
        except OSError as error:
            if error.filename in (None, temporary):  # a write to this file (a full disk, ...)
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
