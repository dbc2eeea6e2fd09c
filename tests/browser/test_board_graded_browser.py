"""A board built by clicks in JupyterLab, checked, saved by JupyterLab, graded ``correct``.

The student's way, in a real JupyterLab in headless Chromium: run the notebook, place dominoes
by clicks on the board, run the cell that checks it, save. The ``.ipynb`` JupyterLab writes
holds the board's play (the feedback's board data), and ``kingdomino-kit grade`` on that file
grades exercise 5 of ``00_start_here`` correct — though its fresh run sees the board empty.
"""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import nbformat
import pytest

from kingdomino_kit.exercises.boards import BOARD_MIME
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.widgets.board import parse_hand
from kingdomino_kit.widgets.board_machine import ROTATIONS
from tests.browser.test_board_browser import WAIT_MS, cell, run_all_cells
from tests.grading.board_clicks import clicks_for, greedy

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = "graded_board.ipynb"
CELLS = ["from kingdomino_kit.exercises import for_notebook\n"
         "from kingdomino_kit.widgets import KingdomBoard\n\n"
         "check = for_notebook('00_start_here')\n"
         "board = KingdomBoard(seed=2024, title='Your kingdom')\nboard",
         "check(5, board)"]
RUN_SECOND_AND_SAVE = """async () => {
  const app = window.jupyterapp;
  app.shell.currentWidget.content.activeCellIndex = 1;
  await app.commands.execute('notebook:run-cell');
}"""
SAVE = "async () => { await window.jupyterapp.commands.execute('docmanager:save'); }"


def click(page: Any, action: dict[str, str], state: dict[str, Any]) -> None:
    """One click as a student makes it, then its answer on the board awaited (the board's rules
    run in the kernel: on a busy machine a click that comes before the last one's answer would
    act on a board the student has not seen yet)."""
    from playwright.sync_api import expect

    message = page.locator(".kk-board .kk-message")
    if action["kkAction"] == "select":
        domino = page.locator(f'.kk-board .kk-hand-domino[data-domino="{action["domino"]}"]')
        domino.click()
        expect(domino).to_have_class(re.compile(r"\bkk-selected\b"))
        state["domino"] = action["domino"]
    elif action["kkAction"] == "rotate":
        page.locator(".kk-board .kk-rotate").click()
        state["rotation"] = (state.get("rotation", 0) + 1) % 4
        expect(message).to_contain_text(f"{ROTATIONS[state['rotation']]} the first")
    else:
        cell(page, int(action["row"]), int(action["col"])).click()
        expect(message).to_contain_text(f"Placed domino {state['domino']}")


def test_a_board_built_by_clicks_in_jupyterlab_grades_correct(lab: Any, page: Any,
                                                              tmp_path: Path) -> None:
    from playwright.sync_api import expect

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    nb.metadata["kingdomino_kit"] = {"edition": "student", "source": "00_start_here.py"}
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, lab.root / NOTEBOOK)
    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    page.goto(lab.notebook_url(NOTEBOOK))
    run_all_cells(page)
    page.wait_for_selector(".kk-board .kk-cell.kk-legal")
    moves = greedy(parse_hand(None, 5, 2024), Kingdom())
    built = Kingdom()
    for p in moves:
        built.place(p)
    state: dict[str, Any] = {}
    for action in clicks_for(moves):
        click(page, action, state)
    expect(page.locator(".kk-board .kk-score-value")).to_have_text(str(built.score()))
    page.evaluate(RUN_SECOND_AND_SAVE)
    expect(page.locator(".kk-feedback-correct")).to_have_count(1)
    page.evaluate(SAVE)
    saved: Any = None
    for _ in range(60):
        saved = json.loads((lab.root / NOTEBOOK).read_text(encoding="utf-8"))
        if any(BOARD_MIME in o.get("data", {}) for c in saved["cells"]
               for o in c.get("outputs", [])):
            break
        time.sleep(0.5)
    plays = [o["data"][BOARD_MIME] for c in saved["cells"] for o in c.get("outputs", [])
             if BOARD_MIME in o.get("data", {})]
    assert plays and len(plays[-1]["board"]["actions"]) == len(moves)

    folder = tmp_path / "collected"
    folder.mkdir()
    (folder / "ada.ipynb").write_text(json.dumps(saved), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "kingdomino_kit", "grade", "ada.ipynb",
                           "--out", "book.csv", "--timeout", "60"], cwd=folder,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    with open(folder / "book.csv", encoding="utf-8", newline="") as handle:
        rows = {int(r["exercise"]): r for r in csv.DictReader(handle)}
    assert rows[5]["status"] == "correct" and float(rows[5]["points"]) == 1.0, rows[5]
