"""OR-Tools loaded one way: ``kingdomino_kit.infra.cp_sat_loader`` is the only module of the
package that imports it (by name, when ``cp_model`` is first asked for), and importing the kit, the
lookup of puzzles or the grader's pickling does not load it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "kingdomino_kit"
LOADER = "infra/cp_sat_loader.py"


def ortools_imports() -> list[str]:
    """The files of the package that import OR-Tools, or name it in an import string."""
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom)
                     else [node.value] if isinstance(node, ast.Constant)
                     and isinstance(node.value, str) and node.value.startswith("ortools")
                     else [])
            if any(n.split(".")[0] == "ortools" for n in names):
                found.add(path.relative_to(PACKAGE).as_posix())
    return sorted(found)


def test_the_loader_is_the_only_import_of_ortools() -> None:
    assert ortools_imports() == [LOADER]


def test_importing_the_kit_and_its_light_parts_leaves_ortools_unloaded() -> None:
    code = ("import sys, kingdomino_kit, kingdomino_kit.puzzles.lookup, "
            "kingdomino_kit.grading.travel, kingdomino_kit.kingdoms.puzzles, "
            "kingdomino_kit.solver.exact\n"
            "from kingdomino_kit.infra import cp_sat_loader as cp_sat\n"
            "print(cp_sat.loaded(), cp_sat.installed(), 'ortools' in sys.modules)\n"
            "cp_sat.cp_model.CpModel()\n"
            "print(cp_sat.loaded())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout.split()
    assert out == ["False", "True", "False", "True"]
