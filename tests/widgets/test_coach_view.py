"""CoachView: its state follows the game replayed through the engine, its marks are the
report's, clicks move it and a bad click leaves it where it was."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from kingdomino_kit import domino
from kingdomino_kit.bots import RandomBot
from kingdomino_kit.game import GameOptions, play
from kingdomino_kit.game.coach import coach
from kingdomino_kit.solver import best_kingdom
from kingdomino_kit.solver.ordered import best_in_order
from kingdomino_kit.widgets import CoachView, WidgetError


def click(view: CoachView, action: str, **data: str) -> None:
    seq = int(view.event.get("seq", 0)) + 1
    view.event = {"kkAction": action, "seq": seq, **data}


@pytest.fixture(scope="module")
def played() -> tuple[object, object]:
    """A coached game; the end's solutions (the coach's own, proven in tests/game) are those of
    the player's first five dominoes here, to keep the widget's test quick."""
    game = play([RandomBot(1), RandomBot(2), RandomBot(3)], GameOptions(players=3), seed=5)
    report = coach(game.log(), 1, playouts=8, seed=1, solve=False)
    first = [domino(n) for n in report.dominoes[:5]]
    return game, replace(report, rearranged=best_kingdom(first, workers=1),
                         in_order=best_in_order(first, workers=1))


def test_the_view_replays_the_game_and_ends_on_its_kingdoms(played: tuple) -> None:
    game, report = played
    view = CoachView(report)
    assert view.step == 0 and view.last_step == len(view.actions)
    rounds = game.log()["rounds"]
    assert view.last_step == sum((t["place"] is not None) + (t["pick"] is not None)
                                 for r in rounds for t in r["turns"])
    while view.forward():
        pass
    assert view.step == view.last_step and not view.forward()
    end = view.game_at(view.last_step)
    assert end.is_over and end.scores() == game.scores()
    assert "your kingdom</b>: " + str(report.score) in view.html
    assert f"rearranged</b>: {report.rearranged.score} (proven)" in view.html
    assert f"they came</b>: {report.in_order.score} (proven)" in view.html
    # half-way, the kingdoms hold the dominoes the log placed in the actions before
    half = view.last_step // 2
    placed = [a for _, a in view.actions[:half] if hasattr(a, "first")]
    middle = view.game_at(half)
    assert sum(len(middle.kingdom(p).history) for p in range(3)) == len(placed)
    view.goto(half)
    assert f"step {half} of {view.last_step}" in view.html


def test_decisions_marks_and_both_boards(played: tuple) -> None:
    _, report = played
    view = CoachView(report)
    seen = []
    while view.next_decision():
        if view.step == view.last_step:
            break
        seen.append(view.step)
        d = view._at[view.step]
        assert f"cost {d.cost:.1f}" in view.html
        assert escape_free(view.move_words(d.played)) in view.html
        if d.phase == "place" and "cells" in d.played:  # cells named as the DraftTable names them
            assert re.fullmatch(r"place \d+ at [A-I][1-9],[A-I][1-9]",
                                view.move_words(d.played)), view.move_words(d.played)
        assert ("The opening draft:" if d.round == 0 else f"Round {d.round}:") in view.html
        assert "Round 0" not in view.html
        if d.phase == "place":
            assert "kk-coach-played" in view.html and "kk-coach-best" in view.html
            assert view.html.count("kk-move") >= 2                # the cells of both moves
        else:
            assert "kk-line-domino kk-played" in view.html or "kk-played kk-best" in view.html
    assert seen == [d.step for d in report.decisions]
    assert not view.next_decision() and view.previous_decision()
    assert view.step == report.decisions[-1].step
    worst = {d.worst: d.step for d in report.decisions if d.worst}
    for rank, step in worst.items():
        click(view, "worst", rank=str(rank))
        assert view.step == step
        assert f"worst {rank}" in view.html
    assert view.html.count("kk-worst kk-worst-") == len(worst) == 3


def escape_free(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;")


def test_clicks_move_the_view_and_bad_ones_do_not(played: tuple) -> None:
    _, report = played
    view = CoachView(report)
    click(view, "last")
    assert view.step == view.last_step
    click(view, "first")
    assert view.step == 0
    click(view, "forward")
    click(view, "forward")
    click(view, "back")
    assert view.step == 1
    step = report.decisions[2].step
    click(view, "goto", step=str(step))
    assert view.step == step and 'class="kk-current' in view.html
    for action, data in (("goto", {"step": "9999"}), ("goto", {"step": "x"}),
                         ("worst", {"rank": "7"}), ("fly", {})):
        click(view, action, **data)
        assert view.step == step and "kk-error" in view.html
    with pytest.raises(WidgetError):
        view.goto(-1)
    with pytest.raises(WidgetError):
        CoachView()
    with pytest.raises(WidgetError):
        CoachView(report, log=report.log)
