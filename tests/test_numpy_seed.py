"""A NumPy integer is a seed wherever a seed is taken (``numpy.random`` hands them out), and
it plays the very game the same plain integer plays; a yes/no or a fraction is refused in the
error family."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from kingdomino_kit.bots import RandomBot, make_bot
from kingdomino_kit.env.aec import raw_env
from kingdomino_kit.env.solo import SoloEnv
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.game import Game
from kingdomino_kit.kingdoms.game import KingdomsGame
from kingdomino_kit.origins.game import OriginsGame
from kingdomino_kit.seeds import plain_seed
from kingdomino_kit.widgets.board import parse_hand


@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint16])
def test_every_game_takes_a_numpy_seed_as_its_plain_twin(kind: type) -> None:
    for make in (lambda s: Game(seed=s), lambda s: OriginsGame(seed=s),
                 lambda s: KingdomsGame(None, s)):
        numpy_game, plain_game = make(kind(11)), make(11)
        assert type(numpy_game.seed) is int and numpy_game.seed == 11
        assert numpy_game.legal_actions() == plain_game.legal_actions()


FIVE: Any = np.int64(5)   # the annotations say int: a NumPy integer is taken all the same
FOUR: Any = np.int64(4)


def test_the_kingdom_builder_deals_the_same_hand_for_a_numpy_seed() -> None:
    assert parse_hand(None, 5, FIVE) == parse_hand(None, 5, 5)


def test_bots_take_a_numpy_seed() -> None:
    assert RandomBot(FIVE).rng.random() == RandomBot(5).rng.random()
    assert make_bot("random", FIVE).rng.random() == RandomBot(5).rng.random()


def test_the_learning_environments_take_a_numpy_seed() -> None:
    solo, twin = SoloEnv(), SoloEnv()
    first, _ = solo.reset(seed=FOUR)
    again, _ = twin.reset(seed=4)
    assert (first["observation"] == again["observation"]).all()
    aec, twin_aec = raw_env(), raw_env()
    aec.reset(seed=FOUR)
    twin_aec.reset(seed=4)
    assert aec.game.seed == twin_aec.game.seed


@pytest.mark.parametrize("bad", [True, 1.5, "7", None])
def test_anything_else_is_refused_in_the_family(bad: object) -> None:
    with pytest.raises(KingdominoError, match="must be an integer"):
        plain_seed(bad)
    with pytest.raises(KingdominoError):
        make_bot("random", 1.5)  # type: ignore[arg-type]
