"""The class page asks for a fresh puzzle of a level by its id; the index links to them."""

from __future__ import annotations

from pathlib import Path

from kingdomino_kit.server.html_pages import index_page
from kingdomino_kit.server.progress import ProgressStore
from kingdomino_kit.server.student_page import student_page


def test_a_fresh_puzzle_id_opens_that_puzzle_and_keeps_progress(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.db")
    page = student_page("puzzle=new-complete-L1-3&student=Ada", store)
    board = page.children[1]
    assert board.puzzle.id == "new-complete-L1-3" and board.puzzle.level == 1
    assert "Previous" not in page.children[0].value and "All puzzles" in page.children[0].value
    move = board.kingdom.legal_placements(board.hand[0])[0]
    board.place(move)
    assert store.board("Ada", "new-complete-L1-3")
    nothing = student_page("puzzle=new-castle-L1-3&student=Ada", store)
    assert "no puzzle" in nothing.text


def test_the_index_links_a_fresh_puzzle_per_level() -> None:
    html = index_page("Ada", [], set())
    for level in (1, 2, 3, 4):
        assert f"new-best-kingdom-L{level}-1" in html
