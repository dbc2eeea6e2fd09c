"""Function answers judged by the grader through the kernel's recorder, without a kernel: the
grader's cells are run here by a stand-in of the kernel (the real :class:`Recorder`, its
outputs captured), so the whole protocol — inputs pickled in, results as plain data out, a
CP-SAT model's changes brought back — is exercised, and every verdict is cross-checked against
the checker judging the same function in-process."""

from __future__ import annotations

from typing import Any

import pytest

from kingdomino_kit.exercises import NOTEBOOKS, for_notebook
from kingdomino_kit.exercises.answer_kinds import FUNCTION
from kingdomino_kit.grading.recorder import MIME, Recorder
from kingdomino_kit.grading.remote import judge_records, verdict_of
from kingdomino_kit.grading.rewrite import RECORD


class Kernel:
    """Runs the grader's cells against a real recorder, as the kernel would."""

    def __init__(self, notebook: str) -> None:
        self.outputs: list[Any] = []
        self.recorder = Recorder(notebook, display=self.outputs.append)
        self.cells = 0

    def execute(self, source: str) -> dict[str, Any]:
        self.cells += 1
        self.outputs.clear()
        exec(source, {RECORD: self.recorder})  # noqa: S102 — the grader's own cell
        return {"outputs": [{"output_type": "display_data", "data": b} for b in self.outputs]}

    def answer(self, number: int, answer: Any) -> list[Any]:
        self.recorder(number, answer)
        self.recorder.flush()
        return list(self.outputs[-1][MIME]["records"])


def add_full_cover(model: Any, free: Any, place: Any) -> None:
    for u in free:
        model.add_exactly_one(v for (_, a, b), v in place.items() if u in (a, b))


def add_at_most(model: Any, free: Any, place: Any) -> None:  # too weak: not a full cover
    for u in free:
        model.add_at_most_one(v for (_, a, b), v in place.items() if u in (a, b))


def raising(*args: Any) -> Any:
    return 1 // 0


def blank(*args: Any) -> None:
    return None


class Same:
    def __eq__(self, other: object) -> bool:
        return True


def function_exercises() -> list[tuple[str, int]]:
    return [(name, n) for name in NOTEBOOKS for n, e in for_notebook(name).exercises.items()
            if e.kind is FUNCTION]


def answers_to(name: str, n: int) -> list[Any]:
    judge = for_notebook(name).exercises[n].judge
    if name == "04_cp_sat":
        return [add_full_cover, add_at_most, raising, blank]
    if name == "13_write_a_bot":  # bots: judged by the games they play, not by a reference
        return [greedy_bot if n == 4 else looking_bot, first_action, lambda *args: 0, raising,
                blank]
    return [judge.reference, lambda *args: 0, raising, blank,  # type: ignore[attr-defined]
            always_same]


def first_action(observation: Any, actions: Any) -> Any:
    return actions[0]


def greedy_bot(observation: Any, actions: Any) -> Any:
    from kingdomino_kit.bots import make_bot

    return make_bot("greedy", 1).choose(observation, actions)


def looking_bot(observation: Any, actions: Any) -> Any:
    """Beats greedy on the checker's deals (13 of 16 games) at a fifth of the hint's 1000
    playout steps: each of its calls travels to the stand-in kernel, and it plays 16 games
    there and 16 here."""
    from kingdomino_kit.bots import make_bot

    return make_bot("mce:steps=200", 1).choose(observation, actions)


def always_same(*args: Any) -> Same:
    return Same()


always_same.same = True  # type: ignore[attr-defined]


def same(a: dict[str, Any], b: Any) -> bool:
    return (a["status"], a["message"], a["credit"]) == (b.status, b.message, b.credit)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n"), function_exercises())
def test_a_function_judged_from_the_grader_as_the_checker_would_here(name: str, n: int) -> None:
    checker = for_notebook(name)
    answers = answers_to(name, n)
    for answer in answers:
        kernel = Kernel(name)
        records = judge_records(kernel.answer(n, answer), name, kernel.execute)
        verdict = verdict_of(checker, records[0])
        assert verdict is not None
        expected = checker.grade(n, answer)
        if answer is answers[0]:
            assert expected.correct and verdict["status"] == "correct", verdict
        elif getattr(answer, "same", False):  # equal to everything: never from the grader
            assert verdict["status"] == "wrong" and "gives <a Same>" in verdict["message"]
            continue
        assert same(verdict, expected), (answer, verdict, expected)


def test_only_data_and_the_graders_own_verdicts_are_kept() -> None:
    correct = {"status": "correct", "message": "correct!", "hint": "", "credit": 1.0}
    kernel = Kernel("00_start_here")
    records = [{"number": 4, "verdict": correct}, {"number": 4, "judged": correct},
               {"number": 1, "answer": {"int": "10"}, "judged": {**correct, "credit": 9}},
               {"number": 99, "answer": {"int": "1"}}, {"number": True, "answer": None},
               "junk", {"number": 2, "unreadable": "a Widget"}]
    kept = judge_records(records, "00_start_here", kernel.execute)
    assert kept[0] == {"number": 1, "answer": {"int": "10"}}
    assert kept[1]["number"] == 2 and kept[1]["judged"]["status"] == "kind"
    assert "not a Widget" in kept[1]["judged"]["message"] and len(kept) == 2
    assert kernel.cells == 0


def test_the_cases_of_a_judge_go_in_one_cell() -> None:
    kernel = Kernel("00_start_here")
    reference = for_notebook("00_start_here").exercises[4].judge.reference  # type: ignore[attr-defined]
    records = judge_records(kernel.answer(4, reference), "00_start_here", kernel.execute)
    assert records[0]["judged"]["status"] == "correct" and kernel.cells == 1
