"""Fingerprint the kit's behaviour: hashes of seeded games, logs, puzzle verdicts and solver
answers, one JSON line per family, for showing that a restructuring changed no behaviour.

    python scripts/fingerprint.py > before.jsonl   # ... restructure ...
    python scripts/fingerprint.py > after.jsonl && diff before.jsonl after.jsonl

Only what a game *does* is hashed (actions, scores, winners, layouts, verdicts): format names and
the spelling of statuses are normalised away, so a renamed log format does not count as a change.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _first(*paths: str) -> Any:
    """The first of ``module:attribute`` paths that imports (layouts before and after a move)."""
    for path in paths:
        module, _, attr = path.partition(":")
        try:
            return getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError):
            continue
    raise ImportError(f"none of {paths} imports")


def _digest(items: list[Any]) -> str:
    h = hashlib.sha256()
    for item in items:
        h.update(json.dumps(item, sort_keys=True, default=str).encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


def _strip(log: Any) -> Any:
    """A log without its format name (the names may be unified)."""
    if isinstance(log, dict):
        return {k: _strip(v) for k, v in log.items() if k != "format"}
    if isinstance(log, list):
        return [_strip(v) for v in log]
    return log


def kingdomino_games() -> dict[str, Any]:
    from kingdomino_kit.game import GameOptions, play
    from kingdomino_kit.rules import Rules

    make_bot = _first("kingdomino_kit.bots:make_bot")
    logs = []
    for seed in range(100):
        players = 2 + seed % 3
        duel = seed % 7 == 0 and players == 2
        options = GameOptions(players=players, variant="mighty-duel" if duel else "standard",
                              rules=Rules(7 if duel else 5, middle_kingdom=seed % 2 == 0,
                                          harmony=seed % 5 == 0))
        spec = ["random", "greedy"][seed % 2]
        bots = [make_bot(spec if p % 2 == 0 else "random", seed * 10 + p) for p in range(players)]
        game = play(bots, options, seed=seed)
        logs.append(_strip(game.log()))
    return {"family": "kingdomino-games", "n": len(logs), "hash": _digest(logs)}


def mc_games() -> dict[str, Any]:
    from kingdomino_kit.game import GameOptions, play

    make_bot = _first("kingdomino_kit.bots:make_bot")
    out = []
    for seed in range(4):
        bots = [make_bot("mc:playouts=2:width=3", seed), make_bot("greedy", seed + 1)]
        out.append(play(bots, GameOptions(players=2), seed=seed).scores())
    return {"family": "mc-games", "n": len(out), "hash": _digest(out), "scores": out}


def fastplay_games() -> dict[str, Any]:
    from kingdomino_kit.game import GameOptions
    from kingdomino_kit.rules import Rules

    play_random = _first("kingdomino_kit.game.fast.play:play_random",
                         "kingdomino_kit.fastplay:play_random")
    random_bot = _first("kingdomino_kit.bots:RandomBot")
    out = []
    for seed in range(200):
        players = 2 + seed % 3
        options = GameOptions(players=players,
                              rules=Rules(middle_kingdom=seed % 2 == 1, harmony=seed % 3 == 0))
        result = play_random(options, seed, [random_bot(seed * 7 + p) for p in range(players)])
        out.append([result.results, result.winners])
    return {"family": "fastplay", "n": len(out), "hash": _digest(out)}


def kingdoms_games() -> dict[str, Any]:
    from kingdomino_kit.kingdoms import KingdomsRules, play_game

    random_bot = _first("kingdomino_kit.bots:RandomBot")
    greedy = _first("kingdomino_kit.kingdoms.bots:GreedyBot")
    out = []
    for seed in range(30):
        players = 2 + seed % 3
        rules = KingdomsRules(players=players, wizard=seed % 2 == 1)
        bots = [(greedy(seed + p) if p % 2 else random_bot(seed + p)) for p in range(players)]
        out.append(_strip(play_game(rules, bots, seed=seed).to_log()))
    return {"family": "kingdoms-games", "n": len(out), "hash": _digest(out)}


def origins_games() -> dict[str, Any]:
    origins_options = _first("kingdomino_kit.origins.game:OriginsOptions")
    origins_play = _first("kingdomino_kit.origins.game:play")
    random_bot = _first("kingdomino_kit.bots:RandomBot")
    greedy = _first("kingdomino_kit.origins.bots:GreedyOriginsBot")
    modes = ["discovery", "totem", "tribe"]
    out = []
    for seed in range(30):
        players = 2 + seed % 3
        try:
            options = origins_options(players=players, mode=modes[seed % 3])
        except TypeError:
            options = origins_options(players=players)
        bots = [(greedy(seed + p) if p % 2 else random_bot(seed + p)) for p in range(players)]
        game = origins_play(bots, options, seed=seed)
        out.append(_strip(game.log()))
    return {"family": "origins-games", "n": len(out), "hash": _digest(out)}


def puzzle_verdicts() -> dict[str, Any]:
    load_collection = _first("kingdomino_kit.puzzles:load_collection")
    grade = _first("kingdomino_kit.puzzles.grading:grade", "kingdomino_kit.puzzle_grading:grade")
    replay = _first("kingdomino_kit.puzzles.grading:replay",
                    "kingdomino_kit.puzzle_grading:replay")
    out = []
    for puzzle in load_collection():
        kingdom = replay(puzzle)
        g = grade(puzzle, kingdom)
        out.append([puzzle.id, g.legal, g.buildable, g.score, g.optimal, str(kingdom)])
    return {"family": "puzzle-verdicts", "n": len(out), "hash": _digest(out)}


def solver_answers() -> dict[str, Any]:
    from kingdomino_kit.dominoes import dominoes
    from kingdomino_kit.solver import best_kingdom

    sets = ["41,36", "48,47,13", "1,2,3,4,5,6", "12,19,25,31,40,44,47",
            "3,9,15,22,28,33,37,41,45,48"]
    out = []
    for text in sets:
        for middle, harmony in ((False, False), (True, False)):
            sol = best_kingdom(dominoes(text), middle_kingdom=middle, harmony=harmony,
                               workers=1, time_limit_s=60)
            status = getattr(sol.status, "value", sol.status)
            out.append([text, middle, harmony, str(status).lower(), sol.score, sol.bound])
    return {"family": "solver", "n": len(out), "hash": _digest(out), "answers": out}


def simulate_rows() -> dict[str, Any]:
    from kingdomino_kit.game import GameOptions
    from kingdomino_kit.rules import Rules

    simulate = _first("kingdomino_kit.game.simulate:simulate",
                      "kingdomino_kit.simulate:simulate")
    rows = list(simulate(300, "random,greedy,random,random", GameOptions(players=4), seed=5,
                         progress=False))
    rows += list(simulate(100, "random", GameOptions(players=3, rules=Rules(harmony=True)),
                          seed=9, progress=False))
    return {"family": "simulate", "n": len(rows), "hash": _digest(rows)}


FAMILIES = [kingdomino_games, simulate_rows, mc_games, fastplay_games, kingdoms_games,
            origins_games, puzzle_verdicts, solver_answers]


def main() -> None:
    sys.path.insert(0, str(ROOT))
    for family in FAMILIES:
        try:
            line = family()
        except Exception as error:  # a family that cannot run is reported, not hidden
            line = {"family": family.__name__, "error": f"{type(error).__name__}: {error}"}
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
