"""The Monte Carlo evaluation on bitboards: reproducible with a playout budget, blind to the
deck's order, its candidates and budgets."""

from __future__ import annotations

import random

import pytest

from kingdomino_kit.bots import RandomBot, make_bot
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game import Claim, Game, GameOptions, play
from kingdomino_kit.game.greedy import Greedy
from kingdomino_kit.game.montecarlo import (
    MonteCarloEvaluationBot,
    candidate_moves,
    evaluate,
    turns_left,
)
from kingdomino_kit.rules import Rules


def advance(game: Game, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])


def test_reproducible_with_a_playout_or_step_budget() -> None:
    options = GameOptions(players=2, rules=Rules(middle_kingdom=True))
    for spec in ("mce:playouts=12", "mce:steps=300:width=4", "strong:steps=300"):
        logs = [play([make_bot(spec, 5), RandomBot(6)], options, 7).log() for _ in range(2)]
        assert logs[0] == logs[1]


@pytest.mark.parametrize("spec", ["greedy", "mce:playouts=40", "strong:steps=600",
                                  "mc:playouts=2:width=3"])
def test_the_bot_never_sees_the_deck_order(spec: str) -> None:
    """Two games that look the same to a player but hide different decks: the same choices
    from the same seed."""
    options = GameOptions(players=4, rules=Rules(middle_kingdom=True, harmony=True))
    game = Game(options, 4)
    deck = [d.number for d in game.line] + game._deck
    # the same first two lines, the rest of the deck in the opposite order
    other = Game(options, 4, deck=deck[:8] + deck[8:][::-1], first_order=game.order)
    for g in (game, other):
        for _ in range(6):                 # round 0: four claims; round 1: a placement and a claim
            g.apply(g.legal_actions()[0])
    assert game._deck != other._deck and game.phase == "place"
    a, b = game.observation(game.current_player), other.observation(other.current_player)
    fields = [f for f in vars(a) if f != "kingdoms"]
    assert {f: getattr(a, f) for f in fields} == {f: getattr(b, f) for f in fields}
    assert [k.key() for k in a.kingdoms] == [k.key() for k in b.kingdoms]
    choices = []
    for g in (game, other):
        bot = make_bot(spec, 3)
        choices.append(bot.choose(g.observation(g.current_player), g.legal_actions()))
    assert choices[0] == choices[1]


def test_candidates_cover_every_claim_and_are_legal() -> None:
    for seed in range(12):
        options = GameOptions(players=2 + seed % 3, rules=Rules(harmony=seed % 2 == 0))
        game = Game(options, seed)
        advance(game, 4 + seed * 3, seed)
        if game.is_over:
            continue
        obs = game.observation()
        moves = candidate_moves(obs, Greedy(options), 3)
        free = [i for i, k in enumerate(obs.line_claims) if k is None]
        if obs.line:
            assert {m.claim for m in moves} == set(free)
        priors = [m.prior for m in moves[:3]]
        assert priors == sorted(priors, reverse=True)
        bot = MonteCarloEvaluationBot(seed, playouts=10, width=3)
        assert bot.choose(obs, game.legal_actions()) in game.legal_actions()


def test_budgets() -> None:
    game = Game(GameOptions(players=4), 2)
    advance(game, 6, 2)
    obs = game.observation()
    rest = game.copy()
    turns = set()
    while not rest.is_over:                    # count the king turns still to come, by playing
        turns.add((rest.round, rest.current_king))
        rest.apply(rest.legal_actions()[0])
    assert turns_left(obs) == len(turns) == 47
    moves = candidate_moves(obs, Greedy(obs.options), 4)
    result = evaluate(obs, moves, random.Random(1), playouts=40)
    assert result.playouts <= 40 and sum(result.counts) == result.playouts
    kept = evaluate(obs, moves, random.Random(1), playouts=200, keep=[len(moves) - 1])
    assert kept.counts[-1] == max(kept.counts)                 # never dropped by the race
    timed = evaluate(obs, moves, random.Random(1), seconds=0.05)
    assert timed.playouts >= len(moves)
    with pytest.raises(KingdominoError):
        evaluate(obs, moves, random.Random(1))
    with pytest.raises(KingdominoError):
        evaluate(obs, moves, random.Random(1), playouts=5, seconds=1.0)
    bot = MonteCarloEvaluationBot(1, steps=2000)
    bot.choose(obs, game.legal_actions())
    assert bot.last_playouts <= round(2000 * (1 - bot.claim_share) / turns_left(obs)) + 12


def test_the_claim_after_a_placement() -> None:
    game = Game(GameOptions(players=4), 8)
    advance(game, 4, 8)
    assert game.phase == "place"
    planned = MonteCarloEvaluationBot(2, playouts=30, claim_share=0)
    game.apply(planned.choose(game.observation(), game.legal_actions()))
    claim = planned.choose(game.observation(), game.legal_actions())
    assert isinstance(claim, Claim) and planned.last_playouts == 0      # the plan, no search
    again = MonteCarloEvaluationBot(2, playouts=30)
    again.choose(game.observation(), game.legal_actions())
    assert again.last_playouts > 0                                      # judged again


def test_bad_parameters() -> None:
    for bad in ("mce:opponents=clever", "mce:objective=fame", "mce:playouts=0",
                "mce:playouts=5:seconds=1", "mce:claim_share=1", "mce:seconds=-1"):
        with pytest.raises(KingdominoError):
            make_bot(bad)


def test_mce_beats_random() -> None:
    mine = theirs = 0
    for seed in range(3):
        g = play([MonteCarloEvaluationBot(seed, playouts=40), RandomBot(seed)],
                 GameOptions(players=2), seed)
        mine += g.scores()[0]
        theirs += g.scores()[1]
    assert mine > theirs * 1.3
