"""Seeded games recorded from the engine before it was made faster (by
``scripts/record_engine_games.py``), replayed move for move: random, greedy and Monte Carlo
bots, 2–4 players, both variants, the 3-player draw of 4, loose discards, both bonuses; the fast
paths (random games, greedy games, greedy playouts) give the same results."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.bots import RandomBot, make_bot
from kingdomino_kit.game import Game, play
from kingdomino_kit.game.bots import fast_seats
from kingdomino_kit.game.fast import compiled
from kingdomino_kit.game.fast.play import play_fast, play_random
from kingdomino_kit.game.greedy import Greedy, GreedyPolicy
from kingdomino_kit.game.playout import BitGame
from scripts.record_engine_games import moves, options_from

FIXTURE = json.loads((Path(__file__).parent / "data" / "engine_games.json").read_text())


def _id(record: dict[str, Any]) -> str:
    o = record["options"]
    return f"{record['seed']}-{o['players']}p-{o['variant']}-{record['bots'][0]}"


@pytest.mark.parametrize("record", FIXTURE["games"], ids=_id)
def test_every_recorded_game_is_played_move_for_move(record: dict[str, Any]) -> None:
    options = options_from(record["options"])
    seed = record["seed"]
    bots = [make_bot(spec, seed * 10 + p) for p, spec in enumerate(record["bots"])]
    game = play(bots, options, seed)
    assert moves(game.log()) == record["moves"]
    assert game.results() == record["results"]
    assert game.winners() == record["winners"]
    if set(record["bots"]) == {"random"}:
        fast = play_random(options, seed, [RandomBot(seed * 10 + p)
                                           for p in range(options.players)])
        assert (fast.results, fast.winners) == (record["results"], record["winners"])
        built = compiled.play_random_seeded(options, seed, [seed * 10 + p
                                                           for p in range(options.players)])
        assert (built.results, built.winners) == (record["results"], record["winners"])
    players = [make_bot(spec, seed * 10 + p) for p, spec in enumerate(record["bots"])]
    seats = fast_seats(players)
    if seats is not None:
        fast = play_fast(options, seed, seats)
        assert (fast.results, fast.winners) == (record["results"], record["winners"])
        built = compiled.play_greedy_seeded(options, seed, [seed * 10 + p
                                                            for p in range(options.players)],
                                            [s.weights for s in seats])
        assert (built.results, built.winners) == (record["results"], record["winners"])


def test_the_fixture_covers_what_it_says() -> None:
    games = FIXTURE["games"]
    assert {g["options"]["players"] for g in games} == {2, 3, 4}
    assert {g["options"]["variant"] for g in games} == {"standard", "mighty-duel"}
    assert any(g["options"]["three_player_draw"] == 4 for g in games)
    assert any(not g["options"]["strict_discard"] for g in games)
    assert {(g["options"]["middle_kingdom"], g["options"]["harmony"]) for g in games} == {
        (a, b) for a in (False, True) for b in (False, True)}
    assert {spec.split(":")[0] for g in games for spec in g["bots"]} == {"random", "greedy",
                                                                          "mce"}
    assert any("x|" in move for g in games for move in g["moves"])  # a discard was played


@pytest.mark.parametrize("record", FIXTURE["playouts"], ids=lambda r: str(r["advance"]))
def test_greedy_playouts_are_the_recorded_ones(record: dict[str, Any]) -> None:
    options = options_from(record["options"])
    n = record["advance"]
    rng = random.Random(n)
    game = Game(options, record["seed"])
    bots = [make_bot("random", n * 10 + p) for p in range(options.players)]
    for _ in range(rng.randrange(4, 40)):
        p = game.current_player
        assert p is not None
        game.apply(bots[p].choose(None, game.legal_actions()))
    fast = BitGame.from_observation(game.observation(), random.Random(n))
    greedy = Greedy(options, lookahead=False)
    fast.run([GreedyPolicy(greedy, random.Random(n * 7 + p)) for p in range(options.players)])
    assert (fast.results(), fast.winners()) == (record["results"], record["winners"])
