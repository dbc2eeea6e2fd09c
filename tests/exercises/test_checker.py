"""The exercise checker: every answer gets feedback and nothing raises; hints come one after
the other; the exercises of every notebook read a blank as not answered."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kingdomino_kit import Kingdom
from kingdomino_kit.exercises import NOTEBOOKS, ExerciseError, for_notebook
from kingdomino_kit.exercises.answer_kinds import FRACTION, FUNCTION, KINGDOM, WHOLE_NUMBER, pair_of
from kingdomino_kit.exercises.checker import Checker, Exercise
from kingdomino_kit.exercises.judges import same_function, sample_kingdoms, show_kingdom
from kingdomino_kit.solver import best_kingdom
from kingdomino_kit.widgets.board import parse_hand


def three() -> Checker:
    return Checker("demo", [
        Exercise.value(1, "three", WHOLE_NUMBER, 3, hints=("first", "second"), why="1 + 2."),
        Exercise(2, "a square", FUNCTION,
                 same_function("square", lambda x: x * x, [(1,), (2,), (3,)]),
                 hints=("multiply",), why="x · x."),
        Exercise.value(3, "a half", FRACTION, Fraction(1, 2), tolerance=1e-9, hints=("h",),
                       why="½."),
    ])


def test_hints_come_in_turn_and_a_right_answer_says_why() -> None:
    check = three()
    first, second, third = check(1, 4), check(1, 5), check(1, 2)
    assert [f.status for f in (first, second, third)] == ["wrong", "wrong", "wrong"]
    assert (first.hint, second.hint, third.hint) == ("first", "second", "second")
    assert "too high" in first.message and "too low" in third.message
    right = check(1, 3)
    assert right.correct and right.text() == "Exercise 1 · correct! 1 + 2."
    assert check.summary().correct == (1,)


@pytest.mark.parametrize("answer", [..., "3", True, None, [3], 3.5, object()])
def test_a_blank_or_a_wrongly_typed_answer_is_one_line_without_a_hint(answer: object) -> None:
    check = three()
    feedback = check(1, answer)
    assert feedback.status in ("blank", "kind") and "\n" not in feedback.text()
    assert feedback.hint == "" and check.tries[1] == 0  # it costs no hint


def test_blank_says_what_to_write() -> None:
    assert three()(1, ...).text() == ("Exercise 1 · not answered yet: replace the ... with a "
                                      "whole number, then run the cell again.")
    assert "write 3 without quotes" in three()(1, "3").message


def test_code_that_raises_or_returns_nothing_is_feedback_not_a_traceback() -> None:
    check = three()

    def broken(x):  # type: ignore[no-untyped-def]
        return 1 / 0

    def empty(x):  # type: ignore[no-untyped-def]
        ...

    raised = check(2, broken)
    assert raised.status == "raised" and "ZeroDivisionError" in raised.message
    assert "Traceback" not in raised.text() and raised.hint == "multiply"
    assert check(2, empty).status == "blank"
    wrong = check(2, lambda x: x + x)
    assert wrong.message == "not yet: square(1) gives 2, the right answer is 1."
    assert check(2, lambda x: x ** 2).correct


def test_a_decimal_is_close_enough_for_a_fraction_and_pairs_are_read_in_turn() -> None:
    assert three()(3, 0.5).correct and three()(3, Fraction(1, 2)).correct
    pair = pair_of(WHOLE_NUMBER, WHOLE_NUMBER)
    with pytest.raises(Exception, match="second answer: expects a whole number"):
        pair.read((1, "x"))


def test_an_unknown_exercise_or_a_strange_answer_never_raises() -> None:
    class Hostile:
        def __eq__(self, other: object) -> bool:
            raise RuntimeError("no")

        __hash__ = None  # type: ignore[assignment]

    check = three()
    assert check(9, 1).status == "unknown" and "1, 2, 3" in check(9, 1).message
    assert check("1", 3).status == "unknown"
    assert check(1, Hostile()).status == "kind"
    assert check(2, Hostile()).status == "kind"  # not callable


def test_require_all_names_what_is_not_correct() -> None:
    check = three()
    check(1, 3)
    check(2, lambda x: 0)
    with pytest.raises(ExerciseError, match=r"2 \(wrong\), 3 \(blank\)"):
        check.require_all()
    check(2, lambda x: x * x)
    check(3, 0.5)
    assert repr(check.require_all()) == "demo: 3 of 3 exercises correct."


def test_feedback_shows_as_html_with_its_status() -> None:
    html = three()(1, 4)._repr_html_()
    assert 'class="kk-feedback kk-feedback-wrong"' in html and "Hint:" in html


def test_a_kingdom_answer_reads_text_a_kingdom_or_a_board() -> None:
    class Board:
        kingdom = Kingdom.from_text("C W")

    assert KINGDOM.read("C W") == KINGDOM.read(Board()) == Kingdom.from_text("C W")
    with pytest.raises(Exception, match="cannot read the kingdom 'C X'"):
        KINGDOM.read("C X")


@pytest.mark.parametrize("name", sorted(NOTEBOOKS))
def test_every_exercise_of_every_notebook_reads_a_blank_as_not_answered(name: str) -> None:
    check = for_notebook(name)
    assert len(check.exercises) >= 4
    for number, exercise in check.exercises.items():
        assert check(number, ...).status == "blank", (name, number)
        assert exercise.hints and exercise.why
    assert check.summary().correct == ()


def test_a_function_with_no_body_yet_is_blank_in_every_code_exercise() -> None:
    def nothing(*args):  # type: ignore[no-untyped-def]
        return None

    for name in NOTEBOOKS:
        check = for_notebook(name)
        for number, exercise in check.exercises.items():
            if exercise.kind is FUNCTION:
                assert check(number, nothing).status == "blank", (name, number)


def test_the_board_optimum_the_first_notebook_states_is_proven() -> None:
    from kingdomino_kit.exercises.start_here import BOARD_OPTIMUM

    sol = best_kingdom(parse_hand(None, 5, 2024), workers=1)
    assert sol.status == "optimal" and sol.score == BOARD_OPTIMUM


def test_the_judges_catch_a_wrong_flood_fill() -> None:
    check = for_notebook("02_scoring")

    def wrong_count(k: Kingdom) -> int:  # counts crowned squares, not properties
        return sum(1 for _, h in k.squares() if h.crowns)

    feedback = check(3, wrong_count)
    assert feedback.status == "wrong" and "crowned_properties(Kingdom.from_text(" in \
        feedback.message
    assert check(3, lambda k: sum(p.crowns > 0 for p in k.properties())).correct


def test_sample_kingdoms_are_seeded_and_shown_as_code_that_reads_back() -> None:
    a, b = sample_kingdoms(20, 3), sample_kingdoms(20, 3)
    assert a == b and len(a) == 20
    for k in a:
        text = show_kingdom(k)
        assert eval(text, {"Kingdom": Kingdom}) == Kingdom.from_text(k.to_text())
