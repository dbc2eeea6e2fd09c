"""Files and actions under fault: an output that is not a regular file is refused, a write error
names the file and its cause, resumed rows must come from the same command, flags and seed and
are re-checked, two runs on one output cannot interleave, a forged domino is an illegal action.
"""

from __future__ import annotations

import json
import os
import resource
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit import KingdominoError
from kingdomino_kit.dominoes import Domino, Half, Terrain, domino
from kingdomino_kit.draft import Claim
from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.infra.atomic import CannotWrite, atomic_write, target_of
from kingdomino_kit.infra.outlock import OutputLock
from kingdomino_kit.kingdom import Placement
from kingdomino_kit.solver.batch import BatchRules
from tests.hardening.samples import cli, refused

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    def go(*args: str) -> tuple[int, str, str]:
        return cli(list(args), capsys, monkeypatch)
    return go


# ------------------------------------------------------------------- what an output may be
def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _socket(path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()  # the socket file stays


def _folder(path: Path) -> None:
    path.mkdir()


def _symlink(path: Path) -> None:
    elsewhere = path.parent / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "kept.json").write_text("kept")
    path.symlink_to(elsewhere / "kept.json")


KINDS = {"FIFO": _fifo, "socket": _socket, "folder": _folder, "symbolic link": _symlink}


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("command", [["play", "--players", "2", "--seed", "1", "--log"],
                                     ["kingdoms", "play", "--players", "2", "--seed", "1",
                                      "--log"],
                                     ["tournament", "--games", "2", "--players", "2", "--bots",
                                      "random", "--out"]], ids=lambda c: " ".join(c[:2]))
def test_an_output_that_is_not_a_regular_file_is_refused(kind: str, command: list[str],
                                                         run: Any, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.chdir(tmp_path)  # a socket's name must be short
    target = Path("o.json" if command[0] != "tournament" else "o.csv")
    KINDS[kind](target)
    before = os.lstat(target)
    code, _, err = run(*command, str(target))
    refused(code, err, str(target))
    after = os.lstat(target)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    if kind == "symbolic link":
        assert (tmp_path / "elsewhere" / "kept.json").read_text() == "kept"
        code, _, err = run("--follow-symlinks", *command, str(target))
        assert code == 0, err
        assert (tmp_path / "elsewhere" / "kept.json").read_text() != "kept"
        assert target.is_symlink()


def test_a_device_is_never_replaced() -> None:
    with pytest.raises(CannotWrite, match="character device"):
        target_of("/dev/null", "--log")
    with pytest.raises(CannotWrite, match="symbolic link"):
        target_of("/dev/stdout")  # a link on Linux: refused before anything is opened


def test_a_library_writer_refuses_a_fifo_too(tmp_path: Path) -> None:
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    with pytest.raises(CannotWrite, match="FIFO"), atomic_write(fifo) as handle:
        handle.write("x")
    assert fifo.is_fifo()


# ----------------------------------------------------------------------- write errors named
def _small_files() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))


WRITERS = [
    ["play", "--players", "2", "--seed", "1", "--log", "w.json"],
    ["kingdoms", "play", "--players", "4", "--seed", "3", "--log", "w.json"],
    ["origins", "play", "--players", "2", "--seed", "1", "--log", "w.json"],
    ["tournament", "--games", "40", "--players", "2", "--bots", "random", "--out", "w.csv"],
    ["simulate", "--games", "30", "--players", "2", "--out", "w.parquet"],
    ["simulate", "--games", "30", "--players", "2", "--out", "w.csv"],
    ["solve-batch", "--random", "2", "--time-limit", "5", "--out", "w.csv"],
]


@pytest.mark.parametrize("command", WRITERS, ids=lambda c: " ".join(c[:2]) + " " + c[-1])
def test_a_write_error_names_the_file_and_the_cause(command: list[str], tmp_path: Path
                                                     ) -> None:
    done = subprocess.run([sys.executable, "-m", "kingdomino_kit", *command], cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
                          text=True, preexec_fn=_small_files, timeout=120)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "w." in lines[0] and "File too large (EFBIG)" in lines[0], lines[0]


