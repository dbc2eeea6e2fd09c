"""Boards before Run All: a stored student edition opened in a real JupyterLab 4 at 1366×768,
never run, shows each board's still picture where the live board will be.

A notebook handed out is not trusted, so JupyterLab draws the first safe type of each output,
the sanitized ``text/html``: the board's picture as an ``<img>`` (``kk-picture``). The page is
read through the kit's own class and the image's alt text; nothing here runs a cell.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_board_browser import WAIT_MS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LOADED = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const session = panel && panel.sessionContext && panel.sessionContext.session;
  return Boolean(panel && panel.content && panel.content.widgets.length > 0 && session
                 && session.kernel && session.kernel.status === "idle");
}"""
DRAWN = "(img) => img.complete && img.naturalWidth > 40 && img.naturalHeight > 40"

# notebook, how many boards it stores, words of the first board's alt text, screenshot
NOTEBOOKS = [
    ("00_start_here.ipynb", 2, "Your kingdom: Kingdom (5×5)", "before_run_all_start_here.png"),
    ("07_kingdoms.ipynb", 1, "gold", "before_run_all_kingdoms.png"),
    ("08_origins.ipynb", 1, "Origins territory builder: Origins territory (5×5)",
     "before_run_all_origins.png"),
    ("10_bots_and_coach.ipynb", 2, "A game of", "before_run_all_draft.png"),
]


@pytest.mark.parametrize(("name", "boards", "words", "shot"), NOTEBOOKS)
def test_a_stored_notebook_shows_its_boards_before_run_all(
        lab: Any, page: Any, artifacts: Path, name: str, boards: int, words: str, shot: str
) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1366, "height": 768})
    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    page.goto(lab.notebook_url(name))
    page.wait_for_function(LOADED, timeout=WAIT_MS)  # the widget manager has had its chance
    pictures = page.locator(".jp-OutputArea-output img.kk-picture")
    expect(pictures).to_have_count(boards)
    first = pictures.first
    first.scroll_into_view_if_needed()
    expect(first).to_be_visible()
    assert words in (first.get_attribute("alt") or "")
    for i in range(boards):
        pictures.nth(i).scroll_into_view_if_needed()
        page.wait_for_function(DRAWN, arg=pictures.nth(i).element_handle())
    assert page.locator(".kk-root").count() == 0          # nothing live: the kernel never ran
    assert "model not found" not in page.locator(".jp-Notebook").inner_text()
    first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / shot))
