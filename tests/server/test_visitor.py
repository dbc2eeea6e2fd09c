"""A preheated kernel's wait for its visitor holds through the hitches of a busy server: a
connection dropped before the request comes is made again, and the request is not lost."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import threading
from collections.abc import Iterator

import pytest
import tornado.web
import tornado.websocket

from kingdomino_kit.server.visitor import wait_for_visitor

KERNEL = "0f0e0d0c-0000-4000-8000-000000000001"
REQUEST = {"QUERY_STRING": "puzzle=01-best-kingdom&student=Ada", "SERVER_NAME": "198.18.34.1"}


class Hitchy(tornado.websocket.WebSocketHandler):
    """Drops the first two connections at once, answers the third with the request."""

    opened: list[str] = []   # per test: cleared by the fixture

    def open(self, kernel: str) -> None:
        Hitchy.opened.append(kernel)
        if len(Hitchy.opened) < 3:
            self.close()
        else:
            self.write_message(json.dumps(REQUEST))


@pytest.fixture()
def server() -> Iterator[int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    Hitchy.opened = []
    loop = asyncio.new_event_loop()
    started = threading.Event()

    def run() -> None:
        asyncio.set_event_loop(loop)
        app = tornado.web.Application([(r"/voila/query/(.*)", Hitchy)])
        app.listen(port, address="127.0.0.1")
        started.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    started.wait(10)
    yield port
    loop.call_soon_threadsafe(loop.stop)
    thread.join(10)


def test_the_request_comes_through_dropped_connections(server: int,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("kingdomino_kit.server.visitor.RETRY_S", 0.05)
    for key, value in {"VOILA_PREHEAT": "True", "VOILA_APP_IP": "127.0.0.1",
                       "VOILA_APP_PORT": str(server), "VOILA_SERVER_URL": "/",
                       "VOILA_KERNEL_ID": KERNEL}.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("SERVER_NAME", raising=False)
    wait_for_visitor()
    assert Hitchy.opened == [KERNEL] * 3
    assert os.environ["QUERY_STRING"] == REQUEST["QUERY_STRING"]
    assert os.environ["SERVER_NAME"] == "198.18.34.1"


def test_a_kernel_that_is_not_preheated_does_not_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("VOILA_APP_PORT", "1")      # nothing listens there: it must not ask
    monkeypatch.delenv("QUERY_STRING", raising=False)
    wait_for_visitor()
    assert "QUERY_STRING" not in os.environ
