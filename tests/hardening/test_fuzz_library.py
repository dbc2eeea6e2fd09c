"""Fuzzing the library's readers with broken versions of valid inputs: kingdoms and territories
in text and JSON, boards, game logs of the three games, puzzles of both kinds and catalogues.

The only outcomes allowed are a ``KingdominoError`` or a correct answer, and "correct" is
checked against something independent: a kingdom text read by the slow reference reader
(``tests/reference.py``) must be accepted exactly when the reference accepts it, square for
square; a board's gold must be the reference scorer's; an accepted log must claim nothing the
replayed game does not say of itself (every field it gives, at any depth, equals the game's own
log); an accepted JSON territory or kingdom must be what it writes back.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingdomino_kit import Kingdom, KingdominoError
from kingdomino_kit.dominoes import load_catalogue as load_kingdomino_catalogue
from kingdomino_kit.game.log import replay as replay_kingdomino
from kingdomino_kit.kingdoms import parse_board, score_board
from kingdomino_kit.kingdoms.game import replay as replay_kingdoms
from kingdomino_kit.kingdoms.puzzles import load_castle_puzzle
from kingdomino_kit.logs import LOG_FORMATS
from kingdomino_kit.origins import OriginsKingdom
from kingdomino_kit.origins.catalogue import load_catalogue, sample_catalogue
from kingdomino_kit.origins.gamelog import replay as replay_origins
from kingdomino_kit.origins.puzzles import load_origins_puzzle
from kingdomino_kit.puzzles import Puzzle
from kingdomino_kit.puzzles.grading import replay as replay_puzzle
from tests import reference
from tests.hardening.mutate import claims_nothing_false, mutated_json, mutated_text
from tests.hardening.samples import (
    CASTLE_PUZZLE,
    KINGDOM_TEXTS,
    KINGDOMS_LOG,
    LOG,
    ORIGINS_LOG,
    ORIGINS_PUZZLE,
    PUZZLE,
    TERRITORY,
)

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")), deadline=None,
                derandomize=not os.environ.get("FUZZ_RANDOM"),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _same_format(given: dict[str, Any], truth: dict[str, Any], game: str) -> dict[str, Any]:
    """``given`` with its format name, if one of the game's, spelled as ``truth`` spells it, and
    without the fields a replay does not check: the annotations ``bots`` and ``catalogue``
    (the catalogue's name; its hash is checked)."""
    out = {k: v for k, v in given.items() if k not in ("bots", "catalogue")}
    if out.get("format") in LOG_FORMATS[game]:
        out["format"] = truth["format"]
    return out


def _by_cell(data: Any) -> Any:
    """A kingdom's or territory's JSON with its squares in cell order (their order in the list
    means nothing)."""
    squares = data.get("squares") if isinstance(data, dict) else None
    if isinstance(squares, list) and all(isinstance(q, dict) for q in squares):
        return data | {"squares": sorted(squares, key=lambda q: (q["row"], q["col"]))}
    return data


# --------------------------------------------------------------------------------- kingdoms
@FUZZ
@given(st.sampled_from(KINGDOM_TEXTS).flatmap(mutated_text), st.sampled_from([5, 7]))
def test_a_kingdom_text_is_read_as_the_reference_reads_it(text: str, size: int) -> None:
    want = reference.read_text(text, size)
    try:
        kingdom = Kingdom.from_text(text, size)
    except KingdominoError:
        assert want is None, f"refused, but the reference reads {want}"
        return
    assert want is not None, "accepted, but the reference refuses it"
    assert reference.grid_of(kingdom) == want
    assert kingdom.score() == reference.score(want)


@FUZZ
@given(mutated_json(Kingdom.from_text("G2 G . / C G W1 / M3 . S").to_json()))
def test_an_accepted_kingdom_json_is_what_it_writes_back(data: Any) -> None:
    try:
        kingdom = Kingdom.from_json(data)
    except KingdominoError:
        return
    assert claims_nothing_false(_by_cell(data), kingdom.to_json()) is None


@FUZZ
@given(st.integers(0, 10**6).flatmap(lambda seed: mutated_text(
    reference.random_board(random.Random(seed), 3, 0.7).to_text())))
def test_a_board_read_is_scored_as_the_reference_scores_it(text: str) -> None:
    try:
        board = parse_board(text)
    except KingdominoError:
        return
    assert parse_board(board.to_text()) == board
    assert score_board(board).gold == reference.kingdoms_gold(board)


@FUZZ
@given(mutated_text("G$ G*2 V2\nH F@g Q1\nL L$ D3"))
def test_a_territory_text_read_writes_back_the_same_territory(text: str) -> None:
    try:
        territory = OriginsKingdom.from_text(text)
    except KingdominoError:
        return
    again = OriginsKingdom.from_text(territory.to_text())
    assert again == territory and again.score() == territory.score()
    assert territory.to_json() == OriginsKingdom.from_json(territory.to_json()).to_json()


@FUZZ
@given(mutated_json(TERRITORY))
def test_an_accepted_territory_json_is_what_it_writes_back(data: Any) -> None:
    try:
        territory = OriginsKingdom.from_json(data)
    except KingdominoError:
        return
    written = territory.to_json()
    if isinstance(data, dict) and data.get("with_resources") is None:
        written.pop("with_resources")  # not said (absent or null): read from the squares
        data = {k: v for k, v in data.items() if k != "with_resources"}
    assert claims_nothing_false(_by_cell(data), written) is None


# --------------------------------------------------------------------------------- logs
@FUZZ
@given(mutated_json(LOG))
def test_an_accepted_kingdomino_log_claims_nothing_false(data: Any) -> None:
    try:
        game = replay_kingdomino(data)
    except KingdominoError:
        return
    truth = game.log()
    assert claims_nothing_false(_same_format(data, truth, "kingdomino"), truth) is None


@FUZZ
@given(mutated_json(KINGDOMS_LOG))
def test_an_accepted_kingdoms_log_claims_nothing_false(data: Any) -> None:
    try:
        game = replay_kingdoms(data)
    except KingdominoError:
        return
    truth = game.to_log()
    assert claims_nothing_false(_same_format(data, truth, "kingdoms"), truth) is None


@FUZZ
@given(mutated_json(ORIGINS_LOG))
def test_an_accepted_origins_log_claims_nothing_false(data: Any) -> None:
    try:
        game = replay_origins(data)
    except KingdominoError:
        return
    truth = game.log()
    assert claims_nothing_false(_same_format(data, truth, "origins"), truth) is None


@FUZZ
@given(mutated_json(LOG).map(json.dumps).flatmap(mutated_text))
def test_a_log_text_broken_anywhere_is_refused_or_replays(text: str) -> None:
    with contextlib.suppress(KingdominoError):
        replay_kingdomino(text)


# --------------------------------------------------------------------------------- puzzles
@FUZZ
@given(mutated_json(PUZZLE))
def test_an_accepted_puzzle_reads_back_and_its_solution_replays(data: Any) -> None:
    try:
        puzzle = Puzzle.from_json(data, "p.json")
    except KingdominoError:
        return
    assert Puzzle.from_json(puzzle.to_json()) == puzzle
    if puzzle.solution is not None:
        with contextlib.suppress(KingdominoError):
            replay_puzzle(puzzle)


@FUZZ
@given(mutated_json(CASTLE_PUZZLE))
def test_an_accepted_castle_puzzle_reads_back(data: Any) -> None:
    try:
        puzzle = load_castle_puzzle(data, "k.json")
    except KingdominoError:
        return
    assert load_castle_puzzle(puzzle.to_json()).problem == puzzle.problem


@FUZZ
@given(mutated_json(ORIGINS_PUZZLE))
def test_an_accepted_origins_puzzle_reads_back(data: Any) -> None:
    try:
        puzzle = load_origins_puzzle(data, "o.json")
    except KingdominoError:
        return
    assert load_origins_puzzle(puzzle.to_json()) == puzzle


# --------------------------------------------------------------------------------- catalogues
SAMPLE_CSV = "\n".join(
    ["number,left_terrain,left_fire,left_craters,right_terrain,right_fire,right_craters"]
    + [f"{d.number},{d.first.terrain.value},{d.first.fire},{d.first.craters},"
       f"{d.second.terrain.value},{d.second.fire},{d.second.craters}"
       for d in list(sample_catalogue())[:6]])


@FUZZ
@given(mutated_text(SAMPLE_CSV))
def test_an_origins_catalogue_is_read_whole_or_refused(text: str) -> None:
    try:
        catalogue = load_catalogue(text, "mine.csv")
    except KingdominoError:
        return
    numbers = [d.number for d in catalogue]
    assert len(set(numbers)) == len(numbers) and all(n >= 1 for n in numbers)
    for d in catalogue:
        assert catalogue.domino(d.number) == d


@FUZZ
@given(mutated_text("number,left_terrain,left_crowns,right_terrain,right_crowns\n"
                    "1,wheat,0,lake,1\n2,mine,3,swamp,0\n"))
def test_a_kingdomino_catalogue_is_read_whole_or_refused(text: str) -> None:
    try:
        catalogue = load_kingdomino_catalogue(text, "mine.csv")
    except KingdominoError:
        return
    assert all(0 <= h.crowns <= 3 for d in catalogue for h in d.halves)


@pytest.mark.parametrize("text", KINGDOM_TEXTS[:2])
def test_the_reference_reader_reads_the_valid_samples(text: str) -> None:
    """The fuzz tests start from inputs both readers take (else they would test nothing)."""
    assert reference.read_text(text) == reference.grid_of(Kingdom.from_text(text))
