"""Results where teachers keep grades: Gradescope's and PrairieLearn's ``results.json``.

Both are made from the same *checks* — ``(name, points, max_points, message)`` — one file per
student:

- **Gradescope** (its autograder's output format): ``score``, ``output``, ``tests`` — each with
  ``name``, ``score``, ``max_score``, ``status`` (``passed``/``failed``), ``output`` and
  ``visibility`` — and, for a league, a ``leaderboard``: ``[{"name", "value", "order"?}]``;
- **PrairieLearn** (its external grader's results): ``gradable``, ``score`` (0–1), ``message``,
  ``output``, ``tests`` — each with ``name``, ``points``, ``max_points``, ``message``.

A league's checks for a bot file (:func:`league_checks`): it played every decision itself (no
forfeit), and for each of the kit's bots in the league, it beat it — the lower bound of its
pairwise share above one half (:mod:`.pairwise`). Its leaderboard: rating, mean score, win share
and place. ``grade``'s checks: one per exercise of the gradebook (:func:`gradebook_checks`).

>>> results = gradescope_results([("beats random", 1, 1, "share 0.9")], output="league")
>>> results["score"], results["tests"][0]["status"]
(1.0, 'passed')
>>> prairielearn_results([("beats random", 0, 2, "share 0.4")])["score"]
0.0
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from kingdomino_kit.infra.atomic import atomic_write

__all__ = ["Check", "gradebook_checks", "gradescope_results", "league_checks",
           "prairielearn_results", "write_exports", "write_results"]

Check = tuple[str, float, float, str]
"""One check: name, points earned, points possible, message."""


def gradescope_results(checks: Sequence[Check], *, output: str = "",
                       leaderboard: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Gradescope's ``results.json`` for one student."""
    tests = [{"name": name, "score": float(points), "max_score": float(most),
              "status": "passed" if points >= most else "failed", "output": message,
              "visibility": "visible"} for name, points, most, message in checks]
    out: dict[str, Any] = {"score": float(sum(c[1] for c in checks)), "output": output,
                           "visibility": "visible", "stdout_visibility": "hidden",
                           "tests": tests}
    if leaderboard is not None:
        out["leaderboard"] = list(leaderboard)
    return out


def prairielearn_results(checks: Sequence[Check], *, output: str = "") -> dict[str, Any]:
    """PrairieLearn's external grading ``results.json`` for one student (score 0–1)."""
    earned = sum(c[1] for c in checks)
    most = sum(c[2] for c in checks)
    return {"gradable": True, "score": round(earned / most, 6) if most else 0.0,
            "message": f"{earned:g} of {most:g} points", "output": output,
            "tests": [{"name": name, "points": float(points), "max_points": float(top),
                       "message": message} for name, points, top, message in checks]}


def write_results(folder: Path, student: str, checks: Sequence[Check], *, output: str = "",
                  leaderboard: Sequence[dict[str, Any]] | None = None) -> None:
    """Write ``folder/gradescope/STUDENT/results.json`` and
    ``folder/prairielearn/STUDENT/results.json`` (each atomically)."""
    for kind, data in (("gradescope", gradescope_results(checks, output=output,
                                                         leaderboard=leaderboard)),
                       ("prairielearn", prairielearn_results(checks, output=output))):
        target = folder / kind / student
        target.mkdir(parents=True, exist_ok=True)
        with atomic_write(target / "results.json", kind) as handle:
            handle.write(json.dumps(data, indent=1) + "\n")


def league_checks(bot: str, kit_bots: Sequence[str], table: Sequence[dict[str, Any]],
                  pairs: Sequence[dict[str, Any]]) -> list[Check]:
    """A bot file's checks in a league (see the module)."""
    entry = next(t for t in table if t["bot"] == bot)
    forfeits = entry["forfeits"]
    checks: list[Check] = [("plays every decision itself", 0.0 if forfeits else 1.0, 1.0,
                            f"{forfeits} decision(s) forfeited, {entry['strikes']} strike(s), "
                            f"out of {entry['games_out']} game(s)")]
    for other in kit_bots:
        pair = next((p for p in pairs if p["a"] == bot and p["b"] == other), None)
        if pair is None:
            continue
        checks.append((f"beats {other}", 1.0 if pair["a_beats_b"] else 0.0, 1.0,
                       f"ahead of {other} in {pair['share']:.0%} of {pair['meetings']} "
                       f"meetings (95 % interval {pair['low']:.0%}–{pair['high']:.0%}); "
                       "passed when the lower bound is above 50 %"))
    return checks


def _leaderboard(entry: dict[str, Any], place: int) -> list[dict[str, Any]]:
    return [{"name": "Rating", "value": entry["rating"]},
            {"name": "Mean score", "value": entry["mean_score"]},
            {"name": "Win share", "value": entry["win_share"]},
            {"name": "Place", "value": place, "order": "asc"}]


def write_exports(result: Any, table: Sequence[dict[str, Any]], folder: Path) -> None:
    """Every bot file's ``results.json`` of a league (:class:`~.league.LeagueResult`)."""
    kit = [e.name for e in result.entrants if not e.is_program]
    pairs = result.pairwise()
    order = [t["bot"] for t in sorted(table, key=lambda t: -t["rating"])]
    for entrant in result.entrants:
        if not entrant.is_program:
            continue
        entry = next(t for t in table if t["bot"] == entrant.name)
        place = order.index(entrant.name) + 1
        output = (f"{entrant.name}: place {place} of {len(order)} by rating "
                  f"({entry['rating']}, 95 % {entry['rating_low']}–{entry['rating_high']}); "
                  f"mean score {entry['mean_score']} ± {entry['mean_score_ci']}, win share "
                  f"{entry['win_share']} ± {entry['win_share_ci']}")
        write_results(folder, entrant.name, league_checks(entrant.name, kit, table, pairs),
                      output=output, leaderboard=_leaderboard(entry, place))


def gradebook_checks(rows: Iterable[Any]) -> dict[str, list[Check]]:
    """Per student, one check per exercise of the gradebook's rows
    (:class:`~kingdomino_kit.grading.gradebook.Row`)."""
    out: dict[str, list[Check]] = {}
    for row in rows:
        name = f"{row.notebook} exercise {row.exercise}"
        out.setdefault(row.student, []).append(
            (name, float(row.points), float(row.max_points), f"{row.status}: {row.message}"))
    return out
