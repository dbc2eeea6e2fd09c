"""The compiled two-player search's node counts pinned on Mighty Duel positions of the
benchmark's size (greedy kingdoms, from the round where the last line is known: 45k–96k
nodes each): a change of how the kernels are called or keep their scratch must leave the
search the same tree, node for node. The figures were counted by the kernels of commit
655f591, before their calling convention was rewritten (arrays borrowed, no allocation per
node)."""

from __future__ import annotations

import pytest

from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.game.bots import GreedyBot
from kingdomino_kit.game.endgame import no_chance_left, position
from kingdomino_kit.game.endgame.compiled import Compiled, applies
from kingdomino_kit.rules import Rules
from kingdomino_kit.seeds import derive_seed
from tests.game.stepping import step

MIGHTY = GameOptions(players=2, variant="mighty-duel",
                     rules=Rules(7, middle_kingdom=True, harmony=True))
PINNED = {3: (180794, 44969), 9: (570697, 45726), 11: (-269901, 67590), 10: (-49604, 95897)}
"""seed: (value, nodes) of the position where no chance is left, line included."""


@pytest.fixture(autouse=True)
def _compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "1")


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_the_compiled_search_visits_the_nodes_it_visited(seed: int) -> None:
    game = Game(MIGHTY, seed=seed)
    bots = [GreedyBot(derive_seed(seed, "bot", p)) for p in range(2)]
    while not no_chance_left(game.observation()):
        step(game, bots)
    tree, state = position(game)
    assert applies(tree)
    found = Compiled(tree).solve(state)
    assert (found.value, found.nodes) == PINNED[seed]
