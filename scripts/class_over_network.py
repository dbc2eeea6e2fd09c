"""A whole class over a network address: ``kingdomino-kit app --class`` started as documented
(a relative ``--folder``, from a folder of its own) on the address of a network namespace this
script makes (``tests/network_room.py``; needs root), and N scripted students inside the
namespace arriving at once, each checked to get a board signed with their name
(``tests/server/class_students.py``). Prints one JSON line: the server's start, each
student's time to the board, the failures.

    python scripts/class_over_network.py [--students 30] [--voila]

The suite runs the same with a few students (``tests/server/test_class_network.py``); this
is the full class, heavy with ``--voila`` (a kernel a student).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.network_room import network_room  # noqa: E402
from tests.server.test_class_network import class_server, students_in  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--voila", action="store_true", help="serve with Voilà (--voila)")
    args = parser.parse_args()
    extra = ["--voila"] if args.voila else []
    with tempfile.TemporaryDirectory(prefix="kk-class-net-") as tmp, network_room() as room:
        start = time.monotonic()
        with class_server(Path(tmp) / "teacher", room.host_address, room.host_address,
                          args.students, *extra) as served:
            ready = time.monotonic() - start
            results = students_in(room, served.url, args.students)
        seconds = sorted(r["seconds"] for r in results if r["ok"])
        print(json.dumps({
            "server": "voila" if args.voila else "boards", "students": args.students,
            "address": room.host_address, "ready_s": round(ready, 1),
            "boards": len(seconds),
            "first_board_median_s": round(statistics.median(seconds), 2) if seconds else None,
            "first_board_max_s": seconds[-1] if seconds else None,
            "errors": [r["error"] for r in results if not r["ok"]],
            "load": round(os.getloadavg()[0], 1)}))


if __name__ == "__main__":
    main()
