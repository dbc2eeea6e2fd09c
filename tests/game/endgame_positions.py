"""Seeded endgame positions small enough for plain search (shared by the endgame tests)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from typing import Any, overload

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


def positions(budget: int = 400, settings: Sequence[GameOptions] = SETTINGS,
              first_seed: int = 0) -> Iterator[tuple[Game, Any, str]]:
    """Seeded positions without chance, small enough for plain search, one after another: each
    setting in turn, played on at random until the plain search fits ``budget`` nodes."""
    seed = first_seed
    while True:
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
            yield game, value, mode
            break


def small_positions(count: int, budget: int = 400, settings: Sequence[GameOptions] = SETTINGS,
                    first_seed: int = 0) -> list[tuple[Game, Any, str]]:
    """The first ``count`` of :func:`positions`."""
    return list(itertools.islice(positions(budget, settings, first_seed), count))


class LazyPositions(Sequence[tuple[Game, Any, str]]):
    """The first ``count`` of :func:`positions`, each made when a test first asks for it, not
    when the module is imported: every test worker imports every test module to collect it,
    and plain search over hundreds of positions takes a while."""

    def __init__(self, count: int, budget: int = 400,
                 settings: Sequence[GameOptions] = SETTINGS, first_seed: int = 0) -> None:
        self.size = count
        self.made: list[tuple[Game, Any, str]] = []
        self.source = positions(budget, settings, first_seed)

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> tuple[Game, Any, str]: ...

    @overload
    def __getitem__(self, index: slice) -> list[tuple[Game, Any, str]]: ...

    def __getitem__(self, index: int | slice) -> Any:
        wanted = range(self.size)[index]
        last = (max(wanted, default=-1) if isinstance(wanted, range) else wanted)
        while len(self.made) <= last:
            self.made.append(next(self.source))
        return ([self.made[i] for i in wanted] if isinstance(wanted, range)
                else self.made[wanted])
