"""The scoring rules as one value: validation, forms, and the scores they give."""

from __future__ import annotations

import json

import pytest

from kingdomino_kit import Kingdom, KingdominoError, Rules
from kingdomino_kit.rules import POINTS, RulesError, rules_or_flags
from tests import reference

ALL = [Rules(size, middle, harmony) for size in (5, 7) for middle in (False, True)
       for harmony in (False, True)]


@pytest.mark.parametrize("rules", ALL)
def test_forms_give_the_value_back(rules: Rules) -> None:
    assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules
    assert Rules.parse(str(rules)) == rules
    assert hash(Rules.parse(str(rules))) == hash(rules)
    assert rules.bonus_bound == 10 * rules.middle_kingdom + 5 * rules.harmony


def test_the_json_form_is_the_puzzle_and_log_fields() -> None:
    assert Rules(7, harmony=True).to_json() == {"size": 7, "middle_kingdom": False,
                                                "harmony": True}
    assert Rules.from_json({}) == Rules()          # written before any bonus rule: all off
    assert str(Rules()) == "5x5" and str(Rules(7, True, True)) == "7x7+middle_kingdom+harmony"


@pytest.mark.parametrize("bad", [
    {"size": 6}, {"size": "5"}, {"size": True}, {"size": 5.0}, {"middle_kingdom": 1},
    {"harmony": "yes"}, {"harmony": None},
])
def test_wrong_values_raise_one_line(bad: dict[str, object]) -> None:
    with pytest.raises(RulesError) as error:
        Rules(**bad)  # type: ignore[arg-type]
    assert isinstance(error.value, KingdominoError) and "\n" not in str(error.value)
    with pytest.raises(RulesError, match="puzzle.rules"):
        Rules.from_json(bad, "puzzle.rules")


@pytest.mark.parametrize("bad", ["", "6x6", "5x5+", "5x5+castle", "5X5", 5, None])
def test_wrong_text_raises(bad: object) -> None:
    with pytest.raises(RulesError):
        Rules.parse(bad)


@pytest.mark.parametrize("bad", [[], "5x5", {"size": 5, "extra": True}])
def test_wrong_json_raises(bad: object) -> None:
    with pytest.raises(RulesError):
        Rules.from_json(bad)


def test_frozen() -> None:
    with pytest.raises(AttributeError):
        Rules().harmony = True  # type: ignore[misc]
    assert len({Rules(), Rules(), Rules(harmony=True)}) == 2


def test_without_and_flags() -> None:
    both = Rules(middle_kingdom=True, harmony=True)
    assert both.without("harmony", "middle_kingdom") == Rules()
    with pytest.raises(RulesError):
        both.without("castle")
    assert rules_or_flags(None, size=7, harmony=True) == Rules(7, harmony=True)
    with pytest.raises(RulesError):
        rules_or_flags(both, middle_kingdom=True)
    with pytest.raises(KingdominoError):
        rules_or_flags("5x5")
    assert list(POINTS) == ["middle_kingdom", "harmony"]


@pytest.mark.parametrize("text", [
    "W W W W W / F F1 F F F / L L C L2 L / G G G G G / S S M3 S S",   # full and centred
    "C W2 W W", "W C W1", ". W . . / . W . . / . C W W / . W . . / . W . .",
])
def test_kingdom_scores_under_every_rules_value(text: str) -> None:
    kingdom = Kingdom.from_text(text)
    grid = reference.grid_of(kingdom)
    for rules in ALL[:4]:
        want = reference.tiebreak_key(grid, 5, middle_kingdom=rules.middle_kingdom,
                                      harmony=rules.harmony)
        assert kingdom.tiebreak_key(rules) == want
        assert kingdom.total(rules) == want[0]
        assert kingdom.total(middle_kingdom=rules.middle_kingdom,
                             harmony=rules.harmony) == want[0]


@pytest.mark.parametrize("kingdom", [None, 3, "C W", object()])
def test_totalling_what_is_not_a_kingdom_is_a_rules_error(kingdom: object) -> None:
    with pytest.raises(RulesError, match="expected a kingdom"):
        Rules().total(kingdom)  # type: ignore[arg-type]
