"""Slow, obvious reference implementations, independent of the library's bit tricks and
models, that the tests cross-check the fast code against:

- Kingdomino rules: a kingdom is a dict {(row, col): (terrain_letter, crowns)} plus the castle
  at (0, 0) (legal placements, properties, score); the placement rules for any game's dominoes
  (:func:`legal_pairs`, with :func:`grow_checked` to play a territory of any game against it);
- the solver: an exhaustive search over every placement sequence of every subset;
- Kingdoms scoring: a castle-by-castle scorer, and random boards to score.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from kingdomino_kit import Domino, Kingdom, domino
from kingdomino_kit.kingdoms import Board, Castle, Tile, tile_set
from kingdomino_kit.kingdoms.board import CELLS, COLS, ROWS
from kingdomino_kit.kingdoms.tiles import castle_supply
from kingdomino_kit.solver import Solution

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
    return legal_pairs(grid, (dom.first.terrain.letter, dom.first.crowns),
                       (dom.second.terrain.letter, dom.second.crowns), size)


def legal_pairs(grid: dict[tuple[int, int], tuple[object, int]], first: tuple[object, int],
                second: tuple[object, int], size: int) -> set[tuple[tuple[int, int], ...]]:
    """The same for a domino of any game, halves given as (terrain, printed number) and the
    grid as {cell: (terrain, printed number)}: every (first cell, second cell) where both cells
    are empty, the territory still fits size × size, and a half touches the centre tile or a
    square of its own terrain; equal halves count each pair of cells once (a sorted pair)."""
    halves = [first, second]
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


def grow_checked(territory: Any, dominoes: Iterable[Any], key: Callable[[Any], tuple[object, int]],
                 rng: random.Random) -> int:
    """Offer each domino in turn to ``territory`` (a kingdom of any game: ``squares``,
    ``legal_placements``, ``can_place``, ``place``, ``at``, ``size``) and check its legal
    placements against :func:`legal_pairs`, ``key`` giving a half as (terrain, printed number);
    place a random one and check the squares it shows. Returns how many were placed."""
    placed = 0
    for dom in dominoes:
        grid = {cell: key(half) for cell, half in territory.squares()}
        want = legal_pairs(grid, key(dom.first), key(dom.second), territory.size)
        placements = territory.legal_placements(dom)
        got = {(p.first, p.second) for p in placements}
        if dom.is_double:
            got = {tuple(sorted(pair)) for pair in got}
        assert got == want and len(want) == len(placements)
        assert territory.can_place(dom) == bool(want)
        assert all(p.domino == dom for p in placements)  # equal dominoes share placements
        if placements:
            chosen = rng.choice(placements)
            territory.place(chosen)
            assert (territory.at(chosen.first), territory.at(chosen.second)) == dom.halves
            placed += 1
    return placed


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


def bonus(grid: Grid, size: int, *, middle_kingdom: bool, harmony: bool) -> int:
    """Middle Kingdom (10) and Harmony: every one of the size × size cells filled (5)."""
    # Middle Kingdom: the kingdom is its size × size grid, the castle its centre cell — every
    # square at most size // 2 rows and columns from the castle, gaps allowed
    reach = size // 2
    centred = all(abs(r) <= reach and abs(c) <= reach for r, c in grid)
    full = len(grid) + 1 == size * size
    return (10 if middle_kingdom and centred else 0) + (5 if harmony and full else 0)


def tiebreak_key(grid: Grid, size: int, *, middle_kingdom: bool = False,
                 harmony: bool = False) -> tuple[int, int, int]:
    """(score with bonuses, squares of the largest property, crowns of the kingdom)."""
    total = score(grid) + bonus(grid, size, middle_kingdom=middle_kingdom, harmony=harmony)
    largest = max((squares for _, squares, _ in properties(grid)), default=0)
    return total, largest, sum(crowns for _, crowns in grid.values())


def place(grid: Grid, dom: Domino, a: tuple[int, int], b: tuple[int, int]) -> Grid:
    new = dict(grid)
    new[a] = (dom.first.terrain.letter, dom.first.crowns)
    new[b] = (dom.second.terrain.letter, dom.second.crowns)
    return new


def grow(size: int, numbers: Iterable[int], choose: Callable[[int], int]
         ) -> tuple[Grid, list[tuple[Domino, tuple[int, int], tuple[int, int]]]]:
    """A kingdom grown by the reference's own legal placements: each domino in turn takes
    placement ``choose(count)`` of its sorted list (a double's halves swapped when ``choose(2)``
    is 1; a domino with no placement is skipped). Returns the grid and the (domino, first
    cell, second cell) steps, to build the library's kingdoms from."""
    grid: Grid = {}
    steps = []
    for number in numbers:
        dom = domino(number)
        options = sorted(legal_placements(grid, dom, size))
        if not options:
            continue
        a, b = options[choose(len(options))]
        if dom.is_double and choose(2):
            a, b = b, a
        grid = place(grid, dom, a, b)
        steps.append((dom, a, b))
    return grid, steps


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


