"""``coach``: the points each of a player's decisions in a game log cost, the three worst
marked, and the best kingdoms the player's dominoes allowed (:mod:`kingdomino_kit.game.coach`).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from kingdomino_kit.cli import CliError, add_command, leave_stopped, read_input
from kingdomino_kit.cli.contract import playouts, seconds
from kingdomino_kit.errors import LogError
from kingdomino_kit.game.coach import (
    DEFAULT_SECONDS,
    EXACT_SECONDS,
    CoachReport,
    Decision,
    coach,
    move_text,
)
from kingdomino_kit.game.log import FORMAT, loads
from kingdomino_kit.solver import Solution


def register(sub: Any) -> None:
    """Add ``coach``."""
    p = add_command(sub, "coach")
    p.add_argument("file", nargs="?", default="-",
                   help=f"game log, format {FORMAT} (- or none: stdin)")
    p.add_argument("--player", type=int, default=0, help="the seat to coach (default 0)")
    p.add_argument("--budget", type=seconds, default=None, metavar="S",
                   help=f"CPU seconds per decision (default {DEFAULT_SECONDS})")
    p.add_argument("--playouts", type=playouts, default=None, metavar="N",
                   help="playouts per decision instead of seconds (the same seed, the same "
                        "report)")
    p.add_argument("--seed", type=int, default=0, help="seed of the playouts (default 0)")
    p.add_argument("--no-solve", action="store_true",
                   help="leave out the best kingdoms from the player's dominoes")
    p.add_argument("--solver-seconds", type=seconds, default=60.0, metavar="S",
                   help="time limit of each best-kingdom proof (default 60)")
    p.add_argument("--exact-seconds", type=float, default=EXACT_SECONDS, metavar="S",
                   help="time limit of the exact endgame solver at each decision once no "
                        f"chance is left (default {EXACT_SECONDS:g}; 0: no exact regret)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(func=cmd_coach)


def cmd_coach(args: argparse.Namespace) -> int:
    """Coach one player through a logged game."""
    if args.budget is not None and args.playouts is not None:
        raise CliError("--budget and --playouts: give one budget, not both")
    if args.budget is not None and not args.budget > 0:
        raise CliError(f"--budget: must be a positive number of seconds, not {args.budget}")
    if args.playouts is not None and args.playouts < 1:
        raise CliError(f"--playouts: must be 1 or more, not {args.playouts}")
    if not args.exact_seconds >= 0:
        raise CliError(f"--exact-seconds: must be 0 or more, not {args.exact_seconds}")
    if not args.solver_seconds > 0:
        raise CliError(f"--solver-seconds: must be positive, not {args.solver_seconds}")
    text, name = read_input(args.file, "log")
    data = loads(text, name)
    try:
        report = coach(data, args.player, seconds=args.budget, playouts=args.playouts,
                       seed=args.seed, solve=not args.no_solve,
                       time_limit_s=args.solver_seconds, exact=args.exact_seconds or None)
    except LogError as error:
        raise CliError(f"{name}: {error}") from None
    except KeyboardInterrupt:
        leave_stopped("coach")
    if args.json:
        print(json.dumps({"file": name} | report.to_json()))
        return 0
    print_report(name, report)
    return 0


def _line(d: Decision) -> str:
    mark = f"  ← worst {d.worst}" if d.worst else ""
    best = "the move played" if d.best == d.played else move_text(d.best)
    exact = "" if d.exact_regret is None else f"{d.exact_regret:5d}"
    return (f"{d.step:>4}  {d.round:>5}  {move_text(d.played):<29} {d.played_value:6.1f}  "
            f"{best:<29} {d.best_value:6.1f}  {d.cost:5.1f}  {exact:>5}{mark}")


def _solution(title: str, sol: Solution | None) -> list[str]:
    if sol is None:
        return []
    if sol.kingdom is None:
        return [f"{title}: none found ({sol.status})"]
    proof = "proven" if sol.status.name == "OPTIMAL" else f"not proven, bound {sol.bound}"
    return [f"{title}: {sol.score} ({proof})", sol.kingdom.to_text()]


def print_report(name: str, report: CoachReport) -> None:
    """The report as text: a line per decision, the total, the best kingdoms."""
    log = report.log
    budget = (f"{report.budget['playouts']} playouts" if "playouts" in report.budget
              else f"{report.budget['seconds']:g} s")
    print(f"{name}: player {report.player} scored {report.score} (kingdomino, "
          f"{log['players']} players, seed {log['seed']}); coach: {budget} per decision")
    print("values: the player's mean final score in playouts after the move; exact: the points "
          "lost against perfect play, once no chance is left")
    print(f"{'step':>4}  {'round':>5}  {'played':<29} {'value':>6}  {'best found':<29} "
          f"{'value':>6}  {'cost':>5}  {'exact':>5}")
    for d in report.decisions:
        print(_line(d))
    print(f"points lost in all: {report.lost:.1f} over {len(report.decisions)} decisions")
    print(f"\nyour kingdom ({report.score}):\n{report.kingdom.to_text()}")
    count = len(report.dominoes)
    for line in (_solution(f"\nbest kingdom from your {count} dominoes, rearranged",
                           report.rearranged)
                 + _solution(f"\nbest kingdom from your {count} dominoes in the order they came",
                             report.in_order)):
        print(line)
