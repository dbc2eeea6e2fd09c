"""Every flag of every subcommand given odd values: the command answers (exit code 0) or says
one line (exit code 2), never a traceback or another exit code.

The subcommands and their flags are read from the parser itself, so a new flag is fuzzed from
the day it is added. Each command runs from a small valid base (a quick game, a two-domino
solve, the sample files); each flag gets three odd values drawn by a seeded generator from
:data:`ODD` (the same every run), through ``kingdomino_kit.cli.main`` in this process.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import pytest

from kingdomino_kit.cli import COMMANDS, build_parser
from tests.hardening.samples import CASTLE_FILE, LOG, PUZZLE_FILE, ROOT, cli

ODD = ["", "nan", "-1", "0", "1e400", "abc", "9" * 30, "3.5", "inf", "-0", "1,1", " 2 ",
       "٣", "true", "[]", "{}", "0x10", "-9" * 10]
"""Values that parse as nothing, as too much, as the wrong type, or as something else."""

VALUES_PER_FLAG = 3


def _commands() -> list[tuple[list[str], list[tuple[str, bool]]]]:
    """Each leaf command (its words) and its arguments taking a value: (flag or positional's
    name, whether it is a positional)."""
    found = []

    def walk(parser: argparse.ArgumentParser, words: list[str]) -> None:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if subs:
            for name, sub in subs[0].choices.items():
                walk(sub, [*words, name])
            return
        flags = [(a.option_strings[-1] if a.option_strings else a.dest, not a.option_strings)
                 for a in parser._actions
                 if not isinstance(a, argparse._HelpAction) and a.nargs != 0]
        found.append((words, flags))

    for command in COMMANDS:
        top = build_parser(command)
        sub = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
        walk(sub.choices[command], [command])
    return found


BASES: dict[str, tuple[list[str], list[str]]] = {
    "score": (["{kingdom}"], []),
    "moves": (["{kingdom}"], ["--domino", "3"]),
    "play": ([], ["--players", "2", "--seed", "1"]),
    "replay": (["{log}"], []),
    "simulate": ([], ["--games", "2", "--players", "2"]),
    "tournament": ([], ["--games", "2", "--players", "2", "--bots", "random"]),
    "coach": (["{log}"], ["--playouts", "1", "--no-solve"]),
    "endgame": (["{log}"], ["--time-limit", "5"]),
    "solve": ([], ["--dominoes", "1,2", "--time-limit", "5"]),
    "solve-batch": ([], ["--random", "1", "--count", "2", "--out", "b.csv"]),
    "puzzle list": ([], []),
    "puzzle show": ([str(PUZZLE_FILE)], []),
    "puzzle solve": ([str(PUZZLE_FILE)], ["--time-limit", "5"]),
    "puzzle check": ([str(PUZZLE_FILE)], ["--answer", "{kingdom}"]),
    "puzzle new": ([], ["--kind", "next-placement", "--level", "1", "--seed", "1"]),
    "puzzle daily": ([], ["--date", "2026-12-03"]),
    "kingdoms score": (["{board}"], []),
    "kingdoms play": ([], ["--players", "2", "--seed", "1"]),
    "kingdoms replay": (["{log}"], []),
    "kingdoms solve": ([str(CASTLE_FILE)], ["--time-limit", "5"]),
    "origins score": (["{kingdom}"], []),
    "origins play": ([], ["--players", "2", "--seed", "1"]),
    "origins replay": (["{log}"], []),
    "origins solve": (["1,2"], ["--time-limit", "5"]),
    "notebooks": ([], ["--student", "student", "--solutions", "teacher", "--only",
                       "00_start_here"]),
    "state": (["{log}"], ["--turn", "1", "--json"]),
    "league": (["greedy", "random"], ["--games", "1", "--out", "league"]),
}
"""A quick valid run of each command: its positionals and its options (``{log}``,
``{kingdom}`` and ``{board}``: files written for the test)."""


NOT_HERE = {
    "app": "serves a page until it is stopped: fuzzed below with the server replaced",
    "grade": "runs each submission in a notebook kernel: fuzzed below with the kernel replaced",
    "lite": "builds a whole site (downloads, a JupyterLite build): tests/lite/test_lite_cli.py",
}
"""Commands whose runs are too long for this loop (fuzzed by the tests that follow it, with
what would start a server or a kernel replaced by a recorder)."""


def _cases() -> list[tuple[list[str], str, bool, str]]:
    cases = []
    for words, flags in _commands():
        if " ".join(words) in NOT_HERE:
            continue
        for flag, positional in flags:
            rng = random.Random(f"{' '.join(words)} {flag}")
            for value in rng.sample(ODD, VALUES_PER_FLAG):
                if flag == "--dask" and not value.strip():
                    continue  # an empty address starts a real cluster: not an odd value
                cases.append((words, flag, positional, value))
    return cases


CASES = _cases()


def test_every_subcommand_has_a_base_run() -> None:
    assert {" ".join(words) for words, _ in _commands()} == set(BASES) | set(NOT_HERE)


@pytest.mark.parametrize(("words", "flag", "positional", "value"), CASES,
                         ids=[f"{' '.join(w)} {f}={v!r}" for w, f, _, v in CASES])
def test_an_odd_value_of_any_flag_is_answered_or_refused_in_one_line(
        words: list[str], flag: str, positional: bool, value: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    files = {"log": tmp_path / "log.json", "kingdom": tmp_path / "k.txt",
             "board": tmp_path / "board.txt"}
    files["log"].write_text(json.dumps(LOG))
    files["kingdom"].write_text("C W1 W\n")
    files["board"].write_text(". . . . . . / " * 5)
    positionals, options = ([a.format(**files) for a in part]
                            for part in BASES[" ".join(words)])
    args = [value, *options] if positional else [*positionals, *options, flag, value]
    code, _, err = cli([*words, *args], capsys, monkeypatch)
    allowed = (0, 1, 2) if words[0] == "puzzle" else (0, 2)  # 1: a puzzle answer not optimal
    assert code in allowed, (code, err[-300:])
    assert "Traceback" not in err
    if code == 2:
        assert len(err.splitlines()) == 1, err[-300:]


# ------------------------------------------------------------------------------ app, grade
SUBMISSION = ROOT / "notebooks" / "00_start_here.ipynb"
APP_BASE = ["app", "--port", "0"]  # the port is replaced by a free one in each run
GRADE_BASE = ["grade", "{submission}", "--out", "g.csv", "--timeout", "5"]


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What would start a server or a kernel, replaced by a recorder of its calls."""
    import kingdomino_kit.cli.app as app
    import kingdomino_kit.cli.grade as grade

    calls: list[str] = []
    monkeypatch.setattr(app, "serve", lambda *a, **k: calls.append("server"))
    monkeypatch.setattr(grade, "grade_submission",
                        lambda *a, **k: calls.append("kernel") or [])
    return calls


