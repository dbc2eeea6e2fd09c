"""The pairwise table of a league: for every two bots that met, how often A finished ahead of B,
with its 95 % interval over blocks of paired deals, and whether A beats B — the interval's lower
bound above one half (the promotion rule of the strongest published Kingdomino agent).

A meeting is a game where both played; A's share counts 1 when it ranked better, 1/2 when the
tie-break keys were equal, 0 when worse. The share's interval is the normal interval of the mean
over *blocks* (:func:`~kingdomino_kit.infra.intervals.mean_interval`): the games of a block
share a deal and rotate the seats, so a block is the unit that is independent.

>>> rows = [{"game": g, "block": g // 2, "bot": b, "rank": r} for g, b, r in
...         [(0, "a", 1), (0, "b", 2), (1, "b", 2), (1, "a", 1)]]
>>> [(p["a"], p["b"], p["share"]) for p in pairwise(rows)]
[('a', 'b', 1.0), ('b', 'a', 0.0)]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from kingdomino_kit.infra.intervals import mean_interval

__all__ = ["PAIRWISE_COLUMNS", "pairwise"]

PAIRWISE_COLUMNS = ("a", "b", "meetings", "blocks", "share", "low", "high", "a_beats_b")


def pairwise(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per ordered pair of bots that met (see the module), in the order first met."""
    games: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        games.setdefault(int(row["game"]), []).append(row)
    per_block: dict[tuple[str, str], dict[int, list[float]]] = {}
    for seats in games.values():
        for x, y in itertools.combinations(seats, 2):
            if x["bot"] == y["bot"]:
                continue
            rx, ry = int(x["rank"]), int(y["rank"])
            share = 1.0 if rx < ry else 0.0 if rx > ry else 0.5
            block = int(x["block"])
            per_block.setdefault((x["bot"], y["bot"]), {}).setdefault(block, []).append(share)
            per_block.setdefault((y["bot"], x["bot"]), {}).setdefault(block, []).append(
                1 - share)
    out = []
    for (a, b), blocks in per_block.items():
        means = [sum(v) / len(v) for v in blocks.values()]
        share, low, high = mean_interval(means)
        if len(means) < 2:  # one block tells nothing of the spread: no bound
            low, high = 0.0, 1.0
        out.append({"a": a, "b": b, "meetings": sum(len(v) for v in blocks.values()),
                    "blocks": len(blocks), "share": round(share, 4),
                    "low": round(max(0.0, low), 4), "high": round(min(1.0, high), 4),
                    "a_beats_b": low > 0.5})
    return out
