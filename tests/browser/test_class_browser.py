"""A class in a real browser: `kingdomino-kit app --class`, a student who joins with the code,
places a domino, reloads (the board comes back) and solves nothing yet; the teacher's dashboard
shows the student and the CSV carries the row. Two students, one whose board the server closes
(she opened it in too many pages): she is asked to reload (a visible line, read out), the other
plays on, the reload gives her board back; no page asks anything of another host."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import _free_port, browser_page

pytestmark = pytest.mark.browser
CODE = "1357-2468"


@pytest.fixture()
def class_server(tmp_path: Path, chromium_path: Path) -> Iterator[tuple[str, str, Path]]:
    port = _free_port()
    log = tmp_path / "server.log"
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
               JUPYTER_CONFIG_DIR=str(tmp_path / "config"), IPYTHONDIR=str(tmp_path / "ipy"))
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-u", "-m", "kingdomino_kit", "app", "--class", "--host",
             "127.0.0.1", "--port", str(port), "--students", "2", "--folder",
             str(tmp_path / "room"), "--code", CODE],
            stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 240
        while "Ready:" not in log.read_text():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the class server did not start:\n{log.read_text()}")
            time.sleep(0.5)
        key = re.search(r"key=([0-9-]+)", log.read_text())
        assert key is not None
        yield f"http://127.0.0.1:{port}", key.group(1), tmp_path
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def _message(page: Any) -> str:
    return str(page.locator(".kk-message").first.inner_text())


def test_a_student_joins_plays_reloads_and_the_teacher_sees_it(
        class_server: tuple[str, str, Path], browser: Any, artifacts: Path) -> None:
    url, key, _ = class_server
    with browser_page(browser, 1366, 768) as page:
        page.goto(f"{url}/?puzzle=01-best-kingdom")
        assert page.locator("#kk-code").count() == 1          # the join form, no board
        page.fill("#kk-code", CODE)
        page.fill("#kk-name", "Zoë")
        page.click("button[type=submit]")
        page.wait_for_selector(".kk-legal[data-kk-action=cell]", timeout=120_000)
        assert "student=Zo" in page.url
        assert "signed in as" in page.locator(".kk-class-nav").inner_text()
        page.locator(".kk-legal[data-kk-action=cell]").first.click()
        page.wait_for_function(
            "() => document.querySelector('.kk-message').innerText.startsWith('Placed')",
            timeout=30_000)
        placed = _message(page)
        page.screenshot(path=str(artifacts / "class_puzzle.png"))
        page.reload()
        page.wait_for_selector(".kk-legal[data-kk-action=cell]", timeout=120_000)
        assert _message(page).startswith("Welcome back, Zoë"), placed
        page.goto(f"{url}/")
        assert "Signed in as Zoë" in page.locator("main").inner_text()
    with browser_page(browser, 1366, 768) as page:
        page.goto(f"{url}/class/dashboard?key={key}")
        table = page.locator("#kk-dashboard").inner_text()
        assert "Zoë" in table and "01-best-kingdom" in table
        page.screenshot(path=str(artifacts / "class_dashboard.png"))
        csv = page.request.get(f"{url}/class/dashboard.csv").text()
        assert csv.splitlines()[1].startswith("Zoë,01-best-kingdom,0,False")


def _join(page: Any, url: str, name: str) -> None:
    page.goto(f"{url}/?puzzle=01-best-kingdom")
    page.fill("#kk-code", CODE)
    page.fill("#kk-name", name)
    page.click("button[type=submit]")
    page.wait_for_selector(".kk-legal[data-kk-action=cell]", timeout=120_000)


@contextlib.contextmanager
def two_students(browser: Any) -> Iterator[tuple[Any, Any]]:
    """Two pages of one headless Chromium, each in a context of its own (its own cookies: two
    students); closed whatever happens."""
    with browser_page(browser, 1366, 768) as ada, browser_page(browser, 1366, 768) as bo:
        yield ada, bo


def test_a_students_board_is_closed_they_are_asked_to_reload_and_the_others_play_on(
        class_server: tuple[str, str, Path], browser: Any, artifacts: Path) -> None:
    url, _, _ = class_server
    with two_students(browser) as (ada, bo):
        _join(ada, url, "Ada")
        _join(bo, url, "Bo")
        hosts: set[str] = set()
        ada.on("request", lambda r: hosts.add(r.url.split("/")[2]))
        # the question is read before the board: it comes first in the page's DOM
        assert ada.evaluate("""() => Boolean(document.querySelector('.kk-question')
            .compareDocumentPosition(document.querySelector('.kk-grid'))
            & Node.DOCUMENT_POSITION_FOLLOWING)""")
        ada.locator(".kk-legal[data-kk-action=cell]").first.click()
        ada.wait_for_function("() => document.querySelector('.kk-message').innerText"
                              ".startsWith('Placed')", timeout=30_000)
        # Ada opens the puzzle in three more tabs (3 boards a student): her first board closes
        for _ in range(3):
            tab = ada.context.new_page()
            tab.goto(f"{url}/?puzzle=01-best-kingdom")
            tab.wait_for_selector(".kk-legal[data-kk-action=cell]", timeout=120_000)

        lost = ada.locator(".kk-root > .kk-lost")
        lost.wait_for(timeout=60_000)
        words = lost.inner_text()
        assert "closed on the server" in words and "reload the page" in words
        live = ada.locator('.kk-root > [aria-live="polite"]')
        assert "reload the page" in live.inner_text()
        ada.screenshot(path=str(artifacts / "class_board_closed.png"))

        # the other student is untouched: the board answers, nothing asks to reload
        bo.locator(".kk-legal[data-kk-action=cell]").first.click()
        bo.wait_for_function("() => document.querySelector('.kk-message').innerText"
                             ".startsWith('Placed')", timeout=30_000)
        assert bo.locator(".kk-lost").count() == 0

        # Ada reloads and gets her board back from the progress file
        ada.reload()
        ada.wait_for_selector(".kk-legal[data-kk-action=cell]", timeout=120_000)
        assert _message(ada).startswith("Welcome back, Ada")
        assert ada.locator(".kk-lost").count() == 0
        assert hosts == {url.split("/")[2]}          # nothing asked of another host


def test_an_origins_puzzle_is_played_reloaded_and_shown_to_the_teacher(
        class_server: tuple[str, str, Path], browser: Any, artifacts: Path) -> None:
    url, key, _ = class_server
    with browser_page(browser, 1366, 768) as page:
        page.goto(f"{url}/")
        page.fill("#kk-code", CODE)
        page.fill("#kk-name", "Ines")
        page.click("button[type=submit]")
        page.wait_for_selector("#kk-origins", timeout=60_000)       # the index's Origins part
        page.locator("a[href^='/?puzzle=o01-']").first.click()
        page.wait_for_selector(".kk-legal[data-kk-action=cell]", timeout=120_000)
        assert "o01-" in page.url and page.locator(".kk-question").count() == 1
        assert "Next" in page.locator(".kk-class-nav").inner_text()
        page.locator(".kk-legal[data-kk-action=cell]").first.click()
        page.wait_for_function(
            "() => document.querySelector('.kk-message').innerText.startsWith('Placed')",
            timeout=30_000)
        page.screenshot(path=str(artifacts / "class_origins_puzzle.png"))
        page.reload()
        page.wait_for_selector(".kk-message", timeout=120_000)
        page.wait_for_function(
            "() => document.querySelector('.kk-message').innerText.startsWith('Welcome back')",
            timeout=120_000)
    with browser_page(browser, 1366, 768) as page:
        page.goto(f"{url}/class/dashboard?key={key}")
        table = page.locator("#kk-dashboard").inner_text()
        assert "Ines" in table and "o01-" in table
