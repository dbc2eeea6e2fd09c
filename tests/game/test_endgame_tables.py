"""The compiled endgame search on tables kept from the searches before it (not cleared, a new
generation in the keys: ``game/endgame/tables.py``) against the same search on tables zeroed
for it: the same value, nodes and line, position for position, small positions after large
ones, a position again after itself, two, three and four players."""

from __future__ import annotations

import gc

import numpy as np
import pytest

from kingdomino_kit.game import GameOptions
from kingdomino_kit.game.endgame import position, solve
from kingdomino_kit.game.endgame.compiled import Compiled, applies
from kingdomino_kit.game.endgame.compiled_many import CompiledMany, applies_many, compiled_for
from kingdomino_kit.game.endgame.finish_kernels import WORK_RECORD
from kingdomino_kit.game.endgame.tables import TablePool, shared_pool, zeroed
from kingdomino_kit.rules import Rules
from tests.game.stepping import first_without_chance

BOTH = Rules(middle_kingdom=True, harmony=True)
TWO = GameOptions(players=2, rules=BOTH)
MIGHTY = GameOptions(players=2, variant="mighty-duel", rules=Rules(7, middle_kingdom=True,
                                                                    harmony=True))


@pytest.fixture(autouse=True)
def _compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "1")


def test_small_positions_after_a_large_one_search_as_on_fresh_tables() -> None:
    # a Mighty Duel position fills the tables (tens of thousands of rows), then 5×5
    # positions, one of them twice, and the Mighty Duel position again: each searched on
    # the kept tables and on tables zeroed for it alone
    games = [first_without_chance(MIGHTY, 3)]
    games += [first_without_chance(TWO, seed) for seed in (1, 2, 2, 5, 8)]
    games.append(games[0])
    pool = TablePool()
    lent = []
    for game in games:
        tree, state = position(game)
        assert applies(tree)
        kept = Compiled(tree, pool)
        lent.append(kept.work)
        on_kept = kept.solve(state)
        del kept  # its tables back to the pool
        on_fresh = Compiled(tree, TablePool()).solve(state)
        assert (on_kept.value, on_kept.nodes, on_kept.moves) == \
            (on_fresh.value, on_fresh.nodes, on_fresh.moves), game
        assert on_kept.status == "OPTIMAL"
    assert all(work is lent[0] for work in lent)  # one set of tables served them all


@pytest.mark.parametrize("options", [GameOptions(players=3, rules=BOTH),
                                     GameOptions(players=4, rules=BOTH)])
def test_max_n_on_kept_tables_searches_as_on_fresh_ones(options: GameOptions) -> None:
    pool = TablePool()
    for seed in (1, 2, 2, 4):
        tree, state = position(first_without_chance(options, seed))
        assert applies_many(tree)
        on_kept = CompiledMany(tree, pool).solve(state)
        on_fresh = CompiledMany(tree, TablePool()).solve(state)
        assert (on_kept.value, on_kept.nodes, on_kept.moves) == \
            (on_fresh.value, on_fresh.nodes, on_fresh.moves), seed
    assert pool.idle("work") == 1 and pool.idle("vectors") == 1


def test_solve_lends_the_shared_tables_and_gets_them_back() -> None:
    game = first_without_chance(TWO, 6)
    tree, state = position(game)
    first = solve(game)
    gc.collect()
    assert shared_pool().idle("work") >= 1
    again = solve(game)
    assert (again.value, again.nodes, again.line) == (first.value, first.nodes, first.line)
    assert (Compiled(tree, TablePool()).solve(state).nodes == first.nodes)


def test_two_searches_at_once_have_tables_of_their_own() -> None:
    pool = TablePool()
    tree, _ = position(first_without_chance(TWO, 1))
    one, two = Compiled(tree, pool), Compiled(tree, pool)
    assert one.work is not two.work and one.salt != two.salt
    kept = two.work
    del one, two
    assert pool.idle("work") == 1  # at most one set kept idle
    assert Compiled(tree, pool).work is not kept  # the first given back stayed


def test_the_generations_wrap_to_a_new_epoch_and_older_tables_are_dropped() -> None:
    pool = TablePool(generations=4)
    tree, _ = position(first_without_chance(TWO, 1))
    salts = []
    first = Compiled(tree, pool)
    work = first.work
    salts.append(first.salt)
    del first
    for _ in range(2):  # generations 2 and 3: the same tables again
        again = Compiled(tree, pool)
        assert again.work is work
        salts.append(again.salt)
        del again
    wrapped = Compiled(tree, pool)  # generation 1 again, in a new epoch: new tables
    assert wrapped.work is not work and wrapped.salt == salts[0]
    assert len(set(salts)) == 3 and 0 not in salts
    held = Compiled(tree, pool)  # lent in this epoch (2), given back in the next: dropped
    other = Compiled(tree, pool)  # 3
    newer = Compiled(tree, pool)  # the next epoch's 1
    assert pool.idle("work") == 0
    del held, wrapped, other
    assert pool.idle("work") == 0
    del newer
    assert pool.idle("work") == 1


