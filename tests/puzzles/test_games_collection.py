"""The Kingdoms and Origins puzzles of the collection, re-verified: every answer legal and worth
its stored optimum (Kingdoms re-scored by the slow reference), levels by the written rule, a
sample of the measures recomputed and of the optima re-proven by the solvers, ids unique across
the three games, files written back unchanged, and a strict Origins reader."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.errors import KingdominoError, PuzzleError
from kingdomino_kit.kingdoms.puzzle_making import random_share as castle_share
from kingdomino_kit.kingdoms.puzzles import CastlePuzzle, castle_puzzles
from kingdomino_kit.origins import OriginsKingdom
from kingdomino_kit.origins.errors import OriginsError
from kingdomino_kit.origins.puzzle_making import random_share as origins_share
from kingdomino_kit.origins.puzzles import (
    OriginsPuzzle,
    OriginsPuzzleError,
    dumps,
    load_origins_puzzle,
    origins_puzzles,
)
from kingdomino_kit.origins.scoring import score_sheet
from kingdomino_kit.puzzles.games import list_all
from kingdomino_kit.puzzles.lookup import look_up
from kingdomino_kit.share_levels import level_from_share
from tests.reference import kingdoms_gold

ROOT = Path(__file__).resolve().parents[2] / "puzzles"
CASTLES = castle_puzzles()
ORIGINS = origins_puzzles()


def test_the_collection_has_enough_of_each_game() -> None:
    assert len(CASTLES) >= 20 and len(ORIGINS) >= 10
    assert {p.kind for p in ORIGINS} == {"fire", "totem"}
    assert sum(p.kind == "totem" for p in ORIGINS) >= 3


def test_ids_are_unique_across_the_games_and_name_their_files() -> None:
    every = list_all()
    ids = [f.puzzle.id for f in every]
    assert len(ids) == len(set(ids))
    numbers = [i.split("-", 1)[0] for i in ids]
    assert len(numbers) == len(set(numbers))          # the number part alone is unique too
    for f in every:
        assert (ROOT / f.game / f"{f.puzzle.id}.json").is_file()
        pattern = {"kingdomino": r"\d{2,}-", "kingdoms": r"k\d\d-", "origins": r"o\d\d-"}
        assert re.match(pattern[f.game], f.puzzle.id), f.puzzle.id
        assert look_up(f.puzzle.id).puzzle.id == f.puzzle.id


@pytest.mark.parametrize("puzzle", CASTLES, ids=[p.id for p in CASTLES])
def test_castle_answer_scores_its_optimum_by_the_reference(puzzle: CastlePuzzle) -> None:
    assert puzzle.answer is not None
    problem = puzzle.problem
    added = sorted(str(p) for c, p in puzzle.answer.items() if problem.board.at(c) is None)
    assert added == sorted(str(p) for p in problem.pieces)
    assert all(puzzle.answer.at(c) == p for c, p in problem.board.items())
    gold = kingdoms_gold(puzzle.answer)
    mine = gold.get(problem.player, 0)
    others = [gold.get(p, 0) for p in problem.players if p != problem.player]
    value = mine if problem.objective == "gold" else mine - max(others)
    assert value == puzzle.optimum


@pytest.mark.parametrize("puzzle", ORIGINS, ids=[p.id for p in ORIGINS])
def test_origins_answer_replays_and_scores_its_optimum(puzzle: OriginsPuzzle) -> None:
    assert puzzle.answer is not None
    k = OriginsKingdom(puzzle.size, with_resources=puzzle.rivals is not None)
    throws = list(puzzle.answer.fire)
    for p in puzzle.answer.order:                 # the rules, step by step
        k.place(p)
        for cell, craters in p.volcanoes():
            t = throws.pop(0)
            assert (t.volcano, t.fire) == (cell, craters)
            k.throw(t.volcano, t.fire, t.target)
    assert not throws
    won = [] if puzzle.rivals is None else [
        r for r, n in k.resource_counts().items() if n > puzzle.rivals[r]]
    mode = "discovery" if puzzle.rivals is None else "totem"
    assert score_sheet(k, mode, totems=won).total == puzzle.optimum


@pytest.mark.parametrize("puzzle", CASTLES + ORIGINS,   # type: ignore[operator]
                         ids=[p.id for p in CASTLES + ORIGINS])  # type: ignore[operator]
def test_level_title_and_hints_follow_the_rules(puzzle: Any) -> None:
    m = puzzle.extra["measures"]
    assert m["random_samples"] == 2000 and m["random_seed"] == 0
    assert puzzle.level == level_from_share(m["random_optimal"], m["random_samples"])
    assert 1 <= len(puzzle.hints) <= 3
    answer = (puzzle.answer.to_text() if isinstance(puzzle, CastlePuzzle)
              else puzzle.replay(puzzle.answer).to_text())
    rows = [r for r in answer.splitlines() if r.strip()]
    assert not any(row in hint for hint in puzzle.hints for row in rows)  # never the answer


def test_titles_are_distinct_and_levels_spread() -> None:
    for puzzles in (CASTLES, ORIGINS):
        titles = [p.title for p in puzzles]
        assert len(titles) == len(set(titles))
    assert len({p.level for p in CASTLES}) >= 4
    assert len({p.level for p in ORIGINS}) >= 3


@pytest.mark.parametrize("index", [0, 7, 14])
def test_castle_measures_recomputed(index: int) -> None:
    p = CASTLES[index]
    assert castle_share(p) == (p.extra["measures"]["random_optimal"], 2000)


@pytest.mark.parametrize("index", [0, 3])
def test_origins_measures_recomputed(index: int) -> None:
    p = ORIGINS[index]
    assert origins_share(p) == (p.extra["measures"]["random_optimal"], 2000)


@pytest.mark.parametrize("index", [0, 5, 12])
def test_a_sample_of_castle_optima_re_proven(index: int) -> None:
    from kingdomino_kit.kingdoms.solver import solve_castles
    p = CASTLES[index]
    sol = solve_castles(p.problem, time_limit=60)
    assert sol.optimal and sol.value == p.optimum


@pytest.mark.parametrize("index", [0, 2])
def test_a_sample_of_origins_optima_re_proven(index: int) -> None:
    from kingdomino_kit.origins.solver import OPTIMAL, solve_discovery
    p = ORIGINS[index]
    sol = solve_discovery(p.dominoes, size=p.size, rivals=p.rivals, workers=1,
                          time_limit_s=60)
    assert sol.status == OPTIMAL and sol.score == p.optimum


@pytest.mark.parametrize("game", ["kingdoms", "origins"])
def test_files_are_written_back_unchanged(game: str) -> None:
    for path in sorted((ROOT / game).glob("*.json")):
        text = path.read_text(encoding="utf-8")
        found = look_up(str(path), files=True)
        again = (json.dumps(found.puzzle.to_json(), indent=2, ensure_ascii=False) + "\n"
                 if game == "kingdoms" else dumps(found.puzzle))
        assert again == text, path.name


def _origins_data() -> dict[str, Any]:
    return json.loads((ROOT / "origins" / f"{ORIGINS[0].id}.json").read_text())


@pytest.mark.parametrize(("change", "message"), [
    ({"format": "origins-puzzle/2"}, "format: expected 'origins-puzzle/1'"),
    ({"id": 3}, "id: wrong type int"),
    ({"kind": "tribe"}, "kind: fire or totem"),
    ({"level": 6}, "level: 1–5"),
    ({"level": True}, "level: wrong type bool"),
    ({"catalogue": "printed"}, "catalogue: only"),
    ({"dominoes": [{"number": 99, "squares": "G|G"}]}, "dominoes[0].number"),
    ({"dominoes": "21"}, "dominoes: wrong type str"),
    ({"options": {"size": 6}}, "options.size: 5 or 7"),
    ({"options": {"colour": 1}}, "options.'colour': unknown option"),
    ({"rivals": {"fish": 1}}, "rivals: only a totem puzzle"),
    ({"hints": ["a", "b", "c", "d"]}, "hints: a list of up to three"),
    ({"extra": 1}, "'extra': unknown field"),
])
def test_origins_reader_names_the_file_and_field(change: dict[str, Any], message: str) -> None:
    data = _origins_data() | change
    with pytest.raises(OriginsPuzzleError, match=re.escape(message)) as caught:
        load_origins_puzzle(data, "o.json")
    assert str(caught.value).startswith("o.json: ") and "\n" not in str(caught.value)
    assert isinstance(caught.value, PuzzleError) and isinstance(caught.value, OriginsError)
    assert isinstance(caught.value, KingdominoError)


def test_origins_reader_replays_the_stored_solution() -> None:
    data = _origins_data()
    worse = copy.deepcopy(data)
    worse["solution"]["optimum"] += 1
    with pytest.raises(OriginsPuzzleError, match="scores .*, not the optimum"):
        load_origins_puzzle(worse, "o.json")
    moved = copy.deepcopy(data)
    moved["solution"]["order"][0]["cells"] = [[4, 4], [4, 5]]
    with pytest.raises(OriginsPuzzleError, match=r"o\.json: solution: placement 1: "):
        load_origins_puzzle(moved, "o.json")
    with pytest.raises(OriginsPuzzleError, match="not valid JSON|JSON"):
        load_origins_puzzle("{", "o.json")
    with pytest.raises(OriginsPuzzleError, match="a puzzle must be a JSON object"):
        load_origins_puzzle("[]", "o.json")
