"""The ``kingdomino-kit`` command: thin wrappers over the library.

Each command group lives in its own module here with a ``register(subparsers)`` function that
adds its sub-commands; each sub-command sets ``func(args) -> int``. Errors of the library
(:class:`~kingdomino_kit.errors.KingdominoError`) and unreadable files become one line on stderr
and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from kingdomino_kit.errors import KingdominoError

__all__ = ["main", "CliError", "Parser"]

# Modules in this package that add sub-commands (a missing one is skipped).
COMMAND_MODULES = ("kingdom", "game", "solve", "puzzle", "kingdoms", "origins")


class CliError(KingdominoError):
    """Bad command-line input (reported as one line, exit code 2)."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr, exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> Parser:
    """The full argument parser with every command group registered."""
    parser = Parser(prog="kingdomino-kit",
                    description="Kingdomino rules, scores, games, optimal kingdoms and puzzles.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"kingdomino_kit.cli.{name}")
        except ModuleNotFoundError as error:
            if error.name == f"kingdomino_kit.cli.{name}":
                continue
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KingdominoError as error:
        print(f"kingdomino-kit {args.command}: error: {_one_line(error)}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (`... | head`): not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # silence the interpreter's final flush
        return 0
    except OSError as error:
        where = f" {error.filename}" if error.filename else ""
        print(f"kingdomino-kit {args.command}: error: cannot read{where}: {error.strerror}",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"kingdomino-kit {args.command}: interrupted", file=sys.stderr)
        return 130


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())


def read_input(path: str | None, what: str = "input") -> tuple[str, str]:
    """The text of a file (``-`` or None: stdin) and a name for it in messages."""
    if path in (None, "-"):
        return sys.stdin.read(), "<stdin>"
    assert path is not None
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read(), path
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file") from None
    except OSError as error:
        raise CliError(f"cannot read {what} {path}: {error.strerror}") from None
