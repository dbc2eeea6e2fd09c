"""The compiled max-n and paranoid search of three and four players against plain search and
the Python search."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.game.endgame import compiled as two_compiled
from kingdomino_kit.game.endgame import move_values, position, solve
from kingdomino_kit.game.endgame.compiled_many import CompiledMany, applies_many, compiled_for
from kingdomino_kit.game.endgame.search import State, Tree
from kingdomino_kit.rules import Rules
from tests.game.endgame_positions import LazyPositions
from tests.game.stepping import first_without_chance
from tests.reference import endgame_code

ROOT = Path(__file__).resolve().parents[2]
MANY = [
    GameOptions(players=3),
    GameOptions(players=4),
    GameOptions(players=3, three_player_draw=4, rules=Rules(middle_kingdom=True)),
    GameOptions(players=4, rules=Rules(middle_kingdom=True, harmony=True),
                strict_discard=False),
]
POSITIONS = LazyPositions(96, budget=600, settings=MANY, first_seed=7000)
BOTH = Rules(middle_kingdom=True, harmony=True)


def compiled_tree(game: Game, mode: str) -> tuple[Tree, State]:
    tree, state = position(game)
    tree.paranoid = mode == "paranoid"
    tree.hero = game.current_player or 0
    return tree, state


@pytest.fixture(autouse=True)
def _compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "1")


def test_three_and_four_players_are_searched_compiled() -> None:
    for game, _, _ in POSITIONS[:4]:
        tree, _ = position(game)
        assert applies_many(tree) and isinstance(compiled_for(tree), CompiledMany)
    # make test installs the extra: these tests never skip


SAMPLE = 48
"""The positions make test cross-checks (the first two slices of 24; the others under make
test-sweeps): a position is made only when a test asks for it, after all those before it."""


@pytest.mark.parametrize("index", [
    pytest.param(i, marks=[] if i < SAMPLE else [pytest.mark.sweep]) for i in range(0, 96, 24)])
def test_the_compiled_search_agrees_with_plain_search(index: int) -> None:
    for game, want, mode in POSITIONS[index:index + 24]:
        hero = game.current_player or 0
        tree, state = compiled_tree(game, mode)
        found = CompiledMany(tree).solve(state)
        assert found.status == "OPTIMAL" and found.value == want, game
        # solve: the same value, its line legal, to the end, reaching the value
        result = solve(game, paranoid=mode == "paranoid")
        assert result.value == want and result.nodes == found.nodes
        g = game.copy()
        for action in result.line:
            g.apply(action)
        codes = tuple(endgame_code(k) for k in g.tiebreak_keys())
        assert g.is_over and (codes == want if mode == "maxn" else codes[hero] == want)


def test_the_positions_are_varied() -> None:  # those make test checks
    sample = POSITIONS[:SAMPLE]
    assert {g.options.players for g, _, _ in sample} == {3, 4}
    assert {m for _, _, m in sample} == {"maxn", "paranoid"}
    assert sum(1 for g, _, _ in sample if g.phase == "claim") > 10
    assert sum(1 for g, _, _ in sample if g.round < g.options.rounds) > 10


def test_the_max_n_line_is_the_python_searchs(monkeypatch: pytest.MonkeyPatch) -> None:
    # ties to the first move in the game's order: one line, however it was searched
    games = [g for g, _, m in POSITIONS if m == "maxn"][:16]
    fast = [solve(g).line for g in games]
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "0")
    assert fast == [solve(g).line for g in games]


def test_every_option_is_valued_as_the_python_search_values_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for game, _, mode in POSITIONS[:48:6]:
        fast = move_values(game, paranoid=mode == "paranoid")
        monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "0")
        slow = move_values(game, paranoid=mode == "paranoid")
        monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "1")
        assert fast == slow


@pytest.mark.parametrize(("players", "mode"), [(3, "maxn"), (3, "paranoid"), (4, "maxn")])
def test_from_the_first_position_without_chance_as_the_python_search(players: int,
                                                                       mode: str) -> None:
    # (4 players paranoid: half a minute in Python here; the small positions check it)
    game = first_without_chance(GameOptions(players=players, rules=BOTH), 11)
    tree, state = compiled_tree(game, mode)
    want = tree.maxn(state) if mode == "maxn" else tree.alphabeta(
        state, -(1 << 62), 1 << 62)
    tree2, state2 = compiled_tree(game, mode)
    assert CompiledMany(tree2).solve(state2).value == want
    # the kingdoms of the tree are untouched by the search
    assert [k.key() for k in tree2.kingdoms] == [
        k.to_bits().key() for k in game.kingdoms]


def test_a_search_past_its_time_limit_is_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(two_compiled, "SLICE", 50)  # a look at the clock every 50 nodes
    game = first_without_chance(GameOptions(players=4, rules=BOTH), 11)
    tree, state = compiled_tree(game, "maxn")
    found = CompiledMany(tree).solve(state, 1e-6)
    assert found.status == "UNKNOWN" and found.value is None and found.nodes < 200
    result = solve(game, time_limit=1e-6)
    assert result.status == "UNKNOWN" and len(result.scores) == 4


def test_the_kernels_load_from_the_disk_cache_in_a_new_process() -> None:
    # numba's cache keeps a recursive function only with its signature given
    script = ("from kingdomino_kit.game import Game, GameOptions\n"
              "from kingdomino_kit.game.endgame import no_chance_left, solve\n"
              "g = Game(GameOptions(players=4), seed=3)\n"
              "while not no_chance_left(g.observation()):\n"
              "    g.apply(g.legal_actions()[0])\n"
              "print(solve(g).value, solve(g, paranoid=True).value)\n")
    env = {**os.environ, "KINGDOMINO_KIT_COMPILED": "1"}
    runs = [subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=600) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[-1].stderr[-2000:]
    assert runs[0].stdout == runs[1].stdout and runs[0].stdout.count(",") == 3


def test_the_hint_gives_the_python_searchs_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    from kingdomino_kit.widgets.draft_hint import advise

    game = next(g for g, _, m in POSITIONS[40:] if g.options.players == 4 and m == "maxn")
    mover = game.current_player or 0
    fast = advise(game, mover, seed=1)
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "0")
    slow = move_values(game)
    assert fast.exact and sorted(fast.costs, key=repr) == sorted(
        ((v.action, v.cost) for v in slow), key=repr)
