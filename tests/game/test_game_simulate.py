"""Batch simulation and the fast random path (the very same games as ``play``)."""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path

import pytest

from kingdomino_kit.bots import RandomBot
from kingdomino_kit.game import GameOptions, derive_seed, play
from kingdomino_kit.game.fast.play import play_random
from kingdomino_kit.game.simulate import (
    COLUMNS,
    expand_bots,
    read_results,
    simulate,
    simulate_frame,
    simulate_game,
    simulate_rows,
    simulate_to,
    summarize,
)
from kingdomino_kit.infra.tables import read_metadata
from kingdomino_kit.rules import Rules


def random_options(rng: random.Random) -> GameOptions:
    players = rng.choice([2, 3, 4])
    duel = players == 2 and rng.random() < 0.5
    draw = rng.choice([3, 4]) if players == 3 else 3
    rules = Rules(7 if duel else 5, middle_kingdom=rng.random() < 0.5,
                  harmony=rng.random() < 0.5)
    return GameOptions(players=players, variant="mighty-duel" if duel else "standard",
                       three_player_draw=draw, rules=rules, strict_discard=rng.random() < 0.7)


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
    a = list(simulate_rows(30, "greedy,random", options, seed=8, workers=1, chunk=4))
    b = list(simulate_rows(30, "greedy,random", options, seed=8, workers=2, chunk=4))
    assert a == b and len(a) == 8
    c = list(simulate(600, "random", GameOptions(), seed=8, workers=2))
    assert c == list(simulate(600, "random", GameOptions(), seed=8, workers=1))


def test_the_frame_has_the_rows_with_their_types() -> None:
    options = GameOptions(players=3, rules=Rules(harmony=True))
    rows = list(simulate(7, "greedy,random,random", options, seed=3))
    frame = simulate_frame(7, "greedy,random,random", options, seed=3)
    assert list(frame.columns) == list(COLUMNS)
    assert frame.to_dict("records") == [r | {"winner": bool(r["winner"])} for r in rows]
    assert dict(frame.dtypes.astype(str)) == {
        "game": "int64", "seed": "int64", "players": "int8", "player": "int8",
        "bot": "category", "score": "int16", "properties": "int16", "bonus": "int16",
        "largest_property": "int16", "crowns": "int16", "discarded": "int8", "rank": "int8",
        "winner": "bool"}


def test_the_csv_is_the_one_csv_dictwriter_writes(tmp_path: Path) -> None:
    options = GameOptions(players=4)
    summary = simulate_to(tmp_path / "new.csv", 300, "random", options, seed=3, workers=2)
    expected = io.StringIO()
    writer = csv.DictWriter(expected, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for i in range(300):
        writer.writerows(simulate_game(i, ["random"] * 4, options, 3))
    assert (tmp_path / "new.csv").read_text() == expected.getvalue()
    assert summary == summarize(simulate(300, "random", options, seed=3))


def test_parquet_and_csv_read_back_as_the_frame(tmp_path: Path) -> None:
    options = GameOptions(players=2, rules=Rules(middle_kingdom=True))
    frame = simulate_frame(40, "random,greedy", options, seed=6)
    for name in ("r.csv", "r.parquet"):
        simulate_to(tmp_path / name, 40, "random,greedy", options, seed=6)
        assert read_results(tmp_path / name).equals(frame), name
    meta = read_metadata(tmp_path / "r.parquet")
    assert meta is not None and meta["seed"] == 6 and meta["options"]["middle_kingdom"]


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
