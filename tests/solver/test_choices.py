"""The choices of a pool (:mod:`kingdomino_kit.solver.choices`) against a brute force over every
k-subset, written here from the definitions (terrain totals counted square by square)."""

from __future__ import annotations

import itertools
import random

import pytest

from kingdomino_kit.dominoes import DOMINOES, Domino, Half
from kingdomino_kit.solver.choices import choice_bound, choices
from kingdomino_kit.solver.pieces import Piece, pieces_of


def _bound(dominoes: list[Domino], fixed: tuple[Half, ...] = ()) -> int:
    squares: dict[str, int] = {}
    crowns: dict[str, int] = {}
    for h in [*(h for d in dominoes for h in (d.first, d.second)), *fixed]:
        squares[h.terrain.letter] = squares.get(h.terrain.letter, 0) + 1
        crowns[h.terrain.letter] = crowns.get(h.terrain.letter, 0) + h.crowns
    return sum(squares[t] * crowns[t] for t in squares)


def _better(a: Domino, b: Domino) -> bool:
    """a could replace b: the same two terrains, no fewer crowns on either, more in total."""
    for x, y in (((a.first, b.first), (a.second, b.second)),
                 ((a.first, b.second), (a.second, b.first))):
        if all(p.terrain == q.terrain and p.crowns >= q.crowns for p, q in (x, y)):
            return a.first.crowns + a.second.crowns > b.first.crowns + b.second.crowns
    return False


def _closed(subset: tuple[Domino, ...], pool: list[Domino]) -> bool:
    chosen = {d.number for d in subset}
    return all(a.number in chosen for b in subset for a in pool if _better(a, b))


def _counts(subset: tuple[Domino, ...], pieces: tuple[Piece, ...]) -> tuple[int, ...]:
    chosen = {d.number for d in subset}
    return tuple(sum(n in chosen for n in p.numbers) for p in pieces)


def _pools(count: int, seed: int) -> list[list[Domino]]:
    rng = random.Random(seed)
    return [rng.sample(list(DOMINOES), rng.randint(6, 11)) for _ in range(count)]


@pytest.mark.parametrize("pool", _pools(12, seed=3) + [list(DOMINOES[20:30])])
def test_choices_are_every_closed_subset_best_first(pool: list[Domino]) -> None:
    pieces = pieces_of(pool)
    for k in (1, 3, 5):
        brute = {}
        best = 0
        for subset in itertools.combinations(pool, k):
            best = max(best, _bound(list(subset)))
            if _closed(subset, pool):
                brute[_counts(subset, pieces)] = _bound(list(subset))
        listed = list(choices(pieces, k))
        assert {c.counts: c.bound for c in listed} == brute
        assert len({c.counts for c in listed}) == len(listed)
        assert [c.bound for c in listed] == sorted((c.bound for c in listed), reverse=True)
        assert choice_bound(pieces, k) == best
        cut = listed[len(listed) // 2].bound
        assert list(choices(pieces, k, at_least=cut)) == [c for c in listed if c.bound >= cut]


def test_fixed_squares_count_in_the_bound() -> None:
    pool = [DOMINOES[n - 1] for n in (41, 36, 1, 48, 13)]
    fixed = (DOMINOES[47].first, DOMINOES[47].second, DOMINOES[44].first)   # W, M3, M2
    pieces = pieces_of(pool)
    for k in (1, 2, 3):
        expected = max(_bound(list(s), fixed) for s in itertools.combinations(pool, k))
        assert choice_bound(pieces, k, fixed) == expected


def test_more_than_the_pool_takes_the_whole_pool() -> None:
    pool = [DOMINOES[n - 1] for n in (41, 36, 1)]
    listed = list(choices(pieces_of(pool), 5))
    assert [c.size for c in listed] == [3]
    assert listed[0].bound == _bound(pool)


def test_the_box_bounds() -> None:
    """The whole box: 128 for 12 dominoes (the one closed choice above 126 is listed), 272 for
    24. The brute force cannot go there; the choices found are checked square by square."""
    box = pieces_of(DOMINOES)
    assert choice_bound(box, 12) == 128
    assert choice_bound(box, 24) == 272
    top = list(choices(box, 12, at_least=127))
    assert [sorted(c.numbers(box)) for c in top] == [
        [12, 22, 23, 38, 39, 40, 43, 44, 45, 46, 47, 48]]
    for c in choices(box, 24, at_least=271):
        assert c.size == 24
        chosen = tuple(DOMINOES[n - 1] for n in c.numbers(box))
        assert _bound(list(chosen)) == c.bound >= 271
        assert _closed(chosen, list(DOMINOES))
