"""A class arriving at once on the Voilà server, ``kingdomino-kit app --class --voila
--students N`` (a kernel per page; the board server: ``bench_class_load``), on this machine, and N
scripted students who arrive within a few seconds (seeded arrival times), join with the class
code, open a puzzle and make 20 moves each, speaking to their kernels over the websocket as the
page's own code does (widget state request, custom messages, state updates).

Figures: the pool's start-up time; per student the time to the first board (the page's HTML,
the kernel's websocket, the board's state received) and the median move round trip; their
median and p95; errors; the server's memory (its process and its kernels).

``python -m benchmarks class`` (30 students within 10 s); ``KK_CLASS_STUDENTS`` and
``KK_CLASS_WINDOW`` change the size and window. Run it on a quiet machine.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from benchmarks.common import emit

CODE = "2468-1357"
MOVES = 20
KEYS = ("right", "down", "left", "up")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _rss_mib(pid: int) -> float:
    """The resident memory of a process and its descendants, MiB (from /proc)."""
    out = subprocess.run(["ps", "-eo", "pid,ppid,rss"], capture_output=True, text=True).stdout
    rows = [tuple(int(x) for x in line.split()) for line in out.splitlines()[1:]]
    children: dict[int, list[int]] = {}
    rss = {}
    for p, pp, r in rows:
        children.setdefault(pp, []).append(p)
        rss[p] = r
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        total += rss.get(p, 0)
        todo += children.get(p, [])
    return total / 1024


def _message(msg_type: str, content: dict[str, Any], session: str) -> str:
    return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type,
                                  "username": "bench", "session": session, "version": "5.3",
                                  "date": ""},
                       "parent_header": {}, "metadata": {"version": "1.0.0"},
                       "channel": "shell",
                       "buffers": [], "content": content})


async def _board_state(ws: Any) -> str | None:
    """Read messages until the widget states arrive; the board's comm id."""
    while True:
        raw = await ws.read_message()
        if raw is None:
            return None
        if not isinstance(raw, str):
            continue
        m = json.loads(raw)
        data = m.get("content", {}).get("data", {})
        if m["header"]["msg_type"] == "comm_msg" and data.get("method") == "update_states":
            for model, state in data.get("states", {}).items():
                if "kk-" in str(state.get("state", {}).get("html", "")):
                    return str(model)


async def _update(ws: Any, board: str) -> bool:
    while True:
        raw = await ws.read_message()
        if raw is None:
            return False
        if isinstance(raw, str):
            m = json.loads(raw)
            c = m.get("content", {})
            if m["header"]["msg_type"] == "comm_msg" and c.get("comm_id") == board and \
                    "html" in c.get("data", {}).get("state", {}):
                return True


async def student(i: int, delay: float, url: str, port: int) -> dict[str, Any]:
    await asyncio.sleep(delay)
    http = AsyncHTTPClient(force_instance=True)
    name = f"student {i}"
    start = time.monotonic()
    try:
        body = urlencode({"code": CODE, "name": name, "next": "/"})
        joined = await http.fetch(f"{url}/class/join", method="POST", body=body,
                                  follow_redirects=False, raise_error=False)
        cookies = "; ".join(v.split(";", 1)[0] for v in joined.headers.get_list("Set-Cookie"))
        page = await http.fetch(HTTPRequest(
            f"{url}/?" + urlencode({"puzzle": "01-best-kingdom", "student": name}),
            headers={"Cookie": cookies}, request_timeout=120))
        kernel = re.search(r'kernelId": "([0-9a-f-]{36})"', page.body.decode())
        if kernel is None:
            raise RuntimeError("no kernel id in the page")
        ws = await websocket_connect(HTTPRequest(
            f"ws://127.0.0.1:{port}/api/kernels/{kernel.group(1)}/channels",
            headers={"Cookie": cookies}, request_timeout=120))
        session = uuid.uuid4().hex
        comm = uuid.uuid4().hex
        ws.write_message(_message("comm_open", {"comm_id": comm, "data": {},
                                                "target_name": "jupyter.widget.control"},
                                  session))
        ws.write_message(_message("comm_msg", {"comm_id": comm,
                                               "data": {"method": "request_states"}}, session))
        board = await asyncio.wait_for(_board_state(ws), 120)
        if board is None:
            raise RuntimeError("no board in the widget states")
        first = time.monotonic() - start
        trips = []
        for k in range(MOVES):
            t = time.monotonic()
            content = {"kkAction": "key", "key": KEYS[k % 4]} if k % 5 else {"kkAction": "rotate"}
            ws.write_message(_message("comm_msg", {"comm_id": board, "data": {
                "method": "custom", "content": content}}, session))
            if not await asyncio.wait_for(_update(ws, board), 60):
                raise RuntimeError("the websocket closed")
            trips.append(time.monotonic() - t)
        ws.close()
        return {"first": first, "move": statistics.median(trips), "error": None}
    except (HTTPClientError, OSError, RuntimeError, asyncio.TimeoutError) as error:
        return {"first": None, "move": None, "error": f"{type(error).__name__}: {error}"}
    finally:
        http.close()


async def arrive(n: int, window: float, url: str, port: int) -> list[dict[str, Any]]:
    rng = random.Random(0)
    delays = sorted(rng.uniform(0, window) for _ in range(n))
    return list(await asyncio.gather(*(student(i, d, url, port)
                                       for i, d in enumerate(delays))))


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def main() -> None:
    n = int(os.environ.get("KK_CLASS_STUDENTS", "30"))
    window = float(os.environ.get("KK_CLASS_WINDOW", "10"))
    port = _free_port()
    folder = Path(tempfile.mkdtemp(prefix="kk-class-bench-"))
    log = folder / "server.log"
    t0 = time.monotonic()
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-u", "-m", "kingdomino_kit", "app", "--class", "--voila", "--host",
             "127.0.0.1", "--port", str(port), "--students", str(n), "--folder",
             str(folder / "room"), "--code", CODE],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        while "Ready:" not in log.read_text():
            if proc.poll() is not None or time.monotonic() - t0 > 900:
                raise RuntimeError(f"the server did not fill its pool:\n{log.read_text()}")
            time.sleep(0.5)
        ready = time.monotonic() - t0
        idle_mib = _rss_mib(proc.pid)
        results = asyncio.run(arrive(n, window, f"http://127.0.0.1:{port}", port))
        firsts = [r["first"] for r in results if r["first"] is not None]
        moves = [r["move"] for r in results if r["move"] is not None]
        errors = [r["error"] for r in results if r["error"]]
        emit("class_arrival", students=n, window_s=window, pool_ready_s=round(ready, 1),
             first_board_median_s=round(statistics.median(firsts), 2) if firsts else None,
             first_board_p95_s=round(_p95(firsts), 2) if firsts else None,
             move_median_s=round(statistics.median(moves), 3) if moves else None,
             move_p95_s=round(_p95(moves), 3) if moves else None,
             errors=len(errors), first_error=errors[0] if errors else None,
             server_mib_idle=round(idle_mib), server_mib_after=round(_rss_mib(proc.pid)),
             load=os.getloadavg()[0])
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
