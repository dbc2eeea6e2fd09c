"""The puzzle format, the loader's errors, and the grader against a brute-force grader."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest

from kingdomino_kit import Kingdom, Placement, domino
from kingdomino_kit.cli import main
from kingdomino_kit.puzzles import FORMAT, Puzzle, PuzzleError, load_puzzle, loads
from kingdomino_kit.puzzles.grading import build_order, decompose, grade, replay

BASE = {
    "format": FORMAT, "id": "t1", "title": "Test", "kind": "best-kingdom", "level": 2,
    "rules": {"size": 5, "middle_kingdom": False, "harmony": False}, "start": None,
    "dominoes": [41, 15], "place": "all", "question": "Best kingdom?",
    "solution": {"optimum": 4, "kingdom": "W G2 . / C G W",
                 "order": [{"domino": 41, "cells": [[-1, 0], [-1, 1]]},
                           {"domino": 15, "cells": [[0, 2], [0, 1]]}],
                 "proof": {"by": "hand"}},
}


def puzzle(**changes: object) -> Puzzle:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return Puzzle.from_json(data, "test")


# ------------------------------------------------------------------ format
def test_round_trip_through_json_text() -> None:
    p = puzzle()
    assert loads(p.dumps()) == p
    assert json.loads(p.dumps())["format"] == "kingdomino-puzzle/1"


@pytest.mark.parametrize("change, field", [
    ({"format": "kingdomino-puzzle/2"}, "format"),
    ({"title": 7}, "title"),
    ({"kind": "best"}, "kind"),
    ({"level": 0}, "level"),
    ({"level": True}, "level"),
    ({"rules": {"size": 6}}, "rules.size"),
    ({"rules": {"harmoni": True}}, "rules.harmoni"),
    ({"rules": {"harmony": "yes"}}, "rules.harmony"),
    ({"dominoes": [41, 49]}, "dominoes[1]"),
    ({"dominoes": [41, 41]}, "dominoes[1]"),
    ({"dominoes": "41,15"}, "dominoes"),
    ({"place": "some"}, "place"),
    ({"place": 3}, "place"),
    ({"start": "C X"}, "start"),
    ({"start": "C W"}, "start"),                       # best-kingdom starts from the castle
    ({"kind": "complete"}, "start"),                   # complete needs a start
    ({"claimed": 3}, "claimed"),                       # only next-placement claims
    ({"colour": "red"}, "colour"),
    ({"kind": "rearrange"}, "given"),                  # rearrange needs the finished kingdom
    ({"given": "C W"}, "given"),                       # only rearrange gives one
    ({"kind": "rearrange", "given": "C W G2 / W G .", "place": "any"}, "place"),
    ({"solution": {"kingdom": "C"}}, "solution.optimum"),
    ({"solution": {"optimum": 4, "kingdom": "C", "order": [{"domino": 41, "cells": [[0, 1]]}]}},
     "solution.order[0].cells"),
    ({"solution": {"optimum": 4, "kingdom": "C", "order": [], "values": [
        {"domino": 41, "cells": [[0, 1], [0, 2]]}]}}, "solution.values[0].value"),
])
def test_malformed_field_is_named(change: dict[str, object], field: str) -> None:
    data = copy.deepcopy(BASE)
    data.update(change)
    with pytest.raises(PuzzleError, match=re.escape(f"field '{field}'")):
        Puzzle.from_json(data, "test")


def test_missing_field_and_bad_json_are_named(tmp_path: Path) -> None:
    data = copy.deepcopy(BASE)
    del data["question"]
    with pytest.raises(PuzzleError, match="test: field 'question': missing"):
        Puzzle.from_json(data, "test")
    f = tmp_path / "p.json"
    f.write_text("{\n  nope")
    with pytest.raises(PuzzleError, match=r"p\.json: not JSON: .* line 2"):
        load_puzzle(f)
    with pytest.raises(PuzzleError, match="cannot read puzzle"):
        load_puzzle(tmp_path / "missing.json")


# ------------------------------------------------------------------ grading
def test_grade_verdicts() -> None:
    p = puzzle()
    good = grade(p, Kingdom.from_text("W G2 . / C G W"))
    assert (good.legal, good.buildable, good.score, good.optimal) == (True, True, 4, True)
    worse = grade(p, Kingdom.from_text("C W G2 / W G ."))      # grass not joined: 2 points
    assert (worse.legal, worse.buildable, worse.score, worse.optimal) == (True, True, 2, False)
    assert "2 short of the optimum 4" in worse.reason
    floating = grade(p, Kingdom.from_text("C . W G2 / . . G W"))
    assert (floating.legal, floating.buildable, floating.optimal) == (True, False, False)
    wrong = grade(p, Kingdom.from_text("C M3 W / . W G1"))     # not the puzzle's dominoes
    assert not wrong.legal and wrong.reason == (
        "not legal: domino W|M3 (number 48) at row 1, columns 2–3 is not one of this puzzle's "
        "dominoes (41 W|G2, 15 W|G)")
    one = grade(p, Kingdom.from_text("C W G2"))               # "all" asks for both
    assert not one.legal and one.reason == (
        "not legal: 1 of the puzzle's 2 dominoes placed: every one must be placed, and "
        "15 W|G is not")


def test_grade_complete_keeps_the_start() -> None:
    p = puzzle(kind="complete", start="C G", dominoes=[41], solution=None)
    ok = grade(p, Kingdom.from_text("C G G2 W"))
    assert ok.legal and ok.buildable and ok.score == 4    # G G2: 2 squares × 2 crowns
    moved = grade(p, Kingdom.from_text("C W G2 G"))
    assert not moved.legal and moved.reason == (
        "not legal: the start kingdom's G at row 1, column 2 must stay; the answer has W there")
    gone = grade(p, Kingdom.from_text("W . / G2 C"))
    assert not gone.legal and gone.reason == (
        "not legal: the start kingdom's G at row 1, column 2 must stay; the answer is empty "
        "there (its row 2, column 3)")


def test_grade_next_placement_uses_the_stored_values() -> None:
    start = Kingdom.from_text("C G")
    values = []
    for q in start.legal_placements(domino(41)):
        k = start.copy()
        k.push(q)
        values.append({"domino": 41, "cells": [list(q.first), list(q.second)],
                       "value": k.score()})
    p = puzzle(kind="next-placement", start="C G", dominoes=[], place="all", claimed=41,
               solution={"optimum": 4, "kingdom": "C G G2 W",
                         "order": [{"domino": 41, "cells": [[0, 3], [0, 2]]}],
                         "values": values})
    best = grade(p, Kingdom.from_text("C G G2 W"))
    assert best.optimal and best.value == 4
    other = grade(p, Kingdom.from_text("G2 . / W . / C G"))
    assert other.legal and not other.optimal and other.value == 2
    assert not grade(p, Kingdom.from_text("C G . G2 W")).legal
    assert replay(p).score() == 4


def _brute_force(start: Kingdom, answer: Kingdom, doms: list[int]) -> tuple[bool, bool]:
    """(legal, buildable) by trying every sequence of placements, slowly and obviously."""
    target = dict(answer.squares())
    old = dict(start.squares())
    if any(target.get(c) != h for c, h in old.items()):
        return False, False

    def fits(p: Placement, taken: set[tuple[int, int]]) -> bool:
        return (target.get(p.first) == p.domino.first and target.get(p.second) == p.domino.second
                and p.first not in taken and p.second not in taken
                and p.first not in old and p.second not in old)

    def tilings(left: list[int], taken: set[tuple[int, int]]) -> bool:  # order ignored
        if len(taken) == len(target) - len(old):
            return True
        for n in left:
            for r, c in target:
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                    p = Placement(domino(n), (r, c), (r + dr, c + dc))
                    if fits(p, taken) and tilings([m for m in left if m != n],
                                                  taken | {p.first, p.second}):
                        return True
        return False

    def builds(k: Kingdom, left: list[int]) -> bool:  # legal moves only
        if len(k) == len(target):
            return k == answer
        for n in left:
            for p in k.legal_placements(domino(n)):
                if fits(p, set(c for c, _ in k.squares())):
                    k.push(p)
                    ok = builds(k, [m for m in left if m != n])
                    k.undo()
                    if ok:
                        return True
        return False

    return tilings(doms, set()), builds(start.copy(), doms)


def _random_answer(rng: random.Random, doms: list[int]) -> Kingdom:
    """Dominoes thrown on the 5×5 frame anywhere (often illegal orders, sometimes not tiled)."""
    cells: dict[tuple[int, int], object] = {}
    for n in doms:
        d = domino(n)
        for _ in range(50):
            r, c = rng.randrange(-2, 3), rng.randrange(-2, 3)
            dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
            a, b = (r, c), (r + dr, c + dc)
            if all(-2 <= x <= 2 for x in b) and not {a, b} & (set(cells) | {(0, 0)}):
                cells[a], cells[b] = d.first, d.second
                break
    text = "\n".join(" ".join("C" if (r, c) == (0, 0) else (str(cells[(r, c)]) if (r, c) in cells
                                                              else ".") for c in range(-2, 3))
                     for r in range(-2, 3))
    return Kingdom.from_text(text)


def test_grade_matches_brute_force_on_random_answers() -> None:
    rng = random.Random(6)
    seen = {(True, True): 0, (True, False): 0}
    for _ in range(150):
        doms = rng.sample(range(1, 49), rng.randint(1, 3))
        answer = _random_answer(rng, doms)
        p = Puzzle("r", "r", "best-kingdom", 1, "?", tuple(doms), place="any")
        g = grade(p, answer)
        expected = _brute_force(Kingdom(), answer, doms)
        assert (g.legal, g.buildable) == expected, (doms, str(answer))
        seen[expected] = seen.get(expected, 0) + 1
    assert seen[(True, True)] > 10 and seen[(True, False)] > 10   # both verdicts exercised


def test_identical_dominoes_are_interchangeable() -> None:
    # dominoes 1 and 2 are both W|W: one cut of two W|W squares, not two
    cuts = list(decompose(Kingdom(), Kingdom.from_text("C W W W W"), [domino(1), domino(2)]))
    assert [sorted(p.domino.number for p in cut) for cut in cuts] == [[1, 2]]


def test_build_order_finds_the_order_or_none() -> None:
    ps = [Placement(domino(3), (0, 3), (0, 4)), Placement(domino(13), (0, 1), (0, 2))]
    order = build_order(Kingdom(), ps)
    assert order is not None and [p.domino.number for p in order] == [13, 3]
    stuck = [Placement(domino(1), (0, 1), (1, 1)), Placement(domino(3), (0, 2), (0, 3))]
    assert build_order(Kingdom(), stuck) is None   # F|F only touches wheat and nothing else


# ------------------------------------------------------------------ replay of stored solutions
@pytest.mark.parametrize("change, message", [
    ({"optimum": 5}, "scores 4, the file states 5"),
    ({"kingdom": "C W G2 / . G W"}, "differs from the replayed order"),
    ({"order": [{"domino": 15, "cells": [[0, 2], [0, 1]]},
                {"domino": 41, "cells": [[-2, 0], [-2, 1]]}]}, "connection rule"),
    ({"order": [{"domino": 41, "cells": [[-1, 0], [-1, 1]]},
                {"domino": 16, "cells": [[0, 2], [0, 1]]}]}, "not available"),
])
def test_replay_rejects_a_wrong_solution(change: dict[str, object], message: str) -> None:
    data = copy.deepcopy(BASE)
    data["solution"].update(change)   # type: ignore[attr-defined]
    with pytest.raises(PuzzleError, match=message):
        replay(Puzzle.from_json(data, "test"))


# ------------------------------------------------------------------ command line
def write(tmp_path: Path, data: dict[str, object]) -> str:
    f = tmp_path / "p.json"
    f.write_text(json.dumps(data))
    return str(f)


def test_cli_show_and_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, BASE)
    assert main(["puzzle", "show", path]) == 0
    out = capsys.readouterr().out
    assert "Best kingdom?" in out and "41(W|G2)" in out and "optimum" not in out
    assert main(["puzzle", "check", path]) == 0
    assert "scores 4 = the stated optimum 4" in capsys.readouterr().out
    assert main(["puzzle", "check", path, "--answer", "W G2 . / C G W"]) == 0
    out = capsys.readouterr().out
    assert "optimal:   yes" in out and "buildable: yes" in out
    answer = tmp_path / "answer.txt"
    answer.write_text("C W G2\nW G .\n")
    assert main(["puzzle", "check", path, "--answer", str(answer), "--exit-code"]) == 1
    assert "optimal:   no" in capsys.readouterr().out
    assert main(["puzzle", "check", path, "--answer", str(answer), "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["score"] == 2 and verdict["optimal"] is False and verdict["legal"] is True


def test_cli_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = copy.deepcopy(BASE)
    bad["dominoes"] = [41, 0]
    assert main(["puzzle", "show", write(tmp_path, bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "field 'dominoes[1]'" in err
    assert main(["puzzle", "check", write(tmp_path, BASE), "--answer", "C Q"]) == 2
    assert "unknown terrain letter 'Q'" in capsys.readouterr().err
    assert main(["puzzle", "show", str(tmp_path / "none.json")]) == 2
    assert "cannot read puzzle" in capsys.readouterr().err


# ------------------------------------------------------------------ solving (CP-SAT)
def test_cli_solve_agrees_with_the_stored_optimum(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, BASE)
    assert main(["puzzle", "solve", path, "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "optimal, best total 4" in out and "agrees with the stored optimum 4" in out
    wrong = copy.deepcopy(BASE)
    wrong["solution"]["optimum"] = 5   # type: ignore[index]
    assert main(["puzzle", "solve", write(tmp_path, wrong), "--json", "--workers", "1"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "OPTIMAL" and data["score"] == 4 and data["stored_optimum"] == 5


def test_solve_all_places_a_domino_worth_nothing() -> None:
    from kingdomino_kit.puzzles.solving import solve_puzzle

    # F|F adds nothing, but "all" asks for it: the answer must still place it, legally
    p = Puzzle("f", "f", "rearrange", 1, "?", (4, 11, 44), given="C F F / G G . / G S2 .")
    answer = solve_puzzle(p, workers=1)
    assert answer.status == "optimal" and answer.optimum == 2
    assert sorted(q.domino.number for q in answer.order) == [4, 11, 44]
    solved = Puzzle(**{**p.__dict__, "solution": answer.as_solution()})
    assert replay(solved).score() == 2


@pytest.mark.slow
def test_solve_next_placement_lists_every_placement() -> None:
    from kingdomino_kit.puzzles.solving import solve_puzzle

    p = Puzzle("n", "n", "next-placement", 1, "?", (), "all", start="C G", claimed=41)
    answer = solve_puzzle(p, workers=1)
    start = Kingdom.from_text("C G")
    assert sorted(q for q, _ in answer.values) == sorted(start.legal_placements(domino(41)))
    for q, v in answer.values:
        k = start.copy()
        k.place(q)
        assert v == k.score()
    assert answer.optimum == 4
