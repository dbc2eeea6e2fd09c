"""``play``, ``replay`` and ``simulate``: whole games between bots, game logs, batch runs (the
flags every game shares: :mod:`.contract`)."""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import sys
from collections.abc import Iterator
from typing import Any

from kingdomino_kit.cli import CliError, add_command, contract, output_path, read_input
from kingdomino_kit.cli.rules import add_bonus_flags, rules_of
from kingdomino_kit.cli.workers import add_worker_arguments, where_to_run
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game import Game, GameOptions, derive_seed, play, play_dynasty
from kingdomino_kit.game.log import LogError, dumps, loads, replay
from kingdomino_kit.game.simulate import COLUMNS, simulate, simulate_game, simulate_to, summarize
from kingdomino_kit.infra.ceilings import MAX_GAMES
from kingdomino_kit.infra.resumable import ResumableCsv
from kingdomino_kit.infra.tables import table_format
from kingdomino_kit.rules import VARIANT_SIZES, variant_size

GAME = "kingdomino"
BOTS_HELP = " (parameters: mc:playouts=N:width=K:policy=random|greedy)"


def add_game_options(p: argparse.ArgumentParser) -> None:
    """Kingdomino's own rule flags (``play``, ``simulate``, ``tournament``)."""
    p.add_argument("--variant", choices=tuple(VARIANT_SIZES), default="standard",
                   help="mighty-duel: 2 players, 48 dominoes, 7×7 kingdoms")
    p.add_argument("--three-player-draw", type=int, choices=(3, 4), default=3,
                   help="3 players: draw 3 (official) or 4 and discard the unclaimed one")
    add_bonus_flags(p, {"middle_kingdom": "+10 for a central castle",
                        "harmony": "+5 for a full kingdom"})
    p.add_argument("--loose-discard", action="store_true",
                   help="allow discarding a domino that could be placed (default: forbidden)")


def game_options(args: argparse.Namespace) -> GameOptions:
    """The :class:`GameOptions` of the rule flags."""
    return GameOptions(players=args.players, variant=args.variant,
                       three_player_draw=args.three_player_draw,
                       rules=rules_of(args, variant_size(args.variant)),
                       strict_discard=not args.loose_discard)


def register(sub: Any) -> None:
    """Add ``play``, ``replay`` and ``simulate``."""
    p = add_command(sub, "play")
    contract.add_play_arguments(p, GAME, bots_help=BOTS_HELP)
    add_game_options(p)
    p.add_argument("--dynasty", action="store_true", help="play 3 games and add up the scores")
    p.set_defaults(func=cmd_play)

    p = add_command(sub, "replay")
    contract.add_replay_arguments(p, GAME)
    p.add_argument("--no-seed-check", action="store_true",
                   help="take the log's lines as the deal (a game recorded by hand)")
    p.set_defaults(func=cmd_replay)

    p = add_command(sub, "simulate")
    p.add_argument("--games", type=int, required=True,
                   help=f"number of games (at most {MAX_GAMES:,})")
    contract.add_seat_arguments(
        p, GAME, bots_help=BOTS_HELP,
        seed_help="seed of the run (default 0); the same seed, the same rows")
    add_game_options(p)
    add_worker_arguments(p, "games")
    p.add_argument("--out", metavar="FILE", type=output_path,
                   help="write the rows here, CSV or Parquet by the name's end (.csv, "
                        ".parquet), and print a summary (default: CSV on stdout); a CSV's "
                        "rows grow in FILE.partial while the run goes on")
    p.add_argument("--resume", action="store_true",
                   help="finish the interrupted run whose rows are in FILE.partial (CSV)")
    p.set_defaults(func=cmd_simulate)


def _result(game: Game, **extra: Any) -> dict[str, Any]:
    return contract.result_json(GAME, seed=game.seed, players=game.options.players,
                                scores=game.results(), winners=game.winners(),
                                variant=game.options.variant, **extra)


