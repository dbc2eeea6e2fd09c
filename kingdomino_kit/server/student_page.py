"""What a student's page shows in class mode: the puzzle's board (a Kingdomino puzzle on a
:class:`PuzzleBoard`, an Origins puzzle on an Origins board,
:mod:`kingdomino_kit.server.origins_page`) with the student's own board restored, every move
and every Check kept in the class's progress file, and links to the index, the previous and the
next puzzle of the same list.

The class server (:mod:`kingdomino_kit.server.app`) starts each student's kernel with
:data:`CLASS_DB` naming the progress file; without it the page is the one-laptop page
(:func:`kingdomino_kit.widgets.app.app_page`).

>>> import tempfile, pathlib
>>> from kingdomino_kit.server.progress import ProgressStore
>>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "class.db")
>>> board = student_page("puzzle=01-best-kingdom&student=Ada", store).children[1]
>>> type(board).__name__, board.student, store.students()
('ClassPuzzleBoard', 'Ada', ['Ada'])
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode

from kingdomino_kit.dominoes import domino
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.origins.puzzles import origins_puzzles
from kingdomino_kit.placement import Placement
from kingdomino_kit.puzzles import load_collection
from kingdomino_kit.puzzles.lookup import look_up, stored_ids
from kingdomino_kit.server.origins_page import class_origins_board
from kingdomino_kit.server.progress import ProgressStore, check_name
from kingdomino_kit.server.visitor import wait_for_visitor
from kingdomino_kit.widgets.app import Notice, app_page
from kingdomino_kit.widgets.castle_puzzle import CastlePuzzleBoard
from kingdomino_kit.widgets.markup import escape
from kingdomino_kit.widgets.puzzle_board import PuzzleBoard

__all__ = ["CLASS_DB", "ClassPuzzleBoard", "class_board", "class_page", "page_notebook",
           "ready_folder", "student_page"]

CLASS_DB = "KINGDOMINO_KIT_CLASS_DB"
"""The environment variable that names the class's progress file (set by the class server)."""


def page_notebook() -> Path:
    """The notebook every page runs under Voilà (package data)."""
    return Path(str(resources.files("kingdomino_kit.server") / "page.ipynb"))


def ready_folder(db: str | os.PathLike[str]) -> Path:
    """Where each preheated kernel leaves a file named for it once it waits for a visitor (the
    server counts them to say the class can come in)."""
    return Path(db).parent / "ready"


class ClassPuzzleBoard(PuzzleBoard):
    """A :class:`PuzzleBoard` that keeps its board and its Checks in a class's progress file."""

    def __init__(self, puzzle: Any, store: ProgressStore, student: str) -> None:
        self.store = store
        self.student = check_name(student)
        self._restoring = True
        super().__init__(puzzle)
        saved = store.board(self.student, self.puzzle.id) or []
        for step in saved:
            self._replay(step)
        self._restoring = False
        if saved:
            self._say(f"Welcome back, {self.student}: your board is as you left it. "
                      + self._hint(), "info")

    def _replay(self, step: list[Any]) -> None:
        try:
            if step[0] == "place":
                n, r1, c1, r2, c2 = (int(x) for x in step[1:6])
                self.place(Placement(domino(n), (r1, c1), (r2, c2)))
            elif step[0] == "discard":
                self.select(int(step[1]))
                self.discard()
        except (KingdominoError, ValueError, TypeError, IndexError):
            return  # a saved step that no longer applies is dropped, the rest is kept

    def board_steps(self) -> list[list[Any]]:
        """The board as saved: its placements and discards, oldest first."""
        steps: list[list[Any]] = []
        for action in self.history:
            if isinstance(action, Placement):
                (r1, c1), (r2, c2) = action.cells
                steps.append(["place", action.domino.number, r1, c1, r2, c2])
            else:
                steps.append(["discard", action.number])
        return steps

    def _after_action(self, keep_selection: bool = False) -> None:
        super()._after_action(keep_selection)
        if not getattr(self, "_restoring", True):
            self.store.save_board(self.student, self.puzzle.id, self.board_steps())

    def check(self) -> Any:
        """Grade as :meth:`PuzzleBoard.check` does, and count the try."""
        verdict = super().check()
        if verdict is not None and not self.hand:
            self.store.record_check(self.student, self.puzzle.id,
                                    score=verdict.score if verdict.legal else None,
                                    optimal=bool(verdict.optimal))
        return verdict


