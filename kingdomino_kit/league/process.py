"""A bot program in a process of its own: started confined, asked through the protocol, its
misdeeds costing its own decisions, and ended with every process it started.

**Where it runs.** Each program (one per game and seat) gets a fresh folder holding only a copy
of its file, and runs there with the operating system's limits (:class:`Limits`): address space
(``RLIMIT_AS``: the memory ceiling), CPU seconds for the whole game, file size, open files, no
core dump. As root it runs through :mod:`kingdomino_kit.grading.confine`, as a user of its own
(a numeric uid no one has) with at most :attr:`Limits.processes` processes, fresh ``/tmp``-like
folders, no network, the bots' source folders and the league's output hidden: it can neither
read another bot's file nor write outside its folder. Not as root, it runs as the league's
user (the limits still hold; the files do not: :data:`NOT_ROOT`).

**Strikes.** A decision the bot does not answer in time (``timeout``), answers with something
that is not a reply (``garbage``), with an action that is not legal (``illegal``), with its own
error (``error``), or does not answer because its process is gone (``crash``) is forfeited: the
league plays :data:`DEFAULT_MOVE` for it and records the event. At :attr:`Limits.strikes`
strikes — at once for a crash or a bot speaking another protocol version — the bot is *out*:
its process is ended and every later decision of that game is the default move.

**The end.** :meth:`ProgramBot.close` ends every process the program started — as root every
process of its uid (:func:`~kingdomino_kit.grading.processes.end_user`), else its process group
and every descendant of the league that left it
(:func:`~kingdomino_kit.grading.processes.end_descendants`, the league a child subreaper) — and
removes its folder.
"""

from __future__ import annotations

import contextlib
import os
import resource
import selectors
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import kingdomino_kit
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.grading import confine
from kingdomino_kit.grading.processes import (
    become_subreaper,
    descendants,
    end_descendants,
    end_user,
    free_uid,
)
from kingdomino_kit.league.protocol import (
    MAX_REPLY,
    decide_message,
    end_message,
    hello_message,
    parse_hello,
    parse_reply,
)
from kingdomino_kit.league.state import actions_json, observation_json, options_json

__all__ = ["DEFAULT_MOVE", "NOT_ROOT", "Confinement", "Limits", "ProgramBot", "end_registered",
           "probe_bare"]

DEFAULT_MOVE = 0
"""The index of the action played for a forfeited decision: the first legal action (a claim of
the lowest-numbered free domino, or the first placement listed)."""
NOT_ROOT = ("not run as root: each bot runs as you, with its time, memory and process limits, "
            "but can read and write what you can")
