"""Every hostile input found by a survey of the command line and the library, each fixed once
and held here: what used to give a traceback, hang, or be accepted although wrong now gives the
right answer or one line on stderr with exit code 2 (a ``KingdominoError`` in the library).

Commands run in this process (``kingdomino_kit.cli.main``), except where the process itself is
the point (the encoding of standard input).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit import KingdominoError
from kingdomino_kit.errors import LogError
from kingdomino_kit.game.log import replay as replay_kingdomino
from kingdomino_kit.kingdoms.game import replay as replay_kingdoms
from kingdomino_kit.kingdoms.puzzles import load_castle_puzzle
from kingdomino_kit.origins import OriginsKingdom
from kingdomino_kit.origins.gamelog import replay as replay_origins
from kingdomino_kit.puzzles import Puzzle
from tests.hardening.samples import (
    CASTLE_FILE,
    CASTLE_PUZZLE,
    KINGDOMS_LOG,
    LOG,
    ORIGINS_LOG,
    PUZZLE,
    PUZZLE_FILE,
    TERRITORY,
    changed,
    cli,
    refused,
)

BIG = "9" * 5000
DEEP = "[" * 100_000
BINARY = bytes(random.Random(0).getrandbits(8) for _ in range(3000))


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    def go(*args: str, stdin: bytes = b"") -> tuple[int, str, str]:
        return cli(list(args), capsys, monkeypatch, stdin)
    return go


def put(folder: Path, name: str, data: Any) -> str:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


# --------------------------------------------------------------------------------- tracebacks
JSON_READERS = [["replay"], ["kingdoms", "replay"], ["origins", "replay"], ["puzzle", "show"],
                ["puzzle", "check"], ["puzzle", "solve"], ["kingdoms", "solve"],
                ["origins", "score"]]


@pytest.mark.parametrize("command", JSON_READERS, ids=" ".join)
def test_deeply_nested_json_is_refused_by_every_reader(command: list[str], run: Any,
                                                       tmp_path: Path) -> None:
    refused(*run(*command, put(tmp_path, "d.json", DEEP))[::2], "nested")


@pytest.mark.parametrize("command", JSON_READERS[:3] + [["origins", "score"]], ids=" ".join)
def test_a_deeply_nested_json_object_is_refused(command: list[str], run: Any,
                                                tmp_path: Path) -> None:
    refused(*run(*command, put(tmp_path, "d.json", '{"a":' * 50_000))[::2], "nested")


def test_binary_stdin_under_a_strict_utf8_locale_is_one_line() -> None:
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict", LC_ALL="C.UTF-8")
    for command in (["score"], ["kingdoms", "score"], ["origins", "replay"]):
        out = subprocess.run([sys.executable, "-m", "kingdomino_kit", *command], input=BINARY,
                             capture_output=True, env=env, timeout=120)
        err = out.stderr.decode("utf-8", "replace")
        assert out.returncode == 2 and err.count("\n") == 1 and "Traceback" not in err, err
        assert "UTF-8" in err, err


@pytest.mark.parametrize("command", [["score"], ["replay"], ["kingdoms", "score"],
                                     ["origins", "score"], ["moves", "--domino", "13"]],
                         ids=" ".join)
def test_binary_stdin_is_one_line_in_every_reader(command: list[str], run: Any) -> None:
    refused(*run(*command, stdin=BINARY)[::2])


@pytest.mark.parametrize(("command", "text"), [
    (["score"], f"C G{BIG}"), (["origins", "score"], f"H G*{BIG}"),
    (["origins", "score"], f"H G{BIG}"), (["kingdoms", "score"], f"+{BIG} . . . . ."),
    (["moves", "--domino", BIG], "C")], ids=lambda x: x[:12] if isinstance(x, str) else x[0])
def test_a_number_of_thousands_of_digits_is_refused(command: list[str], text: str,
                                                    run: Any) -> None:
    refused(*run(*command, stdin=text.encode())[::2])


SOLVERS = [["solve", "--dominoes", "41,36"], ["puzzle", "solve", str(PUZZLE_FILE)],
           ["origins", "solve", "45,46"], ["kingdoms", "solve", str(CASTLE_FILE)]]


@pytest.mark.parametrize("command", SOLVERS, ids=lambda c: " ".join(c[:2]))
@pytest.mark.parametrize(("flag", "value"), [
    ("--seed", "2147483648"), ("--seed", "-2147483649"), ("--seed", BIG),
    ("--workers", "1000000"), ("--workers", "2147483648"), ("--workers", "0"),
    ("--workers", "-3"), ("--time-limit", "nan"), ("--time-limit", "inf"),
    ("--time-limit", "0"), ("--time-limit", "-1"), ("--time-limit", "1e400")],
    ids=lambda x: x[:12])
def test_solver_flags_beyond_cp_sat_are_refused(command: list[str], flag: str, value: str,
                                                run: Any) -> None:
    refused(*run(*command, flag, value)[::2], flag)


@pytest.mark.parametrize("spec", ["mc:width=0", "mc:width=-1", "mc:playouts=-1",
                                  "mc:playouts=0", "mc:playouts=1e3", f"mc:playouts={BIG}",
                                  "mc:seconds=nan", "mc:seconds=inf", "mc:seconds=-1",
                                  "mc:policy=smart"], ids=lambda x: x[:20])
def test_bad_bot_parameters_are_refused(spec: str, run: Any) -> None:
    refused(*run("play", "--players", "2", "--seed", "1", "--bots", spec)[::2], "--bots")


@pytest.mark.parametrize(("path", "value"), [
    (("rules", "start_gold"), "50"), (("rules", "players"), 3.0), (("epochs",), [5]),
    (("turns",), 5), (("turns", 0), None), (("seed",), 3.5), (("gold",), "x"),
    (("winners",), ["b", "a"]), (("winners",), []), (("over",), "yes")], ids=str)
def test_a_wrongly_typed_or_wrong_kingdoms_log_is_refused(path: tuple[Any, ...], value: Any,
                                                          run: Any, tmp_path: Path) -> None:
    data = changed(KINGDOMS_LOG, path, value)
    with pytest.raises(LogError):
        replay_kingdoms(data)
    refused(*run("kingdoms", "replay", put(tmp_path, "ks.json", data))[::2])


def test_a_kingdoms_log_with_the_wrong_winners_is_refused(run: Any, tmp_path: Path) -> None:
    seats = sorted({str(t["player"]) if isinstance(t, dict) else "a"
                    for t in KINGDOMS_LOG["turns"]} | {"a", "b"})
    wrong = [s for s in seats if s not in KINGDOMS_LOG["winners"]][:1]
    data = changed(KINGDOMS_LOG, ("winners",), wrong)
    refused(*run("kingdoms", "replay", put(tmp_path, "ks.json", data))[::2], "winners")


def test_a_kingdoms_game_with_no_turns_is_refused(run: Any, tmp_path: Path) -> None:
    data = {k: v for k, v in KINGDOMS_LOG.items() if k in ("format", "rules", "seed")}
    with pytest.raises(LogError):
        replay_kingdoms(data)
    refused(*run("kingdoms", "replay", put(tmp_path, "ks.json", data))[::2])


@pytest.mark.parametrize(("path", "value"), [
    (("totem_bonus",), {"a": 1}), (("totem_bonus",), ["flat"]), (("players",), 3.0),
    (("size",), "5"), (("catalogue_hash",), 5), (("rounds", 1, "actions", 0, "by"), "1"),
    (("scores", 0, "score"), "37"), (("winners",), None)], ids=str)
def test_a_wrongly_typed_origins_log_is_refused(path: tuple[Any, ...], value: Any, run: Any,
                                                tmp_path: Path) -> None:
    data = changed(ORIGINS_LOG, path, value)
    with pytest.raises(LogError):
        replay_origins(data)
    refused(*run("origins", "replay", put(tmp_path, "o.json", data))[::2])


@pytest.mark.parametrize(("path", "value"), [
    (("size",), 5.0), (("size",), "5"), (("squares", 0, "row"), 1.0),
    (("squares", 0, "fire"), "1"), (("squares", 0, "token"), 1.0), (("with_resources",), "yes"),
    (("discarded",), 49)], ids=str)
def test_a_wrongly_typed_territory_is_refused(path: tuple[Any, ...], value: Any, run: Any,
                                              tmp_path: Path) -> None:
    data = changed(TERRITORY, path, value)
    with pytest.raises(KingdominoError):
        OriginsKingdom.from_json(data)
    refused(*run("origins", "score", put(tmp_path, "t.json", data))[::2])


@pytest.mark.parametrize(("path", "value"), [
    (("rules", "players"), 3.0), (("rules", "players"), "3"), (("board", 0), None),
    (("board", 0), 5), (("board",), [None] * 5), (("castles", 0), 3.0), (("castles", 0), True),
    (("tiles",), [None]), (("level",), 1.0), (("solution", "optimum"), 1.0)], ids=str)
def test_a_wrongly_typed_castle_puzzle_is_refused(path: tuple[Any, ...], value: Any, run: Any,
                                                  tmp_path: Path) -> None:
    data = changed(CASTLE_PUZZLE, path, value)
    with pytest.raises(KingdominoError):
        load_castle_puzzle(data, "k.json")
    refused(*run("kingdoms", "solve", put(tmp_path, "k.json", data))[::2])


@pytest.mark.parametrize(("path", "value"), [
    (("level",), 1.0), (("rules", "size"), 5.0), (("dominoes",), [1.0]), (("dominoes", 0), True),
    (("start",), "C G" + BIG), (("solution", "optimum"), "9"), (("solution",), 5)], ids=str)
def test_a_wrongly_typed_puzzle_is_refused(path: tuple[Any, ...], value: Any, run: Any,
                                           tmp_path: Path) -> None:
    data = changed(PUZZLE, path, value)
    with pytest.raises(KingdominoError):
        Puzzle.from_json(data, "p.json")
    refused(*run("puzzle", "check", put(tmp_path, "p.json", data))[::2])


def test_simulate_a_hundred_billion_games_is_refused_and_out_kept(run: Any,
                                                                  tmp_path: Path) -> None:
    out = tmp_path / "sim.csv"
    out.write_text("an earlier run\n")
    refused(*run("simulate", "--games", "100000000000", "--out", str(out))[::2], "--games")
    assert out.read_text() == "an earlier run\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sim.csv"]


@pytest.mark.parametrize(("flag", "value"), [("--workers", "1000000"), ("--workers", "0"),
                                             ("--games", "-1"), ("--seed", BIG)],
                         ids=lambda x: x[:10])
def test_simulate_flags_out_of_range_are_refused(flag: str, value: str, run: Any) -> None:
    args = {"--games": "2", "--workers": "1"} | {flag: value}
    refused(*run("simulate", *[x for kv in args.items() for x in kv])[::2], flag)


# --------------------------------------------------------------------------------- hangs
@pytest.mark.parametrize(("command", "stdin"), [
    (["score"], b". " * 5_000_000 + b"C\n"), (["origins", "score"], b". " * 5_000_000 + b"H\n"),
    (["kingdoms", "score"], b". " * 5_000_000 + b"\n"), (["moves", "--domino", "1"],
                                                          b". " * 5_000_000 + b"C\n"),
    (["puzzle", "check", str(PUZZLE_FILE), "--answer", "-"], b". " * 5_000_000)],
    ids=lambda x: x[0] if isinstance(x, list) else "10 MB")
def test_a_ten_megabyte_input_is_refused_by_its_size(command: list[str], stdin: bytes,
                                                     run: Any) -> None:
    refused(*run(*command, stdin=stdin)[::2], "limit")


def test_a_twenty_megabyte_json_file_is_refused_by_its_size(run: Any, tmp_path: Path) -> None:
    path = put(tmp_path, "big.json", '{"format": "x", "pad": "' + "x" * 20_000_000 + '"}')
    for command in (["replay"], ["puzzle", "show"], ["origins", "score"]):
        refused(*run(*command, path)[::2], "limit")


def test_a_territory_of_a_hundred_thousand_squares_is_refused(run: Any,
                                                              tmp_path: Path) -> None:
    many = dict(TERRITORY, squares=[{"row": r, "col": c, "terrain": "lake"}
                                    for r in range(-300, 300) for c in range(-100, 100)
                                    if (r, c) != (0, 0)])
    refused(*run("origins", "score", put(tmp_path, "t.json", many))[::2])


# --------------------------------------------------------------------------------- accepted
@pytest.mark.parametrize(("path", "value"), [
    (("scores", 0, "properties"), 999), (("scores", 0, "crowns"), 999),
    (("scores", 0, "largest_property"), 999), (("scores", 0, "bonus"), 5),
    (("scores", 0, "discarded"), 9), (("scores", 0, "score"), "38"), (("winners",), [0, 1]),
    (("winners",), "0"), (("players",), 2.0), (("seed",), True)], ids=str)
def test_the_core_replay_checks_every_field_it_writes(path: tuple[Any, ...], value: Any,
                                                      run: Any, tmp_path: Path) -> None:
    data = changed(LOG, path, value)
    with pytest.raises(LogError):
        replay_kingdomino(data)
    refused(*run("replay", put(tmp_path, "k.json", data))[::2])


def test_an_unknown_score_field_in_a_core_log_is_refused() -> None:
    data = changed(LOG, ("scores", 0, "style"), 10)
    with pytest.raises(LogError, match="style"):
        replay_kingdomino(data)


@pytest.mark.parametrize("board", [["shaman"] * 4, 5, None], ids=str)
def test_the_origins_replay_checks_the_cave_board(board: Any, run: Any,
                                                  tmp_path: Path) -> None:
    data = changed(ORIGINS_LOG, ("rounds", 1, "board"), board)
    with pytest.raises(LogError):
        replay_origins(data)
    refused(*run("origins", "replay", put(tmp_path, "o.json", data))[::2])


@pytest.mark.parametrize("field", ["regions", "largest_region", "cavemen", "score"])
def test_the_origins_replay_checks_every_score_field(field: str) -> None:
    data = changed(ORIGINS_LOG, ("scores", 0, field), 999)
    if field not in ORIGINS_LOG["scores"][0]:
        pytest.fail(f"the Origins log no longer writes {field}: update the test")
    with pytest.raises(LogError):
        replay_origins(data)


def test_a_valid_log_of_each_game_still_replays(run: Any, tmp_path: Path) -> None:
    """The checks above refuse what is wrong, not everything."""
    for command, data in ((["replay"], LOG), (["kingdoms", "replay"], KINGDOMS_LOG),
                          (["origins", "replay"], ORIGINS_LOG)):
        code, out, err = run(*command, put(tmp_path, "log.json", data), "--json")
        assert code == 0 and json.loads(out)["ok"] is True, err


def test_harmony_with_eleven_dominoes_is_the_best_kingdom_without_the_bonus(run: Any) -> None:
    code, out, err = run("solve", "--dominoes", ",".join(map(str, range(1, 12))), "--harmony",
                         "--time-limit", "600", "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["status"] == "OPTIMAL" and answer["bound"] == answer["score"]
    assert answer["discarded"] == [1, 2]  # they fit nowhere in the kingdom answered


def test_free_choice_keeps_a_short_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The beam's first layout gets half the time left when it starts, not as long as it likes,
    and the exact choice bound needs no time limit of its own (it is a branch and bound,
    proven)."""
    import time

    from kingdomino_kit.dominoes import dominoes
    from kingdomino_kit.solver import best_kingdom, search

    seen: list[tuple[float, float]] = []
    beam_layout = search.beam_layout

    def spy_beam(*args: Any, **kw: Any) -> Any:
        seen.append((time.perf_counter(), kw["deadline"]))
        return beam_layout(*args, **kw)

    monkeypatch.setattr(search, "beam_layout", spy_beam)
    began = time.perf_counter()
    solution = best_kingdom(dominoes("all"), choose=12, time_limit_s=1.0, workers=1)
    assert seen
    for called, deadline in seen:
        assert deadline - called <= (1.0 - (called - began)) / 2 + 0.05
        assert deadline <= began + 1.0
    assert solution.status.name in ("OPTIMAL", "FEASIBLE")
    assert solution.bound == 128  # the exact choice bound, whatever the time limit


