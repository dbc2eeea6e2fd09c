"""The kit's compiled (numba) code, as a submission's kernel finds it.

Every compiled function of the kit is ``@njit(cache=True)``: the first process that calls it
compiles it (20–45 s in all on a laptop) and writes the result into the ``__pycache__`` beside
its module; later ones load it in a moment. A submission's kernel gets a fresh copy of those
files in its own ``NUMBA_CACHE_DIR`` (:func:`copy_cache`): it loads what is there, and what it
compiles itself is thrown away with its folder — a later submission never loads code an
earlier one wrote. :func:`cold_note` is the line the grader prints when the kit's cache is
not filled yet (each submission that runs compiled code then compiles it first).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from pathlib import Path

import kingdomino_kit

__all__ = ["cold_modules", "cold_note", "copy_cache", "kit_modules"]

_CACHED = re.compile(r"^\s*@(?:nb\.|numba\.)?n?jit\(.*\bcache=True", re.MULTILINE)


def _kit() -> Path:
    return Path(os.path.abspath(kingdomino_kit.__file__)).parent


def kit_modules() -> list[Path]:
    """The kit's modules with compiled, cached functions."""
    return sorted(p for p in _kit().rglob("*.py")
                  if _CACHED.search(p.read_text(encoding="utf-8", errors="replace")))


def cold_modules() -> list[Path]:
    """Those of :func:`kit_modules` with nothing in their cache (empty when numba is not in
    use)."""
    cold = [p for p in kit_modules()
            if not any((p.parent / "__pycache__").glob(f"{p.stem}.*.nbi"))]
    if not cold:
        return []
    from kingdomino_kit.game.fast.switch import available  # the game package: 1.5 s

    return cold if available() else []


def cold_note() -> str | None:
    """One line saying the compiled code is not cached yet, or ``None``."""
    cold = cold_modules()
    if not cold:
        return None
    script = _kit().parent / "scripts" / "warm_compiled.py"
    fix = f"; `python {script}` caches it" if script.is_file() else ""
    return (f"the kit's compiled code is not cached yet ({len(cold)} modules): a submission "
            f"that runs it compiles it in its kernel first, 20–45 s each{fix}")


def _subfolder(module_folder: Path) -> str:
    """The folder numba's ``NUMBA_CACHE_DIR`` locator uses for a module's folder."""
    name = os.path.abspath(module_folder)
    return f"{os.path.basename(name)}_{hashlib.sha1(name.encode()).hexdigest()}"


def copy_cache(target: Path) -> None:
    """Copy the kit's numba cache files into ``target``, laid out as numba looks them up
    there (``NUMBA_CACHE_DIR=target``)."""
    for cache in _kit().rglob("__pycache__"):
        files = [f for f in cache.iterdir() if f.suffix in (".nbi", ".nbc")]
        if files:
            into = target / _subfolder(cache.parent)
            into.mkdir(parents=True)
            for file in files:
                shutil.copyfile(file, into / file.name)
