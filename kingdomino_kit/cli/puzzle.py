"""``puzzle list|show|solve|check``: list, read, solve and grade puzzles of the three games
(formats ``kingdomino-puzzle/1``, ``kingdoms-puzzle/1``, ``origins-puzzle/1``).

``list`` prints one line per puzzle of the collections shipped with the kit, starting with its
id (``--game`` for one game's); ``show``, ``solve`` and ``check`` take a puzzle id of any game
(``07-complete``, ``k01-three-castles``, ``o01-fire``, or just ``07``, ``k01``, ``o01``), a
fresh puzzle's id (``new-complete-L2-7``, ``daily-2026-12-02``: made on the spot) or the path
of a puzzle file, found by :func:`kingdomino_kit.puzzles.lookup.look_up` as the pages find
them; the Kingdoms and Origins side of each command is :mod:`.puzzle_games`.

``check`` prints the verdict (legal? buildable? score? optimal?) and exits 0 whenever it could
grade; with ``--exit-code`` it exits 1 unless the answer is optimal. Bad input (a malformed
puzzle file, unreadable answer text, a stored solution that does not replay) exits 2.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from kingdomino_kit.cli import CliError, add_actions, read_input
from kingdomino_kit.cli.contract import add_solver_arguments
from kingdomino_kit.cli.puzzle_games import (
    cmd_check_other,
    cmd_list_other,
    cmd_show_other,
    cmd_solve_other,
)
from kingdomino_kit.cli.puzzle_new import register_new
from kingdomino_kit.errors import InvariantError, NotationError
from kingdomino_kit.infra.untrusted import TEXT_LIMIT
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.puzzles import KINDS, Puzzle, grade, load_collection, replay
from kingdomino_kit.puzzles.games import GAME_KINDS, GAMES, check_filters, list_all
from kingdomino_kit.puzzles.lookup import look_up
from kingdomino_kit.puzzles.solving import solve_puzzle
from kingdomino_kit.rules import BONUS_NAMES


def register(sub: Any) -> None:
    """Add ``puzzle`` with its actions ``list``, ``show``, ``solve`` and ``check``."""
    actions = add_actions(sub, "puzzle")

    p = actions.add_parser("list", help="one line per puzzle of the collection, id first")
    p.add_argument("--game", choices=GAMES, help="only this game's puzzles (default: all)")
    p.add_argument("--kind", choices=[k for kinds in GAME_KINDS.values() for k in kinds],
                   help="only puzzles of this kind")
    p.add_argument("--level", type=int, choices=range(1, 6), metavar="L",
                   help="only puzzles of this level (1 easiest … 5 hardest)")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.set_defaults(func=cmd_list)

    p = actions.add_parser("show", help="print the puzzle (not its answer)")
    p.add_argument("file", metavar="PUZZLE", help=PUZZLE_HELP)
    p.add_argument("--hint", nargs="?", const=1, default=0, type=_hint_count, metavar="N",
                   help="also print the first N hints of the puzzle's ladder (1 to 3, nudge "
                        "first; --hint alone: the first)")
    p.add_argument("--solution", action="store_true", help="also print the stored solution")
    p.add_argument("--json", action="store_true", help="print the validated puzzle as JSON")
    p.set_defaults(func=cmd_show)

    p = actions.add_parser("solve", help="solve the puzzle with the CP-SAT solver")
    p.add_argument("file", metavar="PUZZLE", help=PUZZLE_HELP)
    add_solver_arguments(p, time_limit=60.0)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_solve)

    p = actions.add_parser("check", help="grade an answer: legal? buildable? score? optimal?")
    p.add_argument("file", metavar="PUZZLE", help=PUZZLE_HELP)
    p.add_argument("--answer", metavar="KINGDOM",
                   help="the answer kingdom: a text-notation file, - for stdin, or the text "
                        "itself with rows separated by / (without it: check the stored solution)")
    p.add_argument("--exit-code", action="store_true",
                   help="exit 1 unless the answer is optimal")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_check)
    register_new(actions)


def _hint_count(value: str) -> int:
    if value not in ("1", "2", "3"):
        raise argparse.ArgumentTypeError(f"N must be 1, 2 or 3, not {value!r}")
    return int(value)


PUZZLE_HELP = ("a puzzle id of any game's collection (see `puzzle list`; its number alone will "
               "do: 07, k01, o01), a fresh puzzle's (new-KIND-LLEVEL-SEED, daily-YYYY-MM-DD) "
               "or a puzzle file (JSON)")


def list_line(puzzle: Puzzle) -> str:
    """One line of ``puzzle list``: id, kind, level, dominoes, rules, title.

    >>> print(list_line(look_up("01").puzzle))  # doctest: +ELLIPSIS
    01-best-kingdom  best-kingdom    level 1  ...
    """
    rules = [] if puzzle.rules.size == 5 else [f"{puzzle.rules.size}×{puzzle.rules.size}"]
    rules += [BONUS_NAMES[name] for name in puzzle.rules.bonuses]
    extra = f"  [{', '.join(rules)}]" if rules else ""
    return (f"{puzzle.id:<20} {puzzle.kind:<15} level {puzzle.level}  "
            f"{len(puzzle.dominoes):>2} dominoes  {puzzle.title}{extra}")


def cmd_list(args: argparse.Namespace) -> int:
    """List the puzzles of the collections."""
    games = check_filters(args.game, args.kind)
    for puzzle in load_collection() if "kingdomino" in games and (
            args.kind is None or args.kind in KINDS) else []:
        if (args.kind and puzzle.kind is not KINDS[args.kind]) or (args.level and
                                                          puzzle.level != args.level):
            continue
        if args.json:
            print(json.dumps({"id": puzzle.id, "kind": puzzle.kind.value, "level": puzzle.level,
                              "title": puzzle.title, "dominoes": len(puzzle.dominoes),
                              "rules": puzzle.to_json()["rules"],
                              "optimal_answers": puzzle.optimal_answers,
                              "greedy_score": puzzle.greedy_score}, ensure_ascii=False))
        else:
            print(list_line(puzzle))
    others = [f for g in games if g != "kingdomino"
              and (args.kind is None or args.kind in GAME_KINDS[g])
              for f in list_all(g, args.kind, args.level)]
    cmd_list_other(others, args.json)
    return 0


def _solution_lines(puzzle: Puzzle) -> list[str]:
    sol = puzzle.solution
    if sol is None:
        return ["no stored solution"]
    lines = [f"optimum: {sol.optimum} (proved by {sol.proof.get('by', 'unknown')})", "kingdom:"]
    lines.extend("  " + row for row in Kingdom.from_text(sol.kingdom, puzzle.rules.size)
                 .to_text().splitlines())
    order = ", ".join(f"{p.domino.number}@{p.first}{p.second}" for p in sol.order)
    lines.append(f"order (castle-relative cells): {order}")
    return lines


def cmd_show(args: argparse.Namespace) -> int:
    """Print a puzzle."""
    found = look_up(args.file, files=True)
    if found.game != "kingdomino":
        return cmd_show_other(found, args)
    puzzle = found.puzzle
    if args.json:
        data = puzzle.to_json()
        if not args.solution:  # the measures hold the bots' scores: near the answer
            data.pop("solution", None)
            data.pop("measures", None)
        if not args.hint:  # as in the text: the hints only when asked for
            data.pop("hint", None)
        data.pop("hints", None)
        if args.hint and puzzle.hint_ladder():
            data["hints"] = list(puzzle.hint_ladder()[:args.hint])
        print(json.dumps(data, indent=1, ensure_ascii=False))
        return 0
    print(puzzle.describe(hint=args.hint))
    if args.solution:
        print()
        print("\n".join(_solution_lines(puzzle)))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve a puzzle and compare with its stored optimum."""
    found = look_up(args.file, files=True)
    if found.game != "kingdomino":
        return cmd_solve_other(found, args)
    puzzle = found.puzzle
    answer = solve_puzzle(puzzle, time_limit_s=args.time_limit, workers=args.workers,
                          seed=args.seed)
    stored = puzzle.solution.optimum if puzzle.solution else None
    if args.json:
        print(json.dumps(answer.to_json() | {"id": puzzle.id, "stored_optimum": stored}))
    else:
        print(f"{puzzle.id}: {answer.status}, best total {answer.optimum} "
              f"(bound {answer.bound}) in {answer.seconds:.1f} s")
        if answer.kingdom is not None:
            print("\n".join("  " + row for row in answer.kingdom.to_text().splitlines()))
        if answer.order:
            print("order: " + ", ".join(f"{p.domino.number}@{p.first}{p.second}"
                                        for p in answer.order))
        if stored is not None:
            print(_comparison(answer.status, answer.optimum, stored))
    if stored is not None and answer.status == "optimal" and stored != answer.optimum:
        return 1
    return 0


