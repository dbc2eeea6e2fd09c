"""A class's view in a real JupyterLab at 1366×768: a student edition run top to bottom with
its blanks, an exercise answered wrongly then rightly through the page, and a SolverView whose
proven bound steps down while the proof goes on.

Cells are edited and run through JupyterLab's public model and command ids on the app object
it exposes for tests, as in ``test_board_browser.py``; the page is read through the kit's own
``kk-*`` classes only.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_board_browser import KERNEL_IDLE, RUN_ALL, WAIT_MS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLASSROOM = {"width": 1366, "height": 768}
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def checked_exercises(name: str) -> int:
    """How many numbered ``check(n, …)`` calls the student edition holds (read from the file)."""
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return sum(len(re.findall(r"^check\(\d+,", "".join(c["source"]), re.M))
               for c in cells if c["cell_type"] == "code")
SET_CELL = """({marker, text}) => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  const index = nb.widgets.findIndex((w) => w.model.sharedModel.getSource().includes(marker));
  if (index < 0) throw new Error("no cell with " + marker);
  nb.widgets[index].model.sharedModel.setSource(text);
  nb.activeCellIndex = index;
  return index;
}"""
ADD_CELL = """(text) => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  const n = nb.widgets.length;
  nb.model.sharedModel.insertCell(n, {cell_type: "code", source: text});
  nb.activeCellIndex = n;
  return n;
}"""
RUN_CELL = "() => window.jupyterapp.commands.execute('notebook:run-cell')"
IDLE_AGAIN = """() => {
  const s = window.jupyterapp.shell.currentWidget.sessionContext.session;
  return s && s.kernel && s.kernel.status === "idle";
}"""


def run_cell(page: Any, marker: str, text: str) -> None:
    page.evaluate(SET_CELL, {"marker": marker, "text": text})
    page.evaluate(RUN_CELL)


def test_a_student_edition_runs_with_its_blanks_and_answers_through_the_page(
        lab: Any, page: Any, artifacts: Path) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(CLASSROOM)
    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    page.goto(lab.notebook_url("01_rules.ipynb"))
    page.wait_for_function(KERNEL_IDLE, timeout=WAIT_MS)
    page.evaluate(RUN_ALL)
    exercises = checked_exercises("01_rules.ipynb")
    assert exercises >= 5, exercises
    feedback = page.locator(".kk-feedback")
    expect(feedback).to_have_count(exercises)                # every check reports …
    expect(page.locator(".kk-feedback-blank")).to_have_count(exercises)  # … it is not answered
    first = page.locator(".kk-feedback", has_text="Exercise 1 ·")
    expect(first).to_contain_text("not answered yet")
    page.wait_for_function(IDLE_AGAIN, timeout=WAIT_MS)
    assert "Traceback" not in page.content()
    first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "student_edition_blanks_1366x768.png"))

    run_cell(page, "answer_1 = ...", "answer_1 = 4 * 4\n\ncheck(1, answer_1)")
    expect(first).to_contain_text("not yet: 16 is too high")
    expect(first).to_contain_text("Hint:")
    expect(page.locator(".kk-feedback-wrong")).to_have_count(1)
    first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "exercise_wrong_1366x768.png"))

    run_cell(page, "answer_1 = 4 * 4", "answer_1 = 4 * 3\n\ncheck(1, answer_1)")
    expect(first).to_contain_text("correct!")
    expect(page.locator(".kk-feedback-correct")).to_have_count(1)
    first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "exercise_correct_1366x768.png"))


def test_a_solver_view_shows_the_bound_stepping_down(lab: Any, page: Any,
                                                     artifacts: Path) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size(CLASSROOM)
    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    page.goto(lab.notebook_url("board_test.ipynb"))
    page.wait_for_function(KERNEL_IDLE, timeout=WAIT_MS)
    page.evaluate(ADD_CELL, "from kingdomino_kit.solver.watch import watch_set\n"
                            "from kingdomino_kit.widgets import SolverView\n"
                            "watched = SolverView(watch_set('slow-proof').dominoes, workers=1, "
                            "time_limit_s=240)\nwatched")
    page.evaluate(RUN_CELL)
    view = page.locator(".kk-solver").last
    view.locator(".kk-solve").click()
    expect(view.locator(".kk-solver-status")).to_have_text("running")
    bounds: list[int] = []
    deadline = time.monotonic() + 200
    while time.monotonic() < deadline and len(set(bounds)) < 2:
        text = view.locator(".kk-solver-bound").all_text_contents()
        if text and text[0].strip().isdigit():
            value = int(text[0])
            if not bounds or value != bounds[-1]:
                bounds.append(value)
        time.sleep(0.5)
    assert len(set(bounds)) >= 2, bounds                     # it stepped down
    assert bounds == sorted(bounds, reverse=True)            # and never went up
    expect(view.locator(".kk-solver-proof")).to_contain_text("refuted")
    view.locator(".kk-stop").click()                 # the view is redrawn at each step until
    expect(view.locator(".kk-solver-status")).to_have_text("stopped")    # then: still to scroll
    expect(view.locator(".kk-solver-proof")).to_contain_text("refuted")
    view.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "solver_view_proof_1366x768.png"))
