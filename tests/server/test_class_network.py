"""The class page on a network, as a teacher starts it and students' machines reach it: the
documented command, run from a folder of the teacher's with a relative ``--folder``, listening
on a non-loopback address of a network namespace made by the test (:mod:`tests.network_room`);
Chromium and scripted students (:mod:`tests.server.class_students`) run *inside* the namespace,
a machine of their own that reaches the server only over that address.

Every request a page makes in Chromium is recorded: one to any other host (a CDN, say) fails the
test — inside the namespace such a request could not even be answered.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.client import HTTPConnection
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from kingdomino_kit.server.addresses import own_address
from kingdomino_kit.server.progress import ProgressStore
from tests.browser.conftest import CHROMIUM_ARGS
from tests.network_room import Room, room  # noqa: F401  (the fixture)

CODE = "5791-3579"
STUDENTS_SCRIPT = Path(__file__).with_name("class_students.py")
KIT = Path(sys.executable).with_name("kingdomino-kit")
START_S = 240


@dataclass(frozen=True)
class Served:
    """A class server started by a test: the URL students use, its port, the teacher's key,
    its log and the class folder it was told (relative to ``cwd``)."""

    url: str
    port: int
    key: str
    log: Path
    folder: Path


def _free_port(address: str) -> int:
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family) as s:
        s.bind((address, 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def class_server(cwd: Path, host: str, reach: str, students: int, *extra: str
                 ) -> Iterator[Served]:
    """``kingdomino-kit app --class --host HOST --students N --folder period-3`` run in
    ``cwd``; the URL given to students names ``reach``. Stopped (its process group) whatever
    happens."""
    cwd.mkdir(parents=True, exist_ok=True)
    port = _free_port(host)
    log = cwd.parent / f"server-{port}.log"
    base = cwd.parent
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(base / "runtime"),
               JUPYTER_CONFIG_DIR=str(base / "config"), IPYTHONDIR=str(base / "ipython"))
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [str(KIT), "app", "--class", "--host", host, "--port", str(port),
             "--students", str(students),
             "--folder", "period-3", "--code", CODE, *extra],
            cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True)
    try:
        deadline = time.monotonic() + START_S
        while "Ready:" not in log.read_text():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the class server did not start:\n{log.read_text()}")
            time.sleep(0.5)
        key = re.search(r"key=([0-9-]+)", log.read_text())
        assert key is not None
        yield Served(f"http://{reach}:{port}", port, key.group(1), log, cwd / "period-3")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def students_in(where: Room, url: str, n: int) -> list[dict[str, Any]]:
    """``n`` scripted students at once, run inside the namespace; their results."""
    done = subprocess.run(where.command([sys.executable, str(STUDENTS_SCRIPT), url, CODE,
                                        str(n)]),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return list(json.loads(done.stdout))


def _status(address: str, port: int, host_header: str, path: str = "/") -> tuple[int, str]:
    """A GET from this machine to ``address`` with the given ``Host``."""
    connection = HTTPConnection(address, port, timeout=30)
    try:
        connection.request("GET", path, headers={"Host": host_header})
        answer = connection.getresponse()
        return answer.status, answer.read().decode()
    finally:
        connection.close()


@contextlib.contextmanager
def chromium_in(where: Room, folder: Path) -> Iterator[tuple[Any, list[str]]]:
    """A headless Chromium page running inside the namespace, and the list of every URL its
    pages ask for (documents, scripts, styles, fonts, images, fetches, websockets)."""
    os.environ["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"
    from playwright.sync_api import sync_playwright

    asked: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(where.chromium(folder)),
                                             headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            context.on("request", lambda request: asked.append(request.url))
            page = context.new_page()
            page.on("websocket", lambda ws: asked.append(ws.url))
            yield page, asked
        finally:
            browser.close()


def _message(page: Any) -> str:
    return str(page.locator(".kk-message").first.inner_text())


def _join_and_place(page: Any, url: str, name: str) -> str:
    """Join from a puzzle's link, place the first domino on the first legal cell; the
    message."""
    page.goto(f"{url}/?puzzle=01-best-kingdom")
    page.fill("#kk-code", CODE)
    page.fill("#kk-name", name)
    page.click("button[type=submit]")
    page.wait_for_selector(".kk-legal[data-kk-action=cell]", timeout=120_000)
    assert f"signed in as {name}" in page.locator(".kk-class-nav").inner_text()
    page.locator(".kk-legal[data-kk-action=cell]").first.click()
    page.wait_for_function(
        "() => document.querySelector('.kk-message').innerText.startsWith('Placed')",
        timeout=60_000)
    return _message(page)


def _only_from(asked: list[str], netloc: str) -> None:
    foreign = sorted({u for u in asked if urlsplit(u).netloc != netloc
                      and not u.startswith(("data:", "blob:", "about:"))})
    assert not foreign, f"requests to another host: {foreign}"
    assert len(asked) > 5


@pytest.mark.browser
def test_a_student_on_another_machine_joins_with_the_documented_command_and_plays(
        room: Room, tmp_path: Path) -> None:   # noqa: F811
    with class_server(tmp_path / "teacher", room.host_address, room.host_address,
                      30) as served:
        assert f"Share with the class: {served.url}/" in served.log.read_text()
        netloc = urlsplit(served.url).netloc
        with chromium_in(room, tmp_path) as (page, asked):
            assert _join_and_place(page, served.url, "Zoë").startswith("Placed")
            page.goto(f"{served.url}/")                                   # the index
            page.locator("a[href^='/?puzzle=o01-']").first.click()        # an Origins puzzle
            page.wait_for_selector(".kk-legal[data-kk-action=cell]", timeout=120_000)
            page.goto(f"{served.url}/?puzzle=no-such-puzzle")
            page.goto(f"{served.url}/class/dashboard?key={served.key}")
            assert "Zoë" in page.locator("#kk-dashboard").inner_text()
            _only_from(asked, netloc)
        # the relative --folder is the teacher's folder, whatever folder the server runs in
        assert ProgressStore(served.folder / "class.db").board("Zoë", "01-best-kingdom")

        results = students_in(room, served.url, 30)
        assert [r["error"] for r in results if not r["ok"]] == []
        assert len(results) == 30

        # the server answers to its address only, not to a name a page elsewhere could use
        assert _status(room.host_address, served.port, netloc)[0] == 403       # the join form
        for other in ("evil.example", "localhost", "127.0.0.1", room.guest_address):
            status, html = _status(room.host_address, served.port, other)
            assert status == 403 and "Not this server" in html, other
        with pytest.raises(OSError):                     # nor listens on any other address
            _status("127.0.0.1", served.port, "127.0.0.1")


@pytest.mark.slow
def test_every_address_with_0_0_0_0(room: Room, tmp_path: Path) -> None:   # noqa: F811
    with class_server(tmp_path / "teacher", "0.0.0.0", room.host_address, 5) as served:
        assert f"Share with the class: http://{own_address()}:{served.port}/" in \
            served.log.read_text()
        results = students_in(room, served.url, 5)
        assert [r["error"] for r in results if not r["ok"]] == []
        for mine in (room.host_address, "127.0.0.1", "localhost"):
            status, html = _status(room.host_address, served.port, mine)
            assert status == 403 and "Class code" in html, mine               # the join form
        for other in ("evil.example", "0.0.0.0", room.guest_address):
            status, html = _status("127.0.0.1", served.port, other)
            assert status == 403 and "Not this server" in html, other
        assert (served.folder / "class.db").exists()


@pytest.mark.browser
@pytest.mark.slow
def test_voila_serves_a_class_over_the_network(room: Room, tmp_path: Path) -> None:  # noqa: F811
    """The Voilà server (``--voila``): its preheated kernels reach it on the address it listens
    on, its pages load nothing from a CDN and keep their icons."""
    with class_server(tmp_path / "teacher", room.host_address, room.host_address, 1,
                      "--voila") as served:
        with chromium_in(room, tmp_path) as (page, asked):
            assert _join_and_place(page, served.url, "Zoë").startswith("Placed")
            # Font Awesome comes with Voilà's own bundle
            assert "Font Awesome" in page.evaluate("""() => {
                const i = document.createElement('i'); i.className = 'fa fa-check';
                document.body.appendChild(i); return getComputedStyle(i).fontFamily; }""")
            page.goto(f"{served.url}/voila/no-such-page")      # an unknown path: redirected
            _only_from(asked, urlsplit(served.url).netloc)
        assert ProgressStore(served.folder / "class.db").board("Zoë", "01-best-kingdom")
        results = students_in(room, served.url, 2)      # a preheated kernel, a new one
        assert [r["error"] for r in results if not r["ok"]] == []


@pytest.mark.slow
def test_every_ipv6_address_with_double_colon(room: Room, tmp_path: Path) -> None:  # noqa: F811
    mine6 = f"[{room.host_address6}]"
    with class_server(tmp_path / "teacher", "::", mine6, 3) as served:
        results = students_in(room, served.url, 3)
        assert [r["error"] for r in results if not r["ok"]] == []
        for mine in (mine6, "[::1]", "localhost"):
            status, html = _status(room.host_address6, served.port, mine)
            assert status == 403 and "Class code" in html, mine               # the join form
        for other in ("evil.example", room.host_address, "127.0.0.1",
                      f"[{room.guest_address6}]"):
            status, html = _status("::1", served.port, other)
            assert status == 403 and "Not this server" in html, other
