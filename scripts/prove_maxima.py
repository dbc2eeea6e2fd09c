"""Prove the highest possible Kingdomino scores and write their records to
``kingdomino_kit/solver/maxima/`` (package data: notebook 04 reads them).

Eight cases: the best kingdom from any 12 of the 48 dominoes on 5×5 and from any 24 on 7×7
(Mighty Duel), each without bonuses, with Middle Kingdom, with Harmony and with both — exactly
``kingdomino-kit solve --dominoes all --choose K [--size 7] [--middle-kingdom] [--harmony]``.

    python scripts/prove_maxima.py                    # all eight, 20 minutes each at most
    python scripts/prove_maxima.py --only 5x5-none --time-limit 60

Each case writes ``kingdomino_kit/solver/maxima/<name>.json``: the
status, score and proven bound, the exact
choice bound (the most Σ squares × crowns any choice of k dominoes reaches, with no geometry),
the choices that could still beat the score (their terrain bound plus the bonuses is above it:
each of them was solved by CP-SAT to show it cannot), the kingdom as text, a legal order of
placements (castle-relative cells: replay it with ``Kingdom.place``), the time, the machine's
load and the CP-SAT version. ``docs/maxima/run.log`` keeps every layout found on the way.
``tests/solver/test_maxima.py`` replays every record through the rules and re-proves its bound.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kingdomino_kit.dominoes import DOMINOES  # noqa: E402
from kingdomino_kit.kingdom import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS  # noqa: E402
from kingdomino_kit.solver import Solution, best_kingdom  # noqa: E402
from kingdomino_kit.solver.choices import choice_bound, choices  # noqa: E402
from kingdomino_kit.solver.pieces import pieces_of  # noqa: E402

OUT = ROOT / "kingdomino_kit" / "solver" / "maxima"
LOG = ROOT / "docs" / "maxima" / "run.log"
CASES = {f"{n}x{n}-{bonus}": (n, 12 if n == 5 else 24, mk, hm)
         for n in (5, 7)
         for bonus, mk, hm in (("none", False, False), ("middle", True, False),
                               ("harmony", False, True), ("both", True, True))}
"""name → (size, dominoes chosen, Middle Kingdom, Harmony)."""


def command(size: int, k: int, middle: bool, harmony: bool) -> str:
    """The CLI command the case answers."""
    return " ".join(["kingdomino-kit solve --dominoes all", f"--choose {k}",
                     *(["--size 7"] if size == 7 else []),
                     *(["--middle-kingdom"] if middle else []),
                     *(["--harmony"] if harmony else [])])


def record(name: str, sol: Solution, size: int, k: int, middle: bool, harmony: bool,
           limit: float, workers: int, wall: float, load: float) -> dict[str, Any]:
    """The certificate-like record of one case."""
    from ortools import __version__ as ortools_version

    box = pieces_of(DOMINOES)
    bonus = MIDDLE_KINGDOM_BONUS * middle + HARMONY_BONUS * harmony
    open_choices = [sorted(c.numbers(box))
                    for c in choices(box, k, at_least=sol.score - bonus + 1)]
    kingdom = sol.kingdom
    return {
        "name": name, "command": command(size, k, middle, harmony), "size": size, "choose": k,
        "middle_kingdom": middle, "harmony": harmony,
        "status": sol.status.json, "score": sol.score, "bound": sol.bound,
        "gap": sol.bound - sol.score,
        "seconds": round(sol.seconds, 1), "wall_seconds": round(wall, 1),
        "time_limit_s": limit, "workers": workers, "seed": 0,
        "choice_bound": choice_bound(box, k), "bonus_at_most": bonus,
        "choices_above_score": open_choices,
        "dominoes": sorted(p.domino.number for p in sol.order),
        "grid": kingdom.to_text() if kingdom is not None else "",
        "order": [{"domino": p.domino.number, "first": list(p.first), "second": list(p.second)}
                  for p in sol.order],
        "ortools": ortools_version, "python": platform.python_version(),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cpus": os.cpu_count(), "load_average_at_start": round(load, 2),
        "load_average_at_end": round(os.getloadavg()[0], 2),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=sorted(CASES),
                        help="run only this case (again for more)")
    parser.add_argument("--time-limit", type=float, default=1200.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    LOG.parent.mkdir(parents=True, exist_ok=True)
    with open(LOG, "a", encoding="utf-8") as log:
        for name in args.only or list(CASES):
            size, k, middle, harmony = CASES[name]
            started, load = time.perf_counter(), os.getloadavg()[0]
            log.write(f"# {name}: {command(size, k, middle, harmony)}, {args.workers} workers, "
                      f"{os.cpu_count()} cpus, load {load:.2f}, "
                      f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC\n")

            def seen(s: Solution, log: Any = log, started: float = started) -> None:
                log.write(f"  {time.perf_counter() - started:8.1f} s  found {s.score}, "
                          f"bound {s.bound}\n")
                log.flush()

            sol = best_kingdom(list(DOMINOES), size=size, choose=k, middle_kingdom=middle,
                               harmony=harmony, time_limit_s=args.time_limit,
                               workers=args.workers, seed=0, on_solution=seen)
            rec = record(name, sol, size, k, middle, harmony, args.time_limit, args.workers,
                         time.perf_counter() - started, load)
            log.write(f"  {rec['status']} {rec['score']} (bound {rec['bound']}) in "
                      f"{rec['seconds']} s\n")
            path = OUT / f"{name}.json"
            tmp = path.with_suffix(".json.tmp")
            tmp.write_text(json.dumps(rec, indent=1) + "\n", encoding="utf-8")
            tmp.replace(path)
            print(f"{name}: {rec['status']} {rec['score']} (bound {rec['bound']}) "
                  f"in {rec['seconds']} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
