"""``solve``: the provably best kingdom from a set of dominoes (CP-SAT)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from kingdomino_kit.cli import CliError, read_input
from kingdomino_kit.dominoes import dominoes
from kingdomino_kit.errors import KingdominoError, NotationError
from kingdomino_kit.kingdom import Kingdom, parse_text


def register(sub: Any) -> None:
    """Add ``solve``."""
    p = sub.add_parser("solve", help="the provably best kingdom from a set of dominoes")
    p.add_argument("--dominoes", required=True,
                   help="domino numbers, e.g. 3,17,22 (or 'all' with --choose)")
    p.add_argument("--size", type=int, choices=(5, 7), default=5)
    p.add_argument("--middle-kingdom", action="store_true", help="+10 if the castle is central")
    p.add_argument("--harmony", action="store_true",
                   help="every given (or chosen) domino placed, no gap: +5")
    p.add_argument("--start", help="a partial kingdom (text notation) that must stay as it is")
    p.add_argument("--choose", type=int, help="use at most K of the dominoes (free choice)")
    p.add_argument("--time-limit", type=float, default=60.0, help="seconds (default 60)")
    p.add_argument("--workers", type=int, default=2, help="CP-SAT workers (default 2)")
    p.add_argument("--seed", type=int, default=0, help="CP-SAT random seed (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_solve)


def _start(path: str, size: int) -> Kingdom:
    text, name = read_input(path, "start kingdom")
    try:
        return parse_text(text, size)[0]
    except NotationError as error:
        raise CliError(f"{name}: {error}") from None


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve and print the kingdom, its score and bound, and a legal placement order."""
    from kingdomino_kit.solver import best_kingdom

    doms = dominoes(args.dominoes)
    if not doms:
        raise CliError("--dominoes: no domino given")
    if args.choose is not None and args.choose < 0:
        raise CliError(f"--choose: must be at least 0, not {args.choose}")
    if args.time_limit <= 0:
        raise CliError(f"--time-limit: must be positive, not {args.time_limit}")
    if args.workers < 1:
        raise CliError(f"--workers: must be at least 1, not {args.workers}")
    start = _start(args.start, args.size) if args.start else None
    try:
        sol = best_kingdom(doms, size=args.size, middle_kingdom=args.middle_kingdom,
                           harmony=args.harmony, start=start, time_limit_s=args.time_limit,
                           workers=args.workers, seed=args.seed, choose=args.choose)
    except KingdominoError as error:
        raise CliError(str(error)) from None
    data = sol.to_json()
    if args.json:
        print(json.dumps(data))
    else:
        _print_text(data)
    _leave_if_interrupted()
    return 0


def _leave_if_interrupted() -> None:
    """After Ctrl-C the answer is printed; leave at once (see
    :data:`kingdomino_kit.solver.search.INTERRUPTED`)."""
    from kingdomino_kit.solver.search import INTERRUPTED

    if INTERRUPTED.is_set():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


def _print_text(data: dict[str, Any]) -> None:
    out = sys.stdout
    print(f"status {data['status']}  score {data['score']}  bound {data['bound']}  "
          f"({data['seconds']:.2f} s)", file=out)
    if data["grid"]:
        print(data["grid"], file=out)
        print("order (row, col in the grid above; first cell = first half):", file=out)
        for step, item in enumerate(data["order"], start=1):
            (r1, c1), (r2, c2) = item["cells"]
            print(f"  {step:2}. domino {item['domino']:2} at ({r1}, {c1}) ({r2}, {c2})",
                  file=out)
