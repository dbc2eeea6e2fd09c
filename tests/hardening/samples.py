"""Valid inputs of every kind the kit reads, made by the kit itself (seeded): kingdoms in text,
a territory, game logs of the three games, a puzzle of each kind; and the command-line runner
the hardening tests share (``kingdomino_kit.cli.main`` in this process, standard input given as
bytes, an exception out of ``main`` left to fail the test: it would be a traceback)."""

from __future__ import annotations

import copy
import io
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.bots import RandomBot
from kingdomino_kit.cli import main
from kingdomino_kit.game import GameOptions, play
from kingdomino_kit.kingdoms import KingdomsRules, play_game
from kingdomino_kit.kingdoms.puzzles import castle_collection
from kingdomino_kit.origins import OriginsKingdom
from kingdomino_kit.origins.game import OriginsOptions
from kingdomino_kit.origins.game import play as play_origins
from kingdomino_kit.puzzles.collection import default_collection
from tests import reference

ROOT = Path(__file__).resolve().parents[2]


def _kingdom_texts() -> list[str]:
    rng = random.Random(5)
    texts = []
    for size in (5, 7):
        for _ in range(4):
            numbers = rng.sample(range(1, 49), 6 if size == 5 else 12)
            grid, _ = reference.grow(size, numbers, lambda n: rng.randrange(n))
            texts.append(reference.text_of(grid))
    return texts


KINGDOM_TEXTS = _kingdom_texts()
LOG = play([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=3).log()
KINGDOMS_LOG = play_game(KingdomsRules(players=2), [RandomBot(1), RandomBot(2)], seed=7).to_log()
ORIGINS_LOG = play_origins([RandomBot(1), RandomBot(2), RandomBot(3)],
                           OriginsOptions(3, "tribe"), seed=2).log()
TERRITORY = OriginsKingdom.from_text("G$ G*2 V2 / H F@g Q1 / L L$ .").to_json()
PUZZLE_FILE = default_collection() / "11-complete.json"
PUZZLE = json.loads(PUZZLE_FILE.read_text())
CASTLE_FILE = castle_collection() / "k01-three-castles.json"
CASTLE_PUZZLE = json.loads(CASTLE_FILE.read_text())
ORIGINS_PUZZLE = json.loads((ROOT / "puzzles/origins/o01-fire.json").read_text())
ORIGINS_CATALOGUE = ROOT / "kingdomino_kit/origins/data/origins_sample.csv"


def changed(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A deep copy of ``data`` with the node at ``path`` set to ``value``."""
    out = copy.deepcopy(data)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


class Stdin(io.TextIOWrapper):
    """Standard input holding ``data`` (bytes, read as the CLI reads them: from ``buffer``)."""

    def __init__(self, data: bytes) -> None:
        super().__init__(io.BytesIO(data), encoding="utf-8", errors="strict")


def cli(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        stdin: bytes = b"") -> tuple[int, str, str]:
    """Run ``kingdomino-kit ARGS``: the exit code, stdout and stderr."""
    monkeypatch.setattr(sys, "stdin", Stdin(stdin))
    capsys.readouterr()
    try:
        code = main(args)
    except SystemExit as done:  # argparse: --help or a usage error
        code = done.code if isinstance(done.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


def answered_or_refused(code: int, err: str, allowed: tuple[int, ...] = (0,)) -> None:
    """Exit code 2 with one line on stderr (no traceback), or an allowed exit code."""
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("kingdomino-kit"), err
        assert "Traceback" not in err
    else:
        assert code in allowed, (code, err)


def refused(code: int, err: str, *needles: str) -> None:
    """Exit code 2, one line on stderr naming every one of ``needles``."""
    assert code == 2, (code, err)
    answered_or_refused(code, err)
    for needle in needles:
        assert needle in err, err
