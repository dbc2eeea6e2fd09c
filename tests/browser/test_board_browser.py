"""The widgets in a real JupyterLab 4 (and Notebook 7) in headless Chromium: run the notebook,
click, read back.

Selectors use only the widgets' own ``kk-*`` classes and data attributes; Jupyter is driven
through its public command ids (``notebook:run-all-cells``) on the app object it exposes for
tests (``expose_app_in_browser``), never through its internal CSS classes.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = "board_test.ipynb"
WAIT_MS = 90_000

KERNEL_IDLE = """() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  const session = panel && panel.sessionContext && panel.sessionContext.session;
  return Boolean(session && session.kernel && session.kernel.status === "idle"
                 && panel.content && panel.content.widgets.length > 0);
}"""
RUN_ALL = "() => window.jupyterapp.commands.execute('notebook:run-all-cells')"
RESTART_KERNEL = """async () => {
  await window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.restart();
}"""


def run_all_cells(page: Any) -> None:
    page.wait_for_function(KERNEL_IDLE, timeout=WAIT_MS)
    page.evaluate(RUN_ALL)


def cell(page: Any, row: int, col: int) -> Any:
    return page.locator(f'.kk-board .kk-cell[data-row="{row}"][data-col="{col}"]')


def test_click_legal_then_illegal_cell_in_jupyterlab(lab: Any, page: Any, artifacts: Path
                                                     ) -> None:
    from playwright.sync_api import expect

    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)  # a loaded machine: kernels and solvers take time
    page.goto(lab.notebook_url(NOTEBOOK))
    run_all_cells(page)
    page.wait_for_selector(".kk-board .kk-cell.kk-legal")
    score = page.locator(".kk-board .kk-score-value")
    message = page.locator(".kk-board .kk-message")
    expect(score).to_have_text("0")
    assert page.locator(".kk-board .kk-cell.kk-legal").count() > 0

    # hovering previews the domino on the two cells it would cover (view-only)
    cell(page, 0, 1).hover()
    expect(page.locator(".kk-board .kk-ghost-first")).to_have_count(1)
    expect(page.locator('.kk-board .kk-ghost-second[data-row="0"][data-col="2"]')).to_have_count(1)

    # a legal cell: domino 41 (W|G2) with its W right of the castle → G2 scores 2
    expect(cell(page, 0, 1)).to_have_class(_has("kk-legal"))
    cell(page, 0, 1).click()
    expect(score).to_have_text("2")
    expect(message).to_contain_text("Placed domino 41")
    expect(cell(page, 0, 2)).to_have_class(_has("kk-grassland"))

    # an illegal cell: domino 13 (W|F) at (2, 0) touches neither the castle nor a wheat square
    expect(cell(page, 2, 0)).not_to_have_class(_has("kk-legal"))
    cell(page, 2, 0).click()
    expect(message).to_contain_text("breaks the connection rule")
    expect(message).to_have_class(_has("kk-error"))
    expect(score).to_have_text("2")
    expect(cell(page, 2, 0)).to_have_class(_has("kk-empty"))
    page.locator(".kk-board").screenshot(path=str(artifacts / "kingdom_board_illegal.png"))

    # the rest of the hand by clicks: rotate 13 downwards, place it under the W; then 27
    page.locator(".kk-board .kk-rotate").click()
    expect(message).to_contain_text("below")
    cell(page, 1, 1).click()
    expect(message).to_contain_text("Placed domino 13")
    page.locator(".kk-board .kk-cell.kk-legal").first.click()
    expect(message).to_contain_text("Placed domino 27")
    expect(page.locator(".kk-board .kk-breakdown")).to_contain_text("grassland")
    page.locator(".kk-board .kk-export").click()
    expect(page.locator(".kk-board .kk-export-text")).to_contain_text("C  W  G2")
    page.locator(".kk-board").screenshot(path=str(artifacts / "kingdom_board.png"))
    page.screenshot(path=str(artifacts / "kingdom_board_lab.png"))

    # undo in the browser takes the last domino back
    page.locator(".kk-board .kk-undo").click()
    expect(message).to_contain_text("Undone: domino 27")

    # the draft table: claim a domino of the line with a click; the bot answers at once
    draft = page.locator(".kk-draft")
    draft.locator('.kk-claimable[data-domino="45"]').click()
    expect(draft.locator(".kk-log")).to_contain_text("You claimed domino 45")
    expect(draft.locator('.kk-line-domino .kk-king[data-king]')).not_to_have_count(0)
    draft.screenshot(path=str(artifacts / "draft_table.png"))

    # the solver view: Solve starts a child process; its progress reaches the page from a
    # background thread of the kernel, until the bound meets the score
    solver = page.locator(".kk-solver")
    solver.locator(".kk-solve").click()
    expect(solver.locator(".kk-solver-status")).to_have_text("optimal")
    expect(solver.locator(".kk-solver-score")).to_have_text("6")
    expect(solver.locator(".kk-plot")).to_have_count(1)
    solver.screenshot(path=str(artifacts / "solver_view.png"))

    # after a kernel restart and a re-run, a fresh board works again
    page.evaluate(RESTART_KERNEL)
    run_all_cells(page)
    expect(score).to_have_text("0")
    expect(page.locator(".kk-board")).to_have_count(1)
    cell(page, 0, 1).click()
    expect(score).to_have_text("2")


def test_board_in_notebook7(notebook7: Any, page: Any, artifacts: Path) -> None:
    from playwright.sync_api import expect

    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)  # a loaded machine: kernels and solvers take time
    page.goto(notebook7.notebook7_url(NOTEBOOK))
    run_all_cells(page)
    score = page.locator(".kk-board .kk-score-value")
    message = page.locator(".kk-board .kk-message")
    expect(score).to_have_text("0")
    cell(page, 0, 1).click()
    expect(score).to_have_text("2")
    cell(page, 2, 0).click()
    expect(message).to_contain_text("breaks the connection rule")
    expect(score).to_have_text("2")
    page.screenshot(path=str(artifacts / "kingdom_board_notebook7.png"))


def _has(css_class: str) -> re.Pattern[str]:
    """Matches a class attribute that contains ``css_class``."""
    return re.compile(rf"(^|\s){re.escape(css_class)}(\s|$)")
