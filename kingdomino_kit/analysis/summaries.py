"""Tidy summaries with 95 % intervals: one row per group, its count, its mean and the interval
around the mean — of a results table (:func:`kingdomino_kit.game.simulate.simulate_frame`), a
claims table (:mod:`.claims`) or a gap table (:mod:`.gaps`).

A mean's interval is the normal one, mean ± 1.96 · sd / √n (good from a few dozen rows on; a
group of one row gets no interval). A share — the mean of a yes/no column such as ``winner`` —
gets Wilson's score interval, which stays inside [0, 1] and is honest for small groups and
shares near 0 or 1. Both come from :mod:`kingdomino_kit.infra.intervals` (one z for the kit).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kingdomino_kit.dominoes import DOMINOES
from kingdomino_kit.infra.intervals import Z95, mean_interval, share_interval

__all__ = ["Z95", "domino_table", "domino_values", "first_pick", "mean_interval",
           "share_interval", "summary"]


def summary(frame: Any, by: str | Sequence[str], value: str) -> Any:
    """Per group of ``by``: ``n``, ``mean`` of ``value``, and its 95 % interval ``low`` –
    ``high`` (Wilson's for a bool column, the normal one otherwise), as a tidy DataFrame
    sorted by the groups.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"bot": ["a", "a", "b", "b"], "score": [10, 14, 3, 3],
    ...                       "winner": [True, True, False, False]})
    >>> summary(frame, "bot", "score").round(2).values.tolist()
    [['a', 2, 12.0, 8.08, 15.92], ['b', 2, 3.0, 3.0, 3.0]]
    >>> summary(frame, "bot", "winner").round(3).values.tolist()
    [['a', 2, 1.0, 0.342, 1.0], ['b', 2, 0.0, 0.0, 0.658]]
    """
    import pandas as pd

    keys = [by] if isinstance(by, str) else list(by)
    is_share = frame[value].dtype == bool
    rows = []
    for group, part in frame.groupby(keys, observed=True, sort=True):
        values = part[value].astype(float).tolist()
        if is_share:
            mean, low, high = share_interval(sum(values), len(values))
        else:
            mean, low, high = mean_interval(values)
        labels = group if isinstance(group, tuple) else (group,)
        rows.append((*labels, len(values), mean, low, high))
    return pd.DataFrame(rows, columns=[*keys, "n", "mean", "low", "high"])


def domino_table() -> Any:
    """The 48 dominoes as a DataFrame: ``domino``, each half's terrain and crowns, ``crowns``.

    >>> table = domino_table()
    >>> len(table), int(table["crowns"].sum()), table.to_dict("records")[47]
    (48, 39, {'domino': 48, 'first': 'wheat', 'first_crowns': 0, 'second': 'mine',
              'second_crowns': 3, 'crowns': 3})
    """
    import pandas as pd

    return pd.DataFrame([{"domino": d.number, "first": d.first.terrain.value,
                          "first_crowns": d.first.crowns, "second": d.second.terrain.value,
                          "second_crowns": d.second.crowns, "crowns": d.crowns}
                         for d in DOMINOES])


def domino_values(claims: Any) -> Any:
    """What each domino number is worth to whoever claims it: per ``domino``, ``n`` claims,
    the owner's mean final score, ``value`` = that mean − the mean score of every seat of the
    run, and its 95 % interval ``low`` – ``high``; with the domino's ``crowns``.

    >>> import pandas as pd
    >>> claims = pd.DataFrame({"game": [0, 0, 1, 1], "player": [0, 1, 0, 1],
    ...                        "domino": [48, 1, 1, 48], "score": [30, 10, 20, 40]})
    >>> [(r["domino"], r["n"], r["value"]) for r in domino_values(claims).to_dict("records")]
    [(1, 2, -10.0), (48, 2, 10.0)]
    """
    seats = claims.drop_duplicates(["game", "player"])
    mean_score = float(seats["score"].mean())
    table = summary(claims, "domino", "score")
    table = table.rename(columns={"mean": "owner_score"})
    table["value"] = table["owner_score"] - mean_score
    table["low"] -= mean_score
    table["high"] -= mean_score
    crowns = domino_table().set_index("domino")["crowns"]
    table["crowns"] = table["domino"].map(crowns).astype("int8")
    return table[["domino", "n", "owner_score", "value", "low", "high", "crowns"]]


def first_pick(claims: Any) -> Any:
    """Does the first claim of a game pay? Per bot of the first claimer: ``n`` games, the share
    of them its player won (a shared win counts whole), Wilson's 95 % interval, and
    ``fair``, the share if the first pick did not matter (1 / players).

    >>> import pandas as pd
    >>> claims = pd.DataFrame({"game": [0, 0, 1, 1], "player": [1, 0, 0, 1],
    ...                        "round": [0, 0, 0, 0], "turn": [0, 1, 0, 1],
    ...                        "bot": ["a", "b", "a", "b"], "winner": [True, False, False, True]})
    >>> first_pick(claims).values.tolist()
    [['a', 2, 0.5, 0.094..., 0.905..., 0.5]]
    """
    players = claims.groupby("game")["player"].nunique()
    first = claims[(claims["round"] == 0) & (claims["turn"] == 0)].copy()
    first["fair"] = 1 / first["game"].map(players)
    table = summary(first, "bot", "winner").rename(columns={"mean": "share"})
    fair = first.groupby("bot", observed=True)["fair"].mean()
    table["fair"] = table["bot"].map(fair).astype(float)
    return table
