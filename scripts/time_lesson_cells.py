"""The CPU and wall seconds of every code cell of lesson sources (the teacher edition, with its
solutions), run top to bottom in one in-process IPython shell, from ``notebooks/`` as the
notebooks run; the CPU of the cell's child processes (league bots) counted too.

    python scripts/time_lesson_cells.py lessons/12_learning_agents.py lessons/08_origins.py

Prints one JSON line per notebook: its total CPU and wall seconds, the load average, and every
cell over ``--over`` CPU seconds (default 0.5). CPU seconds are the figure to compare on a busy
machine; wall seconds are what a student waits on a quiet one. A cell that fails is reported
with its error (the figures after it then mean little).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import resource
import sys
import time
from pathlib import Path


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def time_lesson(path: Path, over: float) -> dict[str, object]:
    """Run the lesson ``path`` cell by cell; its figures as a JSON-ready dict."""
    import jupytext
    from IPython.core.interactiveshell import InteractiveShell

    notebook = jupytext.read(path)
    shell = InteractiveShell.instance()
    here = Path.cwd()
    os.chdir(path.resolve().parent.parent / "notebooks")
    cells, total_cpu, total_wall, index = [], 0.0, 0.0, 0
    try:
        for cell in notebook.cells:
            if cell.cell_type != "code":
                continue
            source = cell.source.replace("%matplotlib inline", "")
            cpu, wall = _cpu(), time.perf_counter()
            with contextlib.redirect_stdout(io.StringIO()):
                result = shell.run_cell(source, silent=True)  # type: ignore[no-untyped-call]
            cpu, wall = _cpu() - cpu, time.perf_counter() - wall
            total_cpu += cpu
            total_wall += wall
            if cpu > over or not result.success:
                row: dict[str, object] = {"cell": index, "cpu_s": round(cpu, 2),
                                          "wall_s": round(wall, 2)}
                if not result.success:
                    row["error"] = repr(result.error_in_exec or result.error_before_exec)[:200]
                cells.append(row)
            index += 1
    finally:
        os.chdir(here)
        InteractiveShell.clear_instance()
    return {"notebook": path.stem, "cpu_s": round(total_cpu, 2), "wall_s": round(total_wall, 2),
            "load": round(os.getloadavg()[0], 1), "cells": cells}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="+", type=Path, help="lesson sources lessons/NN_*.py")
    parser.add_argument("--over", type=float, default=0.5,
                        help="list the cells over this many CPU seconds (default 0.5)")
    args = parser.parse_args(argv)
    missing = [str(p) for p in args.lessons if not p.is_file()]
    if missing:
        print(f"time_lesson_cells: no such lesson source: {', '.join(missing)}", file=sys.stderr)
        return 2
    import matplotlib

    matplotlib.use("Agg")
    for path in args.lessons:
        print(json.dumps(time_lesson(path, args.over)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
