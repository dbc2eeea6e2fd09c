"""Kingdoms board notation and scoring: the seed's worked example, and a castle-by-castle
scorer written independently, compared on random boards."""

from __future__ import annotations

import random
import re

import pytest

from kingdomino_kit import KingdominoError
from kingdomino_kit.kingdoms import Board, BoardNotationError, score_board
from tests.reference import SEED_EXAMPLE, kingdoms_gold, random_board


# The seed's worked example: tests.reference.SEED_EXAMPLE.
def test_seed_row_1() -> None:
    (row1,) = score_board(Board.from_text(SEED_EXAMPLE)).line("row 1")
    assert row1.base == -3 and row1.value == -3
    assert row1.ranks == {"a": 5, "b": 1, "c": 1}
    assert row1.gold == {"a": -15, "b": -3, "c": -3}


def test_seed_row_4_mountain_and_dragon() -> None:
    left, right = score_board(Board.from_text(SEED_EXAMPLE)).line("row 4")
    assert left.cells == ((3, 0), (3, 1), (3, 2)) and right.cells == ((3, 4), (3, 5))
    assert left.dragon and left.value == 0 and left.gold["a"] == 0
    assert left.cancelled == 3                  # the Village (+3), cancelled by the Dragon
    assert not right.dragon and right.value == 5 and right.gold == {"a": 0, "b": 5, "c": 0}


def test_seed_column_2_dragon_then_gold_mine() -> None:
    (col2,) = score_board(Board.from_text(SEED_EXAMPLE)).line("column 2")
    assert col2.resources == 4 and col2.cancelled == 4 and col2.hazards == -3
    assert col2.dragon and col2.gold_mine and col2.value == -6
    assert col2.gold["b"] == -6


def test_seed_column_4_mountain_cuts_off_a_castle() -> None:
    top, bottom = score_board(Board.from_text(SEED_EXAMPLE)).line("column 4")
    assert top.value == -4 and top.gold == {"a": 0, "b": 0, "c": -4}
    assert bottom.cells == ((4, 3),) and bottom.value == 0 and bottom.gold["a"] == 0


def test_json_shape_counts_from_one() -> None:
    data = score_board(Board.from_text(SEED_EXAMPLE)).to_json()
    assert set(data) == {"gold", "lines"}
    first = data["lines"][0]
    assert set(first) == {"line", "cells", "value", "ranks"}
    assert first["line"] == "row 1" and first["cells"][0] == [1, 1] and first["cells"][-1] == [1, 6]
    names = [entry["line"] for entry in data["lines"]]
    assert names.count("row 4") == 2 and names.count("column 4") == 2 and len(names) == 13


def test_gold_mine_and_dragon_stay_in_their_segment() -> None:
    board = Board.from_text("+6 D ^ +5 a1 $ / " + ". . . . . . / " * 4)
    left, right = score_board(board).line("row 1")
    assert left.value == 0 and right.value == 10 and right.gold["a"] == 10


def test_wizard_raises_adjacent_castles() -> None:
    board = Board.from_text("+2 a1 W b2 . . / . c1 . . . . / " + ". . . . . . / " * 3,
                            wizard=True)
    scoring = score_board(board)
    (row1,) = scoring.line("row 1")
    assert row1.ranks == {"a": 2, "b": 3, "c": 0}
    (col2,) = scoring.line("column 2")
    assert col2.ranks["c"] == 1  # diagonal to the wizard: no bonus


# ------------------------------------------------------------------ the independent scorer
@pytest.mark.parametrize("players", [2, 3, 4])
def test_scoring_matches_castle_by_castle_scorer(players: int) -> None:
    rng = random.Random(players)
    for _ in range(150):
        board = random_board(rng, players, fill=rng.choice([0.5, 0.9, 1.0]),
                             wizard=rng.random() < 0.3)
        assert score_board(board).gold == kingdoms_gold(board), board.to_text()


def test_text_round_trips() -> None:
    rng = random.Random(5)
    for _ in range(50):
        board = random_board(rng, 4, fill=0.8, wizard=True)
        assert Board.from_text(board.to_text(), wizard=True) == board


@pytest.mark.parametrize(("text", "message"), [
    (". . . . . .\n" * 4, "a board has 5 rows, not 4"),
    (". . . . .\n" + ". . . . . .\n" * 4, "line 1: a row has 6 cells, not 5"),
    (". . +7 . . .\n" + ". . . . . .\n" * 4, "line 1, column 5: unknown token '+7'"),
    (". . . . . .\n. . e1 . . .\n" + ". . . . . .\n" * 3, "line 2, column 5: unknown token"),
    ("D D . . . .\n" + ". . . . . .\n" * 4, "2 tiles D (the game has 1)"),
    ("a3 a3 a3 . . .\n" + ". . . . . .\n" * 4, "player a has 3 castles of rank 3"),
    ("a1 a1 a1 . . d1\n" + ". . . . . .\n" * 4, "a 4-player game gives 2"),
    ("W . . . . .\n" + ". . . . . .\n" * 4, "only in the 2011 edition"),
])
def test_bad_boards(text: str, message: str) -> None:
    with pytest.raises(BoardNotationError, match=re.escape(message)):
        Board.from_text(text)
    assert issubclass(BoardNotationError, KingdominoError)
