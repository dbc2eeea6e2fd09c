"""The Origins Discovery solver against brute force: every order, placement and landing."""

from __future__ import annotations

import pytest

from kingdomino_kit.origins import Domino, Half, OriginsKingdom, Resource, sample_catalogue
from kingdomino_kit.origins.errors import OriginsError
from kingdomino_kit.origins.fire import TOKEN_SUPPLY
from kingdomino_kit.origins.scoring import score_sheet
from kingdomino_kit.origins.solver import OPTIMAL, solve_discovery

CAT = sample_catalogue()


def brute_force(dominoes: list[Domino], *, empire: bool = False,
                rivals: dict[Resource, int] | None = None) -> int:
    """Best total over every subset, order, legal placement and legal landing (or none when
    no square allows it), with the box's token supply; with ``rivals``, Totem mode's total
    (resources left, each totem whose resource beats the rival's count)."""
    best = 0
    seen: set[object] = set()

    def total(k: OriginsKingdom) -> int:
        if rivals is None:
            return score_sheet(k, empire_of_fire=empire, homo_habilis=False).total
        won = [r for r, n in k.resource_counts().items() if n > rivals.get(r, 0)]
        return score_sheet(k, "totem", totems=won, empire_of_fire=empire).total

    def search(k: OriginsKingdom, left: frozenset[int], supply: tuple[int, int, int]) -> None:
        nonlocal best
        key = (k.key(), left, supply)
        if key in seen:
            return
        seen.add(key)
        best = max(best, total(k))
        for i in left:
            for p in k.legal_placements(dominoes[i]):
                after = k.copy()
                after.place(p)
                for done, sup in throws(after, p.volcanoes(), supply):
                    search(done, left - {i}, sup)

    def throws(k: OriginsKingdom, volcanoes: list[tuple[tuple[int, int], int]],
               supply: tuple[int, int, int]) -> list[tuple[OriginsKingdom, tuple[int, int, int]]]:
        if not volcanoes:
            return [(k, supply)]
        (cell, fire), rest = volcanoes[0], volcanoes[1:]
        if supply[fire - 1] == 0:
            return throws(k, rest, supply)
        sup = tuple(n - (j == fire - 1) for j, n in enumerate(supply))
        targets = k.fire_targets(cell, fire)
        out = []
        for t in targets or [None]:
            after = k.copy()
            after.throw(cell, fire, t)
            out.extend(throws(after, rest, sup))  # type: ignore[arg-type]
        return out

    search(OriginsKingdom(with_resources=rivals is not None), frozenset(range(len(dominoes))),
           tuple(TOKEN_SUPPLY.values()))
    return best


def D(number: int, a: str, b: str) -> Domino:
    return Domino(number, Half.parse(a), Half.parse(b))


@pytest.mark.parametrize("dominoes", [
    [D(1, "V1", "G"), D(2, "G1", "D")],          # the token should join the meadow
    [D(1, "V3", "L"), D(2, "L2", "L")],          # 3 fires, 1 square away
    [D(1, "V2", "Q1"), D(2, "F", "F")],          # no fire symbol to land on next to it
    [D(1, "G1", "V1"), D(2, "V2", "G")],         # two tokens
])
def test_solver_matches_brute_force_on_two_dominoes(dominoes: list[Domino]) -> None:
    sol = solve_discovery(dominoes, workers=1)
    assert sol.status == OPTIMAL
    assert sol.score == brute_force(dominoes)
    assert sol.kingdom is not None
    again = OriginsKingdom()
    for p in sol.order:                       # the order and throws replay through the rules
        again.place(p)
        for t in sol.throws:
            if t.volcano in p.cells:
                again.throw(t.volcano, t.fire, t.target)
    assert again == sol.kingdom and again.score() == sol.score


def test_solver_empire_of_fire_matches_brute_force() -> None:
    dominoes = [D(1, "Q3", "G"), D(2, "Q", "D")]
    sol = solve_discovery(dominoes, empire_of_fire=True, workers=1)
    assert sol.score == brute_force(dominoes, empire=True) == 10 + 6   # Q3 Q joined, in the 5×5


@pytest.mark.parametrize(("dominoes", "rivals"), [
    pytest.param([D(1, "V1", "G"), D(2, "G1", "G")], {Resource.MAMMOTH: 0},  # burns a mammoth
                 marks=pytest.mark.sweep),  # near the solver's 60 s under load: a sweep
    pytest.param([D(1, "V2", "L"), D(2, "L", "L1")], {Resource.FISH: 1},  # fire or fish totem?
                 marks=pytest.mark.sweep),
    ([D(1, "V3", "Q"), D(2, "Q", "F")], {Resource.FLINT: 1, Resource.MUSHROOM: 1}),
    pytest.param([D(1, "G", "Q1"), D(2, "V1", "Q")], {},          # rivals with nothing
                 marks=pytest.mark.sweep),
])
def test_totem_solver_matches_brute_force(dominoes: list[Domino],
                                          rivals: dict[Resource, int]) -> None:
    sol = solve_discovery(dominoes, workers=1, rivals=rivals)
    assert sol.status == OPTIMAL
    assert sol.score == brute_force(dominoes, rivals=rivals)
    assert sol.kingdom is not None and sol.kingdom.with_resources


@pytest.mark.slow
def test_solver_matches_brute_force_on_three_dominoes() -> None:
    # a 2-fire volcano beside a quarry: half the brute force's tree of V2|G (make test-sweeps)
    dominoes = [D(1, "V2", "Q"), D(2, "G", "G"), D(3, "L1", "G")]
    sol = solve_discovery(dominoes, workers=1)
    assert sol.status == OPTIMAL and sol.score == brute_force(dominoes)


def test_solver_rejects_bad_input() -> None:
    with pytest.raises(OriginsError, match="more than once"):
        solve_discovery([CAT[1], CAT[1]])
    assert solve_discovery(CAT.dominoes("36,18"), workers=1).score == 4     # the doc example
    with pytest.raises(OriginsError, match="cannot fit"):
        solve_discovery(list(CAT)[:13])


def test_a_token_must_land_when_a_square_allows_it() -> None:
    """G|V1 and V2|L2: whichever comes first, V1's token must take the meadow (its only
    square), so the 2-fire token never does: 1 + 2 = 3, not the 2 + 2 = 4 of optional landing."""
    from kingdomino_kit.origins.solver import OriginsModelData, _extract, _solve, build_model

    dominoes = (D(1, "G", "V1"), D(2, "V2", "L2"))
    assert brute_force(list(dominoes)) == 3
    data = OriginsModelData(5, (0, 0), dominoes)
    relaxed = build_model(data, mandatory=frozenset())
    solver, _ = _solve(relaxed, 60, 1, 0)
    *_, skipped = _extract(relaxed, solver)
    assert round(solver.objective_value) == 4 and skipped      # illegal: a token skipped
    exact = build_model(data)
    solver, _ = _solve(exact, 60, 1, 0)
    *_, skipped = _extract(exact, solver)
    assert round(solver.objective_value) == 3 and not skipped


@pytest.mark.sweep
def test_solver_matches_brute_force_on_three_dominoes_around_a_meadow() -> None:
    dominoes = [D(1, "V2", "G"), D(2, "G", "G"), D(3, "L1", "G")]
    sol = solve_discovery(dominoes, workers=1)
    assert sol.status == OPTIMAL and sol.score == brute_force(dominoes)