def _base(words: list[str], tmp_path: Path) -> list[str]:
    if words == ["app"]:
        return ["app", "--port", str(_free_port()), "--folder", str(tmp_path / "class")]
    return [a.format(submission=SUBMISSION) for a in GRADE_BASE]


SERVER_CASES = [(words, flag, positional, value) for words, flags in _commands()
                if " ".join(words) in NOT_HERE for flag, positional in flags
                for value in random.Random(f"{words} {flag}").sample(ODD, 6)]


@pytest.mark.parametrize(("words", "flag", "positional", "value"), SERVER_CASES,
                         ids=[f"{' '.join(w)} {f}={v!r}" for w, f, _, v in SERVER_CASES])
def test_an_odd_flag_of_app_or_grade_is_refused_before_anything_starts(
        words: list[str], flag: str, positional: bool, value: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        started: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    base = _base(words, tmp_path)
    args = ([base[0], value, *base[2:]] if positional else [*base, flag, value])
    if flag == "--class":
        args = [*base, "--class", "--students", value]
    code, _, err = cli(args, capsys, monkeypatch)
    assert code in (0, 2), (code, err[-300:])
    assert "Traceback" not in err
    if code == 2:
        assert len(err.splitlines()) == 1, err[-300:]
        assert not started, f"{started} started before the refusal"


def test_the_bases_of_app_and_grade_start_their_work(tmp_path: Path, started: list[str],
                                                      capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The odd values are refused by the flag, not by a broken base."""
    monkeypatch.chdir(tmp_path)
    for words in (["app"], ["grade"]):
        code, _, err = cli(_base(words, tmp_path), capsys, monkeypatch)
        assert code == 0, err
    assert started == ["server", "kernel"]


def _folder_file(tmp_path: Path) -> str:
    (tmp_path / "a-file").write_text("x")
    return str(tmp_path / "a-file")


MUST_REFUSE: list[tuple[str, list[str]]] = [
    ("a port of 0", ["app", "--port", "0"]), ("a port of -1", ["app", "--port", "-1"]),
    ("a port of 65536", ["app", "--port", "65536"]), ("a port NaN", ["app", "--port", "nan"]),
    ("a host that is no address", ["app", "--port", "{port}", "--host", "999.1.1.1"]),
    ("a host with a space", ["app", "--port", "{port}", "--host", "a b"]),
    ("an empty host", ["app", "--port", "{port}", "--host", " "]),
    ("a host of another machine", ["app", "--port", "{port}", "--host", "192.0.2.1"]),
    ("a port in use", ["app", "--port", "{busy}"]),
    ("0 students", ["app", "--port", "{port}", "--class", "--students", "0"]),
    ("-1 students", ["app", "--port", "{port}", "--class", "--students", "-1"]),
    ("a million students", ["app", "--port", "{port}", "--class", "--students", "1000000"]),
    ("NaN students", ["app", "--port", "{port}", "--class", "--students", "nan"]),
    ("a class folder that is a file",
     ["app", "--port", "{port}", "--class", "--folder", "{file}/class"]),
    ("a missing submission", ["grade", "{tmp}/nobody.ipynb"]),
    ("a folder as a submission", ["grade", "{tmp}"]),
    ("a text file as a submission", ["grade", "{file}"]),
    ("a timeout of 0", ["grade", "{submission}", "--timeout", "0"]),
    ("a timeout of -1", ["grade", "{submission}", "--timeout", "-1"]),
    ("a timeout NaN", ["grade", "{submission}", "--timeout", "nan"]),
    ("a timeout of infinity", ["grade", "{submission}", "--timeout", "inf"]),
    ("a timeout of a year", ["grade", "{submission}", "--timeout", "31536000"]),
    ("an out of another kind", ["grade", "{submission}", "--out", "{tmp}/g.xlsx"]),
    ("an out in no folder", ["grade", "{submission}", "--out", "{tmp}/no/g.csv"]),
    ("an out that is a folder", ["grade", "{submission}", "--out", "{tmp}"]),
    ("feedback onto a file", ["grade", "{submission}", "--feedback", "{file}"]),
    ("feedback under a file", ["grade", "{submission}", "--feedback", "{file}/pages"]),
]
"""What ``app`` and ``grade`` must refuse in one line before any server or kernel starts."""


@pytest.mark.parametrize(("case", "args"), MUST_REFUSE, ids=[c for c, _ in MUST_REFUSE])
def test_a_bad_flag_of_app_or_grade_is_refused_before_anything_starts(
        case: str, args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, started: list[str]) -> None:
    import socket

    monkeypatch.chdir(tmp_path)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        values = {"port": _free_port(), "busy": busy.getsockname()[1],
                  "file": _folder_file(tmp_path), "tmp": tmp_path, "submission": SUBMISSION}
        code, _, err = cli([a.format(**values) for a in args], capsys, monkeypatch)
    assert code == 2, (case, code, err[-300:])
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert not started, f"{started} started before the refusal"


@pytest.mark.parametrize("args", [["app", "--port", "65536"],
                                  ["app", "--host", "999.1.1.1", "--port", "{port}"],
                                  ["grade", "{submission}", "--timeout", "nan"],
                                  ["grade", "{submission}", "--feedback", "{file}"]],
                         ids=" ".join)
def test_a_refused_app_or_grade_exits_at_once_leaving_no_process(args: list[str],
                                                                tmp_path: Path) -> None:
    import subprocess
    import sys
    import time

    from tests.hardening.test_processes import alive, descendants

    values = {"port": _free_port(), "file": _folder_file(tmp_path), "submission": SUBMISSION}
    began = time.monotonic()
    child = subprocess.Popen([sys.executable, "-m", "kingdomino_kit",
                              *(a.format(**values) for a in args)], cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
    seen: set[int] = set()
    while child.poll() is None and time.monotonic() - began < 60:
        seen |= descendants(child.pid)
        time.sleep(0.05)
    _, err = child.communicate(timeout=10)
    assert child.returncode == 2, err[-300:]
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert not seen and not alive(seen), f"started {seen}"
