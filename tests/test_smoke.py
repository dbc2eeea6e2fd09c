"""The package imports fast and the CLI answers."""

import json
import os
import subprocess
import sys

import pytest

HEAVY = ("ortools", "matplotlib", "ipywidgets", "jupyterlab", "pandas", "pyarrow", "numpy",
         "dask", "distributed")
PACKAGES = ["kingdomino_kit.game", "kingdomino_kit.solver", "kingdomino_kit.puzzles",
            "kingdomino_kit.kingdoms", "kingdomino_kit.origins", "kingdomino_kit.cli",
            "kingdomino_kit.analysis", "kingdomino_kit.infra.tables",
            "kingdomino_kit.infra.parallel", "kingdomino_kit.game.simulate"]


def _heavy_after(statement: str, **env: str) -> list[str]:
    code = (f"import json, sys; {statement}; "
            f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, **env})
    heavy: list[str] = json.loads(out.stdout)
    return heavy


def test_import_does_not_load_heavy_packages() -> None:
    assert _heavy_after("import kingdomino_kit") == []


@pytest.mark.parametrize("module", PACKAGES)
def test_packages_load_or_tools_only_when_they_solve(module: str) -> None:
    assert "ortools" not in _heavy_after(f"import {module}")


@pytest.mark.parametrize("module", PACKAGES)
def test_packages_load_pandas_pyarrow_and_dask_only_where_used(module: str) -> None:
    heavy = set(_heavy_after(f"import {module}"))
    assert not heavy & {"pandas", "pyarrow", "numpy", "dask", "distributed"}, heavy


def test_a_csv_simulation_loads_neither_pandas_nor_pyarrow() -> None:
    statement = ("import io; from kingdomino_kit.game.simulate import simulate_to; "
                 "simulate_to(io.StringIO(), 3, 'random', seed=1)")
    assert not set(_heavy_after(statement)) & {"pandas", "pyarrow", "dask"}
    # the compiled games (numba, the `fast` extra) bring NumPy; the pure-Python path nothing
    assert not set(_heavy_after(statement, KINGDOMINO_KIT_COMPILED="0")) & {
        "pandas", "pyarrow", "numpy", "dask"}


def test_python_dash_m_runs_the_cli() -> None:
    out = subprocess.run([sys.executable, "-m", "kingdomino_kit", "--help"], capture_output=True,
                         text=True)
    assert out.returncode == 0
    assert "score" in out.stdout
