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
