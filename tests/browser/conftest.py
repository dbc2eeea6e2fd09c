"""Fixtures for the real-browser tests: a private JupyterLab server and headless Chromium.

Both are started here and stopped here, whatever happens: the server runs in its own process
group (killed as a group), its kernels are found by the private runtime directory in their
command line and killed by pid, and Chromium is closed by Playwright. Nothing is downloaded:
Playwright drives Debian's ``/usr/bin/chromium``, which ``make test`` installs; without it the
tests fail (``make test-fast`` leaves them out).

What is shared, and how each test stays on its own: one JupyterLab for the session (``lab``
hands each test a fresh folder of copies, a workspace of its own, the server's settings as
they were, and shuts every kernel down after it), one Voilà app for the session, one Chromium
per test module (``page``, ``app_page`` and ``browser_page`` open a fresh context per test:
its own cookies, storage, cache and downloads). A test that changes what the whole server
trusts takes ``fresh_lab``, a server of its own.
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
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

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
    """The test's notebook folder (the server's root, or a folder of its own inside it)."""
    log: Path
    home: Path
    """The server's private Jupyter folders: ``settings``, ``config``, ``data``."""
    folder: str = ""
    """``root`` as the server names it (relative to the server's root; "" for the root)."""

    def path(self, name: str) -> str:
        """The server's path of a file in the test's folder."""
        return f"{self.folder}/{name}" if self.folder else name

    def notebook_url(self, name: str) -> str:
        """JupyterLab's URL of a notebook in the test's folder, with the token (in a workspace
        of the test's own, so that no layout saved by another test opens with it)."""
        workspace = f"/workspaces/{self.folder}" if self.folder else ""
        return f"{self.url}/lab{workspace}/tree/{self.path(name)}?token={self.token}"

    def notebook7_url(self, name: str) -> str:
        """Notebook 7's URL of a notebook in the test's folder, with the token."""
        return f"{self.url}/notebooks/{self.path(name)}?token={self.token}"


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
    _copy_notebooks(root)
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
        yield Lab(url, token, root, log, base)
    finally:
        _kill_group(proc)
        _kill_processes_mentioning(str(runtime))


def _copy_notebooks(folder: Path) -> None:
    """This folder's notebooks and the student editions, copied into ``folder``."""
    for notebook in [*HERE.glob("*.ipynb"), *TEACHING.glob("*.ipynb")]:
        shutil.copy(notebook, folder / notebook.name)


def _api(lab: Lab, method: str, path: str) -> Any:
    """A call to the Jupyter server's REST API; its JSON answer (None when empty)."""
    request = urllib.request.Request(f"{lab.url}/api/{path}", method=method,
                                     headers={"Authorization": f"token {lab.token}"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        body = answer.read()
    return json.loads(body) if body else None


def _shut_down_kernels(lab: Lab) -> None:
    """Every session and kernel of the server, shut down (a test's kernels end with it)."""
    for session in _api(lab, "GET", "sessions"):
        with contextlib.suppress(urllib.error.HTTPError):
            _api(lab, "DELETE", f"sessions/{session['id']}")
    for kernel in _api(lab, "GET", "kernels"):
        with contextlib.suppress(urllib.error.HTTPError):
            _api(lab, "DELETE", f"kernels/{kernel['id']}")


def _files(folder: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


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


@pytest.fixture(scope="session")
def voila_app(tmp_path_factory: pytest.TempPathFactory, chromium_path: Path) -> Iterator[App]:
    """``make app`` itself (Voilà on the app notebook), on a free port, shared by the session
    (each page is a kernel of its own) and stopped at its end with every process it started
    (its kernels included)."""
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
    happens. (A Chromium of its own: for a module that does not take ``browser``.)"""
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


@pytest.fixture(scope="module")
def browser(chromium_path: Path) -> Iterator[Any]:
    """One headless Chromium for the test module (Playwright's sync API runs one at a time
    in a thread: a module scope leaves the modules that start their own free to)."""
    os.environ["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(chromium_path),
                                              headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@contextmanager
def browser_page(browser: Any, width: int, height: int) -> Iterator[Any]:
    """A page in a fresh context of ``browser`` (its own cookies, storage, cache and
    downloads, as a new profile); the context closed whatever happens."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  accept_downloads=True)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture()
def app_page(voila_app: App, browser: Any) -> Iterator[object]:
    """A headless Chromium page at 1366×768 for the Voilà app."""
    with browser_page(browser, 1366, 768) as page:
        yield page


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory, chromium_path: Path) -> Iterator[Lab]:
    """JupyterLab 4 for the whole session (tests take ``lab``, a folder of their own in it)."""
    with jupyter_server("jupyterlab", tmp_path_factory.mktemp("jupyterlab")) as server:
        yield server


@pytest.fixture()
def lab(lab_server: Lab) -> Iterator[Lab]:
    """The session's JupyterLab as one test's own: a fresh folder holding fresh copies of the
    notebooks (nothing another test saved), a workspace of its own; after the test, every
    kernel shut down and the server's settings put back as they were."""
    folder = f"test-{secrets.token_hex(4)}"
    root = lab_server.root / folder
    root.mkdir()
    _copy_notebooks(root)
    settings = lab_server.home / "settings"
    before = _files(settings)
    try:
        yield replace(lab_server, root=root, folder=folder)
    finally:
        _shut_down_kernels(lab_server)
        for path in set(_files(settings)) - set(before):
            path.unlink()
        for path, data in before.items():
            path.write_bytes(data)


@pytest.fixture()
def fresh_lab(tmp_path_factory: pytest.TempPathFactory, chromium_path: Path) -> Iterator[Lab]:
    """JupyterLab 4, started for one test and stopped after it: for a test that changes what
    the whole server keeps (the notebooks it trusts)."""
    with jupyter_server("jupyterlab", tmp_path_factory.mktemp("jupyterlab")) as server:
        yield server


@pytest.fixture()
def notebook7(tmp_path_factory: pytest.TempPathFactory, chromium_path: Path) -> Iterator[Lab]:
    """Notebook 7, started for one test and stopped after it."""
    with jupyter_server("notebook", tmp_path_factory.mktemp("notebook7")) as server:
        yield server


@pytest.fixture()
def page(browser: Any) -> Iterator[object]:
    """A fresh headless Chromium page (a context of its own) at 1280×1000 unless a test sets
    another size."""
    with browser_page(browser, 1280, 1000) as page:
        yield page


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The notebooks here are the browser test's fixtures, run by JupyterLab, not test files."""
    if collection_path.suffix == ".ipynb" and collection_path.parent == HERE:
        return True
    return None

