"""The class page serves the Origins puzzles: the index lists them after the Kingdomino ones,
`?puzzle=o03` poses the stored puzzle on the Origins board, a student's steps and Checks are
kept in the class's progress file (the dashboard's rows) and a reload restores the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kingdomino_kit.origins.kingdom import Placement
from kingdomino_kit.origins.puzzles import OriginsPuzzle, origins_puzzles
from kingdomino_kit.server.html_pages import dashboard_page, index_page
from kingdomino_kit.server.origins_page import ClassOriginsBoard
from kingdomino_kit.server.progress import ProgressStore
from kingdomino_kit.server.student_page import student_page

PUZZLES = origins_puzzles()
BY_ID = {p.id: p for p in PUZZLES}


def _open(store: ProgressStore, ref: str, student: str = "Ada") -> tuple[str, ClassOriginsBoard]:
    page = student_page(f"puzzle={ref}&student={student}", store)
    links, board = page.children
    assert isinstance(board, ClassOriginsBoard)
    return str(links.value), board


def _play(board: ClassOriginsBoard, puzzle: OriginsPuzzle, placements: int | None = None) -> None:
    """The stored answer through the board's own actions (clicks for the fire tokens)."""
    assert puzzle.answer is not None
    throws = list(puzzle.answer.fire)
    for p in puzzle.answer.order[:placements]:
        dom = next(d for d in board.hand if d.number == p.domino.number)
        assert board.place(Placement(dom, *p.cells))
        for cell, craters in p.volcanoes():
            t = throws.pop(0)
            assert (t.volcano, t.fire) == (cell, craters)
            if t.target is not None and board.phase == "fire":
                assert board.click(*t.target) and board.click(*t.target)  # aim, then throw


def _state(board: ClassOriginsBoard) -> tuple[Any, ...]:
    k = board.kingdom
    return (k.to_json(), dict(k.tokens), dict(k.resources), k.discarded,
            [d.number for d in board.hand], board.phase, board.supply, board.score,
            board.fire_reach())


