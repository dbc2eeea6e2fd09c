"""``origins score|play|solve``: Kingdomino Origins territories, games and optimal layouts."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from kingdomino_kit.cli import CliError, read_input


def register(sub: Any) -> None:
    """Add ``origins`` and its sub-commands."""
    from kingdomino_kit.cli import Parser

    group = sub.add_parser("origins", help="Kingdomino Origins: score, play, solve")
    osub = group.add_subparsers(dest="origins_command", metavar="SUBCOMMAND",
                                parser_class=Parser)
    osub.required = True

    p = osub.add_parser("score", help="score a territory given in Origins text notation or JSON")
    p.add_argument("file", nargs="?", default="-",
                   help="territory file, text notation or JSON (- or none: stdin)")
    p.add_argument("--mode", choices=("discovery", "totem", "tribe"), default="discovery")
    p.add_argument("--size", type=int, choices=(5, 7), default=5,
                   help="5, or 7 (Neolithic); a JSON territory gives its own")
    p.add_argument("--totems", default="", help="totems held, e.g. fish,flint (Totem mode)")
    p.add_argument("--totem-bonus", choices=("flat", "scarcity"), default="flat",
                   help="totem values: flat 3 each, or scarcity 3/4/5/6 (sources disagree)")
    p.add_argument("--discarded", type=int, default=None,
                   help="dominoes discarded (Homo Habilis; default 0, or the JSON's figure)")
    p.add_argument("--no-empire", action="store_true", help="no Empire of fire bonus")
    p.add_argument("--no-homo-habilis", action="store_true", help="no Homo Habilis bonus")
    p.add_argument("--json", action="store_true",
                   help="print JSON (with the territory as kingdomino-origins-territory/1)")
    p.set_defaults(func=cmd_score)

    p = osub.add_parser("play", help="play a game between bots (or --replay a log)")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    p.add_argument("--mode", choices=("discovery", "totem", "tribe"), default="discovery")
    p.add_argument("--bots", default="random", help="random or greedy per player, comma-separated")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--totem-bonus", choices=("flat", "scarcity"), default="flat")
    p.add_argument("--catalogue", metavar="CSV", help="domino catalogue (default: the sample)")
    p.add_argument("--log", metavar="FILE", help="write the game log here")
    p.add_argument("--replay", metavar="LOG", help="re-check a log instead of playing")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_play)

    p = osub.add_parser("solve", help="best Discovery territory for a set of dominoes (CP-SAT)")
    p.add_argument("dominoes", help="domino numbers, e.g. 21,36,18")
    p.add_argument("--catalogue", metavar="CSV", help="domino catalogue (default: the sample)")
    p.add_argument("--size", type=int, choices=(5, 7), default=5, help="7: Neolithic 7×7")
    p.add_argument("--empire", action="store_true", help="count Empire of fire (+10)")
    p.add_argument("--homo-habilis", action="store_true", help="count Homo Habilis (+5)")
    p.add_argument("--time-limit", type=float, default=60.0, help="seconds (default 60)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_solve)


def _catalogue(path: str | None) -> Any:
    from kingdomino_kit.origins.catalogue import load_catalogue, sample_catalogue

    if path is None:
        return sample_catalogue()
    text, name = read_input(path, "catalogue")
    return load_catalogue(text, name)


def cmd_score(args: argparse.Namespace) -> int:
    """Score one territory."""
    from kingdomino_kit.origins.catalogue import Resource
    from kingdomino_kit.origins.errors import OriginsNotationError
    from kingdomino_kit.origins.kingdom import parse_text, territory_from_json
    from kingdomino_kit.origins.scoring import score_sheet

    text, name = read_input(args.file, "territory")
    try:
        if text.lstrip().startswith("{"):
            kingdom = territory_from_json(text)
        else:
            kingdom, _ = parse_text(text, args.size)
    except OriginsNotationError as error:
        raise CliError(f"{name}: {error}") from None
    if args.discarded is not None:
        if args.discarded < 0:
            raise CliError(f"--discarded must be 0 or more, not {args.discarded}")
        kingdom.discarded = args.discarded
    totems = []
    for word in filter(None, (w.strip() for w in args.totems.split(","))):
        try:
            totems.append(Resource(word.lower()))
        except ValueError:
            raise CliError(f"--totems: unknown resource {word!r} (mammoth, fish, mushroom, "
                           "flint)") from None
    sheet = score_sheet(kingdom, args.mode, totems=totems, totem_bonus_values=args.totem_bonus,
                        empire_of_fire=not args.no_empire,
                        homo_habilis=not args.no_homo_habilis)
    regions = kingdom.regions()
    if args.json:
        print(json.dumps({
            "mode": args.mode,
            "regions": [{"terrain": r.terrain.value, "squares": r.squares, "fire": r.fire,
                         "tokens": r.tokens, "score": r.score} for r in regions],
            "region_points": sheet.regions, "empire_of_fire": sheet.empire_of_fire,
            "homo_habilis": sheet.homo_habilis, "resources": sheet.resources,
            "totems": sheet.totems, "cavemen": sheet.cavemen, "total": sheet.total,
            "territory": kingdom.to_json()}))
        return 0
    print(f"{'terrain':<10} {'squares':>7} {'fire':>4} {'score':>5}")
    for r in regions:
        print(f"{r.terrain.value:<10} {r.squares:>7} {r.fire:>4} {r.score:>5}")
    lines = [("regions", sheet.regions), ("empire of fire", sheet.empire_of_fire),
             ("homo habilis", sheet.homo_habilis)]
    if args.mode == "totem":
        lines += [("resources", sheet.resources), ("totems", sheet.totems)]
    if args.mode == "tribe":
        lines += [("cavemen", sheet.cavemen)]
    for label, value in lines + [("total", sheet.total)]:
        print(f"{label:<23} {value:>5}")
    return 0


def _bots(spec: str, players: int, seed: int | None) -> list[Any]:
    from kingdomino_kit.bots import RandomBot
    from kingdomino_kit.origins.bots import GreedyOriginsBot

    names = [n.strip().lower() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise CliError(f"--bots: {players} players need {players} bots, not {len(names)}")
    out: list[Any] = []
    for p, name in enumerate(names):
        s = None if seed is None else seed * 10 + p
        if name == "random":
            out.append(RandomBot(s))
        elif name == "greedy":
            out.append(GreedyOriginsBot(s))
        else:
            raise CliError(f"--bots: unknown bot {name!r} (random, greedy)")
    return out


def cmd_play(args: argparse.Namespace) -> int:
    """Play (or replay) a game and print the results."""
    from kingdomino_kit.origins.game import OriginsOptions, play
    from kingdomino_kit.origins.gamelog import dumps, loads, replay

    catalogue = _catalogue(args.catalogue)
    if args.replay:
        text, name = read_input(args.replay, "log")
        game = replay(loads(text, name), catalogue=catalogue if args.catalogue else None)
    else:
        options = OriginsOptions(players=args.players, mode=args.mode,
                                 totem_bonus=args.totem_bonus, catalogue=catalogue)
        game = play(_bots(args.bots, args.players, args.seed), options, args.seed)
        if args.log:
            with open(args.log, "w", encoding="utf-8") as handle:
                handle.write(dumps(game.log()))
    results = game.results()
    if args.json:
        print(json.dumps({"mode": game.mode.value, "seed": game.seed, "results": results,
                          "winners": game.winners()}))
        return 0
    print(f"{game.mode.value} game, {game.options.players} players, seed {game.seed}"
          + (" (replayed: every rule checked)" if args.replay else ""))
    for r, k in zip(results, game.kingdoms_, strict=True):
        print(f"player {r['player']}: {r['score']} points")
        print("  " + k.to_text().replace("\n", "\n  "))
    print("winners: " + ", ".join(str(w) for w in game.winners()))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve a Discovery layout."""
    from kingdomino_kit.origins.solver import solve_discovery

    catalogue = _catalogue(args.catalogue)
    dominoes = catalogue.dominoes(args.dominoes)
    if not dominoes:
        raise CliError("no dominoes given")
    sol = solve_discovery(dominoes, size=args.size, empire_of_fire=args.empire,
                          homo_habilis=args.homo_habilis,
                          time_limit_s=args.time_limit, workers=args.workers)
    if args.json:
        print(json.dumps({
            "status": sol.status.upper(), "score": sol.score, "bound": sol.bound,
            "grid": "" if sol.kingdom is None else sol.kingdom.to_text(),
            "order": [{"domino": p.domino.number, "cells": [list(p.first), list(p.second)]}
                      for p in sol.order],
            "fire": [{"fire": t.fire, "from": list(t.volcano),
                      "to": None if t.target is None else list(t.target)} for t in sol.throws],
            "seconds": round(sol.seconds, 3)}))
        return 0
    print(f"{sol.status.upper()}: score {sol.score} (bound {sol.bound}), "
          f"{sol.seconds:.1f} s")
    if sol.kingdom is not None:
        print(sol.kingdom.to_text())
        for t in sol.throws:
            print(f"  {t.fire}-fire token from {t.volcano} lands on {t.target}")
    if catalogue.illustrative:
        print("(dominoes from the ILLUSTRATIVE sample catalogue, not the printed set)",
              file=sys.stderr)
    return 0
