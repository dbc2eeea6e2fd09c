"""Whether the compiled engine is there: the optional extra ``fast`` (numba) installed and not
switched off by the environment variable ``KINGDOMINO_KIT_COMPILED=0``."""

from __future__ import annotations

import importlib.util
import os
import sys

__all__ = ["available"]


def available() -> bool:
    """True when numba is installed and ``KINGDOMINO_KIT_COMPILED`` is not ``0``."""
    return (os.environ.get("KINGDOMINO_KIT_COMPILED", "1") != "0"
            and ("numba" in sys.modules or importlib.util.find_spec("numba") is not None))
