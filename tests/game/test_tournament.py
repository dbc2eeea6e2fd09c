"""Tournaments: line-ups, paired deals, rows against the engine's own games, intervals and the
Bradley–Terry rating against their definitions."""

from __future__ import annotations

import math
import random
import statistics
from typing import Any

import pytest

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game import GameOptions
from kingdomino_kit.game.tournament import (
    COLUMNS,
    TournamentResult,
    bradley_terry,
    lineups,
    play_game,
    tournament,
)
from kingdomino_kit.infra.intervals import mean_interval
from kingdomino_kit.rules import Rules
from kingdomino_kit.seeds import derive_seed


def test_lineups_rotate_seats_and_choose_every_set() -> None:
    assert lineups(["a", "b", "c", "d"], 4, rotate=False) == [(0, 1, 2, 3)]
    rotated = lineups(["a", "b", "c", "d"], 4)
    assert len(rotated) == 4 and sorted(line[0] for line in rotated) == [0, 1, 2, 3]
    assert all(sorted(line) == [0, 1, 2, 3] for line in rotated)
    pairs = lineups(list("abcd"), 2)
    assert len(pairs) == 12 and len(set(pairs)) == 12           # 6 pairs, both seatings
    assert lineups(["a"], 4) == [(0, 0, 0, 0)]
    with pytest.raises(KingdominoError, match="2 bots for 3 players"):
        lineups(["a", "b"], 3)


def test_rows_are_the_engines_games_with_paired_deals() -> None:
    options = GameOptions(players=3, rules=Rules(middle_kingdom=True))
    result = tournament("greedy,random,random", 7, options, seed=5)
    assert len(result.rows) == 21 and all(tuple(r) == COLUMNS for r in result.rows)
    lines = result.lineups
    assert len(lines) == 3
    for g in range(7):
        rows = [r for r in result.rows if r["game"] == g]
        block, j = divmod(g, 3)
        assert {r["block"] for r in rows} == {block} and {r["lineup"] for r in rows} == {j}
        assert {r["seed"] for r in rows} == {derive_seed(5, "deal", block)}   # paired deals
        names = [result.bots[i] for i in lines[j]]
        assert [r["bot"] for r in rows] == names
        game, _ = play_game(names, options, rows[0]["seed"], derive_seed(5, "bots", g))
        assert [r["score"] for r in rows] == game.scores()
        keys = game.tiebreak_keys()
        for r in rows:
            assert r["rank"] == 1 + sum(k > keys[r["player"]] for k in keys)
            assert r["margin"] == r["score"] - max(s for p, s in enumerate(game.scores())
                                                   if p != r["player"])
        assert sum(r["win"] for r in rows) == pytest.approx(1.0)
    # every seat of a full block is held by each bot in turn
    first = [r for r in result.rows if r["block"] == 0 and r["bot"] == "greedy"]
    assert sorted(r["player"] for r in first) == [0, 1, 2]


def test_the_same_rows_for_any_number_of_workers() -> None:
    options = GameOptions(players=2)
    a = tournament(["greedy", "random"], 10, options, seed=2, workers=1)
    b = tournament(["greedy", "random"], 10, options, seed=2, workers=2)
    strip = [{k: v for k, v in r.items() if "seconds" not in k} for r in a.rows]
    assert strip == [{k: v for k, v in r.items() if "seconds" not in k} for r in b.rows]


def test_table_means_and_intervals_by_block() -> None:
    result = tournament(["greedy", "random"], 12, GameOptions(players=2), seed=9)
    table = {t["bot"]: t for t in result.table()}
    for name in ("greedy", "random"):
        seats = [r for r in result.rows if r["bot"] == name]
        blocks = sorted({r["block"] for r in seats})
        per_block = [statistics.mean(r["score"] for r in seats if r["block"] == b)
                     for b in blocks]
        assert table[name]["mean_score"] == pytest.approx(statistics.mean(per_block), abs=1e-3)
        half = 1.959964 * statistics.stdev(per_block) / math.sqrt(len(per_block))
        assert table[name]["mean_score_ci"] == pytest.approx(half, abs=1e-3)
        assert table[name]["seats"] == 12
    assert table["greedy"]["mean_score"] > table["random"]["mean_score"]
    assert table["greedy"]["rating"] > 1500 > table["random"]["rating"]
    low, high = table["greedy"]["rating_low"], table["greedy"]["rating_high"]
    assert low <= table["greedy"]["rating"] <= high
    assert table["greedy"]["win_share"] + table["random"]["win_share"] == pytest.approx(1.0)
    assert "| `greedy` | 12 |" in result.markdown()
    assert result.to_json()["lineups"] == [["greedy", "random"], ["random", "greedy"]]


def test_the_tables_interval_is_the_kits_one() -> None:
    values = [3.0, 5.0, 10.0, 2.0]
    mean, low, high = mean_interval(values)
    assert mean == statistics.mean(values)
    z = statistics.NormalDist().inv_cdf(0.975)      # 1.95996…, the exact 95 % quantile
    assert high - mean == mean - low == pytest.approx(z * statistics.stdev(values) / 2, rel=1e-12)
    assert mean_interval([4.0]) == (4.0, 4.0, 4.0)


