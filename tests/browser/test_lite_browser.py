"""The Lite edition as a student uses it: the site built by ``kingdomino-kit lite``, served by
``python -m http.server`` on 127.0.0.1, opened in Debian's Chromium with every request to any
other host aborted. ``00_start_here`` opens from the site's front page and runs top to bottom in
the browser's own Python; a domino is placed on its board by keyboard; an exercise is answered
wrongly, then rightly; the notebook is saved, the page reloaded and the answer is still there;
*Download* gives the ``.ipynb`` that ``kingdomino-kit grade`` grades; axe-core finds nothing
severe on the page with its board; ``05_puzzles`` then proves a puzzle's optimum in the browser
(the kit's exact search: no OR-Tools there) at the value CP-SAT stored, and twelve random
dominoes at the value CP-SAT finds for them here.

The site is built once into ``build/lite-test`` and kept: a later run reuses it when it was
built from the same sources (:func:`kingdomino_kit.lite.site.fingerprint`), and rebuilds it
otherwise (a clean clone builds it).
"""

from __future__ import annotations

import csv
import os
import random
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from kingdomino_kit.dominoes import DOMINOES
from kingdomino_kit.lite.site import build_site
from kingdomino_kit.solver import OPTIMAL, best_kingdom
from tests.browser.conftest import REPO, _free_port, _kill_group, chromium_page
from tests.browser.test_a11y_browser import JUPYTERLAB_OWN, check_page, cursor_of, tab_to
from tests.browser.test_board_browser import KERNEL_IDLE, RUN_ALL
from tests.browser.test_teaching_browser import RUN_CELL, SET_CELL

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SITE = REPO / "build" / "lite-test"
CACHE = REPO / "build" / "lite-cache"
KERNEL_MS = 300_000
"""The first start of the browser's Python: the interpreter and about 25 wheels compiled and
loaded (well under a minute on a quiet machine; minutes on a loaded one)."""
WAIT_MS = 120_000
NOT_RUNNING = """() => ![...document.querySelectorAll('.jp-InputArea-prompt')].some(
    (p) => p.textContent.includes('*'))"""
OPEN_PATH = "() => window.jupyterapp.shell.currentWidget.context.path"
SAVED = "() => !window.jupyterapp.shell.currentWidget.context.model.dirty"
ADD_AND_RUN = """(text) => { const nb = window.jupyterapp.shell.currentWidget.content;
  const n = nb.widgets.length;
  nb.model.sharedModel.insertCell(n, {cell_type: "code", source: text});
  nb.activeCellIndex = n;
  return window.jupyterapp.commands.execute('notebook:run-cell'); }"""
TWELVE = """from kingdomino_kit.dominoes import dominoes
from kingdomino_kit.solver import best_kingdom, engine
sol = best_kingdom(dominoes({numbers!r}))
print("twelve:", sol.status.value, sol.score, "by", engine())"""
OTHER_OFFLINE = ("01_rules", "02_scoring", "07_kingdoms", "11_game_trees")
"""The offline notebooks besides 00 and 05 (run above): each runs top to bottom here too."""
COUNTS = """() => window.jupyterapp.shell.currentWidget.content.widgets.filter(
  (w) => w.model.type === 'code').map((w) => w.model.executionCount)"""
OPEN_ON_THIS_KERNEL = """(path) => { const app = window.jupyterapp;
  const kernel = app.shell.currentWidget.sessionContext.session.kernel;
  app.commands.execute('docmanager:open', {path, kernel: {id: kernel.id}}); }"""
"""Open ``path`` on the browser's Python already running (the Lite edition's sessions share a
kernel asked for by id): its start, the interpreter and its wheels loaded, is most of the
CPU a notebook takes here, and whether each notebook runs in a fresh Python is
``tests/test_notebooks.py``'s check."""
ALL_RUN = """() => { const panel = window.jupyterapp.shell.currentWidget;
  const code = panel.content.widgets.filter((w) => w.model.type === 'code');
  const prompt = (w) => w.node.querySelector('.jp-InputArea-prompt');
  return code.length > 0 && panel.sessionContext.session.kernel.status === 'idle'
    && code.every((w) => w.model.executionCount !== null
      && !(prompt(w) && prompt(w).textContent.includes('*'))); }"""
