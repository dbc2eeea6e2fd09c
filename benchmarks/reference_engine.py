"""A plain Kingdomino engine written the obvious way: the yardstick of the kit's speed.

A kingdom is a dict ``{(row, column): (terrain, crowns)}`` around the castle at (0, 0); the
legal placements of a domino are found by trying every pair of neighbour cells of the board;
the score by a breadth-first flood fill of every property. Nothing is cached, nothing is a
bitboard: this is the engine a student writes first, with the kit's rules (the
Middle Kingdom and Harmony bonuses, discards, 2–4 players, Mighty Duel, the 3-player draw of
4). It plays random bots the way the kit does — the same deal from the seed, the placements
listed direction by direction (right, down, left, up) then row by row, a draw
``rng.randrange(n)`` only when there is a choice — so it plays *the very games* the kit plays,
and the benchmark compares the two engines on the same games (``tests`` check they agree).

>>> from kingdomino_kit.game import GameOptions
>>> result = play_random_game(GameOptions(players=4), 7, [1, 2, 3, 4])
>>> [row["player"] for row in result["results"]]
[0, 1, 2, 3]
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from kingdomino_kit.dominoes import DOMINOES

CASTLE = (0, 0)
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))
HALVES = {d.number: ((d.first.terrain.letter, d.first.crowns),
                     (d.second.terrain.letter, d.second.crowns)) for d in DOMINOES}


def neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = cell
    return [(r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)]


def extent(grid: dict[tuple[int, int], Any]) -> tuple[int, int, int, int]:
    rows = [r for r, _ in grid] + [0]
    cols = [c for _, c in grid] + [0]
    return min(rows), max(rows), min(cols), max(cols)


def legal_placements(grid: dict[tuple[int, int], Any], number: int, size: int
                     ) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every legal (first cell, second cell) of domino ``number``: both cells empty, the
    kingdom still inside size × size, a half beside the castle or a square of its terrain. A
    double (equal halves) is tried to the right and down only (the other two repeat them)."""
    first, second = HALVES[number]
    rmin, rmax, cmin, cmax = extent(grid)
    reach = size - 1
    out = []
    for dr, dc in DIRECTIONS:
        if first == second and (dr, dc) in ((0, -1), (-1, 0)):
            continue
        for r in range(-reach, reach + 1):
            for c in range(-reach, reach + 1):
                a, b = (r, c), (r + dr, c + dc)
                if a == CASTLE or b == CASTLE or a in grid or b in grid:
                    continue
                if max(rmax, r, r + dr) - min(rmin, r, r + dr) >= size:
                    continue
                if max(cmax, c, c + dc) - min(cmin, c, c + dc) >= size:
                    continue
                touches = False
                for cell, (terrain, _) in ((a, first), (b, second)):
                    for n in neighbours(cell):
                        if n == CASTLE or (n in grid and grid[n][0] == terrain):
                            touches = True
                if touches:
                    out.append((a, b))
    return out


def properties(grid: dict[tuple[int, int], Any]) -> list[tuple[int, int]]:
    """(squares, crowns) of every property, by flood fill."""
    seen = set()
    out = []
    for start in grid:
        if start in seen:
            continue
        terrain = grid[start][0]
        seen.add(start)
        queue = deque([start])
        squares = crowns = 0
        while queue:
            cell = queue.popleft()
            squares += 1
            crowns += grid[cell][1]
            for n in neighbours(cell):
                if n in grid and n not in seen and grid[n][0] == terrain:
                    seen.add(n)
                    queue.append(n)
        out.append((squares, crowns))
    return out


def result_row(player: int, grid: dict[tuple[int, int], Any], size: int, middle: bool,
               harmony: bool, discarded: int) -> dict[str, Any]:
    props = properties(grid)
    score = sum(squares * crowns for squares, crowns in props)
    reach = size // 2
    bonus = 0
    if middle and all(abs(r) <= reach and abs(c) <= reach for r, c in grid):
        bonus += 10
    if harmony and len(grid) + 1 == size * size:
        bonus += 5
    return {"player": player, "score": score + bonus, "properties": score, "bonus": bonus,
            "largest_property": max((s for s, _ in props), default=0),
            "crowns": sum(crowns for _, crowns in grid.values()), "discarded": discarded}


def play_random_game(options: Any, seed: int, bot_seeds: list[int]) -> dict[str, Any]:
    """One game between random bots seeded ``bot_seeds`` (by seat) under the kit's
    ``GameOptions`` ``options``: each player's result row and the winners."""
    players, size = options.players, options.size
    kings_per_player = 2 if players == 2 else 1
    line_size = 3 if players == 3 and options.three_player_draw == 3 else 4
    deck_size = 24 if players == 2 and options.variant == "standard" else (
        line_size * 12 if players == 3 else 48)
    deal = random.Random(seed)
    deck = list(range(1, 49))
    deal.shuffle(deck)
    order = list(range(players * kings_per_player))
    deal.shuffle(order)
    deck = deck[:deck_size]
    bots = [random.Random(s) for s in bot_seeds]
    grids: list[dict[tuple[int, int], Any]] = [{} for _ in range(players)]
    discards = [0] * players
    to_place: dict[int, int] = {}
    rounds = deck_size // line_size
    for round_ in range(rounds + 1):
        line = sorted(deck[:line_size]) if round_ < rounds else []
        deck = deck[line_size:]
        claims: list[int | None] = [None] * len(line)
        for king in order:
            player = king // kings_per_player
            bot = bots[player]
            if round_ > 0:
                number = to_place.pop(king)
                grid = grids[player]
                choices: list[Any] = list(legal_placements(grid, number, size))
                if not choices or not options.strict_discard:
                    choices.append(None)  # the discard
                pick = choices[bot.randrange(len(choices))] if len(choices) > 1 else choices[0]
                if pick is None:
                    discards[player] += 1
                else:
                    first, second = HALVES[number]
                    grid[pick[0]] = first
                    grid[pick[1]] = second
            if line:
                free = [i for i, k in enumerate(claims) if k is None]
                slot = free[bot.randrange(len(free))] if len(free) > 1 else free[0]
                claims[slot] = king
        for i, king in enumerate(claims):
            if king is not None:
                to_place[king] = line[i]
        order = [k for k in claims if k is not None]
    rules = options.rules
    results = [result_row(p, grids[p], size, rules.middle_kingdom, rules.harmony, discards[p])
               for p in range(players)]
    keys = [(r["score"], r["largest_property"], r["crowns"]) for r in results]
    return {"results": results, "winners": [p for p, k in enumerate(keys) if k == max(keys)]}
