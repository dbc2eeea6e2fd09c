"""The submissions as teachers collect them: who wrote each, and which notebook it is.

A submission is a ``.ipynb`` file; its student and notebook come from where it lies:

- ``00_start_here/ada.ipynb`` — a folder per notebook: the student is the file's name;
- ``ada-00_start_here.ipynb`` — the student, a dash, the notebook;
- ``ada.ipynb`` — the student only: the notebook is what the file says it is (the edition's
  metadata the kit writes, ``{"kingdomino_kit": {"source": "00_start_here.py"}}``, else its
  ``for_notebook("00_start_here")`` call).

A name that says a notebook and a file that says another is refused, as are two files of one
student for one notebook. A folder given instead of a file stands for its notebooks and those
of its folders (``submissions/`` holding ``00_start_here/ada.ipynb`` …).

>>> import nbformat
>>> nb = nbformat.v4.new_notebook()
>>> identify(Path("00_start_here/ada.ipynb"), nb)
('ada', '00_start_here')
>>> identify(Path("bob-01_rules.ipynb"), nb)
('bob', '01_rules')
>>> nb.metadata["kingdomino_kit"] = {"source": "02_scoring.py"}
>>> identify(Path("cat.ipynb"), nb)
('cat', '02_scoring')
>>> identify(Path("cat-01_rules.ipynb"), nb)
Traceback (most recent call last):
...
kingdomino_kit.grading.collect.BadCollection: cat-01_rules.ipynb: named for 01_rules, but it is \
notebook 02_scoring (its metadata or for_notebook call)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.exercises import NOTEBOOKS
from kingdomino_kit.grading.gradebook import notebook_of

__all__ = ["BadCollection", "Submission", "collect", "expand", "identify"]


class BadCollection(KingdominoError):
    """Submissions that cannot be told apart or placed (one line, naming the file)."""


@dataclass(frozen=True)
class Submission:
    """One student's notebook to grade."""

    path: Path
    student: str
    notebook: str
    nb: Any


def expand(paths: Iterable[Path]) -> list[Path]:
    """The files given, a folder standing for its ``*.ipynb`` and ``*/*.ipynb`` (checkpoints
    left out); each file once."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in [*path.glob("*.ipynb"), *path.glob("*/*.ipynb")]
                           if ".ipynb_checkpoints" not in p.parts and p.is_file())
            if not found:
                raise BadCollection(f"{path}: a folder with no notebook (.ipynb) in it or in "
                                    "its folders")
            out += found
        else:
            out.append(path)
    seen: set[Path] = set()
    unique = []
    for path in out:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(path)
    return unique


def _named(path: Path) -> tuple[str, str | None]:
    """The student and the notebook a path names (``None``: it names none)."""
    if path.parent.name in NOTEBOOKS:
        return path.stem, path.parent.name
    for notebook in NOTEBOOKS:
        student, dash, rest = path.stem.rpartition("-")
        if dash and rest == notebook and student:
            return student, notebook
    return path.stem, None


def identify(path: Path, nb: Any) -> tuple[str, str]:
    """The student and the notebook of the submission ``nb`` read from ``path``."""
    student, named = _named(path)
    inside = notebook_of(nb)
    if named and inside and named != inside:
        raise BadCollection(f"{path}: named for {named}, but it is notebook {inside} (its "
                            "metadata or for_notebook call)")
    notebook = named or inside
    if notebook is None:
        raise BadCollection(f"{path}: not a kingdomino-kit notebook with exercises (no "
                            "for_notebook(...) call, no edition metadata, no notebook in its "
                            "name or folder)")
    return student, notebook


def collect(paths: Iterable[Path], read: Callable[[Path], Any]) -> list[Submission]:
    """Every submission of ``paths`` (folders expanded), read by ``read`` and identified;
    :class:`BadCollection` for two files of one student and notebook."""
    out: list[Submission] = []
    where: dict[tuple[str, str], Path] = {}
    for path in expand(paths):
        nb = read(path)
        student, notebook = identify(path, nb)
        if (student, notebook) in where:
            raise BadCollection(f"two submissions of {student!r} for {notebook}: "
                                f"{where[student, notebook]} and {path}")
        where[student, notebook] = path
        out.append(Submission(path, student, notebook, nb))
    return out
