"""The Kingdomino bots: greedy (checked against the brute-force best of its values), today's
Monte Carlo ``mc`` and its simple greedy, the registry."""

from __future__ import annotations

import random

import pytest

from kingdomino_kit import Kingdom, KingdominoError, Placement, domino
from kingdomino_kit.bots import FunctionBot, RandomBot, make_bot
from kingdomino_kit.game import Claim, Discard, Game, GameOptions, play
from kingdomino_kit.game.bots import (
    GreedyBot,
    MonteCarloBot,
    SimpleGreedyBot,
    domino_value,
    placement_value,
)
from kingdomino_kit.game.greedy import Greedy
from kingdomino_kit.rules import Rules


def advance(game: Game, steps: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])


def test_greedy_plays_the_best_of_its_values() -> None:
    """GreedyBot's action is one of highest :class:`Greedy` value, placements and claims."""
    checked = {"place": 0, "claim": 0}
    for seed in range(30):
        options = GameOptions(players=2 + seed % 3, rules=Rules(middle_kingdom=seed % 2 == 0,
                                                                harmony=seed % 3 == 0))
        game = Game(options, seed)
        advance(game, 3 + seed % 17 * 3, seed)
        actions = game.legal_actions()
        if game.is_over or len(actions) < 2:
            continue
        obs = game.observation()
        choice = GreedyBot(seed).choose(obs, actions)
        greedy = Greedy(options)
        kingdom = obs.kingdoms[obs.player]
        free = [d.number for d, k in zip(obs.line, obs.line_claims, strict=True) if k is None]
        values = [brute_value(greedy, kingdom, free, a) for a in actions]
        assert brute_value(greedy, kingdom, free, choice) == pytest.approx(max(values))
        checked[str(game.phase)] += 1
    assert checked["place"] >= 5 and checked["claim"] >= 5


def brute_value(greedy: Greedy, kingdom: Kingdom, free: list[int], action: object) -> float:
    """The greedy value of an action on a Kingdom, by trying it."""
    k = kingdom.copy()
    if isinstance(action, Claim):
        return greedy.claim_values(k.to_bits(), [action.domino.number])[0]
    if isinstance(action, Discard):
        return -1e9
    assert isinstance(action, Placement)
    k.place(action)
    if not free:
        return greedy.value(k.to_bits())
    return max(greedy.claim_values(k.to_bits(), free))


def test_simple_greedy_placement_has_the_best_value() -> None:
    checked = 0
    for seed in range(15):
        options = GameOptions(players=4, rules=Rules(middle_kingdom=seed % 2 == 0,
                                                     harmony=seed % 3 == 0))
        game = Game(options, seed)
        advance(game, 4 + 2 * (seed % 10) * 4 + 4, seed)
        if game.phase != "place" or game.is_over:
            continue
        actions = game.legal_actions()
        kingdom = game.kingdom(game.current_player)
        choice = SimpleGreedyBot(seed).choose(game.observation(), actions)
        values = [placement_value(kingdom.copy(), a, options.rules) for a in actions
                  if hasattr(a, "first")]
        if values:
            assert placement_value(kingdom.copy(), choice, options.rules) == max(values)
            # the value is the score after the placement plus a potential worth little
            scores = []
            for a in actions:
                k = kingdom.copy()
                k.place(a)
                scores.append(k.total(options.rules))
            k = kingdom.copy()
            k.place(choice)
            assert k.total(options.rules) >= max(scores) - 3 - 2.5 * 4
            checked += 1
    assert checked >= 5


def test_potential_terms() -> None:
    from kingdomino_kit.game.bots import walled_in

    k = Kingdom.from_text("W W W W W / W C . W W / W W W W W")
    assert walled_in(k, [(0, 2)]) == 1          # the empty cell right of the castle is shut in
    k = Kingdom.from_text("W W W . / W C . W / W W W W")
    assert walled_in(k, [(0, 2)]) == 1          # (0, 1): W, W, C, W all round
    k = Kingdom.from_text("W W . . / W C . W / W W W W")
    assert walled_in(k, [(0, 2)]) == 0          # (0, 1) and (-1, 2) can still take a domino
    # Middle Kingdom: leaving the castle-centred 5×5 frame loses the bonus (10) and costs 3
    near = placement_value(Kingdom.from_text("C W W"), Placement(domino(1), (1, 1), (1, 2)),
                           Rules(middle_kingdom=True))
    far = placement_value(Kingdom.from_text("C W W"), Placement(domino(1), (0, 3), (0, 4)),
                          Rules(middle_kingdom=True))
    assert near - far == pytest.approx(10 + 3.0 + 0.3 * (2 - 1))


