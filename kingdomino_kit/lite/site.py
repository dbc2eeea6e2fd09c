"""The Lite site: the student notebooks, the kit and a browser kernel, as static files.

:func:`build_site` fetches the pinned sources (:mod:`.fetch`), lays out a JupyterLite folder —
the Pyodide core with the site's own lock and wheels in ``static/pyodide`` (:mod:`.lock`), the
student editions and the puzzle collection as its files, a ``jupyter-lite.json`` that points the
kernel at the local Pyodide, preloads the environment and turns the PyPI fallback off — and runs
``jupyter lite build`` on it with the system's lab extensions ignored (the site's extensions are
the pinned wheels'). Every time stamp is :data:`~.pins.SOURCE_DATE_EPOCH`: the same sources give
the same files. The site opens on ``00_start_here``; the folder is written whole or not at all
(a previous site there is replaced; any other non-empty folder is refused).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

import kingdomino_kit
from kingdomino_kit.lite.editions import NEEDS, lite_notebook
from kingdomino_kit.lite.fetch import (
    LiteBuildError,
    fetch_pyodide,
    fetch_wheels,
    wheel_member,
)
from kingdomino_kit.lite.kit_wheel import kit_files, write_kit_wheel
from kingdomino_kit.lite.lock import write_lock
from kingdomino_kit.lite.pins import (
    EXTENSION_WHEELS,
    KERNEL_PACKAGES,
    KERNEL_WHEELS,
    SHIM_WHEELS,
    SOURCE_DATE_EPOCH,
)

__all__ = ["MARKER", "START", "Site", "build_site", "built_site", "fingerprint", "lite_config"]

MARKER = "kingdomino-lite.json"
"""A file at the top of every site this module builds: what it holds (and that it may be
replaced by the next build)."""
START = "00_start_here.ipynb"
PYODIDE_FILES = ("pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs", "pyodide.js",
                 "python_stdlib.zip", "package.json")
"""The files of the npm package ``pyodide`` the site serves (its CDN lock is replaced)."""
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
SHIM_FOLDER = "labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"


@dataclass(frozen=True)
class Site:
    """A built site: its folder, its notebooks and its size in bytes."""

    folder: Path
    notebooks: tuple[str, ...]
    size: int


def lite_config() -> dict[str, object]:
    """``jupyter-lite.json``: the kernel's Pyodide is the site's, its packages preloaded from the
    site's lock, no PyPI fallback."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Kingdomino kit",
            "exposeAppInBrowser": True,
            "disabledExtensions": ["@jupyterlab/apputils-extension:announcements"],
            "litePluginSettings": {KERNEL_PLUGIN: {
                "pyodideUrl": "./static/pyodide/pyodide.mjs",
                "disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": list(KERNEL_PACKAGES)},
            }},
        },
    }


def _pyodide_core(tarball: Path, into: Path) -> Path:
    """The served files of the Pyodide npm tarball into ``into``; returns its CDN lock (kept
    aside, in ``into``'s parent)."""
    into.mkdir(parents=True)
    core_lock = into.parent / "core-pyodide-lock.json"
    with tarfile.open(tarball) as archive:
        for name in (*PYODIDE_FILES, "pyodide-lock.json"):
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise LiteBuildError(f"{tarball.name}: no package/{name}")
            target = core_lock if name == "pyodide-lock.json" else into / name
            target.write_bytes(member.read())
    return core_lock


def _environment(cache: Path, into: Path, core_lock: Path) -> None:
    """The kernel's wheels, the kernel's own shims and the kit's wheel in ``into``, and the
    lock naming them."""
    wheels = fetch_wheels(KERNEL_WHEELS, cache)
    placed = [Path(shutil.copy(path, into / name)) for name, path in wheels.items()]
    kernel = fetch_wheels(EXTENSION_WHEELS[:1], cache)[EXTENSION_WHEELS[0][0]]
    placed += [wheel_member(kernel, f"{SHIM_FOLDER}/{name}".rsplit("/", 1)[1], sha, into)
               for name, sha in SHIM_WHEELS]
    placed.append(write_kit_wheel(into))
    write_lock(core_lock, placed, into / "pyodide-lock.json")


def _contents(notebooks: Path, into: Path, core_lock: Path) -> tuple[str, ...]:
    """The student editions (those that need what the site lacks with a notice first, and
    the cell loading from the CDN what the Pyodide core's lock names, :mod:`.editions`) and
    the puzzle collection into ``into``."""
    names = tuple(sorted(p.name for p in notebooks.glob("*.ipynb")))
    if START not in names:
        raise LiteBuildError(f"{notebooks}: no {START} (the student editions: make notebooks)")
    into.mkdir(parents=True)
    for name in names:
        if name.removesuffix(".ipynb") not in NEEDS:
            shutil.copy(notebooks / name, into / name)
            continue
        notebook = lite_notebook(name.removesuffix(".ipynb"),
                                 json.loads((notebooks / name).read_text(encoding="utf-8")),
                                 json.loads(core_lock.read_text(encoding="utf-8")))
        (into / name).write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n",
                                 encoding="utf-8")
    collection = Path(kingdomino_kit.__file__).resolve().parent / "collection"
    shutil.copytree(collection.resolve(), into / "puzzles",
                    ignore=shutil.ignore_patterns(".*", "__pycache__"))
    return names


