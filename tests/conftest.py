"""Shared test set-up."""

from __future__ import annotations

import os

import matplotlib
import pytest

# The slow references assert their own invariants: rewrite them too (they must also hold under
# python -O, where plain asserts vanish).
pytest.register_assert_rewrite("tests.reference")

matplotlib.use("Agg")
os.environ.setdefault("MPLBACKEND", "Agg")
