"""A class of 60 on the network: ``kingdomino-kit app --class --students N`` listening on an
address of its own (a veth pair into a network namespace, as root, :mod:`tests.network_room`:
the server at ``198.18.N.1``, the students at ``198.18.N.2`` inside the namespace, so every
request crosses a network interface, not loopback), N scripted students and a few real
Chromium pages.

Each scripted student arrives at a seeded time within the window, joins with the class code,
opens ``01-best-kingdom`` (its page holds the board's HTML), connects the board's websocket as
the page's script does and makes 20 moves (key actions, each answered by the new HTML). The
Chromium pages (``KK_CLASS_BROWSERS``, default 3) join and wait until the board's cells can be
clicked. Then everyone leaves and the server is watched until it has culled their boards.

Figures (one JSON line, ``class_load``): the time from the command to ``Ready``; the first
board's median and p95 (join + page + websocket open; for Chromium, from ``goto`` to a
clickable board); move round trips; errors; the server's memory — RSS and PSS of its whole
process tree — once ready, at its largest while the class plays, and after; the load average.

``python -m benchmarks class_load``; ``KK_CLASS_STUDENTS`` (default 60), ``KK_CLASS_WINDOW``
(default 10 s), ``KK_CLASS_BROWSERS``. Needs root (``ip netns``) and Debian's chromium. The
namespace and the veth pair are removed whatever happens.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from benchmarks.common import emit
from tests.network_room import network_room

CODE = "2468-1357"
MOVES = 20
KEYS = ("right", "down", "left", "up")
REPO = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"


# ------------------------------------------------------------------ memory
def _tree(pid: int) -> list[int]:
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                parents.setdefault(ppid, []).append(int(entry.name))
    out, todo = [pid], [pid]
    while todo:
        kids = parents.get(todo.pop(), [])
        out += kids
        todo += kids
    return out


def memory_mib(pid: int) -> tuple[float, float]:
    """RSS and PSS (MiB) of ``pid`` and its descendants (``/proc/*/smaps_rollup``)."""
    rss = pss = 0
    for p in _tree(pid):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{p}/smaps_rollup").read_text().splitlines():
                if line.startswith("Rss:"):
                    rss += int(line.split()[1])
                elif line.startswith("Pss:"):
                    pss += int(line.split()[1])
    return rss / 1024, pss / 1024


class Peak:
    """The largest memory of a process tree, sampled every half second in a thread."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.rss = self.pss = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.5):
            rss, pss = memory_mib(self.pid)
            self.rss, self.pss = max(self.rss, rss), max(self.pss, pss)

    def __enter__(self) -> Peak:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


# ------------------------------------------------------------------ the students (in the namespace)
async def student(i: int, delay: float, url: str) -> dict[str, Any]:
    from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

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
        found = re.search(r'<script type="application/json" id="kk-state">(.*?)</script>',
                          page.body.decode())
        if found is None:
            raise RuntimeError("no board in the page")
        state = json.loads(found.group(1))
        if "kk-grid" not in state["html"]:
            raise RuntimeError("the page's board has no grid")
        ws = await websocket_connect(HTTPRequest(
            url.replace("http", "ws", 1) + state["socket"], headers={"Cookie": cookies},
            request_timeout=120))
        first = time.monotonic() - start
        trips = []
        for k in range(MOVES):
            t = time.monotonic()
            action = {"kkAction": "key", "key": KEYS[k % 4]} if k % 5 else \
                {"kkAction": "key", "key": "rotate"}
            await ws.write_message(json.dumps(action))
            reply = await asyncio.wait_for(ws.read_message(), 60)
            if reply is None:
                raise RuntimeError("the websocket closed")
            trips.append(time.monotonic() - t)
        ws.close()
        return {"first": first, "move": statistics.median(trips), "error": None}
    except (HTTPClientError, OSError, RuntimeError, asyncio.TimeoutError, KeyError) as error:
        return {"first": None, "move": None, "error": f"{type(error).__name__}: {error}"}
    finally:
        http.close()


def browser(i: int, url: str, profile: Path) -> dict[str, Any]:
    os.environ["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"
    from playwright.sync_api import Error, sync_playwright

    hosts: set[str] = set()
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                str(profile), executable_path=CHROMIUM, headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            try:
                page = context.new_page()
                page.on("request", lambda r: hosts.add(r.url.split("/")[2]))
                page.goto(f"{url}/?puzzle=01-best-kingdom")
                page.fill("#kk-code", CODE)
                page.fill("#kk-name", f"browser {i}")
                start = time.monotonic()
                page.click("button[type=submit]")
                page.wait_for_selector(".kk-legal[data-kk-action=cell]", timeout=120_000)
                first = time.monotonic() - start
                page.locator(".kk-legal[data-kk-action=cell]").first.click()
                page.wait_for_function("() => document.querySelector('.kk-message')"
                                       ".innerText.startsWith('Placed')", timeout=60_000)
            finally:
                context.close()
        return {"first": first, "hosts": sorted(hosts), "error": None}
    except Error as error:
        return {"first": None, "hosts": sorted(hosts), "error": str(error).splitlines()[0]}


def class_arrives(url: str, n: int, window: float, browsers: int, folder: Path) -> None:
    """In the namespace: the scripted students and the browsers; one JSON line of results."""
    rng = random.Random(0)
    delays = sorted(rng.uniform(0, window) for _ in range(n))

    async def everyone() -> list[dict[str, Any]]:
        loop = asyncio.get_running_loop()
        pages = [loop.run_in_executor(None, browser, i, url, folder / f"chromium-{i}")
                 for i in range(browsers)]
        scripted = [student(i, d, url) for i, d in enumerate(delays)]
        return list(await asyncio.gather(*scripted, *pages))

    results = asyncio.run(everyone())
    print(json.dumps({"scripted": results[:n], "browsers": results[n:]}), flush=True)


# ------------------------------------------------------------------ the run
def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def _stop(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


def main() -> None:
    n = int(os.environ.get("KK_CLASS_STUDENTS", "60"))
    window = float(os.environ.get("KK_CLASS_WINDOW", "10"))
    browsers = int(os.environ.get("KK_CLASS_BROWSERS", "3"))
    port = random.Random().randrange(20000, 60000)
    folder = Path(tempfile.mkdtemp(prefix="kk-class-load-"))
    load_before = os.getloadavg()[0]
    with network_room() as room:
        log = folder / "server.log"
        t0 = time.monotonic()
        with log.open("wb") as out:
            proc = subprocess.Popen(
                [sys.executable, "-u", "-m", "kingdomino_kit", "app", "--class", "--host",
                 room.host_address, "--port", str(port), "--students", str(n), "--folder",
                 str(folder / "room"), "--code", CODE],
                stdout=out, stderr=subprocess.STDOUT, start_new_session=True, cwd=folder)
        try:
            while "Ready:" not in log.read_text():
                if proc.poll() is not None or time.monotonic() - t0 > 300:
                    raise RuntimeError(f"the server did not get ready:\n{log.read_text()}")
                time.sleep(0.2)
            ready = time.monotonic() - t0
            idle = memory_mib(proc.pid)
            url = f"http://{room.host_address}:{port}"
            with Peak(proc.pid) as peak:
                done = subprocess.run(
                    room.command([sys.executable, "-m", "benchmarks.bench_class_load",
                                  "--arrive", url, str(n), str(window), str(browsers),
                                  str(folder)]),
                    capture_output=True, text=True, cwd=REPO, timeout=900)
            if done.returncode:
                raise RuntimeError(f"the students failed:\n{done.stderr[-3000:]}")
            results = json.loads(done.stdout.strip().splitlines()[-1])
            after = memory_mib(proc.pid)
            culled = _wait_culled(log, n + browsers, 120)
            _report(n, window, ready, idle, peak, after, results, culled, load_before)
        finally:
            _stop(proc)


def _wait_culled(log: Path, boards: int, limit: float) -> float | None:
    """Seconds until the server's log says every board was culled (None: not within
    ``limit``)."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        if log.read_text().count("culled the board") >= boards:
            return time.monotonic() - start
        time.sleep(1)
    return None


def _report(n: int, window: float, ready: float, idle: tuple[float, float], peak: Peak,
            after: tuple[float, float], results: dict[str, Any], culled: float | None,
            load_before: float) -> None:
    scripted, pages = results["scripted"], results["browsers"]
    firsts = [r["first"] for r in scripted if r["first"] is not None]
    moves = [r["move"] for r in scripted if r["move"] is not None]
    errors = [r["error"] for r in scripted + pages if r["error"]]
    shown = [r["first"] for r in pages if r["first"] is not None]
    emit("class_load", students=n, window_s=window, browsers=len(pages),
         ready_s=round(ready, 1),
         first_board_median_s=round(statistics.median(firsts), 3) if firsts else None,
         first_board_p95_s=round(_p95(firsts), 3) if firsts else None,
         browser_first_board_s=[round(x, 2) for x in shown],
         browser_hosts=sorted({h for r in pages for h in r["hosts"]}),
         move_median_s=round(statistics.median(moves), 4) if moves else None,
         move_p95_s=round(_p95(moves), 4) if moves else None,
         errors=len(errors), first_error=errors[0] if errors else None,
         rss_mib_ready=round(idle[0]), pss_mib_ready=round(idle[1]),
         rss_mib_peak=round(peak.rss), pss_mib_peak=round(peak.pss),
         rss_mib_after=round(after[0]), pss_mib_after=round(after[1]),
         all_culled_after_s=None if culled is None else round(culled),
         load_before=round(load_before, 2), load_after=round(os.getloadavg()[0], 2))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--arrive"]:
        url, n, window, browsers, folder = sys.argv[2:7]
        class_arrives(url, int(n), float(window), int(browsers), Path(folder))
    else:
        main()
