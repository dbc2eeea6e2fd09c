"""The layout block of docs/development.md is the one scripts/make_layout_map.py makes from
the modules' docstrings: regenerated here in memory and compared, so the map is true."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "development.md"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_layout_map",
                                                  ROOT / "scripts" / "make_layout_map.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_holds_the_map_the_docstrings_make() -> None:
    script = _script()
    page = PAGE.read_text(encoding="utf-8")
    assert script.page_with_layout(page, script.layout()) == page, \
        "docs/development.md is stale: run scripts/make_layout_map.py"
    assert script.main(["--check"]) == 0


def test_every_module_and_subpackage_is_on_the_map() -> None:
    page = PAGE.read_text(encoding="utf-8")
    block = page.split("<!-- layout: begin", 1)[1].split("<!-- layout: end -->", 1)[0]
    names = [line.split()[0] for line in block.splitlines()[2:] if line.strip() != "```"]
    package = ROOT / "kingdomino_kit"
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package)
        if len(rel.parts) == 1:
            assert rel.name in names, rel
        elif rel.name == "__init__.py":
            assert f"{rel.parts[-2]}/" in names, rel
        else:
            assert rel.name in names, rel
    for sub in ("infra/", "exercises/", "game/", "fast/", "endgame/", "solver/", "widgets/"):
        assert sub in names


def test_a_stale_map_is_caught(tmp_path: Path) -> None:
    script = _script()
    page = PAGE.read_text(encoding="utf-8")
    block = script.layout()
    assert script.page_with_layout(page, block.replace("seeds.py ", "seed.py  ")) != page
    package = tmp_path / "kingdomino_kit"
    package.mkdir()
    (package / "__init__.py").write_text('"""A package."""\n')
    (package / "new.py").write_text('"""Something new, and what it is.\n\nMore.\n"""\n')
    assert script.layout(package) == ("kingdomino_kit/\n  __init__.py    A package.\n"
                                      "  new.py         Something new, and what it is.\n")
    (package / "bare.py").write_text("x = 1\n")
    with pytest.raises(SystemExit, match="no docstring"):
        script.layout(package)
