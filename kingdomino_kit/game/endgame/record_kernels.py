"""The kingdoms' record of the compiled endgame search (``finish_kernels.KINGDOM_RECORD``)
filled from each kingdom's bit planes, with numba: the squares of each terrain by row, the
occupied cells, the grid of terrains and of crowns, and the two Zobrist words of the squares.

Imported only by :mod:`kingdomino_kit.game.endgame.compiled` and the search's entry
(:func:`kingdomino_kit.game.endgame.kernels.start`) when numba is installed; the same record as
a cell-by-cell loop in Python builds (the tests compare them), in a few µs instead of 55 µs —
a few per cent of a 5×5 endgame's whole search.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

from kingdomino_kit.game.endgame.finish_kernels import KINGDOMS
from kingdomino_kit.game.fast.primitives import I64, INT, WORD, array, kernel

PLANES = nb.types.Array(nb.uint8, 1, "C", readonly=True)
"""Each kingdom's eight bit planes packed, ``width`` bytes a plane (the bits of a plane's int,
little-endian): the six terrains, then the two crown planes (a cell's crowns: the first plus
twice the second); read only (a view of Python's bytes)."""
ZOBRIST = array(nb.uint64, 3)
RECORDS = array(KINGDOMS, 1)
"""The kingdoms' record as the one element of an array (numba takes it from Python at a
tenth of a record's cost)."""


@kernel((RECORDS, PLANES, INT, ZOBRIST, I64, INT, WORD))
def fill(kbs: Any, planes: np.ndarray, width: int, zobrist: np.ndarray, extents: np.ndarray,
         size: int, salt: Any) -> None:  # pragma: no cover
    """Fill the record ``kbs[0]`` (cleared first) with the kingdoms of ``planes`` and their
    ``extents`` (four words a kingdom): a square's Zobrist word is
    ``zobrist[w, cell, terrain * 4 + crowns]``, each kingdom's second word, and the seats not
    in play, start from ``salt``."""
    kb = kbs[0]
    rows, occupied, grid, crowns, hashes = kb[0], kb[1], kb[2], kb[3], kb[5]
    rows[:] = 0
    occupied[:] = 0
    crowns[:] = 0
    kb[4][:] = 0
    o, stride = size - 1, 2 * size
    cells = (2 * size - 1) * stride
    grid[:, :] = -1
    for p in range(hashes.shape[0]):
        hashes[p, 0] = 0
        hashes[p, 1] = salt
    for p in range(len(extents) // 4):
        for j in range(4):
            kb[4][p, j] = extents[4 * p + j]
        base = p * 8 * width
        occupied[p, o] = 1 << o
        grid[p, o * stride + o] = 6
        h1 = np.uint64(0)
        h2 = salt
        for i in range(cells):
            at, bit = base + (i >> 3), i & 7
            for t in range(6):
                if planes[at + t * width] >> bit & 1:
                    crown = (planes[at + 6 * width] >> bit & 1) + 2 * (
                        planes[at + 7 * width] >> bit & 1)
                    r, c = i // stride, i % stride
                    rows[p, t, r] |= 1 << c
                    occupied[p, r] |= 1 << c
                    grid[p, i] = t
                    crowns[p, i] = crown
                    h1 ^= zobrist[0, i, t * 4 + crown]
                    h2 ^= zobrist[1, i, t * 4 + crown]
                    break
        hashes[p, 0] = h1
        hashes[p, 1] = h2
