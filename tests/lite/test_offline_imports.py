"""What the offline notebooks import works with only what the Lite site's browser kernel has:
the standard library and the site's wheels — no OR-Tools, numpy, numba, pandas or matplotlib.

A fresh CPython is started without its site-packages (``-S``), on a folder that holds only the
site's packages (linked from this environment) and the kit — every other package is missing, as
in Pyodide, whose lock names nothing else — and runs every import line of the offline
notebooks' student editions, opens their boards, loads their checks and solves a small set,
which then goes to the kit's exact search, the engine it names.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

from kingdomino_kit.lite.editions import OFFLINE
from kingdomino_kit.lite.kit_wheel import write_kit_wheel
from kingdomino_kit.lite.pins import KERNEL_WHEELS

REPO = Path(__file__).resolve().parents[2]
IMPORTS = {"IPython": "ipython", "ipython_pygments_lexers": "ipython_pygments_lexers",
           "matplotlib_inline": "matplotlib_inline", "stack_data": "stack_data",
           "pure_eval": "pure_eval", "prompt_toolkit": "prompt_toolkit",
           "typing_extensions": "typing_extensions"}
"""Import names that differ in case or spelling from a wheel's project name."""
HOST_ONLY = {"pexpect", "ptyprocess", "_distutils_hack"}
"""What CPython on Linux imports where Pyodide imports its own stand-ins."""

def _allowed() -> set[str]:
    names = {name.split("-")[0] for name, _ in KERNEL_WHEELS}
    return names | set(IMPORTS) | HOST_ONLY | {"kingdomino_kit", "ipykernel", "pyodide_kernel",
                                               "piplite", "widgetsnbextension"}


def lite_python(folder: Path, script: str) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a CPython that sees the standard library, the kit's wheel for the site
    (unpacked into ``folder``) and the Lite kernel's packages (linked into it), nothing else."""
    allowed = _allowed() - {"kingdomino_kit"}
    for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
        top = entry.name.split(".")[0].split("-")[0]
        if top in allowed or "__mypyc" in entry.name:  # mypyc: helpers of compiled wheels
            (folder / entry.name).symlink_to(entry)
    with zipfile.ZipFile(write_kit_wheel(folder.parent)) as wheel:  # the kit as the site has it
        wheel.extractall(folder)
    env = dict(os.environ, PYTHONPATH=str(folder))
    return subprocess.run([sys.executable, "-S", "-c", script], capture_output=True,
                          text=True, cwd=folder, env=env, timeout=300)


def _import_lines() -> list[str]:
    lines = []
    for name in OFFLINE:
        cells = json.loads((REPO / "notebooks" / f"{name}.ipynb").read_text())["cells"]
        for cell in cells:
            if cell["cell_type"] == "code":
                source = "".join(cell["source"])
                lines += [m.group(0) for m in re.finditer(
                    r"^(from \S+ import [^\n(]+|import [^\n]+)$", source, re.M)]
    return sorted(set(lines))


RUN_CELLS = """
import contextlib, io, json, sys
for name in OFFLINE:
    namespace = {"__name__": "__main__"}
    cells = json.load(open(f"{NOTEBOOKS}/{name}.ipynb", encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] == "code":
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile("".join(cell["source"]), name, "exec"), namespace)
    print(name, "ran")
"""


def test_the_offline_notebooks_run_every_cell_with_only_the_site_s_packages(
        tmp_path: Path) -> None:
    """Every code cell of each offline student edition, in order, in that Python (the kit from
    the site's wheel: its puzzle collection included)."""
    (tmp_path / "env").mkdir()
    done = lite_python(tmp_path / "env", f"OFFLINE = {OFFLINE!r}\n"
                       f"NOTEBOOKS = {str(REPO / 'notebooks')!r}\n" + RUN_CELLS)
    assert done.returncode == 0, done.stderr[-1500:]
    assert done.stdout.split() == [w for n in OFFLINE for w in (n, "ran")]


def test_the_offline_notebooks_need_nothing_the_lite_kernel_lacks(tmp_path: Path) -> None:
    lines = _import_lines()
    assert any("kingdomino_kit.widgets" in line for line in lines), lines
    script = "\n".join(lines) + f"\nOFFLINE = {OFFLINE!r}\n" + """
from kingdomino_kit.dominoes import dominoes
from kingdomino_kit.exercises import for_notebook
from kingdomino_kit.solver import best_kingdom, engine
from kingdomino_kit.widgets import KingdomBoard, PuzzleBoard
for name in OFFLINE:
    for_notebook(name)
KingdomBoard(seed=2024)
PuzzleBoard("11-complete")
solution = best_kingdom(dominoes("48,47"), workers=1)
print(engine(), "|", solution.status.value, solution.score)
"""
    done = lite_python(tmp_path, script)
    assert done.returncode == 0, done.stderr[-1500:]
    assert done.stdout.strip().splitlines()[-1] == (
        "the kit's exact search (pure Python) | optimal 10")   # M2 beside M3: 2 × 5


def test_the_lite_python_lacks_what_the_lite_kernel_lacks(tmp_path: Path) -> None:
    """The test above can fail: OR-Tools and numpy are missing in that Python."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    done = lite_python(tmp_path / "a", "import kingdomino_kit, anywidget\nimport numpy\n")
    assert done.returncode != 0 and "No module named 'numpy'" in done.stderr, done.stderr
    done = lite_python(tmp_path / "b", "import ortools\n")
    assert done.returncode != 0 and "No module named 'ortools'" in done.stderr, done.stderr
