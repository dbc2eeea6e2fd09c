"""The connected-tiling search on the top level of a full frame, against the frame search.

Every answer is checked against the compiled frame search (itself tested against the Python
one and against exhaustive search) asked the same question: a layout of every domino scoring
the terrain bound with every bonus. A found layout is built by the rules and scored."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from kingdomino_kit.dominoes import DOMINOES, Domino, dominoes
from kingdomino_kit.errors import SolverError
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver.connected_tiling import connected_tiling, forbidden_graphs
from kingdomino_kit.solver.frame_compiled import frame_search_compiled
from kingdomino_kit.solver.frame_proof import frame_levels, frame_placements
from kingdomino_kit.solver.frame_search import top_level
from kingdomino_kit.solver.solution import replay_order


def _sample(count: int, seed: int) -> list[tuple[list[Domino], Rules]]:
    """Twelve crowned dominoes (19–48) each, without and with both bonuses in turn."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        doms = sorted(rng.sample(list(DOMINOES[18:]), 12), key=lambda d: d.number)
        out.append((doms, Rules(5, middle_kingdom=i % 2 == 1, harmony=i % 2 == 1)))
    return out


def _answer(doms: list[Domino], rules: Rules) -> tuple[bool, bool]:
    """(the connected tiling found the top level, the frame search did)."""
    top = top_level(doms, rules)
    assert top is not None
    got = connected_tiling(doms, rules, time.monotonic() + 600)
    want = frame_search_compiled(doms, rules, time.monotonic() + 600, top - 1, place_all=True)
    assert got.complete and want.complete
    if got.value >= 0:
        assert got.value == top
        kingdom, _ = replay_order(frame_placements(got, rules.size), None, rules.size)
        assert rules.total(kingdom) == top
    return got.value >= 0, want.value >= top


def test_agrees_with_the_frame_search_on_crowned_sets() -> None:
    answers = [_answer(doms, rules) for doms, rules in _sample(12, 11)]
    assert all(a == b for a, b in answers)
    assert {a for a, _ in answers} == {True, False}  # both found and refuted in the sample


@pytest.mark.parametrize("numbers, bonuses", [
    ("3,4,8,9,11,12,13,16,17,18,34,40", True),    # four uncrowned terrains: built by the rules
    ("1,2,3,6,10,16,17,26,33,38,41,45", True),
])
def test_agrees_where_terrains_have_no_crowns(numbers: str, bonuses: bool) -> None:
    doms = dominoes(numbers)
    found, want = _answer(doms, Rules(5, middle_kingdom=bonuses, harmony=bonuses))
    assert found == want


def test_forbidden_graphs_are_every_k5_and_k33() -> None:
    masks = [int(m) for m in forbidden_graphs()]
    assert len(masks) == 56 + 280 and len(set(masks)) == len(masks)
    assert sorted({bin(m).count("1") for m in masks}) == [9, 10]

    def edges(pairs: list[tuple[int, int]]) -> int:
        return sum(1 << (8 * min(i, j) + max(i, j)) for i, j in pairs)
    octahedron = edges([(i, j) for i, j in itertools.combinations(range(6), 2)
                        if (i, j) not in ((0, 1), (2, 3), (4, 5))])   # planar, 12 edges
    assert not any(m & octahedron == m for m in masks)
    k5 = edges(list(itertools.combinations(range(1, 6), 2)))
    k33 = edges([(i, j) for i in (0, 2, 7) for j in (1, 3, 6)])
    assert any(m & k5 == m for m in masks) and any(m & k33 == m for m in masks)


def test_top_level_needs_a_full_frame() -> None:
    doms = dominoes("41,44")
    assert top_level(doms, Rules(5)) is None
    with pytest.raises(SolverError, match="do not fill a 5×5 frame exactly"):
        connected_tiling(doms, Rules(5), time.monotonic() + 1)


def test_frame_levels_settle_the_top_level_first() -> None:
    """The frame search's levels, the connected tiling first: what they settle agrees with the
    compiled frame search's optimum."""
    for doms, rules in _sample(4, 11):
        top = top_level(doms, rules)
        assert top is not None
        got = frame_levels(doms, rules, best=0, bound=top, deadline=time.monotonic() + 600,
                           below=lambda level: level)
        optimum = frame_search_compiled(doms, rules, time.monotonic() + 600, -1).value
        assert got.refuted_above == optimum
        assert got.found is not None and got.found.value == optimum


def test_every_order_of_the_kinds_gives_the_same_answer() -> None:
    """The tie-break orders change where the search looks first, never what it settles: each
    order alone, over every castle cell, agrees with the frame search."""
    from kingdomino_kit.solver.connected_kernels import FOUND
    from kingdomino_kit.solver.connected_tiling import _Tiling, kind_orders
    from kingdomino_kit.solver.frame_search import castle_cells

    wants = set()
    for doms, rules in _sample(4, 11):
        _, want = _answer(doms, rules)
        wants.add(want)
        n, centre = rules.size, (rules.size // 2) * (rules.size + 1)
        cells = [c for c in castle_cells(n) if sum(divmod(c, n)) % 2 == 0
                 and (c == centre or not rules.middle_kingdom)]
        kinds = len(_Tiling(doms, n).members)
        for order in kind_orders(kinds, 4):
            found = False
            for castle in cells:
                tiling = _Tiling(doms, n)
                assert tiling.over(castle, 10**9, order)
                found |= bool(tiling.st[FOUND])
            assert found == want
    assert wants == {True, False}


def test_kind_orders_are_fixed_permutations() -> None:
    from kingdomino_kit.solver.connected_tiling import kind_orders

    first, again = kind_orders(13, 8), kind_orders(13, 8)
    assert [o.tolist() for o in first] == [o.tolist() for o in again]
    assert first[0].tolist() == list(range(13))
    assert all(sorted(o.tolist()) == list(range(13)) for o in first)
    assert len({tuple(o.tolist()) for o in first}) == 8
