"""Playouts on bitboards (BitGame) against the full engine, game for game; the greedy values
against slow, obvious references."""

from __future__ import annotations

import random

import pytest

from kingdomino_kit import Kingdom, Placement, domino
from kingdomino_kit.bitkingdom import BitKingdom
from kingdomino_kit.bots import RandomBot
from kingdomino_kit.draft import drive
from kingdomino_kit.game import Game, GameOptions, play
from kingdomino_kit.game.bots import GreedyBot
from kingdomino_kit.game.greedy import Greedy, GreedyPolicy, adjacent_pairs, holes, pick_best
from kingdomino_kit.game.playout import PIECES, BitGame, RandomPolicy
from kingdomino_kit.rules import Rules
from tests import reference
from tests.game.test_game_simulate import random_options


def advance(game: Game, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])


def test_a_playout_from_any_state_is_the_game_the_engine_plays() -> None:
    """Mid-game, with the real deck: random policies continue exactly as random bots."""
    rng = random.Random(17)
    for n in range(120):
        options = random_options(rng)
        game = Game(options, rng.getrandbits(32))
        advance(game, rng.randrange(0, 80), rng)
        fast = BitGame.from_game(game)
        seeds = [rng.getrandbits(32) for _ in range(options.players)]
        fast.run([RandomPolicy(RandomBot(s).rng) for s in seeds])
        slow = game.copy()
        drive(slow, [RandomBot(s) for s in seeds])
        assert fast.results() == slow.results(), (n, options)
        assert fast.winners() == slow.winners()


def test_a_determinization_is_the_engines_determinization() -> None:
    rng = random.Random(3)
    for n in range(40):
        options = random_options(rng)
        game = Game(options, n)
        advance(game, rng.randrange(0, 60), rng)
        if game.is_over:
            continue
        obs = game.observation()
        fast = BitGame.from_observation(obs, random.Random(n))
        slow = Game.from_observation(obs, random.Random(n))
        assert fast.deck_size == slow.deck_size
        assert (fast.line, fast.claims, fast.order, fast.turn, fast.phase, fast.round) == (
            slow.line, slow.claims, slow.order, slow.turn, slow.phase, slow.round)
        assert [k.key() for k in fast.kingdoms] == [k.key() for k in slow.kingdoms]
        # the same hidden deal: both play on identically
        seeds = [n + p for p in range(options.players)]
        fast.run([RandomPolicy(random.Random(s)) for s in seeds])
        drive(slow, [RandomBot(s) for s in seeds])
        assert fast.scores() == slow.scores()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_playouts_are_the_greedy_bots_games(players: int) -> None:
    """GreedyPolicy in a BitGame makes GreedyBot's choices with GreedyBot's draws."""
    rng = random.Random(players)
    for _ in range(4):
        options = GameOptions(players=players, rules=Rules(middle_kingdom=rng.random() < 0.5,
                                                           harmony=rng.random() < 0.5))
        seed = rng.getrandbits(32)
        slow = play([GreedyBot(seed + p) for p in range(players)], options, seed)
        fast = BitGame(options, seed)
        fast.run([GreedyPolicy(Greedy(options), GreedyBot(seed + p).rng)
                  for p in range(players)])
        assert fast.results() == slow.results()


def test_bitgame_moves_and_errors() -> None:
    game = BitGame(GameOptions(players=2), 5)
    assert game.phase == "claim" and game.free_slots() == [0, 1, 2, 3]
    king = game.current_king
    game.claim(2)
    assert game.claims[2] == king and game.free_slots() == [0, 1, 3]
    copy = game.copy()
    copy.claim(0)
    assert game.free_slots() == [0, 1, 3]                  # the copy is independent
    while game.phase == "claim":
        game.claim(game.free_slots()[0])
    number, masks, count = game.masks()
    assert count == 24 if not PIECES[number - 1][4] else count == 12   # beside the castle
    game.place_nth(masks, 0)
    assert len(game.kingdoms[game.owner(game.order[0])]) == 2
    assert "BitGame 2 players" in repr(game)


