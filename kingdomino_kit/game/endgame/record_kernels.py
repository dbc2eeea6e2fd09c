"""The kingdoms' record of the compiled endgame search (``finish_kernels.KINGDOM_RECORD``)
filled from each kingdom's bit planes, with numba: the squares of each terrain by row, the
occupied cells, the grid of terrains and of crowns, and the two Zobrist words of the squares.

Imported only by :mod:`kingdomino_kit.game.endgame.compiled` when numba is installed; the same
record as a cell-by-cell loop in Python builds (the tests compare them), in 14 µs instead of
55 µs — a few per cent of a 5×5 endgame's whole search.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

from kingdomino_kit.game.endgame.finish_kernels import KINGDOMS
from kingdomino_kit.game.fast.primitives import INT, WORD, array, kernel

PLANES = array(nb.uint8, 3)
"""``planes[p, j, i]``: bit ``i`` (a cell) of plane ``j`` of kingdom ``p`` — the six terrains,
then the two crown planes (a cell's crowns: the first plus twice the second)."""
ZOBRIST = array(nb.uint64, 3)


@kernel((KINGDOMS, PLANES, ZOBRIST, INT, WORD))
def fill(kb: Any, planes: np.ndarray, zobrist: np.ndarray, size: int, salt: Any
         ) -> None:  # pragma: no cover
    """Fill the zeroed record ``kb`` with the kingdoms of ``planes`` (their extents left to the
    caller): a square's Zobrist word is ``zobrist[w, cell, terrain * 4 + crowns]``, each
    kingdom's second word, and the seats not in play, start from ``salt``."""
    rows, occupied, grid, crowns, hashes = kb[0], kb[1], kb[2], kb[3], kb[5]
    o, stride = size - 1, 2 * size
    cells = (2 * size - 1) * stride
    grid[:, :] = -1
    for p in range(hashes.shape[0]):
        hashes[p, 1] = salt
    for p in range(planes.shape[0]):
        occupied[p, o] = 1 << o
        grid[p, o * stride + o] = 6
        h1 = np.uint64(0)
        h2 = salt
        for i in range(cells):
            for t in range(6):
                if planes[p, t, i]:
                    crown = planes[p, 6, i] + 2 * planes[p, 7, i]
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
