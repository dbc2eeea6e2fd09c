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

Errors of the library (:class:`~kingdomino_kit.errors.KingdominoError`), unreadable files and
files that cannot be written become one line on stderr and exit code 2, never a traceback.
Input is read in bounded amounts and as UTF-8 whatever the locale (:func:`read_input`); files
are written whole or not at all (:func:`output_file`); Ctrl-C and SIGTERM end a command with one
line on stderr (exit codes 130 and 143) after the writers and worker processes are cleaned up.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import threading
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NoReturn, TextIO

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.atomic import (
    atomic_write,
    check_folder,
    check_writable,
    following_symlinks,
)
from kingdomino_kit.infra.untrusted import JSON_LIMIT, read_file, read_text

__all__ = ["COMMANDS", "TERMINATED", "CliError", "MESSAGE_LIMIT", "OutputFolder", "OutputName",
           "Parser", "Terminated", "add_actions", "add_command", "build_parser", "check_outputs",
           "leave_stopped", "main", "output_file", "output_folder", "output_path", "read_input",
           "stop_code"]

DESCRIPTION = "Kingdomino rules, scores, games, optimal kingdoms and puzzles."

COMMANDS: Mapping[str, tuple[str, str]] = {
    "score": ("kingdom", "score a kingdom given in text notation"),
    "moves": ("kingdom", "list the legal placements of a domino"),
    "play": ("game", "play a whole game between bots"),
    "replay": ("game", "re-check a game log against every rule"),
    "simulate": ("game", "simulate many games between bots (CSV or Parquet out)"),
    "tournament": ("tournament", "rate bots: seeded games, seats rotated, intervals, ratings"),
    "league": ("league", "students' bot files against each other and the kit's bots, confined"),
    "state": ("state", "a position of a game log as JSON (the bot protocol's observation)"),
    "coach": ("coach", "the points each of a player's moves cost in a game log"),
    "endgame": ("endgame", "the exact value and best move of a game log's endgame"),
    "solve": ("solve", "the provably best kingdom from a set of dominoes"),
    "solve-batch": ("batch", "the best kingdom of many domino sets (CSV or Parquet out)"),
    "puzzle": ("puzzle", "list the puzzles; show, solve or check one (by id or file)"),
    "kingdoms": ("kingdoms", "Knizia's Kingdoms: score, play, replay, solve"),
    "origins": ("origins", "Kingdomino Origins: score, play, replay, solve"),
    "notebooks": ("notebooks", "write the student or teacher edition of the notebooks"),
    "app": ("app", "serve the puzzle page: one laptop, or a class with a code and progress"),
    "grade": ("grade", "run the students' notebooks and write a gradebook and feedback"),
    "lite": ("lite", "build the Lite edition: a static site, the notebooks run in the browser"),
}
"""Each command: the module of this package that registers it, and its one-line help."""


FOLLOW_HELP = ("an output file that is a symbolic link: write the file it points to (without "
               "this flag such an output is refused)")


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
    parser.add_argument("--follow-symlinks", action="store_true", default=argparse.SUPPRESS,
                        help=FOLLOW_HELP)
    return parser


def add_actions(sub: Any, name: str) -> Any:
    """The actions of command ``name`` (``puzzle list``, ``origins play``, …): the sub-parsers
    of :func:`add_command`'s parser, one of which must be named."""
    actions = add_command(sub, name).add_subparsers(dest="action", metavar="ACTION",
                                                    parser_class=Parser)
    actions.required = True
    return actions


def build_parser(command: str | None = None) -> Parser:
    """The argument parser: every command by name; with ``command``, its module (imported now)
    registers its sub-commands in full in place of the names."""
    parser = Parser(prog="kingdomino-kit", description=DESCRIPTION)
    parser.add_argument("--follow-symlinks", action="store_true", help=FOLLOW_HELP)
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
    where = command
    TERMINATED.clear()
    with _terminate_as_interrupt():
        try:
            args = build_parser(command).parse_args(argv)  # imports the command's module
            where = " ".join(filter(None, (args.command, getattr(args, "action", None))))
            with following_symlinks(args.follow_symlinks):
                check_outputs(args)
                return int(args.func(args) or 0)
        except KingdominoError as error:
            _fail(where, _one_line(error))
        except BrokenPipeError:  # the reader went away (`... | head`): not an error
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # silence the interpreter's final flush
            return 0
        except OSError as error:  # the readers and writers name their files; this is the rest
            name = f"{error.filename}: " if error.filename else ""
            _fail(where, f"{name}{error.strerror or error}")
        except MemoryError:
            _fail(where, "out of memory: the input asks for more than this machine has")
        except KeyboardInterrupt as stop:
            if isinstance(stop, Terminated) or TERMINATED.is_set():
                print(f"kingdomino-kit {where}: terminated", file=sys.stderr)
                return 128 + signal.SIGTERM
            print(f"kingdomino-kit {where}: interrupted", file=sys.stderr)
            return 130
    return 2


