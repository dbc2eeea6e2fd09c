"""95 % intervals, one z for the whole kit: of a mean (the normal interval) and of a share
(Wilson's score interval).

``Z95`` is the normal quantile of a two-sided 95 % interval to double precision,
1.959963984540054 (the quantile 1.95996398454005423…; ``NormalDist().inv_cdf(0.975)`` is one
unit in the last place below), not its rounding 1.96: the interval is the one it says it is,
and every table of the kit (analysis summaries, tournaments) uses the same one.

>>> mean_interval([10, 12, 14])
(12.0, 9.736..., 14.263...)
>>> share_interval(8, 10)
(0.8, 0.490..., 0.943...)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from kingdomino_kit.errors import KingdominoError

__all__ = ["Z95", "mean_interval", "share_interval"]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): mean ± z · sd / √n, the normal interval of the mean (good from a few
    dozen values on); low = high = mean for one value.

    >>> mean_interval([5])
    (5.0, 5.0, 5.0)
    >>> mean_interval([])
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: no values: a mean needs at least one
    """
    n = len(values)
    if n == 0:
        raise KingdominoError("no values: a mean needs at least one")
    mean = math.fsum(values) / n
    if n == 1:
        return mean, mean, mean
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def share_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """(share, low, high): Wilson's score interval of ``successes`` out of ``n`` (a success
    may count as a fraction, such as a shared win); it stays inside [0, 1] and is honest for
    small groups and shares near 0 or 1.

    >>> share, low, high = share_interval(0, 20)   # none in 20: still up to 16 % plausible
    >>> share, low, round(high, 3)
    (0.0, 0.0, 0.161)
    """
    if n <= 0:
        raise KingdominoError("no trials: a share needs at least one")
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)
