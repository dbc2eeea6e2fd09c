"""Files written atomically: a reader sees the old file or the whole new one, never a part.

The new content goes to a temporary file beside the target, which replaces the target (one
``os.replace``) only when the writing ended without an error; on an error the temporary file is
removed and the target is untouched.

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
kingdomino_kit.errors.KingdominoError: --out: cannot write .../dir.txt: No such file or directory
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator

from kingdomino_kit.errors import KingdominoError

__all__ = ["atomic_path"]


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str], what: str) -> Iterator[str]:
    """The name of a temporary file beside ``path`` for the block to write; it replaces
    ``path`` when the block ends without an error (``what`` names the file in messages, e.g.
    ``--out``). The file gets the permissions ``open()`` would have given it."""
    path = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, temporary = tempfile.mkstemp(dir=directory, prefix=".kingdomino-kit-",
                                         suffix=".tmp")
    except OSError as error:
        raise KingdominoError(f"{what}: cannot write {path}: {error.strerror}") from None
    os.close(fd)
    try:
        yield temporary
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # as open() would have made it, not mkstemp's 0600
        try:
            os.replace(temporary, path)
        except OSError as error:
            raise KingdominoError(f"{what}: cannot write {path}: {error.strerror}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
