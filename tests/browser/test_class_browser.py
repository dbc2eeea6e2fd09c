"""A class in a real browser: `kingdomino-kit app --class`, a student who joins with the code,
places a domino, reloads (the board comes back) and solves nothing yet; the teacher's dashboard
shows the student and the CSV carries the row."""

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

from tests.browser.conftest import _free_port, chromium_page

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
        class_server: tuple[str, str, Path], chromium_path: Path, artifacts: Path) -> None:
    url, key, tmp = class_server
    with chromium_page(chromium_path, tmp / "student", 1366, 768) as page:
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
    with chromium_page(chromium_path, tmp / "teacher", 1366, 768) as page:
        page.goto(f"{url}/class/dashboard?key={key}")
        table = page.locator("#kk-dashboard").inner_text()
        assert "Zoë" in table and "01-best-kingdom" in table
        page.screenshot(path=str(artifacts / "class_dashboard.png"))
        csv = page.request.get(f"{url}/class/dashboard.csv").text()
        assert csv.splitlines()[1].startswith("Zoë,01-best-kingdom,0,False")
