"""The command line the three games share: ``kingdomino-kit``, ``kingdomino-kit kingdoms`` and
``kingdomino-kit origins`` take the same ``play`` flags, write and ``replay`` logs the same way,
and answer ``solve --json`` with the same fields (``docs/cli.md`` is the user's page).

- ``play``: ``--players N`` (2, 3 or 4; default :data:`DEFAULT_PLAYERS`), ``--bots a,b,c`` (one
  name per seat, or one name for every seat; names from the game's bot registry,
  :data:`kingdomino_kit.bots.REGISTRY`), ``--seed N`` (default: a random seed, printed),
  ``--log FILE`` (written atomically), ``--json``.
- ``play --json`` and ``replay --json``: ``game``, ``seed``, ``players``, ``scores`` (one
  ``{"player", "score", ...}`` per seat), ``winners`` — players named as the game names them
  (seats 0, 1, … in Kingdomino and Origins, letters a, b, … in Kingdoms) — then the game's own
  fields; ``play`` adds ``bots``, ``replay`` starts with ``ok``, ``file`` and ``format``.
- ``replay FILE`` (``-`` or none: stdin): one line ``FILE: replay ok — …`` and exit 0, or one
  line on stderr naming what broke and exit 2.
- ``solve --json``: the fields of :func:`kingdomino_kit.solver.answer.answer_json` first; every
  solver takes ``--time-limit S`` (positive, finite), ``--workers N`` (1 to
  :func:`~kingdomino_kit.infra.untrusted.worker_limit`) and ``--seed N`` (a 32-bit integer, as
  CP-SAT takes) — :func:`add_solver_arguments`.

The default of 4 players is every game's full table — the whole box in play, one king (or chief)
per player: Kingdomino and Origins deal all 48 dominoes, Kingdoms seats all four castle colours —
and it was already the default of Kingdomino and Origins (Kingdoms asked for ``--players``).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from kingdomino_kit.bots import bot_names, make_bots, parse_bots
from kingdomino_kit.cli import CliError, output_file, output_path
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.ceilings import MAX_PLAYOUTS, MAX_SECONDS, MAX_SETS, check_ceiling
from kingdomino_kit.infra.untrusted import INT32_MAX, check_count, check_seconds, worker_limit
from kingdomino_kit.logs import LOG_FORMATS
from kingdomino_kit.seeds import SEAT_SEEDS

__all__ = ["DEFAULT_PLAYERS", "PLAYER_COUNTS", "add_play_arguments", "add_replay_arguments",
           "add_seat_arguments", "add_solver_arguments", "answer_lines", "game_seed",
           "playouts", "print_replay", "result_json", "seat_bots", "seated_bots",
           "seats_annotation", "seconds", "set_count", "show_play", "solver_seed", "workers",
           "write_log"]

PLAYER_COUNTS = (2, 3, 4)
DEFAULT_PLAYERS = 4


def add_seat_arguments(p: argparse.ArgumentParser, game: str, *, seed_help: str | None = None,
                       bots_help: str = "") -> None:
    """``--players``, ``--bots`` and ``--seed``, the same for every game (and ``simulate``)."""
    p.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=DEFAULT_PLAYERS,
                   help=f"2, 3 or 4 players (default {DEFAULT_PLAYERS})")
    p.add_argument("--bots", default="random", metavar="A,B,...",
                   help=f"bots by seat, comma-separated, or one name for every seat (default "
                        f"random): {', '.join(bot_names(game))}{bots_help}")
    p.add_argument("--seed", type=int, default=None,
                   help=seed_help or "game seed (default: a random one, printed); the same "
                                     "seed plays the same game")


def add_play_arguments(p: argparse.ArgumentParser, game: str, *, bots_help: str = "") -> None:
    """The flags of every ``play``: the seats (:func:`add_seat_arguments`), ``--log`` and
    ``--json``."""
    add_seat_arguments(p, game, bots_help=bots_help)
    p.add_argument("--log", metavar="FILE", type=output_path,
                   help=f"write the game log ({LOG_FORMATS[game][0]}) to FILE")
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def add_replay_arguments(p: argparse.ArgumentParser, game: str) -> None:
    """The argument and flag of every ``replay``."""
    names = " or ".join(LOG_FORMATS[game])
    p.add_argument("file", nargs="?", default="-",
                   help=f"log file, format {names} (- or none: stdin)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def _argument(check: Callable[[int | float], object], read: Callable[[str], Any]
              ) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        try:
            value = read(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text[:40]!r}") from None
        try:
            check(value)
        except KingdominoError as error:
            raise argparse.ArgumentTypeError(str(error).partition(": ")[2]) from None
        return value
    return parse


def _check_seconds(value: float) -> float:
    check_seconds(value, "seconds")
    if value > MAX_SECONDS:
        raise KingdominoError(f"seconds: must be at most {MAX_SECONDS:,.0f} (a day), not "
                              f"{value:,g}")
    return value


seconds = _argument(_check_seconds, float)
"""An argparse type: a positive, finite number of seconds up to
:data:`~kingdomino_kit.infra.ceilings.MAX_SECONDS` (``nan``, ``inf``, 0 refused)."""
playouts = _argument(lambda v: check_ceiling(v, "playouts", MAX_PLAYOUTS), int)
"""An argparse type: 1 to :data:`~kingdomino_kit.infra.ceilings.MAX_PLAYOUTS` playouts."""
set_count = _argument(lambda v: check_ceiling(v, "sets", MAX_SETS, 0), int)
"""An argparse type: 0 to :data:`~kingdomino_kit.infra.ceilings.MAX_SETS` domino sets."""
workers = _argument(lambda v: check_count(v, "workers", 1, worker_limit()), int)
"""An argparse type: 1 to :func:`~kingdomino_kit.infra.untrusted.worker_limit` workers."""
solver_seed = _argument(lambda v: check_count(v, "seed", -INT32_MAX - 1, INT32_MAX), int)
"""An argparse type: a seed CP-SAT takes, a 32-bit integer."""


def add_solver_arguments(p: argparse.ArgumentParser, *, time_limit: float, workers_: int = 2
                         ) -> None:
    """``--time-limit``, ``--workers`` and ``--seed``, the same in every solver command and
    checked as they are read (one line, exit code 2, for ``nan``, ``0``, a seed past 32 bits)."""
    p.add_argument("--time-limit", type=seconds, default=time_limit, metavar="S",
                   help=f"seconds (default {time_limit:g})")
    p.add_argument("--workers", type=workers, default=workers_,
                   help=f"CP-SAT workers, 1 to {worker_limit()} (default {workers_})")
    p.add_argument("--seed", type=solver_seed, default=0, help="CP-SAT random seed (default 0)")


def seat_bots(args: argparse.Namespace, game: str) -> list[str]:
    """One bot name per seat from ``--bots`` (checked against the game's registry)."""
    try:
        return parse_bots(args.bots, args.players, game=game)
    except KingdominoError as error:
        raise CliError(f"--bots: {error}") from None


def seats_annotation(names: Sequence[str]) -> dict[str, Any]:
    """What a log written by ``play --log`` adds: the seats' bot names and the version of the
    recipe that seeded them (:mod:`kingdomino_kit.seeds`), so its seed plays the same game."""
    return {"bots": list(names), "bot_seeds": SEAT_SEEDS}


def game_seed(args: argparse.Namespace) -> int:
    """``--seed``, or a fresh random seed (printed with the result, so the game can be played
    again)."""
    seed: int = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    return seed


def seated_bots(args: argparse.Namespace, game: str) -> tuple[list[str], int, list[Any]]:
    """The start of every ``play``: the seats' bot names (``--bots``), the game's seed
    (:func:`game_seed`) and the bots, seat ``p`` seeded from it
    (:func:`kingdomino_kit.bots.make_bots`)."""
    names = seat_bots(args, game)
    seed = game_seed(args)
    return names, seed, make_bots(names, seed, game=game)


def show_play(args: argparse.Namespace, names: Sequence[str],
              log_text: Callable[[dict[str, Any]], str], result: dict[str, Any]) -> bool:
    """The end of every ``play``: the log written if ``--log`` asks for it (``log_text`` makes
    it, given the seats' annotation, :func:`seats_annotation`), then ``result`` printed as JSON
    if ``--json`` asks for it; whether it was (if not, the game prints its own text)."""
    if args.log is not None:
        write_log(args.log, log_text(seats_annotation(names)))
    if args.json:
        print(json.dumps(result))
    return bool(args.json)


def write_log(path: str, text: str) -> None:
    """Write a game log atomically (a reader never sees half a log)."""
    with output_file(path, "--log") as handle:
        handle.write(text)


def result_json(game: str, *, seed: int | None, players: int, scores: Sequence[dict[str, Any]],
                winners: Sequence[Any], **extra: Any) -> dict[str, Any]:
    """The ``play --json``/``replay --json`` result: the common fields, then ``extra``."""
    return {"game": game, "seed": seed, "players": players, "scores": list(scores),
            "winners": list(winners)} | extra


def print_replay(name: str, fmt: str, result: dict[str, Any], detail: str,
                 as_json: bool) -> None:
    """A replay that re-checked every rule: one line, or the result as JSON."""
    if as_json:
        print(json.dumps({"ok": True, "file": name, "format": fmt} | result))
        return
    scores = " ".join(f"{s['player']}={s['score']}" for s in result["scores"])
    winners = ", ".join(str(w) for w in result["winners"])
    print(f"{name}: replay ok — {result['game']}, {result['players']} players, seed "
          f"{result['seed']}, {detail}; scores {scores}; winners {winners}")


def answer_lines(data: dict[str, Any]) -> list[str]:
    """A ``solve`` answer as text: the status line, the grid, the order (as in the JSON)."""
    lines = [f"status {data['status']}  score {data['score']}  bound {data['bound']}  "
             f"({data['seconds']:.2f} s)"]
    if not data["grid"]:
        return lines
    lines.append(data["grid"])
    order = data["order"]
    if order and "domino" in order[0]:
        lines.append("order (row, col in the grid above; first cell = first half):")
        for step, item in enumerate(order, start=1):
            (r1, c1), (r2, c2) = item["cells"]
            lines.append(f"  {step:2}. domino {item['domino']:2} at ({r1}, {c1}) ({r2}, {c2})")
    elif order:
        lines.append("placed (row, column from 1 in the grid above):")
        for step, item in enumerate(order, start=1):
            r, c = item["cell"]
            lines.append(f"  {step:2}. {item['piece']} at ({r}, {c})")
    if data.get("discarded"):
        lines.append("left out: " + ", ".join(str(n) for n in data["discarded"]))
    return lines
