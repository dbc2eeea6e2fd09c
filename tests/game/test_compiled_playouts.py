"""The Monte Carlo bots' playouts compiled (numba, the extra ``fast``) against the pure-Python
playouts: from positions of every kind of game (2–4 players, Mighty Duel, three players drawing
four, bonuses, loose discards; round 0, mid-round, the last rounds; a king that has placed and
still claims), with a move forced first or none, the same scores playout for playout — and so
the same evaluations, the same moves, the same games of ``mc`` and ``strong``."""

from __future__ import annotations

import random

import pytest

from kingdomino_kit.bots import make_bot
from kingdomino_kit.draft import PLACE
from kingdomino_kit.game import Game, GameOptions, play
from kingdomino_kit.game.bots import GreedyBot
from kingdomino_kit.game.fast import compiled
from kingdomino_kit.game.greedy import Greedy, GreedyPolicy
from kingdomino_kit.game.montecarlo import candidate_moves, evaluate
from kingdomino_kit.game.playout import BitGame, RandomPolicy
from tests.game.stepping import step
from tests.game.test_game_simulate import random_options


def _position(rng: random.Random) -> Game:
    """A game of greedy bots stopped at a random action (not over)."""
    options = random_options(rng)
    game = Game(options, rng.getrandbits(63))
    bots = [GreedyBot(rng.getrandbits(31)) for _ in range(options.players)]
    for _ in range(rng.randrange(0, 4 * options.kings * options.rounds)):
        if game.is_over:
            break
        step(game, bots)
    return game


def _python_scores(base: BitGame, place: int | None, claim: int | None, seed: int,
                   greedy: list[bool]) -> list[int]:
    """The playout written out on the pure-Python engine: the move, then the policies."""
    game = base.copy()
    if place is not None and game.phase is PLACE:
        _, masks, count = game.masks()
        if place >= count:
            game.discard()
        else:
            game.place_nth(masks, place)
    if claim is not None:
        game.claim(claim)
    one_step = Greedy(game.options, lookahead=False)
    rng = random.Random(seed)
    game.run([GreedyPolicy(one_step, rng) if g else RandomPolicy(rng) for g in greedy])
    return game.scores()


def test_numba_is_installed_by_the_test_set_up() -> None:
    assert compiled.available()


@pytest.mark.parametrize("positions", [50, pytest.param(300, marks=pytest.mark.sweep)])
def test_a_compiled_playout_scores_what_the_python_playout_scores(positions: int) -> None:
    rng = random.Random(5)
    checked = 0
    while checked < positions:
        game = _position(rng)
        if game.is_over:
            continue
        seed = rng.getrandbits(63)
        base = BitGame.from_observation(game.observation(game.current_player),
                                        random.Random(seed))
        position = compiled.PlayoutPosition(base)
        greedy = [rng.random() < 0.7 for _ in range(game.options.players)]
        place = claim = None
        if base.phase is PLACE and rng.random() < 0.8:
            _, _, count = base.masks()
            place = rng.randrange(count + 1)
        if base.line and rng.random() < 0.8 and (place is not None or base.phase is not PLACE):
            claim = rng.choice(base.free_slots())
        one_step = Greedy(game.options, lookahead=False)
        fast = compiled.playout_scores(position, place, claim, seed, greedy, one_step.hole,
                                       one_step.adjacency)
        slow = _python_scores(base, place, claim, seed, greedy)
        assert fast == slow, (checked, game.options, place, claim, greedy)
        checked += 1


@pytest.mark.parametrize("opponents", ["greedy", "random"])
def test_evaluations_are_the_same_compiled_or_not(opponents: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(17 if opponents == "greedy" else 18)
    for _ in range(12):
        game = _position(rng)
        if game.is_over:
            continue
        observation = game.observation(game.current_player)
        moves = candidate_moves(observation, Greedy(game.options), 6)
        monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "1")
        fast = evaluate(observation, moves, random.Random(1), playouts=40, opponents=opponents)
        monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "0")
        slow = evaluate(observation, moves, random.Random(1), playouts=40, opponents=opponents)
        assert fast == slow


def test_strong_plays_the_same_game_compiled_or_not(monkeypatch: pytest.MonkeyPatch) -> None:
    options = GameOptions(players=2)
    games = []
    for switch in ("1", "0"):
        monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", switch)
        bots = [make_bot("strong:steps=600", 3), make_bot("greedy", 4)]
        games.append(play(bots, options, 21).log())
    assert games[0] == games[1]


def test_a_position_made_once_deals_each_determinization_as_the_game_does() -> None:
    rng = random.Random(8)
    for _ in range(30):
        game = _position(rng)
        if game.is_over:
            continue
        observation = game.observation(game.current_player)
        template = compiled.PlayoutPosition.of_observation(observation)
        for seed in (1, rng.getrandbits(63)):
            dealt = template.dealt(random.Random(seed))
            whole = compiled.PlayoutPosition(BitGame.from_observation(observation,
                                                                      random.Random(seed)))
            for name in ("rows", "occupied", "grids", "crowns", "extents", "to_place", "order",
                         "line", "claims", "deck"):
                assert (getattr(dealt, name) == getattr(whole, name)).all(), name
            assert (dealt.n_order, dealt.turn, dealt.placing, dealt.round, dealt.n_line) == (
                whole.n_order, whole.turn, whole.placing, whole.round, whole.n_line)


def test_a_finished_game_is_no_playout_position() -> None:
    game = BitGame(GameOptions(players=2), 1)
    game.run([RandomPolicy(random.Random(0))] * 2)
    with pytest.raises(Exception, match="not over"):
        compiled.PlayoutPosition(game)