def _links(puzzle_id: str, student: str, ids: list[str]) -> str:
    """The index, previous and next links among ``ids`` (the puzzles of the same list)."""
    i = ids.index(puzzle_id) if puzzle_id in ids else len(ids)  # a fresh puzzle: no neighbours

    def href(pid: str) -> str:
        return "/?" + urlencode({"puzzle": pid, "student": student})

    parts = ['<a href="/">All puzzles</a>']
    if 0 < i < len(ids):
        parts.append(f'<a href="{escape(href(ids[i - 1]))}">← Previous</a>')
    if i + 1 < len(ids) and puzzle_id in ids:
        parts.append(f'<a href="{escape(href(ids[i + 1]))}">Next →</a>')
    return (f'<nav class="kk-class-nav" style="font: 14px sans-serif; margin: 4px 0 8px">'
            f"{' · '.join(parts)} — signed in as <b>{escape(student)}</b></nav>"
            "<style>.kk-class-nav a { text-decoration: underline; }</style>")


def class_board(query: str, store: ProgressStore,
                make_fresh: Callable[[str], Any] | None = None, *,
                collection: Sequence[Any] | None = None,
                origins: Sequence[Any] | None = None) -> tuple[str, Any] | Notice:
    """The links and the student's board for ``query`` (``puzzle=ID&student=NAME``) in a
    class, or a :class:`Notice` saying what is wrong. The id is found by
    :func:`~kingdomino_kit.puzzles.lookup.look_up`, as on one laptop and on the command line;
    ``make_fresh`` makes the fresh puzzle named by an id (``new-best-kingdom-L2-1``,
    ``daily-2026-12-02``; default: made anew each time); ``collection`` and ``origins`` are the
    kit's puzzles, whose ids the links go through (default: loaded now, a tenth of a second)."""
    try:
        params = parse_qs(query, keep_blank_values=True)
        student = store.join((params.get("student") or [""])[0])
        found = look_up((params.get("puzzle") or [""])[0], make_fresh=make_fresh)
        pid = found.puzzle.id
        if found.game == "origins":
            ids = [p.id for p in (origins_puzzles() if origins is None else origins)]
            return _links(pid, student, ids), class_origins_board(found.puzzle, store, student)
        if found.game == "kingdoms":  # nothing to keep: the board only scores lines
            return _links(pid, student, stored_ids("kingdoms")), CastlePuzzleBoard(found.puzzle)
        puzzles = load_collection() if collection is None else collection
        board = ClassPuzzleBoard(found.puzzle, store, student)
        return _links(pid, student, [p.id for p in puzzles]), board
    except KingdominoError as error:
        return Notice(f"Cannot open the page: {error}")


def student_page(query: str, store: ProgressStore) -> Any:
    """The page for ``query`` (``puzzle=ID&student=NAME``) in a class: the links above the
    board (:func:`class_board`) in one box."""
    import ipywidgets

    found = class_board(query, store)
    if isinstance(found, Notice):
        return found
    links, board = found
    return ipywidgets.VBox([ipywidgets.HTML(links), board])


def class_page(query: str | None = None) -> Any:
    """The page of the app's notebook: a student's puzzle in class mode, else the one-laptop
    page. In a preheated kernel it first waits for its visitor's request."""
    path = os.environ.get(CLASS_DB)
    if not path:
        return app_page(query)
    if query is None:
        load_collection()  # warm before the visitor comes: the page itself is then quick
        origins_puzzles()
        kernel = os.environ.get("VOILA_KERNEL_ID")
        if kernel:
            ready = ready_folder(path)
            ready.mkdir(exist_ok=True)
            (ready / kernel).touch()
        wait_for_visitor()  # a preheated kernel waits for its visitor (else no-op)
        query = os.environ.get("QUERY_STRING", "")
    return student_page(query, ProgressStore(path))
