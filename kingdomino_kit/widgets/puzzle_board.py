"""PuzzleBoard: a KingdomBoard bound to a puzzle — build a layout, press Check, compare with the
proven optimum.

The hand is the puzzle's dominoes (for a *next placement* puzzle: the claimed domino), the board
starts from the puzzle's kingdom and counts its bonuses. *Check* grades the kingdom with the
puzzle's grader (:func:`kingdomino_kit.puzzles.grade`): legal? buildable? its score, and
how far from the proven optimum. *Show an answer* reveals one optimal layout (its caption above
it); *Hint* (when the puzzle has hints) shows its hint ladder one hint at a time, nudge first.
*New puzzle* makes a fresh puzzle of the same kind at the level *Level* cycles through
(:func:`kingdomino_kit.puzzles.on_demand.new_puzzle`, seeds 1, 2, … in turn: the same clicks
give the same puzzles) and loads it in place. A *rearrange* puzzle draws the
given kingdom to rebuild above the board. Cells in the verdicts are named as the labels show
them.

>>> from kingdomino_kit.puzzles import Puzzle
>>> p = Puzzle("demo", "Two crowns", "best-kingdom", 1, "Place both.", (41, 15))
>>> board = PuzzleBoard(p)
>>> board.click(0, 1); board.check() is None, board.message
True
(True, 'Not finished: 1 domino to place (or to discard, when one fits nowhere), then Check.')
>>> board.click(1, 1); board.check().score
True
4
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kingdomino_kit.errors import PuzzleError
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.puzzles import Puzzle, grade
from kingdomino_kit.puzzles import find_puzzle as find_in_collection
from kingdomino_kit.render import kingdom_svg, name_cells
from kingdomino_kit.widgets.board import KingdomBoard, WidgetError, parse_hand
from kingdomino_kit.widgets.classroom import answers_shown
from kingdomino_kit.widgets.markup import button, escape

__all__ = ["PuzzleBoard", "find_puzzle"]


def find_puzzle(spec: Any) -> Any:
    """A :class:`~kingdomino_kit.puzzles.Puzzle` from itself, or by its id in the kit's
    collection or a puzzle file's path (:func:`kingdomino_kit.puzzles.find_puzzle`), with the
    widgets' error.

    >>> find_puzzle("no-such-puzzle")
    Traceback (most recent call last):
    ...
    kingdomino_kit.widgets.board_machine.WidgetError: no puzzle 'no-such-puzzle' in the...
    """
    if isinstance(spec, Puzzle):
        return spec
    try:
        return find_in_collection(spec if isinstance(spec, (str, Path)) else str(spec))
    except PuzzleError as error:
        raise WidgetError(str(error)) from None


class PuzzleBoard(KingdomBoard):
    """A clickable board for one puzzle, with *Check* and *Show an answer*.

    ``grade`` holds the last :class:`~kingdomino_kit.puzzles.grading.Grade` (None before Check).
    ``reveal=False`` (or the class switch, :mod:`kingdomino_kit.widgets.classroom`) hides the
    answer, the hint and the proven optimum.
    """

    def __init__(self, puzzle: Any, *, reveal: bool | None = None) -> None:
        self.puzzle = find_puzzle(puzzle)
        self.reveal = answers_shown() if reveal is None else bool(reveal)
        self.grade: Any = None
        self._show_answer = False
        self._hints_shown = 0
        self._made = 0
        p = self.puzzle
        self.new_level = min(max(p.level, 1), 5)
        super().__init__(self._hand_of(p), kingdom=p.start_kingdom(), rules=p.rules,
                         title=f"{p.id}: {p.title}")

    @staticmethod
    def _hand_of(p: Any) -> list[int]:
        return [p.claimed] if p.kind.claims_first and p.claimed is not None else list(p.dominoes)

    # ------------------------------------------------------------------ new puzzles
    def next_level(self) -> int:
        """Cycle the level of the next new puzzle: 1, 2, … 5, 1 (returns it)."""
        level = int(self.new_level) % 5 + 1
        self.new_level = level
        self._say(f"The next new puzzle will be level {level}.", "info")
        return level

    def new_puzzle(self, level: int | None = None) -> Any:
        """Make a fresh puzzle of this kind at ``level`` (default :attr:`new_level`) and load it
        in place of the current one; the board starts afresh. Returns the puzzle."""
        if level is not None:
            if isinstance(level, bool) or level not in (1, 2, 3, 4, 5):
                raise WidgetError(f"level: must be 1–5, not {level!r}")
            self.new_level = level
        self._made += 1
        # made by the CP-SAT solver: imported here, so that a board needs no OR-Tools to open
        from kingdomino_kit.puzzles.on_demand import new_puzzle as fresh_puzzle

        try:
            puzzle = fresh_puzzle(self.puzzle.kind.value, self.new_level, self._made)
        except PuzzleError as error:
            self._say(str(error), "error")
            return None
        self.load(puzzle)
        self._say(f"A new level-{puzzle.level} puzzle: {puzzle.title}. "
                  + self._hint(), "info")
        return puzzle

    def load(self, puzzle: Any) -> None:
        """Show another puzzle on this board (a fresh start: hand, kingdom, verdict, hints)."""
        p = find_puzzle(puzzle)
        self.puzzle = p
        self.grade = None
        self._show_answer = False
        self._hints_shown = 0
        self._start = p.start_kingdom()
        self.rules = p.rules
        self._hand0 = parse_hand(self._hand_of(p), self._start.size, 0)
        self.title = f"{p.id}: {p.title}"
        self.reset()

    def to_place(self) -> int:
        """How many dominoes of the hand the puzzle still asks to place (or discard, when one
        fits nowhere) before the board is an answer: 0 when it is finished."""
        p = self.puzzle
        return len(self.hand) if p.kind.claims_first or p.place == "all" else 0

    def check(self) -> Any:
        """Grade the kingdom on the board as the answer; the message says the verdict (an
        unfinished board is told how many dominoes are left, and is not graded)."""
        left = self.to_place()
        if left:
            self.grade = None
            self._say(f"Not finished: {left} domino{'es' if left > 1 else ''} to place "
                      "(or to discard, when one fits nowhere), then Check.", "info")
            return None
        verdict = grade(self.puzzle, self.kingdom)
        self.grade = verdict
        reason = name_cells(verdict.reason, self.kingdom.size)
        if not self.reveal and verdict.legal and not verdict.optimal:
            reason = "legal, and not the best yet"  # the optimum is the target: kept back
        words = reason[0].upper() + reason[1:]
        if verdict.optimal and not words.startswith("Optimal"):
            words = "Optimal: " + reason
        score = f" Score {verdict.score}." if verdict.legal else ""
        self._say(words + "." + score, "ok" if verdict.optimal else "info" if verdict.legal
                  else "error")
        return verdict

    def show_answer(self) -> None:
        """Reveal (or hide) one optimal layout stored with the puzzle."""
        if self.puzzle.solution is None or not self.reveal:
            self._say("This puzzle has no stored answer." if self.reveal
                      else "Answers are hidden in this class.", "error")
            return
        self._show_answer = not self._show_answer
        self._say(self.message, self._message_kind)

    def show_hint(self) -> None:
        """Show the next hint of the puzzle's ladder (after the last one: hide them all)."""
        ladder = self.puzzle.hint_ladder()
        if not ladder or not self.reveal:
            self._say("This puzzle has no hint." if self.reveal
                      else "Hints are hidden in this class.", "error")
            return
        self._hints_shown = 0 if self._hints_shown >= len(ladder) else self._hints_shown + 1
        self._say(self.message, self._message_kind)

    def _after_action(self, keep_selection: bool = False) -> None:
        self.grade = None  # the kingdom changed: an old verdict no longer applies
        super()._after_action(keep_selection)

    def handle_more(self, action: str, data: dict[str, str]) -> bool:
        """Check and Show an answer."""
        if action == "check":
            self.check()
        elif action == "answer":
            self.show_answer()
        elif action == "hint":
            self.show_hint()
        elif action == "new":
            self.new_puzzle()
        elif action == "new-level":
            self.next_level()
        else:
            return False
        return True

    def extra_controls(self) -> str:
        """The Check, Hint and Show-an-answer buttons."""
        has_answer = self.puzzle.solution is not None
        hint = ""
        ladder = self.puzzle.hint_ladder()
        if ladder and self.reveal:
            n = self._hints_shown
            hint = button("Hide the hints" if n >= len(ladder) else
                          f"Hint ({n + 1} of {len(ladder)})" if n else "Hint", "hint")
        answer = button("Hide the answer" if self._show_answer else "Show an answer", "answer",
                        enabled=has_answer) if self.reveal else ""
        level, then = self.new_level, int(self.new_level) % 5 + 1
        fresh = (button(f"Level {level}", "new-level", title="the level of the next new puzzle "
                        "(click for the next level)",   # the name starts with what it shows
                        name=f"Level {level}: the level of the next new puzzle; press for "
                             f"level {then}")
                 + button("New puzzle", "new", title="a fresh puzzle of this kind at that level"))
        return (button("Check", "check", title="legal? buildable? how far from the optimum?")
                + hint + answer + fresh)

    def extra_header(self) -> str:
        """The question and the puzzle's rules, above the hand and the board (read first)."""
        p = self.puzzle
        return (f'<div class="kk-question"><b>{escape(p.question)}</b></div>'
                f'<div class="kk-puzzle-rules">{escape(p.rules.describe())} · level {p.level}'
                f" · place {escape(p.place_words())}"
                + (f" · {escape(p.constraint)}" if p.constraint else "") + "</div>")

    def extra_panel(self) -> str:
        """The verdict table after Check, and the answer when revealed."""
        p = self.puzzle
        lines = []
        if p.kind.claims_first:
            then = ", ".join(str(n) for n in p.dominoes)
            lines.append('<div class="kk-puzzle-then">then, each placed if it fits, in the order '
                         f"you choose: {then}</div>")
        ladder = p.hint_ladder() if self.reveal else ()
        for i, text in enumerate(ladder[:self._hints_shown], 1):
            label = "Hint" if len(ladder) == 1 else f"Hint {i} of {len(ladder)}"
            lines.append(f'<div class="kk-hint-text">{label}: {escape(text)}</div>')
        if p.given:
            given = Kingdom.from_text(p.given, p.rules.size)
            lines.append(f'<div class="kk-given"><div class="kk-given-caption">The kingdom to '
                         f"rebuild (it scores {p.rules.total(given)} now):</div>"
                         f"{kingdom_svg(given, cell=30)}</div>")
        g = self.grade
        if g is not None:
            yes = {True: "yes", False: "no"}
            rows = [("legal", yes[g.legal]), ("buildable", yes[g.buildable] if g.legal else "—"),
                    ("score", str(g.score))]
            if g.value is not None and g.value != g.score:
                rows.append(("value", str(g.value)))
            if g.optimum is not None and self.reveal:
                rows.append(("proven optimum", str(g.optimum)))
                if g.legal and g.value is not None:
                    rows.append(("points short", str(max(g.optimum - g.value, 0))))
            verdict = "optimal" if g.optimal else ("legal" if g.legal else "illegal")
            cells = "".join(f"<tr><td>{escape(k)}</td><td>{escape(v)}</td></tr>"
                            for k, v in rows)
            lines.append(f'<table class="kk-check kk-breakdown kk-verdict-{verdict}">'
                         f"{cells}</table>")
        if self._show_answer and p.solution is not None:
            answer = Kingdom.from_text(p.solution.kingdom, p.rules.size)
            lines.append('<div class="kk-answer-layout"><div class="kk-answer-caption">One '
                         f"optimal layout (it scores {p.solution.optimum}):</div>"
                         f"<div>{kingdom_svg(answer, cell=30)}</div></div>")
        return f'<div class="kk-puzzle">{"".join(lines)}</div>'
