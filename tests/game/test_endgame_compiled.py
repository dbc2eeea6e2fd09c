"""The compiled two-player endgame search against plain search and the Python search."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.game.bots import GreedyBot
from kingdomino_kit.game.endgame import move_values, no_chance_left, position, solve
from kingdomino_kit.game.endgame.compiled import Compiled, applies
from kingdomino_kit.rules import Rules
from kingdomino_kit.seeds import derive_seed
from tests.game.endgame_positions import LazyPositions
from tests.game.stepping import step
from tests.reference import endgame_code

ROOT = Path(__file__).resolve().parents[2]
TWO = [
    GameOptions(players=2),
    GameOptions(players=2, rules=Rules(middle_kingdom=True, harmony=True)),
    GameOptions(players=2, variant="mighty-duel"),
    GameOptions(players=2, strict_discard=False, rules=Rules(middle_kingdom=True)),
    GameOptions(players=2, variant="mighty-duel", rules=Rules(7, harmony=True)),
]
POSITIONS = LazyPositions(240, budget=600, settings=TWO, first_seed=5000)
MIGHTY = GameOptions(players=2, variant="mighty-duel",
                     rules=Rules(7, middle_kingdom=True, harmony=True))


def greedy_endgame(options: GameOptions, seed: int, extra: int = 0) -> Game:
    """Greedy kingdoms (more placements than random ones) up to where no chance is left,
    then ``extra`` greedy turns on."""
    game = Game(options, seed=seed)
    bots = [GreedyBot(derive_seed(seed, "bot", p)) for p in range(options.players)]
    while not no_chance_left(game.observation()) or extra > 0:
        if no_chance_left(game.observation()):
            extra -= 1
        step(game, bots)
    return game


@pytest.fixture(autouse=True)
def _compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "1")


def test_numba_is_there_and_two_players_are_searched_compiled() -> None:
    tree, _ = position(POSITIONS[0][0])
    assert applies(tree)  # make test installs the extra: these tests never skip


SAMPLE = 80
"""The positions make test cross-checks (the first two slices of 40, each of both sizes; the
others under make test-sweeps): a position is made only when a test asks for it, after all
those before it."""


@pytest.mark.parametrize("index", [
    pytest.param(i, marks=[] if i < SAMPLE else [pytest.mark.sweep]) for i in range(0, 240, 40)])
def test_the_compiled_search_agrees_with_plain_search(index: int) -> None:
    for game, want, mode in POSITIONS[index:index + 40]:
        assert mode == "minimax"
        tree, state = position(game)
        found = Compiled(tree).solve(state)
        assert found.status == "OPTIMAL" and found.value == want, game
        # its line is legal, ends the game and reaches the value
        result = solve(game)
        assert result.value == want and result.nodes == found.nodes
        g = game.copy()
        for action in result.line:
            g.apply(action)
        codes = [endgame_code(k) for k in g.tiebreak_keys()]
        assert g.is_over and codes[0] - codes[1] == want


def test_the_positions_are_varied() -> None:  # those make test checks
    sample = POSITIONS[:SAMPLE]
    assert {g.options.size for g, _, _ in sample} == {5, 7}
    assert sum(1 for g, _, _ in sample if g.round < g.options.rounds) > 40
    assert sum(1 for g, _, _ in sample if g.phase == "claim") > 20
    assert not all(g.options.strict_discard for g, _, _ in sample)


@pytest.mark.parametrize("seed", [1] + [pytest.param(s, marks=pytest.mark.sweep) for s in (2, 3)])
def test_mighty_duel_from_the_known_last_line_as_the_python_search(seed: int) -> None:
    game = greedy_endgame(MIGHTY, seed, extra=4)
    tree, state = position(game)
    want = tree.alphabeta(state, -(1 << 62), 1 << 62)
    tree2, state2 = position(game)
    found = Compiled(tree2).solve(state2)
    assert found.value == want
    # the kingdoms of the tree are untouched by the search
    assert [k.key() for k in tree2.kingdoms] == [k.to_bits().key() for k in game.kingdoms]


def test_the_line_is_the_first_in_the_games_order_that_keeps_the_value() -> None:
    # at each turn the first legal action of the best value (a settled player's too: their
    # best finish places first what comes first in the order of legal placements)
    steps = 0
    for game, _, _ in POSITIONS[:SAMPLE:4]:
        g = game.copy()
        for action in solve(game).line:
            values = move_values(g)
            top = max(v.value for v in values)
            assert action == next(v.action for v in values if v.value == top)
            g.apply(action)
            steps += 1
        assert g.is_over
    assert steps > 100


def test_every_option_is_valued_as_the_python_search_values_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for game, _, _ in POSITIONS[:60:6]:
        fast = move_values(game)
        monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "0")
        slow = move_values(game)
        monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "1")
        assert fast == slow


def test_one_set_of_tables_serves_many_positions() -> None:
    games = [g for g, _, _ in POSITIONS[:40] if g.options.size == 5]
    tree, _ = position(games[0])
    shared = Compiled(tree)
    for game, want, _ in POSITIONS[:40]:
        if game.options.size != 5 or game.options.rules != games[0].options.rules \
                or game.options.strict_discard != games[0].options.strict_discard:
            continue
        other, state = position(game)
        assert shared.solve(state, tree=other).value == want


def test_switched_off_the_python_search_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    game, want, _ = POSITIONS[7]
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "0")
    tree, state = position(game)
    assert not applies(tree)
    tree.alphabeta(state, -(1 << 62), 1 << 62)
    result = solve(game)
    assert result.value == want


def test_the_kernels_load_from_the_disk_cache_in_a_new_process() -> None:
    # numba's cache keeps a recursive function only with its signature given: a second
    # process loading the cached kernels once crashed
    script = ("from kingdomino_kit.game import Game, GameOptions\n"
              "from kingdomino_kit.game.endgame import no_chance_left, solve\n"
              "g = Game(GameOptions(players=2, variant='mighty-duel'), seed=3)\n"
              "while not no_chance_left(g.observation()):\n"
              "    g.apply(g.legal_actions()[0])\n"
              "print(solve(g).value)\n")
    env = {**os.environ, "KINGDOMINO_KIT_COMPILED": "1"}
    runs = [subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=600) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[-1].stderr[-2000:]
    assert runs[0].stdout == runs[1].stdout and runs[0].stdout.strip().lstrip("-").isdigit()


class _Spy:
    """The kernels' module, its entries counted (``start``, and ``search`` and ``line`` called
    again after a stop)."""

    def __init__(self, kernels: object, calls: dict[str, int]) -> None:
        self._kernels, self._calls = kernels, calls

    def __getattr__(self, name: str) -> object:
        found = getattr(self._kernels, name)
        if name not in ("start", "search", "line"):
            return found

        def counted(*args: object) -> object:
            self._calls[name] = self._calls.get(name, 0) + 1
            return found(*args)

        return counted


@pytest.mark.parametrize("nodes", [60, 250, 5000])
def test_a_search_in_slices_finds_the_same_value_and_line(
        nodes: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # with a time limit the search looks at the clock every SLICE nodes: its first slice in
    # one call (set-up, search, line), the rest resumed in calls of their own
    import kingdomino_kit.game.endgame.compiled as compiled

    calls: dict[str, int] = {}
    for seed in (1, 2, 3):
        tree, state = position(greedy_endgame(TWO[1], seed))
        whole = Compiled(tree).solve(state)
        monkeypatch.setattr(compiled, "SLICE", nodes)
        sliced = Compiled(tree)
        sliced.kernels = _Spy(sliced.kernels, calls)
        found = sliced.solve(state, 600.0)
        monkeypatch.setattr(compiled, "SLICE", 1 << 15)
        assert found.status == "OPTIMAL"
        assert (found.value, found.moves) == (whole.value, whole.moves), seed
        assert found.nodes >= whole.nodes  # a slice stopped mid-way is searched again
    assert calls["start"] == 3
    if nodes < 100:  # a few hundred nodes a position: stopped in the first slice
        assert calls.get("search", 0) >= 3 and calls.get("line", 0) >= 3
    if nodes > 1000:  # searched and its line walked in the first slice
        assert "search" not in calls and "line" not in calls
