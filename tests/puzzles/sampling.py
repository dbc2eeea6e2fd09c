"""How the puzzle tests sample the collection in make test."""

from __future__ import annotations

from typing import Any

import pytest

from kingdomino_kit.puzzles import Puzzle


def first_of_each_kind(puzzles: list[Puzzle]) -> list[Any]:
    """Every puzzle, the first of each kind in make test, the others a sweep."""
    kinds: set[object] = set()
    params = []
    for p in puzzles:
        params.append(pytest.param(p, id=p.id, marks=[] if p.kind not in kinds
                                   else [pytest.mark.sweep]))
        kinds.add(p.kind)
    return params