def leave_stopped(where: str) -> NoReturn:
    """A command stopped by Ctrl-C or SIGTERM whose solver may still hold threads: one line on
    stderr, then leave at once (the interpreter's shutdown would wait on them), exit code 130
    or 143."""
    word = "terminated" if TERMINATED.is_set() else "interrupted"
    print(f"kingdomino-kit {where}: {word}", file=sys.stderr)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(stop_code())


def stop_code() -> int:
    """The exit code of a command stopped by a signal: 143 after SIGTERM, else 130 (Ctrl-C)."""
    return 128 + signal.SIGTERM if TERMINATED.is_set() else 130


MESSAGE_LIMIT = 300
"""Characters of an error message on stderr (a longer one is cut, with an ellipsis)."""


def _fail(where: str, message: str) -> None:
    print(f"kingdomino-kit {where}: error: {message}", file=sys.stderr)


def _one_line(error: Exception) -> str:
    text = " ".join(str(error).split())
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


TERMINATED = threading.Event()
"""Set when a SIGTERM came while the command ran (a solver that catches the interruption to
answer with its best layout so far turns it into a plain ``KeyboardInterrupt``: the exit code
is still 143)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread and handled as Ctrl-C is: worker processes stopped,
    files being written left whole, one line on stderr (exit code 143)."""


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """While a command runs, SIGTERM raises :class:`Terminated` (set from the main thread only,
    where Python takes signals)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, frame: Any) -> None:
        TERMINATED.set()
        raise Terminated()

    before = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def read_input(path: str | None, what: str = "input", limit: int = JSON_LIMIT
               ) -> tuple[str, str]:
    """The text of a file (``-`` or None: stdin) and a name for it in messages. At most
    ``limit`` bytes are read (more is an error that says the limit); the bytes must be UTF-8,
    whatever the locale (a byte-order mark is dropped)."""
    if path is not None and path != "-":
        return read_file(path, what, CliError, limit), path
    stream = getattr(sys.stdin, "buffer", None)
    try:
        raw: bytes | str = sys.stdin.read(limit + 1) if stream is None else stream.read(limit + 1)
    except OSError as error:
        raise CliError(f"cannot read {what} <stdin>: {error.strerror or error}") from None
    return read_text(raw, "<stdin>", what, CliError, limit), "<stdin>"


class OutputName(str):
    """The value of a flag naming a file to write: :func:`main` checks it can be written
    before the command starts its work."""

    __slots__ = ()


class OutputFolder(str):
    """The value of a flag naming a folder to write files into (checked as :class:`OutputName`)."""

    __slots__ = ()


def output_path(value: str) -> str:
    """An argparse type: the name of a file to write (not empty, not a folder), checked
    writable by :func:`main` before any work (:func:`check_outputs`).

    >>> output_path(" ")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: needs a file name
    """
    if not value.strip():
        raise argparse.ArgumentTypeError("needs a file name")
    if os.path.isdir(value):
        raise argparse.ArgumentTypeError(f"{value} is a folder, not a file")
    return OutputName(value)


def output_folder(value: str) -> str:
    """An argparse type: a folder to write files into (made if missing), checked by
    :func:`main` before any work."""
    if not value.strip():
        raise argparse.ArgumentTypeError("needs a folder name")
    return OutputFolder(value)


def check_outputs(args: argparse.Namespace) -> None:
    """Every output of the command (a flag of type :func:`output_path` or
    :func:`output_folder`) can be written: a regular file or a new name in a folder where a
    file can be made. Checked before the command starts, so a game is not played nor a batch
    solved for nothing."""
    for dest, value in sorted(vars(args).items()):
        what = "--" + dest.replace("_", "-")
        if isinstance(value, OutputName):
            check_writable(value, what)
        elif isinstance(value, OutputFolder):
            check_folder(value, what)


@contextlib.contextmanager
def output_file(path: str, what: str) -> Iterator[TextIO]:
    """A text file written atomically (:func:`kingdomino_kit.infra.atomic.atomic_write`): the block
    writes a temporary file beside ``path``, flushed to the disk and renamed over ``path`` only
    when the block ends without an error (``what`` names the option in messages, ``--log``)."""
    with atomic_write(path, what) as handle:
        yield handle
