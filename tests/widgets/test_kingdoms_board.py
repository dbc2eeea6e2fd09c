"""Kingdoms widgets driven through their methods and through the synced ``event`` trait exactly
as the browser view sends it."""

from __future__ import annotations

import random
import re

from kingdomino_kit.bots import RandomBot
from kingdomino_kit.kingdoms import Board, KingdomsRules, replay, score_board
from kingdomino_kit.widgets.kingdoms_board import KingdomsTable, ScoringBoard
from tests.reference import SEED_EXAMPLE


def browser_click(view: ScoringBoard | KingdomsTable, action: str, **data: object) -> None:
    seq = int(view.event.get("seq", 0)) + 1
    view.event = {"kkAction": action, **{k: str(v) for k, v in data.items()}, "seq": seq}


def test_scoring_board_explains_the_clicked_lines() -> None:
    board = Board.from_text(SEED_EXAMPLE)
    view = ScoringBoard(board)
    assert view.gold == score_board(board).gold
    assert len(re.findall(r'data-kk-action="cell"', view.html)) == 30
    browser_click(view, "cell", row=3, col=3)   # the mountain of row 4 / column 4
    assert view.segments == []
    browser_click(view, "cell", row=3, col=4)   # +5 right of it
    assert [(s.line, s.cells) for s in view.segments] == [
        ("row 4", ((3, 4), (3, 5))), ("column 5", tuple((r, 4) for r in range(5)))]
    assert "kk-property" in view.html and "b: 5 × 1 = +5" in view.html
    browser_click(view, "cell", row=3, col=4)
    assert view.selected is None and "Click a cell" in view.html


def test_a_human_plays_a_whole_game_by_clicks() -> None:
    rng = random.Random(0)
    table = KingdomsTable(KingdomsRules(players=3), bots=[RandomBot(1), RandomBot(2)], seed=5)
    clicks = 0
    while table.to_move:
        game = table.game
        assert game.current_player == "a"
        actions = game.legal_actions()
        action = rng.choice(actions)
        if action.kind == "castle":
            browser_click(table, "rank", rank=action.rank)
        elif action.kind == "secret":
            browser_click(table, "secret")
        elif action.kind in ("draw", "pass"):
            browser_click(table, action.kind)
            continue
        assert action.cell is not None
        before = len(game.turns)
        browser_click(table, "cell", row=action.cell[0], col=action.cell[1])
        assert len(game.turns) > before, table.message
        clicks += 1
    assert table.game.is_over and clicks > 10
    assert "Game over" in table.message
    assert replay(table.game.to_log()).gold == table.game.gold


def test_illegal_clicks_change_nothing() -> None:
    table = KingdomsTable(KingdomsRules(players=2), bots=[RandomBot(3)], seed=1)
    log = table.game.to_log()
    browser_click(table, "cell", row=0, col=0)          # nothing chosen yet
    assert "Choose a castle" in table.message and table.game.to_log() == log
    r, c = table.game.board.empty_cells()[0]
    browser_click(table, "rank", rank=4)
    browser_click(table, "cell", row=r, col=c)
    assert table.game.board.at((r, c)) is not None
    r2, c2 = table.game.board.empty_cells()[0]
    log = table.game.to_log()
    browser_click(table, "rank", rank=4)                 # rank 4 is spent
    assert "No castle of rank 4 left" in table.message
    browser_click(table, "cell", row=r2, col=c2)
    assert table.game.to_log() == log
    table.mode = ("castle", 4)                           # even if the mode were forced
    browser_click(table, "cell", row=r2, col=c2)
    assert "no castle of rank 4" in table.message and table.game.to_log() == log
    browser_click(table, "cell", row=r, col=c)          # occupied
    assert table.game.to_log() == log
    browser_click(table, "pass")
    assert "may pass only" in table.message and table.game.to_log() == log
    browser_click(table, "rank", rank=1)
    assert table.html.count("kk-legal-dot") == len(table.game.board.empty_cells())
    browser_click(table, "draw")
    assert table.html.count("kk-legal-dot") == len(table.game.board.empty_cells())
    assert f"drawn: <b>{table.game.drawn}</b>" in table.html


def test_open_tiles_offer_each_tile() -> None:
    table = KingdomsTable(KingdomsRules(players=2, open_tiles=True), bots=[RandomBot(3)],
                          seed=2)
    offered = re.findall(r'data-kk-action="draw" data-tile="([^"]+)"', table.html)
    assert offered and offered == sorted(set(offered), key=offered.index)
    browser_click(table, "draw", tile=offered[0])
    assert str(table.game.drawn) == offered[0]
    cell = table.game.board.empty_cells()[0]
    browser_click(table, "cell", row=cell[0], col=cell[1])
    assert str(table.game.board.at(cell)) == offered[0]
