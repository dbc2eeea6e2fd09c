"""Shared test set-up."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import matplotlib
import pytest

from kingdomino_kit.infra.parallel import dask_client

# The slow references assert their own invariants: rewrite them too (they must also hold under
# python -O, where plain asserts vanish).
pytest.register_assert_rewrite("tests.reference")

matplotlib.use("Agg")
os.environ.setdefault("MPLBACKEND", "Agg")


@pytest.fixture(scope="session")
def dask_local_cluster() -> Iterator[Any]:
    """A client of one 2-worker Dask LocalCluster (one process and one thread each, on the
    loopback) shared by the tests that compare Dask runs with local ones."""
    with dask_client(workers=2, dashboard_address="127.0.0.1:0") as client:
        client.wait_for_workers(2, timeout=120)
        yield client


LONGEST_FIRST = (
    # the browser tests' lane: the Lite edition's first (it needs no numba kernel, so make test
    # starts it beside the kernels' first compile, and the tests after it find them cached)
    "tests/browser/test_lite_browser.py",
    # every other lane: the test files that take longest, longest first
    "tests/test_notebooks.py", "tests/solver/test_set_model.py", "tests/solver/test_repeatable.py",
    "tests/game/test_endgame.py", "tests/game/test_endgame_compiled.py",
    "tests/solver/test_batch.py", "tests/cli/test_contract.py", "tests/hardening/test_processes.py",
    "tests/game/test_endgame_many.py", "tests/grading/test_remote.py",
    "tests/cli/test_solver_cli.py", "tests/hardening/test_fuzz_formats.py",
    "tests/test_installed.py", "tests/cli/test_scale_cli.py", "tests/puzzles/test_batch.py",
    "tests/hardening/test_fuzz_tables.py", "tests/grading/test_grade_cli.py",
    "tests/puzzles/test_on_demand.py", "tests/grading/test_tampering.py",
    "tests/league/test_hostile_bots.py", "tests/origins/test_solver.py",
    "tests/puzzles/test_unique.py", "tests/solver/test_ordered.py",
    "tests/analysis/test_analysis_data.py", "tests/game/test_playout.py",
    "tests/grading/test_nbgrader.py", "tests/puzzles/test_measures.py",
    "tests/solver/test_exhaustive.py", "tests/grading/test_boards_graded.py",
    "tests/puzzles/test_collection.py", "tests/grading/test_isolation.py",
)
"""Test files that take longest, longest first (measured): a file's tests run on one worker, in
order (``--dist loadfile --no-loadscope-reorder``), so starting the long files first leaves no
worker alone with a long file at the end. A file not named here runs after them, in the order
collected; a name that no longer exists changes nothing."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Longest files first (:data:`LONGEST_FIRST`); the rest in their collected order."""
    rank = {name: n for n, name in enumerate(LONGEST_FIRST)}
    root = config.rootpath

    def key(item: pytest.Item) -> int:
        try:
            name = item.path.relative_to(root).as_posix()
        except ValueError:
            return len(rank)
        return rank.get(name, len(rank))

    items.sort(key=key)
