"""The real-browser tests' time, as ``make test`` runs them (one pytest, one test at a time):
JSON lines, one per test file (its tests' setup + call + teardown seconds, from pytest's own
JUnit report) and a total (wall seconds, CPU seconds of pytest and every process it waited for,
the load average before and after).

    .venv/bin/python scripts/time_browser_tests.py [pytest arguments, e.g. a file or -k ...]

Without arguments every test marked ``browser`` (not ``sweep``) runs, as in ``make test``.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "junit.xml"
        load_before = os.getloadavg()[0]
        wall = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
                               "-m", "browser and not sweep", f"--junitxml={report}", *argv],
                              cwd=REPO, check=False)
        wall = time.monotonic() - wall
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        per_file: dict[str, float] = defaultdict(float)
        tests: dict[str, int] = defaultdict(int)
        for case in ElementTree.parse(report).getroot().iter("testcase"):
            name = case.get("classname", "").replace(".", "/") + ".py"
            per_file[name] += float(case.get("time", "0"))
            tests[name] += 1
    for name, seconds in sorted(per_file.items()):
        print(json.dumps({"file": name, "tests": tests[name], "seconds": round(seconds, 1)}))
    print(json.dumps({"total_wall_s": round(wall, 1),
                      "cpu_s": round(usage.ru_utime + usage.ru_stime, 1),
                      "load_before": round(load_before, 1),
                      "load_after": round(os.getloadavg()[0], 1),
                      "exit": done.returncode}))
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
