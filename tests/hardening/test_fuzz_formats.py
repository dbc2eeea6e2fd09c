"""Every JSON document the kit reads, broken field by field (``tests/hardening/cases.py``): the
game logs of the three games, both kinds of puzzle, Origins territories and Kingdomino kingdoms.

Each case goes through the library entry in this process and must give a ``KingdominoError``
whose message is one short line, or an object that claims nothing false (a log: every field it
gives is what the replayed game says of itself; a puzzle or a territory: it reads back from
what it writes, and a stored solution replays). A sample of the cases goes through the command
line (``kingdomino_kit.cli.main`` in this process): exit code 2 with one line naming the file,
or an answer; a few through a real subprocess (no traceback, whatever the interpreter does).
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit import Kingdom, KingdominoError
from kingdomino_kit.game.log import replay as replay_kingdomino
from kingdomino_kit.kingdoms.game import replay as replay_kingdoms
from kingdomino_kit.kingdoms.puzzles import load_castle_puzzle
from kingdomino_kit.logs import LOG_FORMATS
from kingdomino_kit.origins import OriginsKingdom
from kingdomino_kit.origins.gamelog import replay as replay_origins
from kingdomino_kit.puzzles import Puzzle
from kingdomino_kit.puzzles.grading import replay as replay_puzzle
from tests.hardening.cases import broken, broken_lazily, numbers_in_text
from tests.hardening.mutate import claims_nothing_false as strictly_nothing_false
from tests.hardening.samples import (
    CASTLE_PUZZLE,
    KINGDOM_TEXTS,
    KINGDOMS_LOG,
    LOG,
    ORIGINS_LOG,
    PUZZLE,
    TERRITORY,
    cli,
)

ROOT = Path(__file__).resolve().parents[2]
MESSAGE_LIMIT = 300
KINGDOM = Kingdom.from_text(KINGDOM_TEXTS[0]).to_json()


def _loose(data: Any) -> Any:
    """``data`` with every string in lower case and its spaces collapsed: a reader may take
    ``"LAKE"`` or ``"lake\\n"`` for ``"lake"``, that claims nothing false."""
    if isinstance(data, dict):
        return {k: _loose(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_loose(v) for v in data]
    return " ".join(data.split()).lower() if isinstance(data, str) else data


def claims_nothing_false(given: Any, truth: Any) -> str | None:
    return strictly_nothing_false(_loose(given), _loose(truth))


def _without_nulls(data: Any) -> Any:
    """``data`` without the fields given as null or as no hints (they say nothing: the
    default)."""
    if isinstance(data, dict):
        return {k: _without_nulls(v) for k, v in data.items()
                if v is not None and not (k == "hints" and v == [])}
    if isinstance(data, list):
        return [_without_nulls(v) for v in data]
    return data


def _log_check(game: str, truth_of: Callable[[Any], dict[str, Any]]
               ) -> Callable[[Any, Any], str | None]:
    def check(given: Any, loaded: Any) -> str | None:
        truth = truth_of(loaded)
        out = {k: v for k, v in given.items() if k not in ("bots", "bot_seeds", "catalogue")}
        if out.get("format") in LOG_FORMATS[game]:
            out["format"] = truth["format"]
        if out.get("catalogue_hash", "") is None:
            del out["catalogue_hash"]  # a log written before catalogues had a hash
        return claims_nothing_false(out, truth)
    return check


def _puzzle_check(given: Any, puzzle: Puzzle) -> str | None:
    if Puzzle.from_json(json.loads(json.dumps(puzzle.to_json()))) != puzzle:
        return "does not read back from what it writes"
    if puzzle.solution is not None:
        with contextlib.suppress(KingdominoError):
            replay_puzzle(puzzle)  # a wrong stored solution is found by `puzzle check`
    return claims_nothing_false(_without_nulls(given), puzzle.to_json())


def _castle_check(given: Any, puzzle: Any) -> str | None:
    written = json.loads(json.dumps(puzzle.to_json()))
    if load_castle_puzzle(written).problem != puzzle.problem:
        return "does not read back from what it writes"
    given = _without_nulls({k: v for k, v in given.items() if k not in ("source", "measures")})
    written = {k: v for k, v in written.items() if k not in ("source", "measures")}  # kept as is
    if isinstance(given.get("rules"), dict) and given["rules"].get("wizard") is True:
        # the wizard rule on a puzzle whose board has no wizard: the same problem either way
        given["rules"] = {**given["rules"], "wizard": written["rules"]["wizard"]}
    return claims_nothing_false(given, written)


def _by_cell(data: Any) -> Any:
    squares = data.get("squares") if isinstance(data, dict) else None
    if isinstance(squares, list) and all(isinstance(q, dict) for q in squares):
        return data | {"squares": sorted(squares, key=lambda q: (q.get("row"), q.get("col")))}
    return data


def _territory_check(given: Any, kingdom: Any) -> str | None:
    written = kingdom.to_json()
    if OriginsKingdom.from_json(written).to_json() != written:
        return "does not read back from what it writes"
    if given.get("with_resources") is None:
        written.pop("with_resources", None)  # not said: read from the squares
        given = {k: v for k, v in given.items() if k != "with_resources"}
    return claims_nothing_false(_by_cell(given), _by_cell(written))


def _kingdom_check(given: Any, kingdom: Kingdom) -> str | None:
    written = kingdom.to_json()
    if Kingdom.from_json(written).to_json() != written:
        return "does not read back from what it writes"
    return claims_nothing_false(_by_cell(given), _by_cell(written))


FORMATS: dict[str, dict[str, Any]] = {
    "kingdomino log": {
        "sample": LOG, "load": replay_kingdomino, "command": ["replay"],
        "check": _log_check("kingdomino", lambda g: g.log())},
    "kingdoms log": {
        "sample": KINGDOMS_LOG, "load": replay_kingdoms, "command": ["kingdoms", "replay"],
        "check": _log_check("kingdoms", lambda g: g.to_log())},
    "origins log": {
        "sample": ORIGINS_LOG, "load": replay_origins, "command": ["origins", "replay"],
        "check": _log_check("origins", lambda g: g.log())},
    "puzzle": {
        "sample": PUZZLE, "load": lambda d: Puzzle.from_json(d, "p.json"),
        "command": ["puzzle", "show"], "check": _puzzle_check},
    "castle puzzle": {
        "sample": CASTLE_PUZZLE, "load": lambda d: load_castle_puzzle(d, "k.json"),
        "command": ["kingdoms", "solve", "--time-limit", "5"], "check": _castle_check},
    "origins territory": {
        "sample": TERRITORY, "load": OriginsKingdom.from_json, "command": ["origins", "score"],
        "check": _territory_check},
    "kingdom": {
        "sample": KINGDOM, "load": Kingdom.from_json, "command": None,
        "check": _kingdom_check},
}
"""Each JSON format: a valid sample, the library's entry, the command that reads a file of it
(None: only the library reads it), and what an accepted document must satisfy."""


def one_line(error: BaseException) -> None:
    message = str(error)
    assert message and "\n" not in message, repr(message)
    assert len(message) <= MESSAGE_LIMIT, f"{len(message)} characters: {message[:120]}…"


def _outcome(spec: dict[str, Any], data: Any) -> str | None:
    """None if ``data`` is refused in one line or accepted and true; else what is wrong."""
    try:
        loaded = spec["load"](data)
    except KingdominoError as error:
        one_line(error)
        return None
    return spec["check"](data, loaded)


def test_the_samples_are_valid() -> None:
    """The cases start from documents every reader takes (else they would test nothing)."""
    for name, spec in FORMATS.items():
        assert _outcome(spec, spec["sample"]) is None, name
        spec["load"](spec["sample"])


def _field(case: str) -> str:
    """The field a case breaks (its name up to the way it is broken)."""
    return re.split(r"=|~| removed| \+ extra| first item| last item", case, maxsplit=1)[0]


def _sampled(cases: Iterator[tuple[str, Any]]) -> Iterator[tuple[str, Any]]:
    """Every field broken once (its first way), and about a third of the other ways, picked by
    the case's name (the same cases on every run)."""
    fields: set[str] = set()
    for case, data in cases:
        field = _field(case)
        if field not in fields or zlib.crc32(case.encode()) % 3 == 0:
            fields.add(field)
            yield case, data


