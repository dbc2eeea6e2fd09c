"""The proven highest possible scores of free choice, as shipped with the kit.

``scripts/prove_maxima.py`` proves the eight cases (5×5 and 7×7, with and without the Middle
Kingdom and Harmony bonuses) and writes one JSON record each into ``kingdomino_kit/solver/
maxima/`` (package data, so a notebook reads them from the installed package, anywhere). A
record holds the status, score and bound, the layout in a legal order of placements, the
command that proved it and how long it took; ``tests/solver/test_maxima.py`` replays each one.

>>> [r["score"] for r in proven_maxima(5)]
[128, 136, 133, 141]
>>> proven_maximum(5, "both")["name"]
'5x5-both'
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from kingdomino_kit.errors import KingdominoError

__all__ = ["BONUS_NAMES", "proven_maxima", "proven_maximum"]

BONUS_NAMES = ("none", "middle", "harmony", "both")
"""The bonus cases of a record's name ``NxN-<bonus>``, in the order the docs show them."""


def proven_maximum(size: int, bonus: str = "none") -> dict[str, Any]:
    """The record of one case: ``size`` 5 or 7, ``bonus`` one of :data:`BONUS_NAMES`."""
    if size not in (5, 7) or isinstance(size, bool):
        raise KingdominoError(f"proven maxima: size must be 5 or 7, not {size!r}")
    if bonus not in BONUS_NAMES:
        raise KingdominoError(f"proven maxima: bonus must be one of {', '.join(BONUS_NAMES)}, "
                              f"not {bonus!r}")
    path = resources.files("kingdomino_kit.solver") / "maxima" / f"{size}x{size}-{bonus}.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def proven_maxima(size: int | None = None) -> list[dict[str, Any]]:
    """Every record (or those of one ``size``), 5×5 first, bonuses in :data:`BONUS_NAMES`
    order."""
    sizes = (5, 7) if size is None else (size,)
    return [proven_maximum(n, b) for n in sizes for b in BONUS_NAMES]
