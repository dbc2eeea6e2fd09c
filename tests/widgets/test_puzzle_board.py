"""PuzzleBoard: build layouts by clicks, Check against an optimum found here by brute force."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from kingdomino_kit import Kingdom, domino
from kingdomino_kit.puzzles import Puzzle, Solution
from kingdomino_kit.widgets import PuzzleBoard, WidgetError
from kingdomino_kit.widgets.puzzle_board import find_puzzle


def browser_click(widget: PuzzleBoard, action: str, **data: object) -> None:
    seq = int(widget.event.get("seq", 0)) + 1
    widget.event = {"kkAction": action, **{k: str(v) for k, v in data.items()}, "seq": seq}


def brute_force_best(numbers: tuple[int, ...]) -> tuple[int, list]:
    """Every order and every legal placement of every domino: the best score and its order
    (a kingdom met again with the same dominoes left is not grown again)."""
    best, best_order = -1, []
    seen: set[tuple[object, ...]] = set()

    def grow(kingdom: Kingdom, rest: tuple[int, ...], done: list) -> None:
        nonlocal best, best_order
        if (kingdom.key(), rest) in seen:
            return
        seen.add((kingdom.key(), rest))
        if not rest:
            if kingdom.score() > best:
                best, best_order = kingdom.score(), list(done)
            return
        for p in kingdom.legal_placements(domino(rest[0])):
            kingdom.place(p)
            grow(kingdom, rest[1:], [*done, p])
            kingdom.undo()

    for order in itertools.permutations(numbers):
        grow(Kingdom(), order, [])
    return best, best_order


@pytest.fixture(scope="module")
def puzzle() -> Puzzle:
    numbers = (41, 15, 36)
    optimum, order = brute_force_best(numbers)
    best = Kingdom()
    for p in order:
        best.place(p)
    return Puzzle("t-1", "Three dominoes", "best-kingdom", 1, "Place all three for the best score.",
                  numbers, solution=Solution(optimum, best.to_text(), tuple(order)))


def test_a_weak_layout_is_legal_and_short_of_the_optimum(puzzle: Puzzle) -> None:
    board = PuzzleBoard(puzzle)
    assert [d.number for d in board.hand] == [41, 15, 36] and board.grade is None
    while board.hand:                                   # the green cell that scores least
        def after(cell: tuple[int, int]) -> int:
            trial = board.kingdom.copy()
            dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[board.rotation]
            trial.place((domino(board.selected), cell, (cell[0] + dr, cell[1] + dc)))
            return trial.score()
        assert board.click(*min(sorted(board.legal_cells()), key=after))
    browser_click(board, "check")
    g = board.grade
    assert g.legal and g.buildable and g.score == board.score
    assert g.optimum == puzzle.solution.optimum > g.score
    short = puzzle.solution.optimum - g.score
    assert f"{short} short of the optimum" in board.message
    assert f"<td>points short</td><td>{short}</td>" in board.html
    assert "kk-verdict-legal" in board.html
    board.undo()
    assert board.grade is None and "kk-verdict" not in board.html


def test_the_optimal_layout_is_recognised(puzzle: Puzzle) -> None:
    board = PuzzleBoard(puzzle)
    for p in puzzle.solution.order:
        board.select(p.domino.number)
        assert board.place(p)
    grade = board.check()
    assert grade.optimal and board.score == puzzle.solution.optimum
    assert board.message.startswith("Optimal") and "kk-verdict-optimal" in board.html


def test_an_unfinished_board_is_told_what_is_left_not_graded_red(puzzle: Puzzle) -> None:
    board = PuzzleBoard(puzzle)
    board.click(*min(board.legal_cells()))
    assert board.check() is None and board.grade is None
    assert board.message.startswith("Not finished: 2 dominoes to place")
    assert "kk-verdict" not in board.html and "kk-message kk-error" not in board.html
    assert "kk-message kk-info" in board.html


def test_show_answer_reveals_the_stored_layout(puzzle: Puzzle) -> None:
    board = PuzzleBoard(puzzle)
    assert 'class="kk-answer-layout"' not in board.html
    browser_click(board, "answer")
    assert 'class="kk-answer-layout"' in board.html
    answer = board.html.split('class="kk-answer-layout"')[1]
    caption = answer.index(f"One optimal layout (it scores {puzzle.solution.optimum}):")
    assert caption < answer.index("<svg")                   # the caption sits above its picture
    browser_click(board, "answer")
    assert 'class="kk-answer-layout"' not in board.html
    bare = PuzzleBoard(Puzzle("t-2", "No answer", "best-kingdom", 1, "?", (1,)))
    assert 'data-kk-action="answer"' in bare.html and "disabled" in bare.html.split(
        'data-kk-action="answer"')[1].split(">")[0]
    bare.show_answer()
    assert bare.message == "This puzzle has no stored answer."


def test_start_kingdom_rules_and_next_placement() -> None:
    p = Puzzle("t-3", "Next", "next-placement", 2, "Where does 41 go?", (15, 36),
               start="C G1", claimed=41)
    from kingdomino_kit.puzzles import Rules
    p = Puzzle(p.id, p.title, p.kind, p.level, p.question, p.dominoes, start=p.start,
               claimed=p.claimed, rules=Rules(middle_kingdom=True))
    board = PuzzleBoard(p)
    assert [d.number for d in board.hand] == [41] and board.kingdom == Kingdom.from_text("C G1")
    assert board.rules == p.rules and board.rules.middle_kingdom
    assert "then, each placed if it fits, in the order you choose: 15, 36" in board.html
    assert board.click(0, -1) or board.click(-1, 0)
    grade = board.check()
    assert grade.legal and grade.score == board.kingdom.total(middle_kingdom=True)


def test_find_puzzle_by_file_and_by_id(puzzle: Puzzle, tmp_path) -> None:
    path = tmp_path / "t-1.json"
    path.write_text(puzzle.dumps())
    assert find_puzzle(str(path)) == puzzle
    assert PuzzleBoard(str(path)).puzzle == puzzle
    from kingdomino_kit.puzzles import load_puzzle
    from kingdomino_kit.puzzles.collection import default_collection
    stored = load_puzzle(default_collection() / "01-best-kingdom.json")
    assert PuzzleBoard("01-best-kingdom").puzzle == stored == PuzzleBoard("01").puzzle
    with pytest.raises(WidgetError, match="no puzzle 'nope' in the collection.*puzzle list"):
        PuzzleBoard("nope")


def test_every_stored_answer_of_the_collection_checks_optimal_on_the_board() -> None:
    from kingdomino_kit.puzzles import load_collection

    puzzles = load_collection()
    if not puzzles:
        pytest.skip("the puzzle collection (puzzles/*.json) is empty")
    for p in puzzles:
        board = PuzzleBoard(p)
        order = p.solution.order[:1] if p.kind == "next-placement" else p.solution.order
        for placement in order:                     # the answer, domino by domino, by the rules
            board.select(placement.domino.number)
            assert board.place(placement), (p.id, board.message)
        assert board.check().optimal, (p.id, board.message)
        assert board.score == p.rules.total(board.kingdom)


def test_hint_button_shows_the_hint_only_when_the_puzzle_has_one(puzzle: Puzzle) -> None:
    hinted = PuzzleBoard(dataclasses.replace(puzzle, hint="Put the crowns <together>."))
    assert 'data-kk-action="hint"' in hinted.html and "kk-hint-text" not in hinted.html
    browser_click(hinted, "hint")
    assert "Hint: Put the crowns &lt;together&gt;." in hinted.html      # escaped
    browser_click(hinted, "hint")
    assert "kk-hint-text" not in hinted.html
    bare = PuzzleBoard(puzzle)
    assert 'data-kk-action="hint"' not in bare.html
    bare.show_hint()
    assert bare.message == "This puzzle has no hint."


def test_a_rearrange_board_draws_the_given_kingdom() -> None:
    given = ". . . . F / . . . . F / S2 G G G C"
    p = Puzzle("t-3", "Rearrange", "rearrange", 2, "Rebuild it.", (4, 11, 44), given=given)
    html = PuzzleBoard(p).html
    assert "The kingdom to rebuild (it scores 2 now):" in html
    drawn = html.split('class="kk-given"')[1].split("</svg>")[0]
    assert drawn.count("kk-forest") == 2 and drawn.count("kk-grassland") == 3
    assert drawn.count('class="kk-crown"') == 2 and "kk-swamp" in drawn
    assert 'class="kk-given"' not in PuzzleBoard(Puzzle("t-4", "x", "best-kingdom", 1, "?",
                                                        (1,))).html


def elements_in_order(html: str) -> list[str]:
    """The CSS classes of every element of ``html``, in document order (as a browser's DOM
    walks them)."""
    from html.parser import HTMLParser

    found: list[str] = []

    class Walker(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found.append(dict(attrs).get("class") or "")

    Walker().feed(html)
    return found


def test_the_question_is_read_before_the_board(puzzle: Puzzle) -> None:
    order = elements_in_order(PuzzleBoard(puzzle).html)

    def first(css: str) -> int:
        return next(i for i, classes in enumerate(order) if css in classes.split())

    assert first("kk-question") < first("kk-puzzle-rules") < first("kk-hand")
    assert first("kk-question") < first("kk-grid") < first("kk-message")
    assert order.count("kk-question") == 1


def test_hints_come_one_at_a_time_then_hide() -> None:
    from html import escape

    from kingdomino_kit.puzzles import find_puzzle as find

    p = find("01")
    board = PuzzleBoard(p, reveal=True)
    ladder = [escape(h) for h in p.hint_ladder()]
    assert len(ladder) == 3 and not any(h in board.html for h in ladder)
    board.handle("hint", {})
    assert ladder[0] in board.html and ladder[1] not in board.html
    board.handle("hint", {})
    assert ladder[1] in board.html and ladder[2] not in board.html
    board.handle("hint", {})
    assert ladder[2] in board.html and "Hide the hints" in board.html
    board.handle("hint", {})
    assert not any(h in board.html for h in ladder)
    hidden = PuzzleBoard(p, reveal=False)
    hidden.handle("hint", {})
    assert not any(h in hidden.html for h in ladder)


def test_new_puzzle_of_a_level_replaces_the_board_s_puzzle() -> None:
    from kingdomino_kit.puzzles import find_puzzle as find
    from kingdomino_kit.puzzles.on_demand import new_puzzle

    board = PuzzleBoard(find("09"), reveal=True)       # a complete puzzle
    assert board.puzzle.kind == "complete"
    board.new_level = 1
    board.handle("new-level", {})
    assert board.new_level == 2 and "level 2" in board.message
    for _ in range(4):
        board.handle("new-level", {})
    assert board.new_level == 1
    board.handle("new", {})
    made = board.puzzle
    assert made.id == "new-complete-L1-1" and made.level == 1
    assert made == new_puzzle("complete", 1, 1)          # seeds 1, 2, … in turn
    assert [d.number for d in board.hand] == list(made.dominoes)
    assert board.kingdom == made.start_kingdom() and board.grade is None
    board.new_puzzle(1)
    assert board.puzzle.id == "new-complete-L1-2"
    with pytest.raises(WidgetError):
        board.new_puzzle(7)