def _wrong_cases(spec: dict[str, Any], cases: Iterator[tuple[str, Any]]) -> list[str]:
    wrong = []
    for case, data in cases:
        try:
            problem = _outcome(spec, data)
        except Exception as error:  # noqa: BLE001 - outside the family: collected, shown
            problem = f"{type(error).__name__}: {str(error)[:100]}"
        if problem:
            wrong.append(f"{case}: {problem}")
    return wrong


@pytest.mark.parametrize("name", list(FORMATS))
def test_every_field_broken_is_refused_in_one_line_or_claims_nothing_false(name: str) -> None:
    spec = FORMATS[name]
    wrong = _wrong_cases(spec, _sampled(broken(spec["sample"])))
    assert not wrong, f"{len(wrong)} cases:\n" + "\n".join(wrong[:25])


def test_the_sample_of_broken_fields_breaks_every_field() -> None:
    every = [case for case, _ in broken(FORMATS["kingdomino log"]["sample"])]
    kept = [case for case, _ in _sampled((case, None) for case in every)]
    assert len(every) // 5 < len(kept) < len(every) // 2, (len(kept), len(every))
    assert {_field(c) for c in every} == {_field(c) for c in kept}
    assert any("~" in c for c in kept) and any(" removed" in c for c in kept)


@pytest.mark.sweep
@pytest.mark.parametrize("name", list(FORMATS))
def test_every_field_broken_every_way_is_refused_in_one_line_or_claims_nothing_false(
        name: str) -> None:
    spec = FORMATS[name]
    wrong = _wrong_cases(spec, broken(spec["sample"]))
    assert not wrong, f"{len(wrong)} cases:\n" + "\n".join(wrong[:25])


