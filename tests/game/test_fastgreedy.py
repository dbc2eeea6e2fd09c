"""The fast greedy values and choices (``FastGreedy``, game/fast/greedy.py) against the
readable ones (the methods of ``Greedy``), on random kingdoms of both sizes, every bonus mix
and other weights — negative ones too, where the bounds are not used."""

from __future__ import annotations

import random

import pytest

from kingdomino_kit.bitkingdom import BitKingdom
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game import GameOptions
from kingdomino_kit.game.fast.greedy import FastGreedy, greedy_engine
from kingdomino_kit.game.greedy import Greedy
from kingdomino_kit.game.playout import PIECES
from kingdomino_kit.rules import Rules


def positions(seed: int, n: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    for _ in range(n):
        size = rng.choice([5, 5, 7])
        options = GameOptions(players=2, variant="mighty-duel" if size == 7 else "standard",
                              rules=Rules(size, middle_kingdom=rng.random() < 0.5,
                                          harmony=rng.random() < 0.5))
        weights = {"hole": rng.choice([None, 2.7, 0.0, -1.3]),
                   "adjacency": rng.choice([None, 0.3, 1.1, -0.4])}
        kingdom = BitKingdom(size)
        for _ in range(rng.randrange(0, 24 if size == 5 else 48)):
            t1, k1, t2, k2, double = PIECES[rng.randrange(48)]
            masks = kingdom.legal_masks(t1, t2, double)
            count = kingdom.placement_count(masks)
            if count:
                first, second = kingdom.nth_placement(masks, rng.randrange(count))
                kingdom.put(first, second, t1, k1, t2, k2)
        yield options, weights, kingdom, rng


def test_values_after_each_placement_are_the_plain_ones() -> None:
    for options, weights, kingdom, rng in positions(1, 600):
        fast, plain = FastGreedy(options, **weights), Greedy(options, **weights)
        number = rng.randrange(1, 49)
        t1, _, t2, _, double = PIECES[number - 1]
        masks = kingdom.legal_masks(t1, t2, double)
        assert fast.after(kingdom, number, masks) == plain.after(kingdom, number, masks)
        numbers = rng.sample(range(1, 49), rng.randrange(1, 5))
        assert fast.claim_values(kingdom, numbers) == plain.claim_values(kingdom, numbers)


def test_choices_and_draws_are_the_plain_ones() -> None:
    for options, weights, kingdom, rng in positions(2, 400):
        fast, plain = FastGreedy(options, **weights), Greedy(options, **weights)
        number = rng.randrange(1, 49)
        t1, _, t2, _, double = PIECES[number - 1]
        masks = kingdom.legal_masks(t1, t2, double)
        count = kingdom.placement_count(masks)
        claimable = rng.sample(range(1, 49), rng.randrange(1, 5))
        discard = not count or rng.random() < 0.3
        seed = rng.getrandbits(32)
        before = kingdom.copy()
        a, b = random.Random(seed), random.Random(seed)
        assert fast.choose_placement(kingdom, number, masks, count, claimable, discard, a) == \
            plain.choose_placement(kingdom, number, masks, count, claimable, discard, b)
        assert fast.choose_claim(kingdom, claimable, a) == plain.choose_claim(kingdom,
                                                                              claimable, b)
        assert a.random() == b.random()  # the same draws
        assert kingdom == before and kingdom.bounds == before.bounds


def test_ties_are_drawn_as_the_plain_greedy_draws_them() -> None:
    """The empty kingdom: many placements tie; the draw picks the same one."""
    k = BitKingdom()
    t1, _, t2, _, double = PIECES[0]  # W|W
    masks = k.legal_masks(t1, t2, double)
    count = k.placement_count(masks)
    picks = {FastGreedy().choose_placement(k, 1, masks, count, [2, 3], False, random.Random(s))
             for s in range(30)}
    assert len(picks) > 1
    for s in range(30):
        assert FastGreedy().choose_placement(k, 1, masks, count, [2, 3], False,
                                             random.Random(s)) \
            == Greedy().choose_placement(k, 1, masks, count, [2, 3], False, random.Random(s))


def test_an_unknown_engine_is_refused() -> None:
    with pytest.raises(KingdominoError, match="engine must be fast or plain"):
        greedy_engine("turbo")
