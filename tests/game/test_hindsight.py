"""Hindsight: the proven best kingdom from the dominoes a player took, beside theirs."""

from __future__ import annotations

import pytest

from kingdomino_kit.bots import RandomBot
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game import Game, GameOptions, play
from kingdomino_kit.game.bots import GreedyBot
from kingdomino_kit.game.hindsight import hindsight, taken_dominoes
from kingdomino_kit.solver import replay_order


@pytest.mark.parametrize("seed", [3, 7])
def test_the_best_uses_only_your_dominoes_and_is_never_worse(seed: int) -> None:
    game = play([GreedyBot(seed), RandomBot(seed + 1)], GameOptions(players=2), seed=seed)
    for player in (0, 1):
        h = hindsight(game, player)
        taken = taken_dominoes(game, player)
        log = game.log()
        claimed = sorted(t["pick"] for r in log["rounds"] for t in r["turns"]
                         if t["player"] == player and t["pick"] is not None)
        assert [d.number for d in taken] == claimed       # every domino taken, once
        assert h.best.status == "optimal" and h.best.score >= h.yours.score()
        used = [p.domino for p in h.best.order]
        assert set(used) <= set(taken)
        assert replay_order(h.best.order)[0].score() == h.best.score
        assert str(h.best.score) in h._repr_html_() and "your kingdom" in h._repr_html_()


def test_a_game_not_over_is_refused_with_a_sentence() -> None:
    with pytest.raises(KingdominoError, match="not over yet"):
        hindsight(Game(GameOptions(players=2), 1), 0)
