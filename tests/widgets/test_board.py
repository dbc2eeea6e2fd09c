"""KingdomBoard driven from Python, through its methods and through the synced ``event`` trait
exactly as the browser view sends it; cross-checked against slow, obvious re-implementations."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from kingdomino_kit import IllegalPlacement, Kingdom, Placement, domino
from kingdomino_kit.dominoes import Terrain
from kingdomino_kit.grid import DIRECTIONS
from kingdomino_kit.render import TERRAIN_COLOURS
from kingdomino_kit.widgets import KingdomBoard, WidgetError


def browser_click(board: KingdomBoard, action: str, **data: object) -> None:
    """What the view does on a click: the element's data-* (strings) plus a counter."""
    seq = int(board.event.get("seq", 0)) + 1
    board.event = {"kkAction": action, **{k: str(v) for k, v in data.items()}, "seq": seq}


def slow_score(text: str) -> int:
    """Squares × crowns per property, by a plain flood fill over the text notation."""
    grid = {}
    for r, line in enumerate(text.splitlines()):
        for c, token in enumerate(line.split()):
            if token not in (".", "C"):
                grid[(r, c)] = (token[0], int(token[1:] or 0))
    seen, total = set(), 0
    for start in grid:
        if start in seen:
            continue
        stack, cells = [start], []
        seen.add(start)
        while stack:
            r, c = stack.pop()
            cells.append((r, c))
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in grid and n not in seen and grid[n][0] == grid[start][0]:
                    seen.add(n)
                    stack.append(n)
        total += len(cells) * sum(grid[x][1] for x in cells)
    return total


def slow_legal_cells(board: KingdomBoard) -> set[tuple[int, int]]:
    """Try every cell of the reach field with the rules' own check (not legal_placements)."""
    dom = domino(board.selected)
    dr, dc = DIRECTIONS[board.rotation]
    n = board.kingdom.size - 1
    cells = set()
    for r in range(-n, n + 1):
        for c in range(-n, n + 1):
            try:
                board.kingdom.check(Placement(dom, (r, c), (r + dr, c + dc)))
            except IllegalPlacement:
                continue
            cells.add((r, c))
    return cells


def html_cells(board: KingdomBoard, cls: str) -> set[tuple[int, int]]:
    found = set()
    for m in re.finditer(r'<rect class="([^"]*)"[^>]*data-row="(-?\d+)" data-col="(-?\d+)"',
                         board.html):
        if cls in m.group(1).split():
            found.add((int(m.group(2)), int(m.group(3))))
    return found


def test_a_browser_click_on_a_legal_cell_places_and_scores() -> None:
    board = KingdomBoard("41,13")
    assert board.score == 0 and 'class="kk-score-value">0<' in board.html
    browser_click(board, "cell", row=0, col=1)          # domino 41 W|G2: W at (0,1), G2 at (0,2)
    assert board.kingdom == Kingdom.from_text("C W G2")
    assert board.score == 2
    assert 'class="kk-score-value">2<' in board.html
    assert "score 0 → 2" in board.message
    assert [d.number for d in board.hand] == [13]       # the placed domino left the hand
    assert board.selected == 13                         # the next one is chosen


def test_an_illegal_click_explains_and_changes_nothing() -> None:
    board = KingdomBoard("41,13")
    board.click(0, 1)
    before, html_score = board.kingdom.key(), board.score
    browser_click(board, "cell", row=2, col=0)          # 13 W|F, nothing of its own near
    assert board.kingdom.key() == before and board.score == html_score
    assert board.message.startswith("Illegal: ")
    assert "connection rule" in board.message
    assert "kk-message kk-error" in board.html
    browser_click(board, "cell", row=0, col=0)          # on the castle
    assert "already holds the castle" in board.message
    browser_click(board, "cell", row=0, col=4)          # 13 would stick out: 6 columns
    assert "size rule" in board.message
    assert board.kingdom.key() == before and len(board.history) == 1


@pytest.mark.parametrize("number", [1, 13, 41, 48])
@pytest.mark.parametrize("rotation", range(4))
def test_green_cells_are_exactly_the_legal_clicks(number: int, rotation: int) -> None:
    start = Kingdom.from_text("F W . / L C W1 / . G .")
    board = KingdomBoard([number], kingdom=start)
    board.rotate(rotation)
    assert board.rotation == rotation
    expected = slow_legal_cells(board)
    assert board.legal_cells() == expected
    assert html_cells(board, "kk-legal") == expected
    for r, c in sorted(expected)[:3]:                   # and each green click really places
        board.click(r, c)
        assert len(board.history) == 1
        board.undo()


