"""The launcher of a submission's kernel when the grader runs as root: ``python -I
.../confine.py --uid U --gid G --folder DIR --cwd DIR [--reach PATH]... [--hide PATH]... --
KERNEL...`` (run as a file, isolated: it imports nothing of the kit).

It runs as root for a moment, then becomes the kernel (``exec``, same process):

1. new mount, IPC and network namespaces: what it mounts is seen only by the kernel and its
   children, System V shared memory and message queues die with them, and the kernel has no
   network at all (it talks to the grader over Unix sockets in its folder);
2. a fresh, empty ``tmpfs`` over each folder anyone may write (``/tmp``, ``/var/tmp``,
   ``/dev/shm``, ``/run/lock``): nothing written there outlives the submission, and nothing
   an earlier one wrote is there; the kernel's own ``--folder`` (which may lie in ``/tmp``)
   is mounted back at its place;
3. each ``--reach`` folder (the interpreter, the kit, the other folders of ``sys.path``) that
   lies behind a folder others may not enter (``/root`` with mode 700, where ``pyenv`` puts
   Python) is mounted back at its place inside a fresh, empty ``tmpfs`` over that folder: the
   kernel reaches what it runs and nothing else of it;
4. an empty, read-only ``tmpfs`` over each ``--hide`` folder (the repository's ``lessons/``,
   the folders the submissions were collected in, the gradebook's), an empty file over each
   ``--hide`` file;
5. no new privileges (a set-uid program does not raise them), at most :data:`PROCESSES`
   processes of the user, then the unprivileged ``--uid``/``--gid`` with no other group, and
   ``exec`` of the kernel's command in ``--cwd`` (a folder inside ``--folder``).

Any step that fails ends the launcher with one line on stderr (the kernel never starts).
``--processes N`` sets step 5's ceiling (a league's bot program gets a few). ``--bare`` skips
steps 1–4 (a machine that gives root no namespaces, as a container may not);
``--probe`` only says whether it gives them.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import resource
import sys
from collections.abc import Sequence

__all__ = ["PROCESSES", "WRITABLE", "main"]

PROCESSES = 1024
"""The most processes (and threads) the kernel's user may have at once."""
WRITABLE = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock")
"""The folders anyone may write, each replaced by a fresh one for the kernel."""

_CLONE_NEWNS, _CLONE_NEWIPC, _CLONE_NEWNET = 0x00020000, 0x08000000, 0x40000000
_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_NOEXEC = 1, 2, 4, 8
_MS_BIND, _MS_REC, _MS_PRIVATE = 4096, 16384, 1 << 18
_PR_SET_NO_NEW_PRIVS = 38


class _Refused(Exception):
    pass


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _call(result: int, what: str) -> None:
    if result != 0:
        code = ctypes.get_errno()
        raise _Refused(f"{what}: {os.strerror(code)}")


def _mount(libc: ctypes.CDLL, source: str, target: str, kind: str | None, flags: int,
           data: str | None = None) -> None:
    _call(libc.mount(source.encode(), target.encode(), kind.encode() if kind else None,
                     ctypes.c_ulong(flags), data.encode() if data else None),
          f"mount {target}")


def closed_folder(path: str) -> str | None:
    """The outermost folder above ``path`` that others may not enter (or ``None``)."""
    parts = os.path.realpath(path).split("/")
    for end in range(2, len(parts) + 1):
        folder = "/".join(parts[:end])
        if os.path.isdir(folder) and not os.stat(folder).st_mode & 0o001:
            return folder
    return None


def _same(path: str, fd: int) -> bool:
    try:
        here, kept = os.stat(path), os.fstat(fd)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (kept.st_dev, kept.st_ino)


def confine(folder: str, hide: Sequence[str], reach: Sequence[str] = ()) -> None:
    """Steps 1–4 of the module docstring (as root)."""
    libc = _libc()
    _call(libc.unshare(_CLONE_NEWNS | _CLONE_NEWIPC | _CLONE_NEWNET), "unshare")
    _mount(libc, "none", "/", None, _MS_REC | _MS_PRIVATE)
    _call(libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no new privileges")
    wanted = sorted({os.path.realpath(p) for p in [folder, *reach] if os.path.isdir(p)},
                    key=len)
    closed = sorted({c for p in wanted if (c := closed_folder(p)) and c != p}, key=len)
    kept = [(path, os.open(path, os.O_PATH | os.O_DIRECTORY)) for path in wanted]
    for shared in WRITABLE:
        if os.path.isdir(shared) and not os.path.islink(shared):
            _mount(libc, "tmpfs", shared, "tmpfs", _MS_NOSUID | _MS_NODEV,
                   "mode=1777,size=512m")
    for path in closed:
        if os.path.isdir(path):
            _mount(libc, "tmpfs", path, "tmpfs", _MS_NOSUID | _MS_NODEV, "mode=0755,size=4k")
    for path, fd in kept:  # each back at its place, outermost first
        if not _same(path, fd):
            os.makedirs(path, mode=0o755, exist_ok=True)
            _mount(libc, f"/proc/self/fd/{fd}", path, None, _MS_BIND | _MS_REC)
        os.close(fd)
    for path in hide:
        if os.path.isdir(path):
            _mount(libc, "tmpfs", path, "tmpfs", _MS_RDONLY | _MS_NOSUID | _MS_NODEV
                   | _MS_NOEXEC, "size=4k,mode=0555")
        elif os.path.exists(path):
            _mount(libc, "/dev/null", path, None, _MS_BIND)


def become(uid: int, gid: int, processes: int = PROCESSES) -> None:
    """Step 5's limits (at most ``processes`` of the user) and the unprivileged user (for good:
    real, effective and saved)."""
    resource.setrlimit(resource.RLIMIT_NPROC, (processes, processes))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)


def probe() -> int:
    """``--probe``: whether this machine gives namespaces to root (exit code 0), else one line
    saying why (exit code 1). The probing process is thrown away."""
    libc = _libc()
    try:
        _call(libc.unshare(_CLONE_NEWNS | _CLONE_NEWIPC | _CLONE_NEWNET), "unshare")
    except _Refused as error:
        print(error, file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Confine, then ``exec`` the kernel (returns only when that fails: exit code 2).
    ``--bare``: no namespaces (the machine gives none): only the user and the limits."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv == ["--probe"]:
        return probe()
    parser = argparse.ArgumentParser(prog="kingdomino_kit.grading.confine")
    parser.add_argument("--uid", type=int, required=True)
    parser.add_argument("--gid", type=int, required=True)
    parser.add_argument("--folder", required=True)
    parser.add_argument("--cwd", required=True)
    parser.add_argument("--hide", action="append", default=[])
    parser.add_argument("--reach", action="append", default=[])
    parser.add_argument("--bare", action="store_true")
    parser.add_argument("--processes", type=int, default=PROCESSES)
    parser.add_argument("kernel", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.kernel[1:] if args.kernel[:1] == ["--"] else args.kernel
    try:
        if not command:
            raise _Refused("no kernel command after --")
        if not args.bare:
            confine(args.folder, args.hide, args.reach)
        become(args.uid, args.gid, args.processes)
        os.chdir(args.cwd)
        os.execvp(command[0], command)
    except (_Refused, OSError) as error:
        print(f"kingdomino-kit grade: cannot start the kernel confined: {error}",
              file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
