"""Every student notebook in JupyterLab, without sight: axe-core on each one as Run All leaves
it, opened in turn in one JupyterLab and one page.

A student edition's stored outputs are what running it gives (tests/test_notebooks.py runs
every one again and compares), so each notebook is opened trusted, as after Run All, with
every cell in the page (no windowing): its pictures, tables, feedback and text. The boards'
live views are the subject of ``test_a11y_browser.py``. A critical or serious violation in the
notebook's outputs fails; outside them (the lesson's text included) only what JupyterLab itself
breaks is ignored.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

from tests.browser.conftest import TEACHING
from tests.browser.test_a11y_browser import JUPYTERLAB_OWN, axe, summary
from tests.browser.test_board_browser import WAIT_MS
from tests.browser.test_boards_browser import CLASSROOM

pytestmark = [pytest.mark.browser, pytest.mark.slow]

STUDENT_NOTEBOOKS = sorted(p.name for p in TEACHING.glob("*.ipynb"))
SHOWN = ".jp-NotebookPanel:not(.lm-mod-hidden)"
OUTPUT = f"{SHOWN} .jp-OutputArea-output"
JUPYTERLAB_PARTS = [[".jp-collapseHeadingButton"]]
"""JupyterLab's own controls inside a notebook that break a rule (axe: the button that folds a
heading's section has no name), left out of the check."""
OPEN = """async (path) => {
  const app = window.jupyterapp;
  for (const widget of [...app.shell.widgets("main")]) { widget.dispose(); }
  window.kkKernel = window.kkKernel ||
    await app.serviceManager.kernels.startNew({name: "python3"});
  await app.commands.execute("docmanager:open", {path, kernel: {id: window.kkKernel.id}});
}"""
"""Close what is open and open ``path``, every notebook on one kernel (nothing runs in it:
the outputs are the stored ones; one kernel instead of thirteen started and stopped)."""
IN_OUTPUT = """(targets) => targets.some((t) => {
  const node = typeof t === "string" ? document.querySelector(t) : null;
  return Boolean(node && node.closest(".jp-OutputArea-output"));
})"""
"""Whether a violation's nodes (axe's selectors) lie in a notebook's outputs: there, every rule
counts; outside them, what JupyterLab breaks (``JUPYTERLAB_OWN``) is left out."""
ALL_CELLS_DRAWN = f"""(count) => {{
  const cells = [...document.querySelectorAll("{SHOWN} .jp-Notebook .jp-Cell")];
  return cells.length === count && cells.every((c) => c.textContent.trim() !== "");
}}"""
"""Whether every cell of the shown notebook is in the page with its text drawn: JupyterLab
renders a markdown cell's text after the cell's node is in the page, and a cell with a name
(its ``aria-label``) but nothing in it yet breaks axe's ``aria-prohibited-attr``."""
UNNAMED_PICTURES = f"""() => [...document.querySelectorAll(
    "{OUTPUT} img, {OUTPUT} svg[role=img], {OUTPUT} [role=img]")].filter((p) => !(
    p.getAttribute("alt") || p.getAttribute("aria-label") || "").trim()).map(
    (p) => p.outerHTML.slice(0, 160))"""


def rendered_outputs(nb: nbformat.NotebookNode) -> int:
    """How many outputs JupyterLab draws for a stored notebook (it joins a stream output to the
    one before it when both are the same stream)."""
    count = 0
    for cell in nb.cells:
        last = None
        for output in cell.get("outputs", []):
            stream = output.get("name") if output["output_type"] == "stream" else None
            count += not (stream is not None and stream == last)
            last = stream
    return count


def stored(name: str) -> nbformat.NotebookNode:
    return nbformat.read(TEACHING / name, as_version=4)


def trust(lab: Any, names: list[str]) -> None:
    """Sign the copies in the server's folder with the server's own notary (its data dir)."""
    env = dict(os.environ, JUPYTER_DATA_DIR=str(lab.home / "data"),
               JUPYTER_CONFIG_DIR=str(lab.home / "config"))
    subprocess.run([str(Path(sys.executable).parent / "jupyter-trust"),
                    *[str(lab.root / n) for n in names]], env=env, check=True,
                   capture_output=True)


def test_the_count_of_drawn_outputs_joins_a_stream_to_the_same_stream_only() -> None:
    new = nbformat.v4
    nb = new.new_notebook(cells=[new.new_code_cell(outputs=[
        new.new_output("stream", name="stdout", text="a"),
        new.new_output("stream", name="stdout", text="b"),
        new.new_output("stream", name="stderr", text="c"),
        new.new_output("display_data", data={"text/plain": "d"}),
        new.new_output("stream", name="stderr", text="e")])])
    assert rendered_outputs(nb) == 4


def test_axe_finds_nothing_severe_in_any_student_notebook_in_jupyterlab(
        fresh_lab: Any, page: Any, artifacts: Path) -> None:
    """On a JupyterLab of its own: trusting the student editions is the server's whole state
    (content signatures), which must not reach the other tests' copies."""
    from playwright.sync_api import expect

    lab = fresh_lab
    settings = lab.home / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True, exist_ok=True)
    settings.joinpath("tracker.jupyterlab-settings").write_text(
        json.dumps({"windowingMode": "none"}))
    trust(lab, STUDENT_NOTEBOOKS)
    page.set_viewport_size(CLASSROOM)
    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    page.goto(f"{lab.url}/lab?reset&token={lab.token}")
    page.wait_for_function("() => window.jupyterapp && "
                           "window.jupyterapp.commands.hasCommand('docmanager:open')")
    page.evaluate("() => window.jupyterapp.restored")
    found: dict[str, str] = {}
    for name in STUDENT_NOTEBOOKS:
        page.evaluate(OPEN, lab.path(name))
        expect(page.locator(f"{SHOWN} .jp-Cell").first).to_be_visible()
        expect(page.locator(OUTPUT)).to_have_count(rendered_outputs(stored(name)))
        page.wait_for_function(ALL_CELLS_DRAWN, arg=len(stored(name).cells))
        assert page.locator(f"{OUTPUT}.jp-RenderedHTML.jp-mod-trusted").count() > 0, name
        assert page.locator(f"{OUTPUT}.jp-RenderedHTML:not(.jp-mod-trusted)").count() == 0, name
        unnamed = page.evaluate(UNNAMED_PICTURES)
        severe = [(v, outputs) for v in axe(page, {"include": [[SHOWN]],
                                                    "exclude": JUPYTERLAB_PARTS})
                  if (outputs := page.evaluate(IN_OUTPUT, [n["target"][0] for n in v["nodes"]]))
                  or v["id"] not in JUPYTERLAB_OWN]
        if unnamed or severe:
            found[name] = (f"pictures without a text alternative: {unnamed[:3]}\n" * bool(unnamed)
                           + summary([v for v, _ in severe]))
            page.screenshot(path=str(artifacts / f"a11y_{Path(name).stem}.png"), full_page=True)
    assert not found, "\n".join(f"{name}: {what}" for name, what in found.items())
    # the pictures were there to check: the Origins territories and the analysis plots
    page.evaluate(OPEN, lab.path("08_origins.ipynb"))
    expect(page.locator(f"{OUTPUT} img.kk-figure[alt^='Origins territory']")).to_have_count(12)