def test_bradley_terry_two_bots_is_the_log_odds() -> None:
    ratings = bradley_terry({("a", "b"): 12.0, ("b", "a"): 5.0}, ["a", "b"])
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(12.5 / 5.5), abs=1e-6)
    assert (ratings["a"] + ratings["b"]) / 2 == pytest.approx(1500)


def test_bradley_terry_fits_the_maximum_likelihood() -> None:
    """At the maximum, each bot's (prior-padded) wins equal its expected wins."""
    rng = random.Random(3)
    names = ["a", "b", "c", "d"]
    wins = {(x, y): float(rng.randrange(0, 20)) for x in names for y in names if x != y}
    ratings = bradley_terry(wins, names, iterations=3000)
    strength = {n: 10 ** ((ratings[n] - 1500) / 400) for n in names}
    for x in names:
        won = sum(wins[x, y] + 0.5 for y in names if y != x)
        expected = sum((wins[x, y] + wins[y, x] + 1) * strength[x] / (strength[x] + strength[y])
                       for y in names if y != x)
        assert won == pytest.approx(expected, rel=1e-6)


def test_bad_arguments() -> None:
    with pytest.raises(KingdominoError, match="unknown bot"):
        tournament("greedy,nobody", 2, GameOptions(players=2))
    with pytest.raises(KingdominoError, match="games: must be an integer from 1 to 10,000,000"):
        tournament("greedy", 0)
    with pytest.raises(KingdominoError, match="not 1,000,000,000,000"):
        tournament("greedy", 10 ** 12)  # refused at once, before any game is planned
    with pytest.raises(KingdominoError, match="1 bots|2 bots"):
        tournament("greedy,random", 2, GameOptions(players=3))


def test_a_small_table_computed_by_hand() -> None:
    """Two bots, two blocks of two rotated games (a tie in the last): every figure by hand."""
    games = [  # (block, lineup, [(bot, score, rank, win, margin) by seat])
        (0, 0, [("a", 30, 1, 1.0, 10), ("b", 20, 2, 0.0, -10)]),
        (0, 1, [("b", 25, 1, 1.0, 5), ("a", 20, 2, 0.0, -5)]),
        (1, 0, [("a", 40, 1, 1.0, 20), ("b", 20, 2, 0.0, -20)]),
        (1, 1, [("b", 30, 1, 0.5, 0), ("a", 30, 1, 0.5, 0)]),
    ]
    rows = tuple({"game": g, "block": block, "lineup": j, "seed": block, "players": 2,
                  "player": p, "bot": bot, "score": score, "rank": rank, "win": win,
                  "margin": margin, "decisions": 10, "seconds": 1.0, "max_seconds": 0.25}
                 for g, (block, j, seats) in enumerate(games)
                 for p, (bot, score, rank, win, margin) in enumerate(seats))
    result = TournamentResult(("a", "b"), ((0, 1), (1, 0)), GameOptions(players=2), 0, 4, rows)
    table = {t["bot"]: t for t in result.table()}
    a, b = table["a"], table["b"]
    # a: blocks 25 and 35 -> 30, standard error 5 -> ±9.8; b: 22.5 and 25 -> 23.75 ± 2.45
    assert (a["mean_score"], a["mean_score_ci"]) == (30.0, 9.8)
    assert (b["mean_score"], b["mean_score_ci"]) == (23.75, 2.45)
    # win share: a 0.5 and 0.75 -> 0.625 ± 0.245; b 0.5 and 0.25 -> 0.375 ± 0.245
    assert (a["win_share"], a["win_share_ci"]) == (0.625, 0.245)
    assert (b["win_share"], b["win_share_ci"]) == (0.375, 0.245)
    assert (a["mean_rank"], b["mean_rank"]) == (1.25, 1.5)
    assert (a["margin"], b["margin"]) == (6.25, -6.25)
    # pairs: a beat b twice, lost once, tied once: 2.5 : 1.5, padded 3 : 2 -> 400·log10(1.5)
    assert (a["rating"], b["rating"]) == (1535, 1465)
    assert a["rating_low"] <= 1535 <= a["rating_high"]
    assert (a["seconds_per_decision"], a["max_seconds"], a["seconds_per_game"]) == (0.1, 0.25,
                                                                                  1.0)
    assert [t["bot"] for t in result.table()] == ["a", "b"]
    assert "| `a` | 4 | 30.0 ± 9.8 | +6.2 ± " in result.markdown()


def test_the_same_rows_on_a_dask_cluster(dask_local_cluster: Any) -> None:
    options = GameOptions(players=2)
    here = tournament(["greedy", "random"], 10, options, seed=3)
    there = tournament(["greedy", "random"], 10, options, seed=3, client=dask_local_cluster)
    strip = [{k: v for k, v in r.items() if "seconds" not in k} for r in here.rows]
    assert strip == [{k: v for k, v in r.items() if "seconds" not in k} for r in there.rows]
