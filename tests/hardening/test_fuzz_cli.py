"""Fuzzing the command line (``kingdomino_kit.cli.main``, in this process: fast enough for
hundreds of runs) with broken files, broken standard input and wild flag values.

The only outcomes allowed are an answer (exit code 0, or 1 where the contract says so) or one
line on stderr with exit code 2 — never a traceback (an exception out of ``main``), never more
than one line. An answer is checked where it can be: a kingdom scored must score what the
reference scorer says, a log replayed must claim nothing the game does not say of itself.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingdomino_kit.game.log import replay as replay_kingdomino
from tests import reference
from tests.hardening.mutate import claims_nothing_false, mutated_json, mutated_text
from tests.hardening.samples import (
    CASTLE_PUZZLE,
    KINGDOM_TEXTS,
    KINGDOMS_LOG,
    LOG,
    ORIGINS_LOG,
    ORIGINS_PUZZLE,
    PUZZLE,
    TERRITORY,
    answered_or_refused,
    cli,
)

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "40")), deadline=None,
                derandomize=not os.environ.get("FUZZ_RANDOM"),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])


# --------------------------------------------------------------------------------- inputs
@FUZZ
@given(text=st.sampled_from(KINGDOM_TEXTS).flatmap(mutated_text))
def test_score_answers_as_the_reference_or_refuses(text: str, capsys: Any,
                                                   monkeypatch: Any) -> None:
    code, out, err = cli(["score", "--json"], capsys, monkeypatch, text.encode("utf-8"))
    answered_or_refused(code, err)
    want = reference.read_text(text)
    if code == 0:
        assert want is not None and json.loads(out)["score"] == reference.score(want)
    else:
        assert want is None, err


@FUZZ
@given(data=st.binary(max_size=300))
def test_any_bytes_on_stdin_are_refused_or_read(data: bytes, capsys: Any,
                                                monkeypatch: Any) -> None:
    for command in (["score"], ["replay"], ["kingdoms", "score"], ["kingdoms", "replay"],
                    ["origins", "score"], ["origins", "replay"], ["moves", "--domino", "13"]):
        code, _, err = cli(command, capsys, monkeypatch, data)
        answered_or_refused(code, err)


@FUZZ
@given(data=mutated_json(LOG))
def test_replay_answers_only_a_log_that_claims_nothing_false(
        data: Any, capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    path = tmp_path / "log.json"
    path.write_text(json.dumps(data))
    code, out, err = cli(["replay", str(path), "--json"], capsys, monkeypatch)
    answered_or_refused(code, err)
    if code == 0:
        truth = replay_kingdomino(data).log()
        given_ = {k: v for k, v in data.items() if k != "bots"} | {"format": truth["format"]}
        assert claims_nothing_false(given_, truth) is None
        assert json.loads(out)["ok"] is True


@pytest.mark.parametrize(("command", "sample"), [
    (["kingdoms", "replay"], KINGDOMS_LOG), (["origins", "replay"], ORIGINS_LOG),
    (["origins", "score"], TERRITORY), (["puzzle", "check"], PUZZLE),
    (["puzzle", "show"], PUZZLE), (["kingdoms", "solve", "--time-limit", "5"], CASTLE_PUZZLE),
    (["puzzle", "show"], CASTLE_PUZZLE), (["puzzle", "check"], CASTLE_PUZZLE),
    (["puzzle", "show"], ORIGINS_PUZZLE), (["puzzle", "check"], ORIGINS_PUZZLE)])
def test_broken_files_are_answered_or_refused(command: list[str], sample: Any, capsys: Any,
                                              monkeypatch: Any, tmp_path: Path) -> None:
    allowed = (0, 1) if command[:2] == ["puzzle", "check"] else (0,)

    @FUZZ
    @given(mutated_json(sample))
    def check(data: Any) -> None:
        path = tmp_path / "input.json"
        path.write_text(json.dumps(data))
        code, _, err = cli([*command, str(path)], capsys, monkeypatch)
        answered_or_refused(code, err, allowed)

    check()


@FUZZ
@given(text=mutated_text("\n".join(
    (Path(__file__).resolve().parents[2] / "kingdomino_kit/origins/data/origins_sample.csv")
    .read_text().splitlines()[:49])))
def test_a_broken_catalogue_is_refused_or_played(text: str, capsys: Any, monkeypatch: Any,
                                                 tmp_path: Path) -> None:
    path = tmp_path / "catalogue.csv"
    path.write_text(text)
    code, _, err = cli(["origins", "play", "--players", "2", "--seed", "1", "--catalogue",
                        str(path)], capsys, monkeypatch)
    answered_or_refused(code, err)


# --------------------------------------------------------------------------------- flags
NUMBERS = st.sampled_from(["0", "-1", "1", "2", "0.5", "nan", "inf", "-inf", "1e400", "2147483648",
                           "-2147483649", "9" * 5000, "", "x", "1e3", " 3", "1_000"])


@FUZZ
@given(flag=st.sampled_from(["--time-limit", "--workers", "--seed"]), value=NUMBERS,
       command=st.sampled_from([["solve", "--dominoes", "41,36"], ["origins", "solve", "45,46"],
                        ["kingdoms", "solve", str(Path(__file__).resolve().parents[2] /
                                                  "puzzles/kingdoms/"
                                                  "k01-three-castles.json")]]))
def test_solver_flags_are_checked(flag: str, value: str, command: list[str], capsys: Any,
                                  monkeypatch: Any) -> None:
    code, out, err = cli([*command, flag, value, "--json"], capsys, monkeypatch)
    answered_or_refused(code, err)
    if code == 0:  # UNKNOWN: a short time limit ran out (on a loaded machine)
        answer = json.loads(out)
        assert answer["status"] in ("OPTIMAL", "FEASIBLE", "UNKNOWN")
        if answer["status"] == "OPTIMAL":
            assert answer["score"] == answer["bound"]


BOT_NUMBERS = st.sampled_from(["0", "-1", "1", "0.001", "nan", "inf", "-inf", "1e400", "1e3",
                               "2147483648", "-2147483649", "9" * 5000, "", "x", " 3",
                               "1_000_000_000", "0x10", "random", "greedy"])
"""Values of a bot parameter; those accepted keep a game short (one playout, a millisecond)."""


@FUZZ
@given(spec=st.sampled_from(["mc:width=", "mc:playouts=", "mc:seconds=", "greedy:",
                             "mc:policy="]), value=BOT_NUMBERS)
def test_bot_parameters_are_checked(spec: str, value: str, capsys: Any,
                                    monkeypatch: Any) -> None:
    cheap = "" if spec in ("mc:width=", "greedy:") else ":width=1"
    code, out, err = cli(["play", "--players", "2", "--seed", "1", "--bots",
                          f"{spec}{value}{cheap}:playouts=1" if spec != "mc:playouts="
                          else f"{spec}{value}{cheap}", "--json"], capsys, monkeypatch)
    answered_or_refused(code, err)
    if code == 0:
        assert len(json.loads(out)["scores"]) == 2


@FUZZ
@given(flag=st.sampled_from(["--games", "--workers", "--seed", "--players"]), value=NUMBERS)
def test_simulate_flags_are_checked(flag: str, value: str, capsys: Any, monkeypatch: Any,
                                    tmp_path: Path) -> None:
    args = {"--games": "2", "--workers": "1", "--seed": "0", "--players": "2"} | {flag: value}
    if flag == "--games" and value not in ("0", "1", "2", "-1"):
        args["--games"] = value if not value.isdigit() or len(value) > 8 else "2"
    code, _, err = cli(["simulate", *[x for kv in args.items() for x in kv], "--out",
                        str(tmp_path / "rows.csv")], capsys, monkeypatch)
    answered_or_refused(code, err)
