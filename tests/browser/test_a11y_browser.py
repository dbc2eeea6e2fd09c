"""Every board without a mouse and without sight, in headless Chromium: axe-core (the copy
``axe-playwright-python`` ships) on each widget and kingdom picture in JupyterLab (light and dark
themes), on the Voilà index and on a puzzle page; then a puzzle of the collection played to the
end with the keyboard alone.

A critical or serious violation in the kit's output fails. The page around it is checked too:
what JupyterLab or Voilà themselves break is listed below by rule id (and only that is
ignored), so a new violation outside the kit's output fails as well.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.grid import DIRECTIONS
from tests.browser.test_board_browser import KERNEL_IDLE, RUN_ALL, WAIT_MS
from tests.browser.test_boards_browser import CLASSROOM, the_puzzle

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = "a11y_test.ipynb"
WIDGETS = 8
"""KingdomBoard, PuzzleBoard, DraftTable, SolverView, CoachView, ScoringBoard, KingdomsTable,
OriginsBoard."""
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
SEVERE = {"critical", "serious"}
EXTRA_RULES = {"label-content-name-mismatch": {"enabled": True}}
"""Rules axe-core calls experimental, run too: a control's name holds its visible words (a
speaking user says "Level 1" to press the button labelled Level 1)."""
KIT = ".jp-OutputArea-output"
"""Where the kit's output lives on a JupyterLab or Voilà page (every output is the kit's); one
selector, so that ``f"{KIT} .kk-root"`` means a board inside an output."""
KIT_AREAS = f"{KIT}, main.kk-page"
"""What axe checks as the kit's: the outputs, or all of ``main`` on the board server's pages."""
JUPYTERLAB_OWN: dict[str, str] = {
    "aria-allowed-attr": "aria-pressed on JupyterLab's toolbar jp-buttons",
    "aria-input-field-name": "JupyterLab's code cell editors (CodeMirror)",
    "aria-required-children": "JupyterLab's tab bars and menus",
}
"""Serious or critical rules JupyterLab itself breaks, outside the kit's output (ignored)."""
VOILA_OWN: dict[str, str] = {}
"""Serious or critical rules Voilà's own page breaks, outside the kit's output (ignored)."""


def axe(page: Any, context: Any = None) -> list[dict[str, Any]]:
    """The critical and serious violations axe-core finds in ``context`` (default the page)."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": AXE_TAGS}, "rules": EXTRA_RULES,
               "resultTypes": ["violations"]}
    found = Axe().run(page, context=context, options=options).response["violations"]
    return [v for v in found if v.get("impact") in SEVERE]


def summary(violations: list[dict[str, Any]]) -> str:
    return "\n".join(f"{v['id']} ({v['impact']}): {v['help']} — "
                     f"{[n['target'] for n in v['nodes'][:3]]} {v['nodes'][0]['failureSummary']}"
                     for v in violations)


def origins_words(number: int) -> str:
    """An Origins domino of the kit's sample as a screen reader hears it."""
    from kingdomino_kit.origins import sample_catalogue
    from kingdomino_kit.origins.render import domino_words

    return domino_words(sample_catalogue()[number])


def check_page(page: Any, own: dict[str, str], where: str) -> None:
    """No severe violation in the kit's output; outside it, only the host's own listed ones."""
    kit = axe(page, {"include": [[KIT_AREAS]]})
    assert not kit, f"{where}: the kit's output breaks\n{summary(kit)}"
    host = axe(page, {"exclude": [[KIT_AREAS]]})
    unknown = [v for v in host if v["id"] not in own]
    assert not unknown, f"{where}: new violations outside the kit's output\n{summary(unknown)}"


def check_names(page: Any) -> None:
    """What axe cannot see: every cell named, every picture titled, the message line live."""
    # a board's cells are named one by one; a picture (role img) is named as a whole
    unnamed = page.evaluate(f"""() => [...document.querySelectorAll(
        "{KIT} svg:not([role=img]) .kk-cell")].filter((c) => !c.getAttribute("aria-label")
        ).map((c) => c.outerHTML.slice(0, 160))""")
    assert not unnamed, unnamed[:3]
    boards = page.evaluate(f"""() => document.querySelectorAll(
        "{KIT} .kk-root svg[role=group] .kk-cell[aria-label]").length""")
    assert boards >= 81 * 2 + 30  # the builder, the puzzle, a Kingdoms board at least
    untitled = page.evaluate(f"""() => [...document.querySelectorAll("{KIT} svg")].filter(
        (s) => !s.querySelector(":scope > title") || !s.getAttribute("aria-label")).map(
        (s) => s.outerHTML.slice(0, 160))""")
    assert not untitled, untitled[:3]
    names = page.evaluate(f"""() => [...document.querySelectorAll(
        "{KIT} .kk-cell[aria-label]")].map((c) => c.getAttribute("aria-label"))""")
    assert "E5, castle" in names and any(n.endswith(", legal here") for n in names)
    assert {"D4, wheat, one crown", "D6, mine, two crowns", "F5, swamp, one crown"} <= set(names)
    assert {"E5, hut", "F5, volcano, one crater",             # the Origins board, fire waiting
            "F6, grassland, mammoth, in fire reach, legal here"} <= set(names)
    hands = page.evaluate(f"""() => [...document.querySelectorAll(
        "{KIT} .kk-hand-domino")].map((b) => b.getAttribute("aria-label"))""")
    assert hands and all(h.startswith("domino ") and " and " in h for h in hands), hands
    assert origins_words(40) + ", chosen" in hands          # the Origins board's hand
    # the draft table's hint (an endgame): the button named, the costs table captioned
    advice = page.evaluate(f"""() => [document.querySelector("{KIT} .kk-draft button.kk-hint"),
        document.querySelector("{KIT} .kk-advice-costs caption")].map((n) => n && (
        n.getAttribute("aria-label") || n.textContent))""")
    assert advice[0].startswith("Hint: ") and advice[1].startswith(
        "What each legal option costs"), advice
    lives = page.evaluate(f"""() => [...document.querySelectorAll(
        "{KIT} .kk-root")].map((r) => r.querySelector(':scope > [aria-live="polite"]') !== null)""")
    assert lives and all(lives)


