"""Where a submission's kernel runs, without a kernel: the folder it gets, the processes left
behind that are ended (by user as root, as descendants otherwise), the kit's files checked
when the grader is not root."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import nbformat
import pytest

import kingdomino_kit.grading.sandbox as sandbox
from kingdomino_kit.grading.sandbox import KitChanged, Sandbox, kit_folder

LINGER = textwrap.dedent("""
    import os, signal, sys, time
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(60)",
                                      sys.argv[1]])
        os._exit(0)
    os.wait()
""")
"""A process that leaves a grandchild in a session of its own, deaf to SIGTERM."""


def alive(marker: str) -> list[int]:
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            line = Path(f"/proc/{pid}/cmdline").read_bytes()
            state = Path(f"/proc/{pid}/stat").read_text().split()[2]
        except OSError:
            continue
        if marker.encode() in line and state != "Z":
            found.append(int(pid))
    return found


def test_a_detached_descendant_is_ended(tmp_path: Path) -> None:
    """Not as root: the grader is the subreaper of what its kernels leave, and ends it."""
    marker = f"kk-test-descendant-{os.getpid()}"
    script = textwrap.dedent(f"""
        import subprocess, sys
        from kingdomino_kit.grading.processes import become_subreaper, descendants, \\
            end_descendants
        assert become_subreaper()
        subprocess.run([sys.executable, "-c", {LINGER!r}, {marker!r}], check=True)
        left = descendants()
        end_descendants()
        print(len(left), len(descendants()))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.split() == ["1", "0"], done.stderr
    assert alive(marker) == []


def test_as_root_every_process_of_the_run_user_is_ended() -> None:
    """As root (CI, a lab server) the kernels run as a user of their own, ended as a whole;
    as another user there is none (the descendants are ended, above)."""
    with Sandbox() as box:
        if os.geteuid() != 0:
            assert box.owner is None
            return
        assert box.owner is not None
        uid, gid = box.owner
        marker = f"59.{uid % 100_000:05d}"  # sleep's argument: a mark of this test
        detach = f"setsid sh -c 'trap \"\" TERM HUP; exec sleep {marker}' >/dev/null 2>&1 &"
        subprocess.run(["/bin/sh", "-c", detach], user=uid, group=gid, extra_groups=[],
                       check=True, timeout=60, cwd="/")
        deadline = time.monotonic() + 10
        while not alive(f"sleep\0{marker}") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(alive(f"sleep\0{marker}")) == 1
        box.end_processes()
        assert alive(f"sleep\0{marker}") == []


def test_a_place_holds_its_notebook_alone_and_goes_away() -> None:
    nb = nbformat.v4.new_notebook()
    with Sandbox() as box, box.place(nb, "00_start_here") as place:
        assert [p.name for p in place.cwd.iterdir()] == ["00_start_here.ipynb"]
        env = place.environment()
        assert env["HOME"] == str(place.home) and env["NUMBA_CACHE_DIR"].startswith(env["HOME"])
        assert not {k for k in env if k.startswith(("JPY", "SSH", "AWS"))}
        if box.owner is not None:
            assert place.folder.stat().st_uid == box.owner[0]
            assert (place.folder.stat().st_mode & 0o777) == 0o700
        folder = place.folder
    assert not folder.exists()


def test_a_change_to_the_kit_stops_the_run_when_not_root(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kit = tmp_path / "kingdomino_kit"
    shutil.copytree(kit_folder() / "exercises", kit / "exercises",
                    ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(sandbox, "kit_folder", lambda: kit)
    monkeypatch.setattr(sandbox, "become_subreaper", lambda: True)
    box = Sandbox()
    box.root = False  # the path a teacher's own account takes
    with box:
        assert box.owner is None and "not run as root" in box.note
    with (box, pytest.raises(KitChanged, match=r"exercises/start_here.py"),
          box.place(nbformat.v4.new_notebook(), "00_start_here"),
          open(kit / "exercises" / "start_here.py", "a") as handle):
        handle.write("# every answer right\n")


def test_without_namespaces_the_run_says_so_and_keeps_what_it_can(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A container may give root no namespaces: a user of its own still, when Python and the
    kit are open to every user; else root with the kit's files checked. Either way, one line
    says so before the grading starts."""
    monkeypatch.setattr(sandbox, "_no_namespaces", lambda: "unshare: Operation not permitted")
    monkeypatch.setattr(sandbox, "become_subreaper", lambda: True)
    box = Sandbox()
    box.root = True
    with box:
        assert "no namespaces (unshare: Operation not permitted)" in box.note
        closed = any(sandbox.confine.closed_folder(p) for p in sandbox._reached())
        assert (box.owner is None) == closed and bool(box.digest) == closed
        assert box.bare != closed



def test_a_kernel_reaches_python_and_the_kit_whatever_folder_the_grader_runs_in(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Graded from a folder closed to others (``/root``): that folder, on ``sys.path`` under
    ``python -m``, is not reached — which would hide from the kernel the kit and Python that
    lie inside it — while what is on ``sys.path`` inside it is."""
    closed = Path(tempfile.mkdtemp(prefix="kk-closed-"))  # mode 700
    try:
        (closed / "kit").mkdir(mode=0o755)
        monkeypatch.chdir(closed)
        monkeypatch.setattr(sys, "path", [str(closed), str(closed / "kit"), *sys.path])
        reached = sandbox._reached()
        assert str(closed) not in reached and str(closed / "kit") in reached
        assert os.path.realpath(sys.base_prefix) in reached or any(
            os.path.realpath(sys.base_prefix).startswith(p + "/") for p in reached)
    finally:
        shutil.rmtree(closed)
