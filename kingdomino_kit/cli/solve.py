"""``solve``: the provably best kingdom from a set of dominoes (CP-SAT)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from kingdomino_kit.cli import TERMINATED, CliError, add_command, read_input, stop_code
from kingdomino_kit.cli.contract import add_solver_arguments, answer_lines
from kingdomino_kit.cli.rules import add_bonus_flags, rules_of
from kingdomino_kit.dominoes import dominoes
from kingdomino_kit.errors import KingdominoError, NotationError
from kingdomino_kit.infra.untrusted import TEXT_LIMIT
from kingdomino_kit.kingdom import Kingdom, parse_text
from kingdomino_kit.solver import Progress, Solution, SolverSettings, best_kingdom


def register(sub: Any) -> None:
    """Add ``solve``."""
    p = add_command(sub, "solve")
    p.add_argument("--dominoes", required=True,
                   help="domino numbers, e.g. 3,17,22 (or 'all' with --choose)")
    p.add_argument("--size", type=int, choices=(5, 7), default=5)
    add_bonus_flags(p, {"middle_kingdom": "+10 if the castle is central",
                        "harmony": "+5 if the kingdom is full (a bonus: out of reach, no bonus)"})
    p.add_argument("--free-discard", action="store_true",
                   help="allow leaving out a domino that fits (not the rules: by default a "
                        "domino is left out only when it fits nowhere)")
    p.add_argument("--start", help="a partial kingdom (text notation) that must stay as it is")
    p.add_argument("--choose", type=int, help="use at most K of the dominoes (free choice)")
    add_solver_arguments(p, time_limit=60.0)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--progress", action="store_true",
                   help="print every change of the proven bound as a JSON line on stderr")
    p.set_defaults(func=cmd_solve)


def _start(path: str, size: int) -> Kingdom:
    text, name = read_input(path, "start kingdom", TEXT_LIMIT)
    try:
        return parse_text(text, size)[0]
    except NotationError as error:
        raise CliError(f"{name}: {error}") from None


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve and print the kingdom, its score and bound, and a legal placement order."""
    try:
        doms = dominoes(args.dominoes)
    except KingdominoError as error:
        raise CliError(f"--dominoes: {error}") from None
    if not doms:
        raise CliError("--dominoes: no domino given")
    if args.choose is not None and args.choose < 0:
        raise CliError(f"--choose: must be at least 0, not {args.choose}")
    start = _start(args.start, args.size) if args.start else None
    try:
        sol = best_kingdom(doms, rules=rules_of(args), start=start, time_limit_s=args.time_limit,
                           workers=args.workers, seed=args.seed, choose=args.choose,
                           on_progress=_print_progress if args.progress else None,
                           settings=SolverSettings(free_discard=args.free_discard))
    except KingdominoError as error:
        raise CliError(str(error)) from None
    data = sol.to_json()
    print(json.dumps(data) if args.json else "\n".join(answer_lines(data)))
    _leave_if_interrupted(sol)
    return 0


def _print_progress(event: Progress) -> None:
    """One JSON line per event of the proof on stderr (:mod:`kingdomino_kit.solver.progress`)."""
    print(json.dumps(event.to_json()), file=sys.stderr, flush=True)


def _leave_if_interrupted(sol: Solution) -> None:
    """After Ctrl-C the answer is printed; leave at once (see
    :attr:`kingdomino_kit.solver.Solution.interrupted`), with exit code 0 (Ctrl-C ends a solve
    as its time limit does) or 143 after SIGTERM."""
    if sol.interrupted:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(stop_code() if TERMINATED.is_set() else 0)
