"""The `score` and `moves` commands, run as a user runs them (a subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kingdomino_kit import Kingdom, domino
from tests import reference


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kingdomino_kit", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_score_json_contract() -> None:
    out = run("score", "-", "--json", stdin="G1 G1\nC G\n")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"score", "properties", "bonus", "total"}
    assert data["properties"] == [{"terrain": "grassland", "squares": 3, "crowns": 2, "score": 6}]
    assert (data["score"], data["bonus"], data["total"]) == (6, 0, 6)


def test_score_bonuses_and_file(tmp_path: Path) -> None:
    path = tmp_path / "k.txt"
    path.write_text("W1 C W\n")
    data = json.loads(run("score", str(path), "--json", "--middle-kingdom", "--harmony").stdout)
    assert (data["score"], data["bonus"], data["total"]) == (1, 10, 11)
    path.write_text("\n".join(" ".join(["W"] * 7) for _ in range(3)) + "\n"
                    + "W W W C W W W\n" + "\n".join(" ".join(["L1"] * 7) for _ in range(3)))
    data = json.loads(run("score", str(path), "--size", "7", "--json", "--harmony",
                          "--middle-kingdom").stdout)
    assert data["score"] == 21 * 21 and data["bonus"] == 15 and data["total"] == 441 + 15


def test_score_table_is_readable() -> None:
    out = run("score", "--middle-kingdom", stdin="G2 G . / C G W1")
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["terrain", "squares", "crowns", "score"]
    assert any(line.split() == ["grassland", "3", "2", "6"] for line in lines)
    assert lines[-1].split() == ["total", "17"]  # every square within ±2 of the castle: +10


def test_moves_json_cells_are_in_the_frame_of_the_input_text() -> None:
    text = ". . .\n. C W\n"
    out = run("moves", "--domino", "13", "--json", stdin=text)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"count", "placements"}
    got = {tuple(map(tuple, p["cells"])) for p in data["placements"]}
    assert data["count"] == len(got) == len(data["placements"])
    # the castle is at text (1, 1): move the reference's castle-relative cells by (1, 1)
    k = Kingdom.from_text(text)
    want = {((a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1))
            for a, b in reference.legal_placements(reference.grid_of(k), domino(13), 5)}
    assert got == want
    assert any(-1 in cell for p in got for cell in p)  # extending the kingdom upward/leftward


def test_moves_first_cell_carries_the_first_half() -> None:
    # Domino 48 is W|M3. Below "C M": M3 at (1, 1) touches the mine at (0, 1), so W at (1, 2),
    # M3 at (1, 1) is legal; the other way round (W at (1, 1), M3 at (1, 2)) touches nothing.
    data = json.loads(run("moves", "--domino", "48", "--json", stdin="C M").stdout)
    cells = [p["cells"] for p in data["placements"]]
    assert [[1, 2], [1, 1]] in cells
    assert [[1, 1], [1, 2]] not in cells
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in cells)


@pytest.mark.parametrize(("args", "stdin", "words"), [
    (("score",), "C X", "line 1, column 3: unknown terrain letter 'X'"),
    (("score",), "C G4", "crowns must be 0–3"),
    (("score",), "C W / W C", "second castle"),
    (("score",), "W W", "no castle"),
    (("score",), "C W W W W W", "spans 6 columns"),
    (("score", "/no/such/file"), "", "cannot read"),
    (("moves", "--domino", "49"), "C", "domino 49 does not exist"),
    (("moves", "--domino", "0"), "C", "domino 0 does not exist"),
    (("moves", "--domino", "x"), "C", "not a number"),
    (("score", "--size", "6"), "C", "invalid choice"),
])
def test_bad_input_is_one_line_exit_2(args: tuple[str, ...], stdin: str, words: str) -> None:
    out = run(*args, stdin=stdin)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and words in out.stderr
    assert "Traceback" not in out.stderr and out.stdout == ""
