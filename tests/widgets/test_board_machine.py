"""The board state machine (kingdomino_kit.widgets.board_machine): keys and clicks -> actions,
refused actions change nothing, rotation wraps, the cursor stays in its frame, and the three
boards answer through it alike."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from kingdomino_kit.game import GameOptions
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.widgets.board import KingdomBoard
from kingdomino_kit.widgets.board_machine import (
    KEYS,
    BoardMachine,
    CellAt,
    Chose,
    MachineBoard,
    Moved,
    Press,
    Refused,
    Turned,
    WidgetError,
    move_cursor,
)
from kingdomino_kit.widgets.draft import DraftTable
from kingdomino_kit.widgets.origins_board import OriginsBoard
from kingdomino_kit.widgets.view import ESM

FRAME = (-2, 2, -3, 1)


def state(m: BoardMachine) -> tuple[object, ...]:
    return (m.hand, m.selected, m.rotation, m.cursor)


def test_keys_become_actions() -> None:
    m = BoardMachine([4, 9], cursor=(0, 0))
    assert m.key("up", FRAME) == Moved((-1, 0)) and m.cursor == (-1, 0)
    assert m.key("right", FRAME) == Moved((-1, 1))
    assert m.key("down", FRAME) == Moved((0, 1))
    assert m.key("left", FRAME) == Moved((0, 0))
    assert m.key("enter", FRAME) == CellAt((0, 0))
    assert m.key("rotate", FRAME) == Press("rotate", {}) and m.rotation == 0
    assert m.key("undo", FRAME) == Press("undo", {})
    assert m.key("x", FRAME) == Refused("Unknown key 'x': use the arrows, Enter, R or U.")
    no_undo = BoardMachine(keys=("rotate",))
    assert no_undo.key("undo", FRAME) == Refused(
        "Unknown key 'undo': use the arrows, Enter or R.")
    assert no_undo.key("up", None) == Refused(  # no cursor on the board now
        "Unknown key 'up': use the arrows, Enter or R.") and no_undo.cursor == (0, 1)
    with pytest.raises(WidgetError, match="keys: unknown 'redo'"):
        BoardMachine(keys=("redo",))


def test_clicks_become_actions() -> None:
    m = BoardMachine([4, 9])
    assert m.event("cell", {"row": "-3", "col": "2"}, FRAME) == CellAt((-3, 2))
    assert m.event("select", {"domino": "9"}, FRAME) == Chose(9)
    assert m.event("key", {"key": "enter"}, FRAME) == CellAt((0, 1))
    assert m.event("discard", {"x": "1"}, FRAME) == Press("discard", {"x": "1"})
    with pytest.raises(KeyError):
        m.event("cell", {"row": "1"}, FRAME)
    with pytest.raises(ValueError):
        m.event("select", {"domino": "nine"}, FRAME)
    assert m.select(9) == Chose(9) and m.selected == 9


def test_the_browser_reports_exactly_the_machines_keys() -> None:
    """view.js's key map names the keys the machine answers, no more and no fewer."""
    block = re.search(r"const KEYS = \{(.*?)\};", ESM.read_text(encoding="utf-8"), re.S)
    assert block is not None
    assert set(re.findall(r':\s*"(\w+)"', block.group(1))) == set(KEYS)


def test_an_illegal_action_never_changes_state() -> None:
    rng = random.Random(5)
    m = BoardMachine([1, 2, 3], cursor=(0, 0))
    for _ in range(2000):
        before = state(m)
        kind = rng.randrange(4)
        if kind == 0:
            action = m.key(rng.choice([*KEYS, "x", "tab", "redo"]), FRAME)
        elif kind == 1:
            action = m.select(rng.randrange(6))
        elif kind == 2:
            m.deal(rng.sample([1, 2, 3, 4, 5], rng.randrange(4)), keep=rng.random() < 0.5)
            continue
        else:
            action = m.rotate(rng.randrange(-5, 6))
        after = state(m)
        if isinstance(action, (Refused, CellAt, Press)):
            assert after == before, action
        elif isinstance(action, Moved):
            assert after[:3] == before[:3] and after[3] == action.cell
        elif isinstance(action, Chose):
            assert after[0] == before[0] and after[1] == action.number in m.hand
        else:
            assert isinstance(action, Turned) and after[:2] + after[3:] == before[:2] + before[3:]
        assert m.selected in m.hand or (m.selected == 0 and not m.hand)


def test_rotation_wraps_and_the_cursor_is_held_in_its_frame() -> None:
    m = BoardMachine([7])
    assert [m.rotate().rotation for _ in range(5)] == [1, 2, 3, 0, 1]
    assert m.rotate(-2) == Turned(3) and m.rotate(9) == Turned(0)
    seconds = []
    for _ in range(4):
        m.rotate()
        seconds.append(m.halves((0, 0))[1])
    assert seconds == [(1, 0), (0, -1), (-1, 0), (0, 1)]     # below, left, above, right
    # the cursor against the slow obvious rule: one step, unless it would leave the frame
    rmin, rmax, cmin, cmax = FRAME
    steps = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
    for r in range(rmin, rmax + 1):
        for c in range(cmin, cmax + 1):
            for key, (dr, dc) in steps.items():
                inside = rmin <= r + dr <= rmax and cmin <= c + dc <= cmax
                assert move_cursor((r, c), key, FRAME) == ((r + dr, c + dc) if inside
                                                           else (r, c))


