"""``kingdomino-kit grade`` against submissions that try to change what grades them.

One run grades, in this order, with ``--timeout 4``:

- ``00_start_here/mallory.ipynb`` (a folder per notebook): claims 50 points in a cell's
  metadata, appends to the answer key (the kit's ``start_here.py``) a line that makes every
  answer right, drops files in ``/tmp``, ``/var/tmp`` and ``/dev/shm`` for the next one, and
  leaves a detached process (double fork, ``setsid``, deaf to SIGTERM and SIGHUP) that waits to
  overwrite the gradebook once the grader has written it;
- ``bob-00_start_here.ipynb`` (student-notebook name) and ``01_rules/bob.ipynb``: two
  notebooks of one student, the first with two wrong answers;
- ``nosy.ipynb`` (the notebook from its metadata): answers right only if it finds mallory's
  files, reads another submission or sees anything but its own notebook in its folder, or reads
  the repository's ``lessons/``; then starts a lingering process and spins in a cell that
  ignores Ctrl-C.

The kit graded with is a copy (``PYTHONPATH``), so that the tampering, if it worked, would not
touch the checkout; it lies in the grader's working folder, closed to other users (as ``/root``
is, where ``pyenv`` puts Python). A second ``grade`` on the same ``--out`` while the first runs
is refused.
"""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
START = 'from kingdomino_kit.exercises import for_notebook\ncheck = for_notebook("{}")'
TAMPER_KEY = """import kingdomino_kit.exercises.start_here as key
try:
    with open(key.__file__, "a") as handle:
        handle.write("\\nimport dataclasses as _kk\\n"
                     "EXERCISES = tuple(_kk.replace(e, judge=lambda answer: None) "
                     "for e in EXERCISES)\\n")
except OSError as error:
    print(error)"""
DROP = """for folder in ("/tmp", "/var/tmp", "/dev/shm"):
    try:
        with open(folder + "/kk-leak", "w") as handle:
            handle.write("answers")
    except OSError:
        pass"""
FORGER = """import os, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
signal.signal(signal.SIGHUP, signal.SIG_IGN)
for _ in range(1200):
    time.sleep(0.1)
    try:
        if open(sys.argv[1]).read().startswith("student"):
            time.sleep(0.3)
            open(sys.argv[1], "w").write("forged\\n")
            break
    except OSError:
        pass"""
DETACH = """import os, sys
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv(sys.executable, [sys.executable, "-c", {forger!r}, {book!r},
                                  "kk-forger-marker"])
    os._exit(0)
os.wait()"""
LOOK = """import os
from kingdomino_kit.dominoes import domino
from kingdomino_kit.kingdom import Kingdom


def readable(path):
    try:
        with open(path, "rb") as handle:
            return bool(handle.read(1))
    except OSError:
        return False


leaked = any(os.path.exists(folder + "/kk-leak") for folder in ("/tmp", "/var/tmp", "/dev/shm"))
check(1, 10 if leaked else 11)
right = len(Kingdom.from_text("L1 L F / C L F1 / G2 G F").legal_placements(domino(28)))
others = readable({other!r}) or os.listdir(".") != ["00_start_here.ipynb"]
check(2, right if others else right + 1)
check(3, 16 if readable({lesson!r}) else 15)"""
SPIN = """import signal, subprocess, sys, time
subprocess.Popen([sys.executable, "-c", "import signal, time\\n"
                  "signal.signal(signal.SIGTERM, signal.SIG_IGN)\\ntime.sleep(600)",
                  "kk-lingerer-marker"], start_new_session=True)
signal.signal(signal.SIGINT, signal.SIG_IGN)
while True:  # deaf to Ctrl-C; waiting, not spinning (9 s of a core for nothing)
    try:
        time.sleep(0.05)
    except KeyboardInterrupt:
        pass
check(4, len)"""


def notebook(name: str, cells: list[str], points: dict[int, int] | None = None
             ) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kingdomino_kit"] = {"edition": "student", "source": f"{name}.py"}
    for source in [START.format(name), *cells]:
        cell = nbformat.v4.new_code_cell(source)
        if points and source.startswith("check(1,"):
            cell.metadata["points"] = points[1]
        nb.cells.append(cell)
    return nb


def markers() -> list[str]:
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            line = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        found += [m for m in ("kk-forger-marker", "kk-lingerer-marker") if m in line]
    return found


Run = tuple[Path, Path, subprocess.CompletedProcess[str], subprocess.CompletedProcess[str],
            list[str], float]


@pytest.fixture(scope="module")
def run() -> Iterator[Run]:
    top = Path(tempfile.mkdtemp(prefix="kk-isolation-"))  # mode 700, as /root is
    try:
        yield _graded(top)
    finally:
        shutil.rmtree(top, ignore_errors=True)


