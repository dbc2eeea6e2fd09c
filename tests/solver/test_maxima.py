"""The records of the proven maxima (``kingdomino_kit/solver/maxima/*.json``, written by
``scripts/prove_maxima.py``) re-checked: every layout replays through the rules and scores as
recorded, and every bound is proven again.

A record's bound rests on two facts: the exact choice bound (no choice of k dominoes has a
larger Σ squares × crowns; recomputed here) and, for each choice whose terrain bound plus the
bonuses is above the score, a proof that its best kingdom does not beat the score (re-solved here
on 5×5; on 7×7 every record's score reaches the choice bound plus the bonuses, so the list is
empty and the check is the arithmetic).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit import Kingdom
from kingdomino_kit.dominoes import DOMINOES, domino
from kingdomino_kit.kingdom import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS, Placement
from kingdomino_kit.solver import best_kingdom
from kingdomino_kit.solver.choices import choice_bound, choices
from kingdomino_kit.solver.pieces import pieces_of
from tests import reference

RECORDS = sorted((Path(__file__).resolve().parents[2] / "kingdomino_kit" / "solver" / "maxima")
                 .glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def test_all_eight_cases_are_recorded() -> None:
    names = {_load(p)["name"] for p in RECORDS}
    assert names == {f"{n}x{n}-{b}" for n in (5, 7) for b in ("none", "middle", "harmony",
                                                                "both")}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_the_layout_replays_and_scores_as_recorded(path: Path) -> None:
    rec = _load(path)
    kingdom = Kingdom(rec["size"])
    for step in rec["order"]:
        kingdom.place(Placement(domino(step["domino"]), tuple(step["first"]),
                                tuple(step["second"])))
    assert kingdom.to_text() == rec["grid"]
    numbers = [step["domino"] for step in rec["order"]]
    assert len(set(numbers)) == len(numbers) <= rec["choose"]
    assert sorted(numbers) == rec["dominoes"]
    assert kingdom.total(middle_kingdom=rec["middle_kingdom"],
                         harmony=rec["harmony"]) == rec["score"]
    # the slow reference flood fill agrees on the properties' score
    bonus = kingdom.bonus(middle_kingdom=rec["middle_kingdom"], harmony=rec["harmony"])
    assert reference.score(reference.grid_of(kingdom)) + bonus == rec["score"]
    if rec["harmony"]:
        assert kingdom.is_harmony() and len(numbers) == rec["choose"]


@pytest.mark.parametrize("path", [  # a 5×5 record with a choice to re-solve and a 7×7 one in
    pytest.param(p, id=p.stem,      # make test, every record in make test-sweeps
                 marks=[] if p.stem in ("5x5-both", "7x7-both") else [pytest.mark.sweep])
    for p in RECORDS])
def test_the_bound_is_proven_again(path: Path) -> None:
    rec = _load(path)
    box = pieces_of(DOMINOES)
    k = rec["choose"]
    bonus = MIDDLE_KINGDOM_BONUS * rec["middle_kingdom"] + HARMONY_BONUS * rec["harmony"]
    assert rec["bonus_at_most"] == bonus
    assert choice_bound(box, k) == rec["choice_bound"]
    above = [sorted(c.numbers(box)) for c in choices(box, k, at_least=rec["score"] - bonus + 1)]
    assert above == rec["choices_above_score"]
    assert rec["score"] <= rec["bound"] <= rec["choice_bound"] + bonus
    assert rec["gap"] == rec["bound"] - rec["score"]
    assert (rec["status"] == "OPTIMAL") == (rec["gap"] == 0)
    if rec["status"] != "OPTIMAL":  # a bound short of the score: nothing more to re-prove here
        return
    for numbers in above:  # each could beat the score on paper: its solve says it cannot
        assert rec["size"] == 5, "a 7×7 choice to re-prove: too slow for the suite"
        sol = best_kingdom([domino(n) for n in numbers], size=rec["size"],
                           middle_kingdom=rec["middle_kingdom"], harmony=rec["harmony"],
                           workers=2, time_limit_s=600)
        assert sol.status in ("optimal", "infeasible")
        assert sol.bound <= rec["score"]
