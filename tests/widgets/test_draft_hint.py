"""Hints at the draft table: off by default, the teacher's switch, strong's move, and in the
endgame every option's cost checked against plain search."""

from __future__ import annotations

import re

import pytest

from kingdomino_kit.bots import make_bot
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.endgame import no_chance_left
from kingdomino_kit.seeds import seat_seed
from kingdomino_kit.widgets import DraftTable
from kingdomino_kit.widgets.classroom import DRAFT_HINTS, HIDE_ANSWERS
from kingdomino_kit.widgets.draft_hint import action_words, advise
from tests.reference import TooBig, plain_endgame


def small_endgame(seed: int, players: int = 2) -> DraftTable:
    """A table at the human's turn, no chance left, small enough for plain search."""
    table = DraftTable(players=players, bots=["greedy"], seed=seed, hints=True)
    while True:
        game = table.game
        if table.your_turn() and no_chance_left(game.observation()):
            try:
                plain_endgame(game, "minimax" if players == 2 else "maxn", 0, 3000)
                return table
            except TooBig:
                pass
        assert not game.is_over
        table.apply(game.legal_actions()[0])


def test_hints_are_off_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DRAFT_HINTS, raising=False)
    table = DraftTable(players=2, seed=1)
    assert not table.hints and 'data-kk-action="hint"' not in table.html
    before = table.game.legal_actions()
    assert table.hint() is None and "off" in table.message
    assert table.advice is None and table.game.legal_actions() == before


def test_the_teacher_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DRAFT_HINTS, "1")
    table = DraftTable(players=2, seed=1)
    assert table.hints and 'data-kk-action="hint"' in table.html
    assert re.search(r'<button[^>]*data-kk-action="hint"[^>]*aria-label="Hint: [^"]+"', table.html)
    monkeypatch.setenv(HIDE_ANSWERS, "1")  # answers hidden: no hints whatever the other says
    assert not DraftTable(players=2, seed=1).hints
    assert DraftTable(players=2, seed=1, hints=True).hints  # the table's own say
    monkeypatch.delenv(HIDE_ANSWERS)
    assert not DraftTable(players=2, seed=1, hints=False).hints


def test_a_hint_before_the_endgame_is_strongs_move() -> None:
    table = DraftTable(players=2, bots=["greedy"], seed=3, hints=True)
    table.apply(table.game.legal_actions()[0])
    game = table.game
    advice = table.hint()
    assert advice is not None and not advice.exact and advice.costs == ()
    want = make_bot("strong", seat_seed(3, 0)).choose(game.observation(0), game.legal_actions())
    assert advice.suggestion == want
    assert action_words(want, 5) in table.message and "No exact figures" in table.message
    assert "kk-advice" in table.html
    # the hint belongs to its position: gone after the move
    table.apply(advice.suggestion)
    assert table.advice is None and "kk-advice" not in table.html


@pytest.mark.parametrize("seed", (1, 2, 5))
def test_in_the_endgame_every_option_costs_what_plain_search_says(seed: int) -> None:
    table = small_endgame(seed)
    game = table.game
    advice = table.hint()
    assert advice is not None and advice.exact
    actions = game.legal_actions()
    assert sorted(map(str, (a for a, _ in advice.costs))) == sorted(map(str, actions))
    margins = {}
    for action in actions:
        child = game.copy()
        child.apply(action)
        margins[str(action)] = plain_endgame(child, "minimax", 0, 10 ** 6)  # the human is 0
    top = max(margins.values())
    for action, cost in advice.costs:
        assert cost == round((top - margins[str(action)]) / 10000)
    costs = [c for _, c in advice.costs]
    assert costs == sorted(costs) and costs[0] == 0 and advice.best == advice.costs[0][0]
    assert "Perfect play: " + action_words(advice.best, 5) in table.message
    assert "<caption>What each legal option costs" in table.html
    assert table.game.legal_actions() == actions  # nothing played


def test_three_players_cost_your_own_score() -> None:
    table = small_endgame(4, players=3)
    advice = table.hint()
    assert advice is not None and advice.exact and "your final score" in table.html


def test_a_hint_is_for_your_turn_only() -> None:
    table = DraftTable(players=2, bots=["greedy"], seed=2, hints=True)
    table.play_to_end()
    while not table.game.is_over:
        table.apply(table.game.legal_actions()[0])
    assert table.hint() is None and "the game is over" in table.message
    watched = DraftTable(players=2, human=None, seed=2, hints=True)
    assert watched.hint() is None and watched.message == "A hint is for your turn."
    with pytest.raises(KingdominoError):
        advise(table.game, 0, seed=1)


def test_the_browser_asks_for_a_hint() -> None:
    table = DraftTable(players=2, bots=["greedy"], seed=3, hints=True)
    table.event = {"kkAction": "hint", "seq": 1}
    assert table.advice is not None and table.message.startswith("Hint: strong would ")
