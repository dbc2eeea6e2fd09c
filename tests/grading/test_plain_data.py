"""Answers as plain data: what travels out of a submission's kernel (kingdoms as text, a
board's play, numpy's numbers as their value) comes back equal, and data of any other shape is
refused, never trusted."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from kingdomino_kit.exercises.boards import BoardPlay
from kingdomino_kit.grading.plain_data import NotPlain, decode, encode
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.widgets import KingdomBoard


def test_kingdoms_boards_and_numpy_numbers_travel_as_data() -> None:
    kingdom = Kingdom.from_text("L1 L F / C L F1 / G2 G F")
    assert decode(encode(kingdom)) == kingdom and decode(encode(Kingdom(7))) == Kingdom(7)
    board = KingdomBoard("41, 13")
    board.click(0, 1)
    from kingdomino_kit.exercises.boards import play_of

    play = play_of(board)
    assert play.moves == ((41, 0, 1, 0, 2),) and decode(encode(play)) == play
    values = (np.int64(3), np.float64(0.5), np.bool_(True), np.int8(-2))
    assert decode(encode(values)) == (3, 0.5, True, -2)
    assert [type(v) for v in decode(encode(values))] == [int, float, bool, int]
    assert decode(encode(Fraction(1, 3))) == Fraction(1, 3)


class EqualToAll(int):
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


def test_a_number_that_claims_equality_travels_as_its_value() -> None:
    assert decode(encode(EqualToAll(0))) == 0 and decode(encode(EqualToAll(0))) != 4


@pytest.mark.parametrize("data", [
    {"kingdom": [6, "C"]}, {"kingdom": [5, "C X9"]}, {"kingdom": "C"},
    {"board": {"actions": [[41, 0, 1]]}}, {"board": {"actions": [[41, 0, 1, 0, "2"]]}},
    {"board": {"actions": [[1]] * 201}}, {"board": {"actions": [], "size": 6}},
    {"board": {"actions": [[True, 0, 1, 0, 2]]}}, {"verdict": "correct"}, [1, 2],
])
def test_data_of_another_shape_is_refused(data: object) -> None:
    with pytest.raises(NotPlain):
        decode(data)


def test_a_play_is_only_its_moves() -> None:
    play = BoardPlay.from_data({"actions": [[41, 0, 1, 0, 2]], "kingdom": "C W G2",
                                "score": 99, "size": 5})
    assert play.data() == {"actions": [[41, 0, 1, 0, 2]], "kingdom": "C W G2", "size": 5}


def test_numpy_yes_no_is_an_answer_in_the_notebook_and_for_the_grader() -> None:
    from kingdomino_kit.exercises import for_notebook

    answer = np.int64(41) >= 40
    assert decode(encode(answer)) is True
    check = for_notebook("06_analysis")
    assert check.exercises[2].kind.read(answer) is True


def test_a_games_actions_travel_as_data_and_broken_ones_are_refused() -> None:
    """A bot written in a notebook answers with one of the game's own actions: every legal
    action of a game comes back equal (the grader compares it with its own legal actions)."""
    from kingdomino_kit.game import Game, GameOptions

    game = Game(GameOptions(players=2), seed=4)
    seen = set()
    while not game.is_over and len(seen) < 3:
        for action in game.legal_actions():
            back = decode(encode(action))
            assert back == action and type(back) is type(action)
            seen.add(type(action).__name__)
        game.apply(game.legal_actions()[-1])
    assert seen >= {"Claim", "Placement"}
    for junk in ({"claim": 0}, {"claim": 49}, {"claim": "7"}, {"placement": [7, 0, 1]},
                 {"placement": [7, 0, 1, 0, True]}, {"discard": [7]}):
        with pytest.raises(NotPlain):
            decode(junk)
