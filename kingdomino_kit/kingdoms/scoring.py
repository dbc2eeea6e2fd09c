"""Scoring a Kingdoms board, explained segment by segment.

Every row (top to bottom) and then every column (left to right) is scored; a mountain cuts its
row and column into separate segments. In a segment: base value = resources − hazards; a dragon
cancels the resources, a gold mine doubles what is left (cancel first, then double, as in the
seed's worked example); each player gains value × the sum of their castle ranks there (a castle
next to the wizard counts one rank higher). Dragon and gold mine act only within their own
segment — the seed's example of row 4 shows it: the dragon left of the mountain cancels the
Village (+3) there, but the Watchtower (+5) right of it still pays. Empty cells are ignored.
(Tile names: the seed's, ``docs/rules/kingdoms.md`` has them beside the 2011 edition's.)

>>> from kingdomino_kit.kingdoms.board import Board
>>> s = score_board(Board.from_text('''
...     +3 b1 -6 c1 a4 a1
...     .  +4 .  +1 .  .
...     .  -3 .  -5 .  .
...     +3 D  a2 ^  +5 b1
...     .  $  .  a1 .  .'''))
>>> row1 = s.line("row 1")[0]
>>> row1.value, row1.ranks, row1.gold
(-3, {'a': 5, 'b': 1, 'c': 1}, {'a': -15, 'b': -3, 'c': -3})
>>> col2 = s.line("column 2")[0]
>>> col2.cancelled, col2.value, col2.gold["b"]
(4, -6, -6)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from kingdomino_kit.grid import Cell
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.kingdoms.board import COLS, ROWS, Board
from kingdomino_kit.kingdoms.errors import KingdomsError
from kingdomino_kit.kingdoms.tiles import PLAYERS, Castle, Tile, TileKind

__all__ = ["Segment", "SegmentScore", "Scoring", "segments", "line_cells", "line_names",
           "score_board", "castle_ranks"]


@dataclass(frozen=True)
class Segment:
    """A maximal run of non-mountain cells of one row or column (``line`` counted from 1)."""

    line: str
    cells: tuple[Cell, ...]


def line_names() -> list[str]:
    """The lines in scoring order: ``row 1`` … ``row 5``, ``column 1`` … ``column 6``.

    >>> line_names()[4:7]
    ['row 5', 'column 1', 'column 2']
    """
    return [f"row {r + 1}" for r in range(ROWS)] + [f"column {c + 1}" for c in range(COLS)]


@cache
def line_cells(line: str) -> tuple[Cell, ...]:
    """Every cell of a line, in order.

    >>> line_cells("column 6")
    ((0, 5), (1, 5), (2, 5), (3, 5), (4, 5))
    """
    kind, number = line.split()
    n = int(number) - 1
    if kind == "row":
        return tuple((n, c) for c in range(COLS))
    return tuple((r, n) for r in range(ROWS))


def segments(board: Board, lines: Iterable[str] | None = None) -> list[Segment]:
    """The segments of the given lines (default: all, in scoring order), split at mountains.

    >>> b = Board.from_text(". . ^ . . . / " + ". . . . . . / " * 4)
    >>> [s.cells for s in segments(b, ["row 1"])]
    [((0, 0), (0, 1)), ((0, 3), (0, 4), (0, 5))]
    """
    mountains = frozenset(i for i, p in enumerate(board.grid)
                          if isinstance(p, Tile) and p.kind is TileKind.MOUNTAIN)
    names = line_names() if lines is None else lines
    return [seg for line in names for seg in _line_segments(line, mountains)]


@cache
def _line_segments(line: str, mountains: frozenset[int]) -> tuple[Segment, ...]:
    out = []
    run: list[Cell] = []
    for cell in line_cells(line) + (None,):
        if cell is None or cell[0] * COLS + cell[1] in mountains:
            if run:
                out.append(Segment(line, tuple(run)))
            run = []
        else:
            run.append(cell)
    return tuple(out)


def castle_ranks(board: Board) -> dict[Cell, tuple[Castle, int]]:
    """Each castle with its rank for scoring: one higher next to the wizard.

    >>> b = Board.from_text("a2 W b1 . . . / " + ". . . . . . / " * 4, wizard=True)
    >>> castle_ranks(b)[(0, 0)][1], castle_ranks(b)[(0, 2)][1]
    (3, 2)
    """
    grid = board.grid
    wizards = {(i // COLS, i % COLS) for i, p in enumerate(grid)
               if isinstance(p, Tile) and p.kind is TileKind.WIZARD}
    out = {}
    for i, castle in enumerate(grid):
        if isinstance(castle, Castle):
            r, c = divmod(i, COLS)
            near = bool(wizards) and any(
                n in wizards for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
            out[(r, c)] = (castle, castle.rank + near)
    return out


@dataclass(frozen=True)
class SegmentScore:
    """One segment scored: its tiles, the dragon and gold mine effects, ranks and gold."""

    segment: Segment
    tiles: tuple[Tile, ...]
    dragon: bool
    gold_mine: bool
    ranks: dict[str, int] = field(hash=False)
    gold: dict[str, int] = field(hash=False)

    @property
    def line(self) -> str:
        """``row N`` or ``column N`` (from 1)."""
        return self.segment.line

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The segment's cells (0-based)."""
        return self.segment.cells

    @property
    def resources(self) -> int:
        """The sum of the resource tiles (before the dragon)."""
        return sum(t.value for t in self.tiles if t.is_resource)

    @property
    def hazards(self) -> int:
        """The sum of the hazard tiles (a negative number or 0)."""
        return sum(t.value for t in self.tiles if t.is_hazard)

    @property
    def base(self) -> int:
        """Resources + hazards, before dragon and gold mine."""
        return self.resources + self.hazards

    @property
    def cancelled(self) -> int:
        """The resources the dragon cancels."""
        return self.resources if self.dragon else 0

    @property
    def value(self) -> int:
        """The segment's value per castle rank: cancel, then double."""
        return (self.base - self.cancelled) * (2 if self.gold_mine else 1)

    def to_json(self, explain: bool = False) -> dict[str, Any]:
        """``line``, ``cells`` (1-based), ``value``, ``ranks`` (and, ``explain``: the tiles,
        base, dragon, gold mine and gold)."""
        out: dict[str, Any] = {"line": self.line,
                               "cells": [[r + 1, c + 1] for r, c in self.cells],
                               "value": self.value, "ranks": dict(self.ranks)}
        if explain:
            out.update(tiles=[str(t) for t in self.tiles], base=self.base,
                       dragon=self.dragon, gold_mine=self.gold_mine, gold=dict(self.gold))
        return out

    @property
    def span(self) -> str:
        """Where the segment lies in its line: ``c1-6`` for a row, ``r1-3`` for a column."""
        first, last = self.cells[0], self.cells[-1]
        if self.line.startswith("row"):
            return f"c{first[1] + 1}-{last[1] + 1}"
        return f"r{first[0] + 1}-{last[0] + 1}"

    def working(self) -> str:
        """The arithmetic of the value: the numbers, then the dragon and the gold mine.

        >>> s = score_board(Board.from_text("+4 D -3 $ b1 . / " + ". . . . . . / " * 4))
        >>> s.line("row 1")[0].working()
        '+4 -3 = +1, dragon cancels +4 → -3, gold mine doubles → -6'
        """
        numbers = [str(t) for t in self.tiles if t.is_resource or t.is_hazard]
        text = f"{' '.join(numbers) or '0'} = {self.base:+d}"
        if self.dragon:
            text += f", dragon cancels {self.cancelled:+d} → {self.base - self.cancelled:+d}"
        if self.gold_mine:
            text += f", gold mine doubles → {self.value:+d}"
        return text

    def explain(self) -> str:
        """One line of text: the tiles, effects, value, ranks and gold.

        >>> s = score_board(Board.from_text("+4 D -3 $ b1 . / " + ". . . . . . / " * 4))
        >>> print(s.line("row 1")[0].explain())
        row 1     c1-6   +4 -3 = +1, dragon cancels +4 → -3, gold mine doubles → -6   b1 → b-6
        """
        ranks = " ".join(f"{p}{n}" for p, n in self.ranks.items() if n)
        gold = " ".join(f"{p}{g:+d}" for p, g in self.gold.items() if self.ranks[p])
        who = f"{ranks} → {gold}" if ranks else "no castle"
        return f"{self.line:<9} {self.span:<6} {self.working()}   {who}"


