"""The teaching notebooks 01–06: jupytext pairs in sync, outputs stored, seeds fixed.

nbval runs the notebooks themselves (pytest's addopts: ``--nbval`` over ``notebooks/``); this
module checks what nbval does not: each ``.ipynb`` matches its ``.py`` twin and was executed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TEACHING = ["01_rules", "02_scoring", "03_counting", "04_cp_sat", "05_puzzles", "06_analysis"]


@pytest.mark.parametrize("name", TEACHING)
def test_notebook_matches_its_jupytext_twin(name: str) -> None:
    jupytext = pytest.importorskip("jupytext")
    stored = jupytext.read(NOTEBOOKS / f"{name}.ipynb")
    twin = jupytext.read(NOTEBOOKS / f"{name}.py")
    assert [(c.cell_type, c.source) for c in stored.cells] == [
        (c.cell_type, c.source) for c in twin.cells]


@pytest.mark.parametrize("name", TEACHING)
def test_notebook_is_executed_with_exercises_checked(name: str) -> None:
    nbformat = pytest.importorskip("nbformat")
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count is not None for c in code), "run it before committing"
    assert not any(o.get("output_type") == "error" for c in code for o in c.outputs)
    assert sum("assert " in c.source for c in code) >= 3          # exercises are checked
    assert any("Exercises" in c.source for c in nb.cells if c.cell_type == "markdown")
