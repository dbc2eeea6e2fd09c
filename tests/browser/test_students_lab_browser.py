"""``make lab`` itself, as a student first meets it, in headless Chromium: no grading menu of
nbgrader (installed in the venv by the ``grading`` extra, so a teacher's own lab has it) and no
news prompt.

The server is started by ``make lab`` (its port and token from JupyterLab's own environment
variables, every user-level Jupyter folder private and empty, as on a student's first start)
and stopped with every process it started.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    REPO,
    SERVER_START_S,
    _children,
    _free_port,
    _kill_group,
    browser_page,
)
from tests.browser.test_board_browser import WAIT_MS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NBGRADER = "@jupyter/nbgrader"
SETTLE_S = 8
"""How long the page is watched after the notebook opened: the news prompt comes a moment after
JupyterLab starts (it came within 8 s on a loaded 2-core machine when it was not turned off)."""


def _get(url: str) -> tuple[int, str]:
    """The status and text of a GET (status 0: nothing answered)."""
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, ""
    except OSError:
        return 0, ""


@pytest.fixture()
def students_lab(tmp_path_factory: pytest.TempPathFactory, chromium_path: Path
                 ) -> Iterator[tuple[str, str]]:
    """``make lab`` on a free port; its URL and token."""
    base = tmp_path_factory.mktemp("students-lab")
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ, JUPYTER_PORT=str(port), JUPYTER_PORT_RETRIES="0", JUPYTER_TOKEN=token,
               HOME=str(base / "home"), JUPYTER_CONFIG_DIR=str(base / "config"),
               JUPYTER_RUNTIME_DIR=str(base / "runtime"), JUPYTER_DATA_DIR=str(base / "data"),
               JUPYTERLAB_SETTINGS_DIR=str(base / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(base / "workspaces"),
               IPYTHONDIR=str(base / "ipython"), MPLBACKEND="Agg",
               PYDEVD_DISABLE_FILE_VALIDATION="1")
    for name in ("MAKEFLAGS", "JUPYTER_CONFIG_PATH"):
        env.pop(name, None)
    (base / "home").mkdir()
    # JupyterLab checkpoints a notebook it opens: beside it, in the repository's notebooks/,
    # unless the user's config (highest priority, a private one here) puts them elsewhere
    (base / "config").mkdir()
    (base / "config" / "jupyter_server_config.json").write_text(json.dumps(
        {"FileCheckpoints": {"checkpoint_dir": str(base / "checkpoints")}}))
    log = base / "lab.log"
    # the venv is the one running this test: make must not reinstall it mid-test
    make = ["make", "--no-print-directory", "-o", ".venv/.installed-stamp", "lab"]
    with log.open("wb") as out:
        proc = subprocess.Popen(make, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    before = (REPO / "notebooks" / ".ipynb_checkpoints").exists()
    try:
        deadline = time.monotonic() + SERVER_START_S
        while _get(f"{url}/api/status?token={token}")[0] != 200:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"make lab did not answer on {port}:\n{log.read_text()}")
            time.sleep(0.5)
        yield url, token
        assert not (REPO / "notebooks" / ".ipynb_checkpoints").exists() or before, \
            "the test left checkpoints in notebooks/"
    finally:
        started = _children(proc.pid)
        _kill_group(proc)
        for pid in reversed(started):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def test_make_lab_shows_students_no_grading_menu_and_no_news_prompt(
        students_lab: tuple[str, str], browser: Any, artifacts: Path) -> None:
    from playwright.sync_api import expect

    url, token = students_lab
    # the server side: nbgrader's handlers are not there, the settings turn the news off
    assert _get(f"{url}/formgrader?token={token}")[0] == 404
    assert _get(f"{url}/assignments?token={token}")[0] == 404
    status, text = _get(f"{url}/lab/api/settings/@jupyterlab/apputils-extension:notification"
                        f"?token={token}")
    assert status == 200
    defaults = {k: v.get("default") for k, v in json.loads(text)["schema"]["properties"].items()}
    assert defaults["fetchNews"] == "false" and defaults["checkForUpdates"] is False, defaults

    with browser_page(browser, 1366, 768) as page:
        page.set_default_timeout(WAIT_MS)
        expect.set_options(timeout=WAIT_MS)
        page.goto(f"{url}/?token={token}")        # make lab opens on 00_start_here
        expect(page.locator(".jp-NotebookPanel .jp-Cell").first).to_be_visible()
        expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")
               ).to_have_count(1)
        # installed, and turned off for this server only (what the page was told)
        config = json.loads(page.locator("#jupyter-config-data").text_content() or "{}")
        assert NBGRADER in {e["name"] for e in config["federated_extensions"]}
        assert NBGRADER in config["disabledExtensions"], config["disabledExtensions"]
        time.sleep(SETTLE_S)
        menus = page.locator("#jp-menu-panel .lm-MenuBar-itemLabel").all_inner_texts()
        assert "File" in menus and "Kernel" in menus, menus       # the menu bar was read
        assert not [m for m in menus if "grader" in m.lower()], menus
        tabs = [t.get_attribute("title") or "" for t in
                page.locator(".jp-SideBar .lm-TabBar-tab").all()]
        assert any(t.startswith("File Browser") for t in tabs), tabs
        assert not [t for t in tabs if "grader" in t.lower() or "assignment" in t.lower()], tabs
        page.locator(".lm-MenuBar-itemLabel", has_text="View").click()
        commands = page.locator(".lm-Menu-itemLabel").all_inner_texts()
        page.keyboard.press("Escape")
        assert commands and not [c for c in commands if "grader" in c.lower()], commands
        toasts = page.locator(".Toastify__toast").all_inner_texts()
        assert not toasts, toasts
        page.screenshot(path=str(artifacts / "students_lab_first_start.png"))
