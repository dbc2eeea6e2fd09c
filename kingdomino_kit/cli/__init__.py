"""The ``kingdomino-kit`` command: thin wrappers over the library.

Each command group lives in its own module here (:data:`COMMANDS`) with a
``register(subparsers)`` function that adds its sub-commands; each sub-command sets
``func(args) -> int``. What the three games share on the command line — the ``play`` flags,
``replay``, the ``solve --json`` fields — is :mod:`.contract`.

**A command's module is imported when its command runs.** :func:`main` first reads the command's
name with a parser that knows only the names and one-line helps of :data:`COMMANDS`, then
imports that one module, lets it register its sub-commands in full and parses again. So every
module here imports what it needs at its top — the CP-SAT solvers, which load OR-Tools,
included — and nothing inside a function, while ``kingdomino-kit --help`` loads no command
module and ``kingdomino-kit score`` loads neither OR-Tools nor the other games.

Errors of the library (:class:`~kingdomino_kit.errors.KingdominoError`) and unreadable files
become one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NoReturn, TextIO

from kingdomino_kit.atomic import atomic_path
from kingdomino_kit.errors import KingdominoError

__all__ = ["COMMANDS", "CliError", "Parser", "add_command", "build_parser", "main",
           "output_file", "read_input"]

DESCRIPTION = "Kingdomino rules, scores, games, optimal kingdoms and puzzles."

COMMANDS: Mapping[str, tuple[str, str]] = {
    "score": ("kingdom", "score a kingdom given in text notation"),
    "moves": ("kingdom", "list the legal placements of a domino"),
    "play": ("game", "play a whole game between bots"),
    "replay": ("game", "re-check a game log against every rule"),
    "simulate": ("game", "simulate many games between bots (CSV or Parquet out)"),
    "tournament": ("tournament", "rate bots: seeded games, seats rotated, intervals, ratings"),
    "coach": ("coach", "the points each of a player's moves cost in a game log"),
    "solve": ("solve", "the provably best kingdom from a set of dominoes"),
    "solve-batch": ("batch", "the best kingdom of many domino sets (CSV or Parquet out)"),
    "puzzle": ("puzzle", "show, solve or check a puzzle file"),
    "kingdoms": ("kingdoms", "Knizia's Kingdoms: score, play, replay, solve"),
    "origins": ("origins", "Kingdomino Origins: score, play, replay, solve"),
    "notebooks": ("notebooks", "write the student or teacher edition of the notebooks"),
}
"""Each command: the module of this package that registers it, and its one-line help."""


class CliError(KingdominoError):
    """Bad command-line input (reported as one line, exit code 2)."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr, exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def add_command(sub: Any, name: str) -> Parser:
    """The sub-parser of command ``name`` with its help from :data:`COMMANDS`."""
    text = COMMANDS[name][1]
    parser: Parser = sub.add_parser(name, help=text, description=text[0].upper() + text[1:])
    return parser


def build_parser(command: str | None = None) -> Parser:
    """The argument parser: every command by name; with ``command``, its module (imported now)
    registers its sub-commands in full in place of the names."""
    parser = Parser(prog="kingdomino-kit", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    if command is None:
        for name, (_, text) in COMMANDS.items():
            sub.add_parser(name, help=text, add_help=False)
        return parser
    importlib.import_module(f"kingdomino_kit.cli.{COMMANDS[command][0]}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = build_parser().parse_known_args(argv)[0].command
    args = build_parser(command).parse_args(argv)
    where = " ".join(filter(None, (args.command, getattr(args, "action", None))))
    try:
        return int(args.func(args) or 0)
    except KingdominoError as error:
        print(f"kingdomino-kit {where}: error: {_one_line(error)}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (`... | head`): not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # silence the interpreter's final flush
        return 0
    except OSError as error:
        name = f" {error.filename}" if error.filename else ""
        print(f"kingdomino-kit {where}: error: cannot read{name}: {error.strerror}",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"kingdomino-kit {where}: interrupted", file=sys.stderr)
        return 130


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())


def read_input(path: str | None, what: str = "input") -> tuple[str, str]:
    """The text of a file (``-`` or None: stdin) and a name for it in messages."""
    if path is None or path == "-":
        return sys.stdin.read(), "<stdin>"
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read(), path
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file") from None
    except OSError as error:
        raise CliError(f"cannot read {what} {path}: {error.strerror}") from None


@contextlib.contextmanager
def output_file(path: str, what: str) -> Iterator[TextIO]:
    """A text file written atomically (:func:`kingdomino_kit.atomic.atomic_path`): it replaces
    ``path`` only when the block ends without an error (``what`` names the file in messages,
    e.g. ``--log``)."""
    with atomic_path(path, what) as temporary, \
            open(temporary, "w", encoding="utf-8", newline="") as handle:
        yield handle
