"""Interactive boards for Jupyter (ipywidgets 8 / anywidget): all rules stay in Python.

Import from here; each widget loads its heavy dependencies only when first used, and
``import kingdomino_kit`` never imports this package.

- :class:`KingdomBoard` — build a kingdom by clicks, score explained property by property.
- :class:`DraftTable` — play a whole game against the game engine's bots.
- :class:`SolverView` — watch the optimal-layout solver: best score and bound over time.
- :class:`PuzzleBoard` — a board bound to a puzzle: check your layout against the optimum.
- :class:`CoachView` — replay a coached game move by move: the cost of every decision, the
  coach's best move beside the one played, the best kingdoms the dominoes allowed.
- :class:`OriginsBoard` — build a Kingdomino Origins territory by clicks: dominoes, fire tokens
  (their reach shown before you throw), resources and cavemen; free play or a puzzle checked
  against the proven optimum; :func:`origins_puzzle_board` poses a stored Origins puzzle on it.

>>> from kingdomino_kit.widgets import KingdomBoard
>>> KingdomBoard("41").score
0
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["KingdomBoard", "DraftTable", "SolverView", "PuzzleBoard", "CoachView",
           "ScoringBoard", "KingdomsTable", "OriginsBoard", "origins_puzzle_board",
           "WidgetError"]

_WHERE = {
    "KingdomBoard": "board",
    "WidgetError": "board",
    "DraftTable": "draft",
    "SolverView": "solver_view",
    "PuzzleBoard": "puzzle_board",
    "CoachView": "coach_view",
    "ScoringBoard": "kingdoms_board",
    "KingdomsTable": "kingdoms_board",
    "OriginsBoard": "origins_board",
    "origins_puzzle_board": "origins_puzzle",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        module = importlib.import_module(f"kingdomino_kit.widgets.{_WHERE[name]}")
        return getattr(module, name)
    raise AttributeError(f"module 'kingdomino_kit.widgets' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
