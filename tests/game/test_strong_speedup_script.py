"""The script that measures what the faster engine buys ``strong`` runs, pairs its games and
reports what it says (a tiny run: one pair of games at a small budget)."""

from __future__ import annotations

import json

import pytest

from scripts import measure_strong_speedup


def test_a_tiny_run_reports_both_versions_and_the_paired_gain(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = measure_strong_speedup.main(["--games", "1", "--before", "mce:engine=plain:steps=60",
                                        "--after", "mce:steps=60"])
    line = json.loads(capsys.readouterr().out)
    assert code == 0 and line["games"] == 1
    # the same budget of steps: the plain and fast engines play the same game
    assert line["before score"][0] == line["after score"][0]
    assert line["gain score"][0] == 0
    assert line["before playouts per decision"] == line["after playouts per decision"] > 0
    assert line["after worst decision"] >= line["after seconds per decision"] > 0


def test_a_bad_bot_name_fails_before_any_game() -> None:
    with pytest.raises(Exception, match="unknown bot"):
        measure_strong_speedup.main(["--games", "1", "--before", "clever"])