@dataclass(frozen=True)
class Scoring:
    """A board scored: one :class:`SegmentScore` per segment, and each player's gold."""

    players: str
    segments: tuple[SegmentScore, ...]

    @property
    def gold(self) -> dict[str, int]:
        """Each player's gold from this scoring (may be negative)."""
        return {p: sum(s.gold[p] for s in self.segments) for p in self.players}

    def line(self, name: str) -> list[SegmentScore]:
        """The segments of one line (``row 1``, ``column 3``)."""
        return [s for s in self.segments if s.line == name]

    def to_json(self, explain: bool = False) -> dict[str, Any]:
        """``{"gold": {...}, "lines": [...]}`` as the CLI prints it (cells 1-based).

        >>> s = score_board(Board.from_text("+2 a1 ^ . . . / " + ". . . . . . / " * 4))
        >>> s.to_json()["lines"][0]
        {'line': 'row 1', 'cells': [[1, 1], [1, 2]], 'value': 2, 'ranks': {'a': 1}}
        """
        return {"gold": self.gold, "lines": [s.to_json(explain) for s in self.segments]}

    def explain(self) -> str:
        """The whole scoring as text, a line per segment, then the totals."""
        out = [s.explain() for s in self.segments]
        out.append("gold: " + (" ".join(f"{p} {g:+d}" for p, g in self.gold.items()) or "-"))
        return "\n".join(out)

    def __str__(self) -> str:
        return self.explain()


