"""The Lite edition in headless Chromium: site size, first load to a ready kernel, time to the
first board, and the browser's proofs beside CP-SAT's on the same sets.

The site (``build/lite``, built if missing or out of date) is served by ``python -m
http.server`` on 127.0.0.1 and opened in Debian's Chromium with every request to another host
aborted, in a fresh profile (nothing cached). One JSON line each:

- ``lite_site``: the site's bytes on disk and the bytes the first load of ``00_start_here``
  fetched;
- ``lite_load``: seconds from opening the front page to a ready kernel, and from Run All to the
  first board of ``00_start_here``;
- ``lite_proof``: per set — the collection's 5×5 ``best-kingdom`` puzzles of up to
  ``KK_BENCH_LITE_DOMINOES`` dominoes (default 12), seeded random sets of 12 dominoes on 5×5
  (``KK_BENCH_LITE_RANDOM`` of them, default 20; seeds 0, 1, …) and of 24 on 7×7
  (``KK_BENCH_LITE_7X7``, default 3) — the seconds (wall and CPU) of ``best_kingdom`` in the
  browser (the kit's exact search: Pyodide has no OR-Tools; 60 s limit) and of CP-SAT (one
  worker) in this Python, and both answers (status and score);
- ``lite_proofs``: per group of sets, how many answers agree, and the median and largest
  seconds of both;
- the load average of the machine, since every figure is wall time.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from benchmarks.common import emit
from kingdomino_kit.dominoes import DOMINOES
from kingdomino_kit.lite.site import build_site
from kingdomino_kit.puzzles import load_collection
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver import best_kingdom

REPO = Path(__file__).resolve().parent.parent
SITE = REPO / "build" / "lite"
CHROMIUM = "/usr/bin/chromium"
IDLE = """() => { const app = window.jupyterapp; const p = app && app.shell.currentWidget;
  const s = p && p.sessionContext && p.sessionContext.session;
  return Boolean(s && s.kernel && s.kernel.status === "idle" && p.content
                 && p.content.widgets.length > 0); }"""
ADD_AND_RUN = """(text) => { const nb = window.jupyterapp.shell.currentWidget.content;
  const n = nb.widgets.length;
  nb.model.sharedModel.insertCell(n, {cell_type: "code", source: text});
  nb.activeCellIndex = n;
  return window.jupyterapp.commands.execute('notebook:run-cell'); }"""
PROOFS = """
import json, time
from kingdomino_kit.dominoes import DOMINOES
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver import best_kingdom, engine
out = []
for numbers, size, mk, harmony in {sets!r}:
    began, cpu = time.perf_counter(), time.process_time()
    sol = best_kingdom([DOMINOES[n - 1] for n in numbers],
                       rules=Rules(size=size, middle_kingdom=mk, harmony=harmony),
                       time_limit_s=60)
    out.append([time.perf_counter() - began, time.process_time() - cpu, sol.status.value,
                sol.score])
