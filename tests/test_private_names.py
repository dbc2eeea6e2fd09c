"""No private name imported across modules: what two modules of the package share is public
and named for its idea (a leading underscore means "this module's own")."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "kingdomino_kit"


def private_imports(package: Path = PACKAGE) -> list[tuple[str, str, str]]:
    """(file, module, name) of every ``from kingdomino_kit… import _name`` in the package
    (at the top or inside a function), and of every ``kingdomino_kit….module._name`` read
    through a module imported whole."""
    found = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        whole: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "kingdomino_kit"):
                found += [(rel, node.module or "", a.name) for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
            elif isinstance(node, ast.Import):
                whole.update({a.asname or a.name: a.name for a in node.names
                              if a.name.startswith("kingdomino_kit")})
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and not node.attr.startswith("__") and isinstance(node.value, ast.Name)
                    and node.value.id in whole):
                found.append((rel, whole[node.value.id], node.attr))
    return found


def test_no_private_name_is_imported_across_modules() -> None:
    assert private_imports() == []


def test_the_scan_sees_a_private_import(tmp_path: Path) -> None:
    package = tmp_path / "kingdomino_kit"
    package.mkdir()
    (package / "a.py").write_text("def _helper():\n    return 1\n")
    (package / "b.py").write_text("from kingdomino_kit.a import _helper\n")
    (package / "c.py").write_text("import kingdomino_kit.a as a\n\n\ndef f():\n"
                                  "    return a._helper()\n")
    (package / "d.py").write_text("from __future__ import annotations\n"
                                  "from kingdomino_kit.a import __doc__\n")
    assert private_imports(package) == [("b.py", "kingdomino_kit.a", "_helper"),
                                        ("c.py", "kingdomino_kit.a", "_helper")]