def test_deal_keeps_chooses_or_takes_the_first() -> None:
    m = BoardMachine([3, 5, 8])
    assert m.selected == 3 and m.select(8) == Chose(8)
    m.deal([5, 8])
    assert m.selected == 8                      # kept
    m.deal([5, 8], keep=False)
    assert m.selected == 5                      # the first
    m.deal([5, 8], choose=8)
    assert m.selected == 8                      # chosen
    m.deal([])
    assert m.selected == 0 and m.select(5) == Refused("domino 5 is not in the hand")


def test_the_three_boards_answer_through_the_machine() -> None:
    """Choosing, turning, keys and browser messages are written once, in MachineBoard."""
    for cls in (KingdomBoard, OriginsBoard, DraftTable):
        assert issubclass(cls, MachineBoard)
        own = vars(cls)
        assert not {"select", "rotate", "key", "handle", "selected", "rotation",
                    "cursor"} & set(own), cls


def _boards() -> list[Any]:
    table = DraftTable(options=GameOptions(players=2), bots=["greedy"], seed=1)
    while not (table.your_turn() and table.phase == "place"):
        table.apply(table.game.legal_actions()[0])
    return [KingdomBoard("41,13"), OriginsBoard("36,18", seed=0), table]


def test_the_boards_say_the_same_words() -> None:
    """What the message line (read out by screen readers) says of keys and rotation is the
    same on every board."""
    for board in _boards():
        rotation = board.rotation
        before = board.html
        assert board.key("tab") is False                   # refused: said, nothing else
        assert board.message.startswith("Unknown key 'tab': use the arrows, Enter")
        assert board.rotation == rotation and board.html != before
        assert board.key("rotate") is True and board.rotation == (rotation + 1) % 4
        assert rotation == 0 and "second half below the first: " in board.message
        board.handle("select", {"domino": "999"})          # not in the hand: nothing changes
        assert board.message == "Cannot do 'select': domino 999 is not in the hand"
        with pytest.raises(WidgetError):
            board.select(999)
        board.handle("nonsense", {})
        assert board.message == "Unknown action 'nonsense' from the browser."
        assert board.key("up") is True and board.message.startswith("Cursor on ")


def test_a_click_and_enter_on_the_cursor_are_the_same() -> None:
    by_click, by_keys = KingdomBoard("41"), KingdomBoard("41")
    by_click.handle("cell", {"row": "0", "col": "1"})
    by_keys.handle("key", {"key": "enter"})                # the cursor starts on (0, 1)
    assert by_click.export() == by_keys.export() == Kingdom.from_text("C W G2").to_text()


def _kind(board: Any) -> str:
    for name in ("_message_kind", "message_kind", "_kind"):
        if hasattr(board, name):
            return str(getattr(board, name))
    raise AssertionError(f"{type(board).__name__} has no message kind")


def _snapshot(board: Any) -> tuple[object, ...]:
    if isinstance(board, DraftTable):
        game = board.game
        kingdoms = tuple(game.kingdom(p).to_text() for p in range(board.options.players))
        world: tuple[object, ...] = (kingdoms, str(game.phase), game.current_player,
                                     tuple(game.claims), len(board._log))
    else:
        world = (board.kingdom.to_text() if isinstance(board, KingdomBoard)
                 else repr(board.kingdom), board.phase if isinstance(board, OriginsBoard)
                 else "", tuple(d.number for d in board.hand))
    return (board.selected, board.rotation, board.cursor, world)


@pytest.mark.parametrize("make", [lambda: KingdomBoard("41,13,27,5"),
                                  lambda: OriginsBoard("36,18,40,12", seed=0, mode="tribe"),
                                  lambda: _boards()[2]],
                         ids=["kingdom", "origins", "draft"])
def test_a_refused_click_or_key_changes_nothing_on_any_board(make: Any) -> None:
    """Random clicks and keys on each board: whatever the board refuses (said as an error)
    leaves its state as it was."""
    rng = random.Random(11)
    board = make()
    buttons = ["rotate", "undo", "discard", "confirm", "claim", "recruit", "nonsense"]
    errors = changes = 0
    for _ in range(120):
        before = _snapshot(board)
        roll = rng.random()
        if roll < 0.35:
            board.handle("key", {"key": rng.choice([*KEYS, "tab"])})
        elif roll < 0.7:
            board.handle("cell", {"row": str(rng.randint(-3, 3)),
                                  "col": str(rng.randint(-3, 3))})
        elif roll < 0.8:
            board.handle("select", {"domino": str(rng.choice([5, 12, 13, 18, 36, 41, 99]))})
        else:
            name = rng.choice(buttons)
            board.handle(name, {"domino": "99", "slot": str(rng.randint(-1, 4))})
        if _kind(board) == "error":
            errors += 1
            assert _snapshot(board) == before, board.message
        else:
            changes += _snapshot(board)[3] != before[3]
    assert errors > 10 and changes > 0      # refused things were tried, and some were done