# ------------------------------------------------------------------------ resumed rows
def _interrupted_simulate(tmp_path: Path, *flags: str) -> None:
    """A simulate run cut short by the file-size limit: its complete games stay in .partial."""
    subprocess.run([sys.executable, "-m", "kingdomino_kit", "simulate", "--games", "40",
                    "--players", "2", "--seed", "4", "--out", "g.csv", *flags], cwd=tmp_path,
                   env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
                   preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096)),
                   timeout=120)
    assert (tmp_path / "g.csv.partial").exists()


def test_resume_refuses_rows_made_under_other_flags(run: Any, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _interrupted_simulate(tmp_path)
    code, _, err = run("simulate", "--games", "40", "--players", "2", "--seed", "4",
                       "--out", "g.csv", "--resume", "--middle-kingdom")
    refused(code, err, "g.csv.partial", "middle_kingdom")
    code, _, err = run("simulate", "--games", "40", "--players", "2", "--seed", "5",
                       "--out", "g.csv", "--resume")
    refused(code, err, "seed")
    code, _, err = run("simulate", "--games", "40", "--players", "2", "--seed", "4",
                       "--out", "g.csv", "--resume")
    assert code == 0, err
    resumed = (tmp_path / "g.csv").read_text()
    code, _, err = run("simulate", "--games", "40", "--players", "2", "--seed", "4",
                       "--out", "clean.csv")
    assert resumed == (tmp_path / "clean.csv").read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["clean.csv", "g.csv"]


def test_a_solve_batch_csv_is_not_continued_under_other_rules(run: Any, tmp_path: Path) -> None:
    out = str(tmp_path / "b.csv")
    code, _, err = run("solve-batch", "--random", "1", "--count", "4", "--time-limit", "10",
                       "--out", out)
    assert code == 0, err
    code, _, err = run("solve-batch", "--random", "1", "--count", "4", "--time-limit", "10",
                       "--harmony", "--out", out)
    refused(code, err, "b.csv", "harmony")


def _journal(tmp_path: Path, row: dict[str, Any]) -> str:
    out = tmp_path / "j.csv"
    header = {"format": "kingdomino-kit/optima-journal/1",
              "rules": BatchRules().meaning()}
    (tmp_path / "j.csv.partial").write_text(json.dumps(header) + "\n" + json.dumps(row) + "\n")
    return str(out)


def test_a_journal_row_is_replayed_before_it_is_kept(run: Any, tmp_path: Path) -> None:
    row = {"dominoes": [36, 41], "status": "OPTIMAL", "score": 999, "bound": 999,
           "seconds": 0.1, "grid": "", "order": []}
    out = _journal(tmp_path, row)
    code, _, err = run("solve-batch", "--random", "0", "--out", out)
    refused(code, err, "j.csv.partial", "line 2", "999")
    assert not (tmp_path / "j.csv").exists()


@pytest.mark.parametrize("row", [
    {"dominoes": [36, 41], "status": "OPTIMAL", "score": 6, "bound": 6, "seconds": 0.1,
     "grid": "x", "order": []},
    {"dominoes": "nope", "status": "OPTIMAL", "score": 6, "bound": 6, "seconds": 0.1,
     "grid": "", "order": []},
    {"dominoes": [36, 41], "status": "MAYBE", "score": 0, "bound": 6, "seconds": 0.1,
     "grid": "", "order": []},
    {"dominoes": [36, 41], "status": "UNKNOWN", "score": 0, "bound": 6, "seconds": "NaN",
     "grid": "", "order": []},
    {"dominoes": [36, 41], "status": "UNKNOWN", "score": 1e400, "bound": 6, "seconds": 1,
     "grid": "", "order": []},
    {"dominoes": [36, 41]},
    [1, 2, 3],
], ids=["grid", "dominoes", "status", "seconds", "score", "fields", "list"])
def test_a_corrupt_journal_row_is_one_line(row: Any, run: Any, tmp_path: Path) -> None:
    out = _journal(tmp_path, row)
    code, _, err = run("solve-batch", "--random", "0", "--out", out)
    refused(code, err, "j.csv.partial")


def test_two_runs_on_one_out_cannot_interleave(run: Any, tmp_path: Path) -> None:
    out = tmp_path / "b.csv"
    with OutputLock(out, "--out"):  # a run on it goes on meanwhile
        code, _, err = run("solve-batch", "--random", "1", "--count", "3", "--out", str(out))
        refused(code, err, "another run", "b.csv")
        code, _, err = run("simulate", "--games", "2", "--players", "2", "--out", str(out))
        refused(code, err, "another run", "b.csv")
    assert not out.exists()
    code, _, err = run("solve-batch", "--random", "1", "--count", "3", "--out", str(out))
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.csv", "b.csv.run.json"]


@pytest.mark.parametrize("cell", ["[1.9, 2.2]", "[1e400]", "[NaN]", "[true]", "[[1]]",
                                  "1.5,2"])
def test_a_sets_csv_cell_that_is_not_domino_numbers_is_refused(cell: str, run: Any,
                                                               tmp_path: Path) -> None:
    sets = tmp_path / "sets.csv"
    sets.write_text("dominoes\n" + json.dumps(cell) + "\n")
    code, _, err = run("solve-batch", str(sets), "--out", str(tmp_path / "o.csv"))
    refused(code, err, "sets.csv", "row 2")


@pytest.mark.parametrize("cells", [[None], [1.5], [7], ["x"]], ids=["null", "float", "int",
                                                                     "text"])
def test_a_sets_parquet_cell_of_another_type_is_refused(cells: list[Any], run: Any,
                                                        tmp_path: Path) -> None:
    import pandas as pd

    sets = tmp_path / "sets.parquet"
    pd.DataFrame({"dominoes": cells}).to_parquet(sets)
    code, _, err = run("solve-batch", str(sets), "--out", str(tmp_path / "o.csv"))
    refused(code, err, "sets.parquet", "row 1")


def test_an_empty_parquet_out_is_one_line(run: Any, tmp_path: Path) -> None:
    out = tmp_path / "o.parquet"
    out.write_bytes(b"")
    code, _, err = run("solve-batch", "--random", "1", "--count", "3", "--out", str(out))
    refused(code, err, "o.parquet")


# -------------------------------------------------------------------------- forged actions
def _other_halves(real: Domino) -> Domino:
    first = Half(Terrain.MINE if real.first.terrain is not Terrain.MINE else Terrain.LAKE, 3)
    return Domino(real.number, first, real.second)


def test_a_forged_claim_is_illegal_and_changes_nothing() -> None:
    game = Game(GameOptions(players=2), seed=4)
    real = game.line[0]
    before = game.observation(game.current_player)
    with pytest.raises(KingdominoError, match="forged|not Domino"):
        game.apply(Claim(_other_halves(real)))
    assert game.observation(game.current_player) == before
    game.apply(Claim(real))  # the catalogue's own entry is taken


def test_a_forged_placement_is_illegal_and_changes_nothing() -> None:
    game = Game(GameOptions(players=2), seed=4)
    while game.phase != "place":
        game.apply(game.legal_actions()[0])
    placement = next(a for a in game.legal_actions() if isinstance(a, Placement))
    forged = Placement(_other_halves(placement.domino), placement.first, placement.second)
    before = game.observation(game.current_player)
    with pytest.raises(KingdominoError) as caught:
        game.apply(forged)
    assert getattr(caught.value, "rule", None) == "forged-domino"
    assert game.observation(game.current_player) == before


def test_origins_refuses_a_forged_or_empty_claim() -> None:
    from kingdomino_kit.origins.game import OriginsGame, OriginsOptions

    game = OriginsGame(OriginsOptions(2, "discovery"), seed=1)
    real = game.line[0]
    forged = type(real)(real.number, real.second, real.first) if real.first != real.second \
        else type(real)(real.number, game.line[1].first, real.second)
    claims: list[Any] = [Claim(forged), Claim(None)]
    for claim in claims:
        with pytest.raises(KingdominoError):
            game.apply(claim)
    assert domino(1).number == 1


# ------------------------------------------------------------ the library's error contract
def _seed(value: Any) -> Any:
    return lambda: Game(GameOptions(players=2), seed=value)


LIBRARY_MISUSE = {
    "options a string": lambda: Game("x"),  # type: ignore[arg-type]
    "seed a float": _seed(1.5),
    "seed a text": _seed("abc"),
    "seed a bool": _seed(True),
    "seed NaN": _seed(float("nan")),
    "a deck of domino 0": lambda: Game(GameOptions(players=2), seed=1, deck=[0] * 48),
    "a deck with a domino twice": lambda: Game(GameOptions(players=2), seed=1,
                                               deck=[1] * 48),
    "kingdom(-1)": lambda: Game(GameOptions(players=2), seed=1).kingdom(-1),
    "observation(99)": lambda: Game(GameOptions(players=2), seed=1).observation(99),
    "at((0, True))": lambda: __import__("kingdomino_kit").Kingdom(5).at((0, True)),
    "total(middle_kingdom='no')": lambda: __import__("kingdomino_kit").Kingdom(5).total(
        middle_kingdom="no"),
    "a Kingdomino placement on an Origins territory": lambda: __import__(
        "kingdomino_kit.origins", fromlist=["OriginsKingdom"]).OriginsKingdom(5).place(
        Placement(domino(1), (0, 1), (0, 2))),
}


@pytest.mark.parametrize("call", list(LIBRARY_MISUSE.values()), ids=list(LIBRARY_MISUSE))
def test_library_misuse_is_a_kingdomino_error(call: Any) -> None:
    with pytest.raises(KingdominoError) as caught:
        call()
    assert "\n" not in str(caught.value)


def test_a_numpy_seed_is_its_integer() -> None:
    import numpy as np

    game = Game(GameOptions(players=2), seed=np.int64(3))
    assert game.line == Game(GameOptions(players=2), seed=3).line
    assert type(game.seed) is int


def test_a_numpy_array_as_an_action_is_one_line() -> None:
    import numpy as np

    game = Game(GameOptions(players=2), seed=1)
    with pytest.raises(KingdominoError) as caught:
        game.apply(np.zeros((6, 6)))  # type: ignore[arg-type]
    assert "\n" not in str(caught.value)


def test_an_overlong_catalogue_field_is_one_line(run: Any, tmp_path: Path) -> None:
    catalogue = tmp_path / "cat.csv"
    catalogue.write_text("number,left_terrain,left_fire,left_craters,right_terrain,right_fire,"
                         "right_craters\n1,\"" + "x" * 200_000 + "\",0,0,lake,0,0\n")
    code, _, err = run("origins", "play", "--players", "2", "--seed", "1", "--catalogue",
                       str(catalogue))
    refused(code, err, "cat.csv", "line 2")


def test_the_origins_log_of_the_sample_before_its_correction_replays(run: Any) -> None:
    log = ROOT / "tests" / "origins" / "logs" / "played-with-the-previous-sample.json"
    code, out, err = run("origins", "replay", str(log))
    assert code == 0, err


# -------------------------------------------------------------------------------- ceilings
@pytest.mark.parametrize("command", [
    ["tournament", "--games", "1000000000000", "--players", "2", "--bots", "random"],
    ["simulate", "--games", "1000000000000", "--players", "2"],
    ["solve-batch", "--random", "1000000000", "--out", "x.csv"],
    ["solve-batch", "--random", "1", "--time-limit", "1e9", "--out", "x.csv"],
    ["solve-batch", "--random", "1", "--solver-workers", "100000", "--out", "x.csv"],
    ["coach", "--playouts", "1000000000"],
    ["coach", "--budget", "1e12"],
    ["coach", "--solver-seconds", "1e12"],
    ["solve", "--dominoes", "1,2", "--time-limit", "1e12"],
    ["simulate", "--games", "10", "--workers", "100000"],
    ["notebooks", "--execute", "--timeout", "1e12"],
], ids=lambda c: " ".join(c[:3]))
def test_every_count_has_a_ceiling_checked_at_once(command: list[str], run: Any,
                                                   tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    started = __import__("time").monotonic()
    code, _, err = run(*command)
    assert code == 2 and len(err.splitlines()) == 1, err
    assert __import__("time").monotonic() - started < 5
    assert list(tmp_path.iterdir()) == []
