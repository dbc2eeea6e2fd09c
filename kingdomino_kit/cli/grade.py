"""``grade``: run the students' notebooks and write a gradebook (and feedback pages).

``kingdomino-kit grade SUBMISSION.ipynb|FOLDER... [--out FILE.csv|.parquet] [--timeout S]
[--feedback DIR] [--results DIR]`` runs each submission in a fresh kernel of its own, one after
the other (every cell under ``--timeout`` seconds, default 60;
:mod:`kingdomino_kit.grading.sandbox`: as root, as a user of its own that cannot touch the kit),
grades every exercise from what the submission answered (:mod:`kingdomino_kit.grading`) and
writes one row per student × notebook × exercise to ``--out`` (default ``grades.csv``) — once
every kernel and every process a submission started is gone, atomically. Submissions are
collected as :mod:`kingdomino_kit.grading.collect` says (``00_start_here/ada.ipynb``,
``ada-00_start_here.ipynb``, ``ada.ipynb``). One run at a time writes an ``--out``: a second
is refused at once (:class:`~kingdomino_kit.infra.outlock.OutputBusy`). A progress bar on
stderr, a summary table on stdout; ``--feedback DIR`` writes one Markdown page per student;
``--results DIR`` each student's Gradescope and PrairieLearn ``results.json``
(:mod:`kingdomino_kit.league.exports`). A submission that cannot be run at all stops nothing:
its exercises are graded ``error`` and the others are graded.
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
from kingdomino_kit.grading.collect import BadCollection, Submission, collect
from kingdomino_kit.grading.gradebook import (
    SCHEMA,
    Row,
    feedback_page,
    grade_submission,
    points_of,
    summary_table,
)
from kingdomino_kit.grading.numba_cache import cold_note
from kingdomino_kit.grading.run import GradingError
from kingdomino_kit.grading.sandbox import Sandbox, lessons_folder
from kingdomino_kit.infra.outlock import OutputLock
from kingdomino_kit.infra.tables import open_table, table_format
from kingdomino_kit.league.exports import gradebook_checks, write_results

NOTEBOOK_LIMIT = 64 << 20
"""The largest submission read (a notebook with its outputs and widget state)."""


def register(sub: Any) -> None:
    """Add ``grade``."""
    p = add_command(sub, "grade")
    p.add_argument("submissions", nargs="+", metavar="SUBMISSION.ipynb",
                   help="the students' notebooks (ada.ipynb, ada-00_start_here.ipynb, "
                        "00_start_here/ada.ipynb) or folders of them")
    p.add_argument("--out", type=output_path, default="grades.csv",
                   help="the gradebook, .csv or .parquet (default grades.csv)")
    p.add_argument("--timeout", type=seconds, default=60.0,
                   help="seconds each cell may run (default 60)")
    p.add_argument("--feedback", metavar="DIR", type=output_folder,
                   help="write one Markdown page per student here")
    p.add_argument("--results", metavar="DIR", type=output_folder,
                   help="write each student's Gradescope and PrairieLearn results.json here "
                        "(DIR/gradescope/STUDENT/, DIR/prairielearn/STUDENT/)")
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


def _failed(submission: Submission, why: str) -> list[Row]:
    worth = points_of(submission.notebook)
    return [Row(submission.student, submission.notebook, n, 0.0, worth[n], "error", why)
            for n in sorted(for_notebook(submission.notebook).exercises)]


def _hidden(args: argparse.Namespace, todo: list[Submission]) -> list[Path]:
    """What a kernel must not see: the lessons, the submissions and where they came from,
    the gradebook's and the feedback's folders, the grader's folder."""
    places = [lessons_folder(), Path.cwd(), Path(args.out).absolute().parent,
              Path(args.feedback).absolute() if args.feedback else None]
    for submission in todo:
        places += [submission.path.absolute(), submission.path.absolute().parent]
    return [p for p in places if p is not None]


def _grade_all(args: argparse.Namespace, todo: list[Submission]) -> list[Row]:
    rows: list[Row] = []
    with Sandbox(hide=_hidden(args, todo)) as sandbox:
        if sandbox.note:
            print(f"kingdomino-kit grade: {sandbox.note}", file=sys.stderr)
        for sub in tqdm(todo, desc="grading", unit="notebook", file=sys.stderr):
            try:
                rows += grade_submission(sub.student, sub.nb, sub.notebook, args.timeout,
                                         sandbox)
            except (GradingError, RuntimeError, OSError) as error:  # no kernel, or no answer
                rows += _failed(sub, f"not run: {' '.join(str(error).split())[:200]}")
    return rows


def cmd_grade(args: argparse.Namespace) -> int:
    """Grade every submission; the gradebook, the summary, the feedback pages."""
    if not args.timeout > 0:
        raise CliError(f"--timeout: must be positive, not {args.timeout}")
    table_format(args.out, "--out")
    if args.feedback is not None and Path(args.feedback).exists() and \
            not Path(args.feedback).is_dir():
        raise CliError(f"--feedback {args.feedback}: not a folder")
    with OutputLock(args.out, "--out"):
        try:
            todo = collect([Path(p) for p in args.submissions], _read)
        except BadCollection as error:
            raise CliError(str(error)) from None
        if (note := cold_note()):
            print(f"kingdomino-kit grade: {note}", file=sys.stderr)
        rows = _grade_all(args, todo)  # every kernel and its processes gone when it returns
        with open_table(args.out, SCHEMA, "--out") as sink:
            sink.write([r.values() for r in rows])
        if args.feedback is not None:  # under the lock too: one run's pages at a time
            folder = Path(args.feedback)
            folder.mkdir(parents=True, exist_ok=True)
            for student in dict.fromkeys(r.student for r in rows):
                with output_file(str(folder / f"{student}.md"), "--feedback") as handle:
                    handle.write(feedback_page(student,
                                               [r for r in rows if r.student == student]))
        if args.results is not None:
            for student, checks in gradebook_checks(rows).items():
                write_results(Path(args.results), student, checks,
                              output=f"{student}: " + "; ".join(
                                  f"{name} {points:g}/{most:g}"
                                  for name, points, most, _ in checks))
    print(summary_table(rows))
    print(f"{args.out}: {len(rows)} rows" + (f"; feedback in {args.feedback}/"
                                             if args.feedback else ""))
    return 0