# ------------------------------------------------------------------ the solver
def exhaustive_best(doms: list[Domino], *, size: int = 5, middle_kingdom: bool = False,
                    harmony: bool = False, start: Kingdom | None = None,
                    choose: int | None = None, free_discard: bool = False) -> int:
    """Best total over every legal placement sequence of every subset that the rules allow as
    an end: a domino left out has no legal placement in the final kingdom (judged by this
    module's own :func:`legal_placements`). With ``choose`` k dominoes are chosen: the end needs
    as many left-out dominoes that fit nowhere as k minus those placed. Harmony and Middle
    Kingdom are bonuses only. ``free_discard``: every subset is an end (the loose reading)."""
    first = start.copy() if start is not None else Kingdom(size)
    boards: dict[tuple[int, ...], Kingdom] = {}
    total = len(doms) if choose is None else min(choose, len(doms))

    def allowed_end(k: Kingdom, left: frozenset[int]) -> bool:
        if free_discard:
            return True
        grid = grid_of(k)
        nowhere = sum(1 for n in left if not legal_placements(grid, domino(n), size))
        if choose is None:
            return nowhere == len(left)
        placed = len(doms) - len(left)
        return nowhere >= total - placed

    @cache
    def best_from(key: tuple[int, ...], left: frozenset[int]) -> int:
        k = boards[key]
        here = -1
        if allowed_end(k, left):
            here = k.total(middle_kingdom=middle_kingdom, harmony=harmony)
        if choose is not None and len(doms) - len(left) >= choose:
            return here
        for n in left:
            for p in k.legal_placements(domino(n)):
                k.push(p)
                child = k.key()
                boards.setdefault(child, k.copy())
                here = max(here, best_from(child, left - {n}))
                k.undo()
        return here

    boards[first.key()] = first
    return best_from(first.key(), frozenset(d.number for d in doms))


def check_solution(sol: Solution, doms: list[Domino], start: Kingdom | None = None, *,
                   middle_kingdom: bool = False, harmony: bool = False,
                   choose: int | None = None) -> None:
    """The order replays through Kingdom.place to the returned kingdom, scored as claimed; the
    dominoes left out (all given, without ``choose``) are the answer's ``discarded`` and have no
    legal placement in it."""
    assert sol.kingdom is not None
    k = start.copy() if start is not None else Kingdom(sol.kingdom.size)
    for p in sol.order:
        k.place(p)
    assert k == sol.kingdom
    assert k.total(middle_kingdom=middle_kingdom, harmony=harmony) == sol.score
    numbers = [p.domino.number for p in sol.order]
    assert len(numbers) == len(set(numbers))
    assert set(numbers) <= {d.number for d in doms}
    # no voluntary discard, judged by this module's own legal placements
    left = sorted(d.number for d in doms if d.number not in numbers)
    grid = grid_of(k)
    nowhere = [n for n in left if not legal_placements(grid, domino(n), k.size)]
    if choose is None:
        assert list(sol.discarded) == left == nowhere
    else:  # the k chosen: those placed and as many that fit nowhere
        assert sol.discarded == ()
        assert len(nowhere) >= min(choose, len(doms)) - len(numbers)


