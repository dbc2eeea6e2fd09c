"""A player's best finish and the bounds of the endgame search, against plain search over the
kit's :class:`~kingdomino_kit.kingdom.Kingdom` (every legal placement, copies, no cut)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kingdomino_kit.dominoes import DOMINOES
from kingdomino_kit.draft import PLACE
from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.game.bots import GreedyBot
from kingdomino_kit.game.endgame import no_chance_left, position, solve
from kingdomino_kit.game.endgame.finish import DISCARD, SCALE, Finisher
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.rules import Rules
from tests.reference import TooBig, endgame_code, plain_endgame

RULES = [Rules(), Rules(middle_kingdom=True, harmony=True), Rules(7), Rules(7, harmony=True)]


def grown(rng: random.Random, rules: Rules, squares: int) -> tuple[Kingdom, list[int]]:
    """A kingdom grown by random legal placements, and the dominoes not used."""
    kingdom = Kingdom(size=rules.size)
    deck = list(range(1, 49))
    rng.shuffle(deck)
    while len(kingdom) < squares and deck:
        number = deck.pop()
        options = kingdom.legal_placements(DOMINOES[number - 1])
        if options:
            kingdom.place(options[rng.randrange(len(options))])
    return kingdom, deck


def plain_final(kingdom: Kingdom, numbers: list[int], rules: Rules, strict: bool
                ) -> tuple[int, Any]:
    """(best code, first best move as cell indices or DISCARD), every placement tried."""
    if not numbers:
        return endgame_code(kingdom.tiebreak_key(rules)), None
    options: list[Any] = list(kingdom.legal_placements(DOMINOES[numbers[0] - 1]))
    if not options or not strict:
        options.append(None)
    best, best_move = -1, None
    g = kingdom.to_bits().geometry
    for option in options:
        child = kingdom.copy()
        if option is not None:
            child.place(option)
        value = plain_final(child, numbers[1:], rules, strict)[0]
        if value > best:
            best = value
            best_move = DISCARD if option is None else (g.index(*option.first),
                                                         g.index(*option.second))
    return best, best_move


@pytest.mark.parametrize("seed", range(24))
def test_the_best_finish_is_that_of_plain_search(seed: int) -> None:
    rng = random.Random(seed)
    rules = RULES[seed % len(RULES)]
    strict = seed % 3 != 2
    kingdom, deck = grown(rng, rules, rng.choice((6, 10, 14, 18, 20)))
    count = 1 if seed % 4 == 0 else 2
    numbers = deck[:count]
    finisher = Finisher(rules, strict=strict)
    want = plain_final(kingdom, numbers, rules, strict)
    assert finisher.final(kingdom.to_bits(), tuple(numbers)) == want
    # the bound never falls below the best finish
    assert finisher.upper(kingdom.to_bits(), tuple(numbers)) >= want[0] // SCALE


@pytest.mark.parametrize("seed", range(40))
def test_the_bound_holds_for_every_ending(seed: int) -> None:
    """Random finishes (not only the best) never pass the bound of the dominoes placed."""
    rng = random.Random(100 + seed)
    rules = RULES[seed % len(RULES)]
    kingdom, deck = grown(rng, rules, rng.choice((4, 12, 20, 24)))
    numbers = deck[:rng.randrange(1, 6)]
    high = Finisher(rules, strict=True).upper(kingdom.to_bits(), tuple(numbers))
    for _ in range(20):
        child = kingdom.copy()
        for number in numbers:
            options = child.legal_placements(DOMINOES[number - 1])
            if options:
                child.place(options[rng.randrange(len(options))])
        assert child.tiebreak_key(rules)[0] <= high


def last_line_with_one_free_slot(options: GameOptions, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(options, seed=seed)
    while True:
        obs = game.observation()
        if obs.deck_size == 0 and obs.line and obs.phase is PLACE \
                and sum(c is None for c in obs.line_claims) == 1:
            return game
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])


@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_last_free_slot_settles_everybody(players: int) -> None:
    """The last king of the last line has one slot left: nothing is left to decide but
    placements, the search tree ends there, and the value is still plain search's."""
    checked = 0
    for seed in range(6):
        game = last_line_with_one_free_slot(GameOptions(players=players), seed)
        assert no_chance_left(game.observation())
        tree, state = position(game)
        assert tree.over(state)
        mode = "minimax" if players == 2 else "maxn"
        try:
            want = plain_endgame(game, mode, 0, 20000)
        except TooBig:
            continue
        assert solve(game).value == want
        checked += 1
    assert checked >= 2


def test_max_n_cut_by_the_movers_bound_changes_no_value(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """Max-n skips a move when the mover's upper bound after it cannot beat their best: on
    positions too big for plain search, the values and lines are those of the search without
    that cut."""
    import importlib

    from kingdomino_kit.game.endgame.search import Tree

    # the Python search's cut: the compiled one (its own max-n) is kept out of both runs
    monkeypatch.setattr(importlib.import_module("kingdomino_kit.game.endgame.solve"),
                        "compiled_for", lambda tree: None)
    games = []
    for seed in range(8):
        options = GameOptions(players=4, rules=Rules(middle_kingdom=seed % 4 == 0)) \
            if seed % 2 == 0 else GameOptions(players=3, three_player_draw=4)
        rng = random.Random(seed)
        game = Game(options, seed=seed)
        bot = GreedyBot(seed)  # greedy kingdoms: more placements than random ones
        while not no_chance_left(game.observation()):  # from the round the last line is known
            actions = game.legal_actions()
            game.apply(actions[0] if len(actions) == 1 else bot.choose(
                game.observation(game.current_player), actions))
        for _ in range(4):  # a few moves on, to keep the uncut search short
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        games.append(game)
    cut = [solve(g) for g in games]
    monkeypatch.setattr(Tree, "_maxn_beating", lambda self, mover, best, later: self.maxn)
    plain = [solve(g) for g in games]
    assert [r.value for r in cut] == [r.value for r in plain]
    assert [r.line for r in cut] == [r.line for r in plain]
    assert sum(r.nodes for r in cut) * 2 < sum(r.nodes for r in plain)
