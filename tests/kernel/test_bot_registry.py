"""The bot registry of the kernel imports no game: each game registers its own bots when its
package is imported, and every place that looks a bot up by name has imported its game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import kingdomino_kit.game
import kingdomino_kit.kingdoms
import kingdomino_kit.origins  # noqa: F401  (each registers its bots)
from kingdomino_kit.bots import REGISTRY, RandomBot, make_bot, register_bot
from kingdomino_kit.errors import KingdominoError

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = {"kingdomino": ["random", "greedy", "mc", "mce", "strong"],
            "kingdoms": ["random", "greedy"], "origins": ["random", "greedy"]}


def python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    return done.stdout.strip()


def test_the_kernel_registry_imports_no_game() -> None:
    out = python("import sys, kingdomino_kit.bots as b, kingdomino_kit.draft, kingdomino_kit.logs\n"
                 "print(sorted(m for m in sys.modules if m.startswith(('kingdomino_kit.game', "
                 "'kingdomino_kit.kingdoms', 'kingdomino_kit.origins'))), list(b.REGISTRY))")
    assert out == "[] []"


@pytest.mark.parametrize("game", EXPECTED)
def test_importing_a_game_registers_its_bots(game: str) -> None:
    package = "game" if game == "kingdomino" else game
    out = python(f"import kingdomino_kit.bots as b, kingdomino_kit.{package}\n"
                 f"print(list(b.REGISTRY), list(b.REGISTRY[{game!r}]))")
    assert out == f"[{game!r}] {EXPECTED[game]}"


@pytest.mark.parametrize("module", ["kingdomino_kit.cli.game", "kingdomino_kit.cli.tournament",
                                    "kingdomino_kit.game.simulate",
                                    "kingdomino_kit.game.tournament",
                                    "kingdomino_kit.widgets.draft", "kingdomino_kit.cli.kingdoms",
                                    "kingdomino_kit.cli.origins"])
def test_every_entry_point_that_names_bots_has_them(module: str) -> None:
    game = {"kingdoms": "kingdoms", "origins": "origins"}.get(module.rsplit(".", 1)[-1],
                                                              "kingdomino")
    out = python(f"import kingdomino_kit.bots as b, {module}\nprint(list(b.REGISTRY[{game!r}]))")
    assert out == str(EXPECTED[game])


def test_the_names_make_their_bots_and_a_name_is_never_taken_twice() -> None:
    for game, names in EXPECTED.items():
        assert list(REGISTRY[game]) == names
        for name in names:
            assert make_bot(name, 1, game=game).name == name
    register_bot("kingdoms", "random", RandomBot)  # the same class again: nothing changes
    with pytest.raises(KingdominoError, match="already"):
        register_bot("kingdoms", "random", kingdomino_kit.kingdoms.bots.GreedyBot)
    with pytest.raises(KingdominoError, match="unknown game 'chess'"):
        make_bot("random", game="chess")
    with pytest.raises(TypeError):
        REGISTRY["kingdoms"]["x"] = RandomBot  # type: ignore[index]
