"""The measures stored in every puzzle, the written level rule, the hint ladder and titles.

The measures of a seeded sample of stored puzzles are recomputed and compared; the optimal
layouts of small puzzles are recounted by a slow, unpruned enumeration written here; the level
rule is checked over the whole collection against the difficulty order.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from kingdomino_kit import Kingdom, domino
from kingdomino_kit.errors import PuzzleError
from kingdomino_kit.puzzles import Puzzle, load_collection, loads, replay
from kingdomino_kit.puzzles.ladder import (
    beam_kingdom,
    look_ahead_kingdom,
    measure,
    random_hits,
)
from kingdomino_kit.puzzles.levels import COUNT_CAP, Measures, difficulty_key, level_of
from kingdomino_kit.puzzles.measure import count_optimal, greedy_kingdom
from tests.puzzles.sampling import first_of_each_kind

TOP = Path(__file__).resolve().parents[2] / "puzzles" / "kingdomino"
COLLECTION = load_collection(TOP)
IDS = [p.id for p in COLLECTION]
SAMPLE = random.Random(28).sample(COLLECTION, 8)


# ------------------------------------------------------------------ every puzzle, cheap checks
def test_every_puzzle_carries_measures_and_the_level_the_rule_gives() -> None:
    for p in COLLECTION:
        assert p.measures is not None and p.solution is not None, p.id
        assert p.measures.optimum == p.solution.optimum
        assert p.level == level_of(p.measures), p.id


def test_no_lower_level_is_harder_than_a_higher_one() -> None:
    keyed = [(difficulty_key(p.measures), p.level, p.id) for p in COLLECTION if p.measures]
    for (ka, la, a), (kb, lb, b) in combinations(keyed, 2):
        if la < lb:
            assert ka <= kb, f"{a} (level {la}) is harder than {b} (level {lb})"
        if lb < la:
            assert kb <= ka, f"{b} (level {lb}) is harder than {a} (level {la})"


def test_the_rule_s_promises_hold() -> None:
    for p in COLLECTION:
        m = p.measures
        assert m is not None and p.solution is not None
        if p.level >= 3:                       # greedy falls short of the optimum
            assert m.greedy_score < p.solution.optimum, p.id
        if p.level >= 2 and p.kind == "next-placement":    # at most 25 % of moves optimal
            values = [v for _, v in p.solution.values]
            assert 4 * values.count(p.solution.optimum) <= len(values), p.id


def test_the_level_rule_on_made_up_measures() -> None:
    def m(greedy: int, ahead: int, beam: int, hits: int) -> Measures:
        return Measures(10, 1, True, greedy, ahead, beam, 200, hits)

    assert level_of(m(10, 10, 10, 51)) == 1          # more than a quarter: easy
    assert level_of(m(7, 8, 8, 51)) == 1
    assert level_of(m(10, 10, 10, 50)) == 2          # exactly a quarter: not level 1
    assert level_of(m(9, 10, 10, 3)) == 3
    assert level_of(m(9, 9, 10, 0)) == 4             # only the beam
    assert level_of(m(9, 9, 9, 1)) == 4              # nothing but luck
    assert level_of(m(9, 9, 9, 0)) == 5
    assert m(9, 9, 9, 0).weakest_bot == "solver" and m(9, 10, 9, 0).weakest_bot == "look-ahead"


def test_the_collection_spreads_over_kinds_levels_and_variants() -> None:
    assert len(COLLECTION) >= 150
    kinds = Counter(p.kind.value for p in COLLECTION)
    assert min(kinds.values()) >= 20 and len(kinds) == 5, kinds
    levels = Counter(p.level for p in COLLECTION)
    assert set(levels) == {1, 2, 3, 4, 5} and min(levels.values()) >= 10, levels
    assert sum(p.rules.size == 7 for p in COLLECTION) >= 5
    assert sum(p.rules.middle_kingdom for p in COLLECTION) >= 5
    assert sum(p.rules.harmony for p in COLLECTION) >= 3
    assert sum(p.measures is not None and p.measures.unique for p in COLLECTION) >= 5


def test_titles_name_the_idea_not_only_the_kind() -> None:
    for p in COLLECTION:
        assert not re.match(r"(Best kingdom from|Complete the kingdom|Rearrange \d|Free choice)",
                            p.title), p.id


# ------------------------------------------------------------------ recomputed on a sample
@pytest.mark.parametrize("puzzle", SAMPLE, ids=[p.id for p in SAMPLE])
def test_a_sample_s_measures_are_recomputed(puzzle: Puzzle) -> None:
    assert measure(puzzle) == puzzle.measures


@pytest.mark.parametrize("puzzle", SAMPLE, ids=[p.id for p in SAMPLE])
def test_no_bot_beats_the_proven_optimum(puzzle: Puzzle) -> None:
    assert puzzle.solution is not None and puzzle.measures is not None
    optimum = puzzle.solution.optimum
    m = puzzle.measures
    assert max(m.greedy_score, m.look_ahead_score, m.beam_score) <= optimum
    if not puzzle.kind.claims_first:   # each bot's kingdom is a legal answer
        for k in (greedy_kingdom(puzzle), look_ahead_kingdom(puzzle)):
            assert puzzle.rules.total(k) <= optimum
        assert beam_kingdom(puzzle)[0] <= optimum


def test_random_share_of_a_next_placement_is_its_share_of_optimal_moves() -> None:
    nexts = [p for p in COLLECTION if p.kind == "next-placement"]
    for p in nexts:
        assert p.solution is not None and p.measures is not None
        values = [v for _, v in p.solution.values]
        assert p.measures.share == Fraction(values.count(p.solution.optimum), len(values))


# ------------------------------------------------------------------ counting, by brute force
def every_final_kingdom(puzzle: Puzzle) -> list[Kingdom]:
    """Every answer: every placement of every domino in every order, no pruning."""
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


def images(k: Kingdom) -> frozenset[frozenset[tuple[tuple[int, int], str]]]:
    """The kingdom's squares under the eight turns and mirrors about the castle (terrain and
    crowns only, so identical dominoes swapped give the same value)."""
    out = set()
    for turn in range(4):
        for flip in (False, True):
            moved = set()
            for (r, c), half in k.squares():
                for _ in range(turn):
                    r, c = c, -r
                moved.add(((r, -c) if flip else (r, c), str(half)))
            out.add(frozenset(moved))
    return frozenset(out)


SMALL = [p for p in COLLECTION if not p.kind.claims_first and len(p.dominoes) <= 3
         and (not isinstance(p.place, int) or p.place <= 3)][:12]


def test_enough_small_counts_are_recounted() -> None:
    assert len(SMALL) >= 8


@pytest.mark.parametrize("puzzle", first_of_each_kind(SMALL))
def test_count_optimal_agrees_with_brute_force(puzzle: Puzzle) -> None:
    assert puzzle.solution is not None and puzzle.measures is not None
    classes = {images(k) for k in every_final_kingdom(puzzle)
               if puzzle.rules.total(k) == puzzle.solution.optimum}
    assert count_optimal(puzzle).answers == len(classes)
    stored = puzzle.measures
    assert stored.optimal_layouts == min(len(classes), COUNT_CAP)
    assert stored.optimal_layouts_exact == (len(classes) < COUNT_CAP)
    assert stored.unique == (len(classes) == 1)


def test_random_hits_counts_builds_reaching_the_optimum() -> None:
    p = next(p for p in SMALL if p.measures and 0 < p.measures.random_optimal < 200)
    assert random_hits(p) == p.measures.random_optimal   # type: ignore[union-attr]
    assert random_hits(p, seed=1) != random_hits(p, seed=2) or random_hits(p, 50) <= 50


# ------------------------------------------------------------------ hints
FORBIDDEN = re.compile(r"\brow|\bcolumn|\[\s*-?\d+\s*,|\(\s*-?\d+\s*,\s*-?\d+\s*\)|@|"
                       r"\b(left|right|above|below|north|south|east|west)\b", re.I)


@pytest.mark.parametrize("puzzle", COLLECTION, ids=IDS)
def test_hints_climb_to_a_strong_hint_but_never_give_the_answer(puzzle: Puzzle) -> None:
    ladder = puzzle.hint_ladder()
    assert 1 <= len(ladder) <= 3 and puzzle.hint == ladder[0]
    assert puzzle.solution is not None
    rows = [" ".join(r.split()) for r in Kingdom.from_text(
        puzzle.solution.kingdom, puzzle.rules.size).to_text().splitlines()]
    for h in ladder:
        assert puzzle.solution.kingdom not in h
        assert not any(len(r.split()) >= 3 and r in h for r in rows), (h, rows)
        assert not FORBIDDEN.search(h), h


def test_old_files_without_measures_still_load_and_bad_measures_are_named() -> None:
    p = COLLECTION[0]
    data = p.to_json()
    for key in ("measures", "hints"):
        data.pop(key)
    import json

    old = loads(json.dumps(data), "old.json")
    assert old.measures is None and old.hint_ladder() == (p.hint,)
    bad = p.to_json()
    bad["measures"]["random_optimal"] = 999
    with pytest.raises(PuzzleError, match="old.json: field 'measures.random_optimal'"):
        loads(json.dumps(bad), "old.json")
    bad = p.to_json()
    bad["measures"]["weakest_bot"] = "monkey"
    with pytest.raises(PuzzleError, match="measures.weakest_bot"):
        loads(json.dumps(bad), "old.json")
    bad = p.to_json()
    bad["hints"] = ["a", "b", "c", "d"]
    with pytest.raises(PuzzleError, match="field 'hints'"):
        loads(json.dumps(bad), "old.json")


def test_stored_answers_of_the_sample_replay() -> None:
    for p in SAMPLE:
        assert p.solution is not None
        assert p.rules.total(replay(p)) == p.solution.optimum


def test_the_greedy_score_field_agrees_with_the_measures() -> None:
    for p in COLLECTION:
        assert p.measures is not None and p.greedy_score == p.measures.greedy_score, p.id