def test_out_of_reach_cells_are_dimmed_and_follow_the_kingdom() -> None:
    board = KingdomBoard("1")
    assert html_cells(board, "kk-out") == set()         # a bare castle can grow any way
    board.click(0, 1)                                   # W W right of the castle
    out = html_cells(board, "kk-out")
    assert (0, -3) in out and (0, -2) not in out and (0, 4) not in out
    assert out == {(r, c) for r in range(-4, 5) for c in (-4, -3)}


def test_rotation_cycles_clockwise_and_selecting_never_rotates() -> None:
    board = KingdomBoard("41,13")
    browser_click(board, "rotate")
    assert board.rotation == 1 and "below" in board.message
    browser_click(board, "select", domino=41)           # the chosen one again: no turn
    assert board.rotation == 1
    browser_click(board, "key", key="rotate")            # R
    assert board.rotation == 2
    browser_click(board, "select", domino=13)
    assert board.selected == 13 and board.rotation == 2
    board.rotate(2)
    assert board.rotation == 0
    board.click(0, 1)                                   # 13 W|F: W right of the castle
    assert board.kingdom == Kingdom.from_text("C W F")


def test_undo_redo_reset() -> None:
    board = KingdomBoard("41,13")
    browser_click(board, "undo")
    assert board.message == "Nothing to undo."
    assert re.search(r'data-kk-action="undo" title="[^"]*" disabled', board.html)
    board.click(0, 1)
    board.select(13)                                    # already chosen: stays, no rotation
    board.rotate()
    board.click(1, 1)                                   # 13 W|F downward: W under the W
    two = Kingdom.from_text("C W G2 / . W . / . F .")
    assert board.kingdom == two and board.hand == []
    browser_click(board, "undo")
    assert board.kingdom == Kingdom.from_text("C W G2") and board.selected == 13
    assert [d.number for d in board.hand] == [13]
    browser_click(board, "redo")
    assert board.kingdom == two
    browser_click(board, "redo")
    assert board.message == "Nothing to redo." and board.kingdom == two
    board.undo()
    board.undo()
    assert board.kingdom == Kingdom() and not board.undo()
    board.redo()
    assert board.click(1, 1)                            # a new action forgets the redo
    assert not board.redo() and len(board.history) == 2
    browser_click(board, "reset")
    assert board.kingdom == Kingdom() and [d.number for d in board.hand] == [41, 13]
    assert board.score == 0 and board.rotation == 0 and board.history == []


def test_reset_keeps_the_starting_kingdom_and_undo_stops_there() -> None:
    start = Kingdom.from_text("C G1")
    board = KingdomBoard("27", kingdom=start)
    assert board.score == 1 and not board.undo()
    assert board.click(0, 2) or board.click(1, 0) or board.click(-1, 0)
    board.reset()
    assert board.kingdom == start and board.kingdom is not start


def test_discard_only_when_the_domino_fits_nowhere() -> None:
    full = Kingdom.from_text("C W W W W / W W W W W / W W W W W / W W W W W / W W W . .")
    board = KingdomBoard("1,7", kingdom=full)           # 1 W|W fits, 7 L|L does not
    browser_click(board, "discard")
    assert "may not be discarded" in board.message and len(board.hand) == 2
    assert re.search(r'data-kk-action="discard" title="[^"]*" disabled', board.html)
    board.select(7)
    assert "fits nowhere" in board.message and board.legal_cells() == set()
    assert re.search(r'data-kk-action="discard" title="[^"]*">', board.html)  # enabled now
    browser_click(board, "discard")
    assert [d.number for d in board.hand] == [1] and board.kingdom == full
    assert board.history == [domino(7)]
    board.undo()
    assert sorted(d.number for d in board.hand) == [1, 7] and board.selected == 7


def test_export_text_round_trips_and_shows_on_request() -> None:
    board = KingdomBoard("41,13")
    board.click(0, 1)
    assert Kingdom.from_text(board.export()) == board.kingdom
    assert "kk-export-text" not in board.html
    browser_click(board, "export")
    assert '<pre class="kk-export-text">C  W  G2</pre>' in board.html