def _start_page(out: Path) -> None:
    """The site's front page: straight into JupyterLab on ``00_start_here`` (with the empty
    page configuration that JupyterLite's pages read from every folder above them)."""
    target = f"./lab/index.html?path={START}"
    (out / "index.html").write_text(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>Kingdomino kit</title><meta http-equiv=\"refresh\" content=\"0; url={target}\">"
        "<script id=\"jupyter-config-data\" type=\"application/json\" "
        "data-jupyter-lite-root=\".\">{}</script>"
        f"</head><body><p><a href=\"{target}\">Open the Kingdomino notebooks</a></p>"
        "</body></html>\n")


def _jupyter_lite_build(lite_dir: Path, contents: Path, out: Path, cache: Path) -> None:
    extensions = fetch_wheels(EXTENSION_WHEELS, cache)
    command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
               "--output-dir", str(out), "--contents", str(contents), "--ignore-sys-prefix",
               "--no-sourcemaps", "--no-unused-shared-packages", "--apps", "lab",
               f"--source-date-epoch={SOURCE_DATE_EPOCH}",
               *(f"--LiteBuildConfig.federated_extensions={p}" for p in extensions.values())]
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(SOURCE_DATE_EPOCH))
    env.pop("JUPYTERLITE_PYODIDE_URL", None)
    done = subprocess.run(command, cwd=lite_dir, env=env, capture_output=True, text=True,
                          check=False)
    if done.returncode != 0 or not (out / "lab" / "index.html").is_file():
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        raise LiteBuildError(f"jupyter lite build failed (exit {done.returncode}):\n{tail}")


def _replace(new: Path, target: Path) -> None:
    """``new`` in the place of ``target`` (a previous site, or nothing)."""
    if target.exists():
        old = target.with_name(target.name + ".old-site")
        shutil.rmtree(old, ignore_errors=True)
        target.rename(old)
        new.rename(target)
        shutil.rmtree(old)
    else:
        new.rename(target)


def fingerprint(notebooks: Path) -> str:
    """The sha256 of everything a site is built from: the kit's files (its pins and this
    builder included), the notebooks and JupyterLite's version. Equal fingerprints, equal
    sites."""
    digest = hashlib.sha256(importlib.metadata.version("jupyterlite-core").encode())
    files = [*kit_files(), *((n, notebooks / n) for n in sorted(
        p.name for p in notebooks.glob("*.ipynb")))]
    for name, path in files:
        digest.update(f"\0{name}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def built_site(target: Path) -> dict[str, object] | None:
    """What the site in ``target`` says of itself (its marker), or None if it is no site."""
    try:
        found = json.loads((target / MARKER).read_text())
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def build_site(target: Path, notebooks: Path, cache: Path, *, reuse: bool = False) -> Site:
    """Build the Lite site into folder ``target`` from the student editions in ``notebooks``,
    with the downloads kept in ``cache``; with ``reuse``, a site already there built from the
    same sources (:func:`fingerprint`) is kept as it is."""
    if not notebooks.is_dir():
        raise LiteBuildError(f"{notebooks}: no such folder of notebooks")
    if target.exists() and not target.is_dir():
        raise LiteBuildError(f"{target}: a file, not a folder for the site")
    if target.is_dir() and built_site(target) is None and any(target.iterdir()):
        raise LiteBuildError(f"{target}: not empty and not a Lite site; choose another folder")
    sources = fingerprint(notebooks)
    before = built_site(target)
    if reuse and before is not None and before.get("sources") == sources:
        names = tuple(str(n) for n in before.get("notebooks", []))  # type: ignore[attr-defined]
        size = sum(p.stat().st_size for p in target.rglob("*") if p.is_file())
        return Site(target.resolve(), names, size)
    target, cache = target.resolve(), cache.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=f".{target.name}.") as tmp:
        work = Path(tmp)
        lite_dir = work / "lite"
        core_lock = _pyodide_core(fetch_pyodide(cache), lite_dir / "static" / "pyodide")
        _environment(cache, lite_dir / "static" / "pyodide", core_lock)
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=1) + "\n")
        names = _contents(notebooks, work / "files", core_lock)
        out = work / "site"
        _jupyter_lite_build(lite_dir, work / "files", out, cache)
        if not (out / "static" / "pyodide").exists():
            shutil.copytree(lite_dir / "static" / "pyodide", out / "static" / "pyodide")
        _start_page(out)
        for junk in out.rglob(".jupyterlite.doit.db*"):
            junk.unlink()
        (out / MARKER).write_text(json.dumps({"notebooks": list(names), "start": START,
                                              "sources": sources}, indent=1) + "\n")
        size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        _replace(out, target)
    return Site(target, names, size)
