"""Which notebooks the Lite edition runs offline, and the notice the others open with.

The offline notebooks (:data:`OFFLINE`) import only the kit's pure-Python core and the widgets:
they run top to bottom in the browser with nothing fetched. The others need packages the site's
kernel does not hold (:data:`NEEDS`: numpy, matplotlib and pandas, which Pyodide serves only from
its CDN, and OR-Tools and Gymnasium, which have no build for it); their Lite copy opens with a
notice saying so, and where to run them instead. A notebook that needs only packages of the CDN
(:data:`FROM_CDN`) gets, after the notice, a code cell that loads exactly those packages and
what they need from Pyodide's CDN (:func:`cdn_cell`, named from the Pyodide core's own lock):
run with the network on, the notebook then works. The notebooks themselves are not changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from kingdomino_kit.lite.pins import PYODIDE_VERSION

__all__ = ["CDN", "CDN_TAG", "FROM_CDN", "NEEDS", "NOTICE_TAG", "OFFLINE", "cdn_cell",
           "cdn_packages", "lite_notebook", "notice"]

OFFLINE = ("00_start_here", "01_rules", "02_scoring", "05_puzzles", "07_kingdoms",
           "11_game_trees")
"""The notebooks that run in the browser with no request leaving the site's host."""

NEEDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "03_counting": ("matplotlib",),
    "04_cp_sat": ("OR-Tools", "matplotlib"),
    "04b_highest_score": ("OR-Tools",),
    "06_analysis": ("OR-Tools", "pandas", "matplotlib"),
    "08_origins": ("OR-Tools",),
    "10_bots_and_coach": ("OR-Tools", "pandas"),
    "12_learning_agents": ("Gymnasium", "numpy", "matplotlib"),
    "13_write_a_bot": ("pandas", "subprocess"),
})
"""What each other notebook imports that the Lite kernel lacks."""

NOTICE_TAG = "lite-notice"
"""The tag of the notice cell (so that a grader or a tool can leave it out)."""

FROM_CDN = frozenset({"numpy", "matplotlib", "pandas"})
"""The needs that Pyodide serves from its CDN (the names of its lock)."""

CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
"""Where Pyodide's packages of the site's Pyodide version are served."""

CDN_TAG = "lite-cdn"
"""The tag of the cell that loads packages from the CDN."""


def notice(name: str) -> str:
    """The Markdown notice that opens the Lite copy of notebook ``name``."""
    needs = NEEDS[name]
    cdn = [n for n in needs if n in FROM_CDN]
    missing = [n for n in needs if n not in FROM_CDN]
    if not missing:
        return (f"**In the browser (the Lite edition) this notebook needs {', '.join(needs)}**, "
                "which Pyodide serves only from its CDN (the rest of this site runs offline). "
                "Run the next cell with the network on: it loads exactly what the notebook "
                "needs from cdn.jsdelivr.net, and the notebook then runs here in full. Offline, "
                "run it with `make lab` (or on the class server).")
    lines = [f"**In the browser (the Lite edition) this notebook does not run to the end.** "
             f"It needs {', '.join(needs)}, which this site does not hold."]
    if cdn:
        lines.append(f"Pyodide serves {', '.join(cdn)} only from its CDN, which this site "
                     "does not use (it runs offline).")
    if missing:
        lines.append(f"{', '.join(missing)} has no build for the browser.")
    lines.append("Read it here; run it with `make lab` (or on the class server) to see every "
                 "cell work. The notebooks 00, 01, 02, 05, 07 and 11 run here in full.")
    return " ".join(lines)


def cdn_packages(needs: Iterable[str], core_lock: Mapping[str, Any]) -> list[str]:
    """``needs`` and every package they depend on, by the Pyodide core's lock, sorted."""
    packages = core_lock["packages"]
    seen: set[str] = set()
    todo = list(needs)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += packages[name]["depends"]
    return sorted(seen)


def cdn_cell(name: str, core_lock: Mapping[str, Any]) -> dict[str, Any] | None:
    """The code cell that loads what notebook ``name`` needs from Pyodide's CDN (each wheel
    the core's lock names, at :data:`CDN`); None unless it needs only packages of the CDN."""
    needs = NEEDS.get(name, ())
    if not needs or not set(needs) <= FROM_CDN:
        return None
    names = cdn_packages(needs, core_lock)
    urls = "".join(f"    \"{CDN}{core_lock['packages'][n]['file_name']}\",\n" for n in names)
    source = (f"# From Pyodide's CDN (run with the network on): {', '.join(names)}\n"
              "import pyodide_js\n\n"
              f"await pyodide_js.loadPackage([\n{urls}])")
    return {"cell_type": "code", "execution_count": None, "id": "lite-cdn",
            "metadata": {"tags": [CDN_TAG]}, "outputs": [], "source": source}


def lite_notebook(name: str, notebook: dict[str, Any],
                  core_lock: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The Lite copy of notebook ``name`` (its JSON): a notebook of :data:`NEEDS` gets the
    notice as its first cell, and with the Pyodide core's lock, the cell that loads its
    packages from the CDN second where it needs only those (:func:`cdn_cell`); any other is
    returned as it is."""
    if name not in NEEDS:
        return notebook
    cell = {"cell_type": "markdown", "id": "lite-notice",
            "metadata": {"tags": [NOTICE_TAG]}, "source": notice(name)}
    load = cdn_cell(name, core_lock) if core_lock is not None else None
    first = [cell] if load is None else [cell, load]
    return {**notebook, "cells": [*first, *notebook["cells"]]}
