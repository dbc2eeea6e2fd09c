"""The JSON format of Origins territories (``kingdomino-origins-territory/1``): round trip on
territories from real games of every mode, and one-line errors naming the field."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingdomino_kit.origins import OriginsError, OriginsKingdom
from kingdomino_kit.origins.game import OriginsGame, OriginsOptions

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def territories(draw: st.DrawFn) -> OriginsKingdom:
    """A territory from a random game of any mode stopped after some actions."""
    mode = draw(st.sampled_from(["discovery", "totem", "tribe"]))
    players = draw(st.sampled_from([2, 3, 4]))
    game = OriginsGame(OriginsOptions(players=players, mode=mode), draw(st.integers(0, 10**6)),
                       record=False)
    rng = random.Random(draw(st.integers(0, 99)))
    for _ in range(draw(st.integers(0, 400))):
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(actions[rng.randrange(len(actions))])
    kingdom = game.kingdoms_[draw(st.integers(0, players - 1))].copy()
    kingdom.discarded = draw(st.integers(0, 5))
    return kingdom


@SETTINGS
@given(territories())
def test_json_round_trips(kingdom: OriginsKingdom) -> None:
    data = kingdom.to_json()
    again = OriginsKingdom.from_json(json.dumps(data))
    assert again == kingdom and again.to_json() == data
    assert again.to_text() == kingdom.to_text()
    assert (again.size, again.with_resources, again.discarded) == (
        kingdom.size, kingdom.with_resources, kingdom.discarded)
    assert again.score() == kingdom.score()


def test_json_carries_tokens_resources_and_cavemen() -> None:
    k = OriginsKingdom.from_text("G$ G*2 V2 / H F@g Q1", 7)
    data = k.to_json()
    assert data["format"] == "kingdomino-origins-territory/1" and data["size"] == 7
    by_cell = {(s["row"], s["col"]): s for s in data["squares"]}
    assert by_cell[(-1, 0)]["resource"] == "mammoth"
    assert by_cell[(-1, 1)]["token"] == 2
    assert by_cell[(-1, 2)] == {"row": -1, "col": 2, "terrain": "volcano", "craters": 2}
    assert by_cell[(0, 1)]["caveman"] == "gatherer"
    assert OriginsKingdom.from_json(data).cavemen == k.cavemen


GOOD: dict[str, Any] = OriginsKingdom.from_text("G$ G*2 V2 / H F@g Q1").to_json()


def _bad(path: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    target: Any = data
    *parts, last = path.split(".")
    for part in parts:
        target = target[int(part)] if part.isdigit() else target[part]
    key: Any = int(last) if last.isdigit() else last
    if value is KeyError:
        del target[key]
    else:
        target[key] = value
    return data


@pytest.mark.parametrize(("data", "words"), [
    ("[1, 2", "not JSON"),
    ("[]", "must be an object"),
    (_bad("format", "kingdomino-kingdom/1"), "format: expected"),
    (_bad("size", 6), "size: must be 5 or 7, not 6"),
    (_bad("discarded", -1), "discarded: must be 0–48, not -1"),
    (_bad("with_resources", "yes"), "with_resources: must be true or false"),
    (_bad("squares", {}), "squares: must be a list"),
    (_bad("squares.0", 3), "squares[0]: must be an object"),
    (_bad("squares.0.row", KeyError), "squares[0]: missing 'row'"),
    (_bad("squares.1.col", "x"), "squares[1]: row and col must be integers"),
    (_bad("squares.1.col", 0), "squares[1]: cell (-1, 0) is taken twice"),
    (_bad("squares.3.col", 0), "squares[3]: cell (0, 0) is taken twice (or by the hut)"),
    (_bad("squares.0.terrain", "swamp"), "squares[0].terrain: unknown terrain 'swamp'"),
    (_bad("squares.0.fire", 4), "squares[0].fire: must be 0–3, not 4"),
    (_bad("squares.2.craters", 0), "squares[2].craters: must be 1–3, not 0"),
    (_bad("squares.2.fire", 1), "squares[2].fire: a volcano shows craters"),
    (_bad("squares.4.craters", 2), "squares[4].craters: only a volcano has craters"),
    (_bad("squares.1.token", 7), "squares[1].token: must be 1–3, not 7"),
    (_bad("squares.4.token", 1), "squares[4].token: a fire token cannot lie"),
    (_bad("squares.0.resource", "fish"), "squares[0].resource: this square's resource icon "
                                         "is 'mammoth', not 'fish'"),
    (_bad("squares.4.resource", "flint"), "squares[4].resource: this square's resource icon "
                                          "is none"),
    (_bad("squares.3.caveman", "zz"), "squares[3].caveman: unknown caveman 'zz'"),
    (_bad("squares.2.caveman", "hunter"), "squares[2].caveman: a caveman cannot stand"),
    (_bad("squares.0.col", 5), "squares: the kingdom spans 6 columns, more than size 5"),
])
def test_bad_json_is_one_line_naming_the_field(data: Any, words: str) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(OriginsError) as info:
        OriginsKingdom.from_json(text)
    message = str(info.value)
    assert words in message and "\n" not in message


def test_a_bad_json_leaves_nothing_half_read() -> None:
    """Reading is all or nothing: a good file read after a bad one is unaffected."""
    with pytest.raises(OriginsError):
        OriginsKingdom.from_json(_bad("squares.1.token", 9))
    assert OriginsKingdom.from_json(GOOD).to_json() == GOOD