def test_simple_greedy_claims_the_domino_worth_most() -> None:
    game = Game(GameOptions(players=4), 3)
    advance(game, 4 + 1, 3)
    assert game.phase == "claim"
    kingdom = game.kingdom(game.current_player)
    actions = game.legal_actions()
    values = {a.domino.number: domino_value(kingdom, a.domino) for a in actions}
    choice = SimpleGreedyBot(1).choose(game.observation(), actions)
    assert values[choice.domino.number] == max(values.values())


def test_value_helpers() -> None:
    k = Kingdom.from_text("C G1 G")
    assert domino_value(k, domino(41)) > domino_value(k, domino(1))   # W|G2 next to G1 G
    full = Kingdom.from_text("W W W W W / W W W W W / W W C W W / W W W W W / W W W W .")
    assert domino_value(full, domino(1)) == -1.0                      # no legal placement
    p = k.legal_placements(domino(41))[0]
    before = k.key()
    placement_value(k, p)
    assert k.key() == before                                          # undone


def test_greedy_beats_random_and_mc_beats_random() -> None:
    greedy = random_ = 0
    for seed in range(12):
        game = play([GreedyBot(seed), RandomBot(seed)], GameOptions(players=2), seed)
        greedy += game.scores()[0]
        random_ += game.scores()[1]
    assert greedy > random_ * 1.3
    mc = random_ = 0
    for seed in range(4):
        game = play([MonteCarloBot(seed, playouts=4, width=4), RandomBot(seed)],
                    GameOptions(players=2), seed)
        mc += game.scores()[0]
        random_ += game.scores()[1]
    assert mc > random_


def test_bots_are_reproducible_with_their_seed() -> None:
    for make in (lambda s: GreedyBot(s), lambda s: SimpleGreedyBot(s),
                 lambda s: MonteCarloBot(s, playouts=2, width=3)):
        logs = [play([make(5), RandomBot(6)], GameOptions(players=2), 7).log()
                for _ in range(2)]
        assert logs[0] == logs[1]


def test_mc_time_budget_and_greedy_playouts() -> None:
    game = Game(GameOptions(players=2), 4)
    advance(game, 6, 4)
    actions = game.legal_actions()
    for bot in (MonteCarloBot(1, seconds=0.05, width=3),
                MonteCarloBot(1, playouts=1, width=2, policy="greedy")):
        assert bot.choose(game.observation(), actions) in actions
    with pytest.raises(ValueError):
        MonteCarloBot(policy="clever")


def test_a_plain_function_is_a_bot() -> None:
    seen = []

    def first_claim(observation: object, actions: list[object]) -> object:
        seen.append(observation)
        return actions[0]

    game = play([first_claim, RandomBot(1)], GameOptions(players=2), 2)
    assert game.is_over and seen and all(o is not None for o in seen)
    named = FunctionBot(first_claim, name="first")
    assert play([named, RandomBot(1)], GameOptions(players=2), 2).scores() == game.scores()


def test_make_bot_registry() -> None:
    assert type(make_bot("random", 1)) is RandomBot
    assert type(make_bot("Greedy", 1)) is GreedyBot
    mc = make_bot("mc:playouts=3:width=2:policy=greedy", 1)
    assert (mc.playouts, mc.width, mc.policy) == (3, 2, "greedy")
    for bad in ("nobody", "mc:depth=2", "mc:playouts=many", "greedy:width=2",
                "mc:policy=clever"):
        with pytest.raises(KingdominoError):
            make_bot(bad)
    assert [make_bot("random", 4).choose(None, list(range(50))) for _ in range(2)] == \
        [RandomBot(4).choose(None, list(range(50)))] * 2


def test_claim_values_order_by_gain() -> None:
    k = Kingdom()
    assert isinstance(GreedyBot(0).choose(
        Game(GameOptions(), 1).observation(), [Claim(domino(1)), Claim(domino(48))]), Claim)
    assert domino_value(k, domino(48)) > domino_value(k, domino(2))
