"""Nothing left running: a ``--workers`` run whose parent is killed (SIGKILL, SIGTERM, SIGINT
to the parent alone) leaves no process behind within a few seconds; SIGTERM and SIGINT stop it
within 2 s with exit codes 143 and 130 and keep what was finished; ``coach`` and ``solve`` stop
on Ctrl-C / SIGTERM within about a second.

Each run is started in a session of its own (``start_new_session``) so that a signal reaches
the parent only, as ``kill PID``, ``docker stop`` or ``terminate()`` send it; the process table
(``/proc``, or psutil where installed) is read for what the parent started.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit import parse_text

ROOT = Path(__file__).resolve().parents[2]


def _children_of() -> dict[int, list[int]]:
    """Every process's children, from the process table."""
    table: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            table.setdefault(int(fields[1]), []).append(int(entry))
    return table


def descendants(pid: int) -> set[int]:
    """The living processes started by ``pid``, its children's children too."""
    table = _children_of()
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in table.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (not zombies)."""
    living = set()
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
                if handle.read().rsplit(")", 1)[1].split()[0] != "Z":
                    living.add(pid)
        except OSError:
            pass
    return living


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system, every thread) that process ``pid`` and the processes it
    started have used so far (those still running, and those ended and waited for)."""
    ticks = 0
    for one in {pid} | descendants(pid):
        try:
            with open(f"/proc/{one}/stat", encoding="utf-8") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile: its time is its parent's once waited for
        ticks += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def wait_for_cpu(proc: subprocess.Popen[str], seconds: float, timeout: float = 120.0) -> None:
    """Wait until ``proc`` (with its children) has used ``seconds`` of CPU time: a point in its
    work that a busy machine reaches later on the clock, not sooner in the work."""
    deadline = time.monotonic() + timeout
    while cpu_seconds(proc.pid) < seconds:
        if proc.poll() is not None:
            pytest.fail(f"the run ended early: {proc.communicate()[1][-500:]}")
        if time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"the run did not use {seconds} s of CPU in {timeout} s")
        time.sleep(0.05)


def _as_in_a_terminal() -> None:
    """Ctrl-C as a terminal gives it: a runner started in the background (``&``, some CI
    shells) passes SIGINT on ignored, and Python then never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "kingdomino_kit", *args], cwd=cwd,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=_as_in_a_terminal)


def wait_for_workers(proc: subprocess.Popen[str], count: int, timeout: float = 60.0
                     ) -> set[int]:
    """Wait until ``proc`` has ``count`` descendants (its workers) that have begun working."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = descendants(proc.pid)
        if len(found) >= count:
            time.sleep(1.5)  # their first tasks are running
            return descendants(proc.pid)
        if proc.poll() is not None:
            pytest.fail(f"the run ended early: {proc.communicate()[1][-500:]}")
        time.sleep(0.1)
    proc.kill()
    pytest.fail("the workers did not start")


def gone_within(pids: set[int], seconds: float) -> set[int]:
    deadline = time.monotonic() + seconds
    while alive(pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = alive(pids)
    for pid in left:  # leave nothing behind even when the test fails
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return left


SIMULATE = ["simulate", "--games", "4000", "--players", "2", "--bots", "mc:playouts=20",
            "--seed", "3", "--workers", "2", "--out", "games.csv"]
TOURNAMENT = ["tournament", "--games", "4000", "--players", "2", "--bots", "mc:playouts=20",
              "--workers", "2"]
SOLVE_BATCH = ["solve-batch", "--random", "40", "--size", "7", "--time-limit", "30",
               "--workers", "2", "--out", "sets.csv"]


@pytest.mark.parametrize("args", [SIMULATE, TOURNAMENT, SOLVE_BATCH],
                         ids=["simulate", "tournament", "solve-batch"])
def test_killing_the_parent_leaves_no_worker(tmp_path: Path, args: list[str]) -> None:
    proc = start(args, tmp_path)
    workers = wait_for_workers(proc, 2)
    proc.kill()
    proc.wait(10)
    assert gone_within(workers, 3.0) == set()
    proc.communicate(timeout=10)  # nobody holds the output pipes open


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)],
                         ids=["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("args", [SIMULATE, TOURNAMENT, SOLVE_BATCH],
                         ids=["simulate", "tournament", "solve-batch"])
