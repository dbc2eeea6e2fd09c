"""Record seeded games move for move, as a fixture the engine must keep playing identically.

    python scripts/record_engine_games.py tests/game/data/engine_games.json

Run once on the engine as it was before a speed-up; ``tests/game/test_engine_games.py`` replays
every game with today's code (the general engine and the fast paths) and compares the moves.
The games: random, greedy (default and other weights), ``mce`` with a small budget, 2/3/4
players, both variants, the 3-player draw of 4, loose discards, with and without the bonuses;
and greedy playouts (the one-step greedy of the Monte Carlo bots) from mid-game observations.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from kingdomino_kit.bots import make_bot
from kingdomino_kit.game import Game, GameOptions, play
from kingdomino_kit.game.greedy import Greedy, GreedyPolicy
from kingdomino_kit.game.playout import BitGame
from kingdomino_kit.infra.atomic import atomic_write
from kingdomino_kit.rules import Rules

SPECS = ("random", "greedy", "greedy:hole=2.7:adjacency=0.3", "mce:playouts=6:width=3")


def options_of(n: int) -> GameOptions:
    """The options of fixture game ``n``: every player count, variant, draw and bonus mix."""
    players = 2 + n % 3
    duel = players == 2 and n % 4 == 1
    draw = 4 if players == 3 and n % 5 == 2 else 3
    rules = Rules(7 if duel else 5, middle_kingdom=n % 2 == 0, harmony=(n // 2) % 2 == 0)
    return GameOptions(players=players, variant="mighty-duel" if duel else "standard",
                       three_player_draw=draw, rules=rules, strict_discard=n % 7 != 3)


def options_json(o: GameOptions) -> dict[str, Any]:
    return {"players": o.players, "variant": o.variant, "three_player_draw": o.three_player_draw,
            "middle_kingdom": o.rules.middle_kingdom, "harmony": o.rules.harmony,
            "strict_discard": o.strict_discard}


def options_from(data: dict[str, Any]) -> GameOptions:
    size = 7 if data["variant"] == "mighty-duel" else 5
    return GameOptions(players=data["players"], variant=data["variant"],
                       three_player_draw=data["three_player_draw"],
                       rules=Rules(size, middle_kingdom=data["middle_kingdom"],
                                   harmony=data["harmony"]),
                       strict_discard=data["strict_discard"])


def moves(log: dict[str, Any]) -> list[str]:
    """Every turn of a game log as text: ``king:placement|claim``."""
    out = []
    for entry in log["rounds"]:
        for turn in entry["turns"]:
            place = turn["place"]
            if place is None:
                text = "-"
            elif place.get("discard"):
                text = f"{place['domino']}x"
            else:
                (r1, c1), (r2, c2) = place["cells"]
                text = f"{place['domino']}@{r1},{c1},{r2},{c2}"
            out.append(f"{turn['king']}:{text}|{turn['pick'] if turn['pick'] else '-'}")
    return out


def game_record(n: int, specs: list[str]) -> dict[str, Any]:
    options = options_of(n)
    seed = 1000 + n
    bots = [make_bot(spec, seed * 10 + p) for p, spec in enumerate(specs)]
    game = play(bots, options, seed)
    return {"options": options_json(options), "seed": seed, "bots": specs,
            "moves": moves(game.log()), "results": game.results(), "winners": game.winners()}


def playout_record(n: int) -> dict[str, Any]:
    """A greedy playout (everyone the one-step greedy) from a mid-game observation."""
    options = options_of(n)
    rng = random.Random(n)
    game = Game(options, 2000 + n)
    bots = [make_bot("random", n * 10 + p) for p in range(options.players)]
    for _ in range(rng.randrange(4, 40)):
        p = game.current_player
        assert p is not None
        game.apply(bots[p].choose(None, game.legal_actions()))
    observation = game.observation()
    greedy = Greedy(options, lookahead=False)
    fast = BitGame.from_observation(observation, random.Random(n))
    fast.run([GreedyPolicy(greedy, random.Random(n * 7 + p)) for p in range(options.players)])
    return {"options": options_json(options), "seed": 2000 + n, "advance": n,
            "results": fast.results(), "winners": fast.winners()}


def record() -> dict[str, Any]:
    games = []
    for n in range(36):
        players = options_of(n).players
        spec = SPECS[n % 3]
        games.append(game_record(n, [spec] * players))
    for n in range(36, 42):  # greedy against random, and two small Monte Carlo games
        players = options_of(n).players
        specs = [SPECS[3] if n >= 40 else SPECS[1]] + [SPECS[p % 2] for p in range(1, players)]
        games.append(game_record(n, specs))
    return {"games": games, "playouts": [playout_record(n) for n in range(24)]}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: record_engine_games.py OUT.json", file=sys.stderr)
        return 2
    data = record()
    with atomic_write(argv[0]) as handle:
        json.dump(data, handle, separators=(",", ":"))
        handle.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
