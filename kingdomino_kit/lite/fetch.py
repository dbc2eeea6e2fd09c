"""The site's sources into a cache folder, from the registries, each checked against its pin.

Wheels come from PyPI through ``pip download`` (``--require-hashes``: another file is refused),
the Pyodide core from npm through ``npm pack`` (its integrity checked here). A file already in
the cache with the pinned hash is not fetched again, so a second build needs no network.
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.lite.pins import PYODIDE_INTEGRITY, PYODIDE_NPM, PYODIDE_VERSION

__all__ = ["LiteBuildError", "fetch_pyodide", "fetch_wheels", "sha256_of", "wheel_member"]


class LiteBuildError(KingdominoError):
    """The Lite site could not be built (a source missing, a hash wrong, a tool failing)."""


def sha256_of(path: Path) -> str:
    """The hex sha256 of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _requirement(name: str, sha256: str) -> str:
    project, version = name.split("-")[:2]
    return f"{project}=={version} --hash=sha256:{sha256}"


def _run(command: Sequence[str], what: str) -> None:
    done = subprocess.run(list(command), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise LiteBuildError(f"{what} failed (exit {done.returncode}): {last}")


def fetch_wheels(pins: Sequence[tuple[str, str]], cache: Path) -> dict[str, Path]:
    """Every pinned wheel in ``cache/wheels`` (downloaded from PyPI if missing): name → path."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    missing = [(name, sha) for name, sha in pins
               if not (folder / name).is_file() or sha256_of(folder / name) != sha]
    if missing:
        with tempfile.TemporaryDirectory() as tmp:
            requirements = Path(tmp) / "requirements.txt"
            requirements.write_text("".join(_requirement(n, s) + "\n" for n, s in missing))
            _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                  "--only-binary=:all:", "--platform", "any", "--python-version", "3.14",
                  "--implementation", "py", "--abi", "none", "--require-hashes",
                  "-r", str(requirements), "-d", tmp], "pip download")
            for name, _ in missing:
                if not (Path(tmp) / name).is_file():
                    raise LiteBuildError(f"pip download: {name} was not downloaded")
                shutil.move(str(Path(tmp) / name), folder / name)
    found = {name: folder / name for name, _ in pins}
    for name, sha in pins:
        if sha256_of(found[name]) != sha:
            raise LiteBuildError(f"{found[name]}: sha256 is not the pinned {sha}")
    return found


def _integrity(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch_pyodide(cache: Path) -> Path:
    """The ``pyodide`` npm tarball in ``cache/npm`` (``npm pack`` if missing), integrity checked."""
    folder = cache / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    tarball = folder / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.is_file() or _integrity(tarball) != PYODIDE_INTEGRITY:
        npm = shutil.which("npm")
        if npm is None:
            raise LiteBuildError("npm is not installed: the Pyodide core comes from the npm "
                                 "registry (Debian: apt-get install npm)")
        with tempfile.TemporaryDirectory() as tmp:
            _run([npm, "pack", PYODIDE_NPM, "--pack-destination", tmp, "--silent"], "npm pack")
            shutil.move(str(Path(tmp) / tarball.name), tarball)
    if _integrity(tarball) != PYODIDE_INTEGRITY:
        raise LiteBuildError(f"{tarball}: integrity is not the pinned {PYODIDE_INTEGRITY}")
    return tarball


def wheel_member(wheel: Path, suffix: str, sha256: str, into: Path) -> Path:
    """The file of ``wheel`` whose path ends with ``/suffix``, written into folder ``into`` and
    checked against ``sha256``."""
    with zipfile.ZipFile(wheel) as archive:
        names = [n for n in archive.namelist() if n.endswith("/" + suffix)]
        if len(names) != 1:
            raise LiteBuildError(f"{wheel.name}: holds {len(names)} files named {suffix}")
        data = archive.read(names[0])
    if hashlib.sha256(data).hexdigest() != sha256:
        raise LiteBuildError(f"{wheel.name}: {suffix} is not the pinned {sha256}")
    target = into / suffix
    target.write_bytes(data)
    return target
