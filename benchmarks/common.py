"""Helpers shared by the benchmarks: a timer loop and the JSON-line printer."""

from __future__ import annotations

import json
import platform
import sys
import time
from collections.abc import Callable
from typing import Any


def emit(benchmark: str, **figures: Any) -> None:
    """Print one JSON line for a benchmark."""
    record = {"benchmark": benchmark, **figures, "python": platform.python_version()}
    print(json.dumps(record), flush=True)
    sys.stdout.flush()


def rate(work: Callable[[], int], seconds: float = 2.0, repeats: int = 3) -> float:
    """Best of ``repeats`` runs of: items per CPU second of this process (one core, so other
    load on the machine does not count) done by calling ``work`` (which returns the number of
    items it did) for about ``seconds`` of CPU."""
    best = 0.0
    for _ in range(repeats):
        done = 0
        start = time.process_time()
        while True:
            done += work()
            elapsed = time.process_time() - start
            if elapsed >= seconds / repeats:
                break
        best = max(best, done / elapsed)
    return best
