"""Square-grid geometry as bitboards: the shared base of every kingdom-like board in the kit.

A kingdom of size N can grow in any direction from its castle, so cells are stored on a
(2N-1)×(2N-1) grid centred on the castle, one Python int bit per cell, with one spare column of
zero bits per row so that a shift by one never wraps a row into the next. Connected regions
(properties) are flood fills done with shifts, a handful of big-int operations each.

>>> g = geometry(5)
>>> g.index(0, 0) == g.castle_index, g.cell(g.castle_index)
(True, (0, 0))
>>> region = g.bit(0, 1) | g.bit(0, 2) | g.bit(3, 3)
>>> g.cells(g.fill(g.bit(0, 1), region))
[(0, 1), (0, 2)]
"""

from __future__ import annotations

from functools import cache

from kingdomino_kit.errors import InvariantError

__all__ = ["Cell", "Geometry", "geometry", "DIRECTIONS", "SIZES"]

Cell = tuple[int, int]
"""A (row, column) pair; rows grow downward, columns rightward."""

DIRECTIONS: tuple[Cell, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""Right, down, left, up: where a domino's second half lies from its first."""

SIZES = (5, 7)


class Geometry:
    """Index arithmetic and bit masks for kingdoms of one size.

    ``shifts[d]`` is the index step to the neighbour in direction ``DIRECTIONS[d]``;
    ``row_of[i]`` and ``col_of[i]`` are the castle-relative row and column of bit index ``i``.

    >>> g = geometry(7)
    >>> g.span, g.stride, g.cell(g.index(-6, 6))
    (13, 14, (-6, 6))
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.offset = size - 1
        self.span = 2 * size - 1
        self.stride = self.span + 1
        self.castle_index = self.index(0, 0)
        self.castle_bit = 1 << self.castle_index
        self.inside = 0
        self._cells: list[Cell | None] = [None] * (self.span * self.stride)
        for r in range(-self.offset, self.offset + 1):
            for c in range(-self.offset, self.offset + 1):
                self.inside |= self.bit(r, c)
                self._cells[self.index(r, c)] = (r, c)
        self.shifts = tuple(dr * self.stride + dc for dr, dc in DIRECTIONS)
        # row and column of every bit index (a pad bit's too: the column past the last)
        self.row_of = tuple(i // self.stride - self.offset for i in range(self.span * self.stride))
        self.col_of = tuple(i % self.stride - self.offset for i in range(self.span * self.stride))
        rows = [0] * self.span
        cols = [0] * self.span
        for r in range(-self.offset, self.offset + 1):
            for c in range(-self.offset, self.offset + 1):
                rows[r + self.offset] |= self.bit(r, c)
                cols[c + self.offset] |= self.bit(r, c)
        # band[lo][hi]: every cell whose row (or column) lies in lo..hi, offsets 0..span-1
        row_band = [[0] * self.span for _ in range(self.span)]
        col_band = [[0] * self.span for _ in range(self.span)]
        for lo in range(self.span):
            r_acc = c_acc = 0
            for hi in range(lo, self.span):
                r_acc |= rows[hi]
                c_acc |= cols[hi]
                row_band[lo][hi] = r_acc
                col_band[lo][hi] = c_acc
        # window[lo][hi]: the band a square may take when the extent's rows (or columns) are
        # lo..hi (offsets): the size × size frames that hold the extent, together
        o, n = self.offset, size
        self._row_window = [[0] * self.span for _ in range(self.span)]
        self._col_window = [[0] * self.span for _ in range(self.span)]
        for lo in range(self.span):
            for hi in range(lo, self.span):
                a, b = max(hi - o - n + 1, -o) + o, min(lo - o + n - 1, o) + o
                self._row_window[lo][hi] = row_band[a][b]
                self._col_window[lo][hi] = col_band[a][b]

    def __reduce__(self) -> tuple[object, tuple[int]]:
        """Pickled by size: an unpickled kingdom shares the one geometry of its size.

        >>> import pickle
        >>> pickle.loads(pickle.dumps(geometry(7))) is geometry(7)
        True
        """
        return (geometry, (self.size,))

    def index(self, r: int, c: int) -> int:
        """Bit index of castle-relative cell (r, c)."""
        return (r + self.offset) * self.stride + c + self.offset

    def bit(self, r: int, c: int) -> int:
        """The one-bit mask of cell (r, c)."""
        return 1 << self.index(r, c)

    def contains(self, r: int, c: int) -> bool:
        """True if (r, c) lies on the internal grid (within size-1 of the castle)."""
        return -self.offset <= r <= self.offset and -self.offset <= c <= self.offset

    def cell(self, index: int) -> Cell:
        """The castle-relative cell of a bit index (a pad bit has none:
        :class:`~kingdomino_kit.errors.InvariantError`)."""
        cell = self._cells[index]
        if cell is None:
            raise InvariantError(f"bit {index} is a pad bit of the {self.size}×{self.size} grid")
        return cell

    def cell_at(self, index: int) -> Cell | None:
        """The castle-relative cell of a bit index, or None for a pad bit."""
        return self._cells[index]

    def cells(self, mask: int) -> list[Cell]:
        """The cells of a mask, in row-major order."""
        out = []
        cells = self._cells
        while mask:
            low = mask & -mask
            cell = cells[low.bit_length() - 1]
            if cell is None:
                raise InvariantError("expected cell is not None")
            out.append(cell)
            mask ^= low
        return out

    def window(self, rmin: int, rmax: int, cmin: int, cmax: int) -> int:
        """Cells where a square may go so that the bounding box (rmin..rmax, cmin..cmax) grown
        to include it stays within size × size."""
        o = self.offset
        return self._row_window[rmin + o][rmax + o] & self._col_window[cmin + o][cmax + o]

    def dilate(self, mask: int) -> int:
        """The orthogonal neighbours of a mask (not masked to the grid)."""
        w = self.stride
        return (mask << 1) | (mask >> 1) | (mask << w) | (mask >> w)

    def fill(self, seed: int, region: int) -> int:
        """The connected part of ``region`` that contains ``seed`` (flood fill by shifts)."""
        w = self.stride
        comp = seed
        while True:
            grown = (comp | (comp << 1) | (comp >> 1) | (comp << w) | (comp >> w)) & region
            if grown == comp:
                return comp
            comp = grown

    def components(self, region: int) -> list[int]:
        """The connected components of a mask, each as a mask, lowest bit first."""
        out = []
        while region:
            comp = self.fill(region & -region, region)
            out.append(comp)
            region &= ~comp
        return out


@cache
def geometry(size: int) -> Geometry:
    """The shared geometry of kingdoms of ``size`` (5 or 7), built once."""
    return Geometry(size)
