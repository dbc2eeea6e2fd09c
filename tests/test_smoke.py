"""The package imports fast and the CLI answers."""

import subprocess
import sys


def test_import_does_not_load_heavy_packages() -> None:
    code = ("import sys, kingdomino_kit; "
            "heavy = [m for m in ('ortools', 'matplotlib', 'ipywidgets', 'jupyterlab') "
            "if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_python_dash_m_runs_the_cli() -> None:
    out = subprocess.run([sys.executable, "-m", "kingdomino_kit", "--help"], capture_output=True,
                         text=True)
    assert out.returncode == 0
    assert "score" in out.stdout