def _graded(top: Path) -> Run:
    kit = top / "kit"
    shutil.copytree(ROOT / "kingdomino_kit", kit / "kingdomino_kit",
                    ignore=shutil.ignore_patterns("__pycache__"))  # its numba cache: cold
    (kit / "lessons").mkdir()
    (kit / "lessons" / "00_start_here.py").write_text("answer_3 = 16  # SOLUTION\n")
    room = top / "class"
    for folder in ("00_start_here", "01_rules"):
        (room / folder).mkdir(parents=True)
    book = top / "book.csv"
    mallory = room / "00_start_here" / "mallory.ipynb"
    bob = room / "bob-00_start_here.ipynb"
    nbformat.write(notebook("00_start_here", [
        "check(1, 10)", TAMPER_KEY, DROP, DETACH.format(forger=FORGER, book=str(book))],
        points={1: 50}), mallory)
    nbformat.write(notebook("00_start_here", ["check(1, 11)", "check(3, 15)"]), bob)
    nbformat.write(notebook("01_rules", []), room / "01_rules" / "bob.ipynb")
    nbformat.write(notebook("00_start_here", [
        LOOK.format(other=str(bob), lesson=str(kit / "lessons" / "00_start_here.py")),
        SPIN]), room / "nosy.ipynb")
    env = {**os.environ, "PYTHONPATH": str(kit)}
    command = [sys.executable, "-m", "kingdomino_kit", "grade", str(mallory), str(bob),
               str(room / "01_rules" / "bob.ipynb"), str(room / "nosy.ipynb"),
               "--timeout", "4", "--out", str(book)]
    began = time.monotonic()
    first = subprocess.Popen(command, cwd=top, env=env, text=True, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    while not Path(f"{book}.lock").exists() and first.poll() is None:
        time.sleep(0.05)
    second = subprocess.run(command[:5] + ["--out", str(book)], cwd=top, env=env, text=True,
                            capture_output=True, timeout=120)
    out, err = first.communicate(timeout=300)
    took = time.monotonic() - began
    left = markers()
    if left:  # a forger that survived: let it write, for the gradebook's test to show
        time.sleep(1.5)
    done = subprocess.CompletedProcess(command, first.returncode, out, err)
    return top, kit, done, second, left, took


def rows(top: Path) -> dict[tuple[str, str, int], dict[str, str]]:
    with open(top / "book.csv", encoding="utf-8", newline="") as handle:
        return {(r["student"], r["notebook"], int(r["exercise"])): r
                for r in csv.DictReader(handle)}


@pytest.mark.slow
def test_points_and_the_answer_key_come_from_the_kit(run: Run) -> None:
    top, kit, done, _, _, _ = run
    assert done.returncode == 0, done.stderr
    book = rows(top)
    first = book[("mallory", "00_start_here", 1)]
    assert (first["status"], first["points"], first["max_points"]) == ("correct", "1.0", "1.0")
    key = kit / "kingdomino_kit" / "exercises" / "start_here.py"
    assert key.read_bytes() == (ROOT / "kingdomino_kit" / "exercises" / "start_here.py"
                                ).read_bytes()
    assert [book[("bob", "00_start_here", n)]["status"] for n in (1, 3)] == ["wrong", "wrong"]


@pytest.mark.slow
def test_a_submission_sees_no_other_no_lessons_and_nothing_left_by_another(run: Run) -> None:
    top, _, _, _, _, _ = run
    book = rows(top)
    assert [book[("nosy", "00_start_here", n)]["status"] for n in (1, 2, 3)] == ["wrong"] * 3


@pytest.mark.slow
def test_no_process_outlives_its_submission_and_the_gradebook_stays(run: Run) -> None:
    top, _, _, _, left, _ = run
    assert left == []
    assert markers() == []
    assert (top / "book.csv").read_text(encoding="utf-8").startswith("student,notebook,")


@pytest.mark.slow
def test_a_cell_deaf_to_ctrl_c_is_stopped_and_the_run_goes_on(run: Run) -> None:
    top, _, done, _, _, took = run
    book = rows(top)
    assert [book[("nosy", "00_start_here", n)]["status"] for n in (4, 5)] == ["timeout"] * 2
    assert "ran over 4 s" in book[("nosy", "00_start_here", 4)]["message"]
    assert took < 120, took  # four kernels, one of them ended after 4 + 5 s


@pytest.mark.slow
def test_several_notebooks_of_a_student_in_one_gradebook(run: Run) -> None:
    top, _, done, _, _, _ = run
    book = rows(top)
    assert {(s, nb) for s, nb, _ in book} == {
        ("mallory", "00_start_here"), ("bob", "00_start_here"), ("bob", "01_rules"),
        ("nosy", "00_start_here")}
    assert {r["status"] for k, r in book.items() if k[:2] == ("bob", "01_rules")} == {"blank"}
    assert any(line.startswith("bob ") and "01_rules" in line
               for line in done.stdout.splitlines())


@pytest.mark.slow
def test_one_run_at_a_time_on_one_gradebook(run: Run) -> None:
    _, _, _, second, _, _ = run
    assert second.returncode == 2, second.stderr
    assert "another run is writing" in second.stderr and "Traceback" not in second.stderr
    assert len(second.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_cold_compiled_cache_is_announced(run: Run) -> None:
    _, _, done, _, _, _ = run
    lines = [line for line in done.stderr.splitlines() if "compiled code" in line]
    assert len(lines) == 1 and "not cached yet" in lines[0] and "20–45 s" in lines[0]
