"""One recipe seeds a seat's bot in every game (``kingdomino_kit.seeds.seat_seed``), and a log
keeps its meaning: its seed and bots play its game again, by the recipe it records
(``"bot_seeds": 2``) or, for a log written before, by its game's recipe 1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.bots import make_bot
from kingdomino_kit.game import log as kingdomino_log
from kingdomino_kit.game import play as kingdomino_play
from kingdomino_kit.kingdoms import play_game as kingdoms_play
from kingdomino_kit.kingdoms import replay as kingdoms_replay
from kingdomino_kit.logs import log_seat_seed
from kingdomino_kit.origins import gamelog as origins_log
from kingdomino_kit.origins.game import play as origins_play
from kingdomino_kit.seeds import SEAT_SEEDS, seat_seed
from tests.cli.command_line import run_here as run  # the real processes: tests/cli/test_contract.py

OLD_LOGS = Path(__file__).resolve().parent / "logs"  # written by the kit before the one recipe
GAMES = {"kingdomino": [], "kingdoms": ["kingdoms"], "origins": ["origins"]}


def play_again(data: dict[str, Any], game: str) -> Any:
    """The game of a log played again from its seed, bots and recipe; what it logs to compare."""
    names = data.get("bots") or ["random"] * len(data["scores"])
    bots = [make_bot(name, log_seat_seed(data, game, p), game=game)
            for p, name in enumerate(names)]
    if game == "kingdomino":
        options = kingdomino_log.replay(data).options
        return kingdomino_play(bots, options, data["seed"]).log()["rounds"], data["rounds"]
    if game == "origins":
        options = origins_log.replay(data).options
        return origins_play(bots, options, data["seed"]).log()["rounds"], data["rounds"]
    rules = kingdoms_replay(data).rules
    return kingdoms_play(rules, bots, seed=data["seed"]).to_log()["turns"], data["turns"]


def test_an_old_log_plays_again_by_its_games_first_recipe() -> None:
    data = origins_log.loads((OLD_LOGS / "kingdomino-origins-log-1.json").read_text())
    assert "bot_seeds" not in data                      # written with Origins' seed * 10 + seat
    again, logged = play_again(data, "origins")
    assert again == logged
    seated = [make_bot("random", seat_seed(data["seed"], p), game="origins") for p in range(2)]
    options = origins_log.replay(data).options
    assert origins_play(seated, options, data["seed"]).log()["rounds"] != logged  # recipe 2


@pytest.mark.parametrize("game", GAMES)
def test_a_new_log_records_the_recipe_and_plays_again(game: str, tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    out = run(*GAMES[game], "play", "--players", "2", "--bots", "greedy,random", "--seed", "11",
              "--log", log)
    assert out.returncode == 0, out.stderr
    data = json.loads(log.read_text())
    assert data["bots"] == ["greedy", "random"] and data["bot_seeds"] == SEAT_SEEDS
    again, logged = play_again(data, game)
    assert again == logged
    assert run(*GAMES[game], "replay", log).returncode == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_log_with_an_unknown_recipe_is_refused(game: str, tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    assert run(*GAMES[game], "play", "--players", "2", "--seed", "3", "--log", log
               ).returncode == 0
    data = json.loads(log.read_text()) | {"bot_seeds": 7}
    log.write_text(json.dumps(data))
    out = run(*GAMES[game], "replay", log)
    assert out.returncode == 2 and "bot_seeds" in out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