def test_every_property_is_outlined_numbered_and_in_the_table() -> None:
    start = Kingdom.from_text("G1 G . / C W W / F . L2")
    board = KingdomBoard("1", kingdom=start)
    props = board.kingdom.properties()
    assert board.html.count('class="kk-property') == len(props) == 4
    assert board.html.count('class="kk-property kk-zero"') == 2   # wheat and forest: no crown
    rows = re.findall(r"<tr(?: class=\"kk-zero\")?><td>(\d+)</td><td><span[^>]*></span>(\w+)</td>"
                      r"<td>(\d+)</td><td>(\d+)</td><td>(\d+)</td>", board.html)
    assert [(t, int(s), int(c), int(p)) for _, t, s, c, p in rows] == [
        ("lake", 1, 2, 2), ("grassland", 2, 1, 2), ("wheat", 2, 0, 0), ("forest", 1, 0, 0)]
    assert "<td><b>total</b></td><td></td><td></td><td><b>4</b>" in board.html


def test_bonuses_count_when_switched_on() -> None:
    centred = Kingdom.from_text("W C W")
    plain = KingdomBoard("1", kingdom=centred)
    board = KingdomBoard("1", kingdom=centred, middle_kingdom=True, harmony=True)
    assert plain.score == 0 and board.score == 10
    assert "Middle Kingdom" in board.html and "Harmony" in board.html


def test_a_7x7_board_has_a_13x13_field() -> None:
    board = KingdomBoard(None, size=7, seed=1)
    assert len(board.hand) == 24
    assert len(html_cells(board, "kk-cell")) == 13 * 13
    with pytest.raises(WidgetError, match="size 5 differs"):
        KingdomBoard("1", size=5, kingdom=Kingdom(7))


def test_hover_preview_carries_the_rotation_and_colours() -> None:
    board = KingdomBoard("41")
    board.rotate(3)
    assert 'data-ghost-dr="-1" data-ghost-dc="0"' in board.html
    assert f"--kk-ghost-first: {TERRAIN_COLOURS[Terrain.WHEAT]}" in board.html   # W, then G
    assert f"--kk-ghost-second: {TERRAIN_COLOURS[Terrain.GRASSLAND]}" in board.html


def test_select_a_domino_not_in_the_hand() -> None:
    board = KingdomBoard("41")
    with pytest.raises(WidgetError, match="not in the hand"):
        board.select(7)
    browser_click(board, "select", domino=7)
    assert "not in the hand" in board.message and board.selected == 41
    browser_click(board, "cell", row="x", col=1)        # garbage from a browser
    assert "Cannot do 'cell'" in board.message and len(board.kingdom) == 0


def test_import_kingdomino_kit_does_not_import_the_widgets() -> None:
    code = "import sys, kingdomino_kit; print('kingdomino_kit.widgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_whole_kingdom_by_random_clicks_scores_like_a_flood_fill() -> None:
    rng = random.Random(5)
    board = KingdomBoard(None, seed=3)
    assert len(board.hand) == 12
    clicks = 0
    while board.hand:
        board.rotate(rng.randrange(4))
        cells = sorted(board.legal_cells())
        if cells:
            assert board.click(*rng.choice(cells))
        elif not board.kingdom.can_place(domino(board.selected)):
            assert board.discard()
        clicks += 1
        assert board.score == slow_score(board.export())
        assert f'class="kk-score-value">{board.score}<' in board.html
    assert clicks >= 12 and "All dominoes are used" in board.message
    assert repr(board).endswith(f"hand=[], score={board.score})")


# ---------------------------------------------------------------- labels, names, keys, legibility
def label_texts(html: str) -> list[str]:
    return re.findall(r'<text class="kk-label"[^>]*>([^<]*)</text>', html)


def test_labels_name_columns_by_letter_and_rows_by_number_around_the_castle() -> None:
    board = KingdomBoard("41")
    labels = label_texts(board.html)
    assert labels == list("ABCDEFGHI") + [str(n) for n in range(1, 10)]
    assert board.name((0, 0)) == "E5" and board.name((-4, -4)) == "A1"
    big = KingdomBoard("1", size=7)
    assert label_texts(big.html)[:13] == list("ABCDEFGHIJKLM") and big.name((0, 0)) == "G7"
    for r in range(-4, 5):                              # the slow way: letter by index
        for c in range(-4, 5):
            assert board.name((r, c)) == "ABCDEFGHI"[c + 4] + str(r + 5)


def test_messages_name_cells_as_the_labels_do_never_by_coordinates() -> None:
    board = KingdomBoard("41,13")
    board.click(0, 1)
    assert board.message.startswith("Placed domino 41 on F5,G5:")
    for where in ((3, 3), (0, 0), (0, 1), (9, 9)):      # connection, occupied, occupied, size
        board.click(*where)
        assert board.message.startswith("Illegal:")
        assert not re.search(r"\(-?\d+, ?-?\d+\)", board.message), board.message
    board.click(3, 3)
    assert "domino 13 at H8,I8 breaks the connection rule" in board.message