def test_axe_finds_nothing_severe_in_every_board_and_picture_in_jupyterlab(
        lab: Any, page: Any, artifacts: Path) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(CLASSROOM)
    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    page.goto(lab.notebook_url(NOTEBOOK))
    run_every_board(page)
    check_names(page)
    check_page(page, JUPYTERLAB_OWN, "JupyterLab, light theme")
    page.screenshot(path=str(artifacts / "a11y_lab_light.png"), full_page=True)

    # the dark theme, as a student picks it (Settings, Theme): every board and picture
    # already drawn takes it on (the kit's colours are JupyterLab's theme variables)
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', "
                  "{theme: 'JupyterLab Dark'})")
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
    expect(page.locator(f"{KIT} .kk-root")).to_have_count(WIDGETS)
    check_page(page, JUPYTERLAB_OWN, "JupyterLab, dark theme")
    page.screenshot(path=str(artifacts / "a11y_lab_dark.png"), full_page=True)


def run_every_board(page: Any) -> None:
    """Run the fixture notebook and wait for every board and picture."""
    from playwright.sync_api import expect

    page.wait_for_function(KERNEL_IDLE, timeout=WAIT_MS)
    page.evaluate(RUN_ALL)
    expect(page.locator(f"{KIT} .kk-root")).to_have_count(WIDGETS)
    for picture in ("svg.kk-kingdom", "svg.ko-territory", "svg.kk-kingdoms-board"):
        expect(page.locator(f"{KIT} > {picture}, {KIT} .jp-RenderedHTMLCommon > {picture}")
               ).not_to_have_count(0)
    expect(page.locator(f"{KIT} .kk-coach-boards")).to_have_count(1)
    page.wait_for_function(KERNEL_IDLE, timeout=WAIT_MS)


def tab_to(page: Any, selector: str, limit: int = 80) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def cursor_of(board: Any) -> tuple[int, int]:
    cell = board.locator(".kk-cell.kk-cursor")
    return int(cell.get_attribute("data-row")), int(cell.get_attribute("data-col"))


def test_a_puzzle_played_to_the_end_by_keyboard_alone_and_axe_on_the_voila_pages(
        voila_app: Any, app_page: Any, artifacts: Path) -> None:
    from playwright.sync_api import expect

    page = app_page
    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    page.goto(f"{voila_app.url}/")
    expect(page.locator(".kk-app-index .kk-app-link").first).to_be_visible()
    check_page(page, VOILA_OWN, "the Voilà index")
    for where, ready in (("/?hand=41,13,27", ".kk-board .kk-cell.kk-legal"),   # the builder
                         ("/?puzzle=o01-fire", ".ko-board .kk-cell")):         # Origins
        page.goto(f"{voila_app.url}{where}")
        expect(page.locator(ready).first).to_be_visible()
        check_page(page, VOILA_OWN, f"the page {where}")

    puzzle = the_puzzle()
    assert puzzle.solution is not None
    page.goto(f"{voila_app.url}/?puzzle={puzzle.id}")
    board = page.locator(".kk-board")
    expect(board.locator(".kk-cell.kk-legal")).not_to_have_count(0)
    check_page(page, VOILA_OWN, "a puzzle page")
    live = page.locator('.kk-root:has(.kk-board) > [aria-live="polite"]')
    expect(live).not_to_have_text("")

    # only the keyboard from here on: Tab to a domino, Enter chooses it, Escape back to the
    # board, R turns it, the arrows move the cursor, Enter places
    rotation = 0
    for placement in puzzle.solution.order:
        (r1, c1), (r2, c2) = placement.cells
        number = placement.domino.number
        tab_to(page, f'.kk-hand-domino[data-domino="{number}"]')
        page.keyboard.press("Enter")
        expect(live).to_contain_text(f"Domino {number} ")
        expect(board.locator(f'.kk-hand-domino[data-domino="{number}"]')).to_be_focused()
        page.keyboard.press("Escape")
        expect(page.locator(".kk-root:focus")).to_have_count(1)
        want = DIRECTIONS.index((r2 - r1, c2 - c1))
        while rotation != want:
            page.keyboard.press("r")
            rotation = (rotation + 1) % 4
        row, col = cursor_of(board)
        for step, count in (("ArrowDown", r1 - row), ("ArrowUp", row - r1),
                            ("ArrowRight", c1 - col), ("ArrowLeft", col - c1)):
            for _ in range(max(count, 0)):
                page.keyboard.press(step)
        expect(board.locator(f'.kk-cell.kk-cursor[data-row="{r1}"][data-col="{c1}"]')
               ).to_have_count(1)
        page.keyboard.press("Enter")
        expect(live).to_contain_text(f"Placed domino {number} on ")
    tab_to(page, ".kk-check")
    page.keyboard.press(" ")                                      # Space presses a button
    expect(board.locator(".kk-check.kk-verdict-optimal")).to_have_count(1)
    expect(board.locator(".kk-score-value")).to_have_text(str(puzzle.solution.optimum))
    page.screenshot(path=str(artifacts / "a11y_voila_keyboard.png"))
    check_page(page, VOILA_OWN, "a puzzle page, checked")


