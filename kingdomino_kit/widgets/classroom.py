"""The class switch: boards that keep answers and targets to themselves.

A teacher who wants students to find answers on their own (a test, a graded lab) sets the
environment variable ``KINGDOMINO_KIT_HIDE_ANSWERS=1`` where the kernels start — the hub's
image or spawner, the lab machines' profile, ``%env`` in a notebook service's first cell, or
``KINGDOMINO_KIT_HIDE_ANSWERS=1 make lab``. Every board made while it is set hides *Show an
answer*, the puzzle's *Hint* (whose first words are the target: "Aim for 29") and the proven
optimum of a *Check* (which says optimal or not, no more). A board's ``reveal=`` argument
overrides the variable for that board.

The other way round, a teacher who wants students *helped* while they play sets
``KINGDOMINO_KIT_DRAFT_HINTS=1``: every :class:`~kingdomino_kit.widgets.DraftTable` made while
it is set has a *Hint* button (``strong``'s move and, in the endgame, the exact cost of every
option). Off by default, and off whatever it says while answers are hidden; a table's
``hints=`` argument overrides both for that table.

The switch is read when a board is made, from the environment (the process's, set before the
kernel starts) — no setting of the kit's own that code could change behind a board's back,
and a board never changes its mind after it is made. It is a classroom aid, not a lock:
students who can run code can read the puzzle's data; the grades come from
``kingdomino-kit grade``, which judges answers itself.

>>> answers_shown({"KINGDOMINO_KIT_HIDE_ANSWERS": "1"}), answers_shown({})
(False, True)
>>> hints_shown({}), hints_shown({"KINGDOMINO_KIT_DRAFT_HINTS": "1"})
(False, True)
>>> hints_shown({"KINGDOMINO_KIT_DRAFT_HINTS": "1", "KINGDOMINO_KIT_HIDE_ANSWERS": "1"})
False
"""

from __future__ import annotations

import os
from collections.abc import Mapping

__all__ = ["DRAFT_HINTS", "HIDE_ANSWERS", "answers_shown", "hints_shown"]

HIDE_ANSWERS = "KINGDOMINO_KIT_HIDE_ANSWERS"
"""The environment variable of the switch: ``1``, ``true``, ``yes`` or ``on`` hide answers."""


DRAFT_HINTS = "KINGDOMINO_KIT_DRAFT_HINTS"
"""The environment variable that gives draft tables a *Hint* button (``1``, ``true``, ``yes``
or ``on``)."""

_ON = ("1", "true", "yes", "on")


def answers_shown(environ: Mapping[str, str] | None = None) -> bool:
    """Whether boards made now may show answers and targets (the switch is off)."""
    value = (os.environ if environ is None else environ).get(HIDE_ANSWERS, "")
    return value.strip().lower() not in _ON


def hints_shown(environ: Mapping[str, str] | None = None) -> bool:
    """Whether draft tables made now offer hints: the hints switch is on and answers are not
    hidden."""
    env = os.environ if environ is None else environ
    return env.get(DRAFT_HINTS, "").strip().lower() in _ON and answers_shown(env)
