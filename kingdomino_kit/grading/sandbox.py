"""Where and as whom a submission's kernel runs, and what is checked when it is gone.

A grading run makes one :class:`Sandbox`; each submission gets a :class:`Place` in it, used
once and removed:

- a folder of its own, ``RUN/N/``: ``work/`` (the kernel's working folder, holding only the
  submission's notebook, copied there) and ``home/`` (its ``HOME``, ``TMPDIR``, its numba
  cache — a fresh copy of the kit's own, so compiled code loads instead of compiling — and the
  kernel's connection file and sockets);
- **as root** (a lab server, CI): the kernel runs as a user of its own — a numeric uid and gid
  no account and no process has, the same for the whole run — so the installed kit, its data
  and anything the grader reads are out of its reach (the kit is root's); it starts through
  :mod:`.confine` (namespaces of its own: fresh ``/tmp``-like folders, the repository's
  ``lessons/`` and the folders the submissions came from hidden, no network: it talks to the
  grader over Unix sockets in its folder);
- **as another user**: the kernel runs as that user (the system offers no other), so the
  kit's files are hashed before the run and after each submission: a change stops the run
  (:class:`KitChanged`) before another submission runs with it.

After each submission every process it started is ended (:mod:`.processes`) before the next
one starts, and the gradebook is written only after :meth:`Sandbox.close`.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import nbformat
from jupyter_client.manager import AsyncKernelManager

import kingdomino_kit
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.grading import confine
from kingdomino_kit.grading.numba_cache import copy_cache
from kingdomino_kit.grading.processes import (
    become_subreaper,
    descendants,
    end_descendants,
    end_user,
    free_uid,
)

__all__ = ["KitChanged", "Place", "Sandbox", "kit_digest", "kit_folder", "lessons_folder"]

_UIDS = (1_000_000_000, 1_500_000_000)
"""Where the dedicated user's number is drawn from (far above the accounts' and the ranges
container tools hand out)."""
_PASSED_ON = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "PYTHONPATH", "VIRTUAL_ENV")
"""The grader's environment variables a kernel gets (with ``KINGDOMINO_KIT_*``): no others."""


class KitChanged(KingdominoError):
    """The kit's files changed while a submission ran (the grader not root)."""


def kit_folder() -> Path:
    """The installed package's folder."""
    return Path(kingdomino_kit.__file__).resolve().parent


def lessons_folder() -> Path | None:
    """The repository's ``lessons/`` (the sources, with their solutions) beside the package,
    when the kit runs from a checkout."""
    folder = kit_folder().parent / "lessons"
    return folder if folder.is_dir() else None


