"""The grading tests' time (``tests/grading/``), one file at a time as ``make test``'s workers
take them (``--dist loadfile``: a file is one worker's): JSON lines, one per test (setup + call
+ teardown seconds, from pytest's own JUnit report), one per file (wall seconds, CPU seconds of
its pytest and every process that pytest waited for — kernels, ``grade`` runs, nbgrader — and
the load average before and after) and a total.

    .venv/bin/python scripts/time_grading_tests.py [test files; default: every file there]
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
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_file(path: str, scratch: Path) -> dict[str, object]:
    """Run one test file in a pytest of its own; print its tests' lines; its own line."""
    report = scratch / f"{Path(path).stem}.xml"
    load_before, cpu, wall = os.getloadavg()[0], _cpu(), time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
                           "-o", "addopts=", "--strict-markers", "-n", "0", "-m", "not sweep",
                           f"--junitxml={report}", path], cwd=REPO, check=False,
                          capture_output=True, text=True)
    wall, cpu = time.monotonic() - wall, _cpu() - cpu
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        print(json.dumps({"test": case.get("name"), "file": path,
                          "seconds": round(float(case.get("time", "0")), 1)}))
    line = {"file": path, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
            "load_before": round(load_before, 1), "load_after": round(os.getloadavg()[0], 1),
            "exit": done.returncode}
    print(json.dumps(line), flush=True)
    if done.returncode:
        print(done.stdout[-3000:], file=sys.stderr)
    return line


def main(argv: list[str]) -> int:
    files = argv or sorted(str(p.relative_to(REPO))
                           for p in (REPO / "tests" / "grading").glob("test_*.py"))
    with tempfile.TemporaryDirectory() as scratch:
        lines = [time_file(f, Path(scratch)) for f in files]
    print(json.dumps({"total_wall_s": round(sum(float(str(x["wall_s"])) for x in lines), 1),
                      "total_cpu_s": round(sum(float(str(x["cpu_s"])) for x in lines), 1),
                      "longest_file_wall_s": max(float(str(x["wall_s"])) for x in lines),
                      "exit": max(int(str(x["exit"])) for x in lines)}))
    return max(int(str(x["exit"])) for x in lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