@pytest.mark.parametrize("value", ["1 2", "1  2", "", "0", "1,1", "1.5", BIG],
                         ids=lambda x: repr(x[:8]))
def test_domino_numbers_are_strict(value: str, run: Any) -> None:
    refused(*run("solve", "--dominoes", value)[::2], "domino")


@pytest.mark.parametrize("value", ["1 2", "", "99"], ids=repr)
def test_origins_domino_numbers_are_strict(value: str, run: Any) -> None:
    refused(*run("origins", "solve", value)[::2])


@pytest.mark.parametrize("totems", ["fish,fish,fish", "fish,flint,mammoth,mushroom,fish"])
def test_a_totem_is_counted_once(totems: str, run: Any) -> None:
    refused(*run("origins", "score", "--mode", "totem", "--totems", totems, stdin=b"H L$\n")
            [::2], "--totems")


@pytest.mark.parametrize("game", [[], ["kingdoms"], ["origins"]], ids=lambda g: g[0] if g else
                         "kingdomino")
def test_an_empty_log_name_is_refused(game: list[str], run: Any) -> None:
    refused(*run(*game, "play", "--players", "2", "--seed", "1", "--log", "")[::2], "--log")


def test_origins_play_replay_refuses_play_flags(run: Any, tmp_path: Path) -> None:
    log = put(tmp_path, "o.json", ORIGINS_LOG)
    refused(*run("origins", "play", "--replay", log, "--log", str(tmp_path / "o2.json"))[::2],
            "--log")
    assert not (tmp_path / "o2.json").exists()


