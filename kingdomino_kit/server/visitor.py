"""How a preheated Voilà kernel learns its visitor's request — Voilà's own way, made to hold in
a busy classroom.

A preheated kernel runs the page notebook up to the point where it needs the request (the
student's name, the puzzle), then opens a websocket to the server (``/voila/query/<kernel>``)
and waits there for the request of the page it is given to. Voilà's helper
(``voila.utils.wait_for_request``) gives up for good on the first hitch — an opening slower than
5 s, a keepalive ping not answered in 20 s, a closed connection — and the page then goes on
with no request: every student of a busy class got "a student's name is 1–40 letters …
(not '')". :func:`wait_for_visitor` asks the same server the same way, but without a keepalive
of its own and, after a hitch, connects again (the server keeps a request that came while no
kernel listened, and hands it over on the next connection), until the request comes.

The server's address: ``VOILA_APP_IP`` (the class server sets it to an address it listens on,
:func:`kingdomino_kit.server.addresses.reach_address`), ``VOILA_APP_PORT`` and the base URL, as
Voilà sets them for its kernels.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import threading
from typing import Any

from websockets import connect
from websockets.exceptions import WebSocketException

__all__ = ["query_url", "wait_for_visitor"]

RETRY_S = 1.0
"""The pause before connecting again after a hitch."""
OPEN_S = 60.0
"""How long one opening of the websocket may take (a busy server is slow, not gone)."""


def query_url(environ: dict[str, str] | None = None) -> str | None:
    """The websocket on which this kernel waits for its visitor, or None when the kernel is
    not a preheated one (nothing to wait for).

    >>> query_url({"VOILA_PREHEAT": "True", "VOILA_APP_IP": "198.18.34.1",
    ...            "VOILA_APP_PORT": "8866", "VOILA_SERVER_URL": "/", "VOILA_KERNEL_ID": "k1"})
    'ws://198.18.34.1:8866/voila/query/k1'
    >>> query_url({"VOILA_PREHEAT": "False"}) is None
    True
    """
    env = dict(os.environ) if environ is None else environ
    if env.get("VOILA_PREHEAT", "False") == "False" or not env.get("VOILA_KERNEL_ID"):
        return None
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return (f"{protocol}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
            f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env['VOILA_KERNEL_ID']}")


async def _receive(url: str) -> str:
    """The first message on ``url``, connecting again after each hitch."""


    options: dict[str, Any] = {"open_timeout": OPEN_S, "ping_interval": None,
                               "close_timeout": 1, "max_size": None}
    if "proxy" in inspect.signature(connect).parameters:
        options["proxy"] = None          # the server is on this machine: never via a proxy
    while True:
        try:
            async with connect(url, **options) as socket:
                message = await socket.recv()
                return message if isinstance(message, str) else bytes(message).decode()
        except (OSError, TimeoutError, asyncio.TimeoutError, WebSocketException):
            await asyncio.sleep(RETRY_S)


def wait_for_visitor() -> None:
    """In a preheated kernel: wait for the visitor's request and put it in the environment
    (``QUERY_STRING`` and the rest, as Voilà does); elsewhere, return at once."""
    url = query_url()
    if url is None:
        return

    found: list[str] = []
    waiter = threading.Thread(target=lambda: found.append(asyncio.run(_receive(url))),
                              name="kk-visitor", daemon=True)
    waiter.start()
    waiter.join()
    if found:
        for key, value in json.loads(found[0]).items():
            os.environ[key] = str(value)
