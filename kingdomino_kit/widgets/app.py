"""The boards as a standalone page (``make app`` serves it, :mod:`kingdomino_kit.server`): the
page's query string chooses what it shows.

- ``?puzzle=ID`` — the puzzle any id names (:func:`~kingdomino_kit.puzzles.lookup.look_up`, as
  the command line and the class page find it: ``05``, ``05-best-kingdom``, ``k01``, ``o03``,
  ``new-complete-L2-7``, ``daily-2026-12-02``; by id only: a page never opens a file path it was
  given) on its board (:func:`puzzle_board`): a Kingdomino puzzle on the
  :class:`~kingdomino_kit.widgets.PuzzleBoard`, an Origins puzzle on the
  :class:`~kingdomino_kit.widgets.origins_board.OriginsBoard`, a Kingdoms castle puzzle on the
  :class:`~kingdomino_kit.widgets.castle_puzzle.CastlePuzzleBoard`;
- ``?hand=41,13,27`` (optionally ``&size=7``, ``&seed=3``, ``&middle_kingdom=1``,
  ``&harmony=1``; ``?hand=`` alone deals a seeded random hand) — the
  :class:`~kingdomino_kit.widgets.KingdomBoard`;
- nothing — an index: every puzzle of the collection (the Kingdomino puzzles, then the
  Origins ones, then the Kingdoms castle puzzles), and the kingdom builder, as links.

Anything wrong — an unknown puzzle id, a bad hand, an unknown parameter — gives one clear line
on the page (:class:`Notice`), never a traceback.

>>> app_page("puzzle=no-such-puzzle")  # doctest: +ELLIPSIS
Notice("Cannot open the page: no puzzle 'no-such-puzzle': a puzzle id is NN or NN-kind ...")
>>> type(app_page("puzzle=o03")).__name__, type(app_page("puzzle=k01")).__name__
('OriginsBoard', 'CastlePuzzleBoard')
>>> app_page("hand=3,3")
Notice('Cannot open the page: hand: domino 3 appears twice')
>>> type(app_page("hand=41,13")).__name__
'KingdomBoard'
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, quote

import ipywidgets

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.kingdoms.puzzles import castle_puzzles
from kingdomino_kit.origins.puzzles import origins_puzzles
from kingdomino_kit.puzzles import load_collection
from kingdomino_kit.puzzles.lookup import Found, look_up
from kingdomino_kit.widgets.board import KingdomBoard, WidgetError
from kingdomino_kit.widgets.castle_puzzle import CastlePuzzleBoard
from kingdomino_kit.widgets.markup import escape
from kingdomino_kit.widgets.origins_puzzle import origins_puzzle_board
from kingdomino_kit.widgets.puzzle_board import PuzzleBoard

__all__ = ["app_page", "puzzle_board", "Notice", "Index", "PARAMETERS"]

PARAMETERS = ("puzzle", "hand", "size", "seed", "middle_kingdom", "harmony")
"""The query parameters the page understands."""


class Notice:
    """One line of text shown on the page instead of a board (HTML in a notebook or Voilà)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_html_(self) -> str:
        return (f'<div class="kk-app-notice" style="font: 15px sans-serif; padding: 8px 10px; '
                f'border-left: 4px solid #c62828; background: #fdecea; color: #222">'
                f"{escape(self.text)}</div>")

    def __repr__(self) -> str:
        return f"Notice({self.text!r})"


LINK = 'class="kk-app-link" style="text-decoration: underline"'   # not by colour alone


class Index(ipywidgets.HTML):  # type: ignore[misc]
    """Every puzzle of the collection (Kingdomino, Origins, Kingdoms) and the kingdom builder, as
    links to the page itself. A widget, not an HTML output: Voilà hands the links of an HTML
    output to JupyterLab's link handler, which opens files in the app and, on the page, did
    nothing; a widget's links are the browser's own."""

    def __init__(self) -> None:
        super().__init__(value=(
            '<div class="kk-app-index" style="font: 14px sans-serif">'
            "<h2>Kingdomino boards</h2>"
            f'<p><a {LINK} href="?hand=">The kingdom builder</a> '
            "(a seeded random hand; <code>?hand=41,13,27</code> chooses the dominoes)</p>"
            f"<h3>Puzzles</h3>{_links(load_collection())}"
            f"<h3>Kingdomino Origins puzzles</h3>{_links(origins_puzzles())}"
            f"<h3>Kingdoms castle puzzles</h3>{_links(castle_puzzles(), 'castles')}</div>"))

    def __repr__(self) -> str:
        return "Index()"


def _links(puzzles: list[Any], kind: str | None = None) -> str:
    rows = [f'<li><a {LINK} href="?puzzle={quote(p.id)}">{escape(p.id)}</a> — '
            f"{escape(p.title)} (level {p.level}, {escape(kind or p.kind)})</li>"
            for p in puzzles]
    return f"<ul>{''.join(rows)}</ul>"


def _one(params: dict[str, list[str]], name: str) -> str | None:
    values = params.get(name)
    if not values:
        return None
    if len(values) > 1:
        raise WidgetError(f"parameter {name!r} given {len(values)} times")
    return values[0].strip()


def _number(params: dict[str, list[str]], name: str, default: int) -> int:
    text = _one(params, name)
    if text is None or text == "":
        return default
    try:
        return int(text)
    except ValueError:
        raise WidgetError(f"{name} must be a whole number, not {text!r}") from None


def _flag(params: dict[str, list[str]], name: str) -> bool:
    text = _one(params, name)
    if text in (None, "", "0", "false", "no"):
        return False
    if text in ("1", "true", "yes"):
        return True
    raise WidgetError(f"{name} must be 1 or 0, not {text!r}")


def puzzle_board(found: Found) -> Any:
    """The board of a puzzle of any game, as the one-laptop page poses it."""
    if found.game == "origins":
        return origins_puzzle_board(found.puzzle)
    if found.game == "kingdoms":
        return CastlePuzzleBoard(found.puzzle)
    return PuzzleBoard(found.puzzle)


def app_page(query: str | None = None, *,
             make_fresh: Callable[[str], Any] | None = None) -> Any:
    """What the page shows for ``query`` (default: the ``QUERY_STRING`` Voilà gives the kernel):
    a board, the index, or a :class:`Notice` saying in one line what is wrong. ``make_fresh``
    makes a ``new-…`` or ``daily-…`` puzzle (default: made now,
    :func:`~kingdomino_kit.puzzles.lookup.fresh_puzzle`)."""
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    try:
        params = parse_qs(text, keep_blank_values=True, strict_parsing=False)
        unknown = sorted(set(params) - set(PARAMETERS))
        if unknown:
            raise WidgetError(f"unknown parameter {unknown[0]!r} (the page knows "
                              f"{', '.join(PARAMETERS)})")
        puzzle = _one(params, "puzzle")
        if puzzle is not None:
            return puzzle_board(look_up(puzzle, make_fresh=make_fresh))
        if "hand" in params:
            hand = _one(params, "hand") or None
            return KingdomBoard(hand, size=_number(params, "size", 5),
                                seed=_number(params, "seed", 0),
                                middle_kingdom=_flag(params, "middle_kingdom"),
                                harmony=_flag(params, "harmony"))
        return Index()
    except KingdominoError as error:
        return Notice(f"Cannot open the page: {error}")
