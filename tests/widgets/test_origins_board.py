"""OriginsBoard: click sequences, illegal clicks that change nothing, the fire reach shown before
a throw, scores that equal the Origins score sheet (and a slow region count written here), the
puzzle's Check against the solver's proven optimum, Tribe and Totem modes, what a screen reader
finds in the HTML."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from kingdomino_kit.grid import DIRECTIONS
from kingdomino_kit.origins import OriginsKingdom, sample_catalogue
from kingdomino_kit.origins.render import domino_words
from kingdomino_kit.origins.scoring import score_sheet
from kingdomino_kit.render import cell_name
from kingdomino_kit.widgets import OriginsBoard, WidgetError


def browser(widget: OriginsBoard, action: str, **data: object) -> None:
    """What a click in the browser sends."""
    seq = int(widget.event.get("seq", 0)) + 1
    widget.event = {"kkAction": action, **{k: str(v) for k, v in data.items()}, "seq": seq}


def state(board: OriginsBoard) -> tuple[Any, ...]:
    """Everything a move may change."""
    return (board.kingdom.key(), board.kingdom.discarded, [d.number for d in board.hand],
            board.supply, board.phase, board.cave, board.score)


def slow_score(kingdom: OriginsKingdom) -> int:
    """Σ squares × (printed fire + fire on tokens) over regions found by a flood fill here;
    volcano regions score nothing."""
    squares = dict(kingdom.squares())
    seen: set[tuple[int, int]] = set()
    total = 0
    for start, half in squares.items():
        if start in seen:
            continue
        region, todo = [], [start]
        seen.add(start)
        while todo:
            r, c = todo.pop()
            region.append((r, c))
            for dr, dc in DIRECTIONS:
                n = (r + dr, c + dc)
                if n in squares and n not in seen and squares[n].terrain is half.terrain:
                    seen.add(n)
                    todo.append(n)
        if half.terrain.value != "volcano":
            fire = sum(squares[x].fire + kingdom.tokens.get(x, 0) for x in region)
            total += len(region) * fire
    return total


def place(board: OriginsBoard, number: int, first: tuple[int, int], second: tuple[int, int]
          ) -> bool:
    """Choose, turn and click as a player does."""
    browser(board, "select", domino=number)
    want = DIRECTIONS.index((second[0] - first[0], second[1] - first[1]))
    while board.rotation != want:
        browser(board, "rotate")
    before = len(board.kingdom)
    browser(board, "cell", row=first[0], col=first[1])
    return len(board.kingdom) > before


def test_a_volcano_throws_its_token_only_after_aim_and_confirm() -> None:
    board = OriginsBoard("36,18")
    assert place(board, 18, (1, 0), (1, 1)) and board.phase == "place"
    assert place(board, 36, (0, 1), (0, 2)) and board.phase == "fire"
    assert board.supply == {1: 4, 2: 4, 3: 1}           # the 1-fire token is out of the box
    browser(board, "cell", row=1, col=1)
    assert board.aim == (1, 1) and board.kingdom.tokens == {}
    assert "kk-verdict" not in board.html and "ko-aim" in board.html
    assert "Aimed: the 1-fire token from F5 would land on F6, grassland" in board.message
    browser(board, "confirm")
    assert board.kingdom.tokens == {(1, 1): 1} and board.phase == "place"
    assert board.score == 2 == score_sheet(board.kingdom).total == slow_score(board.kingdom)
    assert board.message.startswith("Threw the 1-fire token onto F6: score 1 → 2.")
    assert board.html.count('<rect class="kk-domino"') == 2          # each placed domino outlined


def test_the_reach_is_shown_before_the_throw_and_matches_king_moves() -> None:
    cat = sample_catalogue()
    board = OriginsBoard([cat[18], cat[36], cat[1]])
    place(board, 18, (1, 0), (1, 1))
    place(board, 36, (0, 1), (0, 2))
    volcano, fire = (0, 1), cat[36].first.craters
    reach = {(r, c) for r in range(-5, 6) for c in range(-5, 6)
             if 1 <= max(abs(r - volcano[0]), abs(c - volcano[1])) <= 4 - fire}
    assert set(board.fire_reach()) == reach
    landing = {cell for cell in reach if (h := board.kingdom.at(cell)) is not None
               and h.terrain.value != "volcano" and not h.fire}
    assert board.legal_cells() == landing == {(1, 0), (1, 1)}
    shown = {(int(m[1]), int(m[2])) for m in re.finditer(
        r'<rect class="[^"]*\bko-reach\b[^"]*"[^>]*data-row="(-?\d+)" data-col="(-?\d+)"',
        board.html)}
    assert shown == {c for c in reach if max(map(abs, c)) <= 4}     # inside the drawn frame
    labels = {(int(m[1]), int(m[2])): m[3] for m in re.finditer(
        r'data-row="(-?\d+)" data-col="(-?\d+)"[^>]*aria-label="([^"]*)"', board.html)}
    assert labels[(1, 1)] == "F6, grassland, in fire reach, legal here"
    assert labels[(0, 2)] == "G5, grassland, one fire symbol, in fire reach"
    assert labels[(0, 1)] == "F5, volcano, one crater"
    assert "in fire reach" not in labels[(4, 4)]


def test_illegal_clicks_change_nothing_and_say_why() -> None:
    board = OriginsBoard("36,18,40")
    before = state(board)
    browser(board, "cell", row=3, col=3)                      # far from the hut
    assert state(board) == before and board.message.startswith("Illegal: ")
    assert "connection rule" in board.message and "unchanged" in board.message
    assert "kk-message kk-error" in board.html
    browser(board, "discard")                                 # it fits: no discard
    assert state(board) == before and "may not be discarded" in board.message
    browser(board, "confirm")                                 # no token to throw
    assert state(board) == before
    browser(board, "recruit", slot=0)                          # not Tribe mode
    assert state(board) == before
    browser(board, "select", domino=99)                        # not in the hand
    assert state(board) == before and "not in the hand" in board.message
    browser(board, "bogus")
    assert state(board) == before and "Unknown action" in board.message
    place(board, 18, (1, 0), (1, 1))
    place(board, 36, (0, 1), (0, 2))
    before = state(board)
    for cell in ((0, 2), (0, 1), (0, 0), (3, 3), (-4, -4)):   # fire symbol, volcano, hut, far
        browser(board, "cell", row=cell[0], col=cell[1])
        assert state(board) == before and board.aim is None, cell
        assert board.message.startswith("Cannot throw there: "), board.message
    browser(board, "cell", row=-3, col=-3)
    assert "flies 1–3 squares" in board.message
    browser(board, "select", domino=40)                        # a token is pending: no placing
    browser(board, "cell", row=-1, col=0)
    assert state(board) == before


def test_undo_and_reset_return_to_the_earlier_states() -> None:
    board = OriginsBoard("36,18")
    first = state(board)
    place(board, 18, (1, 0), (1, 1))
    second = state(board)
    place(board, 36, (0, 1), (0, 2))
    browser(board, "cell", row=1, col=0)
    browser(board, "cell", row=1, col=0)                       # a second click throws
    assert board.kingdom.tokens == {(1, 0): 1}
    browser(board, "undo")
    assert board.phase == "fire" and board.kingdom.tokens == {}
    browser(board, "undo")
    assert state(board) == second
    browser(board, "reset")
    assert state(board) == first
    browser(board, "undo")
    assert state(board) == first and board.message == "Nothing to undo."


def play_randomly(board: OriginsBoard, rng: random.Random) -> None:
    """Random legal clicks (and some illegal ones) until the hand is empty."""
    for _ in range(400):
        if board.phase == "place" and not board.hand:
            return
        before = state(board)
        if rng.random() < 0.2:                                  # an illegal click
            cell = (rng.randint(-4, 4), rng.randint(-4, 4))
            if cell not in board.legal_cells() and not (board.phase == "fire"
                                                         and cell == board.aim):
                browser(board, "cell", row=cell[0], col=cell[1])
                assert state(board) == before, (cell, board.message)
                continue
        if board.phase == "place":
            dom = board.hand[rng.randrange(len(board.hand))]
            browser(board, "select", domino=dom.number)
            for _ in range(rng.randrange(4)):
                browser(board, "rotate")
            if not board.kingdom.can_place(dom):
                browser(board, "discard")
                continue
        cells = sorted(board.legal_cells())
        if not cells:
            continue
        cell = cells[rng.randrange(len(cells))]
        browser(board, "cell", row=cell[0], col=cell[1])
        if board.phase == "fire" and board.aim == cell:
            browser(board, "confirm")
        assert board.score == board.sheet().total


@pytest.mark.parametrize("seed", range(6))
def test_random_play_scores_as_the_score_sheet_and_a_slow_count(seed: int) -> None:
    board = OriginsBoard(seed=seed)
    play_randomly(board, random.Random(seed))
    assert not board.hand and board.phase == "place"
    assert board.score == score_sheet(board.kingdom).total == slow_score(board.kingdom)
    copy = OriginsKingdom(5)                        # the placements replayed by the rules alone
    for p in board.kingdom.history:
        copy.place(p)
    assert copy.layout.key() == board.kingdom.layout.key()
    used = sum(1 for _ in board.kingdom.tokens)
    assert sum(board.supply.values()) <= 10 - used


def test_the_keyboard_places_aims_and_throws() -> None:
    board = OriginsBoard("36,18")
    board.select(18)
    assert board.key("down") and board.cursor == (1, 1)
    assert board.key("left") and board.cursor == (1, 0)
    assert board.message == "Cursor on E6, empty, legal here."
    assert board.key("enter") and board.kingdom.at((1, 0)) is not None
    board.key("up")
    board.key("right")
    assert board.key("enter") and board.phase == "fire"          # domino 36 from F5
    board.key("down")
    assert board.key("enter") and board.aim == (1, 1)
    assert board.key("enter") and board.kingdom.tokens == {(1, 1): 1}
    assert board.key("undo") and board.kingdom.tokens == {}
    assert not board.key("jump")


def test_a_puzzle_played_as_the_solver_answers_is_optimal() -> None:
    from kingdomino_kit.origins.solver import solve_discovery

    cat = sample_catalogue()
    tiles = cat.dominoes("36,18,40")
    best = solve_discovery(tiles, workers=1)
    board = OriginsBoard.puzzle("36,18,40", question="Three tiles: the best territory?",
                                reveal=True)
    assert board.html.index("kk-question") < board.html.index("kk-grid")
    browser(board, "check")
    assert board.verdict == "short" and f"short of the proven optimum {best.score}" in \
        board.message and board.optimum == best.score            # solved on the first Check
    throws = list(best.throws)
    for p in best.order:
        assert place(board, p.domino.number, p.first, p.second), board.message
        while board.phase == "fire":
            t = throws.pop(0)
            assert t.target is not None
            browser(board, "cell", row=t.target[0], col=t.target[1])
            browser(board, "confirm")
    browser(board, "check")
    assert board.verdict == "optimal" and board.score == best.score
    assert board.message.startswith("Optimal") and "kk-verdict-optimal" in board.html
    assert "kk-message kk-ok" in board.html


def test_a_puzzle_keeps_the_optimum_to_itself_when_answers_are_hidden() -> None:
    board = OriginsBoard.puzzle([40, 48], optimum=9, reveal=False)
    browser(board, "check")
    assert board.verdict == "short" and "9" not in board.message
    assert "not the best yet" in board.message and "kk-error" not in board.html
    with pytest.raises(WidgetError, match="options: unknown 'mode'"):
        OriginsBoard.puzzle([40], {"mode": "tribe"})
    with pytest.raises(WidgetError, match="optimum"):
        OriginsBoard.puzzle([40], optimum=-1)
    free = OriginsBoard("40")
    free.check()
    assert "Check is for puzzles" in free.message and 'data-kk-action="check"' not in free.html


def test_bad_arguments_are_widget_errors() -> None:
    for kwargs in ({"size": 6}, {"mode": "bronze"}, {"empire_of_fire": 1},
                   {"catalogue": "mine.csv"}):
        with pytest.raises(WidgetError):
            OriginsBoard("1", **kwargs)
    with pytest.raises(WidgetError, match="hand: domino 3 appears twice"):
        OriginsBoard([3, 3])
    with pytest.raises(WidgetError, match="hand: .*99"):
        OriginsBoard("99")
    with pytest.raises(WidgetError, match="cannot fit"):
        OriginsBoard("all")
    assert OriginsBoard(seed=4).hand == OriginsBoard(seed=4).hand != OriginsBoard(seed=5).hand


def tribe_board() -> OriginsBoard:
    """A Tribe board whose territory holds a mammoth, a fish and a mushroom (no fire)."""
    cat = sample_catalogue()
    plain = [d for d in cat if not d.fire and not d.volcanoes and d.first.terrain is not
             d.second.terrain and d.first.resource and d.second.resource]
    board = OriginsBoard(plain[:3], mode="tribe", seed=2)
    for dom in plain[:3]:
        placements = board.kingdom.legal_placements(dom)
        board.select(dom.number)
        assert board.place(placements[0])
    return board


def test_tribe_recruit_spend_and_settle_score_the_caveman() -> None:
    board = tribe_board()
    assert len(set(board.kingdom.resources.values())) >= 2
    man = board.cave[0]
    assert man is not None and 'data-kk-action="recruit"' in board.html
    browser(board, "recruit", slot=0)
    assert board.phase == "spend" and board.message.startswith(f"Recruiting a {man.value}.")
    before = state(board)
    empty = next(c for c in ((r, c) for r in range(-4, 5) for c in range(-4, 5))
                 if board.kingdom.at(c) is None and c != (0, 0))
    browser(board, "cell", row=empty[0], col=empty[1])            # no resource there
    assert state(board) == before and "Cannot spend" in board.message
    spent = []
    while board.phase == "spend":
        cell = min(board.legal_cells())
        spent.append(board.kingdom.resources[cell])
        browser(board, "cell", row=cell[0], col=cell[1])
    assert len(set(spent)) == 2 and board.phase == "settle"
    assert set(board.legal_cells()) == set(board.kingdom.settle_targets())
    before = state(board)
    browser(board, "cell", row=0, col=0)                           # the hut
    assert state(board) == before and "cannot settle" in board.message
    target = min(board.legal_cells())
    browser(board, "cell", row=target[0], col=target[1])
    assert board.kingdom.cavemen == {target: man} and board.phase == "place"
    assert board.score == score_sheet(board.kingdom, "tribe").total
    assert "<td>cavemen</td>" in board.html
    assert f"caveman: {man.value}" in board.html


def test_totem_mode_counts_resources_and_the_totems_held() -> None:
    cat = sample_catalogue()
    plain = [d for d in cat if not d.fire and not d.volcanoes and d.first.resource
             and d.second.resource]
    board = OriginsBoard(plain[:2], mode="totem")
    for dom in plain[:2]:
        board.select(dom.number)
        assert board.place(board.kingdom.legal_placements(dom)[0])
    held = board.held_totems()
    assert set(held) == set(board.kingdom.resources.values()) and held
    sheet = score_sheet(board.kingdom, "totem", totems=held)
    assert board.score == sheet.total == len(board.kingdom.resources) + sheet.totems
    assert "<td>totems</td>" in board.html and "<td>wooden resources</td>" in board.html


def test_a_screen_reader_finds_names_for_the_board_its_cells_and_dominoes() -> None:
    board = OriginsBoard("36,18", title="fire test")
    html = board.html
    cells = re.findall(r'<rect class="ko-cell[^"]*"[^>]*aria-label="([^"]*)"', html)
    assert len(cells) == 81 and "E5, hut" in cells
    assert all(re.match(r"[A-I][1-9], ", c) for c in cells)
    assert {c for c in cells if c.endswith("legal here")} == {
        f"{cell_name(x)}, empty, legal here" for x in board.legal_cells()}
    hand = re.findall(r'<button class="kk-hand-domino[^"]*"[^>]*aria-label="([^"]*)"', html)
    cat = sample_catalogue()
    assert hand == [domino_words(cat[36]) + ", chosen", domino_words(cat[18])]
    assert hand[0] == ("domino 36: volcano with one crater and grassland with one fire symbol, "
                       "chosen")
    assert 'data-kk-keys="origins"' in html and 'data-kk-name="fire test: Keys' in html
    assert re.search(r'<svg[^>]*class="ko-territory"[^>]*role="group" aria-label="', html)
    assert "<title>Origins territory (5×5)" in html
    assert 'class="kk-message kk-info"' in html


def test_the_still_picture_shows_the_question_hand_and_territory_not_the_optimum() -> None:
    board = OriginsBoard.puzzle("36,18", optimum=4, question="Two dominoes.")
    board.select(18)
    board.click(1, 0)
    found = board._repr_mimebundle_()
    svg = (found[0] if isinstance(found, tuple) else found)["image/svg+xml"]
    assert "Two dominoes." in svg and ">36</text>" in svg and ">18</text>" not in svg
    assert svg.count('class="ko-cell ko-forest') == 1 and "Score: 0" in svg
    assert "optimum" not in svg and "short" not in svg
    assert "dominoes in the hand: 36. Run the notebook to play." in board.picture_words()


def test_every_stored_origins_puzzle_played_as_its_answer_on_the_board_is_optimal() -> None:
    from kingdomino_kit.origins.puzzles import origins_puzzles
    from kingdomino_kit.widgets import origins_puzzle_board

    puzzles = origins_puzzles()
    assert len(puzzles) >= 10
    for puzzle in puzzles:
        board = origins_puzzle_board(puzzle.id, reveal=True)
        assert board.optimum == puzzle.optimum and board.question == puzzle.question
        assert board.html.index("kk-question") < board.html.index("kk-grid")
        assert puzzle.answer is not None
        throws = list(puzzle.answer.fire)
        for p in puzzle.answer.order:
            assert place(board, p.domino.number, p.first, p.second), (puzzle.id, board.message)
            while board.phase == "fire":
                t = throws.pop(0)
                assert t.target is not None, puzzle.id
                browser(board, "cell", row=t.target[0], col=t.target[1])
                browser(board, "confirm")
        browser(board, "check")
        assert board.score == puzzle.score(board.kingdom) == puzzle.optimum, puzzle.id
        assert board.verdict == "optimal", (puzzle.id, board.message)


def test_a_totem_puzzle_wins_a_totem_only_by_keeping_more_than_the_rivals() -> None:
    from kingdomino_kit.origins.puzzles import origins_puzzles
    from kingdomino_kit.widgets import origins_puzzle_board

    totem = next(p for p in origins_puzzles() if p.rivals is not None)
    board = origins_puzzle_board(totem)
    assert board.mode.value == "totem" and board.held_totems() == []      # nothing kept yet
    assert board.rivals == totem.rivals
    with pytest.raises(WidgetError, match="no puzzle 'o99'"):
        origins_puzzle_board("o99")
    with pytest.raises(WidgetError, match="an Origins puzzle id or OriginsPuzzle, not int"):
        origins_puzzle_board(3)  # type: ignore[arg-type]


def test_an_origins_puzzle_says_its_hints_one_at_a_time_and_hides_them_with_the_answers() -> None:
    from kingdomino_kit.origins.puzzles import origins_puzzles
    from kingdomino_kit.widgets import origins_puzzle_board

    puzzle = next(p for p in origins_puzzles() if len(p.hints) >= 2)
    board = origins_puzzle_board(puzzle, reveal=True)
    assert 'data-kk-action="hint"' in board.html and board.hints == puzzle.hints
    before = state(board)
    browser(board, "hint")
    assert board.message == f"Hint 1 of {len(puzzle.hints)}: {puzzle.hints[0]}"
    assert state(board) == before                          # a hint changes nothing on the board
    browser(board, "hint")
    assert board.message.startswith(f"Hint 2 of {len(puzzle.hints)}: {puzzle.hints[1]}")
    for _ in range(len(puzzle.hints) - 1):
        browser(board, "hint")
    assert board.message.startswith("Hint 1 of")           # round again, nudge first
    hidden = origins_puzzle_board(puzzle, reveal=False)
    assert 'data-kk-action="hint"' not in hidden.html
    browser(hidden, "hint")
    assert hidden.message == "Hints are hidden in this class."
    assert all(h not in hidden.html for h in puzzle.hints)
