"""``puzzle new`` and ``puzzle daily``: a fresh puzzle of a kind and a level, with a proven
answer, its measures and its hint ladder (:mod:`kingdomino_kit.puzzles.on_demand`).

Without ``--json`` or ``--out`` the puzzle is printed as ``puzzle show`` prints it (no answer,
no hint); ``--json`` prints the whole puzzle file (solution included, for programs), ``--out
FILE`` writes it (then ``puzzle show/check FILE`` read it). The same flags give the same
puzzle, byte for byte.
"""

from __future__ import annotations

import argparse
import datetime as dt
from typing import Any

from kingdomino_kit.cli import CliError, Parser, output_file, output_path
from kingdomino_kit.puzzles import KINDS, Puzzle
from kingdomino_kit.puzzles.on_demand import daily_puzzle, new_puzzle

__all__ = ["register_new"]


def _seed(value: str) -> int:
    try:
        seed = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {value!r}") from None
    if not 0 <= seed < 2**31:
        raise argparse.ArgumentTypeError(f"must be 0 to 2147483647, not {seed}")
    return seed


def _date(value: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a date YYYY-MM-DD, not {value!r}") from None


def _outputs(p: Parser) -> None:
    where = p.add_mutually_exclusive_group()
    where.add_argument("--json", action="store_true",
                       help="print the whole puzzle file (solution included)")
    where.add_argument("--out", metavar="FILE", type=output_path,
                       help="write the puzzle file (format kingdomino-puzzle/1) to FILE")


def register_new(actions: Any) -> None:
    """Add the actions ``new`` and ``daily`` to ``puzzle``'s sub-parsers."""
    p = actions.add_parser("new", help="a fresh puzzle of a kind and level, answer proven")
    p.add_argument("--kind", required=True, choices=list(KINDS), help="the kind of puzzle")
    p.add_argument("--level", required=True, type=int, choices=range(1, 6), metavar="L",
                   help="its level by the written rule (1 easiest … 5 hardest)")
    p.add_argument("--seed", type=_seed, default=0, help="the same seed, the same puzzle")
    p.add_argument("--unique", action="store_true",
                   help="only a puzzle whose optimum is unique up to symmetry")
    p.add_argument("--size", type=int, default=5, choices=(5, 7),
                   help="the kingdom's size: 5 (5×5, the default) or 7 (7×7)")
    _outputs(p)
    p.set_defaults(func=cmd_new)
    p = actions.add_parser("daily", help="the puzzle of the day (the same for everyone)")
    p.add_argument("--date", type=_date, help="YYYY-MM-DD (default: today, UTC)")
    _outputs(p)
    p.set_defaults(func=cmd_daily)


def _emit(puzzle: Puzzle, args: argparse.Namespace) -> int:
    if args.out:
        with output_file(args.out, "--out") as handle:
            handle.write(puzzle.dumps())
        print(f"{puzzle.id}: written to {args.out} (level {puzzle.level}, {puzzle.title})")
    elif args.json:
        print(puzzle.dumps(), end="")
    else:
        print(puzzle.describe())
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    """Make a fresh puzzle."""
    return _emit(new_puzzle(args.kind, args.level, args.seed, unique=args.unique,
                            size=args.size), args)


def cmd_daily(args: argparse.Namespace) -> int:
    """The puzzle of the day."""
    if args.date is not None and args.date.year < 1000:
        raise CliError(f"--date: {args.date} is before year 1000")
    return _emit(daily_puzzle(args.date), args)
