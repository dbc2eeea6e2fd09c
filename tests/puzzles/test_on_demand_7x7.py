"""Puzzles on demand on 7×7: ``puzzle new --size 7`` (and a ``new-…-7x7`` id) gives a proven
puzzle on a 7×7 kingdom at the level asked; 5×5 ids and bytes are those of before."""

from __future__ import annotations

import pytest

from kingdomino_kit.cli import main
from kingdomino_kit.errors import PuzzleError
from kingdomino_kit.puzzles import replay
from kingdomino_kit.puzzles.levels import level_of
from kingdomino_kit.puzzles.lookup import fresh_puzzle, is_fresh
from kingdomino_kit.puzzles.on_demand import new_puzzle


def test_a_7x7_puzzle_is_proven_at_its_level_and_named_for_its_size(
        capsys: pytest.CaptureFixture[str]) -> None:
    p = new_puzzle("free-choice", 2, seed=1, size=7)
    assert p.id == "new-free-choice-L2-1-7x7" and p.rules.size == 7
    assert p.measures is not None and p.level == 2 and level_of(p.measures) == 2
    assert p.solution is not None and p.solution.proof["status"] == "OPTIMAL"
    assert p.rules.total(replay(p)) == p.solution.optimum
    assert main(["puzzle", "new", "--kind", "free-choice", "--level", "2", "--seed", "1",
                 "--size", "7", "--json"]) == 0
    assert capsys.readouterr().out == p.dumps()
    assert is_fresh(p.id) and fresh_puzzle(p.id).dumps() == p.dumps()


def test_the_5x5_ids_stay_and_a_bad_size_is_an_error(capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    assert new_puzzle("complete", 1, seed=7, size=5).dumps() == new_puzzle("complete", 1,
                                                                            seed=7).dumps()
    assert new_puzzle("complete", 1, seed=7).id == "new-complete-L1-7"
    with pytest.raises(PuzzleError, match="size"):
        new_puzzle("complete", 1, size=6)
    with pytest.raises(SystemExit) as stop:
        main(["puzzle", "new", "--kind", "complete", "--level", "1", "--size", "6"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