def test_pages_the_system_took_back_from_idle_tables_change_nothing() -> None:
    # idle tables are marked free-when-needed: a page the system takes reads as zeros
    # after, beside pages still holding older rows; every other page of the kept tables
    # zeroed here as the system would
    pool = TablePool()
    big, state = position(first_without_chance(MIGHTY, 3))
    searched = Compiled(big, pool)
    searched.solve(state)
    work = searched.work
    del searched  # idle now
    raw = work.view(np.uint8).reshape(-1)
    pages = raw[:len(raw) // 8192 * 8192].reshape(-1, 2, 4096)
    assert pages[:, 0].any() and pages[:, 1].any()
    pages[:, 0] = 0  # the constants' pages too
    tree, state = position(first_without_chance(TWO, 2))
    kept = Compiled(tree, pool)
    assert kept.work is work
    on_kept = kept.solve(state)
    on_fresh = Compiled(tree, TablePool()).solve(state)
    assert (on_kept.value, on_kept.nodes, on_kept.moves) == \
        (on_fresh.value, on_fresh.nodes, on_fresh.moves)


def test_zeroed_tables_are_zeros_of_the_type_asked() -> None:
    work, _ = zeroed(WORK_RECORD, (1,))
    assert work.dtype == WORK_RECORD and work.shape == (1,) and work.flags.writeable
    assert not work.view(np.uint8).any()
    vectors, _ = zeroed(np.int64, (8, 3))
    assert vectors.shape == (8, 3) and vectors.dtype == np.int64 and not vectors.any()


def test_each_page_of_the_constants_taken_back_is_put_back() -> None:
    # the search copies its constants (the Zobrist words, the pieces) again when a page of
    # them reads as zeros: each 4 KB page they lie on zeroed in turn, as the system would
    import kingdomino_kit.game.endgame.compiled as compiled

    known = compiled._constants()
    tree, state = position(first_without_chance(TWO, 2))
    want = Compiled(tree, TablePool()).solve(state)
    pool = TablePool()
    work = Compiled(tree, pool).work  # given back at once
    raw = work.view(np.uint8).reshape(-1)
    base = raw.ctypes.data
    first = work["zobrist"][0].ctypes.data - base
    last = work["pieces"][0].ctypes.data - base + known.pieces.nbytes - 1
    pages = range((base + first) // 4096, (base + last) // 4096 + 1)
    assert len(pages) >= 18
    for page in pages:
        start = max(page * 4096 - base, 0)
        raw[start:page * 4096 + 4096 - base] = 0
        kept = Compiled(tree, pool)
        assert kept.work is work
        got = kept.solve(state)
        assert (got.value, got.nodes, got.moves) == (want.value, want.nodes, want.moves), page
        assert np.array_equal(work["zobrist"][0], known.zobrist)
        assert np.array_equal(work["pieces"][0], known.pieces)
        del kept


@pytest.mark.parametrize("options", [TWO, GameOptions(players=4, rules=BOTH), MIGHTY])
def test_the_rows_of_facts_and_bounds_used_change_no_search(
        options: GameOptions, monkeypatch: pytest.MonkeyPatch) -> None:
    # a cache of values found again: with all its rows, the board's own share or sixteen
    # (a clash at almost every write), the same values, nodes and lines
    import kingdomino_kit.game.endgame.compiled as compiled

    chosen = compiled.cache_rows
    for seed in (1, 4):
        tree, state = position(first_without_chance(options, seed))
        seen = set()
        for rows in (chosen, lambda size: 1 << 16, lambda size: 16):
            monkeypatch.setattr(compiled, "cache_rows", rows)
            search = compiled_for(tree)
            assert search is not None
            found = search.solve(state)
            seen.add((found.value, found.nodes, found.moves))
        assert len(seen) == 1, (options, seed)


@pytest.mark.parametrize("players", [3, 4])
def test_max_n_on_a_new_pool_values_positions_as_the_python_search(players: int) -> None:
    # the first search on a new set of tables is a max-n one: the constants are put in
    # place for it too
    for seed in (1, 3):
        game = first_without_chance(GameOptions(players=players, rules=BOTH), seed)
        tree, state = position(game)
        found = CompiledMany(tree, TablePool()).solve(state)
        python, start = position(game)
        assert found.value == python.maxn(start), seed
