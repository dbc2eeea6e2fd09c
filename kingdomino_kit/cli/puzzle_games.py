"""``puzzle list|show|solve|check`` for the Kingdoms and Origins puzzles: what the commands do
when an id (or a file) names a puzzle of another game than Kingdomino
(:mod:`kingdomino_kit.puzzles.games` tells which).

A Kingdoms answer is a finished board in text notation (a file, ``-`` for stdin, or the text
with rows separated by ``/``); an Origins answer is JSON with ``order`` and ``fire`` as in a
stored solution (a file, ``-``, or the JSON text). ``check`` grades it (legal? score?
optimal?) and exits 0 whenever it could grade (1 with ``--exit-code`` unless optimal); bad
input exits 2.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from kingdomino_kit.cli import read_input
from kingdomino_kit.infra.untrusted import TEXT_LIMIT
from kingdomino_kit.puzzles.games import grade_any, kind_of, solve_any, summary
from kingdomino_kit.puzzles.lookup import Found

__all__ = ["list_line", "cmd_list_other", "cmd_show_other", "cmd_solve_other",
           "cmd_check_other"]


def list_line(found: Found) -> str:
    """One line of ``puzzle list`` for a Kingdoms or Origins puzzle: id, kind, level, what it
    places, title."""
    p = found.puzzle
    if found.game == "kingdoms":
        what = f"{len(p.problem.castles)} castles, {len(p.problem.tiles)} tiles"
    else:
        what = f"{len(p.dominoes):>2} dominoes"
    return f"{p.id:<20} {kind_of(found):<15} level {p.level}  {what}  {p.title}"


def cmd_list_other(found: list[Found], as_json: bool) -> None:
    """Print the lines (or JSON lines) of Kingdoms and Origins puzzles."""
    for f in found:
        print(json.dumps(summary(f), ensure_ascii=False) if as_json else list_line(f))


def _hints(found: Found, wanted: Any) -> list[str]:
    """The hints asked for: all with ``--hint``, the first N with ``--hint N``."""
    hints = list(found.puzzle.hints)
    if wanted is True:
        return hints
    return hints[:wanted] if isinstance(wanted, int) and wanted > 0 else []


def _describe(found: Found) -> list[str]:
    p = found.puzzle
    lines = [f"{p.id}: {p.title} (level {p.level}, {found.game}, {kind_of(found)})",
             p.question]
    if found.game == "kingdoms":
        lines += ["board:"] + ["  " + row for row in p.problem.board.to_text().splitlines()]
    else:
        lines.append("dominoes: " + ", ".join(f"{d.number} {d.first}|{d.second}"
                                              for d in p.dominoes))
        options = [f"{p.size}×{p.size}"] + [name.replace("_", " ") for name in
                                            ("empire_of_fire", "homo_habilis")
                                            if getattr(p, name)]
        lines.append("rules: " + ", ".join(options))
    return lines


def cmd_show_other(found: Found, args: argparse.Namespace) -> int:
    """Print a Kingdoms or Origins puzzle: no hint nor answer unless asked for."""
    hints = _hints(found, getattr(args, "hint", False))
    if args.json:
        data = found.puzzle.to_json()
        if not args.solution:
            data.pop("solution", None)
        data["hints"] = hints
        if not hints:
            data.pop("hints")
        print(json.dumps(data, indent=1, ensure_ascii=False))
        return 0
    lines = _describe(found)
    lines += [f"hint {n}: {h}" for n, h in enumerate(hints, 1)]
    if args.solution:
        lines += ["", f"optimum: {found.puzzle.optimum} ({found.puzzle.proof})"]
        if found.game == "kingdoms":
            lines += ["  " + r for r in found.puzzle.answer.to_text().splitlines()]
        else:
            lines += ["  " + r for r in found.puzzle.replay(found.puzzle.answer).to_text()
                      .splitlines()]
    print("\n".join(lines))
    return 0


def cmd_solve_other(found: Found, args: argparse.Namespace) -> int:
    """Solve with the game's CP-SAT solver and compare with the stored optimum; exit 1 when a
    proven optimum differs from it."""
    p = found.puzzle
    status, best, data, grid = solve_any(found, time_limit=args.time_limit,
                                         workers=args.workers, seed=args.seed)
    if args.json:
        print(json.dumps(data | {"id": p.id, "game": found.game, "stored_optimum": p.optimum}))
    else:
        print(f"{p.id}: {status}, best {best} (bound {data['bound']}) in "
              f"{data['seconds']:.1f} s")
        print("\n".join("  " + row for row in grid.splitlines()))
        if status == "optimal":
            print(f"{'agrees with' if best == p.optimum else 'DIFFERS from'} the stored "
                  f"optimum {p.optimum}")
        else:
            print(f"not proven in the time given, so no comparison: the stored optimum is "
                  f"{p.optimum} (proved when the puzzle was made)")
    return 1 if status == "optimal" and best != p.optimum else 0


def _answer_text(value: str) -> tuple[str, str]:
    if value == "-" or os.path.exists(value):
        return read_input(value, "answer", TEXT_LIMIT)
    return value, "--answer"


def cmd_check_other(found: Found, args: argparse.Namespace) -> int:
    """Check the stored solution (it replays when the puzzle is read), or grade an answer."""
    p = found.puzzle
    if args.answer is None:
        if args.json:
            print(json.dumps({"id": p.id, "game": found.game, "stored_solution": "ok",
                              "optimum": p.optimum}))
        else:
            print(f"{p.id}: the stored solution is legal and scores the stated optimum "
                  f"{p.optimum}")
        return 0
    legal, score, reason = grade_any(found, *_answer_text(args.answer))
    optimal = legal and score == p.optimum
    if args.json:
        print(json.dumps({"id": p.id, "game": found.game, "legal": legal, "score": score,
                          "optimum": p.optimum, "optimal": optimal, "reason": reason}))
    elif not legal:
        print(f"{p.id}: not legal: {reason}")
    else:
        print(f"{p.id}: legal, scores {score}; the optimum is {p.optimum}: "
              + ("optimal" if optimal else f"{p.optimum - (score or 0)} short"))
    return 1 if args.exit_code and not optimal else 0
