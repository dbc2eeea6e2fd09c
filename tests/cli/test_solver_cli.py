"""The ``solve`` command's contract: the cases through ``main(argv)`` in this process, the
command also in a real process where it answers, refuses and is interrupted
(``tests/cli/command_line.py``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kingdomino_kit import Kingdom, Placement, domino, parse_text
from tests.cli.command_line import run_here, run_process
from tests.hardening.test_processes import wait_for_cpu


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_here("solve", *args)


def test_json_contract_and_order_in_the_grid_frame() -> None:
    out = run_process("solve", "--dominoes", "41,36,48", "--middle-kingdom", "--json",
                      "--workers", "2")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"status", "score", "bound", "grid", "order", "seconds", "discarded"}
    assert data["discarded"] == []
    assert data["status"] == "OPTIMAL" and data["score"] == data["bound"]
    assert isinstance(data["seconds"], float)
    # replay the order in the text frame of the grid: cells minus the castle's text position
    kingdom, (cr, cc) = parse_text(data["grid"])
    k = Kingdom()
    for item in data["order"]:
        (r1, c1), (r2, c2) = item["cells"]
        k.place(Placement(domino(item["domino"]), (r1 - cr, c1 - cc), (r2 - cr, c2 - cc)))
    assert k == kingdom
    assert k.total(middle_kingdom=True) == data["score"]
    assert sorted(item["domino"] for item in data["order"]) == [36, 41, 48]


def test_start_file_and_harmony(tmp_path: Path) -> None:
    start = tmp_path / "start.txt"
    start.write_text("W W W . .\nW F F F W\nG G C L W\nS S L1 L W\n. . F F1 W\n")
    out = run("--dominoes", "13,16", "--start", str(start), "--harmony", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    kingdom, _ = parse_text(data["grid"])
    assert kingdom.is_harmony()
    assert data["score"] == kingdom.total(harmony=True) == data["bound"]
    # L|L and G|G fit none of the gaps: both left out, Harmony out of reach is only no bonus
    out = run("--dominoes", "7,10", "--start", str(start), "--harmony", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["status"], data["order"], data["discarded"]) == ("OPTIMAL", [], [7, 10])
    assert data["score"] == data["bound"] == Kingdom.from_text(start.read_text()).score()
    text = run("--dominoes", "7,10", "--start", str(start), "--harmony").stdout
    assert "left out: 7, 10" in text


def test_harmony_with_eleven_dominoes_answers_the_best_kingdom() -> None:
    out = run("--dominoes", "1,2,3,4,5,6,7,8,9,10,11", "--harmony", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["status"] == "OPTIMAL" and data["grid"]
    kingdom, _ = parse_text(data["grid"])
    placed = sorted(item["domino"] for item in data["order"])
    assert sorted(placed + data["discarded"]) == list(range(1, 12))
    assert not [n for n in data["discarded"] if kingdom.legal_placements(domino(n))]


def test_every_domino_that_fits_is_placed_unless_free_discard() -> None:
    out = run("--dominoes", "3,17,22,41,48", "--json", "--workers", "1")
    data = json.loads(out.stdout)
    kingdom, _ = parse_text(data["grid"])
    assert data["status"] == "OPTIMAL"
    assert not [n for n in data["discarded"] if kingdom.legal_placements(domino(n))]
    loose = json.loads(run("--dominoes", "3,17,22,41,48", "--json", "--workers", "1",
                           "--free-discard").stdout)
    assert loose["status"] == "OPTIMAL" and loose["score"] == data["score"]


@pytest.mark.parametrize("args,message", [
    (["--dominoes", "3,3"], "more than once"),
    (["--dominoes", "3,60"], "domino 60"),
    (["--dominoes", ",".join(str(n) for n in range(1, 14))], "cannot fit"),
    (["--dominoes", "1", "--start", "/nonexistent/start.txt"], "cannot read"),
    (["--dominoes", "1", "--size", "6"], "invalid choice"),
])
def test_bad_input_is_one_line_exit_2(args: list[str], message: str) -> None:
    out = run_process("solve", *args) if message == "cannot fit" else run(*args)
    assert out.returncode == 2
    assert message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("text,message", [("C W W W W W W", "spans 7 columns"),
                                          ("C X", "unknown terrain")])
def test_bad_start_kingdom(tmp_path: Path, text: str, message: str) -> None:
    start = tmp_path / "start.txt"
    start.write_text(text)
    out = run("--dominoes", "1", "--start", str(start))
    assert out.returncode == 2 and message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_text_output_names_status_and_order() -> None:
    out = run("--dominoes", "41,36", "--choose", "1")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("status OPTIMAL  score 2  bound 2")
    assert "1. domino 41" in out.stdout


SEARCHING_CPU_S = 9.0
"""CPU seconds of the solving process (its walks' processes with it) after which its search
has found layouts: the start and the model of ``--choose 24`` on 7×7 take about 5.5, then two
walks in processes of their own find layouts within a second or two each."""


@pytest.mark.slow
@pytest.mark.sweep  # make test: Ctrl-C to a solve of given dominoes (tests/hardening)
def test_interrupt_returns_the_best_so_far() -> None:
    import signal

    proc = subprocess.Popen([sys.executable, "-m", "kingdomino_kit", "solve", "--dominoes", "all",
                             "--size", "7", "--choose", "24", "--time-limit", "600", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_for_cpu(proc, SEARCHING_CPU_S)  # its CPU time, not the clock: the same when busy
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    data = json.loads(out)
    # the best so far; OPTIMAL when the layout found by then already reaches the exact bound
    # of the choice (272: the search may find it within seconds)
    assert data["status"] in ("FEASIBLE", "UNKNOWN", "OPTIMAL")
    if data["status"] == "OPTIMAL":
        assert data["score"] == data["bound"]
    if data["status"] in ("FEASIBLE", "OPTIMAL"):
        kingdom, _ = parse_text(data["grid"], size=7)
        assert kingdom.score() == data["score"] <= data["bound"]


MAXIMA = Path(__file__).resolve().parents[2] / "kingdomino_kit" / "solver" / "maxima"


@pytest.mark.slow
@pytest.mark.parametrize("bonus", [pytest.param("none", marks=pytest.mark.sweep), "both"])
def test_free_choice_from_the_whole_box_reaches_the_recorded_maximum(bonus: str) -> None:
    record = json.loads((MAXIMA / f"5x5-{bonus}.json").read_text(encoding="utf-8"))
    args = record["command"].split()[2:]  # the record's own command, less "kingdomino-kit solve"
    out = run(*args, "--time-limit", "600", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["status"], data["score"], data["bound"]) == ("OPTIMAL", record["score"],
                                                             record["score"])
