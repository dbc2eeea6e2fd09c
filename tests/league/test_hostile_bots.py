"""Hostile bot files cost only themselves: their decisions forfeited and logged, out after three
strikes, the other bot unharmed, the table written, every log replaying, no process left."""

from __future__ import annotations

import csv
import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.game import GameOptions
from kingdomino_kit.game.log import replay
from kingdomino_kit.league.league import run_league
from kingdomino_kit.league.process import Limits
from tests.league import hostile

LIMITS = Limits(time_per_move=0.3, startup_seconds=15, memory_mb=512)


def _league(bots: list[Any], out: Path, games: int = 1, **kwargs: Any) -> Any:
    return run_league([str(b) for b in bots], games, GameOptions(players=2), out=out, seed=3,
                      limits=LIMITS, **kwargs)


def _check_common(result: Any, out: Path, hostile_bot: Path) -> list[dict[str, Any]]:
    """The other bot lost nothing, the files are written, the logs replay, nothing is left;
    returns the hostile bot's events."""
    name = hostile_bot.stem if hostile_bot.suffix == ".py" else hostile_bot.name
    for row in result.rows:
        if row["bot"] == "random":
            assert (row["strikes"], row["forfeits"], row["out"]) == (0, 0, 0), row
    table = list(csv.DictReader((out / "table.csv").open()))
    assert sorted(t["bot"] for t in table) == sorted(["random", name])
    logs = sorted((out / "logs").glob("game-*.json"))
    assert len(logs) == result.games
    for log in logs:
        game = replay(json.loads(log.read_text()))
        assert game.is_over
    assert hostile.left_running(hostile_bot.stem) == []
    return [e for e in result.events() if e["bot"] == name]


@pytest.mark.parametrize("behaviour", sorted(hostile.BEHAVIOURS))
def test_a_hostile_program_costs_only_itself(behaviour: str, tmp_path: Path) -> None:
    bot = hostile.program(tmp_path / "bots", behaviour)
    result = _league(["random", bot], tmp_path / "out")
    events = _check_common(result, tmp_path / "out", bot)
    kinds = {e["kind"] for e in events}
    expected = {"sleeps": {"timeout", "out"}, "prints_megabytes": {"garbage", "out"},
                "old_protocol": {"protocol", "out"}, "forks": set()}[behaviour]
    assert kinds == expected, events
    if behaviour == "forks":  # it forked, then played every decision itself
        assert all(r["forfeits"] == 0 for r in result.rows)


def test_a_program_that_exits_at_once_is_out_of_each_game(tmp_path: Path) -> None:
    bot = hostile.exits_at_once(tmp_path / "bots")
    result = _league(["random", bot], tmp_path / "out", games=2)
    events = _check_common(result, tmp_path / "out", bot)
    assert [e["kind"] for e in events] == ["crash", "out"] * 2, events
    mine = [r for r in result.rows if r["bot"] == bot.name]
    assert all(r["out"] == 1 and r["decisions"] == 0 and r["forfeits"] > 0 for r in mine)


def test_a_python_bot_allocating_without_end_meets_its_ceiling(tmp_path: Path) -> None:
    bot = hostile.allocates(tmp_path / "bots")
    result = _league(["random", bot], tmp_path / "out")
    events = _check_common(result, tmp_path / "out", bot)
    assert {e["kind"] for e in events} <= {"error", "crash", "timeout", "out"}
    assert any("MemoryError" in e["detail"] or e["kind"] == "crash" for e in events), events
    assert all(r["out"] == 1 for r in result.rows if r["bot"] == bot.stem)


