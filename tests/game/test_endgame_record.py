"""The compiled endgame's record of the kingdoms (``record_kernels.fill``: the squares by row,
the occupied cells, the grids of terrains and crowns, the Zobrist words) against the same
record built the obvious way, cell by cell in Python, on positions of 5×5 and 7×7 games of two
to four players; and the search's own CPU time that :func:`solve` reports."""

from __future__ import annotations

import time

import numpy as np
import pytest

from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.game.endgame import no_chance_left, position, solve
from kingdomino_kit.game.endgame.compiled import Compiled
from kingdomino_kit.game.endgame.finish_kernels import KINGDOM_RECORD
from kingdomino_kit.game.endgame.tables import TablePool
from kingdomino_kit.rules import Rules

BOTH = Rules(middle_kingdom=True, harmony=True)
SETTINGS = [GameOptions(players=2, rules=BOTH),
            GameOptions(players=2, variant="mighty-duel", rules=Rules(7, harmony=True)),
            GameOptions(players=3, rules=BOTH), GameOptions(players=4)]


@pytest.fixture(autouse=True)
def _compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "1")


def endgame(options: GameOptions, seed: int) -> Game:
    """The game played on (the last legal action each time) until no chance is left."""
    game = Game(options, seed=seed)
    while not no_chance_left(game.observation()):
        game.apply(game.legal_actions()[-1])
    return game


def obvious_record(search: Compiled, kingdoms: list) -> np.ndarray:  # type: ignore[type-arg]
    """The record, a cell at a time: its terrain's bit and its crowns read off the masks."""
    size = search.tree.rules.size
    o, stride, span = size - 1, 2 * size, 2 * size - 1
    record = np.zeros(1, KINGDOM_RECORD)[0]
    record[2][:] = -1
    record[5][:, 1] = search.salt
    for p, k in enumerate(kingdoms):
        record[1][p, o] |= 1 << o
        record[2][p, o * stride + o] = 6
        h1, h2 = np.uint64(0), search.salt
        for cell in range(span * stride):
            for t, mask in enumerate(k.terrain):
                if mask >> cell & 1:
                    crowns = (k.crown1 >> cell & 1) + 2 * (k.crown2 >> cell & 1)
                    r, c = divmod(cell, stride)
                    record[0][p, t, r] |= 1 << c
                    record[1][p, r] |= 1 << c
                    record[2][p, cell] = t
                    record[3][p, cell] = crowns
                    h1 ^= search.zobrist[0, cell, t * 4 + crowns]
                    h2 ^= search.zobrist[1, cell, t * 4 + crowns]
        record[4][p] = k.bounds
        record[5][p] = (h1, h2)
    return record


@pytest.mark.parametrize("options", SETTINGS, ids=lambda o: f"{o.players}p{o.rules.size}")
def test_the_record_is_the_one_built_cell_by_cell(options: GameOptions) -> None:
    for seed in (1, 2, 3):
        tree, _ = position(endgame(options, seed))
        search = Compiled(tree, TablePool())
        got, want = search._kingdoms(tree)[0], obvious_record(search, tree.kingdoms)
        for field in range(6):
            assert np.array_equal(got[field], want[field]), (options, seed, field)
        assert (got[2] >= 0).sum() == sum(len(k) + 1 for k in tree.kingdoms)  # and castles


def test_solve_reports_the_search_s_own_cpu_time() -> None:
    game = endgame(SETTINGS[0], 4)
    solve(game)  # the kernels loaded
    before = time.process_time()
    result = solve(game)
    spent = time.process_time() - before
    assert result.nodes > 0 and 0 < result.cpu_seconds < spent