def test_a_signal_to_the_parent_alone_stops_the_run(tmp_path: Path, args: list[str],
                                                    signum: int, code: int) -> None:
    proc = start(args, tmp_path)
    workers = wait_for_workers(proc, 2)
    sent = time.monotonic()
    proc.send_signal(signum)
    try:
        _, err = proc.communicate(timeout=10)
    finally:
        proc.kill()
    took = time.monotonic() - sent
    assert proc.returncode == code, err[-500:]
    assert took < 2.5, f"stopped after {took:.1f} s"
    assert "Traceback" not in err
    assert gone_within(workers, 2.0) == set()
    if args[0] == "simulate":
        assert (tmp_path / "games.csv.partial").read_text().startswith("game,")


def test_a_killed_parent_of_a_local_dask_cluster_leaves_no_process(tmp_path: Path) -> None:
    pytest.importorskip("distributed")  # an optional extra of the package, installed by make
    proc = start([*SIMULATE[:-4], "--dask", "--workers", "2"], tmp_path)
    workers = wait_for_workers(proc, 2, timeout=90)
    proc.kill()
    proc.wait(10)
    assert gone_within(workers, 4.0) == set()


def _a_log(tmp_path: Path) -> Path:
    log = tmp_path / "game.json"
    subprocess.run([sys.executable, "-m", "kingdomino_kit", "play", "--players", "2",
                    "--seed", "5", "--log", str(log)], cwd=tmp_path, check=True,
                   env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True)
    return log


@pytest.mark.parametrize(("signum", "code", "cpu"), [
    pytest.param(signal.SIGINT, 130, 2.5, id="SIGINT-playouts"),
    pytest.param(signal.SIGTERM, 143, 4.0, id="SIGTERM-solver"),
    # each signal and each phase above once; the other pairs under make test-sweeps
    pytest.param(signal.SIGTERM, 143, 2.5, id="SIGTERM-playouts", marks=pytest.mark.sweep),
    pytest.param(signal.SIGINT, 130, 4.0, id="SIGINT-solver", marks=pytest.mark.sweep)])
def test_coach_stops_on_a_signal(tmp_path: Path, signum: int, code: int, cpu: float) -> None:
    """Early: in the playouts (100,000 a decision: minutes); late: in the best-kingdom solves
    (with one playout a decision they begin after about 1.3 s of CPU, the solve in the order
    played after about 2.5 s, and take minutes)."""
    log = _a_log(tmp_path)
    proc = start(["coach", str(log), "--playouts", "1" if cpu > 3 else "100000",
                  "--solver-seconds", "120"], tmp_path)
    wait_for_cpu(proc, cpu)  # a point in its work, whatever the machine's load
    assert proc.poll() is None
    sent = time.monotonic()
    proc.send_signal(signum)
    try:
        _, err = proc.communicate(timeout=10)
    finally:
        proc.kill()
    assert time.monotonic() - sent < 2.0
    assert proc.returncode == code, err[-500:]
    assert "Traceback" not in err


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 0)],
                         ids=["SIGTERM", "SIGINT"])
def test_solve_stops_on_a_signal(tmp_path: Path, signum: int, code: int) -> None:
    proc = start(["solve", "--dominoes", ",".join(str(n) for n in range(1, 49, 2)),
                  "--size", "7", "--time-limit", "120", "--json"], tmp_path)
    wait_for_cpu(proc, 4.0)  # started and modelled (about 3 s of CPU): searching
    assert proc.poll() is None
    sent = time.monotonic()
    proc.send_signal(signum)
    try:
        out, err = proc.communicate(timeout=10)
    finally:
        proc.kill()
    assert time.monotonic() - sent < 2.0
    assert proc.returncode == code, err[-500:]
    assert "Traceback" not in err
    if signum == signal.SIGINT:  # Ctrl-C: the best layout so far, as a time limit gives
        data = json.loads(out)
        assert data["status"] in ("FEASIBLE", "UNKNOWN", "OPTIMAL")
        if data["status"] != "UNKNOWN":
            kingdom, _ = parse_text(data["grid"], size=7)
            assert kingdom.score() == data["score"] <= data["bound"]
            assert data["status"] == "FEASIBLE" or data["score"] == data["bound"]


