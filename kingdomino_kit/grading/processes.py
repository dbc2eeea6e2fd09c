"""Ending every process a submission started, whatever it did to outlive its kernel.

A submission's code may fork, start a new session (``setsid``) and let its parent die, so that
its process is no longer in the kernel's process group. The grader catches such a process one
of two ways (:class:`~kingdomino_kit.grading.sandbox.Sandbox` picks):

- as root, each submission's kernel runs as a user of its own (a numeric uid that no one else
  has): :func:`end_user` kills every process of that uid at once, with ``kill(-1, SIGKILL)``
  sent *as that user* (the system then signals every process the user owns in one step, so a
  process busy forking cannot outrun it);
- otherwise the grader is a *child subreaper* (:func:`become_subreaper`): a process whose
  parent dies is handed to the grader, not to ``init``, so every process of a submission stays
  a descendant of the grader; :func:`end_descendants` kills (``SIGKILL``) every descendant
  outside the grader's own session that was not there before the grading, and reaps it.

Both go on until no process is left (a zombie, already dead, is only reaped), or give up with
:class:`Survivor` after :data:`PATIENCE_S` seconds.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import pwd
import random
import signal
import time
from pathlib import Path

from kingdomino_kit.errors import KingdominoError

__all__ = ["PATIENCE_S", "Survivor", "become_subreaper", "descendants", "end_descendants",
           "end_user", "free_uid", "processes_of"]

PATIENCE_S = 10.0
"""How long the killing goes on before the grader gives up."""
_PR_SET_CHILD_SUBREAPER = 36


class Survivor(KingdominoError):
    """A process of a submission that could not be ended."""


def become_subreaper() -> bool:
    """Make this process the child subreaper of its descendants (Linux); whether it is."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _status(pid: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields


def _table() -> dict[int, dict[str, str]]:
    """Every process's status fields, by process id."""
    return {int(pid): status for pid in os.listdir("/proc")
            if pid.isdigit() and (status := _status(pid))}


def _alive(status: dict[str, str]) -> bool:
    return not status.get("State", "").startswith(("Z", "X"))


def processes_of(uid: int) -> list[int]:
    """The live processes whose real, effective or saved user is ``uid``."""
    return sorted(pid for pid, status in _table().items()
                  if _alive(status) and str(uid) in status.get("Uid", "").split()[:3])


def free_uid(low: int, high: int) -> int:
    """A uid from ``low`` to ``high - 1`` that no account and no process has: a user of its
    own for what a submission or a bot runs."""
    picker = random.SystemRandom()
    while True:
        uid = picker.randrange(low, high)
        with contextlib.suppress(KeyError):
            pwd.getpwuid(uid)
            continue
        if not processes_of(uid):
            return uid


def descendants(root: int | None = None) -> list[int]:
    """The live descendants of process ``root`` (this one by default) in another session."""
    top = os.getpid() if root is None else root
    table = _table()
    children: dict[int, list[int]] = {}
    for pid, status in table.items():
        with contextlib.suppress(KeyError, ValueError):
            children.setdefault(int(status["PPid"]), []).append(pid)
    session = os.getsid(top)
    found, todo = [], list(children.get(top, []))
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        with contextlib.suppress(OSError):
            if _alive(table[pid]) and os.getsid(pid) != session:
                found.append(pid)
    return sorted(found)


def _reap(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(ChildProcessError, OSError):
            os.waitpid(pid, os.WNOHANG)


def end_descendants(spare: frozenset[int] = frozenset()) -> None:
    """Kill every descendant of this process outside its session but those in ``spare``
    (there before the grading began); :class:`Survivor` if one is still there after
    :data:`PATIENCE_S`."""
    deadline = time.monotonic() + PATIENCE_S
    while pids := [pid for pid in descendants() if pid not in spare]:
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.02)
        _reap(pids)
        if time.monotonic() > deadline:
            raise Survivor(f"processes {pids} started by a submission could not be ended")
    _reap(_zombies())


def _zombies() -> list[int]:
    me = str(os.getpid())
    return [pid for pid, status in _table().items()
            if status.get("PPid") == me and not _alive(status)]


def _kill_all_as(uid: int, gid: int) -> None:
    child = os.fork()
    if child == 0:  # only system calls here: the parent has threads
        try:
            os.setgroups([])
            os.setresgid(gid, gid, gid)
            os.setresuid(uid, uid, uid)
            os.kill(-1, signal.SIGKILL)
        finally:
            os._exit(0)
    os.waitpid(child, 0)


def end_user(uid: int, gid: int) -> None:
    """Kill every process of the dedicated ``uid`` (this process must be root);
    :class:`Survivor` if one is still there after :data:`PATIENCE_S`."""
    deadline = time.monotonic() + PATIENCE_S
    while pids := processes_of(uid):
        _kill_all_as(uid, gid)
        time.sleep(0.02)
        _reap(pids)
        if time.monotonic() > deadline:
            raise Survivor(f"processes {pids} of the grading user {uid} could not be ended")
    _reap(_zombies())