print("PROOFS" + json.dumps([engine(), out]))
"""


def _sets() -> list[tuple[str, list[int], int, bool, bool]]:
    """(group, domino numbers, size, Middle Kingdom, Harmony) of each set proven."""
    limit = int(os.environ.get("KK_BENCH_LITE_DOMINOES", "12"))
    found = [("puzzle", list(p.dominoes), p.rules.size, p.rules.middle_kingdom,
              p.rules.harmony)
             for p in load_collection() if p.kind.value == "best-kingdom"
             and p.rules.size == 5 and len(p.dominoes) <= limit and p.start is None]
    for size, count, env, default in ((5, 12, "KK_BENCH_LITE_RANDOM", "20"),
                                      (7, 24, "KK_BENCH_LITE_7X7", "3")):
        for seed in range(int(os.environ.get(env, default))):
            numbers = sorted(d.number for d in random.Random(seed).sample(list(DOMINOES),
                                                                            count))
            found.append((f"random {size}x{size}", numbers, size, False, False))
    return found


def _serve() -> tuple[subprocess.Popen[bytes], str]:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                               "127.0.0.1"], cwd=SITE, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            with urllib.request.urlopen(url + "/", timeout=2):
                return server, url
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("python -m http.server did not answer")


def _browser_figures(url: str, sets: list[Any]) -> dict[str, Any]:
    os.environ["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"
    from playwright.sync_api import sync_playwright

    fetched = [0]
    aborted: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 1280, "height": 1000})

        def route(r: Any) -> None:
            if urlparse(r.request.url).hostname == "127.0.0.1":
                r.continue_()
            else:
                aborted.append(r.request.url)
                r.abort()

        context.route("**/*", route)
        page = context.new_page()
        page.on("response", lambda r: fetched.__setitem__(
            0, fetched[0] + int(r.headers.get("content-length", "0") or 0)))
        began = time.perf_counter()
        page.goto(url + "/")
        page.wait_for_function(IDLE, timeout=600_000)
        kernel_s = time.perf_counter() - began
        began = time.perf_counter()
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_selector(".kk-board .kk-cell.kk-legal", timeout=600_000)
        board_s = time.perf_counter() - began
        page.wait_for_function(IDLE, timeout=600_000)
        page.evaluate(ADD_AND_RUN, PROOFS.format(sets=[s[1:] for s in sets]))
        line = page.locator(".jp-OutputArea-output", has_text="PROOFS").last
        line.wait_for(timeout=3_600_000)
        engine, proofs = json.loads(line.inner_text().split("PROOFS", 1)[1])
        browser.close()
    return {"kernel_s": kernel_s, "board_s": board_s, "fetched": fetched[0],
            "aborted": aborted, "engine": engine, "proofs": proofs}


def main() -> None:
    build_site(SITE, REPO / "notebooks", REPO / "build" / "lite-cache", reuse=True)
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    sets = _sets()
    load = os.getloadavg()[0]
    server, url = _serve()
    try:
        figures = _browser_figures(url, sets)
    finally:
        server.terminate()
        server.wait(timeout=10)
    emit("lite_site", site_mib=round(size / 2**20, 1),
         first_load_mib=round(figures["fetched"] / 2**20, 1),
         aborted_requests=len(figures["aborted"]), load_avg=round(load, 1))
    emit("lite_load", kernel_ready_s=round(figures["kernel_s"], 1),
         first_board_s=round(figures["board_s"], 1), load_avg=round(load, 1))
    records = []
    for (group, numbers, size, mk, harmony), (seconds, cpu, status, score) in zip(
            sets, figures["proofs"], strict=True):
        rules = Rules(size=size, middle_kingdom=mk, harmony=harmony)
        began, cpu_began = time.perf_counter(), time.process_time()
        cp_sat = best_kingdom([DOMINOES[n - 1] for n in numbers], rules=rules, workers=1)
        record = {"group": group, "dominoes": numbers, "rules": str(rules),
                  "engine": figures["engine"], "browser_s": round(seconds, 2),
                  "browser_cpu_s": round(cpu, 2), "browser": [status, score],
                  "cp_sat_s": round(time.perf_counter() - began, 2),
                  "cp_sat_cpu_s": round(time.process_time() - cpu_began, 2),
                  "cp_sat": [cp_sat.status.value, cp_sat.score],
                  "load_avg": round(os.getloadavg()[0], 1)}
        emit("lite_proof", **record)
        records.append(record)
    for group in dict.fromkeys(r["group"] for r in records):
        mine = [r for r in records if r["group"] == group]
        emit("lite_proofs", group=group, sets=len(mine),
             same_as_cp_sat=sum(r["browser"] == r["cp_sat"] for r in mine),
             browser_median_s=statistics.median(r["browser_s"] for r in mine),
             browser_max_s=max(r["browser_s"] for r in mine),
             cp_sat_median_s=statistics.median(r["cp_sat_s"] for r in mine),
             cp_sat_max_s=max(r["cp_sat_s"] for r in mine),
             load_avg=round(os.getloadavg()[0], 1))
