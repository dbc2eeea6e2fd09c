"""Legible boards in a real JupyterLab and in the Voilà app (``make app``), at 1366×768 in
headless Chromium: the keyboard path, a puzzle of the collection solved by clicks and checked,
the palette read back from a screenshot and compared under simulated deuteranopia, one clear
line for a bad page argument. Screenshots go to test-artifacts/ (a deuteranopia rendering of
the board too).

Selectors use only the widgets' own ``kk-*`` classes and data attributes, as in
``test_board_browser.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.grid import DIRECTIONS
from kingdomino_kit.kingdoms.puzzles import castle_puzzles
from kingdomino_kit.origins.puzzles import origins_puzzles
from kingdomino_kit.puzzles import Puzzle, load_collection
from tests.browser.conftest import listening_addresses
from tests.browser.test_board_browser import KERNEL_IDLE, RUN_ALL, WAIT_MS
from tests.colour_vision import closest_pair, simulate

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLASSROOM = {"width": 1366, "height": 768}
PUZZLE_BOARD = ".kk-board:has(.kk-puzzle)"
TERRAIN_BOARD = ".kk-board:not(:has(.kk-puzzle))"
MIN_DE_ON_SCREEN = 20.0
"""Pixels read back after antialiasing and compositing: a little below the palette test's 25."""
LOOPBACK = {"0100007F", "00000000000000000000000001000000"}   # 127.0.0.1 and ::1 in /proc


def the_puzzle() -> Puzzle:
    """The puzzle the fixture notebook shows (the same rule): the smallest best-kingdom one."""
    return min((p for p in load_collection() if p.kind == "best-kingdom" and p.solution),
               key=lambda p: (len(p.dominoes), p.id))


def solve_by_clicks(page: Any, board: Any, puzzle: Puzzle) -> None:
    """Place the stored optimal order by clicks: choose the domino, Rotate until its second half
    lies as stored, click the first half's cell."""
    from playwright.sync_api import expect

    assert puzzle.solution is not None
    rotation = 0
    message = board.locator(".kk-message")
    for placement in puzzle.solution.order:
        (r1, c1), (r2, c2) = placement.cells
        board.locator(f'.kk-hand-domino[data-domino="{placement.domino.number}"]').click()
        expect(message).to_contain_text(f"Domino {placement.domino.number} ")
        want = DIRECTIONS.index((r2 - r1, c2 - c1))
        while rotation != want:
            board.locator(".kk-rotate").click()
            rotation = (rotation + 1) % 4
        board.locator(f'.kk-cell[data-row="{r1}"][data-col="{c1}"]').click()
        expect(message).to_contain_text(f"Placed domino {placement.domino.number} on ")
    board.locator(".kk-check").click()
    expect(board.locator(".kk-check.kk-verdict-optimal")).to_have_count(1)
    expect(board.locator(".kk-score-value")).to_have_text(str(puzzle.solution.optimum))


def read_pixel(image: Any, box: dict[str, float], origin: dict[str, float], fx: float,
               fy: float) -> tuple[int, int, int]:
    x = round(box["x"] - origin["x"] + box["width"] * fx)
    y = round(box["y"] - origin["y"] + box["height"] * fy)
    return tuple(image.getpixel((x, y))[:3])


def check_palette_on_screen(board: Any, shot: Path, artifacts: Path) -> dict[str, Any]:
    """Read one pixel of each terrain, the empty square, the castle and a legal dot from the
    board's screenshot; every pair must stay apart with deuteranopia and protanopia."""
    from PIL import Image

    board.screenshot(path=str(shot))
    image = Image.open(shot).convert("RGB")
    origin = board.bounding_box()
    colours: dict[str, Any] = {}
    for name in ("wheat", "forest", "lake", "grassland", "swamp", "mine", "castle"):
        box = board.locator(f".kk-cell.kk-{name}").first.bounding_box()
        colours[name] = read_pixel(image, box, origin, 0.25, 0.85)
    empty = board.locator(".kk-cell.kk-empty:not(.kk-legal):not(.kk-out)").first
    colours["empty"] = read_pixel(image, empty.bounding_box(), origin, 0.25, 0.85)
    legal = board.locator(".kk-cell.kk-legal").first.bounding_box()
    colours["legal dot"] = read_pixel(image, legal, origin, 0.5, 0.5)
    for vision in ("normal", "deuteranopia", "protanopia"):
        gap, a, b = closest_pair(colours, vision)
        assert gap >= MIN_DE_ON_SCREEN, f"on screen, {a} and {b} are ΔE {gap:.1f} ({vision})"
    seen = Image.new("RGB", image.size)                  # what a deuteranope sees, kept
    cache: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    raw = image.tobytes()
    pixels = []
    for i in range(0, len(raw), 3):
        p = (raw[i], raw[i + 1], raw[i + 2])
        if p not in cache:
            cache[p] = tuple(round(v) for v in simulate(p, "deuteranopia"))  # type: ignore
        pixels.append(cache[p])
    seen.putdata(pixels)
    seen.save(artifacts / (shot.stem + "_deuteranopia.png"))
    return colours


