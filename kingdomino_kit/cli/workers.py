"""Where many tasks run, on the command line: ``--workers N`` (local processes) and
``--dask [ADDRESS]`` (a Dask ``LocalCluster`` sized to the machine, or the scheduler at
ADDRESS), for ``simulate`` and ``solve-batch`` (:mod:`kingdomino_kit.infra.parallel`)."""

from __future__ import annotations

import argparse
import contextlib
import re
from collections.abc import Iterator
from typing import Any

from kingdomino_kit.cli import CliError
from kingdomino_kit.cli.contract import workers as worker_count
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.parallel import dask_client

__all__ = ["add_worker_arguments", "where_to_run"]

ADDRESS = re.compile(r"^([a-z][a-z0-9+]*://)?[\w.\-\[\]:]+:\d+/?$")
"""A scheduler address: ``tcp://host:8786``, ``host:8786``, ``tls://[::1]:8786``."""


def add_worker_arguments(p: argparse.ArgumentParser, what: str) -> None:
    """``--workers N`` and ``--dask [ADDRESS]``; ``what`` names a task (``games``, ``sets``)."""
    p.add_argument("--workers", type=worker_count, default=None,
                   help=f"local processes running the {what} (default 1; the same results); "
                        "with --dask and no address, the LocalCluster's workers")
    p.add_argument("--dask", nargs="?", const="", default=None, metavar="ADDRESS",
                   help="run on Dask (pip install 'kingdomino-kit[dask]'): a LocalCluster "
                        "sized to the machine, or the scheduler at ADDRESS (tcp://host:8786); "
                        "the dashboard's link is printed")


@contextlib.contextmanager
def where_to_run(args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    """The ``workers=`` and ``client=`` arguments of the library for the block (a Dask client
    opened here is closed after it)."""
    if args.workers is not None and args.workers < 1:
        raise CliError(f"--workers: must be 1 or more, not {args.workers}")
    if args.dask is None:
        yield {"workers": args.workers or 1, "client": None}
        return
    if args.dask and not ADDRESS.match(args.dask):
        raise CliError(f"--dask: {args.dask!r} is not a scheduler address (tcp://host:8786); "
                       "give other arguments before --dask")
    if args.dask and args.workers is not None:
        raise CliError(f"--workers: the cluster at {args.dask} has its own workers")
    try:
        with dask_client(args.dask or None, workers=args.workers) as client:
            yield {"workers": 1, "client": client}
    except KingdominoError as error:
        raise CliError(f"--dask: {error}") from None
