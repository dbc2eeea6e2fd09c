"""Seeded endgame positions small enough for plain search (shared by the endgame tests)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.game.endgame import no_chance_left
from kingdomino_kit.rules import Rules
from tests.reference import TooBig, plain_endgame

SETTINGS = [
    GameOptions(players=2),
    GameOptions(players=2, rules=Rules(middle_kingdom=True, harmony=True)),
    GameOptions(players=2, variant="mighty-duel"),
    GameOptions(players=3),
    GameOptions(players=3, three_player_draw=4, rules=Rules(middle_kingdom=True)),
    GameOptions(players=4),
    GameOptions(players=4, rules=Rules(harmony=True), strict_discard=False),
    GameOptions(players=2, strict_discard=False, rules=Rules(middle_kingdom=True)),
]


def random_endgame(options: GameOptions, seed: int) -> Game:
    """A seeded random game played on until no chance is left."""
    rng = random.Random(seed)
    game = Game(options, seed=seed)
    while not no_chance_left(game.observation()):
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    return game


def small_positions(count: int, budget: int = 400, settings: Sequence[GameOptions] = SETTINGS,
                    first_seed: int = 0) -> list[tuple[Game, Any, str]]:
    """``count`` seeded positions without chance, small enough for plain search: each
    setting in turn, played on at random until the plain search fits ``budget`` nodes."""
    out: list[tuple[Game, Any, str]] = []
    seed = first_seed
    while len(out) < count:
        options = settings[seed % len(settings)]
        rng = random.Random(1000 + seed)
        game = random_endgame(options, seed)
        seed += 1
        modes = ["minimax"] if options.players == 2 else ["maxn", "paranoid"]
        mode = modes[seed % len(modes)]
        for _ in range(rng.randrange(2 * options.kings)):  # on into the endgame, at random
            actions = game.legal_actions()
            if game.round == options.rounds and game.turn == options.kings - 1:
                break
            game.apply(actions[rng.randrange(len(actions))])
        while not game.is_over:
            try:
                hero = game.current_player or 0
                value = plain_endgame(game, mode, hero, budget)
            except TooBig:
                actions = game.legal_actions()
                game.apply(actions[rng.randrange(len(actions))])
                continue
            out.append((game, value, mode))
            break
    return out
