"""``notebooks``: the student and teacher editions of the teaching notebooks, from their sources.

``kingdomino-kit notebooks --solutions DIR`` writes the teacher edition of every notebook source
(``lessons/NN_name.py``, solutions in place) into DIR; ``--student DIR`` writes the student
edition: a self-contained folder with no answer in it (the kit's own ``notebooks/`` is that
folder, what ``make lab`` serves); ``--execute`` runs each edition top to bottom in a fresh
kernel, in the folder it is written to (an edition reads no file beside it: what it reads is
package data), and stores its outputs (a teacher edition whose solutions do not all pass is an
error). How the editions differ: :mod:`kingdomino_kit.exercises.editions`.
"""

from __future__ import annotations

import argparse
import re
import time
from pathlib import Path
from typing import Any

import jupytext
import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

from kingdomino_kit.cli import CliError, add_command, output_file
from kingdomino_kit.cli.contract import seconds
from kingdomino_kit.exercises.editions import count_solutions, student_edition, teacher_edition
from kingdomino_kit.grading.nbgrader import course_config, nbgrader_source
from kingdomino_kit.grading.sandbox import lessons_folder

SOURCE = re.compile(r"^\d\d[a-z]?_[a-z0-9_]+\.py$")  # 04_cp_sat, 04b_highest_score
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def register(sub: Any) -> None:
    """Add ``notebooks``."""
    p = add_command(sub, "notebooks")
    p.add_argument("--solutions", metavar="DIR", help="write the teacher edition into DIR")
    p.add_argument("--student", metavar="DIR", help="write the student edition into DIR")
    p.add_argument("--nbgrader", metavar="DIR",
                   help="write nbgrader source notebooks (answer and locked test cells) into DIR")
    p.add_argument("--source", metavar="DIR",
                   help="the folder of the notebook sources NN_name.py (default: lessons/ "
                        "here, else the lessons/ of the checkout the kit is installed from)")
    p.add_argument("--only", metavar="NAMES",
                   help="only these notebooks, comma-separated (e.g. 00_start_here,04_cp_sat)")
    p.add_argument("--execute", action="store_true",
                   help="run each edition top to bottom and store its outputs")
    p.add_argument("--timeout", type=seconds, default=300.0,
                   help="seconds a cell may run with --execute (default 300)")
    p.set_defaults(func=cmd_notebooks)


def source_folder(given: str | None) -> Path:
    """``--source``, or by default ``lessons/`` in the working folder, else the ``lessons/``
    beside the installed package (a checkout installed with ``pip install -e``)."""
    if given is not None:
        return Path(given)
    here = Path("lessons")
    if here.is_dir():
        return here
    beside = lessons_folder()
    if beside is None:
        raise CliError("--source: no lessons/ here nor beside the installed kit (the sources, "
                       "with their solutions, come with the repository only): give --source "
                       "DIR")
    return beside


def sources(folder: Path, only: str | None) -> list[Path]:
    """The notebook sources of ``folder`` (``NN_name.py``), in order; ``only`` picks some."""
    if not folder.is_dir():
        raise CliError(f"--source {folder}: no such folder")
    found = sorted(p for p in folder.iterdir() if SOURCE.match(p.name))
    if not found:
        raise CliError(f"--source {folder}: no notebook sources (NN_name.py) in it")
    if only is None:
        return found
    names = [n.strip().removesuffix(".py").removesuffix(".ipynb") for n in only.split(",")]
    by_name = {p.stem: p for p in found}
    missing = [n for n in names if n not in by_name]
    if missing:
        raise CliError(f"--only: no notebook source {missing[0]!r} in {folder} "
                       f"(there are {', '.join(by_name)})")
    return [by_name[n] for n in names]


def execute(nb: Any, name: str, cwd: Path, timeout: float) -> float:
    """Run the notebook in a fresh kernel with ``cwd`` as its folder; returns the seconds."""
    began = time.perf_counter()
    # No widget state in the stored notebook: nbconvert (nbviewer, the HTML export) then shows
    # each board's still picture instead of a view it needs a script from the web to draw
    # (kingdomino_kit.widgets.picture says what each viewer shows).
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                            store_widget_state=False,
                            resources={"metadata": {"path": str(cwd)}})
    try:
        client.execute()
    except CellExecutionError as error:
        last = [line for line in ANSI.sub("", str(error)).strip().splitlines() if line.strip()]
        raise CliError(f"{name}: a cell failed: {last[-1] if last else error}") from None
    except (CellTimeoutError, DeadKernelError) as error:
        raise CliError(f"{name}: {' '.join(str(error).split())}") from None
    return time.perf_counter() - began


def cmd_notebooks(args: argparse.Namespace) -> int:
    """Write the editions asked for; one line per notebook written."""
    if args.solutions is None and args.student is None and args.nbgrader is None:
        raise CliError("say which edition: --solutions DIR (teacher), --student DIR and/or "
                       "--nbgrader DIR")
    if args.timeout <= 0:
        raise CliError(f"--timeout: must be positive, not {args.timeout}")
    folder = source_folder(args.source)
    todo = sources(folder, args.only)
    editions = [(label, Path(out), make) for label, out, make in (
        ("student", args.student, student_edition), ("teacher", args.solutions, teacher_edition),
        ("nbgrader", args.nbgrader, nbgrader_source)) if out is not None]
    for _, out, _ in editions:
        if out.exists() and not out.is_dir():
            raise CliError(f"{out}: not a folder")
    for path in todo:
        try:
            source = jupytext.read(path)
        except Exception as error:  # jupytext's own errors: one line naming the file
            raise CliError(f"{path}: cannot read it as a notebook: {error}") from None
        solutions = count_solutions(source, path.stem)
        for label, out, make in editions:
            nb = make(source, path.stem)
            words = f"{label} edition, {solutions} solution cells"
            out.mkdir(parents=True, exist_ok=True)
            if args.execute and label != "nbgrader":  # nbgrader runs its own
                seconds = execute(nb, path.stem, out.resolve(), args.timeout)
                words += f", run in {seconds:.1f} s"
            target = out / f"{path.stem}.ipynb"
            with output_file(str(target), label) as handle:
                handle.write(nbformat.writes(nb) + "\n")  # type: ignore[no-untyped-call]
            print(f"{target}: {words}")
    if args.nbgrader is not None:
        print(course_config(Path(args.nbgrader)))
    return 0