def test_keys_a_puzzle_by_clicks_and_the_palette_in_jupyterlab(lab: Any, page: Any,
                                                              artifacts: Path) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(CLASSROOM)
    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    page.goto(lab.notebook_url("puzzle_test.ipynb"))
    page.wait_for_function(KERNEL_IDLE, timeout=WAIT_MS)
    page.evaluate(RUN_ALL)
    puzzle = the_puzzle()
    board = page.locator(PUZZLE_BOARD)
    terrains = page.locator(TERRAIN_BOARD)
    expect(board.locator(".kk-cell.kk-legal")).not_to_have_count(0)
    expect(terrains.locator(".kk-cell.kk-legal")).not_to_have_count(0)

    # labels: A–I over the columns, 1–9 beside the rows
    labels = board.locator(".kk-grid .kk-label").all_text_contents()
    assert labels == list("ABCDEFGHI") + [str(n) for n in range(1, 10)]

    # the palette, read back from the screen: every terrain, empty, castle, the legal dot
    check_palette_on_screen(terrains, artifacts / "board_every_terrain.png", artifacts)

    # the keyboard path on the terrain board: focus it, arrows, Enter, R, U
    message = terrains.locator(".kk-message")
    score = terrains.locator(".kk-score-value")
    before = score.text_content()
    terrains.locator(".kk-score").click()                # focus the board (not a button)
    page.keyboard.press("ArrowUp")                       # the cursor starts on F5
    expect(message).to_contain_text("Cursor on F4")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(message).to_contain_text("Cursor on D3: empty: press Enter")
    expect(terrains.locator('.kk-cell.kk-cursor[data-row="-2"][data-col="-1"]')).to_have_count(1)
    page.keyboard.press("Enter")                         # 41 W|G2: W on D3 by the W1 below
    expect(message).to_contain_text("Placed domino 41 on D3,E3")
    assert score.text_content() != before
    page.keyboard.press("r")                             # 13 now: its second half below
    expect(message).to_contain_text("Domino 13 (W|F), second half below")
    # JupyterLab's own R (make the cell raw, which clears its output) must not fire
    expect(page.locator(TERRAIN_BOARD)).to_have_count(1)
    page.keyboard.press("u")
    expect(message).to_contain_text("Undone: domino 41")
    expect(score).to_have_text(before)
    terrains.screenshot(path=str(artifacts / "board_keyboard.png"))

    # the puzzle, solved by clicks and checked
    solve_by_clicks(page, board, puzzle)
    if puzzle.hint:
        board.locator(".kk-hint").click()
        expect(board.locator(".kk-hint-text")).to_contain_text(puzzle.hint)
    board.locator(".kk-answer").click()
    caption = board.locator(".kk-answer-caption")
    expect(caption).to_contain_text("One optimal layout")
    picture = board.locator(".kk-answer-layout svg").bounding_box()
    assert caption.bounding_box()["y"] + caption.bounding_box()["height"] <= picture["y"] + 1
    board.screenshot(path=str(artifacts / "puzzle_board_lab.png"))
    page.screenshot(path=str(artifacts / "puzzle_board_lab_page.png"))

    # a 4-player table: the round counted from 1, "your turn", every board readable
    draft = page.locator(".kk-draft")
    status = draft.locator(".kk-status")
    expect(status).to_contain_text("opening draft (round 1 of 12 next) · claim · your turn")
    draft.locator(".kk-claimable").first.click()
    expect(draft.locator(".kk-log")).to_contain_text("You claimed domino")
    while "place · your turn" not in status.text_content():
        draft.locator(".kk-claimable").first.click()
        expect(draft.locator(".kk-log")).to_contain_text("You claimed domino")
    expect(status).to_contain_text("round 1 of 12 · place · your turn")
    for player in range(4):                             # no cell under 28 px on screen
        box = draft.locator(f'.kk-player[data-player="{player}"] .kk-cell').first.bounding_box()
        assert box["width"] >= 28 and box["height"] >= 28
    draft.scroll_into_view_if_needed()
    draft.screenshot(path=str(artifacts / "draft_table_4_players.png"))


def test_the_voila_app_serves_a_puzzle_a_builder_and_one_line_errors(
        voila_app: Any, app_page: Any, artifacts: Path) -> None:
    from playwright.sync_api import expect

    page = app_page
    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    assert listening_addresses(voila_app.port) <= LOOPBACK     # 127.0.0.1 only
    puzzle = the_puzzle()

    page.goto(f"{voila_app.url}/?puzzle={puzzle.id}")
    board = page.locator(PUZZLE_BOARD)
    expect(board.locator(".kk-cell.kk-legal")).not_to_have_count(0)
    solve_by_clicks(page, board, puzzle)
    page.screenshot(path=str(artifacts / "voila_puzzle.png"))

    for query, words in (("puzzle=no-such-puzzle", "no puzzle 'no-such-puzzle'"),
                         ("hand=3,3", "hand: domino 3 appears twice"),
                         ("hand=41&size=6", "size must be 5 or 7, not 6")):
        page.goto(f"{voila_app.url}/?{query}")
        notice = page.locator(".kk-app-notice")
        expect(notice).to_have_count(1)
        expect(notice).to_contain_text(words)
        assert "\n" not in notice.text_content().strip()
        assert "Traceback" not in page.locator("body").text_content()
    page.screenshot(path=str(artifacts / "voila_bad_argument.png"))

    page.goto(f"{voila_app.url}/?hand=41,13,27")
    builder = page.locator(".kk-board")
    builder.locator(".kk-score").click()
    page.keyboard.press("Enter")                          # 41 on F5,G5 from the keyboard
    expect(builder.locator(".kk-score-value")).to_have_text("2")
    page.goto(f"{voila_app.url}/")
    origins = origins_puzzles()
    expect(page.locator(".kk-app-index .kk-app-link")).to_have_count(
        len(load_collection()) + len(origins) + len(castle_puzzles()) + 1)
    page.screenshot(path=str(artifacts / "voila_index.png"))
    page.locator(f"a[href='?puzzle={origins[0].id}']").click()     # the one-laptop Origins page
    expect(page.locator(".kk-question")).to_have_count(1)
    page.locator(".kk-legal[data-kk-action=cell]").first.click()
    expect(page.locator(".kk-message")).to_contain_text("Placed")
