"""What a screen reader finds in the boards' HTML: a name for every board, cell, domino and
picture (the browser side, keys and live region, is tested in tests/browser)."""

from __future__ import annotations

import re

from kingdomino_kit import Kingdom, domino
from kingdomino_kit.bots import RandomBot
from kingdomino_kit.kingdoms.board import Board
from kingdomino_kit.kingdoms.game import KingdomsRules
from kingdomino_kit.render import cell_name, domino_words
from kingdomino_kit.widgets import (
    DraftTable,
    KingdomBoard,
    KingdomsTable,
    ScoringBoard,
    SolverView,
)


def cell_labels(html: str) -> dict[tuple[int, int], str]:
    return {(int(m[1]), int(m[2])): m[3] for m in re.finditer(
        r'<rect class="kk-cell[^"]*"[^>]*data-row="(-?\d+)" data-col="(-?\d+)"[^>]*'
        r'aria-label="([^"]*)"', html)}


def test_every_cell_of_the_builder_is_named_as_its_label_shows_it() -> None:
    board = KingdomBoard("41,13", kingdom=Kingdom.from_text("C W1"))
    labels = cell_labels(board.html)
    assert len(labels) == 81
    assert labels[(0, 0)] == "E5, castle" and labels[(0, 1)] == "F5, wheat, one crown"
    legal = {cell for cell, words in labels.items() if words.endswith(", legal here")}
    assert legal == board.legal_cells()
    for (r, c), words in labels.items():
        assert words.startswith(cell_name((r, c)) + ", ")
    assert 'data-kk-name="' in board.html and "aria-live" not in board.html  # the view's own


def test_hand_dominoes_are_named_by_terrains_and_crowns_not_numbers() -> None:
    board = KingdomBoard("41,13")
    names = re.findall(r'<button class="kk-hand-domino[^"]*"[^>]*aria-label="([^"]*)"',
                       board.html)
    assert names == [domino_words(domino(41)) + ", chosen", domino_words(domino(13))]
    assert names[0] == "domino 41: wheat and grassland with two crowns, chosen"
    assert board.html.count('aria-pressed="true"') == 1


def test_the_draft_table_names_the_line_and_every_kingdom() -> None:
    table = DraftTable(players=2, bots=["greedy"], seed=1)
    claims = re.findall(r'data-kk-action="claim"[^>]*aria-label="([^"]*)"', table.html)
    assert claims and all(re.fullmatch(r"claim domino \d+: \w+.* and \w+.*", c) for c in claims)
    assert "your kingdom, 0 points" in table.html and "greedy 1's kingdom" in table.html
    svgs = re.findall(r"<svg[^>]*>", table.html)
    assert svgs and all("aria-label=" in s for s in svgs)


def test_the_kingdoms_boards_have_named_cells_a_cursor_and_keys() -> None:
    view = ScoringBoard(Board.from_text("+3 a4 ^ -6 D $ / " + ". . . . . . / " * 4))
    labels = cell_labels(view.html)
    assert len(labels) == 30 and labels[(0, 3)] == "row 1, column 4, hazard −6"
    assert labels[(0, 1)] == "row 1, column 2, player a's castle of rank 4"
    assert view.key("down") and view.cursor == (1, 0) and "kk-cursor" in view.html
    assert not view.key("rotate")
    table = KingdomsTable(KingdomsRules(players=2), bots=[RandomBot(1)], seed=3)
    table.choose_rank(4)
    assert table.key("right") and table.message == "Cursor on row 1, column 2, empty, legal here."
    assert 'data-kk-keys="kingdoms"' in table.html


def test_the_solver_views_plot_says_what_it_shows() -> None:
    view = SolverView("41,36", workers=1)
    assert re.search(r'<img class="kk-plot" alt="best score and bound over time', view.html)
