"""The board server's limits, on a real server in this process (real HTTP, real websockets,
real boards and SQLite): the ceiling and its polite 503, a student's oldest board closed by
their next page, boards whose page is gone culled, a fresh puzzle made once for a whole class,
progress written by many boards at once with nothing lost."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from ipywidgets.widgets.widget import _instances as widget_instances
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.httpserver import HTTPServer
from tornado.websocket import WebSocketClientConnection, websocket_connect

from kingdomino_kit.server import board_server
from kingdomino_kit.server.board_server import BoardApplication, BoardServer
from kingdomino_kit.server.gate import Room
from kingdomino_kit.server.progress import ProgressStore

CODE = "1234-5678"
PUZZLE = "01-best-kingdom"


class Client:
    """One student: their cookies, their pages."""

    def __init__(self, url: str, name: str) -> None:
        self.url = url
        self.name = name
        self.http = AsyncHTTPClient(force_instance=True)
        self.cookies = ""

    async def join(self) -> None:
        body = urlencode({"code": CODE, "name": self.name, "next": "/"})
        answer = await self.http.fetch(f"{self.url}/class/join", method="POST", body=body,
                                       follow_redirects=False, raise_error=False)
        assert answer.code == 302
        self.cookies = "; ".join(v.split(";", 1)[0]
                                 for v in answer.headers.get_list("Set-Cookie"))

    async def page(self, puzzle: str = PUZZLE) -> tuple[int, str]:
        answer = await self.http.fetch(HTTPRequest(
            f"{self.url}/?" + urlencode({"puzzle": puzzle, "student": self.name}),
            headers={"Cookie": self.cookies}, request_timeout=120), raise_error=False)
        return answer.code, answer.body.decode()

    async def board(self, puzzle: str = PUZZLE) -> tuple[dict[str, str], Any]:
        """Open a page and its board's socket: the page's state and the socket."""
        code, html = await self.page(puzzle)
        assert code == 200, html
        found = re.search(r'id="kk-state">(.*?)</script>', html)
        assert found is not None
        state = json.loads(found.group(1))
        ws = await self.socket(state["socket"])
        return state, ws

    async def socket(self, path: str) -> WebSocketClientConnection:
        return await websocket_connect(HTTPRequest(
            self.url.replace("http", "ws", 1) + path, headers={"Cookie": self.cookies}))


def run(tmp_path: Path, test: Callable[[BoardServer, str], Awaitable[None]], *,
        ceiling: int = 3, per_student: int = 2, grace: float = 60.0) -> None:
    """Run ``test`` against a class server on a free loopback port, stopped after."""
    room = Room(hosts=("127.0.0.1",), code=CODE, teacher_key="k" * 8,
                store_path=tmp_path / "class.db", ceiling=ceiling, per_student=per_student)

    async def main() -> None:
        server = BoardServer(room, grace=grace)
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(64)
        sock.setblocking(False)
        http = HTTPServer(BoardApplication(server))
        http.add_sockets([sock])
        try:
            await test(server, f"http://127.0.0.1:{sock.getsockname()[1]}")
        finally:
            http.stop()
            server.stop()

    asyncio.run(main())


async def closed_with(ws: Any) -> int | None:
    """The close code of a socket the server closes (None: still open after 10 s)."""
    try:
        while await asyncio.wait_for(ws.read_message(), 10) is not None:
            pass
    except asyncio.TimeoutError:
        return None
    return int(ws.close_code)


def test_past_the_ceiling_a_new_page_gets_a_polite_503(tmp_path: Path) -> None:
    async def test(server: BoardServer, url: str) -> None:
        students = [Client(url, name) for name in ("Ada", "Bo", "Cy", "Di")]
        for s in students:
            await s.join()
        for s in students[:3]:
            await s.board()
        code, html = await students[3].page()
        assert code == 503 and "The class is full" in html and "3 boards are open" in html
        assert len(server.sessions) == 3
        # a student already in the room is never refused: their oldest board makes way
        state, ws = await students[0].board()
        assert len(server.sessions) == 3 and "kk-grid" in state["html"]
        ws.close()

    run(tmp_path, test)


def test_a_students_next_page_closes_a_page_they_left_then_their_oldest(tmp_path: Path) -> None:
    async def test(server: BoardServer, url: str) -> None:
        ada = Client(url, "Ada")
        await ada.join()
        first, ws1 = await ada.board()
        await ada.page()                             # a page whose socket never came
        await ada.page()                             # per student: 2 — that one makes way
        assert [bool(s.sockets) for s in server.sessions._open.values()] == [True, False]
        _, ws4 = await ada.board()                   # the page left makes way again
        assert [bool(s.sockets) for s in server.sessions._open.values()] == [True, True]
        _, ws5 = await ada.board()                   # both in use: the oldest makes way
        assert await closed_with(ws1) == 4000        # and its page is told: reload
        assert len(server.sessions) == 2
        again = await ada.socket(first["socket"])    # the closed board is gone for good
        assert await closed_with(again) == 4004
        ws4.close()
        ws5.close()

    run(tmp_path, test, ceiling=10)


def test_a_board_whose_page_is_gone_is_culled_and_the_others_stay(tmp_path: Path) -> None:
    async def test(server: BoardServer, url: str) -> None:
        ada, bo, cy = Client(url, "Ada"), Client(url, "Bo"), Client(url, "Cy")
        for s in (ada, bo, cy):
            await s.join()
        before = len(widget_instances)
        _, gone = await ada.board()
        _, stays = await bo.board()
        await cy.page()                              # a page that never connects
        gone.close()
        await asyncio.sleep(0.8)                     # past the grace of 0.5 s
        culled = server.sessions.cull()
        assert sorted(s.student for s in culled) == ["Ada", "Cy"]
        assert [s.student for s in server.sessions._open.values()] == ["Bo"]
        assert len(widget_instances) == before + 2   # Bo's board and its layout, no more
        stays.write_message(json.dumps({"kkAction": "key", "key": "right"}))
        answer = json.loads(await asyncio.wait_for(stays.read_message(), 10))
        assert "kk-grid" in answer["html"]           # Bo's board still answers
        stays.close()

    run(tmp_path, test, ceiling=10, grace=0.5)


def test_a_socket_speaks_only_for_its_own_students_board(tmp_path: Path) -> None:
    async def test(server: BoardServer, url: str) -> None:
        ada, eve = Client(url, "Ada"), Client(url, "Eve")
        await ada.join()
        await eve.join()
        state, ws = await ada.board()
        stolen = await eve.socket(state["socket"])   # Eve has the token, not Ada's cookie
        assert await closed_with(stolen) == 4004
        # what is not an action is dropped: no answer, the board unchanged
        session = server.sessions.get(state["socket"].rsplit("/", 1)[1])
        assert session is not None
        html = session.board.html
        for junk in ("not json", json.dumps({"execute_request": "import os"}),
                     json.dumps({"kkAction": "key", "key": "x" * 5000}), json.dumps([1])):
            ws.write_message(junk)
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(ws.read_message(), 1.5)
        assert session.board.html == html
        ws.close()

    run(tmp_path, test, ceiling=10)


def test_a_fresh_puzzle_is_made_once_for_the_whole_class(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[Any, ...]] = []
    real = board_server.fresh_puzzle

    def counting(*args: Any) -> Any:
        made.append(args)
        return real(*args)

    monkeypatch.setattr(board_server, "fresh_puzzle", counting)

    async def test(server: BoardServer, url: str) -> None:
        students = [Client(url, f"s{i}") for i in range(4)]
        for s in students:
            await s.join()
        pages = await asyncio.gather(*(s.page("new-best-kingdom-L1-1") for s in students))
        assert [code for code, _ in pages] == [200] * 4
        boards = {json.loads(re.findall(r'id="kk-state">(.*?)</script>', html)[0])["html"]
                  for _, html in pages}
        assert len(boards) == 1                      # the same puzzle for everyone
        assert made == [("new-best-kingdom-L1-1",)]

    run(tmp_path, test, ceiling=10)


def test_the_servers_threads_writing_at_once_lose_no_check(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.db")   # one store, shared as the server shares it
    errors: list[BaseException] = []

    def play(i: int) -> None:
        try:
            for k in range(10):
                store.save_board(f"s{i % 4}", PUZZLE, [["discard", k]])
                store.record_check(f"s{i % 4}", PUZZLE, score=k, optimal=False)
        except BaseException as error:  # noqa: BLE001  (reported by the assertion below)
            errors.append(error)

    threads = [threading.Thread(target=play, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    with sqlite3.connect(tmp_path / "class.db") as db:
        rows = set(db.execute("SELECT student, tries, best FROM progress"))
    assert rows == {(f"s{i}", 20, 9) for i in range(4)}