# ------------------------------------------------------------------ Kingdoms
# The seed's worked example (white = a, grey = b, black = c), laid out so that the four lines
# the seed explains hold exactly what it says: row 1 (the Village +3, the Troll -6; a4 a1, b1,
# c1), row 4 (a mountain; left: the dragon, the Village +3, a2; right: the Watchtower +5 and b1),
# column 2 (the Mill +4, dragon, the Dire Wolves -3, gold mine; b1) and column 4 (a mountain
# between a1 and the rest: the Forest +1, the Orcs -5, c1).
SEED_EXAMPLE = """
+3 b1 -6 c1 a4 a1
.  +4 .  +1 .  .
.  -3 .  -5 .  .
+3 D  a2 ^  +5 b1
.  $  .  a1 .  .
"""


def _kingdoms_walk(board: Board, cell: tuple[int, int], dr: int, dc: int) -> list[object]:
    """Pieces from ``cell`` (excluded) to the edge or a mountain, in one direction."""
    out = []
    r, c = cell[0] + dr, cell[1] + dc
    while 0 <= r < ROWS and 0 <= c < COLS:
        piece = board.at((r, c))
        if piece == Tile.parse("^"):
            break
        out.append(piece)
        r, c = r + dr, c + dc
    return out


def kingdoms_gold(board: Board) -> dict[str, int]:
    gold = dict.fromkeys(board.players, 0)
    wizard = [cell for cell, t in board.tiles() if str(t) == "W"]
    for (r, c), castle in board.castles():
        rank = castle.rank + any(abs(r - wr) + abs(c - wc) == 1 for wr, wc in wizard)
        for (dr, dc) in ((0, 1), (1, 0)):
            pieces = _kingdoms_walk(board, (r, c), dr, dc) + _kingdoms_walk(board, (r, c), -dr, -dc)
            tiles = [str(p) for p in pieces if isinstance(p, Tile)]
            plus = sum(int(t) for t in tiles if t[0] == "+")
            minus = sum(int(t) for t in tiles if t[0] == "-")
            value = (0 if "D" in tiles else plus) + minus
            if "$" in tiles:
                value *= 2
            gold[castle.player] += rank * value
    return gold


def random_board(rng: random.Random, players: int, fill: float, wizard: bool = False) -> Board:
    """A board with a random share of the game's tiles and castles on random cells."""
    pieces: list[Tile | Castle] = list(tile_set(wizard))
    for p in "abcd"[:players]:
        pieces += [Castle(p, rank) for rank, n in castle_supply(players).items()
                   for _ in range(n)]
    rng.shuffle(pieces)
    cells = list(CELLS)
    rng.shuffle(cells)
    board = Board()
    for cell, piece in zip(cells, pieces, strict=False):
        if rng.random() < fill:
            board = board.place(cell, piece)
    return board


# ------------------------------------------------------------------ the catalogue
# The 48 dominoes as the five public listings the kit's catalogue was agreed from give them
# (number: first half | second half; a digit is the crowns), transcribed apart from the CSV.
CATALOGUE = """
1:W|W 2:W|W 3:F|F 4:F|F 5:F|F 6:F|F 7:L|L 8:L|L 9:L|L 10:G|G 11:G|G 12:S|S 13:W|F 14:W|L
15:W|G 16:W|S 17:F|L 18:F|G 19:W1|F 20:W1|L 21:W1|G 22:W1|S 23:W1|M 24:F1|W 25:F1|W
26:F1|W 27:F1|W 28:F1|L 29:F1|G 30:L1|W 31:L1|W 32:L1|F 33:L1|F 34:L1|F 35:L1|F 36:W|G1
37:L|G1 38:W|S1 39:G|S1 40:M1|W 41:W|G2 42:L|G2 43:W|S2 44:G|S2 45:M2|W 46:S|M2 47:S|M2
48:W|M3
"""


