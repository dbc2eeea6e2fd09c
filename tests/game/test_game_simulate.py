"""Batch simulation and the fast random path (the very same games as ``play``)."""

from __future__ import annotations

import random

import pytest

from kingdomino_kit.bots import RandomBot
from kingdomino_kit.game import GameOptions, derive_seed, play
from kingdomino_kit.game.fastplay import play_random
from kingdomino_kit.game.simulate import COLUMNS, expand_bots, simulate, simulate_game, summarize


def random_options(rng: random.Random) -> GameOptions:
    players = rng.choice([2, 3, 4])
    return GameOptions(
        players=players,
        variant="mighty-duel" if players == 2 and rng.random() < 0.5 else "standard",
        three_player_draw=rng.choice([3, 4]) if players == 3 else 3,
        middle_kingdom=rng.random() < 0.5, harmony=rng.random() < 0.5,
        strict_discard=rng.random() < 0.7)


def test_fast_path_plays_the_same_games_as_play() -> None:
    rng = random.Random(2024)
    for n in range(250):
        options = random_options(rng)
        seed = rng.getrandbits(63)
        fast = play_random(options, seed, [RandomBot(seed + p) for p in range(options.players)])
        slow = play([RandomBot(seed + p) for p in range(options.players)], options, seed)
        assert fast.results == slow.results(), (n, options)
        assert fast.winners == slow.winners()


def test_simulate_rows_and_ranks() -> None:
    rows = list(simulate(12, "random,greedy,random", GameOptions(players=3), seed=4))
    assert len(rows) == 36
    assert all(tuple(r) == COLUMNS for r in rows)
    assert [r["game"] for r in rows] == [g for g in range(12) for _ in range(3)]
    for g in range(12):
        game_rows = rows[3 * g: 3 * g + 3]
        assert len({r["seed"] for r in game_rows}) == 1
        assert game_rows[0]["seed"] == derive_seed(4, "game", g)
        keys = [(r["score"], r["largest_property"], r["crowns"]) for r in game_rows]
        for r, k in zip(game_rows, keys, strict=True):
            assert r["rank"] == 1 + sum(other > k for other in keys)
            assert r["winner"] == int(r["rank"] == 1)
    assert rows == list(simulate(12, ["random", "greedy", "random"], GameOptions(players=3),
                                 seed=4))


def test_simulate_identical_for_one_and_two_workers() -> None:
    options = GameOptions(players=2)
    a = list(simulate(30, "greedy,random", options, seed=8, workers=1))
    b = list(simulate(30, "greedy,random", options, seed=8, workers=2))
    assert a == b
    c = list(simulate(60, "random", GameOptions(), seed=8, workers=2))
    assert c == list(simulate(60, "random", GameOptions(), seed=8, workers=1))


def test_one_simulated_game_matches_a_played_game() -> None:
    from kingdomino_kit.bots import make_bot

    rows = simulate_game(3, ["greedy", "random"], GameOptions(players=2), 10)
    game_seed = derive_seed(10, "game", 3)
    bots = [make_bot(name, derive_seed(game_seed, "bot", p))
            for p, name in enumerate(["greedy", "random"])]
    game = play(bots, GameOptions(players=2), game_seed)
    assert [r["score"] for r in rows] == game.scores()


def test_summarize_and_bad_input() -> None:
    rows = list(simulate(20, "greedy,random", GameOptions(players=2), seed=1))
    summary = summarize(rows)
    assert [s["bot"] for s in summary] == ["greedy", "random"]
    for s in summary:
        mine = [r for r in rows if r["bot"] == s["bot"]]
        assert s["games"] == len(mine) == 20
        assert s["mean_score"] == round(sum(r["score"] for r in mine) / 20, 2)
    with pytest.raises(Exception, match="3 bots for 2 players"):
        expand_bots("random,random,random", 2)
    with pytest.raises(Exception, match="unknown bot"):
        list(simulate(1, "nobody", GameOptions()))