def score_board(board: Board, *, players: str | None = None,
                lines: Iterable[str] | None = None) -> Scoring:
    """Score the given lines (default: every row and column) of a board.

    ``players``: whose gold to report (default: those with a castle on the board).

    >>> score_board(Board.from_text("+5 a1 . . . . / " + ". . . . . . / " * 4), players="ab").gold
    {'a': 5, 'b': 0}
    """
    if not isinstance(board, Board):
        raise KingdomsError(f"board: must be a Board, not {shown(board)}")
    if players is not None and (not isinstance(players, str)
                                or any(p not in PLAYERS for p in players)):
        raise KingdomsError(f"players: letters among {PLAYERS}, not {shown(players)}")
    if lines is not None:
        lines = list(lines) if not isinstance(lines, str) else [lines]
        known = set(line_names())
        for line in lines:
            if line not in known:
                raise KingdomsError(f"lines: no line {shown(line)} (row 1–5, column 1–6)")
    players = board.players if players is None else players
    grid = board.grid
    mountains, wizards = set(), set()
    for i, p in enumerate(grid):
        if isinstance(p, Tile):
            if p.kind is TileKind.MOUNTAIN:
                mountains.add(i)
            elif p.kind is TileKind.WIZARD:
                wizards.add(i)
    frozen = frozenset(mountains)
    scored = []
    names = line_names() if lines is None else lines
    for seg in (seg for line in names for seg in _line_segments(line, frozen)):
        tiles = []
        ranks = dict.fromkeys(players, 0)
        resources = hazards = 0
        dragon = gold_mine = False
        for cell in seg.cells:
            piece = grid[cell[0] * COLS + cell[1]]
            if isinstance(piece, Tile):
                tiles.append(piece)
                kind = piece.kind
                if kind is TileKind.RESOURCE:
                    resources += piece.value
                elif kind is TileKind.HAZARD:
                    hazards += piece.value
                elif kind is TileKind.DRAGON:
                    dragon = True
                elif kind is TileKind.GOLD_MINE:
                    gold_mine = True
            elif isinstance(piece, Castle):
                rank = piece.rank
                if wizards:
                    i = cell[0] * COLS + cell[1]
                    rank += any(n in wizards for n in (i - COLS, i + COLS)) or (
                        cell[1] > 0 and i - 1 in wizards) or (cell[1] < COLS - 1
                                                              and i + 1 in wizards)
                ranks[piece.player] = ranks.get(piece.player, 0) + rank
        value = ((0 if dragon else resources) + hazards) * (2 if gold_mine else 1)
        gold = {p: value * n for p, n in ranks.items()}
        scored.append(SegmentScore(seg, tuple(tiles), dragon, gold_mine, ranks, gold))
    return Scoring(players, tuple(scored))
