"""Every board's display data holds its still picture beside the widget view: an SVG document
and the same SVG as an ``<img>`` with alt text in ``text/html`` (what an untrusted notebook,
nbconvert and nbviewer show before the kernel runs)."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from kingdomino_kit import Kingdom
from kingdomino_kit.bots import RandomBot
from kingdomino_kit.game import GameOptions, play
from kingdomino_kit.game.coach import coach
from kingdomino_kit.kingdoms.board import Board
from kingdomino_kit.kingdoms.game import KingdomsRules
from kingdomino_kit.puzzles import Puzzle
from kingdomino_kit.widgets import (
    CoachView,
    DraftTable,
    KingdomBoard,
    KingdomsTable,
    OriginsBoard,
    PuzzleBoard,
    ScoringBoard,
    SolverView,
)
from kingdomino_kit.widgets import __all__ as WIDGETS
from kingdomino_kit.widgets.picture import StaticPicture, column_svg, svg_size, text_svg

SVG = "{http://www.w3.org/2000/svg}"
VIEW = "application/vnd.jupyter.widget-view+json"


def make(name: str) -> Any:
    """One widget of every class the package exports."""
    if name == "KingdomBoard":
        return KingdomBoard("41,13", kingdom=Kingdom.from_text("C W1"))
    if name == "PuzzleBoard":
        return PuzzleBoard(Puzzle("t-1", "Two", "best-kingdom", 1, "Place both.", (41, 15)))
    if name == "DraftTable":
        return DraftTable(players=3, bots=["random"], seed=3)
    if name == "SolverView":
        return SolverView("41,15,36")
    if name == "CoachView":
        game = play([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=5)
        return CoachView(coach(game.log(), 0, playouts=2, seed=1, solve=False))
    if name == "ScoringBoard":
        return ScoringBoard(Board.from_text("+3 a4 ^ -6 D $ / " + ". . . . . . / " * 4))
    if name == "KingdomsTable":
        return KingdomsTable(KingdomsRules(players=2), bots=[RandomBot(3)], seed=1)
    if name == "OriginsBoard":
        board = OriginsBoard.puzzle("36,18,40", optimum=8, question="Three dominoes.")
        board.select(18)
        board.click(1, 0)
        return board
    raise AssertionError(f"no example of {name}: add one here")


def bundle(widget: Any) -> dict[str, Any]:
    found = widget._repr_mimebundle_()
    data = found[0] if isinstance(found, tuple) else found
    assert isinstance(data, dict)
    return data


def image_of(html: str) -> tuple[str, str]:
    """The alt text and the decoded SVG of the one ``<img>`` in ``html``."""
    match = re.fullmatch(r'<img class="kk-picture" alt="([^"]+)" '
                         r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"/>', html)
    assert match, html[:200]
    return match[1], base64.b64decode(match[2]).decode("utf-8")


@pytest.mark.parametrize("name", [n for n in WIDGETS if n[0].isupper() and n != "WidgetError"])
def test_every_board_carries_its_picture_beside_the_view(name: str) -> None:
    widget = make(name)
    assert isinstance(widget, StaticPicture)
    data = bundle(widget)
    assert {VIEW, "text/plain", "image/svg+xml", "text/html"} <= set(data)
    assert data[VIEW]["model_id"] == widget.model_id
    svg = data["image/svg+xml"]
    root = ET.fromstring(svg)                           # well-formed XML, an image with a name
    assert root.tag == f"{SVG}svg" and root.get("role") == "img" and root.get("aria-label")
    assert root.find(f"{SVG}title") is not None
    width, height = svg_size(svg)
    assert 40 < width < 1300 and 20 < height < 1200     # fits a 1366×768 notebook's column
    alt, shown = image_of(data["text/html"])
    assert shown == svg and "<svg" not in data["text/html"]  # a sanitizer keeps an <img>
    assert len(alt) > 20 and "un the notebook" in alt     # says how to make it live


def test_the_picture_follows_the_board_and_keeps_the_answer_hidden() -> None:
    board = KingdomBoard("41,13")
    before = bundle(board)["image/svg+xml"]
    assert "kk-wheat" not in before and ">41</text>" in before
    assert board.place(board.legal_placements()[0])
    after = bundle(board)["image/svg+xml"]
    assert after.count("kk-cell kk-wheat") == 1 and ">41</text>" not in after
    assert "Score: 2" in after

    puzzle = PuzzleBoard(Puzzle("t-1", "Two", "best-kingdom", 1, "Place both.", (41, 15)))
    picture = bundle(puzzle)["image/svg+xml"]
    assert not re.search(r"kk-cell kk-(wheat|forest|grassland)", picture)  # nothing placed


def test_the_solver_picture_never_shows_a_negative_best() -> None:
    data = bundle(SolverView("41,15,36"))
    assert "not solved yet" in data["image/svg+xml"] and "-1" not in data["image/svg+xml"]


def test_pictures_stack_by_their_sizes() -> None:
    one, two = text_svg("a"), text_svg("a much longer line of text")
    both = column_svg([one, two], words="both", gap=5)
    assert svg_size(both) == (svg_size(two)[0], svg_size(one)[1] + 5 + svg_size(two)[1])
    assert re.findall(r'<g transform="translate\(0 (\d+)\)"><svg', both) == [
        "0", str(int(svg_size(one)[1] + 5))]