def test_an_origins_puzzle_played_to_the_end_by_keyboard_alone_in_jupyterlab(
        lab: Any, page: Any, artifacts: Path) -> None:
    """Focus the Origins board once (a click on its score, as a student clicks a board), then
    only keys: Tab to a domino and Enter, Escape back, R to turn, arrows and Enter to place;
    arrows and Enter to aim each fire token (its reach shown), Enter again to throw; Tab to
    Check and Space."""
    from playwright.sync_api import expect

    from kingdomino_kit.origins import sample_catalogue
    from kingdomino_kit.origins.solver import solve_discovery

    best = solve_discovery(sample_catalogue().dominoes("36,18,40"), workers=1)
    page.set_viewport_size(CLASSROOM)
    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    page.goto(lab.notebook_url("origins_test.ipynb"))
    page.wait_for_function(KERNEL_IDLE, timeout=WAIT_MS)
    page.evaluate(RUN_ALL)
    board = page.locator(".ko-board")
    expect(board.locator(".kk-cell.kk-legal")).not_to_have_count(0)
    live = page.locator('.kk-root:has(.ko-board) > [aria-live="polite"]')
    board.locator(".kk-score").click()
    expect(page.locator(".kk-root:focus")).to_have_count(1)

    def walk_to(row: int, col: int) -> None:
        r, c = cursor_of(board)
        for step, count in (("ArrowDown", row - r), ("ArrowUp", r - row),
                            ("ArrowRight", col - c), ("ArrowLeft", c - col)):
            for _ in range(max(count, 0)):
                page.keyboard.press(step)
        expect(board.locator(f'.kk-cell.kk-cursor[data-row="{row}"][data-col="{col}"]')
               ).to_have_count(1)

    rotation = 0
    throws = list(best.throws)
    for placement in best.order:
        (r1, c1), (r2, c2) = placement.cells
        number = placement.domino.number
        tab_to(page, f'.ko-board .kk-hand-domino[data-domino="{number}"]')
        page.keyboard.press("Enter")
        expect(live).to_contain_text(f"Domino {number} ")
        page.keyboard.press("Escape")
        expect(page.locator(".kk-root:focus")).to_have_count(1)
        want = DIRECTIONS.index((r2 - r1, c2 - c1))
        while rotation != want:
            page.keyboard.press("r")
            rotation = (rotation + 1) % 4
        walk_to(r1, c1)
        page.keyboard.press("Enter")
        expect(live).to_contain_text(f"Placed domino {number} on ")
        while throws and throws[0].volcano in placement.cells:
            throw = throws.pop(0)
            if throw.target is None:                     # no square allowed: the box took it
                continue
            expect(board).to_have_attribute("data-phase", "fire")
            expect(board.locator(".kk-cell.ko-reach")).not_to_have_count(0)
            walk_to(*throw.target)
            page.keyboard.press("Enter")
            expect(live).to_contain_text("Aimed: ")
            board.screenshot(path=str(artifacts / "origins_board_aim.png"))
            page.keyboard.press("Enter")
            expect(live).to_contain_text("Threw the ")
    tab_to(page, ".ko-board .kk-check")
    page.keyboard.press(" ")
    expect(board.locator(".kk-score.kk-verdict-optimal")).to_have_count(1)
    expect(board.locator(".kk-score-value")).to_have_text(str(best.score))
    expect(live).to_contain_text("Optimal")
    board.screenshot(path=str(artifacts / "origins_board_keyboard.png"))
