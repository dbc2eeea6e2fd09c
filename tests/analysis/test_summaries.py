"""Claims, summaries and gaps, cross-checked against plain Python over the same games."""

from __future__ import annotations

import random
import statistics
from collections import defaultdict

import pandas as pd
import pytest

from kingdomino_kit.analysis import (
    domino_values,
    first_pick,
    gaps,
    greedy_gap,
    hands,
    mean_interval,
    share_interval,
    simulate_claims,
    summary,
)
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game import GameOptions
from kingdomino_kit.game.simulate import simulate
from kingdomino_kit.rules import Rules


def test_mean_interval_matches_the_textbook_formula() -> None:
    rng = random.Random(1)
    for n in (2, 5, 40):
        values = [rng.gauss(50, 10) for _ in range(n)]
        mean, low, high = mean_interval(values)
        half = 1.959964 * statistics.stdev(values) / n ** 0.5
        assert mean == pytest.approx(statistics.fmean(values))
        assert (low, high) == pytest.approx((mean - half, mean + half))
    with pytest.raises(KingdominoError):
        mean_interval([])


def test_intervals_cover_the_truth_about_95_percent_of_the_time() -> None:
    rng = random.Random(7)
    means = shares = 0
    trials = 600
    for _ in range(trials):
        _, low, high = mean_interval([rng.expovariate(1 / 40) for _ in range(60)])
        means += low <= 40 <= high
        wins = sum(rng.random() < 0.25 for _ in range(30))
        _, low, high = share_interval(wins, 30)
        shares += low <= 0.25 <= high
    assert 0.92 <= means / trials <= 0.98
    assert 0.92 <= shares / trials <= 0.99


def test_summary_groups_as_plain_python_does() -> None:
    rows = list(simulate(30, "greedy,random,random", GameOptions(players=3), seed=2))
    frame = pd.DataFrame(rows).astype({"winner": bool})
    table = summary(frame, ["bot", "player"], "score")
    groups: dict[tuple[str, int], list[int]] = defaultdict(list)
    for r in rows:
        groups[(r["bot"], r["player"])].append(r["score"])
    assert [tuple(k) for k in table[["bot", "player"]].values.tolist()] == sorted(groups)
    for record in table.to_dict("records"):
        values = groups[(record["bot"], record["player"])]
        assert record["n"] == len(values)
        assert (record["mean"], record["low"], record["high"]) == pytest.approx(
            mean_interval(values))
    wins = summary(frame, "bot", "winner")
    for record in wins.to_dict("records"):
        won = [r["winner"] for r in rows if r["bot"] == record["bot"]]
        assert record["mean"] == pytest.approx(sum(won) / len(won))
        assert 0 <= record["low"] <= record["mean"] <= record["high"] <= 1


def test_claims_are_the_games_of_simulate() -> None:
    options = GameOptions(players=4)
    claims = simulate_claims(6, "greedy,random,random,random", options, seed=4)
    rows = list(simulate(6, "greedy,random,random,random", options, seed=4))
    assert list(claims.columns) == ["game", "seed", "player", "bot", "round", "turn", "domino",
                                    "placed", "score", "winner"]
    for r in rows:
        mine = claims[(claims["game"] == r["game"]) & (claims["player"] == r["player"])]
        assert len(mine) == 12  # 48 dominoes, 4 players
        assert set(mine["score"]) == {r["score"]} and set(mine["seed"]) == {r["seed"]}
        assert set(mine["winner"]) == {bool(r["winner"])}
        assert int((~mine["placed"]).sum()) == r["discarded"]
    for _, game in claims.groupby("game"):
        assert sorted(game["domino"]) == list(range(1, 49))
        assert sorted(game[game["round"] == 0]["turn"]) == [0, 1, 2, 3]
    assert simulate_claims(6, "greedy,random,random,random", options, seed=4,
                           workers=2, chunk=2).equals(claims)


def test_domino_values_and_first_pick_as_plain_python_counts_them() -> None:
    claims = simulate_claims(40, "random", GameOptions(players=2), seed=9)
    seats = {(g, p): s for g, p, s in claims[["game", "player", "score"]].values.tolist()}
    mean_score = statistics.fmean(seats.values())
    owners: dict[int, list[int]] = defaultdict(list)
    for d, s in claims[["domino", "score"]].values.tolist():
        owners[d].append(s)
    table = domino_values(claims)
    assert table["domino"].tolist() == sorted(owners)
    for record in table.to_dict("records"):
        assert record["n"] == len(owners[record["domino"]])
        assert record["value"] == pytest.approx(statistics.fmean(owners[record["domino"]])
                                                - mean_score)
        assert record["low"] <= record["value"] <= record["high"]
    first = claims[(claims["round"] == 0) & (claims["turn"] == 0)]
    share = first_pick(claims).to_dict("records")
    assert len(share) == 1 and share[0]["n"] == 40 and share[0]["fair"] == 0.5
    assert share[0]["share"] == pytest.approx(first["winner"].mean())


@pytest.mark.slow
@pytest.mark.parametrize("games", [1, pytest.param(2, marks=pytest.mark.sweep)])
def test_greedy_never_beats_the_optimum_of_its_own_dominoes(games: int) -> None:
    options = GameOptions(players=2, rules=Rules(middle_kingdom=True))
    table = greedy_gap(games, "greedy,random", options, seed=3, time_limit_s=30)
    assert len(table) == 2 * games and set(table["status"]) == {"OPTIMAL"}
    assert (table["gap"] >= 0).all()
    assert (table["optimum"] == table["score"] + table["gap"]).all()
    assert table["dominoes"].map(len).tolist() == [12] * 2 * games
    # under Harmony the optimum counts the +5 as a player's score does (the best full layout
    # or the best layout): still never below a player's score
    harmony = greedy_gap(1, options=GameOptions(players=2, rules=Rules(harmony=True)),
                         time_limit_s=30)
    assert set(harmony["status"]) == {"OPTIMAL"} and (harmony["gap"] >= 0).all()


def test_gaps_match_each_hand_with_its_optimum() -> None:
    claims = pd.DataFrame({"game": [0, 0, 1], "player": [0, 0, 0], "bot": ["a"] * 3,
                           "domino": [41, 36, 48], "score": [3, 3, 1]})
    table = hands(claims)
    optima = pd.DataFrame({"dominoes": [[48], [36, 41]], "status": ["OPTIMAL", "FEASIBLE"],
                           "score": [2, 6]})
    out = gaps(table, optima)
    assert out[["dominoes", "optimum", "status", "gap"]].to_dict("records") == [
        {"dominoes": [36, 41], "optimum": 6, "status": "FEASIBLE", "gap": 3},
        {"dominoes": [48], "optimum": 2, "status": "OPTIMAL", "gap": 1}]