def kit_digest(folder: Path | None = None) -> dict[str, str]:
    """Every file of the kit's package (numba caches and bytecode included): its SHA-256."""
    top = folder or kit_folder()
    digest = {}
    for path in sorted(top.rglob("*")):
        if path.is_file() and not path.is_symlink():
            digest[str(path.relative_to(top))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return digest


def _no_namespaces() -> str:
    """``""`` when root gets namespaces here, else why not (a throwaway probe)."""
    done = subprocess.run([sys.executable, "-I", confine.__file__, "--probe"], text=True,
                          capture_output=True, timeout=60, check=False)
    return "" if done.returncode == 0 else (done.stderr.strip() or "unshare failed")[-200:]


def _reached() -> list[str]:
    """The folders a kernel runs from: the interpreter's, the kit's, ``sys.path``'s but the
    working folder (each once, none inside another, none closed to others itself)."""
    found = [sys.base_prefix, sys.prefix, os.path.dirname(os.path.realpath(sys.executable)),
             str(kit_folder()), *sys.path]
    here = os.path.realpath(os.getcwd())  # on sys.path under ``python -m``: not the kernel's
    paths = sorted({real for p in found if p and os.path.isdir(p)
                    if (real := os.path.realpath(p)) != here
                    and confine.closed_folder(real) != real})  # one it could not enter
    return [p for p in paths if not any(p.startswith(q.rstrip("/") + "/") for q in paths)]


class ConfinedKernelManager(AsyncKernelManager):
    """A kernel manager whose kernel starts through :mod:`.confine` as ``owner`` (root only)
    and whose connection file the kernel's user may read."""

    def __init__(self, place: Place, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.place = place

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        command = super().format_kernel_cmd(extra_arguments)
        place = self.place
        if place.owner is None:
            return command
        hide = [arg for path in place.hide for arg in ("--hide", str(path))]
        reach = [arg for path in _reached() for arg in ("--reach", path)]
        bare = ["--bare"] if place.bare else []
        return [sys.executable, "-I", confine.__file__,
                "--uid", str(place.owner[0]), "--gid", str(place.owner[1]),
                "--folder", str(place.folder), "--cwd", str(place.cwd), *reach, *hide, *bare,
                "--", *command]

    def write_connection_file(self, **kwargs: Any) -> None:
        super().write_connection_file(**kwargs)
        if self.place.owner is not None:
            os.chown(self.connection_file, *self.place.owner)


@dataclass
class Place:
    """One submission's folder, user and environment (see the module docstring)."""

    folder: Path
    cwd: Path
    home: Path
    owner: tuple[int, int] | None
    hide: tuple[Path, ...]
    end: Callable[[], None]
    bare: bool = False
    stderr: BinaryIO | None = None

    def end_processes(self) -> None:
        """Kill every process of the submission (its kernel's and any it left)."""
        self.end()

    def log(self) -> BinaryIO:
        """The kernel's standard error, a file of the grader's beside the kernel's folder
        (``RUN/N.log``: out of the kernel user's reach)."""
        if self.stderr is None:
            self.stderr = open(self.log_path(), "wb")  # noqa: SIM115 — the Sandbox closes it
        return self.stderr

    def log_path(self) -> Path:
        """Where :meth:`log` writes."""
        return self.folder.with_name(f"{self.folder.name}.log")

    def log_line(self) -> str:
        """The launcher's or the kernel's last line on standard error (or ``""``)."""
        with contextlib.suppress(OSError):
            lines = self.log_path().read_bytes()[-4000:].decode(errors="replace")
            found = [line for line in lines.splitlines() if line.strip()]
            return found[-1].strip()[:200] if found else ""
        return ""

    def environment(self) -> dict[str, str]:
        """The kernel's environment: its own home and caches, a few of the grader's."""
        env = {k: v for k, v in os.environ.items()
               if k in _PASSED_ON or k.startswith("KINGDOMINO_KIT_")}
        home = str(self.home)
        env.update(HOME=home, TMPDIR=str(self.home / "tmp"), PYTHONDONTWRITEBYTECODE="1",
                   NUMBA_CACHE_DIR=str(self.home / "numba"), MPLCONFIGDIR=f"{home}/.mpl",
                   IPYTHONDIR=f"{home}/.ipython", JUPYTER_CONFIG_DIR=f"{home}/.jupyter",
                   JUPYTER_DATA_DIR=f"{home}/.jupyter-data",
                   JUPYTER_RUNTIME_DIR=f"{home}/.jupyter-runtime")
        return env

    def kernel_manager(self) -> ConfinedKernelManager:
        """A manager for this place's kernel (Unix sockets when confined: no network)."""
        km = ConfinedKernelManager(self, kernel_name="python3")
        km.connection_file = str(self.home / "kernel.json")
        if self.owner is not None:
            km.transport = "ipc"
            km.ip = str(self.home / "k")
        return km


class Sandbox:
    """The places of one grading run (a context manager; see the module docstring).
    ``hide``: folders and files a kernel must not see (as root)."""

    def __init__(self, hide: Sequence[Path] = ()) -> None:
        self.root = os.geteuid() == 0
        self.owner: tuple[int, int] | None = None
        self.base: Path | None = None
        self.count = 0
        self.digest: dict[str, str] = {}
        self.spare: frozenset[int] = frozenset()
        self.hide = tuple(hide)
        self.bare = False
        self.note = ""
        """What the grader says before it starts when the machine limits the confinement."""

    def __enter__(self) -> Sandbox:
        self.base = Path(tempfile.mkdtemp(prefix="kk-grade-"))
        why = _no_namespaces() if self.root else ""
        if why and any(confine.closed_folder(p) for p in _reached()):
            self.note = (f"this machine gives no namespaces ({why}) and Python or the kit lies "
                         "in a folder only root may enter: submissions run as root, the kit's "
                         "files checked after each (docs/grading.md)")
        elif self.root:
            uid = free_uid(*_UIDS)
            self.owner = (uid, uid)
            self.bare = bool(why)
            self.base.chmod(0o711)
            if why:
                self.note = (f"this machine gives no namespaces ({why}): each submission runs "
                             "as a user of its own, but sees /tmp and every folder all users "
                             "may read (docs/grading.md)")
        if not self.root:
            self.note = ("not run as root: each submission runs as you and can read and write "
                         "what you can; the kit's files are checked after each "
                         "(docs/grading.md)")
        if self.owner is None:
            become_subreaper()
            self.spare = frozenset(descendants())
            self.digest = kit_digest()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _hidden(self, place: Path) -> tuple[Path, ...]:
        """The ``hide`` paths, each a folder where it holds nothing the kernel needs, else
        the files in it that are hidden one by one."""
        needed = [place, kit_folder(), *(Path(p) for p in _reached())]
        out: list[Path] = []
        for path in (p.resolve() for p in self.hide if p.exists()):
            if path.is_dir() and any(n == path or path in n.parents for n in needed):
                continue  # Python or the kit lives in it: the files in it are hidden one by one
            out.append(path)
        return tuple(dict.fromkeys(out))

    @contextlib.contextmanager
    def place(self, nb: Any, notebook: str) -> Iterator[Place]:
        """A fresh place holding the submission ``nb`` as ``work/NOTEBOOK.ipynb``; when the
        block ends every process of it is ended and the folder removed (and, not as root,
        the kit's files checked unchanged)."""
        base = self.base or self.__enter__().base or Path()
        self.count += 1
        folder = base / str(self.count)
        place = Place(folder, folder / "work", folder / "home", self.owner, (),
                      self.end_processes, self.bare)
        place.hide = self._hidden(folder)
        for made in (place.cwd, place.home, place.home / "tmp"):
            made.mkdir(parents=True, mode=0o700)
        nbformat.write(nb, place.cwd / f"{notebook}.ipynb")  # type: ignore[no-untyped-call]
        copy_cache(place.home / "numba")
        if self.owner is not None:
            for path in [folder, *folder.rglob("*")]:
                os.chown(path, *self.owner, follow_symlinks=False)
            folder.chmod(0o700)
        try:
            yield place
        finally:
            self.end_processes()
            if place.stderr is not None:
                place.stderr.close()
            shutil.rmtree(folder, ignore_errors=True)
            with contextlib.suppress(OSError):
                os.unlink(place.log_path())
            if self.digest:
                self._check_kit()

    def end_processes(self) -> None:
        """End every process a submission started (:mod:`.processes`): as root, every
        process of the run's user; else every descendant of the grader that was not there
        before the run."""
        if self.owner is not None:
            end_user(*self.owner)
        else:
            end_descendants(self.spare)

    def _check_kit(self) -> None:
        now = kit_digest()
        changed = sorted(set(now.items()) ^ set(self.digest.items()))
        if changed:
            raise KitChanged(f"the kit's files changed while a submission ran ({changed[0][0]} "
                             f"in {kit_folder()}): grading stopped; reinstall the kit")

    def close(self) -> None:
        """End every process left and remove the run's folder."""
        if self.base is None:
            return
        self.end_processes()
        shutil.rmtree(self.base, ignore_errors=True)
        self.base = None