@pytest.mark.parametrize("what", [None, "G", 5, ("lake",)], ids=repr)
def test_settling_nothing_is_refused(what: Any) -> None:
    kingdom = OriginsKingdom.from_text("H L L / . . .")
    before = kingdom.to_json()
    with pytest.raises(KingdominoError):
        kingdom.settle((0, 1), what)
    assert kingdom.to_json() == before


JUNK: list[Any] = [None, True, 1.5, 10**30, "", "5", [], [1], {}, {"a": 1}, float("nan")]


@pytest.mark.parametrize(("loader", "sample"), [
    (replay_kingdomino, LOG), (replay_kingdoms, KINGDOMS_LOG), (replay_origins, ORIGINS_LOG),
    (OriginsKingdom.from_json, TERRITORY), (Puzzle.from_json, PUZZLE),
    (load_castle_puzzle, CASTLE_PUZZLE)], ids=["log", "kingdoms log", "origins log",
                                               "territory", "puzzle", "castle puzzle"])
def test_a_library_loader_raises_a_kingdomino_error_on_any_bad_field(loader: Any,
                                                                    sample: Any) -> None:
    """Every field of the first two levels (and of the first round or turn) replaced by a value
    of each JSON type: a ``KingdominoError`` or an accepted object, nothing else."""
    def fields(data: Any, prefix: tuple[Any, ...], depth: int) -> list[tuple[Any, ...]]:
        items = (data.items() if isinstance(data, dict) else
                 list(enumerate(data))[:2] if isinstance(data, list) else [])
        out = []
        for key, value in items:
            out.append((*prefix, key))
            if depth > 1:
                out.extend(fields(value, (*prefix, key), depth - 1))
        return out

    for path in fields(sample, (), 4):
        for value in JUNK:
            with contextlib.suppress(KingdominoError):
                loader(changed(sample, path, value))


@pytest.mark.parametrize("loader", [replay_kingdomino, replay_kingdoms, replay_origins,
                                    OriginsKingdom.from_json, OriginsKingdom.from_text,
                                    Puzzle.from_json, load_castle_puzzle])
@pytest.mark.parametrize("value", [None, 5, 1.5, [1], b"{}", object()],
                         ids=lambda v: type(v).__name__ if type(v) is object else repr(v))
def test_a_library_loader_given_the_wrong_python_type_raises_a_kingdomino_error(
        loader: Any, value: Any) -> None:
    with pytest.raises(KingdominoError):
        loader(value)


def test_the_library_reads_a_cp_sat_seed_as_32_bits() -> None:
    from kingdomino_kit.dominoes import dominoes
    from kingdomino_kit.errors import SolverError
    from kingdomino_kit.solver import best_kingdom

    for kw in ({"seed": 2**31}, {"workers": 10**6}, {"time_limit_s": float("nan")},
               {"time_limit_s": 0}, {"seed": 1.5}, {"workers": True}):
        with pytest.raises(SolverError):
            best_kingdom(dominoes("41,36"), **kw)
