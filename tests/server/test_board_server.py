"""`kingdomino-kit app` and `app --class` (the board server) from outside, on a free loopback
port: the gate (class code, names the server answers to, the teacher's key), a student's page
and its board's socket, progress kept, what a page may load, and the server as one process."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import HTTPCookieProcessor, HTTPRedirectHandler, Request, build_opener

import pytest
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

pytestmark = pytest.mark.slow
CODE = "2468-1357"
START_S = 90


@dataclass
class Server:
    url: str
    port: int
    key: str
    folder: Path
    proc: subprocess.Popen[bytes]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running(base: Path, *flags: str) -> Iterator[Server]:
    port = _free_port()
    log = base / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-u", "-m", "kingdomino_kit", "app", "--host", "127.0.0.1",
             "--port", str(port), *flags], cwd=base,
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + START_S
        while "Ready:" not in log.read_text():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start:\n{log.read_text()}")
            time.sleep(0.2)
        key = re.search(r"key=([0-9-]+)", log.read_text())
        yield Server(f"http://127.0.0.1:{port}", port, key.group(1) if key else "",
                     base / "room", proc)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("class"), "--class", "--students", "2",
                 "--folder", "room", "--code", CODE) as server:
        yield server


class NoRedirect(HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _get(opener: Any, url: str, headers: dict[str, str] | None = None,
         data: bytes | None = None) -> tuple[int, str, dict[str, str]]:
    try:
        with opener.open(Request(url, data=data, headers=headers or {}), timeout=60) as r:
            return r.status, r.read().decode(), dict(r.headers)
    except HTTPError as error:
        return error.code, error.read().decode(), dict(error.headers)


def _client() -> Any:
    return build_opener(HTTPCookieProcessor(CookieJar()), NoRedirect())


def _join(server: Server, name: str) -> Any:
    client = _client()
    body = urlencode({"code": CODE, "name": name, "next": "/"}).encode()
    status, _, headers = _get(client, f"{server.url}/class/join", data=body)
    assert status == 302 and headers["Location"] == "/"
    return client


def _cookie(client: Any) -> str:
    jar = next(h.cookiejar for h in client.handlers if isinstance(h, HTTPCookieProcessor))
    return "; ".join(f"{c.name}={c.value}" for c in jar)


def _state(html: str) -> dict[str, str]:
    found = re.search(r'<script type="application/json" id="kk-state">(.*?)</script>', html)
    assert found is not None, html[:300]
    return dict(json.loads(found.group(1)))


def _processes(pid: int) -> int:
    out = subprocess.run(["ps", "-eo", "ppid="], capture_output=True, text=True).stdout
    return 1 + sum(1 for line in out.split() if int(line) == pid)


def test_without_the_code_every_page_is_the_join_form_and_no_board(room: Server) -> None:
    for path in ["/", "/?puzzle=01-best-kingdom", "/?hand=41,13", "/class/join"]:
        status, html, _ = _get(_client(), room.url + path)
        assert status == 403 and "Class code" in html and "kk-state" not in html, path
    wrong = urlencode({"code": "0000-0000", "name": "Eve", "next": "/"}).encode()
    status, html, _ = _get(_client(), f"{room.url}/class/join", data=wrong)
    assert status == 403 and "not this class" in html
    status, html, _ = _get(_client(), f"{room.url}/class/join",
                           data=urlencode({"code": CODE, "name": "<b>", "next": "/"}).encode())
    assert status == 400 and "a student&#x27;s name is" in html and "<b>" not in html


def test_a_foreign_host_is_refused_even_for_the_pages_script(room: Server) -> None:
    client = _join(room, "Ana")
    for host in ("evil.example", f"evil.example:{room.port}", "127.0.0.2"):
        for path in ("/", "/board/static/board_page.js", "/class/join"):
            status, html, _ = _get(client, room.url + path, headers={"Host": host})
            assert status == 403 and "answers to" in html, (host, path)


def test_a_student_plays_over_the_socket_and_the_board_is_kept(room: Server) -> None:
    client = _join(room, "Ana")
    status, html, _ = _get(client, room.url + "/")
    assert status == 200 and "Signed in as <b>Ana</b>" in html
    status, _, headers = _get(client, room.url + "/?puzzle=01-best-kingdom&student=Bo")
    assert status == 302 and headers["Location"] == "/?puzzle=01-best-kingdom&student=Ana"
    status, html, headers = _get(client, headers["Location"].join([room.url, ""]))
    assert status == 200 and "signed in as <b>Ana</b>" in html
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    # everything the page loads is on this server: no scheme, no other host
    assert all(u.startswith(("/", "?", "#")) for u in re.findall(r'(?:src|href)="([^"]*)"',
                                                                html))
    state = _state(html)
    cell = re.search(r'class="[^"]*kk-legal[^"]*" data-kk-action="cell" '
                     r'data-row="(-?\d)" data-col="(-?\d)"', state["html"])
    assert cell is not None

    async def place() -> str:
        ws = await websocket_connect(HTTPRequest(
            f"ws://127.0.0.1:{room.port}{state['socket']}", headers={"Cookie": _cookie(client)}))
        ws.write_message(json.dumps({"kkAction": "cell", "row": cell.group(1),
                                     "col": cell.group(2)}))
        message: Any = await asyncio.wait_for(ws.read_message(), 30)
        answer = json.loads(message)
        ws.close()
        return str(answer["html"])

    assert "Placed domino" in asyncio.run(place())
    with sqlite3.connect(room.folder / "class.db") as db:
        board = db.execute("SELECT board FROM progress WHERE student = 'Ana'").fetchone()
    assert board is not None and json.loads(board[0])[0][0] == "place"
    status, html, _ = _get(client, room.url + "/?puzzle=01-best-kingdom&student=Ana")
    assert "Welcome back, Ana" in _state(html)["html"]
    status, module, headers = _get(client, room.url + state["esm"])
    assert status == 200 and "export default" in module
    assert _processes(room.proc.pid) == 1            # one process: no kernel, nothing started


def test_the_dashboard_needs_the_teachers_key_and_exports_csv(room: Server) -> None:
    student = _join(room, "Dee")
    status, html, _ = _get(student, room.url + "/class/dashboard")
    assert status == 403 and "teacher" in html.lower()
    status, _, _ = _get(student, room.url + "/class/dashboard.csv?key=1111-2222-3333-4444")
    assert status == 403
    teacher = _client()
    status, _, headers = _get(teacher, f"{room.url}/class/dashboard?key={room.key}")
    assert status == 302 and headers["Location"] == "/class/dashboard"
    status, html, _ = _get(teacher, room.url + "/class/dashboard")
    assert status == 200 and "Dee" in html and "<table" in html
    status, text, headers = _get(teacher, room.url + "/class/dashboard.csv")
    assert status == 200 and text.startswith("student,puzzle,tries,solved,best,seconds,updated")
    status, text, _ = _get(teacher, room.url + "/class/dashboard.json")
    assert "Dee" in json.loads(text)["students"]


def test_one_laptop_serves_the_index_boards_and_one_line_errors(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        client = _client()
        status, html, _ = _get(client, server.url + "/")
        assert status == 200 and "kk-app-index" in html and "kk-state" not in html
        status, html, _ = _get(client, server.url + "/?hand=41,13")
        assert status == 200 and "kk-grid" in _state(html)["html"]
        status, html, _ = _get(client, server.url + "/?puzzle=no-such-puzzle")
        assert "kk-app-notice" in html and "no puzzle &#x27;no-such-puzzle&#x27;" in html
        status, _, _ = _get(client, server.url + "/class/dashboard")
        assert status == 404                          # no class, no dashboard
        status, html, _ = _get(client, server.url + "/", headers={"Host": "evil.example"})
        assert status == 403