WIDGET_PARENT = """
import multiprocessing, os, threading, time
from kingdomino_kit.widgets.solver_process import solve_in_child

context = multiprocessing.get_context("spawn")
queue = context.Queue()
child = context.Process(target=solve_in_child, daemon=True, args=(
    queue, list(range(1, 25)), {"size": 7, "time_limit_s": 300, "workers": 1}, None,
    os.getpid(), threading.current_thread() is threading.main_thread()))
child.start()
queue.get(timeout=120)  # the search has begun
print(child.pid, flush=True)
time.sleep(600)
"""
"""A kernel as the solver widget uses it: its solver child started as ``SolverView.start``
starts it (spawned, from the kernel's main thread), the search under way."""


@pytest.mark.parametrize("stopped", [False, True], ids=["running", "stopped"])
def test_killing_the_kernel_leaves_no_widget_solver(tmp_path: Path, stopped: bool) -> None:
    """The solver widget's child process ends with its kernel, also when it cannot run its own
    watch (stopped, as a Ctrl-Z or a debugger leaves it): nothing left in the process table."""
    kernel = subprocess.Popen([sys.executable, "-c", WIDGET_PARENT], cwd=tmp_path,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              start_new_session=True)
    try:
        assert kernel.stdout is not None
        line = kernel.stdout.readline()
        assert line.strip().isdigit(), kernel.communicate(timeout=10)[1][-500:]
        solver = int(line)
        assert alive({solver}) == {solver} and solver in descendants(kernel.pid)
        if stopped:
            os.kill(solver, signal.SIGSTOP)
        kernel.kill()
        kernel.wait(10)
        assert gone_within({solver}, 3.0) == set()
    finally:
        with contextlib.suppress(OSError):
            kernel.kill()
        kernel.communicate(timeout=10)


HALF_SENT = """
import os, signal, struct, sys, threading, time
from kingdomino_kit.infra.parallel import run_tasks

def task(i):
    if i == 0:  # half a result in the pool's pipe, then this worker dies
        frame = sys._getframe()
        while "result_queue" not in frame.f_locals:
            frame = frame.f_back
        writer = frame.f_locals["result_queue"]._writer
        os.write(writer.fileno(), struct.pack("!i", 1 << 20) + b"half")
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(60)

if __name__ == "__main__":
    threading.Timer(3, os.kill, (os.getpid(), signal.SIGINT)).start()
    try:
        list(run_tasks(task, [0, 1], workers=2))
    except KeyboardInterrupt:
        print("stopped", flush=True)
"""


def test_a_worker_killed_halfway_through_sending_its_result_does_not_hang_the_exit(
        tmp_path: Path) -> None:
    """The pool's thread reads the half message and waits for the rest; after a Ctrl-C the
    process still ends (the interpreter's exit waits for that thread)."""
    script = tmp_path / "half_sent.py"
    script.write_text(HALF_SENT, encoding="utf-8")
    process = subprocess.Popen([sys.executable, str(script)], cwd=ROOT, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0 and out == "stopped\n", err


def test_a_ctrl_c_in_the_pools_own_code_is_raised_after_it(monkeypatch: Any) -> None:
    """A signal is only noted while the pool's code runs (it holds locks its thread needs: an
    exception between an acquire and its ``try`` would leave one held for ever), then raised."""
    import concurrent.futures

    from kingdomino_kit.infra.parallel import run_tasks

    real_wait = concurrent.futures.wait
    got_past: list[bool] = []

    def wait(*args: Any, **kwargs: Any) -> Any:
        if not got_past:
            signal.raise_signal(signal.SIGINT)
            got_past.append(True)
        return real_wait(*args, **kwargs)

    monkeypatch.setattr(concurrent.futures, "wait", wait)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        list(run_tasks(time.sleep, [30, 30, 30], workers=2))
    assert got_past == [True]
    assert time.monotonic() - started < 20   # stopped, not waited for
