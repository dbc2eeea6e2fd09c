"""Slow, obvious reference implementations of the rules, independent of the library's bit
tricks: a kingdom is a dict {(row, col): (terrain_letter, crowns)} plus the castle at (0, 0).
Tests cross-check the fast code against these."""

from __future__ import annotations

from collections import deque

from kingdomino_kit import Domino, Kingdom

Grid = dict[tuple[int, int], tuple[str, int]]
CASTLE = (0, 0)


def grid_of(kingdom: Kingdom) -> Grid:
    """Read a library kingdom square by square through its public API."""
    return {cell: (half.terrain.letter, half.crowns) for cell, half in kingdom.squares()}


def extent(grid: Grid) -> tuple[int, int, int, int]:
    """(min row, max row, min col, max col) of the castle and the squares."""
    rows = [r for r, _ in grid] + [0]
    cols = [c for _, c in grid] + [0]
    return min(rows), max(rows), min(cols), max(cols)


def fits(box: tuple[int, int, int, int], cells: list[tuple[int, int]], size: int) -> bool:
    """Would the kingdom with extent ``box`` plus ``cells`` fit size × size?"""
    rmin, rmax, cmin, cmax = box
    rows = [rmin, rmax] + [r for r, _ in cells]
    cols = [cmin, cmax] + [c for _, c in cells]
    return max(rows) - min(rows) < size and max(cols) - min(cols) < size


def neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def legal_placements(grid: Grid, dom: Domino, size: int) -> set[tuple[tuple[int, int], ...]]:
    """Every legal (first cell, second cell) for ``dom``; for a double (equal halves) the two
    orders of the same cells count once (returned as a sorted pair)."""
    halves = [(dom.first.terrain.letter, dom.first.crowns),
              (dom.second.terrain.letter, dom.second.crowns)]
    result = set()
    box = extent(grid)
    reach = range(-size, size + 1)
    for r in reach:
        for c in reach:
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                a, b = (r, c), (r + dr, c + dc)
                if a in grid or b in grid or CASTLE in (a, b):
                    continue
                if not fits(box, [a, b], size):
                    continue
                touching = False
                for cell, half in ((a, halves[0]), (b, halves[1])):
                    for n in neighbours(cell):
                        if n == CASTLE or (n in grid and grid[n][0] == half[0]):
                            touching = True
                if not touching:
                    continue
                key = tuple(sorted((a, b))) if halves[0] == halves[1] else (a, b)
                result.add(key)
    return result


def properties(grid: Grid) -> list[tuple[str, int, int]]:
    """(terrain letter, squares, crowns) of every property, by breadth-first flood fill."""
    seen: set[tuple[int, int]] = set()
    out = []
    for start in sorted(grid):
        if start in seen:
            continue
        terrain = grid[start][0]
        queue = deque([start])
        seen.add(start)
        squares = crowns = 0
        while queue:
            cell = queue.popleft()
            squares += 1
            crowns += grid[cell][1]
            for n in neighbours(cell):
                if n in grid and n not in seen and grid[n][0] == terrain:
                    seen.add(n)
                    queue.append(n)
        out.append((terrain, squares, crowns))
    return sorted(out)


def score(grid: Grid) -> int:
    return sum(squares * crowns for _, squares, crowns in properties(grid))


def place(grid: Grid, dom: Domino, a: tuple[int, int], b: tuple[int, int]) -> Grid:
    new = dict(grid)
    new[a] = (dom.first.terrain.letter, dom.first.crowns)
    new[b] = (dom.second.terrain.letter, dom.second.crowns)
    return new


def text_of(grid: Grid, size_hint: int = 0) -> str:
    """The text notation of a grid (castle included), over its extent."""
    cells = list(grid) + [CASTLE]
    rmin, rmax = min(r for r, _ in cells), max(r for r, _ in cells)
    cmin, cmax = min(c for _, c in cells), max(c for _, c in cells)
    lines = []
    for r in range(rmin, rmax + 1):
        tokens = []
        for c in range(cmin, cmax + 1):
            if (r, c) == CASTLE:
                tokens.append("C")
            elif (r, c) in grid:
                t, n = grid[(r, c)]
                tokens.append(t + (str(n) if n else ""))
            else:
                tokens.append(".")
        lines.append(" ".join(tokens))
    return "\n".join(lines)
