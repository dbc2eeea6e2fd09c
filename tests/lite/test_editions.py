"""The Lite copies of the notebooks: every notebook is either offline (the list the import test
checks) or opens with a notice naming what it needs."""

from __future__ import annotations

import json
from pathlib import Path

from kingdomino_kit.lite.editions import NEEDS, NOTICE_TAG, OFFLINE, lite_notebook

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
