"""The kit's command line run two ways by the CLI tests, both answering as
:func:`subprocess.run` does (exit code, stdout, stderr):

- :func:`run_process`: ``python -m kingdomino_kit`` in a real process — the exit code as the
  shell sees it, and nothing more on stderr at the interpreter's start or exit. Under
  ``python -O`` the child runs under ``-O`` too (the -O smoke is then a smoke of the command).
- :func:`run_here`: ``kingdomino_kit.cli.main(argv)`` in this process — the same parser and
  code without an interpreter's start, for the bulk of the cases (standard input given as
  text, read through ``sys.stdin.buffer`` as the command reads it; an exception out of
  ``main`` is left to fail the test: it would be a traceback; a warning a fresh interpreter
  would print goes to stderr, as it would there).

Each test file keeps at least one real process per command it checks in-process.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
import warnings
from pathlib import Path

from kingdomino_kit.cli import main

SILENT_WARNINGS = (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning)
"""What a fresh interpreter does not print (its default warning filters, outside __main__)."""


def run_process(*args: str | Path, stdin: str = "", cwd: Path | None = None,
                timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``kingdomino-kit ARGS`` in a new interpreter."""
    optimize = ["-O"] * sys.flags.optimize
    return subprocess.run([sys.executable, *optimize, "-m", "kingdomino_kit", *map(str, args)],
                          input=stdin, capture_output=True, text=True, cwd=cwd,
                          timeout=timeout)


def run_here(*args: str | Path, stdin: str = "", cwd: Path | None = None
             ) -> subprocess.CompletedProcess[str]:
    """``kingdomino-kit ARGS`` through ``main(argv)`` in this process."""
    argv = [str(a) for a in args]
    out, err = io.StringIO(), io.StringIO()
    given = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
    saved_stdin = sys.stdin
    with contextlib.ExitStack() as stack:
        if cwd is not None:
            stack.enter_context(contextlib.chdir(cwd))
        stack.enter_context(contextlib.redirect_stdout(out))
        stack.enter_context(contextlib.redirect_stderr(err))
        caught = stack.enter_context(warnings.catch_warnings(record=True))
        warnings.simplefilter("always")
        sys.stdin = given
        try:
            code = main(argv)
        except SystemExit as stop:  # argparse: --help, or a usage error (its line printed)
            code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
            if isinstance(stop.code, str):
                print(stop.code, file=err)
        finally:
            sys.stdin = saved_stdin
    for warning in caught:
        if not issubclass(warning.category, SILENT_WARNINGS):
            err.write(warnings.formatwarning(warning.message, warning.category,
                                             warning.filename, warning.lineno, warning.line))
    return subprocess.CompletedProcess(["kingdomino-kit", *argv], code, out.getvalue(),
                                       err.getvalue())
