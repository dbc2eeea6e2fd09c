"""``origins score|play|replay|solve``: Kingdomino Origins territories, games and optimal
layouts (the flags every game shares: :mod:`.contract`)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from kingdomino_kit.cli import CliError, add_actions, contract, read_input
from kingdomino_kit.errors import LogError
from kingdomino_kit.origins.catalogue import Catalogue, load_catalogue, sample_catalogue
from kingdomino_kit.origins.errors import OriginsError, OriginsNotationError
from kingdomino_kit.origins.game import OriginsGame, OriginsOptions, play
from kingdomino_kit.origins.gamelog import dumps, loads, replay
from kingdomino_kit.origins.kingdom import parse_text, territory_from_json
from kingdomino_kit.origins.scoring import DEFAULT_FIRE_COUNT, FIRE_COUNTS, held_totems, score_sheet
from kingdomino_kit.origins.solver import solve_discovery

GAME = "origins"


def register(sub: Any) -> None:
    """Add ``origins`` and its sub-commands."""
    osub = add_actions(sub, "origins")

    p = osub.add_parser("score", help="score a territory given in Origins text notation or JSON")
    p.add_argument("file", nargs="?", default="-",
                   help="territory file, text notation or JSON (- or none: stdin)")
    p.add_argument("--mode", choices=("discovery", "totem", "tribe"), default="discovery")
    p.add_argument("--size", type=int, choices=(5, 7), default=5,
                   help="5, or 7 (Neolithic); a JSON territory gives its own")
    p.add_argument("--totems", default="", help="totems held, e.g. fish,flint (Totem mode)")
    p.add_argument("--totem-bonus", choices=("scarcity", "flat"),
                   default="scarcity",
                   help="totem values: scarcity 3/4/5/6 (the rulebook's), or flat 3 each")
    p.add_argument("--discarded", type=int, default=None,
                   help="dominoes discarded (Homo Habilis; default 0, or the JSON's figure)")
    add_rule_arguments(p, spelled_off=True)
    p.add_argument("--json", action="store_true",
                   help="print JSON (with the territory as kingdomino-origins-territory/1)")
    p.set_defaults(func=cmd_score)

    p = osub.add_parser("play", help="play a game between bots")
    contract.add_play_arguments(p, GAME)
    p.add_argument("--mode", choices=("discovery", "totem", "tribe"), default="discovery")
    p.add_argument("--totem-bonus", choices=("scarcity", "flat"), default="scarcity",
                   help="totem values: scarcity 3/4/5/6 (the rulebook's), or flat 3 each")
    add_rule_arguments(p)
    p.add_argument("--catalogue", metavar="CSV", help="domino catalogue (default: the sample)")
    p.add_argument("--replay", metavar="LOG",
                   help="the same as `origins replay LOG` (kept for older scripts; no flag of "
                        "a game to play with it)")
    p.set_defaults(func=cmd_play, play_defaults={
        name: p.get_default(name) for name in ("log", "seed", "bots", "players", "mode",
                                               "totem_bonus", "empire_of_fire",
                                               "homo_habilis", "fire_count")})

    p = osub.add_parser("replay", help="replay a game log, re-checking every rule")
    contract.add_replay_arguments(p, GAME)
    p.add_argument("--catalogue", metavar="CSV",
                   help="the domino catalogue the game was played with (default: the sample)")
    p.set_defaults(func=cmd_replay)

    p = osub.add_parser("solve", help="best Discovery territory for a set of dominoes (CP-SAT)")
    p.add_argument("dominoes", help="domino numbers, e.g. 21,36,18")
    p.add_argument("--catalogue", metavar="CSV", help="domino catalogue (default: the sample)")
    p.add_argument("--size", type=int, choices=(5, 7), default=5, help="7: Neolithic 7×7")
    p.add_argument("--empire-of-fire", "--empire", dest="empire_of_fire", action="store_true",
                   help=EMPIRE_HELP)
    p.add_argument("--homo-habilis", action="store_true", help=HABILIS_HELP)
    contract.add_solver_arguments(p, time_limit=60.0)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_solve)


EMPIRE_HELP = ("supplementary rule Empire of fire: +10 when the hut is the centre of the "
               "territory (off by default)")
HABILIS_HELP = ("supplementary rule Homo Habilis: +5 for a complete territory with no domino "
                "discarded (off by default)")


def add_rule_arguments(p: argparse.ArgumentParser, *, spelled_off: bool = False) -> None:
    """The flags of the rules a game is played or scored under: the two supplementary rules
    (opt-in) and what the fire lady and the tie-break count. ``spelled_off``: also accept
    ``--no-empire`` and ``--no-homo-habilis``, the spelling of when the rules were on by
    default (they now say what the default does)."""
    for flag, name, text, old in (("--empire-of-fire", "empire_of_fire", EMPIRE_HELP,
                                   "--no-empire"),
                                  ("--homo-habilis", "homo_habilis", HABILIS_HELP,
                                   "--no-homo-habilis")):
        group = p.add_mutually_exclusive_group()
        group.add_argument(flag, dest=name, action="store_true", help=text)
        if spelled_off:
            group.add_argument(old, dest=name, action="store_false", help=argparse.SUPPRESS)
    p.add_argument("--fire-count", choices=tuple(FIRE_COUNTS), default=DEFAULT_FIRE_COUNT,
                   help="what the fire lady and the second tie-break count: tokens (one per "
                        "fire token, the default) or symbols (every fire symbol, printed and "
                        "on tokens: the English rulebook)")


def _catalogue(path: str | None) -> Catalogue:
    if path is None:
        return sample_catalogue()
    text, name = read_input(path, "catalogue")
    return load_catalogue(text, name)


def cmd_score(args: argparse.Namespace) -> int:
    """Score one territory."""
    text, name = read_input(args.file, "territory")
    try:
        if text.lstrip().startswith(("{", "[")):
            kingdom = territory_from_json(text)
        else:
            kingdom, _ = parse_text(text, args.size)
    except OriginsNotationError as error:
        raise CliError(f"{name}: {error}") from None
    if args.discarded is not None:
        if not 0 <= args.discarded <= len(sample_catalogue()):
            raise CliError(f"--discarded: must be 0–48 (the dominoes of a game), not "
                           f"{args.discarded}")
        kingdom.discarded = args.discarded
    try:
        totems = held_totems([w for w in args.totems.split(",") if w.strip()])
    except OriginsError as error:
        raise CliError(f"--{error}") from None
    sheet = score_sheet(kingdom, args.mode, totems=totems, totem_bonus_values=args.totem_bonus,
                        empire_of_fire=args.empire_of_fire, homo_habilis=args.homo_habilis,
                        fire_count=args.fire_count)
    regions = kingdom.regions()
    if args.json:
        print(json.dumps({
            "mode": args.mode,
            "regions": [{"terrain": r.terrain.value, "squares": r.squares, "fire": r.fire,
                         "tokens": r.tokens, "score": r.score} for r in regions],
            "region_points": sheet.regions, "empire_of_fire": sheet.empire_of_fire,
            "homo_habilis": sheet.homo_habilis, "resources": sheet.resources,
            "totems": sheet.totems, "cavemen": sheet.cavemen, "total": sheet.total,
            "fire_count": args.fire_count,
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


def _result(game: OriginsGame, **extra: Any) -> dict[str, Any]:
    return contract.result_json(GAME, seed=game.seed, players=game.options.players,
                                scores=game.results(), winners=game.winners(), **extra,
                                mode=game.mode.value)


def cmd_play(args: argparse.Namespace) -> int:
    """Play a game and print the results (with ``--replay``: :func:`cmd_replay`, which takes no
    flag of a game to play)."""
    if args.replay is not None:
        played = ["--" + name.replace("_", "-") for name, default in args.play_defaults.items()
                  if getattr(args, name) != default]
        if played:
            raise CliError(f"{played[0]}: --replay re-checks a log and plays no game (write "
                           "the log with `origins play --log`, check it with `origins replay`)")
        args.file = args.replay
        return cmd_replay(args)
    catalogue = _catalogue(args.catalogue)
    options = OriginsOptions(players=args.players, mode=args.mode,
                             totem_bonus=args.totem_bonus, empire_of_fire=args.empire_of_fire,
                             homo_habilis=args.homo_habilis, fire_count=args.fire_count,
                             catalogue=catalogue)
    names, seed, bots = contract.seated_bots(args, GAME)
    game = play(bots, options, seed)
    if contract.show_play(args, names, lambda seats: dumps(game.log() | seats),
                          _result(game, bots=names)):
        return 0
    print(f"{game.mode.value} game, {game.options.players} players, seed {game.seed}")
    for r, k in zip(game.results(), game.kingdoms_, strict=True):
        print(f"player {r['player']} ({names[r['player']]}): {r['score']} points")
        print("  " + k.to_text().replace("\n", "\n  "))
    print("winners: " + ", ".join(str(w) for w in game.winners()))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a log through every rule; the first broken one is an error naming the round."""
    text, name = read_input(args.file, "log")
    catalogue = _catalogue(args.catalogue) if args.catalogue else None
    data = loads(text, name)
    try:
        game = replay(data, catalogue=catalogue)
    except LogError as error:
        raise CliError(f"{name}: {error}") from None
    detail = f"{game.mode.value} mode, {len(data['rounds'])} rounds"
    contract.print_replay(name, data["format"], _result(game), detail, args.json)
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve a Discovery layout."""
    catalogue = _catalogue(args.catalogue)
    dominoes = catalogue.dominoes(args.dominoes)
    if not dominoes:
        raise CliError("no dominoes given")
    sol = solve_discovery(dominoes, size=args.size, empire_of_fire=args.empire_of_fire,
                          homo_habilis=args.homo_habilis,
                          time_limit_s=args.time_limit, workers=args.workers, seed=args.seed)
    data = sol.to_json()
    if args.json:
        print(json.dumps(data))
        return 0
    print("\n".join(contract.answer_lines(data)))
    for t in data["fire"]:
        to = "nowhere (no square allowed)" if t["to"] is None else tuple(t["to"])
        print(f"  {t['fire']}-fire token from {tuple(t['from'])} lands on {to}")
    if catalogue.illustrative:
        print("(dominoes from the ILLUSTRATIVE sample catalogue, not the printed set)",
              file=sys.stderr)
    return 0
