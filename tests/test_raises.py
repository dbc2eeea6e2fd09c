"""No raise outside the error family: every ``raise`` in the package raises a
:class:`~kingdomino_kit.errors.KingdominoError` (or the kit's
:class:`~kingdomino_kit.errors.SolverBug`), re-raises what it caught, or is one of the
justified kinds below — found by walking the package's syntax trees, so a new
``raise ValueError(...)`` fails here.

What counts as the family, statically: the classes of the package whose bases lead to
``KingdominoError`` or ``SolverBug``; a call of a function annotated to return one of them
(``def fail(...) -> PuzzleError``); a name or attribute annotated ``type[...]`` of one of them
(``error: type[KingdominoError]``, a game's ``options.error``); a bare ``raise``; the name an
enclosing ``except ... as name`` bound (a re-raise). ``raise X(...) from ...`` is judged by X.
"""

from __future__ import annotations

import ast
import functools
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "kingdomino_kit"
ROOTS = {"KingdominoError", "SolverBug"}

JUSTIFIED = {  # kind -> why it is not a KingdominoError (wherever it is raised)
    "NotImplementedError": "an abstract method says a subclass must write it",
    "StopIteration": "the iterator protocol",
    "KeyboardInterrupt": "Ctrl-C (and SIGTERM, handled as Ctrl-C) stops a run as Python does",
    "NotAnswered": "an exercise judge's signal, caught by the checker: 'not answered yet'",
    "StudentCodeError": "the student's code raised: the checker shows it as feedback",
    "Stop": "the endgame search's time limit, caught by the search's caller",
}
JUSTIFIED_AT = {  # (file, kind) -> why
    ("cli/__init__.py", "Terminated"): "SIGTERM as a KeyboardInterrupt: exit 143, files whole",
    ("cli/__init__.py", "ArgumentTypeError"): "argparse's protocol: usage line, exit 2",
    ("cli/contract.py", "ArgumentTypeError"): "argparse's protocol: usage line, exit 2",
    ("cli/puzzle.py", "ArgumentTypeError"): "argparse's protocol: usage line, exit 2",
    ("cli/puzzle_new.py", "ArgumentTypeError"): "argparse's protocol: usage line, exit 2",
    ("league/runner.py", "SystemExit"): "a bot program's exit status",
    ("server/board_server.py", "HTTPError"): "tornado's protocol: the HTTP status of a reply",
    ("grading/travel.py", "PicklingError"): "pickle's protocol for what cannot travel",
    ("grading/travel.py", "UnpicklingError"): "pickle's protocol for what cannot travel",
    ("widgets/__init__.py", "AttributeError"): "a module's __getattr__ must raise it",
    ("infra/cp_sat_loader.py", "AttributeError"): "a module's __getattr__ must raise it",
    ("grading/nbgrader.py", "AssertionError"): "nbgrader fails a test cell that raises it",
    # signals that never reach a user: raised and caught inside the kit
    ("grading/confine.py", "_Refused"): "caught in the module: the launcher reports it",
    ("grading/remote.py", "_Stop"): "no verdict: caught by the grader, past the student's code",
    ("solver/levels.py", "_TooMany"): "the walk's node budget spent: caught in the module, "
                                      "which then knows nothing",
    ("grading/remote.py", "_raised"): "the student's own exception, made again by its name",
    # an error caught in another thread or process, raised again in the caller: whatever it was
    ("solver/position.py", "error"): "the feeding thread's own error, raised again",
    ("solver/search.py", "error"): "a search job's own error, raised again",
    ("infra/stoppable.py", "outcome[error]"): "the solving thread's own error, raised again",
}
GAME_LEFT: dict[str, str] = {}  # game/'s last ones are fixed: none left


def _trees() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Constant):
        return str(node.value)
    if isinstance(node, ast.Subscript):  # type[X]
        return f"{_name(node.value)}[{_name(node.slice)}]"
    return ast.unparse(node)