def _comparison(status: str, best: int, stored: int) -> str:
    """What the solve says about the stored optimum: only a proven optimum agrees or differs.

    >>> _comparison("optimal", 38, 38)
    'agrees with the stored optimum 38'
    >>> _comparison("unknown", 38, 38)
    'not proven in the time given, so no comparison: the stored optimum is 38 (proved when the \
puzzle was made)'
    """
    if status == "optimal":
        return f"{'agrees with' if best == stored else 'DIFFERS from'} the stored optimum {stored}"
    return (f"not proven in the time given, so no comparison: the stored optimum is {stored} "
            "(proved when the puzzle was made)")


def _answer_kingdom(value: str, size: int) -> Kingdom:
    if value == "-" or os.path.exists(value):
        text, name = read_input(value, "answer", TEXT_LIMIT)
    else:
        text, name = value, "--answer"
    try:
        return Kingdom.from_text(text, size)
    except NotationError as error:
        raise CliError(f"{name}: {error}") from None


def cmd_check(args: argparse.Namespace) -> int:
    """Grade an answer, or replay the stored solution."""
    found = look_up(args.file, files=True)
    if found.game != "kingdomino":
        return cmd_check_other(found, args)
    puzzle = found.puzzle
    if args.answer is None:
        kingdom = replay(puzzle)
        if puzzle.solution is None:
            raise InvariantError("expected puzzle.solution is not None")
        if args.json:
            print(json.dumps({"id": puzzle.id, "stored_solution": "ok",
                              "optimum": puzzle.solution.optimum}))
        else:
            print(f"{puzzle.id}: the stored solution replays legally and scores "
                  f"{puzzle.rules.total(kingdom)} = the stated optimum "
                  f"{puzzle.solution.optimum}")
        return 0
    verdict = grade(puzzle, _answer_kingdom(args.answer, puzzle.rules.size))
    if args.json:
        print(json.dumps({"id": puzzle.id, "legal": verdict.legal,
                          "buildable": verdict.buildable, "score": verdict.score,
                          "value": verdict.value, "optimum": verdict.optimum,
                          "optimal": verdict.optimal, "reason": verdict.reason,
                          "order": [{"domino": p.domino.number,
                                     "cells": [list(p.first), list(p.second)]}
                                    for p in verdict.order]}))
    else:
        print(verdict.summary())
    return 1 if args.exit_code and not verdict.optimal else 0
