"""Which notebooks the Lite edition runs offline, and the notice the others open with.

The offline notebooks (:data:`OFFLINE`) import only the kit's pure-Python core and the widgets:
they run top to bottom in the browser with nothing fetched. The others need packages the site's
kernel does not hold (:data:`NEEDS`: numpy, matplotlib and pandas, which Pyodide serves only from
its CDN, and OR-Tools and Gymnasium, which have no build for it); their Lite copy opens with a
notice saying so, and where to run them instead. The notebooks themselves are not changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

__all__ = ["NEEDS", "NOTICE_TAG", "OFFLINE", "lite_notebook", "notice"]

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

_FROM_CDN = {"numpy", "matplotlib", "pandas"}


def notice(name: str) -> str:
    """The Markdown notice that opens the Lite copy of notebook ``name``."""
    needs = NEEDS[name]
    cdn = [n for n in needs if n in _FROM_CDN]
    missing = [n for n in needs if n not in _FROM_CDN]
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


def lite_notebook(name: str, notebook: dict[str, Any]) -> dict[str, Any]:
    """The Lite copy of notebook ``name`` (its JSON): a notebook of :data:`NEEDS` gets the
    notice as its first cell; any other is returned as it is."""
    if name not in NEEDS:
        return notebook
    cell = {"cell_type": "markdown", "id": "lite-notice",
            "metadata": {"tags": [NOTICE_TAG]}, "source": notice(name)}
    return {**notebook, "cells": [cell, *notebook["cells"]]}
