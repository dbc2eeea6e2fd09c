"""Exercises for the notebooks: a checker that gives feedback, and the exercises of each
notebook.

- :mod:`.answer_kinds` — the kinds of answer (a whole number, a fraction, a kingdom, a function …);
- :mod:`.checker` — :class:`Checker`, :class:`Exercise` and the :class:`Feedback` a check
  returns (never an exception);
- :mod:`.judges` — judges for code answers (the student's function against the kit's);
- :mod:`.editions` — the student and teacher editions of a notebook from its one source;
- :mod:`.sheet` — a notebook's exercise sheet: the words of its exercises in one block of text,
  joined to their checks;
- one module per notebook with its exercises (:data:`NOTEBOOKS`), each an exercise sheet.

A notebook starts its exercises with ``check = for_notebook("01_rules")``.

>>> check = for_notebook("00_start_here")
>>> check(1, ...).status
'blank'
>>> for_notebook("99_nothing")
Traceback (most recent call last):
...
kingdomino_kit.exercises.checker.ExerciseError: no exercises for a notebook '99_nothing' \
(known: 00_start_here, 01_rules, 02_scoring, 03_counting, 04_cp_sat, 04b_highest_score, \
05_puzzles, 06_analysis, \
07_kingdoms, 08_origins, 10_bots_and_coach, 11_game_trees, 12_learning_agents, \
13_write_a_bot)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from kingdomino_kit.exercises.checker import Checker, Exercise, ExerciseError, Feedback

__all__ = ["NOTEBOOKS", "Checker", "Exercise", "ExerciseError", "Feedback", "for_notebook"]

NOTEBOOKS: Mapping[str, str] = {
    "00_start_here": "start_here",
    "01_rules": "rules",
    "02_scoring": "scoring",
    "03_counting": "counting",
    "04_cp_sat": "cp_sat",
    "04b_highest_score": "highest_score",
    "05_puzzles": "puzzles",
    "06_analysis": "analysis",
    "07_kingdoms": "kingdoms",
    "08_origins": "origins",
    "10_bots_and_coach": "bots",
    "11_game_trees": "game_trees",
    "12_learning_agents": "learning_agents",
    "13_write_a_bot": "write_a_bot",
}
"""Each notebook with exercises: the module of this package that defines them
(its ``EXERCISES``)."""


def for_notebook(name: str) -> Checker:
    """A fresh checker for the exercises of notebook ``name`` (e.g. ``"01_rules"``)."""
    if name not in NOTEBOOKS:
        known = ", ".join(NOTEBOOKS)
        raise ExerciseError(f"no exercises for a notebook {name!r} (known: {known})")
    module = importlib.import_module(f"kingdomino_kit.exercises.{NOTEBOOKS[name]}")
    return Checker(name, module.EXERCISES)
