"""Seeds derived from one seed: the game's, each seat's bot's, a run's games.

:func:`derive_seed` turns a base seed and labels into a 63-bit seed, the same in every run and
process. :func:`seat_seed` is the one recipe for the seed of the bot in a seat, in every game
(the command line, simulations, tournaments, the draft table): ``derive_seed(seed, "bot",
seat)``. The recipe is part of a log's meaning (the same seed and bots play the same game), so
the logs the command line writes record its version, ``"bot_seeds": SEAT_SEEDS``; a log without
it was seated by its game's recipe before this one (version 1).

>>> seat_seed(7, 0) == derive_seed(7, "bot", 0) != seat_seed(7, 1)
True

:func:`plain_seed` is the one rule of what a seed may be: any integer, a NumPy integer too.
"""

from __future__ import annotations

import hashlib
import numbers

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.untrusted import shown

__all__ = ["SEAT_SEEDS", "derive_seed", "plain_seed", "seat_seed"]

SEAT_SEEDS = 2
"""The version of :func:`seat_seed` that logs record (``"bot_seeds"``). Version 1 was each
game's own: Kingdomino's was this one; Kingdoms' ``seed * 10 + seat + 1``, Origins'
``seed * 10 + seat``."""


def derive_seed(base: int, *parts: object) -> int:
    """A 63-bit seed from a base seed and labels, stable across runs and processes.

    >>> derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(1, 3)
    True
    """
    text = ":".join(str(p) for p in (base, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the bot in seat ``seat`` (0, 1, …) of a game or a line-up seeded ``seed``."""
    return derive_seed(seed, "bot", seat)


def plain_seed(seed: object, where: str = "seed") -> int:
    """``seed`` as a plain ``int``: any integer is a seed (a NumPy integer too, as
    ``numpy.random`` hands them out); a yes/no, a fraction or text raises
    :class:`~kingdomino_kit.errors.KingdominoError` naming ``where``.

    >>> import numpy as np
    >>> plain_seed(np.int64(7)), type(plain_seed(np.uint8(7))).__name__
    (7, 'int')
    >>> plain_seed(1.5, "hand seed")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: hand seed: must be an integer, not 1.5
    """
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise KingdominoError(f"{where}: must be an integer, not {shown(seed)}")
    return int(seed)
