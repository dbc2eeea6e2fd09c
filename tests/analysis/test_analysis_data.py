"""The tables shipped for notebook 06 are what ``scripts/make_analysis_data.py`` says they are:
the seeded hands and games, layouts that rebuild their scores through the rules, and optima
that the solver finds again on a sample."""

from __future__ import annotations

import random
from importlib import resources

import pytest

from kingdomino_kit import domino
from kingdomino_kit.analysis.claims import simulate_claims
from kingdomino_kit.analysis.gaps import hands
from kingdomino_kit.analysis.stored import (
    GAPS_GAMES,
    GAPS_OPTIONS,
    GAPS_SEED,
    HANDS,
    HANDS_FILE,
    HANDS_SEED,
    STRENGTH_OPTIONS,
    STRENGTH_SEED,
    bot_strength,
    greedy_gaps,
    random_hands,
)
from kingdomino_kit.game import play
from kingdomino_kit.game.hindsight import hindsight, taken_dominoes
from kingdomino_kit.game.simulate import seat_bots
from kingdomino_kit.game.tournament import tournament
from kingdomino_kit.infra.tables import read_metadata
from kingdomino_kit.solver import best_kingdom
from kingdomino_kit.solver.batch import BatchRules, optimum_kingdom, random_sets, solve_set


def test_the_hands_are_the_seeded_random_hands_solved_without_bonus() -> None:
    table = random_hands()
    seeded = set(random_sets(HANDS, size=5, seed=HANDS_SEED))
    keys = [tuple(d) for d in table["dominoes"]]
    assert len(set(keys)) == len(keys) and set(keys) == seeded  # every hand asked for
    with resources.as_file(resources.files("kingdomino_kit") / "data" / HANDS_FILE) as path:
        meta = read_metadata(path)
    assert meta is not None
    assert meta["rules"] == {"size": 5, "middle_kingdom": False, "harmony": False}


def test_every_stored_layout_rebuilds_its_score_through_the_rules() -> None:
    for row in random_hands().to_dict("records"):
        kingdom, order = optimum_kingdom(row["grid"], row["order"], 5)
        assert kingdom.score() == row["score"] <= row["bound"]
        assert {p.domino.number for p in order} <= set(row["dominoes"])
        if row["status"] == "OPTIMAL":
            assert row["score"] == row["bound"]


def _resolved(dominoes: list[int]) -> tuple[str, int]:
    sol = best_kingdom([domino(n) for n in dominoes], size=5, workers=1, time_limit_s=120)
    return str(sol.status.name), sol.score


def test_the_quickest_stored_hand_is_solved_again_to_the_same_optimum() -> None:
    table = random_hands()
    row = table.loc[table["seconds"].idxmin()]
    assert _resolved(list(row["dominoes"])) == ("OPTIMAL", int(row["score"]))


@pytest.mark.slow
def test_a_seeded_sample_of_stored_hands_is_solved_again_to_the_same_optima() -> None:
    table = random_hands()
    for i in random.Random(2).sample(range(len(table)), 3):
        row = table.iloc[i]
        status, score, bound = solve_set((tuple(row["dominoes"]), BatchRules()))[1:4]
        assert (status, score, bound) == (row["status"], row["score"], row["bound"])


def test_the_gaps_are_those_of_the_seeded_greedy_games() -> None:
    table = greedy_gaps()
    games = sorted(set(table["game"]))
    assert games == list(range(GAPS_GAMES)) and len(table) == 4 * GAPS_GAMES
    replayed = hands(simulate_claims(3, "greedy", GAPS_OPTIONS, GAPS_SEED))
    first = table[table["game"] < 3]
    assert replayed["dominoes"].tolist() == first["dominoes"].tolist()
    assert replayed["score"].tolist() == first["score"].tolist()
    assert (table["gap"] == table["optimum"] - table["score"]).all()
    assert (table["gap"][table["status"] == "OPTIMAL"] >= 0).all()


def test_a_seat_s_dominoes_are_what_hindsight_says_it_took() -> None:
    table = greedy_gaps()
    game_seed, players = seat_bots(0, ["greedy"] * 4, GAPS_SEED)
    game = play(players, GAPS_OPTIONS, game_seed)
    for player in range(4):
        row = table[(table["game"] == 0) & (table["player"] == player)].iloc[0]
        assert [d.number for d in taken_dominoes(game, player)] == list(row["dominoes"])
        assert game.scores()[player] == row["score"]


@pytest.mark.slow
def test_hindsight_finds_the_stored_optimum_of_a_seat() -> None:
    table = greedy_gaps()
    game_seed, players = seat_bots(1, ["greedy"] * 4, GAPS_SEED)
    game = play(players, GAPS_OPTIONS, game_seed)
    row = table[(table["game"] == 1) & (table["player"] == 2)].iloc[0]
    best = hindsight(game, 2, time_limit_s=120).best
    assert (best.status.name, best.score) == (row["status"], row["optimum"])


def test_the_bot_strength_table_holds_greedy_and_the_budgets_measured() -> None:
    table = bot_strength()
    assert table["bot"].iloc[0] == "greedy" and table["steps"].iloc[0] == 0
    mc = table[table["bot"] == "mce"]
    assert len(mc) >= 3 and mc["steps"].is_unique and (mc["steps"] > 0).all()
    assert (table["mean_score_ci"] > 0).all() and (mc["seconds_per_turn"] > 0).all()
    assert table["win_share"].between(0, 1).all()
    # more thinking costs more time: the CPU seconds a turn grow with the budget
    assert mc["seconds_per_turn"].is_monotonic_increasing


@pytest.mark.slow
def test_the_stored_greedy_row_is_played_again() -> None:
    row = bot_strength().iloc[0]
    result = tournament(["greedy"], int(row["games"]), STRENGTH_OPTIONS, seed=STRENGTH_SEED)
    entry = result.table()[0]
    assert (entry["mean_score"], entry["mean_score_ci"]) == (row["mean_score"],
                                                             row["mean_score_ci"])
