"""The standalone page (``make app``): the query string chooses a board; anything wrong is one
clear line (a Notice), never an exception; the server is bound to 127.0.0.1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kingdomino_kit.kingdoms.puzzles import castle_puzzles
from kingdomino_kit.origins.puzzles import origins_puzzles
from kingdomino_kit.puzzles import load_collection
from kingdomino_kit.rules import Rules
from kingdomino_kit.widgets import KingdomBoard, PuzzleBoard
from kingdomino_kit.widgets.app import Index, Notice, app_page
from kingdomino_kit.widgets.origins_board import OriginsBoard

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize(("query", "words"), [
    ("puzzle=no-such-puzzle", "no puzzle 'no-such-puzzle': a puzzle id is NN or NN-kind"),
    ("puzzle=../../etc/passwd", "no puzzle '../../etc/passwd': a page opens puzzles by id, "
                                "never a file path"),
    ("hand=3,3", "hand: domino 3 appears twice"),
    ("hand=99", "99"),
    ("hand=41&size=6", "size must be 5 or 7, not 6"),
    ("hand=41&seed=x", "seed must be a whole number, not 'x'"),
    ("hand=41&harmony=maybe", "harmony must be 1 or 0, not 'maybe'"),
    ("puzzle=a&puzzle=b", "parameter 'puzzle' given 2 times"),
    ("colour=red", "unknown parameter 'colour'"),
])
def test_anything_wrong_is_one_clear_line(query: str, words: str) -> None:
    page = app_page(query)
    assert isinstance(page, Notice), page
    assert words in page.text and "\n" not in page.text
    assert page.text.startswith("Cannot open the page: ")
    html = page._repr_html_()
    assert "Traceback" not in html and html.count("<div") == 1


def test_the_query_string_chooses_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    first = load_collection()[0]
    board = app_page(f"puzzle={first.id}")
    assert isinstance(board, PuzzleBoard) and board.puzzle.id == first.id
    builder = app_page("hand=41,13,27&size=7&seed=2&middle_kingdom=1")
    assert isinstance(builder, KingdomBoard)
    assert [d.number for d in builder.hand] == [41, 13, 27] and builder.kingdom.size == 7
    assert builder.rules == Rules(7, middle_kingdom=True)
    assert len(app_page("hand=").hand) == 12                       # a seeded random hand
    monkeypatch.setenv("QUERY_STRING", "hand=41")                  # what Voilà gives the kernel
    assert [d.number for d in app_page().hand] == [41]
    monkeypatch.setenv("QUERY_STRING", "")
    assert isinstance(app_page(), Index)


def test_the_index_links_every_puzzle_of_the_collection() -> None:
    html = Index().value
    links = re.findall(r'href="\?puzzle=([^"]+)"', html)
    kingdomino = [p.id for p in load_collection()]
    origins = [p.id for p in origins_puzzles()]
    castles = [p.id for p in castle_puzzles()]
    assert links == kingdomino + origins + castles and min(map(len, (kingdomino, origins,
                                                                     castles))) >= 1
    assert html.index("Kingdomino Origins puzzles") < html.index(f'?puzzle={origins[0]}"')
    assert html.index("Kingdoms castle puzzles") < html.index(f'?puzzle={castles[0]}"')
    assert 'href="?hand="' in html


def test_an_origins_puzzle_opens_on_the_origins_board() -> None:
    puzzle = origins_puzzles()[2]
    board = app_page(f"puzzle={puzzle.id}")
    assert isinstance(board, OriginsBoard)
    assert board.optimum == puzzle.optimum and len(board.hand) == len(puzzle.dominoes)
    assert isinstance(app_page("puzzle=o99-fire"), Notice)


def test_make_app_serves_on_127_0_0_1_only() -> None:
    recipe = (ROOT / "Makefile").read_text().split("\napp:")[1].split("\n\n")[0]
    assert "kingdomino-kit app --port" in recipe
    assert "--class" not in recipe and "--host" not in recipe and "0.0.0.0" not in recipe
