"""The compiled games (numba, the optional extra ``fast`` that ``make test`` installs) against
the pure-Python engine, game for game — random bots, greedy bots with any weights, mixed; the
switch that turns them off; simulate's rows the same either way."""

from __future__ import annotations

import random

import pytest

from kingdomino_kit.bots import RandomBot, make_bot
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game import GameOptions, play
from kingdomino_kit.game.bots import fast_seat, fast_seats
from kingdomino_kit.game.fast import compiled
from kingdomino_kit.game.fast.play import play_fast, play_random
from kingdomino_kit.game.simulate import simulate
from kingdomino_kit.rules import Rules
from tests.game.test_game_simulate import random_options


def test_numba_is_installed_by_the_test_set_up() -> None:
    assert compiled.available()


def test_compiled_games_are_the_python_games() -> None:
    rng = random.Random(11)
    for n in range(400):
        options = random_options(rng)
        seed = rng.getrandbits(rng.choice([16, 32, 63, 64, 100]))
        seeds = [rng.choice([0, 1, rng.getrandbits(31), rng.getrandbits(33),
                             rng.getrandbits(63), -rng.getrandbits(20)])
                 for _ in range(options.players)]
        fast = compiled.play_random_seeded(options, seed, seeds)
        assert fast == play_random(options, seed, [RandomBot(s) for s in seeds]), (n, options)
    game = play([RandomBot(s) for s in (3, 4)], GameOptions(players=2), 9)
    result = compiled.play_random_seeded(GameOptions(players=2), 9, [3, 4])
    assert (result.results, result.winners) == (game.results(), game.winners())


def test_simulate_gives_the_same_rows_compiled_or_not(monkeypatch: pytest.MonkeyPatch) -> None:
    options = GameOptions(players=3, three_player_draw=4)
    compiled_rows = list(simulate(60, "random", options, seed=4, progress=False))
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "0")
    assert not compiled.available()
    assert list(simulate(60, "random", options, seed=4, progress=False)) == compiled_rows
    with pytest.raises(KingdominoError, match="needs numba"):
        compiled.play_random_seeded(options, 1, [1, 2, 3])


def test_bad_seeds_are_refused() -> None:
    with pytest.raises(KingdominoError, match="4 players need 4 bot seeds"):
        compiled.play_random_seeded(GameOptions(), 1, [1, 2])
    with pytest.raises(KingdominoError, match="seeds must be integers"):
        compiled.play_random_seeded(GameOptions(players=2), 1, [1, 2.5])  # type: ignore[list-item]
    with pytest.raises(KingdominoError, match="too long"):
        compiled.play_random_seeded(GameOptions(players=2), 1 << 300, [1, 2])


def test_compiled_greedy_games_are_the_python_games() -> None:
    rng = random.Random(12)
    for n in range(60):
        options = random_options(rng)
        seed = rng.getrandbits(63)
        specs = [rng.choice(["greedy", "greedy", "random", "greedy:hole=2.7:adjacency=0.3",
                             "greedy:hole=-1:adjacency=1.5"]) for _ in range(options.players)]
        seeds = [rng.getrandbits(63) for _ in specs]
        bots = [make_bot(spec, s) for spec, s in zip(specs, seeds, strict=True)]
        seats = fast_seats(bots)
        assert seats is not None
        built = compiled.play_greedy_seeded(options, seed, seeds, [s.weights for s in seats])
        assert built == play_fast(options, seed, seats), (n, options, specs)
    assert fast_seat(make_bot("mce", 1)) is None


def test_simulate_with_greedy_bots_gives_the_same_rows_compiled_or_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    options = GameOptions(players=4, rules=Rules(middle_kingdom=True, harmony=True))
    built = list(simulate(6, "greedy,random,greedy:hole=2,random", options, seed=3,
                          progress=False))
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "0")
    assert list(simulate(6, "greedy,random,greedy:hole=2,random", options, seed=3,
                         progress=False)) == built
