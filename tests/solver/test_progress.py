"""The proof as a stream: ``on_progress`` reports every change of the proven bound, per castle
position and overall, and attaching it never changes the search."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from kingdomino_kit.dominoes import dominoes
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.solver import Progress, SolverSettings, best_kingdom

# A start whose M1 is walled in: the per-terrain bound counts it with the new mines, so the
# search refutes seven levels (18 down to 12) before it proves 11 — in under a second, one by
# one with the reachable levels off (on, it skips the levels no layout could score).
START = Kingdom.from_text("M1 W W W W / W . . . . / W . C . . / W . . . . / W . . . .")
SET = dominoes("48,45")


def run(stream: bool) -> tuple[Any, list[tuple[int, int]], list[Progress]]:
    solves: list[tuple[int, int]] = []
    events: list[Progress] = []
    sol = best_kingdom(SET, start=START, workers=1, seed=0,
                       on_solution=lambda s: solves.append((s.score, s.bound)),
                       on_progress=events.append if stream else None,
                       settings=SolverSettings(levels=False))
    return sol, solves, events


def test_attaching_a_stream_changes_neither_the_answer_nor_the_solves() -> None:
    with_stream, solves_with, events = run(True)
    without, solves_without, none = run(False)
    assert none == [] and events
    assert solves_with == solves_without
    assert (with_stream.status, with_stream.score, with_stream.bound) == (
        without.status, without.score, without.bound)
    assert with_stream.kingdom == without.kingdom and with_stream.order == without.order


def test_the_events_tell_the_proof_in_order() -> None:
    sol, solves, events = run(True)
    assert events[0].kind == "start" and events[-1].kind == "done"
    assert events[-1].status == "optimal" and events[-1].bound == sol.bound == sol.score
    times = [e.seconds for e in events]
    assert times == sorted(times)
    bounds = [e.bound for e in events]
    assert bounds == sorted(bounds, reverse=True)             # the bound only goes down
    refuted = [level for e in events for level in e.refuted]
    assert refuted == list(range(events[0].bound, sol.bound, -1))   # each level once, in turn
    assert len(refuted) >= 5 and sum(e.kind == "bound" for e in events) >= 5
    for e in events:
        if e.kind == "bound":
            assert e.castle is not None and e.castle_bound is not None
            assert e.castle_refuted and min(e.castle_refuted) == e.castle_bound + 1
        assert e.bound == max([e.score] + [b for _, b in e.positions])
    assert [e.score for e in events if e.kind == "solution"] == [s for s, _ in solves]


def test_a_stream_event_is_one_json_object() -> None:
    _, _, events = run(True)
    for e in events:
        data = json.loads(json.dumps(e.to_json()))
        assert data["event"] == e.kind and data["bound"] == e.bound
        assert len(data["positions"]) == e.castles >= 1


def test_solve_progress_prints_one_json_line_per_event_on_stderr() -> None:
    done = subprocess.run([sys.executable, "-m", "kingdomino_kit", "solve", "--dominoes",
                           "41,36,48", "--workers", "1", "--json", "--progress"],
                          capture_output=True, text=True, check=True)
    answer = json.loads(done.stdout)
    lines = [json.loads(line) for line in done.stderr.splitlines()]
    assert lines[0]["event"] == "start" and lines[-1]["event"] == "done"
    assert lines[-1]["status"] == "optimal" and lines[-1]["bound"] == answer["score"] == 9
    assert all({"seconds", "score", "bound", "refuted"} <= set(line) for line in lines)


def test_free_choice_streams_its_proof_too() -> None:
    # the choices not yet made into models count in the bound; the models made as choices are
    # taken report their castle positions' bounds
    pool = dominoes("25,27,3,17,33,32,26,20,31,23")
    events: list[Progress] = []
    sol = best_kingdom(pool, choose=4, workers=1, seed=0, on_progress=events.append)
    assert sol.status == "optimal"
    assert events[0].kind == "start" and events[-1].kind == "done"
    assert events[-1].bound == sol.bound == sol.score
    bounds = [e.bound for e in events]
    assert bounds == sorted(bounds, reverse=True)
    assert events[-1].positions and all(b <= sol.score for _, b in events[-1].positions)
    assert all(e.bound >= max([e.score] + [b for _, b in e.positions]) for e in events)
    assert [e.score for e in events if e.kind == "solution"][-1] == sol.score
