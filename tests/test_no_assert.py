"""The package behaves the same under ``python -O``: it holds no ``assert`` statement (an
invariant it checks raises :class:`~kingdomino_kit.errors.InvariantError` instead) and never
reads ``__debug__``. This replaces running every unit test a second time under ``-O``; the
command line and the hardening tests still run under ``-O`` in ``make test``."""

from __future__ import annotations

import ast
from pathlib import Path

import kingdomino_kit
from kingdomino_kit.errors import InvariantError, KingdominoError

PACKAGE = Path(kingdomino_kit.__file__).parent


def debug_dependent(source: str, name: str) -> list[str]:
    """Where ``source`` has an ``assert`` or reads ``__debug__``: ``name:line`` each."""
    found = []
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Assert) or (isinstance(node, ast.Name) and node.id == "__debug__"):
            found.append(f"{name}:{node.lineno}")
    return found


def test_the_finder_finds_both_forms() -> None:
    source = "def f(x):\n    assert x\n    if __debug__:\n        return 1\n"
    assert debug_dependent(source, "m.py") == ["m.py:2", "m.py:3"]
    assert debug_dependent("x = 1\nif x is None:\n    raise ValueError\n", "m.py") == []


def test_no_behaviour_hangs_on_assertions() -> None:
    paths = sorted(PACKAGE.rglob("*.py"))
    assert len(paths) > 100
    found = [where for path in paths
             for where in debug_dependent(path.read_text(encoding="utf-8"),
                                          str(path.relative_to(PACKAGE)))]
    assert found == []


def test_a_broken_invariant_is_in_the_error_family() -> None:
    assert issubclass(InvariantError, KingdominoError)