@pytest.mark.parametrize("name", list(FORMATS))
def test_a_number_that_json_cannot_hold_is_refused(name: str) -> None:
    spec = FORMATS[name]
    for case, text in numbers_in_text(spec["sample"]):
        if case.startswith("measures/") and "1000000000" in text:
            continue  # a 61-digit number in a field kept as is: JSON holds it
        with pytest.raises(KingdominoError) as caught:
            spec["load"](text)
        one_line(caught.value)
        assert case


WRONG_FORMATS = ["", "kingdomino-kit/kingdomino-log/2", "kingdomino-kit/kingdoms-log/1",
                 "kingdomino-kit/origins-log/1", "kingdomino-puzzle/2", "kingdoms-puzzle/1",
                 "kingdomino-kingdom/1", "kingdomino-origins-territory/1", "KINGDOMINO-PUZZLE/1"]


@pytest.mark.parametrize("name", list(FORMATS))
def test_another_format_name_or_version_is_refused(name: str) -> None:
    spec = FORMATS[name]
    own = spec["sample"]["format"]
    for fmt in WRONG_FORMATS:
        if fmt == own or (name == "kingdomino log" and fmt in LOG_FORMATS["kingdomino"]):
            continue
        with pytest.raises(KingdominoError) as caught:
            spec["load"]({**spec["sample"], "format": fmt})
        one_line(caught.value)
    for value in (None, 1, ["x"]):
        with pytest.raises(KingdominoError):
            spec["load"]({**spec["sample"], "format": value})
    without = {k: v for k, v in spec["sample"].items() if k != "format"}
    if name in FORMAT_OPTIONAL:
        assert _outcome(spec, without) is None
    else:
        with pytest.raises(KingdominoError):
            spec["load"](without)


FORMAT_OPTIONAL = {"kingdoms log", "origins territory", "kingdom"}
"""Formats whose documents without a ``format`` field are read as that format (documented)."""


def _cli_sample(name: str, every: int) -> list[tuple[str, Any]]:
    return [(case, make()) for i, (case, make) in enumerate(broken_lazily(FORMATS[name]["sample"]))
            if i % every == 0]


CLI_CASES = [(name, case, data) for name, spec in FORMATS.items() if spec["command"]
             for case, data in _cli_sample(name, 23)]


@pytest.mark.parametrize(("name", "case", "data"), CLI_CASES,
                         ids=[f"{n}: {c}" for n, c, _ in CLI_CASES])
def test_a_broken_file_on_the_command_line_is_one_line_naming_it(
        name: str, case: str, data: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "given.json"
    path.write_text(json.dumps(data))
    code, _, err = cli([*FORMATS[name]["command"], str(path)], capsys, monkeypatch)
    assert "Traceback" not in err
    if code == 0:
        assert _outcome(FORMATS[name], data) is None, case
        return
    assert code == 2, (code, err[-300:])
    assert len(err.splitlines()) == 1 and err.startswith("kingdomino-kit"), err
    assert "given.json" in err, err


SUBPROCESS_CASES = [("kingdomino log", "NaN score", json.dumps(LOG).replace(
                        '"score": ', '"score": NaN, "x": ', 1)),
                    ("origins log", "a huge seed", json.dumps(
                        {**ORIGINS_LOG, "seed": 10**400})),
                    ("puzzle", "dominoes a dict", json.dumps({**PUZZLE, "dominoes": {}})),
                    ("castle puzzle", "castles 1e400", json.dumps(CASTLE_PUZZLE).replace(
                        '"castles": [', '"castles": [1e400, ', 1))]


@pytest.mark.parametrize(("name", "case", "text"), SUBPROCESS_CASES,
                         ids=[f"{n}: {c}" for n, c, _ in SUBPROCESS_CASES])
def test_a_broken_file_in_a_real_process_is_one_line(name: str, case: str, text: str,
                                                     tmp_path: Path) -> None:
    path = tmp_path / "given.json"
    path.write_text(text)
    done = subprocess.run([sys.executable, "-m", "kingdomino_kit", *FORMATS[name]["command"],
                           str(path)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 2, (case, done.returncode, done.stderr[-300:])
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1 and "given.json" in done.stderr, done.stderr