def test_a_short_id_opens_the_stored_puzzle_on_the_origins_board(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.db")
    full = next(i for i in BY_ID if i.startswith("o03-"))
    links, board = _open(store, "o03")
    puzzle = BY_ID[full]
    assert board.is_puzzle and board.puzzle_id == full
    assert [d.number for d in board.hand] == [d.number for d in puzzle.dominoes]
    assert board.question == puzzle.question and board.optimum == puzzle.optimum
    assert board.rivals == puzzle.rivals and board.size == puzzle.size
    assert puzzle.question in board.markup()
    ids = [p.id for p in PUZZLES]
    i = ids.index(full)
    assert f"puzzle={ids[i - 1]}&amp;student=Ada" in links and "Previous" in links
    assert f"puzzle={ids[i + 1]}&amp;student=Ada" in links and "Next" in links
    assert "All puzzles" in links and "signed in as <b>Ada</b>" in links
    assert _open(store, full)[1].puzzle_id == full                  # the whole id too


def test_the_first_and_last_origins_puzzles_link_one_way(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.db")
    first, _ = _open(store, PUZZLES[0].id)
    last, _ = _open(store, PUZZLES[-1].id)
    assert "Previous" not in first and f"puzzle={PUZZLES[1].id}&" in first
    assert "Next" not in last and f"puzzle={PUZZLES[-2].id}&" in last
    assert "best-kingdom" not in first + last                      # links stay in the list


@pytest.mark.parametrize("ref", ["o99", "o", "o03-fire", "../puzzles/origins/o03-totem.json",
                                 "puzzles/origins/o01-fire.json", "/etc/passwd", ""])
def test_anything_else_is_one_line_and_no_board(tmp_path: Path, ref: str) -> None:
    store = ProgressStore(tmp_path / "class.db")
    page = student_page(f"puzzle={ref}&student=Ada", store)
    assert "no puzzle" in page.text
    assert store.rows() == []


def test_solving_records_tries_best_and_solved_on_the_dashboard(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.db")
    puzzle = next(p for p in PUZZLES if p.answer is not None and p.optimum)
    _, board = _open(store, puzzle.id)
    assert board.check() == "short"                                # empty territory: a try
    _play(board, puzzle)
    assert board.score == puzzle.optimum
    assert board.check() == "optimal"
    row = next(r for r in store.rows() if r["puzzle"] == puzzle.id)
    assert (row["student"], row["tries"], row["solved"], row["best"]) == \
        ("Ada", 2, True, puzzle.optimum)
    assert store.solved("Ada") == {puzzle.id}
    html = dashboard_page(store.rows(), store.students(), [p.id for p in PUZZLES])
    assert puzzle.id in html and f"✓ best {puzzle.optimum}, 2 tries" in html


def test_a_fire_token_waiting_is_not_a_try(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.db")
    for puzzle in PUZZLES:
        assert puzzle.answer is not None
        _, board = _open(store, puzzle.id)
        p = puzzle.answer.order[0]
        dom = next(d for d in board.hand if d.number == p.domino.number)
        board.place(Placement(dom, *p.cells))
        if board.phase == "fire":
            assert board.check() is None
            assert next(r for r in store.rows() if r["puzzle"] == puzzle.id)["tries"] == 0
            return
    pytest.fail("no stored answer starts with a volcano")


def test_a_reload_restores_placements_throws_and_the_token_in_the_air(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.db")
    puzzle = max(PUZZLES, key=lambda p: len(p.answer.fire) if p.answer else 0)
    assert puzzle.answer is not None and puzzle.answer.fire
    _, board = _open(store, puzzle.id)
    _play(board, puzzle)
    assert any(s[0] == "throw" for s in board.board_steps())
    done = _state(board)
    _, again = _open(store, puzzle.id)
    assert _state(again) == done and again.board_steps() == board.board_steps()
    assert "Welcome back, Ada" in again.message
    assert len(again.board_steps()) == len(board._undo)            # undo goes on after a reload
    while again.undo():
        pass
    assert again.board_steps() == [] and store.board("Ada", puzzle.id) == []
    assert _state(again) == _state(_open(store, puzzle.id)[1])     # the emptied board is kept
    _, bo = _open(store, puzzle.id, "Bo")
    assert bo.board_steps() == [] and "Welcome back" not in bo.message


def test_a_reload_mid_throw_keeps_the_token_to_throw(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.db")
    for puzzle in PUZZLES:
        assert puzzle.answer is not None
        _, board = _open(store, puzzle.id)
        p = puzzle.answer.order[0]
        dom = next(d for d in board.hand if d.number == p.domino.number)
        board.place(Placement(dom, *p.cells))
        if board.phase != "fire":
            continue
        target = next(iter(sorted(board.legal_cells())))
        board.click(*target)                                       # aimed, not thrown
        _, again = _open(store, puzzle.id)
        assert again.phase == "fire" and again.aim is None
        assert _state(again) == _state(board) and again.kingdom.tokens == {}
        return
    pytest.fail("no stored answer starts with a volcano")


def test_a_saved_step_that_no_longer_applies_is_dropped_with_the_rest(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.db")
    puzzle = next(p for p in PUZZLES if p.answer is not None and len(p.answer.order) >= 2)
    _, board = _open(store, puzzle.id)
    _play(board, puzzle, placements=1)
    good = board.board_steps()
    store.save_board("Ada", puzzle.id, [*good, ["place", 9999, 0, 1, 0, 2], *good,
                                        ["bogus"], ["throw", "x", 1]])
    _, again = _open(store, puzzle.id)
    assert again.board_steps() == good and _state(again) == _state(board)
    store.save_board("Ada", puzzle.id, [["place", "7"], [], ["settle", 0, 1]])
    _, empty = _open(store, puzzle.id)
    assert empty.board_steps() == [] and not empty.kingdom.tokens


def test_the_index_lists_the_origins_puzzles_after_the_others_with_solved_marks() -> None:
    kingdomino = [type("P", (), {"id": "01-best-kingdom", "title": "Best", "level": 1})()]
    solved = {PUZZLES[2].id, "01-best-kingdom"}
    html = index_page("Ada", kingdomino, solved, PUZZLES)
    assert html.index("01-best-kingdom") < html.index("Kingdomino Origins puzzles") < \
        html.index(PUZZLES[0].id)
    for p in PUZZLES:
        assert f'href="/?puzzle={p.id}&amp;student=Ada"' in html and p.title in html
    origins = html[html.index("Kingdomino Origins puzzles"):]
    assert origins.count("✓ solved") == 1 and "1 of 17 solved" in origins
    line = next(li for li in origins.split("<li>") if PUZZLES[2].id in li)
    assert "✓ solved" in line
    assert "1 of 1 solved" in html[:html.index("Kingdomino Origins puzzles")]
    assert "Origins" not in index_page("Ada", kingdomino, solved)   # none given: no section
