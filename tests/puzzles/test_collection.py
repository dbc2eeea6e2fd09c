"""Every puzzle of the shipped collection is re-verified through the rules library.

The stated optimum was *proved* by the CP-SAT solver when scripts/make_puzzles.py generated the
file; here every stored layout is replayed placement by placement with Kingdom.place and must
score exactly the stated optimum, the grader must call it optimal, and the small puzzles are
re-proved from scratch by an exhaustive search written here (no solver involved).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit import Kingdom, domino
from kingdomino_kit.puzzles import KINDS, Puzzle, default_collection, load_collection
from kingdomino_kit.puzzles.grading import build_order, decompose, grade, replay
from kingdomino_kit.puzzles.levels import COUNT_CAP
from kingdomino_kit.puzzles.measure import count_optimal, every_answer_optimal, greedy_score

TOP = Path(__file__).resolve().parents[2] / "puzzles" / "kingdomino"
COLLECTION = load_collection(TOP)
IDS = [p.id for p in COLLECTION]


def test_the_collection_is_the_packaged_default() -> None:
    assert Path(str(default_collection())).resolve() == TOP


def test_collection_size_kinds_and_levels() -> None:
    assert len(COLLECTION) >= 60
    assert len(set(IDS)) == len(IDS)
    files = sorted((p.stem for p in default_collection().glob("*.json")),
                   key=lambda stem: int(stem.split("-")[0]))
    assert files == IDS                                   # file name = id, by number
    assert set(p.kind for p in COLLECTION) == set(KINDS)  # every kind is there
    levels = [p.level for p in COLLECTION]                # by the rule (test_measures.py)
    assert Counter(levels).keys() == {1, 2, 3, 4, 5}
    assert all(p.solution is not None for p in COLLECTION)


@pytest.mark.parametrize("puzzle", COLLECTION, ids=IDS)
def test_stored_solution_replays_and_scores_the_optimum(puzzle: Puzzle) -> None:
    kingdom = replay(puzzle)       # every placement legal in turn, the total = the optimum
    assert puzzle.solution is not None
    assert puzzle.rules.total(kingdom) == puzzle.solution.optimum
    verdict = grade(puzzle, kingdom if puzzle.kind != "next-placement" else _after_first(puzzle))
    assert verdict.legal and verdict.buildable and verdict.optimal, verdict.reason


def _after_first(puzzle: Puzzle) -> Kingdom:
    assert puzzle.solution is not None
    k = puzzle.start_kingdom()
    k.place(puzzle.solution.order[0])
    return k


@pytest.mark.parametrize("puzzle", [p for p in COLLECTION if p.kind == "next-placement"],
                         ids=lambda p: p.id)
def test_next_placement_values_cover_every_legal_placement(puzzle: Puzzle) -> None:
    assert puzzle.solution is not None and puzzle.claimed is not None
    start = puzzle.start_kingdom()
    legal = start.legal_placements(domino(puzzle.claimed))
    listed = [p for p, _ in puzzle.solution.values]
    assert sorted(listed) == sorted(legal)
    values = [v for _, v in puzzle.solution.values]
    assert max(values) == puzzle.solution.optimum
    for p, v in puzzle.solution.values:    # each value is at least what placing it scores now
        k = start.copy()
        k.place(p)
        if not puzzle.rules.middle_kingdom:  # (a forced placement may cost the bonus)
            assert v >= puzzle.rules.total(k)
        if not puzzle.dominoes:
            assert v == puzzle.rules.total(k)


@pytest.mark.parametrize("puzzle", [p for p in COLLECTION if p.kind == "rearrange"],
                         ids=lambda p: p.id)
def test_rearrange_gives_a_kingdom_of_its_own_dominoes(puzzle: Puzzle) -> None:
    assert puzzle.given is not None and puzzle.solution is not None
    given = Kingdom.from_text(puzzle.given)
    buildable = [cut for cut in decompose(Kingdom(), given, puzzle.domino_list(), "all")
                 if build_order(Kingdom(), cut) is not None]
    assert buildable, "the given kingdom must be buildable from the puzzle's dominoes"
    assert f"scores {puzzle.rules.total(given)}." in puzzle.question
    assert puzzle.rules.total(given) < puzzle.solution.optimum    # not already optimal


def brute_force_best(puzzle: Puzzle) -> int:
    """The best total by trying every legal placement of every domino in every order
    (states met twice are skipped): slow and obvious, independent of the solver."""
    rules = puzzle.rules
    best = -1
    seen: set[tuple[object, ...]] = set()
    limit = puzzle.place if isinstance(puzzle.place, int) else len(puzzle.dominoes)

    def search(k: Kingdom, left: frozenset[int], placed: int) -> None:
        nonlocal best
        state = (k.key(), left)
        if state in seen:
            return
        seen.add(state)
        if puzzle.place != "all" or not left:
            best = max(best, rules.total(k))
        if placed == limit:
            return
        for n in sorted(left):
            moves = k.legal_placements(domino(n))
            if not moves and puzzle.kind == "next-placement":
                search(k, left - {n}, placed)   # discarded: it cannot be placed
            for p in moves:
                k.push(p)
                search(k, left - {n}, placed + 1)
                k.undo()

    start = puzzle.start_kingdom()
    if puzzle.kind == "next-placement":
        assert puzzle.claimed is not None
        for p in start.legal_placements(domino(puzzle.claimed)):
            after = start.copy()
            after.push(p)
            search(after, frozenset(puzzle.dominoes), 0)
    else:
        search(start, frozenset(puzzle.dominoes), 0)
    return best


def _small(p: Puzzle) -> bool:
    placed = min(p.place, len(p.dominoes)) if isinstance(p.place, int) else len(p.dominoes)
    placed += p.kind == "next-placement"
    return placed <= 2 or (placed <= 3 and len(p.dominoes) <= 3)


SMALL = [p for p in COLLECTION if _small(p)]


def test_enough_small_puzzles_are_re_proved() -> None:
    assert len(SMALL) >= 10


@pytest.mark.parametrize("puzzle", SMALL, ids=[p.id for p in SMALL])
def test_small_puzzles_are_re_proved_by_brute_force(puzzle: Puzzle) -> None:
    assert puzzle.solution is not None
    assert brute_force_best(puzzle) == puzzle.solution.optimum


MEDIUM = [p for p in COLLECTION if p.level in (2, 3) and p.kind != "next-placement"]


def _first_of_each_kind_and_level(puzzles: list[Puzzle]) -> list[Any]:
    """Every puzzle, the first of each (kind, level) in make test, the others a sweep."""
    seen: set[tuple[str, int]] = set()
    params = []
    for p in puzzles:
        first = (p.kind, p.level) not in seen
        seen.add((p.kind, p.level))
        params.append(pytest.param(p, id=p.id, marks=[] if first else [pytest.mark.sweep]))
    return params


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", _first_of_each_kind_and_level(MEDIUM))
def test_medium_puzzles_are_re_proved_by_the_solver(puzzle: Puzzle) -> None:
    from kingdomino_kit.puzzles.solving import solve_puzzle

    assert puzzle.solution is not None
    answer = solve_puzzle(puzzle, workers=1, time_limit_s=120)
    assert answer.status == "optimal" and answer.optimum == puzzle.solution.optimum


@pytest.mark.parametrize("puzzle", COLLECTION, ids=IDS)
def test_show_prints_the_question_not_the_answer(puzzle: Puzzle) -> None:
    text = puzzle.describe()
    assert puzzle.question in text and puzzle.title in text
    assert puzzle.solution is not None and puzzle.solution.kingdom not in text.replace("\n", " / ")
    assert "optimum" not in text


# ------------------------------------------------------------------ discrimination
def test_the_collection_has_every_variant() -> None:
    assert sum(p.rules.middle_kingdom for p in COLLECTION) >= 3
    assert sum(p.rules.harmony for p in COLLECTION) >= 2
    assert sum(p.rules.size == 7 for p in COLLECTION) >= 3
    full = [p for p in COLLECTION if p.rules.size == 5 and len(p.dominoes) == 12]
    assert len(full) >= 4
    assert sum(p.kind == "free-choice" for p in COLLECTION) >= 3


@pytest.mark.parametrize("puzzle", COLLECTION, ids=IDS)
def test_every_puzzle_discriminates_and_records_its_measures(puzzle: Puzzle) -> None:
    assert puzzle.solution is not None and puzzle.hint
    assert puzzle.optimal_answers is not None and puzzle.optimal_answers >= 1
    assert greedy_score(puzzle) == puzzle.greedy_score <= puzzle.solution.optimum
    assert not every_answer_optimal(puzzle)
    if puzzle.kind == "next-placement":
        values = [v for _, v in puzzle.solution.values]
        assert puzzle.optimal_answers == values.count(puzzle.solution.optimum) < len(values)


LEVEL_1 = [p for p in COLLECTION if p.level == 1]


def every_final_kingdom(puzzle: Puzzle) -> list[Kingdom]:
    """Every answer by trying every placement of every domino in every order, no pruning."""
    out: dict[tuple[int, ...], Kingdom] = {}
    limit = puzzle.place if isinstance(puzzle.place, int) else len(puzzle.dominoes)

    def search(k: Kingdom, left: frozenset[int], placed: int) -> None:
        if puzzle.place != "all" or not left:
            out.setdefault(k.key(), k.copy())
        if placed == limit:
            return
        for n in sorted(left):
            for p in k.legal_placements(domino(n)):
                k.push(p)
                search(k, left - {n}, placed + 1)
                k.undo()

    search(puzzle.start_kingdom(), frozenset(puzzle.dominoes), 0)
    return list(out.values())


def symmetry_class(k: Kingdom) -> frozenset[frozenset[tuple[tuple[int, int], str]]]:
    """The kingdom with its rotations and reflections about the castle, as one value (tried
    one by one: four quarter turns, each with and without a mirror)."""
    squares = [(cell, str(h)) for cell, h in k.squares()]
    return frozenset(frozenset((_moved(cell, turn, flip), h) for cell, h in squares)
                     for turn in range(4) for flip in (False, True))


def _moved(cell: tuple[int, int], turn: int, flip: bool) -> tuple[int, int]:
    r, c = cell
    for _ in range(turn):
        r, c = c, -r
    return (r, -c) if flip else (r, c)


SMALL_KINGDOMS = [p for p in LEVEL_1 if p.kind != "next-placement" and len(p.dominoes) <= 2]


def test_enough_easy_counts_are_recounted() -> None:
    assert len(SMALL_KINGDOMS) >= 5


@pytest.mark.parametrize("puzzle", SMALL_KINGDOMS, ids=[p.id for p in SMALL_KINGDOMS])
def test_the_optimal_answers_of_the_easy_puzzles_are_recounted(puzzle: Puzzle) -> None:
    assert puzzle.solution is not None
    classes = {symmetry_class(k) for k in every_final_kingdom(puzzle)
               if puzzle.rules.total(k) == puzzle.solution.optimum}
    assert min(len(classes), COUNT_CAP) == puzzle.optimal_answers   # counted up to the cap
    assert puzzle.optimal_answers_exact == (len(classes) < COUNT_CAP)
    assert count_optimal(puzzle).answers == len(classes)


STORED = [p for p in COLLECTION if p.kind != "next-placement"]


@pytest.mark.parametrize("puzzle", STORED, ids=[p.id for p in STORED])
def test_stored_answers_leave_out_only_dominoes_that_fit_nowhere(puzzle: Puzzle) -> None:
    """No voluntary discard: a stored layout leaves out a domino only when it has no legal
    placement in it (with ``place: k``, as many of the set as k minus those placed)."""
    assert puzzle.solution is not None
    kingdom = replay(puzzle)
    placed = {p.domino.number for p in puzzle.solution.order}
    left = [n for n in puzzle.dominoes if n not in placed]
    nowhere = [n for n in left if not kingdom.legal_placements(domino(n))]
    if isinstance(puzzle.place, int):
        assert len(nowhere) >= min(puzzle.place, len(puzzle.dominoes)) - len(placed)
    else:
        assert nowhere == left
