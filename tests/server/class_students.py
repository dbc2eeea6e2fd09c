"""Scripted students for the class server: each joins with the class code and opens a puzzle;
a student has a board when it holds the board and the line "signed in as <b>NAME</b>" — in the
page itself (the board server), or in the widgets of the page's kernel, asked for over its
websocket as the page's own code does (Voilà: a kernel that did not get its visitor's request
says "a student's name is 1–40 letters …" instead).

Plain HTTP and websocket clients (tornado), no browser: run it where the students are, e.g.
inside a test's network namespace (``ip netns exec NAME python class_students.py URL CODE N
[TIMEOUT_S]``); it prints one JSON list: per student, ``ok``, seconds to the board, what went
wrong. Only the standard library and tornado are imported: it runs by its path from anywhere.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import sys
import time
import uuid
from typing import Any
from urllib.parse import urlencode, urlsplit

PUZZLE = "01-best-kingdom"


def _message(msg_type: str, content: dict[str, Any], session: str) -> str:
    return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type,
                                  "username": "student", "session": session,
                                  "version": "5.3", "date": ""},
                       "parent_header": {}, "metadata": {"version": "1.0.0"},
                       "channel": "shell",
                       "buffers": [], "content": content})


async def _states(ws: Any) -> dict[str, Any]:
    """The widget states the kernel sends for ``request_states``."""
    while True:
        raw = await ws.read_message()
        if raw is None:
            raise RuntimeError("the kernel's websocket closed before the widgets came")
        if isinstance(raw, str):
            m = json.loads(raw)
            data = m.get("content", {}).get("data", {})
            if m["header"]["msg_type"] == "comm_msg" and data.get("method") == "update_states":
                return dict(data.get("states", {}))


async def student(url: str, code: str, name: str, timeout: float) -> dict[str, Any]:
    """One student from the join form to the board: in the page (the board server) or in the
    widgets of the page's kernel (Voilà)."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest

    http = AsyncHTTPClient(force_instance=True)
    start = time.monotonic()
    result: dict[str, Any] = {"name": name, "ok": False, "seconds": None, "error": None}
    try:
        joined = await http.fetch(f"{url}/class/join", method="POST", raise_error=False,
                                  body=urlencode({"code": code, "name": name, "next": "/"}),
                                  follow_redirects=False, request_timeout=timeout)
        if joined.code != 302:
            raise RuntimeError(f"joining answered {joined.code}")
        cookies = "; ".join(v.split(";", 1)[0] for v in joined.headers.get_list("Set-Cookie"))
        page = await http.fetch(HTTPRequest(
            f"{url}/?" + urlencode({"puzzle": PUZZLE, "student": name}),
            headers={"Cookie": cookies}, request_timeout=timeout))
        body = page.body.decode()
        kernel = re.search(r'kernelId": "([0-9a-f-]{36})"', body)
        texts = [body] if kernel is None else await _kernel_widgets(url, kernel.group(1),
                                                                     cookies, timeout)
        signed = f"signed in as <b>{html.escape(name)}</b>"
        if not any(signed in t for t in texts):
            problem = next((t for t in [*texts, body] if "name is" in t or "Cannot" in t
                            or "error when executing" in t), f"{len(texts)} widgets")
            raise RuntimeError(f"no board signed in as {name!r}: {_gist(problem)!r}")
        if not any("kk-grid" in t for t in texts):
            raise RuntimeError("no board in the page")
        result.update(ok=True, seconds=round(time.monotonic() - start, 2))
    except Exception as error:  # noqa: BLE001 — every failure is a student's result
        result["error"] = f"{type(error).__name__}: {error}"
    finally:
        http.close()
    return result


def _gist(text: str) -> str:
    """The sentence of ``text`` that says what went wrong (or its start)."""
    for marker in ("a student's name is", "Cannot open", "error when executing"):
        if marker in text:
            return text[text.index(marker):][:160]
    return text[:160]


async def _kernel_widgets(url: str, kernel: str, cookies: str, timeout: float) -> list[str]:
    """The HTML in the widgets of a Voilà page's kernel (its board, the links above it)."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    ws_url = urlsplit(url)._replace(scheme="ws").geturl()
    ws = await websocket_connect(HTTPRequest(
        f"{ws_url}/api/kernels/{kernel}/channels", headers={"Cookie": cookies},
        request_timeout=timeout))
    try:
        session, comm = uuid.uuid4().hex, uuid.uuid4().hex
        ws.write_message(_message("comm_open", {"comm_id": comm, "data": {},
                                                "target_name": "jupyter.widget.control"},
                                  session))
        ws.write_message(_message("comm_msg", {"comm_id": comm,
                                               "data": {"method": "request_states"}}, session))
        states = await asyncio.wait_for(_states(ws), timeout)
    finally:
        ws.close()
    return [str(s.get("state", {}).get("value", "")) + str(s.get("state", {}).get("html", ""))
            for s in states.values()]


async def _class(url: str, code: str, names: list[str], timeout: float) -> list[dict[str, Any]]:
    return list(await asyncio.gather(*(student(url, code, n, timeout) for n in names)))


def run_class(url: str, code: str, names: list[str], timeout: float = 240) -> list[dict[str, Any]]:
    """Every student at once; their results in order."""
    return asyncio.run(_class(url, code, names, timeout))


def names(n: int) -> list[str]:
    """``n`` distinct student names (``Student 01`` …)."""
    return [f"Student {i:02d}" for i in range(1, n + 1)]


if __name__ == "__main__":
    URL, CODE, COUNT = sys.argv[1], sys.argv[2], int(sys.argv[3])
    TIMEOUT = float(sys.argv[4]) if len(sys.argv) > 4 else 240.0
    print(json.dumps(run_class(URL, CODE, names(COUNT), TIMEOUT)), flush=True)
