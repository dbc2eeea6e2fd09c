"""The package imports fast and the CLI answers."""

import json
import subprocess
import sys

import pytest


def _heavy_after(statement: str) -> list[str]:
    code = (f"import json, sys; {statement}; "
            "print(json.dumps([m for m in ('ortools', 'matplotlib', 'ipywidgets', 'jupyterlab', "
            "'pandas') if m in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    heavy: list[str] = json.loads(out.stdout)
    return heavy


def test_import_does_not_load_heavy_packages() -> None:
    assert _heavy_after("import kingdomino_kit") == []


@pytest.mark.parametrize("module", ["kingdomino_kit.game", "kingdomino_kit.solver",
                                    "kingdomino_kit.puzzles", "kingdomino_kit.kingdoms",
                                    "kingdomino_kit.origins", "kingdomino_kit.cli"])
def test_packages_load_or_tools_only_when_they_solve(module: str) -> None:
    assert "ortools" not in _heavy_after(f"import {module}")


def test_python_dash_m_runs_the_cli() -> None:
    out = subprocess.run([sys.executable, "-m", "kingdomino_kit", "--help"], capture_output=True,
                         text=True)
    assert out.returncode == 0
    assert "score" in out.stdout
