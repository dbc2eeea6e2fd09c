"""Fixtures for the real-browser tests: a private JupyterLab server and headless Chromium.

Both are started here and stopped here, whatever happens: the server runs in its own process
group (killed as a group), its kernels are found by the private runtime directory in their
command line and killed by pid, and Chromium is closed by Playwright. Nothing is downloaded:
Playwright drives Debian's ``/usr/bin/chromium``, which ``make test`` installs; without it the
tests fail (``make test-fast`` leaves them out).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
HERE = Path(__file__).parent
REPO = HERE.parent.parent
ARTIFACTS = HERE.parent.parent / "test-artifacts"
TEACHING = HERE.parent.parent / "notebooks"  # the student editions, opened as a class would
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SERVER_START_S = 90


@dataclass(frozen=True)
class Lab:
    """A running Jupyter server: where it listens, its token and its notebook folder."""

    url: str
    token: str
    root: Path
    log: Path

    def notebook_url(self, name: str) -> str:
        """JupyterLab's URL of a notebook in the root folder, with the token."""
        return f"{self.url}/lab/tree/{name}?token={self.token}"

    def notebook7_url(self, name: str) -> str:
        """Notebook 7's URL of a notebook in the root folder, with the token."""
        return f"{self.url}/notebooks/{name}?token={self.token}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _quiet_lab_settings(settings: Path) -> None:
    """No news and no update checks: nothing pops over the notebook, nothing goes online."""
    path = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def _kill_processes_mentioning(marker: str) -> None:
    """Kill (by pid) the processes whose command line contains ``marker`` — our kernels."""
    own = os.getpid()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == own:
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marker in cmdline:
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(entry.name), signal.SIGKILL)


