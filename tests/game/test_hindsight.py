"""Hindsight: the proven best kingdom from the dominoes a player took, beside theirs."""

from __future__ import annotations

import pytest

from kingdomino_kit.bots import RandomBot, make_bot
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game import Game, GameOptions, play
from kingdomino_kit.game.bots import GreedyBot
from kingdomino_kit.game.hindsight import hindsight, taken_dominoes
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver import best_kingdom, replay_order


@pytest.mark.parametrize("seed", [3, pytest.param(7, marks=pytest.mark.sweep)])
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


def test_harmony_counts_in_the_best_kingdom_as_in_yours() -> None:
    """Player 1 of this game fills the 5×5 frame: 54 points and Harmony's +5. The best layout
    of the same dominoes scores 55 without the bonus and is full too: under the game's rules it
    scores 60, and hindsight must say so (a solver asked without Harmony answers 55, below the
    player's own 59)."""
    rules = Rules(harmony=True)
    game = play([make_bot("greedy", 10), make_bot("greedy", 11)],
                GameOptions(players=2, rules=rules), seed=5)
    h = hindsight(game, 1)
    assert h.yours.is_harmony() and h.your_total == h.yours.score() + 5
    taken = taken_dominoes(game, 1)
    plain = best_kingdom(taken, workers=1)                       # without the bonus
    assert plain.score < h.your_total                            # the old answer: below yours
    assert h.best.status == "optimal"
    assert h.best.score >= h.your_total
    assert h.best.kingdom is not None and h.best.kingdom.total(rules) == h.best.score
    assert h.best.kingdom.is_harmony() and h.best.score == plain.score + 5  # full, the +5
    assert (h.your_total, plain.score, h.best.score) == (59, 55, 60)
    assert "scores 60" in h.words()


def test_a_game_not_over_is_refused_with_a_sentence() -> None:
    with pytest.raises(KingdominoError, match="not over yet"):
        hindsight(Game(GameOptions(players=2), 1), 0)
