"""No voluntary discard: a domino left out of an answer has no legal placement in the final
kingdom. The model's clauses (:func:`kingdomino_kit.solver.discard.add_no_discard`) are checked
against the slow reference's own legal placements on pinned random layouts, the whole solver
against the exhaustive search of ``tests/reference.py``, and the replay rejects a layout that
leaves out a domino that fits."""

from __future__ import annotations

import random

import pytest

from kingdomino_kit import Kingdom, domino
from kingdomino_kit.dominoes import DOMINOES, Domino, dominoes
from kingdomino_kit.errors import SolverBug
from kingdomino_kit.kingdom import Placement
from kingdomino_kit.solver import SolverSettings, best_kingdom, replay_order
from kingdomino_kit.solver.data import model_data
from kingdomino_kit.solver.discard import complete, discard_error
from kingdomino_kit.solver.layout import placement_variables
from tests import reference
from tests.reference import check_solution, exhaustive_best
from tests.solver.test_set_model import pin, solve

# Castle in the middle row; row 2 (castle-relative) empty: W|W fits only in row −3, outside the
# centred 5 × 5 frame, so placing it costs the Middle Kingdom bonus.
NARROW = Kingdom.from_text("""
W  W  W  W  W
F  F  F  F  F
F  F  C  F  F
L1 L  L  L  L
""")


def _castles(k: Kingdom, size: int) -> list[tuple[int, int]]:
    """Every frame cell of the castle that keeps the kingdom inside the frame."""
    rmin, rmax, cmin, cmax = k.bounds
    return [(r, c) for r in range(-rmin, size - rmax) for c in range(-cmin, size - cmax)]


@pytest.mark.parametrize("seed", [s if s < 12 else pytest.param(s, marks=pytest.mark.sweep)
                                  for s in range(30)])  # 12 layouts (4 on 7×7) in make test
def test_clauses_agree_with_the_reference_legal_placements(seed: int) -> None:
    """A random layout pinned in the model, with a few dominoes left out, is allowed exactly
    when none of them has a legal placement by the reference — whatever the castle's frame cell
    (a kingdom narrower than the frame has placements outside it)."""
    rng = random.Random(seed)
    size = 5 if seed % 3 else 7
    k, used, placements = _random_layout(rng, rng.randint(2, 10 if size == 5 else 18), size)
    numbers = {d.number for d in used}
    extra = rng.sample([d for d in DOMINOES if d.number not in numbers], rng.randint(1, 3))
    grid = reference.grid_of(k)
    fits = [d for d in extra if reference.legal_placements(grid, d, size)]
    for castle in rng.sample(_castles(k, size), min(3, len(_castles(k, size)))):
        data = model_data([*used, *extra], size=size, castle=castle,
                          settings=SolverSettings(symmetry=False))
        lm = placement_variables(data)
        pin(lm, placements, castle)
        lm.model.maximize(0)
        status, _ = solve(lm)
        assert status == ("INFEASIBLE" if fits else "OPTIMAL"), (castle, fits, k)


def _random_layout(rng: random.Random, count: int, size: int
                   ) -> tuple[Kingdom, list[Domino], list[Placement]]:
    """A kingdom grown by random legal placements, its dominoes and its placements."""
    k = Kingdom(size)
    used: list[Domino] = []
    placements: list[Placement] = []
    for d in rng.sample(list(DOMINOES), 48):
        if len(used) == count:
            break
        options = k.legal_placements(d)
        if options:
            placements.append(rng.choice(options))
            k.place(placements[-1])
            used.append(d)
    return k, used, placements


def test_middle_kingdom_lost_when_the_rule_forces_a_domino_in() -> None:
    """W|W fits only above the wheat row: placing it moves the kingdom off centre (−10), yet it
    must be placed; the loose reading keeps the +10 and leaves it out."""
    for beam in (True, False):
        for model in ("sets", "ranks"):
            strict = best_kingdom([domino(1)], start=NARROW, middle_kingdom=True, workers=1,
                                  settings=SolverSettings(beam=beam, model=model))
            loose = best_kingdom([domino(1)], start=NARROW, middle_kingdom=True, workers=1,
                                 settings=SolverSettings(beam=beam, model=model,
                                                         free_discard=True))
            assert (strict.status, strict.score, strict.discarded) == ("optimal", 5, ())
            assert (loose.status, loose.score, loose.discarded) == ("optimal", 15, (1,))
    assert exhaustive_best([domino(1)], start=NARROW, middle_kingdom=True) == 5
    assert exhaustive_best([domino(1)], start=NARROW, middle_kingdom=True, free_discard=True) == 15


def test_the_issue_set_places_every_domino_that_fits() -> None:
    """Without Middle Kingdom the rule never lowers the best score (one more domino never
    lowers a score), so the loose reading's optimum is the one to reach."""
    doms = dominoes("3,17,22,41,48")
    sol = best_kingdom(doms, workers=1)
    loose = best_kingdom(doms, workers=1, settings=SolverSettings(free_discard=True))
    assert (sol.status, loose.status) == ("optimal", "optimal")
    assert sol.score == sol.bound == loose.score
    check_solution(sol, doms)
    assert len(sol.order) == 5 and sol.to_json()["discarded"] == []


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("model", ["sets", "ranks"])
def test_models_alone_agree_with_the_exhaustive_search_with_middle_kingdom(
        seed: int, model: str) -> None:
    """Beam off, so the model does all the work, on a start that leaves little room."""
    rng = random.Random(seed)
    doms = rng.sample([d for d in DOMINOES if d.number <= 24], 2)
    sol = best_kingdom(doms, start=NARROW, middle_kingdom=True, workers=1,
                       settings=SolverSettings(beam=False, model=model))
    expected = exhaustive_best(doms, start=NARROW, middle_kingdom=True)
    assert (sol.status, sol.score, sol.bound) == ("optimal", expected, expected)
    check_solution(sol, doms, NARROW, middle_kingdom=True)


def test_replay_rejects_a_layout_that_leaves_out_a_domino_that_fits() -> None:
    placement = Placement(domino(41), (0, 1), (0, 2))
    kingdom, _ = replay_order([placement])
    assert kingdom.legal_placements(domino(48))  # beside the castle, for one
    with pytest.raises(SolverBug, match="domino 48 is left out"):
        replay_order([placement], given=dominoes("41,48"), choose=None)


def test_replay_accepts_a_domino_that_fits_nowhere() -> None:
    kingdom, _ = replay_order([], NARROW, given=dominoes("10"))  # G|G: no grassland anywhere
    assert not kingdom.legal_placements(domino(10))
    assert discard_error(NARROW, [], dominoes("10")) is None


def test_choose_needs_dominoes_that_fit_nowhere_to_make_up_k() -> None:
    assert discard_error(Kingdom(5), [], dominoes("1,7"), choose=1) is not None
    assert discard_error(NARROW, [], dominoes("10,12"), choose=2) is None
    assert discard_error(NARROW, [], dominoes("7,10"), choose=2) is not None  # L|L fits below


def test_complete_places_what_fits() -> None:
    kingdom, order = complete(Kingdom(5), (), dominoes("41,48,36"))
    assert len(order) == 3 and discard_error(kingdom, [p.domino.number for p in order],
                                             dominoes("41,48,36")) is None
    kingdom, order = complete(NARROW, (), dominoes("1,10"))
    assert [p.domino.number for p in order] == [1]
