"""``grade``: run the students' notebooks and write a gradebook (and feedback pages).

``kingdomino-kit grade SUBMISSION.ipynb... [--out FILE.csv|.parquet] [--timeout S]
[--feedback DIR]`` runs each submission in a fresh kernel (every cell under ``--timeout``
seconds, default 60), grades every exercise from what the submission answered
(:mod:`kingdomino_kit.grading`) and writes one row per student × notebook × exercise to
``--out`` (default ``grades.csv``). A progress bar on stderr, a summary table on stdout;
``--feedback DIR`` writes one Markdown page per student. A submission that cannot be run at
all stops nothing: its exercises are graded ``error`` and the others are graded.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import nbformat
from tqdm import tqdm

from kingdomino_kit.cli import CliError, add_command, output_file, output_folder, output_path
from kingdomino_kit.cli.contract import seconds
from kingdomino_kit.exercises import for_notebook
from kingdomino_kit.grading.gradebook import (
    SCHEMA,
    Row,
    check_notebook,
    feedback_page,
    grade_submission,
    summary_table,
)
from kingdomino_kit.grading.run import GradingError
from kingdomino_kit.infra.tables import open_table, table_format

NOTEBOOK_LIMIT = 64 << 20
"""The largest submission read (a notebook with its outputs and widget state)."""


def register(sub: Any) -> None:
    """Add ``grade``."""
    p = add_command(sub, "grade")
    p.add_argument("submissions", nargs="+", metavar="SUBMISSION.ipynb",
                   help="the students' notebooks (the student is the file's name)")
    p.add_argument("--out", type=output_path, default="grades.csv",
                   help="the gradebook, .csv or .parquet (default grades.csv)")
    p.add_argument("--timeout", type=seconds, default=60.0,
                   help="seconds each cell may run (default 60)")
    p.add_argument("--feedback", metavar="DIR", type=output_folder,
                   help="write one Markdown page per student here")
    p.set_defaults(func=cmd_grade)


def _read(path: Path) -> Any:
    if not path.is_file():
        raise CliError(f"{path}: no such file")
    if path.stat().st_size > NOTEBOOK_LIMIT:
        raise CliError(f"{path}: larger than {NOTEBOOK_LIMIT >> 20} MiB, not a submission")
    try:
        return nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    except Exception as error:  # nbformat's and json's own errors: one line naming the file
        text = " ".join(str(error).split())[:120]
        raise CliError(f"{path}: not a notebook ({type(error).__name__}: {text})") from None


def _failed(path: Path, notebook: str, why: str) -> list[Row]:
    checker = for_notebook(notebook)
    return [Row(path.stem, notebook, n, 0.0, 1.0, "error", why) for n in sorted(checker.exercises)]


def cmd_grade(args: argparse.Namespace) -> int:
    """Grade every submission; the gradebook, the summary, the feedback pages."""
    if not args.timeout > 0:
        raise CliError(f"--timeout: must be positive, not {args.timeout}")
    table_format(args.out, "--out")
    paths = [Path(p) for p in args.submissions]
    stems = [p.stem for p in paths]
    if len(set(stems)) != len(stems):
        twice = next(s for s in stems if stems.count(s) > 1)
        raise CliError(f"two submissions of one student {twice!r}: a student is a file's name")
    todo = [(p, nb, check_notebook(p, nb)) for p in paths for nb in [_read(p)]]
    rows: list[Row] = []
    for path, nb, notebook in tqdm(todo, desc="grading", unit="notebook", file=sys.stderr):
        try:
            rows += grade_submission(path, nb, notebook, args.timeout)
        except (GradingError, RuntimeError, OSError) as error:  # a kernel that would not start
            rows += _failed(path, notebook, f"not run: {' '.join(str(error).split())[:200]}")
    with open_table(args.out, SCHEMA, "--out") as sink:
        sink.write([r.values() for r in rows])
    if args.feedback is not None:
        folder = Path(args.feedback)
        if folder.exists() and not folder.is_dir():
            raise CliError(f"--feedback {folder}: not a folder")
        folder.mkdir(parents=True, exist_ok=True)
        for student in dict.fromkeys(r.student for r in rows):
            with output_file(str(folder / f"{student}.md"), "--feedback") as handle:
                handle.write(feedback_page(student, [r for r in rows if r.student == student]))
    print(summary_table(rows))
    print(f"{args.out}: {len(rows)} rows" + (f"; feedback in {args.feedback}/"
                                             if args.feedback else ""))
    return 0