def _wait_until_up(proc: subprocess.Popen[bytes], url: str, token: str, log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"jupyter lab exited with {proc.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"jupyter lab did not answer in {SERVER_START_S} s:\n{log.read_text()}")


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """``test-artifacts/`` at the top of the repository (gitignored): screenshots go there."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is absent: `make test` installs Debian's chromium (as root); "
                    "without it run `make test-fast`, which leaves the browser out")
    return CHROMIUM


@contextmanager
def jupyter_server(app: str, base: Path) -> Iterator[Lab]:
    """``app`` (``jupyterlab`` or ``notebook``, i.e. Notebook 7) on 127.0.0.1 with a token,
    private config/runtime/settings dirs and a temp root holding this folder's notebooks and
    the student editions of the teaching notebooks."""
    root = base / "root"
    root.mkdir()
    for notebook in [*HERE.glob("*.ipynb"), *TEACHING.glob("*.ipynb")]:
        shutil.copy(notebook, root / notebook.name)
    _quiet_lab_settings(base / "settings")
    runtime = base / "runtime"
    env = dict(os.environ,
               JUPYTER_CONFIG_DIR=str(base / "config"), JUPYTER_RUNTIME_DIR=str(runtime),
               JUPYTER_DATA_DIR=str(base / "data"), JUPYTERLAB_SETTINGS_DIR=str(base / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(base / "workspaces"), IPYTHONDIR=str(base / "ipython"),
               MPLBACKEND="Agg", PYDEVD_DISABLE_FILE_VALIDATION="1")
    port, token = _free_port(), secrets.token_hex(16)
    app_class = {"jupyterlab": "LabApp", "notebook": "JupyterNotebookApp"}[app]
    cmd = [sys.executable, "-m", app, "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
           f"--{app_class}.expose_app_in_browser=True",
           f"--{app_class}.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if app == "notebook":
        cmd.pop()  # Notebook 7 has no update check
    if os.getuid() == 0:
        cmd.append("--allow-root")
    log = base / f"{app}.log"
    url = f"http://127.0.0.1:{port}"
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        _wait_until_up(proc, url, token, log)
        yield Lab(url, token, root, log)
    finally:
        _kill_group(proc)
        _kill_processes_mentioning(str(runtime))


def _children(pid: int) -> list[int]:
    """Every process descended from ``pid`` (read from /proc), deepest last."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        kids = parents.get(todo.pop(), [])
        out.extend(kids)
        todo.extend(kids)
    return out


def listening_addresses(port: int) -> set[str]:
    """The local addresses (hex, as /proc/net/tcp* writes them) listening on ``port``."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                local, state = line.split()[1], line.split()[3]
                address, hex_port = local.rsplit(":", 1)
                if state == "0A" and int(hex_port, 16) == port:
                    found.add(address)
    return found


@dataclass(frozen=True)
class App:
    """The running ``make app`` page: its URL and port."""

    url: str
    port: int
    log: Path


@pytest.fixture()
def voila_app(tmp_path_factory: pytest.TempPathFactory, chromium_path: Path) -> Iterator[App]:
    """``make app`` itself (Voilà on the app notebook), on a free port, stopped after the test
    with every process it started (its kernels included)."""
    base = tmp_path_factory.mktemp("voila")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(base / "config"),
               JUPYTER_RUNTIME_DIR=str(base / "runtime"), JUPYTER_DATA_DIR=str(base / "data"),
               IPYTHONDIR=str(base / "ipython"), MPLBACKEND="Agg",
               PYDEVD_DISABLE_FILE_VALIDATION="1")
    env.pop("MAKEFLAGS", None)
    port = _free_port()
    log = base / "voila.log"
    with log.open("wb") as out:
        # -o: the venv is the one running the tests; make must not reinstall it under them
        proc = subprocess.Popen(["make", "--no-print-directory", "-o", ".venv/.installed-stamp",
                                 "app", f"APP_PORT={port}"],
                                cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START_S
        while not listening_addresses(port):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"make app did not listen on {port}:\n{log.read_text()}")
            time.sleep(0.5)
        yield App(url, port, log)
    finally:
        started = _children(proc.pid)
        _kill_group(proc)
        for pid in reversed(started):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@contextmanager
def chromium_page(chromium_path: Path, profile: Path, width: int, height: int
                  ) -> Iterator[object]:
    """A fresh headless Chromium page (own user-data-dir ``profile``); closed whatever
    happens."""
    os.environ["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=str(chromium_path), headless=True,
            args=CHROMIUM_ARGS, viewport={"width": width, "height": height})
        try:
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


@pytest.fixture()
def app_page(voila_app: App, chromium_path: Path, tmp_path: Path) -> Iterator[object]:
    """A headless Chromium page at 1366×768 for the Voilà app."""
    with chromium_page(chromium_path, tmp_path / "chromium-profile", 1366, 768) as page:
        yield page


@pytest.fixture()
def lab(tmp_path_factory: pytest.TempPathFactory, chromium_path: Path) -> Iterator[Lab]:
    """JupyterLab 4, started for one test and stopped after it."""
    with jupyter_server("jupyterlab", tmp_path_factory.mktemp("jupyterlab")) as server:
        yield server


@pytest.fixture()
def notebook7(tmp_path_factory: pytest.TempPathFactory, chromium_path: Path) -> Iterator[Lab]:
    """Notebook 7, started for one test and stopped after it."""
    with jupyter_server("notebook", tmp_path_factory.mktemp("notebook7")) as server:
        yield server


@pytest.fixture()
def page(lab: Lab, chromium_path: Path, tmp_path: Path) -> Iterator[object]:
    """A fresh headless Chromium page for the Jupyter server (1280×1000 unless a test sets
    another size)."""
    with chromium_page(chromium_path, tmp_path / "chromium-profile", 1280, 1000) as page:
        yield page


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The notebooks here are the browser test's fixtures, run by JupyterLab, not by nbval."""
    if collection_path.suffix == ".ipynb" and collection_path.parent == HERE:
        return True
    return None