def cmd_play(args: argparse.Namespace) -> int:
    """Play a game (or a dynasty) and print the kingdoms and scores."""
    options = game_options(args)
    names, seed, bots = contract.seated_bots(args, GAME)
    if args.dynasty and args.log is not None:
        raise CliError("--log: a dynasty has three logs; play the games one by one")
    if args.dynasty:
        return _print_dynasty(bots, names, options, seed, args.json)
    game = play(bots, options, seed)
    if contract.show_play(args, names, lambda seats: dumps(game.log() | seats),
                          _result(game, bots=names)):
        return 0
    print(f"{options.players} players, {options.variant}, seed {seed}")
    for r in game.results():
        p = r["player"]
        extra = f" + {r['bonus']} bonus" if r["bonus"] else ""
        print(f"\nplayer {p} ({names[p]}): {r['score']} points ({r['properties']} from "
              f"properties{extra}; largest property {r['largest_property']}, "
              f"{r['crowns']} crowns, {r['discarded']} discarded)")
        print(game.kingdom(p).to_text())
    winners = game.winners()
    print("\nwinner" + ("s" if len(winners) > 1 else "") + ": "
          + ", ".join(f"player {p}" for p in winners))
    return 0


def _print_dynasty(bots: list[Any], names: list[str], options: GameOptions, seed: int,
                   as_json: bool) -> int:
    dynasty = play_dynasty(bots, options, seed)
    if as_json:
        print(json.dumps(contract.result_json(
            GAME, seed=seed, players=options.players,
            scores=[{"player": p, "score": t} for p, t in enumerate(dynasty.totals)],
            winners=dynasty.winners, variant=options.variant, bots=names,
            dynasty=[_result(g) for g in dynasty.games])))
        return 0
    for i, game in enumerate(dynasty.games):
        print(f"game {i + 1} (seed {game.seed}): scores {game.scores()}")
    for p, total in enumerate(dynasty.totals):
        print(f"player {p} ({names[p]}): {total} points in total")
    print("winner" + ("s" if len(dynasty.winners) > 1 else "") + ": "
          + ", ".join(f"player {p}" for p in dynasty.winners))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-check a log; one line for the first error (exit 2), a summary when it is clean."""
    text, name = read_input(args.file, "log")
    data = loads(text, name)
    try:
        game = replay(data, check_seed=not args.no_seed_check)
    except LogError as error:
        raise CliError(f"{name}: {error}") from None
    o = game.options
    contract.print_replay(name, data["format"], _result(game),
                          f"{o.variant}, {o.rounds + 1} rounds", args.json)
    return 0




def cmd_simulate(args: argparse.Namespace) -> int:
    """Simulate games; rows (one per game and player) to --out (CSV or Parquet) or CSV on
    stdout. A CSV ``--out`` grows in ``FILE.partial`` while the run goes on and can be resumed;
    a Parquet one is written whole (atomically) at the end."""
    options = game_options(args)
    names = contract.seat_bots(args, GAME)
    if not 0 <= args.games <= MAX_GAMES:
        raise CliError(f"--games: must be 0 to {MAX_GAMES:,}, not {args.games:,}")
    if args.resume and not args.out:
        raise CliError("--resume: needs --out FILE (the run to finish)")
    kind = table_format(args.out, "--out") if args.out else "csv"  # a bad name fails first
    if args.resume and kind != "csv":
        raise CliError(f"--resume: only a CSV --out is resumable, not {args.out}")
    seed = args.seed if args.seed is not None else 0
    resumed = 0
    with where_to_run(args) as where:
        if args.out and kind == "csv":
            summary, resumed = _simulate_to_file(args, names, options, seed, where)
        else:
            summary = simulate_to(args.out or sys.stdout, args.games, names, options, seed=seed,
                                  **where)
    if not args.out:
        return 0
    done = f" ({resumed:,} resumed)" if resumed else ""
    print(f"{args.games} games{done}, {options.players} players, seed {seed} -> {args.out}")
    print(f"{'bot':<24} {'seats':>6} {'mean score':>10} {'mean rank':>9} {'win share':>9}")
    for s in summary:
        print(f"{s['bot']:<24} {s['games']:>6} {s['mean_score']:>10.2f} {s['mean_rank']:>9.3f} "
              f"{s['win_share']:>9.3f}")
    return 0


def _simulate_to_file(args: argparse.Namespace, names: list[str], options: GameOptions,
                      seed: int, where: dict[str, Any]) -> tuple[list[dict[str, Any]], int]:
    """``simulate --out FILE [--resume]``: the rows go to ``FILE.partial`` as they come
    (:class:`~kingdomino_kit.infra.resumable.ResumableCsv`), renamed to ``FILE`` when the run is
    complete; an interrupted run keeps its complete games there for ``--resume``. Returns the
    summary and the number of games resumed."""
    run = ("simulate", {"bots": names, "seed": seed, "options": dataclasses.asdict(options)})
    out = ResumableCsv(args.out, COLUMNS, group="game", size=options.players, run=run)
    done = out.open(resume=args.resume)
    try:
        _check_resumed(done, out, names, options, seed, args.games)
    except BaseException:
        out.keep()  # the file is another run's: left as it was
        raise
    try:
        rows = simulate(args.games, names, options, seed=seed, start=len(done), **where)
        try:
            def stream() -> Iterator[dict[str, Any]]:
                for row in rows:
                    out.write(row)
                    yield row

            summary = summarize(itertools.chain(map(_typed, out.rows()), stream()))
        finally:
            rows.close()  # stops the worker processes at once on Ctrl-C or an error
        out.commit()
    except BaseException as error:
        kept = out.keep()
        left = (f"{kept:,} of {args.games:,} games are in {out.partial} (incomplete); the same "
                "command with --resume finishes the run")
        if isinstance(error, KingdominoError):  # one line: the error, then what is kept
            raise CliError(f"{error} — {left}") from None
        print(f"kingdomino-kit simulate: {left}", file=sys.stderr)
        raise
    return summary, len(done)


_NUMBERS = [c for c in COLUMNS if c != "bot"]


def _typed(row: dict[str, str]) -> dict[str, Any]:
    return {**row, **{c: int(row[c]) for c in _NUMBERS}}


def _check_resumed(done: list[list[dict[str, str]]], out: ResumableCsv, names: list[str],
                   options: GameOptions, seed: int, games: int) -> None:
    """The games read back from an interrupted run's file are games 0, 1, … of this run: their
    seeds, seats and bots, and every value of the games played again — the last one when the
    rows are those the stopped run kept (:attr:`ResumableCsv.verified`), else every one."""
    where = f"--resume: {out.partial} holds another run"
    if len(done) > games:
        raise CliError(f"{where} (of {len(done):,} games or more, not {games:,})")
    for i, group in enumerate(done):
        want = {"game": str(i), "seed": str(derive_seed(seed, "game", i)),
                "players": str(options.players)}
        for p, row in enumerate(group):
            wrong = [c for c in _NUMBERS if not row[c].lstrip("-").isdigit()]
            wrong += [c for c, v in (want | {"player": str(p), "bot": names[p]}).items()
                      if row[c] != v]
            if wrong:
                raise CliError(f"{where} (game {i}, player {p}: {wrong[0]} {row[wrong[0]]!r}); "
                               "give the same flags, or delete it to start again")
    for i in (range(max(0, len(done) - 1), len(done)) if out.verified else range(len(done))):
        again = [{c: str(v) for c, v in r.items()} for r in simulate_game(i, names, options, seed)]
        if again != done[i]:
            raise CliError(f"{where} (game {i} played again gives other rows: other options?); "
                           "give the same flags, or delete it to start again")
    out.verified = True  # every resumed row is this run's: a later stop may vouch for them