_UIDS = (1_500_000_000, 2_000_000_000)
_PASSED_ON = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "PYTHONPATH", "VIRTUAL_ENV")
_GRACE_S = 0.2
_DRAIN = 16 * 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """What each bot program may use: seconds per decision, seconds to start (its answer to
    hello), memory (MiB of address space), processes (as root), strikes before it is out,
    file size (MiB)."""

    time_per_move: float = 1.0
    startup_seconds: float = 10.0
    memory_mb: int = 1024
    processes: int = 8
    strikes: int = 3
    file_mb: int = 16

    def __post_init__(self) -> None:
        for name in ("time_per_move", "startup_seconds"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not 0 < value <= 3600:
                raise KingdominoError(f"{name} must be a number of seconds in (0, 3600], "
                                      f"not {value!r}")
        for name in ("memory_mb", "processes", "strikes", "file_mb"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise KingdominoError(f"{name} must be a whole number 1 or more, not {value!r}")

    def cpu_seconds(self) -> int:
        """The CPU seconds of a whole game (``RLIMIT_CPU``): the start and 100 decisions."""
        return int(self.startup_seconds + 100 * self.time_per_move) + 1


def probe_bare() -> bool:
    """True when root gets no namespaces here (the programs then run ``--bare``)."""
    probe = subprocess.run([sys.executable, "-I", confine.__file__, "--probe"],
                           capture_output=True, timeout=60, check=False)
    return probe.returncode != 0


@dataclass
class Confinement:
    """How the programs of one league process are confined: as root (a uid each, namespaces
    when the machine gives them) or not; ``hide``: folders and files no bot may see."""

    base: Path
    hide: tuple[Path, ...] = ()
    root: bool = field(default_factory=lambda: os.geteuid() == 0)
    bare: bool = False
    spare: frozenset[int] = frozenset()
    count: int = 0
    registry: Path | None = None
    """A file where each program started is noted (``uid N`` as root, else ``group N``), so a
    league whose game processes were killed still ends them (:func:`end_registered`)."""

    def note(self, what: str, number: int) -> None:
        """Add a started program to :attr:`registry` (one line, appended)."""
        if self.registry is not None:
            with open(self.registry, "a", encoding="ascii") as handle:
                handle.write(f"{what} {number}\n")

    @classmethod
    def open(cls, base: Path, hide: Sequence[Path] = (), *, confined: bool = True,
             bare: bool | None = None, registry: Path | None = None) -> Confinement:
        """Make the folder programs run in (``base``, created) and probe the machine (as root,
        unless ``bare`` says already whether it gives namespaces). ``confined=False``: run the
        programs as this process's user even as root (limits, no files of their own)."""
        base.mkdir(parents=True, exist_ok=True)
        base.chmod(0o711)
        conf = cls(base, tuple(hide), root=confined and os.geteuid() == 0, registry=registry)
        if conf.root:
            conf.bare = probe_bare() if bare is None else bare
        else:
            become_subreaper()
        conf.spare = frozenset(descendants())
        return conf

    def reach(self) -> list[str]:
        """The folders a program runs from: the interpreter's and the kit's."""
        found = [sys.base_prefix, sys.prefix, os.path.dirname(os.path.realpath(sys.executable)),
                 str(Path(kingdomino_kit.__file__).resolve().parent), *sys.path]
        here = os.path.realpath(os.getcwd())
        paths = sorted({real for p in found if p and os.path.isdir(p)
                        if (real := os.path.realpath(p)) != here})
        return [p for p in paths if not any(p.startswith(q.rstrip("/") + "/") for q in paths)]

    def hidden(self) -> list[str]:
        """``hide``, each folder that holds nothing a program needs, else the files in it."""
        needed = [self.base.resolve(), *(Path(p) for p in self.reach())]
        out: list[str] = []
        for path in (p.resolve() for p in self.hide if p.exists()):
            if path.is_dir() and any(n == path or path in n.parents for n in needed):
                out += [str(f) for f in path.iterdir() if f.is_file() and f.suffix != ".pth"
                        and not any(f == n or f in n.parents for n in needed)]
                continue
            out.append(str(path))
        return list(dict.fromkeys(out))



def _live_uids() -> set[int]:
    """The real uids of the processes alive now (one look at ``/proc``)."""
    found = set()
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("Uid:"):
                        found.add(int(line.split()[1]))
                        break
    return found


def end_registered(registry: Path, prefix: str) -> None:
    """End every program a registry notes (see :attr:`Confinement.registry`) that is still
    running — as root every process of its uid; else its process group, when its leader still
    works in a folder starting with ``prefix`` (a group number reused by another process is
    left alone) — and remove the registry."""
    try:
        lines = registry.read_text(encoding="ascii").split("\n")
    except (OSError, UnicodeDecodeError):
        return
    live = _live_uids() if os.geteuid() == 0 else set()
    for line in lines:
        what, _, number = line.partition(" ")
        if not number.isdigit():
            continue
        if what == "uid" and int(number) in live:
            end_user(int(number), int(number))
        elif what == "group":
            with contextlib.suppress(OSError):
                if os.readlink(f"/proc/{number}/cwd").startswith(prefix):
                    os.killpg(int(number), signal.SIGKILL)
    with contextlib.suppress(OSError):
        registry.unlink()


class ProgramBot:
    """One seat's bot program for one game (see the module): :meth:`start`, then the kit's bot
    interface ``choose(observation, actions)`` (always a legal action: its own, or the default
    one), then :meth:`close`. ``events``: the forfeited decisions and why."""

    needs_observation = True
    trusted = True

    def __init__(self, name: str, path: Path, python: bool, limits: Limits,
                 place: Confinement) -> None:
        self.name = name
        self.path = path
        self.python = python
        self.limits = limits
        self.place = place
        self.events: list[dict[str, Any]] = []
        self.strikes = 0
        self.forfeits = 0
        self.out = False
        self.decisions = 0
        self.seconds: list[float] = []
        self.said_name = ""
        self._proc: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self._uid: int | None = None
        self._folder: Path | None = None
        self._err: Path | None = None

    # ------------------------------------------------------------------ start
    def _command(self, folder: Path, uid: int | None) -> list[str]:
        inner = ([sys.executable, "-I", "-m", "kingdomino_kit.league.runner", self.path.name]
                 if self.python else [f"./{self.path.name}"])
        if uid is None:
            return inner
        reach = [a for p in self.place.reach() for a in ("--reach", p)]
        hide = [a for p in self.place.hidden() for a in ("--hide", p)]
        return [sys.executable, "-I", confine.__file__, "--uid", str(uid), "--gid", str(uid),
                "--folder", str(folder), "--cwd", str(folder), *reach, *hide,
                *(["--bare"] if self.place.bare else []),
                "--processes", str(self.limits.processes), "--", *inner]

    def _limit(self) -> None:
        """In the child, before ``exec``: the limits of :class:`Limits`."""
        mib = 1024 * 1024
        lim = self.limits
        for kind, value in ((resource.RLIMIT_AS, lim.memory_mb * mib),
                            (resource.RLIMIT_CPU, lim.cpu_seconds()),
                            (resource.RLIMIT_FSIZE, lim.file_mb * mib),
                            (resource.RLIMIT_CORE, 0), (resource.RLIMIT_NOFILE, 256)):
            resource.setrlimit(kind, (value, value))

    def start(self, player: int, seed: int, options: Any) -> None:
        """Start the program and shake hands (a bot that fails to is out at once)."""
        place = self.place
        place.count += 1
        folder = place.base / f"{os.getpid()}-{place.count}"
        folder.mkdir(mode=0o700)
        shutil.copyfile(self.path, folder / self.path.name)
        (folder / self.path.name).chmod(0o755)
        self._folder = folder
        self._err = folder.with_name(folder.name + ".err")
        uid = free_uid(*_UIDS) if place.root else None
        if uid is not None:
            for p in (folder, folder / self.path.name):
                os.chown(p, uid, uid)
        self._uid = uid
        env = {k: v for k, v in os.environ.items() if k in _PASSED_ON}
        env.update(HOME=str(folder), TMPDIR=str(folder), PYTHONDONTWRITEBYTECODE="1",
                   OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
        with open(self._err, "wb") as err:
            try:
                self._proc = subprocess.Popen(  # noqa: S603 - the bot, confined
                    self._command(folder, uid), cwd=folder, env=env, stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE, stderr=err, start_new_session=True,
                    preexec_fn=self._limit)  # noqa: PLW1509
            except OSError as error:
                self._strike_out(0, "crash", f"cannot start: {error.strerror}")
                return
        place.note("uid" if uid is not None else "group", uid if uid is not None
                   else self._proc.pid)
        for stream in (self._proc.stdin, self._proc.stdout):
            if stream is not None:
                os.set_blocking(stream.fileno(), False)
        hello = hello_message(player, options_json(options), seed, self.limits.time_per_move,
                              self.limits.startup_seconds)
        line, why = self._exchange(hello, self.limits.startup_seconds)
        if line is None:
            self._strike_out(0, why.split(":")[0], f"no answer to hello: {why}")
            return
        self.said_name, refused = parse_hello(line)
        if refused:
            self._strike_out(0, refused.split(":")[0], refused)

    # ------------------------------------------------------------------ talk
    def _drain(self) -> None:
        """Drop what the program wrote and nobody asked for (a late answer, garbage)."""
        self._buffer = b""
        out = self._proc.stdout if self._proc else None
        dropped = 0
        while out is not None and dropped < _DRAIN:
            try:
                chunk = os.read(out.fileno(), 65536)
            except (BlockingIOError, OSError):
                return
            if not chunk:
                return
            dropped += len(chunk)

    def _exchange(self, message: bytes, seconds: float,
                  late: Callable[[bytes], bool] | None = None) -> tuple[bytes | None, str]:
        """Write ``message`` and read one line within ``seconds`` (lines ``late`` says are a
        late answer to an earlier message are dropped): (the line, "") or (None, why:
        ``timeout``, ``crash: …``, ``garbage: …``)."""
        proc = self._proc
        if proc is None or proc.stdin is None or proc.stdout is None:
            return None, "crash: not running"
        self._drain()
        deadline = time.monotonic() + seconds
        todo = memoryview(message)
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdout, selectors.EVENT_READ)
            sel.register(proc.stdin, selectors.EVENT_WRITE)
            while True:
                newline = self._buffer.find(b"\n")
                if newline >= 0:
                    line, self._buffer = self._buffer[:newline], self._buffer[newline + 1:]
                    if late is not None and late(line):
                        continue
                    return line, ""
                if len(self._buffer) > MAX_REPLY:
                    return None, f"garbage: a line of more than {MAX_REPLY // 1024} KiB"
                left = deadline - time.monotonic()
                if left <= 0:
                    return None, f"timeout: no answer in {seconds:g} s"
                for key, _ in sel.select(left):
                    if key.fileobj is proc.stdin:
                        try:
                            todo = todo[os.write(proc.stdin.fileno(), todo):]
                        except BlockingIOError:
                            continue
                        except OSError:
                            return None, self._crash_reason()
                        if not todo:
                            sel.unregister(proc.stdin)
                    else:
                        try:
                            chunk = os.read(proc.stdout.fileno(), 65536)
                        except BlockingIOError:
                            continue
                        if not chunk:
                            return None, self._crash_reason()
                        self._buffer += chunk

    def _crash_reason(self) -> str:
        proc = self._proc
        code = None
        if proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = proc.wait(0.5)
        last = ""
        with contextlib.suppress(OSError):
            if self._err is not None:
                tail = self._err.read_bytes()[-4000:].decode(errors="replace").splitlines()
                found = [x.strip() for x in tail if x.strip()]
                last = f": {found[-1][:160]}" if found else ""
        how = "still running" if code is None else (
            f"killed by signal {-code}" if code < 0 else f"exit code {code}")
        return f"crash: {how}{last}"

    def _strike(self, decision: int, kind: str, detail: str) -> None:
        self.events.append({"decision": decision, "kind": kind, "detail": detail[:240]})
        self.strikes += 1
        if self.strikes >= self.limits.strikes:
            self._strike_out(decision, "out", f"{self.strikes} strikes")

    def _strike_out(self, decision: int, kind: str, detail: str) -> None:
        if kind != "out":
            self.events.append({"decision": decision, "kind": kind, "detail": detail[:240]})
        if not self.out:
            self.out = True
            self.events.append({"decision": decision, "kind": "out",
                                "detail": detail if kind == "out" else kind})
            self._end_processes()

    def choose(self, observation: Any, actions: Sequence[Any]) -> Any:
        """The program's choice, or the default move when it forfeits (see the module)."""
        decision = self.decisions
        self.decisions += 1
        if self.out:
            self.forfeits += 1
            return actions[DEFAULT_MOVE]
        message = decide_message(decision, self.limits.time_per_move,
                                 observation_json(observation), actions_json(actions))
        start = time.monotonic()
        line, why = self._exchange(message, self.limits.time_per_move,
                                   lambda got: parse_reply(got, decision, actions)[1] == "late")
        self.seconds.append(time.monotonic() - start)
        if line is None:
            if why.startswith("crash"):
                self._strike_out(decision, "crash", why)
            else:
                self._strike(decision, why.split(":")[0], why)
            self.forfeits += 1
            return actions[DEFAULT_MOVE]
        index, why = parse_reply(line, decision, actions)
        if index is None:
            self._strike(decision, why.split(":")[0], why)
            self.forfeits += 1
            return actions[DEFAULT_MOVE]
        return actions[index]

    # ------------------------------------------------------------------ end
    def finish(self, scores: Sequence[int], winners: Sequence[int]) -> None:
        """Tell a bot still in the game how it ended (it may ignore it), then :meth:`close`."""
        proc = self._proc
        if proc is not None and proc.stdin is not None and not self.out:
            with contextlib.suppress(OSError):
                os.write(proc.stdin.fileno(), end_message(scores, winners))
            with contextlib.suppress(OSError):
                proc.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(_GRACE_S)
        self.close()

    def _end_processes(self) -> None:
        proc = self._proc
        if proc is None:
            return
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        if self._uid is not None:
            end_user(self._uid, self._uid)
        else:
            end_descendants(self.place.spare)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(5)
        for stream in (proc.stdin, proc.stdout):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()

    def close(self) -> None:
        """End every process of the program and remove its folder."""
        self._end_processes()
        self._proc = None
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
        if self._err is not None:
            with contextlib.suppress(OSError):
                self._err.unlink()
