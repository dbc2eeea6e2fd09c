"""``score`` and ``moves``: one kingdom from text."""

from __future__ import annotations

import argparse
import json
from typing import Any

from kingdomino_kit.cli import CliError, add_command, read_input
from kingdomino_kit.cli.rules import add_bonus_flags, rules_of
from kingdomino_kit.dominoes import domino
from kingdomino_kit.errors import NotationError
from kingdomino_kit.infra.untrusted import TEXT_LIMIT
from kingdomino_kit.kingdom import Kingdom, parse_text
from kingdomino_kit.rules import BONUS_NAMES


def register(sub: Any) -> None:
    """Add ``score`` and ``moves``."""
    p = add_command(sub, "score")
    p.add_argument("file", nargs="?", default="-", help="kingdom text file (- or none: stdin)")
    p.add_argument("--size", type=int, choices=(5, 7), default=5)
    add_bonus_flags(p, {"middle_kingdom": "+10 if the castle is central",
                        "harmony": "+5 if the size×size grid is full"})
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_score)

    p = add_command(sub, "moves")
    p.add_argument("file", nargs="?", default="-", help="kingdom text file (- or none: stdin)")
    p.add_argument("--domino", required=True, help="domino number 1–48")
    p.add_argument("--size", type=int, choices=(5, 7), default=5)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_moves)


def _read_kingdom(path: str, size: int) -> tuple[Kingdom, tuple[int, int]]:
    text, name = read_input(path, "kingdom", TEXT_LIMIT)
    try:
        return parse_text(text, size)
    except NotationError as error:
        raise CliError(f"{name}: {error}") from None


def cmd_score(args: argparse.Namespace) -> int:
    """Score a kingdom."""
    kingdom, _ = _read_kingdom(args.file, args.size)
    props = [p for p in kingdom.properties()]
    score = sum(p.score for p in props)
    rules = rules_of(args)
    bonus = kingdom.bonus(rules)
    if args.json:
        print(json.dumps({
            "score": score,
            "properties": [{"terrain": p.terrain.value, "squares": p.squares,
                            "crowns": p.crowns, "score": p.score} for p in props],
            "bonus": bonus,
            "total": score + bonus,
        }))
        return 0
    print(f"{'terrain':<10} {'squares':>7} {'crowns':>6} {'score':>5}")
    for p in props:
        print(f"{p.terrain.value:<10} {p.squares:>7} {p.crowns:>6} {p.score:>5}")
    print(f"{'properties':<26} {score:>5}")
    for name in rules.bonuses:
        print(f"{BONUS_NAMES[name].lower():<26} {kingdom.bonus(rules.only(name)):>5}")
    print(f"{'total':<26} {score + bonus:>5}")
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    """List legal placements, cells in the frame of the input text."""
    dom = domino(args.domino)
    kingdom, (cr, cc) = _read_kingdom(args.file, args.size)
    placements = [p.shifted(cr, cc) for p in kingdom.legal_placements(dom)]
    placements.sort(key=lambda p: (p.first, p.second))
    if args.json:
        print(json.dumps({"count": len(placements),
                          "placements": [{"cells": [list(p.first), list(p.second)]}
                                         for p in placements]}))
        return 0
    print(f"domino {dom.number} ({dom.first}|{dom.second}): {len(placements)} legal placements")
    for p in placements:
        print(f"  {dom.first} at {p.first}, {dom.second} at {p.second}")
    return 0
