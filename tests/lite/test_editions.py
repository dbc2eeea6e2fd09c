"""The Lite copies of the notebooks: every notebook is either offline (the list the import test
checks) or opens with a notice naming what it needs; one that needs only packages of Pyodide's
CDN then loads exactly what it imports from there, by the Pyodide core's lock."""

from __future__ import annotations

import ast
import json
import re
import tarfile
from pathlib import Path
from typing import Any

from kingdomino_kit.lite.editions import (
    CDN,
    CDN_TAG,
    FROM_CDN,
    NEEDS,
    NOTICE_TAG,
    OFFLINE,
    lite_notebook,
)
from kingdomino_kit.lite.fetch import fetch_pyodide
from kingdomino_kit.lite.lock import canonical
from kingdomino_kit.lite.pins import KERNEL_WHEELS

REPO = Path(__file__).resolve().parents[2]


def test_every_notebook_is_offline_or_says_what_it_needs() -> None:
    names = {p.stem for p in (REPO / "notebooks").glob("*.ipynb")}
    assert names == set(OFFLINE) | set(NEEDS) and not set(OFFLINE) & set(NEEDS)


def test_a_notebook_that_needs_more_opens_with_the_notice_and_keeps_its_cells() -> None:
    source = json.loads((REPO / "notebooks" / "03_counting.ipynb").read_text())
    copy = lite_notebook("03_counting", source)
    first = copy["cells"][0]
    assert first["cell_type"] == "markdown" and NOTICE_TAG in first["metadata"]["tags"]
    assert "matplotlib" in first["source"] and "make lab" in first["source"]
    assert copy["cells"][1:] == source["cells"] and copy["metadata"] == source["metadata"]
    offline = json.loads((REPO / "notebooks" / "02_scoring.ipynb").read_text())
    assert lite_notebook("02_scoring", offline) is offline


def core_lock() -> dict[str, Any]:
    """The Pyodide core's own lock (every package of its CDN), from the pinned npm package
    (fetched with ``npm pack`` into the build cache when missing)."""
    with tarfile.open(fetch_pyodide(REPO / "build" / "lite-cache")) as archive:
        member = archive.extractfile("package/pyodide-lock.json")
        assert member is not None
        return dict(json.loads(member.read()))


def imported_modules(notebook: dict[str, Any]) -> set[str]:
    """The top-level modules the notebook's code cells import (magics left out)."""
    found: set[str] = set()
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        code = "\n".join(line for line in source.splitlines()
                         if not line.lstrip().startswith(("%", "!")))
        for node in ast.walk(ast.parse(code)):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module.split(".")[0])
    return found


def test_a_notebook_of_the_cdn_loads_exactly_what_it_imports_from_the_cdn() -> None:
    """The cell after the notice names (as files of Pyodide's CDN) the packages of the core's
    lock that the notebook imports and, by the lock, every package they need — no more."""
    lock = core_lock()
    by_module = {module: name for name, entry in lock["packages"].items()
                 for module in entry.get("imports", [])}
    kernel = {canonical(wheel.split("-")[0]) for wheel, _ in KERNEL_WHEELS}
    cdn_only = [name for name, needs in NEEDS.items() if set(needs) <= FROM_CDN]
    assert cdn_only == ["03_counting"]                 # the others need what has no build
    for name in cdn_only:
        source = json.loads((REPO / "notebooks" / f"{name}.ipynb").read_text())
        copy = lite_notebook(name, source, lock)
        notice_cell, load, *rest = copy["cells"]
        assert rest == source["cells"] and NOTICE_TAG in notice_cell["metadata"]["tags"]
        assert load["cell_type"] == "code" and CDN_TAG in load["metadata"]["tags"]
        urls = re.findall(r'"(https://[^"]+)"', load["source"])
        assert all(url.startswith(CDN) for url in urls)
        files = {url.removeprefix(CDN) for url in urls}
        imported = {by_module[m] for m in imported_modules(source)
                    if m in by_module and canonical(by_module[m]) not in kernel}
        assert imported == {"matplotlib"}
        needed = set(imported)
        todo = list(imported)
        while todo:                                    # the lock's dependencies, closed
            for dep in lock["packages"][todo.pop()]["depends"]:
                if dep not in needed:
                    needed.add(dep)
                    todo.append(dep)
        assert files == {lock["packages"][n]["file_name"] for n in needed}
        assert "numpy" in needed and all(n in load["source"] for n in needed)
        assert "the next cell" in notice_cell["source"]


def test_a_notebook_that_needs_what_has_no_build_gets_no_cdn_cell() -> None:
    lock = core_lock()
    for name in ("04_cp_sat", "12_learning_agents", "13_write_a_bot"):
        source = json.loads((REPO / "notebooks" / f"{name}.ipynb").read_text())
        copy = lite_notebook(name, source, lock)
        assert copy["cells"][1:] == source["cells"]
        assert "does not run to the end" in copy["cells"][0]["source"]