def _scan_file(tree: ast.Module) -> dict[str, list[Any]]:
    """The nodes the scan reads, by kind, in one walk of a file."""
    kinds: dict[str, list[Any]] = {k: [] for k in ("class", "def", "arg", "ann", "handler",
                                                       "raise")}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            kinds["class"].append(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns:
            kinds["def"].append(node)
        elif isinstance(node, ast.arg) and node.annotation is not None:
            kinds["arg"].append(node)
        elif isinstance(node, ast.AnnAssign):
            kinds["ann"].append(node)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            kinds["handler"].append(node)
        elif isinstance(node, ast.Raise) and node.exc is not None:
            kinds["raise"].append(node)
    return kinds


def _family(files: list[tuple[str, dict[str, list[Any]]]]) -> tuple[set[str], set[str], set[str]]:
    """(family classes, functions returning one, names and attributes typed ``type[one]``)."""
    bases: dict[str, set[str]] = {}
    for _, kinds in files:
        for node in kinds["class"]:
            bases.setdefault(node.name, set()).update(_name(b) for b in node.bases)
    family = set(ROOTS)
    while grown := {c for c, b in bases.items() if c not in family and b & family}:
        family |= grown
    returns: dict[str, set[str]] = {}
    typed: set[str] = set()
    for _, kinds in files:
        for node in kinds["def"]:
            returns.setdefault(node.name, set()).add(_name(node.returns))
            if _is_type_of(node.returns, family):  # a property giving a class
                typed.add(node.name)
        typed |= {n.arg for n in kinds["arg"] if _is_type_of(n.annotation, family)}
        typed |= {_name(n.target) for n in kinds["ann"] if _is_type_of(n.annotation, family)}
    makers = {f for f, names in returns.items() if names <= family}
    return family, makers, typed


def _is_type_of(annotation: ast.expr, family: set[str]) -> bool:
    return (isinstance(annotation, ast.Subscript) and _name(annotation.value) == "type"
            and _name(annotation.slice) in family)


def non_family_raises() -> list[tuple[str, int, str]]:
    """(file, line, what is raised) of every raise outside the family (justified or not)."""
    stamps = tuple((p, p.stat().st_mtime_ns) for p in sorted(PACKAGE.rglob("*.py")))
    return list(_scan(stamps))


@functools.cache
def _scan(stamps: tuple[tuple[Path, int], ...]) -> tuple[tuple[str, int, str], ...]:
    """The scan, once per state of the files (``stamps``: each file's modification time)."""
    files = [(rel, _scan_file(tree)) for rel, tree in _trees()]
    family, makers, typed = _family(files)
    found = []
    for rel, kinds in files:
        caught = {h.name for h in kinds["handler"]}
        for node in kinds["raise"]:
            exc = node.exc
            call = isinstance(exc, ast.Call)
            name = _name(exc.func if isinstance(exc, ast.Call) else exc)
            if (name in family or (call and (name in makers or name in typed))
                    or (isinstance(exc, ast.Name) and name in caught)):
                continue
            found.append((rel, node.lineno, name))
    return tuple(sorted(found))


def unjustified(found: list[tuple[str, int, str]]) -> list[tuple[str, int, str]]:
    return [f for f in found if f[2] not in JUSTIFIED and (f[0], f[2]) not in JUSTIFIED_AT]


def _left_in_game(finding: tuple[str, int, str]) -> bool:
    return finding[0].startswith("game/") and finding[2] in GAME_LEFT


def test_every_raise_is_of_the_family_or_justified() -> None:
    found = unjustified(non_family_raises())
    assert [f for f in found if not _left_in_game(f)] == []


def test_every_justification_is_still_needed() -> None:
    found = non_family_raises()
    used = {(file, name) for file, _, name in found}
    here = {k for k in JUSTIFIED_AT if (PACKAGE / k[0]).exists()}  # files may be on the move
    assert sorted(here - used) == []


def test_the_game_package_s_raises_left_to_fix_are_still_there() -> None:
    """The list of game/'s raises left to fix only shrinks: one fixed is taken off it."""
    left = {f[2] for f in unjustified(non_family_raises()) if _left_in_game(f)}
    assert sorted(set(GAME_LEFT) - left) == [], "fixed: take it off GAME_LEFT"


def test_the_scan_sees_a_stray_raise_and_lets_the_family_through(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "errors.py").write_text("class KingdominoError(ValueError):\n    pass\n")
    (tmp_path / "bad.py").write_text(
        "from errors import KingdominoError\n\n"
        "class Mine(KingdominoError):\n    pass\n\n"
        "def fail(text: str) -> Mine:\n    return Mine(text)\n\n"
        "def f(x, error: type[KingdominoError] = Mine):\n"
        "    try:\n        raise Mine(x)\n    except Mine as caught:\n        raise caught\n"
        "    raise fail(x) from None\n    raise error(x)\n    raise\n"
        "    raise ValueError(x)\n    raise TypeError\n    raise ValueError(x) from None\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path)
    assert non_family_raises() == [("bad.py", 17, "ValueError"), ("bad.py", 18, "TypeError"),
                                   ("bad.py", 19, "ValueError")]
