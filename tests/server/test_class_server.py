"""The Voilà class server from outside: `kingdomino-kit app --class --voila` on a free port,
spoken to over HTTP and the kernel's websocket as a browser (or a hostile page) would. The
gate's decisions are also checked one by one on hand-made requests."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import HTTPCookieProcessor, HTTPRedirectHandler, Request, build_opener

import pytest
from tornado import httputil
from tornado.httpclient import HTTPRequest
from tornado.web import create_signed_value
from tornado.websocket import websocket_connect

from kingdomino_kit.kingdoms.puzzles import castle_puzzles
from kingdomino_kit.origins.puzzles import origins_puzzles
from kingdomino_kit.puzzles import load_collection
from kingdomino_kit.server.app import VoilaApplication
from kingdomino_kit.server.gate import IndexHandler, JoinHandler, Room
from kingdomino_kit.server.progress import COLUMNS, ProgressStore

pytestmark = pytest.mark.slow
START_S = 180


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    port: int
    code: str
    key: str
    folder: Path
    proc: subprocess.Popen[bytes]
    log: Path

    def kernels(self) -> list[int]:
        """The ipykernel processes this server started."""
        out = subprocess.run(["ps", "-eo", "pid,ppid,args"], capture_output=True, text=True)
        rows = [line.split(None, 2) for line in out.stdout.splitlines()[1:]]
        return [int(pid) for pid, ppid, args in rows
                if int(ppid) == self.proc.pid and "ipykernel" in args]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("class")
    port = _free_port()
    log = base / "server.log"
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(base / "runtime"),
               JUPYTER_CONFIG_DIR=str(base / "config"), IPYTHONDIR=str(base / "ipython"))
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-u", "-m", "kingdomino_kit", "app", "--class", "--voila", "--host",
             "127.0.0.1", "--port", str(port), "--students", "1", "--folder",
             str(base / "room"), "--code", "2468-1357"],
            stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + START_S
        while "Ready: 1 boards" not in log.read_text():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the class server did not start:\n{log.read_text()}")
            time.sleep(0.5)
        key = re.search(r"key=([0-9-]+)", log.read_text())
        assert key is not None
        yield Server(f"http://127.0.0.1:{port}", port, "2468-1357", key.group(1),
                     base / "room", proc, log)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


class NoRedirect(HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _client() -> Any:
    opener = build_opener(HTTPCookieProcessor(CookieJar()), NoRedirect())
    return opener


def _get(opener: Any, url: str, headers: dict[str, str] | None = None,
         data: bytes | None = None) -> tuple[int, str, dict[str, str]]:
    try:
        with opener.open(Request(url, data=data, headers=headers or {}), timeout=60) as r:
            return r.status, r.read().decode(), dict(r.headers)
    except HTTPError as error:
        return error.code, error.read().decode(), dict(error.headers)


def _join(server: Server, name: str) -> Any:
    client = _client()
    body = urlencode({"code": server.code, "name": name, "next": "/"}).encode()
    status, _, headers = _get(client, f"{server.url}/class/join", data=body)
    assert status == 302 and headers["Location"] == "/"
    return client


def test_without_the_code_every_page_is_the_join_form_and_no_kernel(server: Server) -> None:
    before = server.kernels()
    for path in ["/", "/?puzzle=01-best-kingdom", "/?hand=41,13", "/voila/static/x.js",
                 "/api/kernels"] * 4:
        status, html, _ = _get(_client(), server.url + path)
        assert status == 403 and "Class code" in html, path
    time.sleep(2)
    assert server.kernels() == before and len(before) == 1   # the one preheated kernel
    wrong = urlencode({"code": "0000-0000", "name": "Eve", "next": "/"}).encode()
    status, html, _ = _get(_client(), f"{server.url}/class/join", data=wrong)
    assert status == 403 and "not this class" in html


def test_a_foreign_host_is_refused(server: Server) -> None:
    client = _join(server, "Ana")
    for host in ("evil.example", f"evil.example:{server.port}", "127.0.0.2"):
        status, html, _ = _get(client, server.url + "/", headers={"Host": host})
        assert status == 403 and "answers to" in html


def test_a_student_joins_once_and_the_index_shows_the_puzzles(server: Server) -> None:
    client = _join(server, "Ana")
    status, html, _ = _get(client, server.url + "/")
    assert status == 200 and "Signed in as <b>Ana</b>" in html
    fresh = html.count('href="/?puzzle=new-')       # a fresh puzzle per level 1–4
    assert html.count('href="/?puzzle=') - fresh == \
        len(load_collection()) + len(origins_puzzles()) + len(castle_puzzles()) and fresh == 4
    assert html.index(load_collection()[-1].id) < html.index("Kingdomino Origins puzzles") < \
        html.index(origins_puzzles()[0].id)
    status, _, headers = _get(client, server.url + "/?puzzle=01-best-kingdom")
    assert status == 302 and headers["Location"] == "/?puzzle=01-best-kingdom&student=Ana"


def test_a_visitor_cannot_run_code_in_the_kernel_of_their_page(server: Server,
                                                              tmp_path: Path) -> None:
    client = _join(server, "Mallory")
    status, html, _ = _get(client, server.url + "/?puzzle=01-best-kingdom&student=Mallory")
    assert status == 200
    kernel = re.search(r'kernelId": "([0-9a-f-]{36})"', html)
    assert kernel is not None
    jar = next(h.cookiejar for h in client.handlers if isinstance(h, HTTPCookieProcessor))
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
    target = tmp_path / "pwned.txt"

    async def attack() -> list[str]:
        ws = await websocket_connect(HTTPRequest(
            f"ws://127.0.0.1:{server.port}/api/kernels/{kernel.group(1)}/channels",
            headers={"Cookie": cookie}))
        msg_id = uuid.uuid4().hex
        ws.write_message(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": "x",
                       "session": uuid.uuid4().hex, "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": f"open({str(target)!r}, 'w').write('x')", "silent": False,
                        "store_history": False, "user_expressions": {},
                        "allow_stdin": False}}))
        replies = []
        end = time.monotonic() + 6
        while time.monotonic() < end:
            try:
                m = await asyncio.wait_for(ws.read_message(), 1)
            except asyncio.TimeoutError:
                continue
            if m is None:
                break
            if isinstance(m, str):
                replies.append(json.loads(m)["header"]["msg_type"])
        ws.close()
        return replies

    replies = asyncio.run(attack())
    assert "execute_reply" not in replies and "execute_input" not in replies
    assert not target.exists()


def test_the_dashboard_needs_the_teachers_key_and_exports_csv(server: Server) -> None:
    student = _join(server, "Dee")
    status, html, _ = _get(student, server.url + "/class/dashboard")
    assert status == 403 and "teacher" in html.lower()
    status, _, _ = _get(student, server.url + "/class/dashboard.csv?key=1111-2222-3333-4444")
    assert status == 403
    teacher = _client()
    status, _, headers = _get(teacher, f"{server.url}/class/dashboard?key={server.key}")
    assert status == 302 and headers["Location"] == "/class/dashboard"
    origins = origins_puzzles()[2].id
    ProgressStore(server.folder / "class.db").record_check("Dee", origins, score=5,
                                                           optimal=False)
    status, html, _ = _get(teacher, server.url + "/class/dashboard")
    assert status == 200 and "Dee" in html and "<table" in html
    assert f'<th scope="col">{origins}</th>' in html and "best 5, 1 tries" in html
    status, text, headers = _get(teacher, server.url + "/class/dashboard.csv")
    assert status == 200 and text.splitlines()[0] == ",".join(COLUMNS)
    assert headers["Content-Type"].startswith("text/csv")
    status, text, _ = _get(teacher, server.url + "/class/dashboard.json")
    assert "Dee" in json.loads(text)["students"]


# ------------------------------------------------------------------ the gate, one request at a time
class FakeKernels:
    def __init__(self, n: int) -> None:
        self.ids = [str(i) for i in range(n)]

    def list_kernel_ids(self) -> list[str]:
        return self.ids


def _gate(kernels: int, tmp_path: Path) -> VoilaApplication:
    config = Room(hosts=("127.0.0.1", "localhost"), code="c0de", teacher_key="k",
                  store_path=tmp_path / "c.db", ceiling=3)
    return VoilaApplication(config, cookie_secret="s" * 32, kernel_manager=FakeKernels(kernels))


def _request(app: VoilaApplication, uri: str, host: str = "127.0.0.1",
             cookies: dict[str, str] | None = None) -> Any:
    headers = httputil.HTTPHeaders({"Host": host})
    if cookies:
        headers["Cookie"] = "; ".join(
            f"{k}={create_signed_value(app.settings['cookie_secret'], k, v).decode()}"
            for k, v in cookies.items())
    request = httputil.HTTPServerRequest(
        start_line=httputil.RequestStartLine("GET", uri, "HTTP/1.1"), headers=headers)
    return app.find_handler(request)


def test_the_gate_decides_before_any_kernel(tmp_path: Path) -> None:
    joined = {"kk_class": "c0de", "kk_student": "Ana"}
    app = _gate(0, tmp_path)
    assert _request(app, "/?puzzle=p").handler_class is JoinHandler
    assert _request(app, "/?puzzle=p", cookies={"kk_class": "wrong", "kk_student": "A"}
                    ).handler_class is JoinHandler
    assert _request(app, "/", cookies=joined).handler_class is IndexHandler
    foreign = _request(app, "/", host="attacker.example", cookies=joined)
    assert foreign.handler_kwargs["status"] == 403
    assert _request(app, "/?puzzle=p", cookies=joined).handler_kwargs["line"] == \
        "/?puzzle=p&student=Ana"
    full = _request(_gate(3, tmp_path), "/?puzzle=p&student=Ana", cookies=joined)
    assert full.handler_kwargs["status"] == 503 and "full" in full.handler_kwargs["title"]
    room = _request(_gate(2, tmp_path), "/?puzzle=p&student=Ana", cookies=joined)
    assert "status" not in (room.handler_kwargs or {})