def catalogue() -> dict[int, tuple[tuple[str, int], tuple[str, int]]]:
    """The listing above as number → ((letter, crowns), (letter, crowns))."""
    out = {}
    for item in CATALOGUE.split():
        number, halves = item.split(":")
        a, b = halves.split("|")
        out[int(number)] = ((a[0], int(a[1:] or 0)), (b[0], int(b[1:] or 0)))
    return out


# ------------------------------------------------------------------ the text notation
def read_text(text: str, size: int = 5) -> Grid | None:
    """The castle-relative squares a text notation writes, or None if it breaks the notation:
    rows are lines (or split at ``/``), tokens split at white space; a token is ``.``, ``C`` or a
    terrain letter W F L G S M (either case), followed for a terrain only by its crowns 0–3 in
    ASCII digits (at most three of them); exactly one ``C``; castle and squares within
    size × size."""
    rows = [segment.split() for line in text.splitlines() for segment in line.split("/")]
    rows = [tokens for tokens in rows if tokens]
    castle = None
    squares: dict[tuple[int, int], tuple[str, int]] = {}
    for r, tokens in enumerate(rows):
        for c, token in enumerate(tokens):
            head, tail = token[0], token[1:]
            if head not in "WFLGSMCwflgsmc." or any(ch not in "0123456789" for ch in tail):
                return None
            if head in ".Cc":
                if tail or (head in "Cc" and castle is not None):
                    return None
                if head in "Cc":
                    castle = (r, c)
                continue
            if len(tail) > 3 or (tail and int(tail) > 3):
                return None
            squares[(r, c)] = (head.upper(), int(tail) if tail else 0)
    if castle is None:
        return None
    grid = {(r - castle[0], c - castle[1]): half for (r, c), half in squares.items()}
    rmin, rmax, cmin, cmax = extent(grid)
    return grid if rmax - rmin < size and cmax - cmin < size else None


# --------------------------------------------------------------------------------- endgames
class TooBig(Exception):
    """The plain search went over its node budget."""


def endgame_code(key: tuple[int, int, int]) -> int:
    """A tie-break key (score, largest property, crowns) as one comparable int."""
    return key[0] * 10000 + key[1] * 100 + key[2]


def plain_endgame(game: Any, mode: str, hero: int = 0, budget: int = 20000) -> Any:
    """The value of a game position by plain search over the library's :class:`Game` (every
    legal action of every position, copies, no pruning, no table): ``minimax`` — the margin
    code of player 0, player 0 maximising; ``paranoid`` — the code of ``hero``, the others
    minimising; ``maxn`` — every player's code, each maximising their own, ties to the first
    action in the order of ``legal_actions``. Raises :class:`TooBig` past ``budget`` nodes."""
    if mode == "minimax":
        hero = 0
    count = [0]
    leaves: dict[Any, int] = {}

    def code(kingdom: Any) -> int:
        key = kingdom.key()
        if key not in leaves:
            leaves[key] = endgame_code(kingdom.tiebreak_key(game.options.rules))
        return leaves[key]

    def rec(g: Any) -> Any:
        count[0] += 1
        if count[0] > budget:
            raise TooBig
        if g.is_over:
            codes = [code(k) for k in g.kingdoms]
            if mode == "minimax":
                return codes[0] - codes[1]
            if mode == "paranoid":
                return codes[hero]
            return tuple(codes)
        mover = g.current_player
        best: Any = None
        for action in g.legal_actions():
            child = g.copy()
            child.apply(action)
            value = rec(child)
            if best is None:
                best = value
            elif mode == "maxn":
                if value[mover] > best[mover]:
                    best = value
            elif (mover == hero) == (value > best) and value != best:
                best = value
        return best

    return rec(game)