# ----------------------------------------------------------------------------- greedy values
def slow_holes(grid: reference.Grid, size: int) -> int:
    box = reference.extent(grid)
    empty = [(r, c) for r in range(-size, size + 1) for c in range(-size, size + 1)
             if (r, c) not in grid and (r, c) != reference.CASTLE
             and reference.fits(box, [(r, c)], size)]
    shut = 0
    for cell in empty:
        if not any(n in empty and reference.fits(box, [cell, n], size)
                   for n in reference.neighbours(cell)):
            shut += 1
    return shut


def slow_pairs(grid: reference.Grid) -> int:
    return sum(1 for (r, c), (t, _) in grid.items() for n in ((r + 1, c), (r, c + 1))
               if n in grid and grid[n][0] == t)


def test_holes_and_pairs_against_the_reference() -> None:
    rng = random.Random(8)
    seen = 0
    for _ in range(150):
        size = rng.choice([5, 7])
        numbers = rng.sample(range(1, 49), rng.randrange(1, 13))
        grid, steps = reference.grow(size, numbers, rng.randrange)
        kingdom = Kingdom(size)
        for dom, a, b in steps:
            kingdom.place(Placement(dom, a, b))
        bits = kingdom.to_bits()
        assert holes(bits) == slow_holes(grid, size)
        assert adjacent_pairs(bits) == slow_pairs(grid)
        seen += holes(bits) > 0
    assert seen > 5


def test_values_after_each_placement_are_the_kingdoms_values() -> None:
    rng = random.Random(1)
    for n in range(150):
        options = random_options(rng)
        game = Game(options, n)
        advance(game, rng.randrange(60), rng)
        greedy = Greedy(options)
        kingdom = game.kingdom(0)
        bits = kingdom.to_bits()
        number = rng.randrange(1, 49)
        t1, _, t2, _, double = PIECES[number - 1]
        masks = bits.legal_masks(t1, t2, double)
        values = greedy.after(bits, number, masks)
        placements = kingdom.legal_placements(domino(number))
        assert len(values) == len(placements)
        for value, placement in zip(values, placements, strict=True):
            after = kingdom.copy()
            after.place(placement)
            grid = reference.grid_of(after)
            want = (reference.score(grid) + after.bonus(options.rules)
                    - greedy.hole * slow_holes(grid, options.size)
                    + greedy.adjacency * slow_pairs(grid))
            assert value == pytest.approx(want)


def test_pick_best_draws_only_on_ties() -> None:
    rng = random.Random(0)
    state = rng.getstate()
    assert pick_best([1.0, 2.0], rng) == 1 and rng.getstate() == state
    picks = {pick_best([2.0, 1.0, 2.0], random.Random(s)) for s in range(20)}
    assert picks == {0, 2}


def test_the_look_ahead_judges_a_placement_by_the_claim_after_it() -> None:
    """A placement's value is the best value over the claimable dominoes of the kingdom with
    both placed (checked by brute force on Kingdom objects)."""
    rng = random.Random(4)
    for n in range(25):
        options = GameOptions(rules=Rules(middle_kingdom=n % 2 == 0, harmony=n % 3 == 0))
        game = Game(options, n)
        advance(game, 4 + 4 * rng.randrange(1, 6), rng)
        if game.phase != "place":
            continue
        obs = game.observation()
        kingdom = obs.kingdoms[obs.player]
        dom = obs.to_place[obs.current_king]
        free = [d for d, k in zip(obs.line, obs.line_claims, strict=True) if k is None]
        greedy = Greedy(options)
        bits = kingdom.to_bits()
        masks = bits.legal_masks(dom.first.terrain_index, dom.second.terrain_index,
                                 dom.is_double)
        values = greedy.placement_values(bits, dom.number, masks, bits.placement_count(masks),
                                         [d.number for d in free], False)
        for value, placement in zip(values, kingdom.legal_placements(dom), strict=True):
            after = kingdom.copy()
            after.place(placement)
            best = max(max((greedy.value(_placed(after, q)) for q in after.legal_placements(d)),
                           default=greedy.value(after.to_bits()) - 1.0) for d in free)
            assert value == pytest.approx(best)


def _placed(kingdom: Kingdom, placement: Placement) -> BitKingdom:
    k = kingdom.copy()
    k.place(placement)
    return k.to_bits()