def test_keys_move_the_cursor_place_rotate_and_undo_through_the_browser_event() -> None:
    board = KingdomBoard("41,13")
    assert board.cursor == (0, 1) and 'data-kk-keys="board"' in board.html
    assert html_cells(board, "kk-cursor") == {(0, 1)}
    for _ in range(6):                                  # held at the field's edge
        browser_click(board, "key", key="up")
    assert board.cursor == (-4, 1) and board.message.startswith("Cursor on F1:")
    for _ in range(4):
        browser_click(board, "key", key="down")
    browser_click(board, "key", key="left")
    browser_click(board, "key", key="right")
    assert board.cursor == (0, 1) and html_cells(board, "kk-cursor") == {(0, 1)}
    assert "press Enter" in board.message
    browser_click(board, "key", key="enter")            # 41 W|G2 on F5,G5
    assert board.export() == "C  W  G2" and board.message.startswith("Placed domino 41")
    browser_click(board, "key", key="rotate")           # 13 W|F, second half below
    assert board.rotation == 1
    browser_click(board, "key", key="right")            # G5 holds a square now
    assert board.message.startswith("Cursor on G5: a square already placed")
    browser_click(board, "key", key="left")
    browser_click(board, "key", key="down")             # F6: 13's W under the W, F below
    assert board.message.startswith("Cursor on F6: empty: press Enter")
    browser_click(board, "key", key="enter")
    assert board.message.startswith("Placed domino 13 on F6,F7")
    browser_click(board, "key", key="undo")
    assert board.message.startswith("Undone: domino 13") and board.export() == "C  W  G2"
    browser_click(board, "key", key="x")
    assert board.message.startswith("Unknown key 'x'")


def test_enter_does_exactly_what_a_click_on_the_cursor_does() -> None:
    for rotation in range(4):
        by_key, by_click = KingdomBoard("13,41"), KingdomBoard("13,41")
        by_key.rotate(rotation)
        by_click.rotate(rotation)
        for cell in sorted(by_click.legal_cells())[:2] + [(3, 3)]:
            while by_key.cursor != cell:                # walk the cursor there with arrows
                r, c = by_key.cursor
                by_key.key("down" if cell[0] > r else "up" if cell[0] < r else
                           "right" if cell[1] > c else "left")
            assert by_key.key("enter") == by_click.click(*cell)
            assert by_key.export() == by_click.export()
            by_key.undo()
            by_click.undo()


def test_every_legal_cell_gets_the_marker_and_only_those() -> None:
    board = KingdomBoard("13,41")
    board.click(0, 1)
    dots = re.findall(r'<circle class="kk-legal-dot" cx="([\d.]+)" cy="([\d.]+)"', board.html)
    assert len(dots) == len(board.legal_cells()) > 0
    corners = {(int(m[0]), int(m[1])): (int(m[2]), int(m[3])) for m in re.findall(
        r'class="kk-cell [^"]*kk-legal[^"]*"[^>]*data-row="(-?\d+)" data-col="(-?\d+)" '
        r'x="(\d+)" y="(\d+)"', board.html)}
    assert set(corners) == board.legal_cells()
    centres = {(x + 20, y + 20) for x, y in corners.values()}       # 40 px cells
    assert {(float(x), float(y)) for x, y in dots} == {(float(x), float(y)) for x, y in centres}


def crown_widths(html: str) -> list[float]:
    widths = []
    for d in re.findall(r'<path class="kk-crown" d="([^"]+)"', html):
        xs = [float(p.split(",")[0]) for p in re.findall(r"-?[\d.]+,-?[\d.]+", d)]
        widths.append(max(xs) - min(xs))
    return widths


def test_crowns_are_at_least_14_px_wide_everywhere_with_a_halo() -> None:
    board = KingdomBoard("48,41,39")                    # dominoes with crowns
    crowns = [d.first.crowns + d.second.crowns for d in board.hand]
    widths = crown_widths(board.html)
    assert len(widths) == sum(crowns) + crowns[0] and min(widths) >= 14  # hand and chosen
    board.click(0, 1)
    assert min(crown_widths(board.html)) >= 14
    assert board.html.count('class="kk-crown-halo"') == board.html.count('class="kk-crown"')


def test_placed_dominoes_are_outlined_one_by_one() -> None:
    board = KingdomBoard("41,13,27")
    assert board.html.count('class="kk-domino"') == 0
    board.click(0, 1)
    assert board.html.count('class="kk-domino"') == 1
    board.click(*min(board.legal_cells()))
    assert board.html.count('class="kk-domino"') == 2
    board.undo()
    assert board.html.count('class="kk-domino"') == 1
