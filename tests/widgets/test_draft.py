"""DraftTable driven from Python and through the browser's ``event`` trait, cross-checked
against the game engine's own driver ``play()`` with the same bots and seed."""

from __future__ import annotations

import re

import pytest

from kingdomino_kit.bots import FunctionBot, make_bot
from kingdomino_kit.game import Claim, Discard, GameOptions, derive_seed, play
from kingdomino_kit.grid import DIRECTIONS
from kingdomino_kit.kingdom import Placement
from kingdomino_kit.widgets import DraftTable, WidgetError


def browser_click(widget: DraftTable, action: str, **data: object) -> None:
    seq = int(widget.event.get("seq", 0)) + 1
    widget.event = {"kkAction": action, **{k: str(v) for k, v in data.items()}, "seq": seq}


def free_numbers(table: DraftTable) -> list[int]:
    """The unclaimed dominoes of the line."""
    game = table.game
    return [d.number for d, k in zip(game.line, game.claims, strict=True) if k is None]


def first_action(observation: object, actions: list) -> object:
    return actions[0]


def play_first_action_by_clicks(table: DraftTable) -> int:
    """Play the human's turns as the 'first legal action' bot would, through clicks."""
    moves = 0
    while not table.game.is_over:
        assert table.your_turn(), table.message
        action = table.game.legal_actions()[0]
        if isinstance(action, Claim):
            browser_click(table, "claim", domino=action.domino.number)
        elif isinstance(action, Discard):
            browser_click(table, "discard")
        else:
            (r1, c1), (r2, c2) = action.cells
            table.rotate((DIRECTIONS.index((r2 - r1, c2 - c1)) - table.rotation) % 4)
            assert action.first in table.legal_cells()
            browser_click(table, "cell", row=r1, col=c1)
        assert table._kind != "error", table.message
        moves += 1
    return moves


@pytest.mark.parametrize(("players", "bots", "seed"), [
    (2, ["greedy"], 3), (3, ["random", "greedy"], 11), (4, ["greedy"], 5)])
def test_the_table_plays_the_same_game_as_the_engine(players: int, bots: list[str],
                                                     seed: int) -> None:
    table = DraftTable(players=players, bots=bots, seed=seed)
    moves = play_first_action_by_clicks(table)
    assert moves >= 12
    expected_bots = [FunctionBot(first_action)] + [
        make_bot(bots[min(i, len(bots) - 1)], derive_seed(seed, "bot", p))
        for i, p in enumerate(range(1, players))]
    engine = play(expected_bots, GameOptions(players=players), seed=seed)
    assert table.game.log() == engine.log()
    assert table.scores == engine.scores()
    assert "Game over" in table.message and "kk-results" in table.html
    winners = engine.winners()
    assert table.html.count('class="kk-winner"') == len(winners)


def test_illegal_actions_are_explained_and_change_nothing() -> None:
    table = DraftTable(players=2, bots=["random"], seed=2)
    while not (table.your_turn() and table.phase == "claim"
               and any(k is not None for k in table.game.claims)):
        if table.phase == "claim":
            table.claim(free_numbers(table)[0])
        else:
            table.apply(table.game.legal_actions()[0])
    taken = next(d.number for d in table.game.line if d.number not in free_numbers(table))
    before = table.game.snapshot()
    browser_click(table, "claim", domino=taken)
    assert "already claimed" in table.message and table.game.snapshot() == before
    browser_click(table, "cell", row=0, col=1)
    assert "claim a domino of the line" in table.message and table.game.snapshot() == before
    browser_click(table, "claim", domino=99)
    assert "does not exist" in table.message and table.game.snapshot() == before
    # now to a placement turn: an unconnected cell, and a discard while a placement exists
    while not (table.your_turn() and table.phase == "place"):
        table.apply(table.game.legal_actions()[0])
    before = table.game.snapshot()
    browser_click(table, "cell", row=4, col=4)
    assert table.message.startswith("Illegal: ") and table.game.snapshot() == before
    assert "connection" in table.message or "size" in table.message
    browser_click(table, "discard")
    assert "cannot discard" in table.message and table.game.snapshot() == before


def test_green_cells_are_the_legal_placements_of_your_domino() -> None:
    table = DraftTable(players=2, bots=["greedy"], seed=8)
    while not (table.your_turn() and table.phase == "place"):
        table.apply(table.game.legal_actions()[0])
    dom = table.domino_to_place()
    kingdom = table.game.kingdom(0)
    for rotation in range(4):
        dr, dc = DIRECTIONS[rotation]
        expected = set()
        for r in range(-4, 5):
            for c in range(-4, 5):
                try:
                    kingdom.check(Placement(dom, (r, c), (r + dr, c + dc)))
                except ValueError:
                    continue
                expected.add((r, c))
        assert table.legal_cells() == expected
        legal_in_html = {(int(r), int(c)) for r, c in re.findall(
            r'class="kk-cell [^"]*kk-legal[^"]*" data-kk-action="cell" data-row="(-?\d+)" '
            r'data-col="(-?\d+)"', table.html)}
        assert legal_in_html == expected
        browser_click(table, "rotate")


