"""A wheel of the kit for the browser kernel, the same bytes for the same sources.

The wheel holds the whole package as it is on disk (the puzzle collection and the data
included; caches left out) and declares no dependency: in the browser the kit runs on its
pure-Python core, which imports OR-Tools, numpy and numba only where they are used (a CP-SAT
solve, a compiled game), never at import. What the offline notebooks import is in the site's
lock (:mod:`.lock`). Every entry of the archive has the same time stamp and mode and the
entries are sorted, so the wheel's sha256 depends on the sources only.
"""

from __future__ import annotations

import base64
import hashlib
import os
import zipfile
from pathlib import Path

import kingdomino_kit

__all__ = ["WHEEL_NAME", "kit_files", "write_kit_wheel"]

WHEEL_NAME = f"kingdomino_kit-{kingdomino_kit.__version__}-py3-none-any.whl"
_DIST_INFO = f"kingdomino_kit-{kingdomino_kit.__version__}.dist-info"
_STAMP = (2026, 1, 1, 0, 0, 0)
_SKIPPED = {"__pycache__", ".ipynb_checkpoints", ".mypy_cache", ".pytest_cache"}


def kit_files(package: Path | None = None) -> list[tuple[str, Path]]:
    """The package's files as (archive name, path), sorted; symbolic links followed, caches
    and hidden files left out."""
    root = package or Path(kingdomino_kit.__file__).resolve().parent
    out = []
    for folder, subfolders, files in os.walk(root, followlinks=True):  # the collection: a link
        subfolders[:] = [d for d in subfolders if d not in _SKIPPED and not d.startswith(".")]
        for name in files:
            path = Path(folder) / name
            if not name.startswith(".") and path.suffix != ".pyc":
                out.append(("kingdomino_kit/" + path.relative_to(root).as_posix(), path))
    return sorted(out)


def _metadata() -> bytes:
    return (f"Metadata-Version: 2.1\nName: kingdomino-kit\nVersion: {kingdomino_kit.__version__}\n"
            "Summary: Kingdomino rules, boards, puzzles and exercises (the Lite edition's core)\n"
            "Requires-Python: >=3.10\n").encode()


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def write_kit_wheel(folder: Path, package: Path | None = None) -> Path:
    """Write the kit's wheel into ``folder``; returns its path."""
    entries = [(name, path.read_bytes()) for name, path in kit_files(package)]
    entries += [
        (f"{_DIST_INFO}/METADATA", _metadata()),
        (f"{_DIST_INFO}/WHEEL", b"Wheel-Version: 1.0\nGenerator: kingdomino-kit lite\n"
                                b"Root-Is-Purelib: true\nTag: py3-none-any\n"),
        (f"{_DIST_INFO}/top_level.txt", b"kingdomino_kit\n"),
    ]
    record = "".join(_record_line(n, d) for n, d in entries) + f"{_DIST_INFO}/RECORD,,\n"
    entries.append((f"{_DIST_INFO}/RECORD", record.encode()))
    target = folder / WHEEL_NAME
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=_STAMP)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return target
