"""The variant -> size rule has one home (``rules.VARIANT_SIZES``): the game's options, the
command line and the learning environments agree with it, and an unknown variant is refused
in the error family."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kingdomino_kit.cli import main
from kingdomino_kit.env.aec import game_options
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.options import VARIANTS, GameOptions
from kingdomino_kit.rules import VARIANT_SIZES, variant_size

DOCUMENTED = {"standard": 5, "mighty-duel": 7}   # docs/rules: Mighty Duel plays on 7×7


def test_every_door_gives_each_variant_its_documented_size(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert dict(VARIANT_SIZES) == DOCUMENTED and set(VARIANTS) == set(DOCUMENTED)
    for variant, size in DOCUMENTED.items():
        assert variant_size(variant) == size
        assert GameOptions(players=2, variant=variant).size == size
        assert game_options(2, variant).size == size


def test_an_unknown_variant_is_refused_in_the_family() -> None:
    for bad in ("giant", None, 7):
        with pytest.raises(KingdominoError, match="variant"):
            variant_size(bad)  # type: ignore[arg-type]
    with pytest.raises(KingdominoError, match="variant"):
        game_options(2, "giant")


def test_the_command_line_plays_mighty_duel_on_seven_by_seven(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "duel.json"
    assert main(["play", "--players", "2", "--variant", "mighty-duel", "--bots", "random",
                 "--seed", "1", "--log", str(log)]) == 0
    assert json.loads(log.read_text(encoding="utf-8"))["size"] == 7