KEPT = """(text) => { const app = window.jupyterapp; const panel = app && app.shell.currentWidget;
  return Boolean(panel && panel.content && panel.content.widgets.some(
    (w) => w.model.sharedModel.getSource().includes(text))); }"""


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    """The Lite site (built or reused) served by ``python -m http.server`` on 127.0.0.1."""
    build_site(SITE, REPO / "notebooks", CACHE, reuse=True)
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"], cwd=SITE,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
        start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("python -m http.server did not answer") from None
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}"
    finally:
        _kill_group(server)


def cut_off(page: Any) -> list[str]:
    """Abort every request to a host other than 127.0.0.1; the aborted URLs are listed."""
    aborted: list[str] = []

    def route(request_route: Any) -> None:
        url = request_route.request.url
        if urlparse(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            request_route.continue_()
        else:
            aborted.append(url)
            request_route.abort()

    page.context.route("**/*", route)
    return aborted


def place_first_domino_by_keyboard(page: Any, board: Any) -> None:
    """Tab to the board's first domino, Enter, Escape back to the board, the arrows to a
    legal square, Enter: the domino is placed."""
    from playwright.sync_api import expect

    root = page.locator(".kk-root:has(.kk-board)").first  # the board's own root
    live = root.locator(':scope > [aria-live="polite"]')
    domino = board.locator(".kk-hand-domino").first
    number = domino.get_attribute("data-domino")
    board.locator(".kk-score-value").click()   # a student clicks the board once to focus it
    tab_to(page, f'.kk-hand-domino[data-domino="{number}"]')
    page.keyboard.press("Enter")
    expect(live).to_contain_text(f"Domino {number} ")
    page.keyboard.press("Escape")
    legal = board.locator(".kk-cell.kk-legal").first
    r1, c1 = int(legal.get_attribute("data-row")), int(legal.get_attribute("data-col"))
    row, col = cursor_of(board)
    for step, count in (("ArrowDown", r1 - row), ("ArrowUp", row - r1),
                        ("ArrowRight", c1 - col), ("ArrowLeft", col - c1)):
        for _ in range(max(count, 0)):
            page.keyboard.press(step)
    page.keyboard.press("Enter")
    expect(live).to_contain_text(f"Placed domino {number} on ")
    expect(board.locator(".kk-score-value")).not_to_have_text("")


def test_the_lite_site_runs_a_notebook_offline_keeps_the_work_and_grades_it(
        site_url: str, chromium_path: Path, tmp_path: Path, artifacts: Path) -> None:
    from playwright.sync_api import expect

    twelve = random.Random(12).sample(list(DOMINOES), 12)
    cp_sat = best_kingdom(twelve, workers=1)
    assert cp_sat.status == OPTIMAL
    with chromium_page(chromium_path, tmp_path / "profile", 1280, 1000) as page:
        aborted = cut_off(page)
        page.set_default_timeout(WAIT_MS)
        expect.set_options(timeout=WAIT_MS)
        started = time.monotonic()
        page.goto(f"{site_url}/")                             # the front page opens the lab …
        page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_MS)
        assert page.evaluate(OPEN_PATH) == "00_start_here.ipynb"  # … on 00_start_here
        print(f"kernel ready in {time.monotonic() - started:.1f} s")
        page.evaluate(RUN_ALL)
        board = page.locator(".kk-board").first
        expect(board.locator(".kk-cell.kk-legal")).not_to_have_count(0)
        feedback = page.locator(".kk-feedback", has_text="Exercise 1 ·")
        expect(feedback).to_contain_text("not answered yet")
        page.wait_for_function(NOT_RUNNING)
        assert "Traceback" not in page.content()

        place_first_domino_by_keyboard(page, board)

        # 3 + 3 + 2 × 2 = 10, counted by hand from the kingdom the exercise shows
        page.evaluate(SET_CELL, {"marker": "answer_1 = ...",
                                 "text": "answer_1 = 3 * 1 + 3 * 1 + 2\n\ncheck(1, answer_1)"})
        page.evaluate(RUN_CELL)
        expect(feedback).to_contain_text("not yet")
        page.evaluate(SET_CELL, {"marker": "answer_1 = 3 * 1 + 3 * 1 + 2\n",
                                 "text": "answer_1 = 3 * 1 + 3 * 1 + 2 * 2\n\n"
                                         "check(1, answer_1)"})
        page.evaluate(RUN_CELL)
        expect(feedback).to_contain_text("correct!")
        page.screenshot(path=str(artifacts / "lite_exercise_correct.png"))
        check_page(page, JUPYTERLAB_OWN, "the Lite lab with a board")

        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_function(SAVED)
        page.reload()
        page.wait_for_function(KEPT, arg="answer_1 = 3 * 1 + 3 * 1 + 2 * 2")  # the work is kept

        with page.expect_download() as download:
            page.evaluate("() => window.jupyterapp.commands.execute('docmanager:download')")
        submission = tmp_path / "00_start_here" / "ada.ipynb"
        submission.parent.mkdir()
        download.value.save_as(submission)

        # 05_puzzles proves a puzzle's optimum in the browser, with the kit's exact search
        page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_MS)  # 00's, started again
        page.evaluate(OPEN_ON_THIS_KERNEL, "05_puzzles.ipynb")
        page.wait_for_function(f"() => ({OPEN_PATH})() === '05_puzzles.ipynb'")
        page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_MS)
        page.evaluate(RUN_ALL)
        expect(page.locator(".jp-OutputArea-output", has_text="engine:")).to_contain_text(
            "engine: the kit's exact search (pure Python)")
        expect(page.locator(".jp-OutputArea-output", has_text="— stored:")).to_contain_text(
            "optimal 9 — stored: 9")                           # 11-complete, proven by CP-SAT
        page.wait_for_function(NOT_RUNNING)
        # twelve dominoes on 5×5 proven in the browser at CP-SAT's value (in this Python)
        page.evaluate(ADD_AND_RUN, TWELVE.format(numbers=[d.number for d in twelve]))
        expect(page.locator(".jp-OutputArea-output", has_text="twelve:")).to_contain_text(
            f"twelve: optimal {cp_sat.score} by the kit's exact search", timeout=KERNEL_MS)
        assert "Traceback" not in page.content()
        last = max(page.evaluate(COUNTS))
        for name in OTHER_OFFLINE:                             # the other offline notebooks
            page.evaluate(OPEN_ON_THIS_KERNEL, f"{name}.ipynb")
            page.wait_for_function(f"() => ({OPEN_PATH})() === '{name}.ipynb'")
            page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_MS)
            page.evaluate(RUN_ALL)
            page.wait_for_function(ALL_RUN, timeout=KERNEL_MS)
            assert "Traceback" not in page.content(), name
            counts = page.evaluate(COUNTS)  # every cell run now, after the notebook before
            assert min(counts) > last, (name, counts, last)
            last = max(counts)
        assert aborted == [], aborted[:5]                      # nothing left the host

    grades = tmp_path / "grades.csv"
    done = subprocess.run([sys.executable, "-m", "kingdomino_kit", "grade", str(submission),
                           "--out", str(grades)], capture_output=True, text=True,
                          env=dict(os.environ, MPLBACKEND="Agg"), timeout=600)
    assert done.returncode == 0, done.stderr[-500:]
    rows = {int(r["exercise"]): r for r in csv.DictReader(grades.open())}
    assert rows[1]["student"] == "ada" and rows[1]["status"] == "correct", rows[1]
    assert rows[2]["status"] == "blank", rows[2]

