"""Submissions as teachers collect them: a folder per notebook, ``student-notebook`` names or
one file per student; several notebooks of a student in one run; what is refused."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from kingdomino_kit.grading.collect import BadCollection, collect, expand, identify


def edition(notebook: str | None) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    if notebook:
        nb.metadata["kingdomino_kit"] = {"edition": "student", "source": f"{notebook}.py"}
    return nb


def write(path: Path, notebook: str | None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(edition(notebook), path)
    return path


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def test_the_three_layouts_and_a_folder_of_them(tmp_path: Path) -> None:
    write(tmp_path / "00_start_here" / "ada.ipynb", None)  # the folder says which
    write(tmp_path / "ada-01_rules.ipynb", "01_rules")
    write(tmp_path / "bob.ipynb", "02_scoring")  # the metadata says which
    write(tmp_path / "00_start_here" / ".ipynb_checkpoints" / "ada-checkpoint.ipynb", None)
    found = collect([tmp_path], read)
    assert sorted((s.student, s.notebook) for s in found) == [
        ("ada", "00_start_here"), ("ada", "01_rules"), ("bob", "02_scoring")]
    assert len(expand([tmp_path, tmp_path / "bob.ipynb"])) == 3  # each file once


def test_a_name_and_a_content_that_disagree_and_duplicates_are_refused(tmp_path: Path) -> None:
    with pytest.raises(BadCollection, match="named for 01_rules, but it is notebook 00_"):
        identify(Path("ada-01_rules.ipynb"), edition("00_start_here"))
    with pytest.raises(BadCollection, match="no notebook in its name or folder"):
        identify(Path("ada.ipynb"), edition(None))
    first = write(tmp_path / "00_start_here" / "ada.ipynb", None)
    second = write(tmp_path / "ada-00_start_here.ipynb", "00_start_here")
    with pytest.raises(BadCollection, match="two submissions of 'ada' for 00_start_here"):
        collect([first, second], read)
    (tmp_path / "empty").mkdir()
    with pytest.raises(BadCollection, match="a folder with no notebook"):
        collect([tmp_path / "empty"], read)
    hyphen = identify(Path("mary-jane-00_start_here.ipynb"), edition(None))
    assert hyphen == ("mary-jane", "00_start_here")