def test_bots_only_table_steps_and_is_reproducible() -> None:
    table = DraftTable(players=4, bots=["random", "greedy"], human=None, seed=9)
    assert table.game.round == 0 and not table.your_turn()
    browser_click(table, "step")
    assert "claimed domino" in table.html
    assert not table.apply(table.game.legal_actions()[0])
    assert table.message == "It is not your turn."
    browser_click(table, "play")
    assert table.game.is_over and "Game over" in table.message
    again = DraftTable(players=4, bots=["random", "greedy"], human=None, seed=9)
    again.play_to_end()
    assert again.game.log() == table.game.log()
    browser_click(table, "new")
    assert table.game.round == 0 and not table.game.is_over


def test_options_and_bad_arguments() -> None:
    duel = DraftTable(players=2, variant="mighty-duel", bots=["random"], human=None, seed=1)
    duel.play_to_end()
    assert duel.game.is_over and all(k.size == 7 for k in duel.game.kingdoms)
    with pytest.raises(WidgetError, match="human must be"):
        DraftTable(players=2, human=2)
    with pytest.raises(WidgetError, match="either options"):
        DraftTable(options=GameOptions(players=2), harmony=True)
    with pytest.raises(ValueError, match="unknown bot"):
        DraftTable(players=2, bots=["smart"])


def test_rounds_are_counted_from_1_and_the_turn_is_said_plainly() -> None:
    table = DraftTable(players=2, bots=["greedy"], seed=1)
    status = re.search(r'<div class="kk-status"><b>([^<]*)</b>', table.html)[1]
    assert status == "opening draft (round 1 of 6 next) · claim · your turn"
    assert "round 0" not in table.html and "turn of" not in table.html
    seen = set()
    while not table.game.is_over:
        seen.add(table.round_words())
        if table.your_turn():
            table.apply(table.game.legal_actions()[0])
        else:
            assert table.turn_words().endswith("'s turn")
            table.step()
    rounds = {int(m[1]) for w in seen if (m := re.match(r"round (\d+) of 6", w))}
    assert {1, 2, 3, 4, 5} <= rounds <= {1, 2, 3, 4, 5, 6}
    assert "game over" in table.html
    watched = DraftTable(players=2, human=None, bots=["random"], seed=2)
    words = set()
    while watched.step():
        words.add(re.search(r'<div class="kk-status"><b>([^<]*)</b>', watched.html)[1])
    assert any(w.startswith("round 6 of 6 · place · random") for w in words), words


def test_other_players_boards_are_readable_at_a_classroom_size() -> None:
    table = DraftTable(players=4, bots=["greedy"], seed=5)
    while not (table.your_turn() and table.phase == "place"):
        table.apply(table.game.legal_actions()[0])
    sizes = {int(w) for w in re.findall(r'<rect class="kk-cell[^"]*"[^>]* width="(\d+)"',
                                        table.html)}
    assert min(sizes) >= 28                              # no 16 px cells any more
    panels = re.findall(r'<div class="kk-player[^"]*" data-player="(\d)"(.*?)</svg>', table.html,
                        re.S)
    cells = {int(p): body.count('class="kk-cell') for p, body in panels}
    assert cells[0] == 81 and all(cells[p] == 25 for p in (1, 2, 3))   # yours 9×9, theirs 5×5
    crowns = re.findall(r'<path class="kk-crown" d="M([\d.]+),[\d.]+ L[\d.]+,[\d.]+ L[\d.]+,'
                        r'[\d.]+ L[\d.]+,[\d.]+ L[\d.]+,[\d.]+ L([\d.]+),', table.html)
    assert crowns and all(float(b) - float(a) >= 14 for a, b in crowns)


def test_the_log_and_the_keys_name_cells_as_the_labels_do() -> None:
    table = DraftTable(players=2, bots=["greedy"], seed=1)
    while not (table.your_turn() and table.phase == "place"):
        table.apply(table.game.legal_actions()[0])
    assert 'data-kk-keys="draft"' in table.html
    browser_click(table, "key", key="rotate")
    assert table.rotation == 1
    target = min(table.legal_cells())
    while table.cursor != target:
        r, c = table.cursor
        browser_click(table, "key", key="down" if target[0] > r else "up" if target[0] < r
                      else "right" if target[1] > c else "left")
    assert "press Enter" in table.message
    browser_click(table, "key", key="enter")
    log = table.html.split('<ul class="kk-log">')[1]
    assert re.search(r"You placed domino \d+ on [A-I][1-9],[A-I][1-9]\.", log)
    assert not re.search(r"\(-?\d+, ?-?\d+\)", log)
