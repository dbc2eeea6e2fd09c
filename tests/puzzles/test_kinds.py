"""Each kind of puzzle is an object (``PuzzleKind``) that the loader, grading, solving and
measuring ask; stored puzzle files keep loading unchanged, the kind written by its name."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest

from kingdomino_kit.errors import PuzzleError
from kingdomino_kit.puzzles import KINDS, Puzzle, PuzzleKind, load_collection

NAMES = ["best-kingdom", "complete", "rearrange", "next-placement", "free-choice"]


def test_the_kinds_are_the_names_of_the_format() -> None:
    assert list(KINDS) == NAMES and [k.value for k in PuzzleKind] == NAMES
    assert all(KINDS[name] is PuzzleKind(name) == name for name in NAMES)


def test_every_stored_puzzle_loads_with_its_kind_and_writes_it_back_unchanged() -> None:
    stored = {p.name: json.loads(p.read_text()) for p in
              files("kingdomino_kit").joinpath("collection", "kingdomino").iterdir()
              if p.name.endswith(".json")}
    puzzles = load_collection()
    assert len(puzzles) == len(stored)
    for puzzle in puzzles:
        data = stored[f"{puzzle.id}.json"]
        assert isinstance(puzzle.kind, PuzzleKind) and puzzle.kind.value == data["kind"]
        assert puzzle.id.endswith(data["kind"])
        assert json.loads(puzzle.dumps())["kind"] == data["kind"]


def test_what_each_kind_says() -> None:
    by = {k.value: k for k in PuzzleKind}
    assert [n for n in NAMES if by[n].claims_first] == ["next-placement"]
    assert [n for n in NAMES if not by[n].from_castle] == ["complete", "next-placement"]
    assert [n for n in NAMES if by[n].gives_kingdom] == ["rearrange"]
    assert [n for n in NAMES if by[n].plain_set] == ["best-kingdom"]
    assert [n for n in NAMES if by[n].may_leave_out] == ["best-kingdom", "free-choice"]
    assert f"{PuzzleKind.COMPLETE:>9}" == " complete"


def test_a_kind_given_by_name_becomes_the_object_and_an_unknown_one_is_refused() -> None:
    puzzle = Puzzle("x", "x", "complete", 1, "?", (1,), start="C W")
    assert puzzle.kind is PuzzleKind.COMPLETE
    with pytest.raises(PuzzleError, match="kind: must be one of best-kingdom"):
        Puzzle("x", "x", "best kingdom", 1, "?", (1,))