def test_a_bot_neither_reads_another_bots_file_nor_writes_outside_its_folder(
        tmp_path: Path) -> None:
    secret = hostile.write_bot(tmp_path / "bots", "secret", (
        "TOKEN = 'the-secret-of-another-bot'\n"
        "def choose(observation, actions):\n"
        "    return actions[0]\n"), False)
    out = tmp_path / "out"
    targets = [tmp_path / "escaped.txt", out / "escaped.txt", secret.parent / "escaped.txt",
               Path(hostile.__file__).parent / "escaped.txt"]
    spy = hostile.program_with(tmp_path / "bots", "spy", "\n".join([
        "    found = []",
        # its path, its neighbours, and the test's folder below (not all of /tmp: on a
        # machine with a full /tmp, reading it all would spend the bot's time per move)
        f"    for path in [{str(secret)!r}] + glob.glob('../*/*')"
        f" + glob.glob({str(tmp_path)!r} + '/*/*/*'):",
        "        try:",
        "            if 'the-secret-' + 'of-another-bot' in open(path).read():",
        "                found.append(path)",
        "        except OSError:",
        "            pass",
        f"    for target in {[str(t) for t in targets]!r}:",
        "        try:",
        "            open(target, 'w').write('escaped')",
        "        except OSError:",
        "            pass",
        "    open('mine.txt', 'w').write('in my own folder')",
        "    if found:",
        "        send('LEAK ' + ' '.join(found))",
        "        continue"]))
    result = run_league([str(secret), str(spy)], 1, GameOptions(players=2), out=out, seed=1,
                        limits=LIMITS)
    assert result.events() == []
    assert [t for t in targets if t.exists()] == []
    assert hostile.left_running(spy.name) == []


def test_not_confined_a_forking_bot_still_leaves_no_process(tmp_path: Path) -> None:
    bot = hostile.program(tmp_path / "bots", "forks")
    result = _league(["random", bot], tmp_path / "out", confined=False)
    _check_common(result, tmp_path / "out", bot)


@pytest.mark.slow
def test_a_league_stopped_by_sigterm_leaves_no_bot_running_and_resumes(tmp_path: Path) -> None:
    bot = hostile.program(tmp_path / "bots", "sleeps")
    out = tmp_path / "out"
    command = [sys.executable, "-m", "kingdomino_kit", "league", "random", str(bot),
               "--games", "2", "--workers", "2", "--time-per-move", "0.3", "--out", str(out)]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (out / ".running-bots").exists():
        time.sleep(0.05)  # a bot program started
    time.sleep(0.5)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err
    assert hostile.left_running(bot.stem) == []
    done = subprocess.run(command + ["--resume"], capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert len(list(csv.DictReader((out / "games.csv").open()))) == 4
    assert hostile.left_running(bot.stem) == [] and not (out / ".running-bots").exists()


def test_a_late_answer_is_dropped_and_the_answer_awaited_still_counts(tmp_path: Path) -> None:
    bot = hostile.program_with(tmp_path / "bots", "late", "\n".join([
        "    if m['decision'] >= 1:",  # an earlier decision's answer first: dropped
        "        send({'decision': m['decision'] - 1, 'action': 10 ** 6})"]))
    result = _league(["random", bot], tmp_path / "out")
    _check_common(result, tmp_path / "out", bot)
    assert result.events() == []
    assert all(r["forfeits"] == 0 and r["decisions"] > 5 for r in result.rows)


@pytest.mark.slow
def test_the_bots_of_a_league_killed_outright_are_ended_by_the_next_run(tmp_path: Path) -> None:
    forks, _ = hostile.BEHAVIOURS["forks"]  # children that outlive a dead league
    bot = hostile.write_bot(tmp_path / "bots", "forks_then_thinks", hostile.PROGRAM.format(
        python=sys.executable, hello=forks, protocol=hostile.PROTOCOL,
        decide="    if m['decision'] == 0:\n        time.sleep(2)"), True)
    out = tmp_path / "out"
    command = [sys.executable, "-m", "kingdomino_kit", "league", "random", str(bot),
               "--games", "1", "--time-per-move", "4", "--out", str(out)]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (out / ".running-bots").exists():
        time.sleep(0.05)
    time.sleep(1.0)  # the hello answered: its children are forked
    proc.kill()
    proc.wait()
    survivors = [p for p in hostile.left_running(bot.stem) if p != proc.pid]
    assert survivors, "the test needs bot processes that outlive the league"
    done = subprocess.run(command + ["--resume"], capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert hostile.left_running(bot.stem) == []
