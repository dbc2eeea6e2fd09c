"""A notebook with a board, played by clicks in a real kernel and saved: what the grading tests
of board exercises start from.

The notebook runs cell by cell in a fresh kernel (nbclient); after the cell that shows the
board, the clicks reach the board's widget as a browser sends them — ``comm_msg`` messages on
the kernel's shell channel, addressed to the widget's model id read from the cell's output —
so no code of the notebook places a domino. Then the cell that checks the board runs, and the
notebook is written with its outputs, as JupyterLab saves it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

from kingdomino_kit.grid import DIRECTIONS
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.placement import Placement

WIDGET = "application/vnd.jupyter.widget-view+json"
Click = dict[str, str]


def clicks_for(placements: Iterable[Placement]) -> list[Click]:
    """The clicks that make these placements on a board whose rotation starts at 0: choose
    the domino, rotate until the second half lies right, click the first half's cell."""
    clicks: list[Click] = []
    rotation = 0
    for p in placements:
        (r1, c1), (r2, c2) = p.cells
        turn = DIRECTIONS.index((r2 - r1, c2 - c1))
        clicks.append({"kkAction": "select", "domino": str(p.domino.number)})
        clicks += [{"kkAction": "rotate"}] * ((turn - rotation) % 4)
        rotation = turn
        clicks.append({"kkAction": "cell", "row": str(r1), "col": str(c1)})
    return clicks


def greedy(hand: Iterable[Any], start: Kingdom) -> list[Placement]:
    """Placements, each the one that scores most at once (the test's own player)."""
    kingdom, left, out = start.copy(), list(hand), []
    while True:
        moves = [p for d in left for p in kingdom.legal_placements(d)]
        if not moves:
            return out
        def after(p: Placement) -> int:
            trial = kingdom.copy()
            trial.place(p)
            return trial.score()
        best = max(moves, key=after)
        kingdom.place(best)
        left.remove(best.domino)
        out.append(best)


def student_notebook(cells: list[str], notebook: str) -> nbformat.NotebookNode:
    """A student's notebook of ``notebook`` holding ``cells``, never run."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kingdomino_kit"] = {"edition": "student", "source": f"{notebook}.py"}
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    return nb


def play(cells: list[str], board_cell: int, clicks: list[Click], notebook: str,
         path: Path) -> nbformat.NotebookNode:
    """Run ``cells`` in a fresh kernel, clicking after cell ``board_cell``; save at ``path``."""
    return play_notebook(student_notebook(cells, notebook), board_cell, clicks, path)


def play_notebook(nb: nbformat.NotebookNode, board_cell: int, clicks: list[Click],
                  path: Path) -> nbformat.NotebookNode:
    """Run the notebook ``nb`` (errors allowed), clicking after cell ``board_cell``; save it
    at ``path``."""
    client = NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}})
    with client.setup_kernel():
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            client.execute_cell(cell, index)
            if index == board_cell:
                model = next(o["data"][WIDGET]["model_id"] for o in cell.outputs
                             if WIDGET in o.get("data", {}))
                for click in clicks:
                    message = client.kc.session.msg("comm_msg", {"comm_id": model, "data": {
                        "method": "custom", "content": click}})
                    client.kc.shell_channel.send(message)
    nbformat.write(nb, path)
    return nb
