"""The pre-solved environment: a ``pyodide-lock.json`` that names only the site's own wheels.

The Pyodide core's lock (from its npm package) names about 350 packages, each a file on
Pyodide's CDN. The site's lock keeps the core's ``info`` (Python version, ABI) and names, in
their place, exactly the wheels the site holds, each with its sha256 (Pyodide checks it) and its
dependencies *on Emscripten* (the wheel's ``Requires-Dist`` with the markers evaluated for
Pyodide). A dependency that is not in the site is an error — the environment is closed — except
the front-end-only packages of :data:`FRONT_END_ONLY`, whose lab extensions the site serves
instead. The kernel then loads its whole environment from the site when it starts, and no
package is looked up anywhere else.
"""

from __future__ import annotations

import email.parser
import json
import re
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from packaging.markers import default_environment
from packaging.requirements import Requirement

from kingdomino_kit.lite.fetch import LiteBuildError, sha256_of

__all__ = ["FRONT_END_ONLY", "pyodide_environment", "canonical", "lock_entry", "write_lock"]

FRONT_END_ONLY = frozenset({"jupyterlab-widgets"})
"""Requirements that are JupyterLab front ends, served by the site as lab extensions."""


def canonical(name: str) -> str:
    """A project name as the lock spells it (PEP 503): ``Stack_Data`` → ``stack-data``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pyodide_environment(python: str) -> dict[str, str]:
    """The marker environment of Pyodide running Python ``python`` (``3.14.2``)."""
    env: dict[str, str] = {k: str(v) for k, v in default_environment().items()}
    env.update(sys_platform="emscripten", platform_system="Emscripten",
               platform_machine="wasm32", os_name="posix", implementation_name="cpython",
               platform_python_implementation="CPython", python_full_version=python,
               implementation_version=python, python_version=".".join(python.split(".")[:2]),
               platform_release="", platform_version="", extra="")
    return env


def _wheel_metadata(wheel: Path) -> tuple[Any, list[str]]:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta = [n for n in names if n.endswith(".dist-info/METADATA") and n.count("/") == 1]
        if len(meta) != 1:
            raise LiteBuildError(f"{wheel.name}: no single .dist-info/METADATA")
        parsed = email.parser.BytesParser().parsebytes(archive.read(meta[0]))
        top = [n for n in names if n.endswith(".dist-info/top_level.txt") and n.count("/") == 1]
        if top:
            imports = archive.read(top[0]).decode().split()
        else:
            imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                              if "/" in n and ".dist-info" not in n.split("/")[0]
                              and ".data" not in n.split("/")[0] and n.split("/")[1:] != [""]}
                             | {n.removesuffix(".py") for n in names
                                if "/" not in n and n.endswith(".py")})
    return parsed, imports


def lock_entry(wheel: Path, environment: dict[str, str]) -> dict[str, Any]:
    """A lock entry for ``wheel``; ``depends`` are the requirements that apply on Pyodide."""
    meta, imports = _wheel_metadata(wheel)
    depends = []
    for text in meta.get_all("Requires-Dist") or []:
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate(environment):
            depends.append(canonical(requirement.name))
    return {"name": canonical(meta["Name"]), "version": meta["Version"],
            "file_name": wheel.name, "install_dir": "site", "sha256": sha256_of(wheel),
            "package_type": "package", "imports": imports,
            "depends": sorted(set(depends) - FRONT_END_ONLY), "unvendored_tests": False,
            "shared_library": False}


def write_lock(core_lock: Path, wheels: Iterable[Path], target: Path) -> dict[str, Any]:
    """Write the site's ``pyodide-lock.json`` (the core's ``info``, the wheels' entries) to
    ``target``; an entry's dependency missing from ``wheels`` is an error."""
    info = json.loads(core_lock.read_text())["info"]
    environment = pyodide_environment(info["python"])
    packages = {}
    for wheel in sorted(wheels, key=lambda w: w.name):
        entry = lock_entry(wheel, environment)
        packages[entry["name"]] = entry
    for entry in packages.values():
        missing = [d for d in entry["depends"] if d not in packages]
        if missing:
            raise LiteBuildError(f"{entry['file_name']}: needs {', '.join(missing)}, which the "
                                 "site's environment does not hold (add it to the pins)")
    lock = {"info": info, "packages": packages}
    target.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return lock
