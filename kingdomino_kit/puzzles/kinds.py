"""The kinds of puzzle, each an object that says what its question is and how its answers are
graded and measured — the other modules ask the kind, never compare its name.

A kind is stored in a puzzle file by its name (``"kind": "best-kingdom"``); members equal their
names as text (``PuzzleKind.COMPLETE == "complete"``), as :class:`~kingdomino_kit.draft.Phase`
does.

>>> kind = PuzzleKind("next-placement")
>>> kind.claims_first, kind.from_castle, str(kind)
(True, False, 'next-placement')
>>> [k.value for k in PuzzleKind if k.from_castle]
['best-kingdom', 'rearrange', 'free-choice']
"""

from __future__ import annotations

from kingdomino_kit.text_enum import TextEnum

__all__ = ["PuzzleKind"]


class PuzzleKind(TextEnum):
    """One kind of puzzle (its name, as stored)."""

    BEST_KINGDOM = "best-kingdom"
    COMPLETE = "complete"
    REARRANGE = "rearrange"
    NEXT_PLACEMENT = "next-placement"
    FREE_CHOICE = "free-choice"

    # ------------------------------------------------------------------ the question
    @property
    def description(self) -> str:
        """What the puzzle asks, in a line.

        >>> PuzzleKind.COMPLETE.description
        'complete a partial kingdom with the dominoes given'
        """
        return {
            "best-kingdom": "build the best kingdom from a set of dominoes",
            "complete": "complete a partial kingdom with the dominoes given",
            "rearrange": "rearrange the dominoes of a finished kingdom for a better score",
            "next-placement": "place the claimed domino where it leaves the best final kingdom",
            "free-choice": "pick dominoes from a pool under a constraint for the best kingdom",
        }[self.value]

    @property
    def from_castle(self) -> bool:
        """The answer is built from the castle alone (else from a start kingdom the puzzle
        gives)."""
        return self in (PuzzleKind.BEST_KINGDOM, PuzzleKind.REARRANGE, PuzzleKind.FREE_CHOICE)

    @property
    def claims_first(self) -> bool:
        """The puzzle names a claimed domino the answer places first; each domino that
        follows is placed where it fits (discarded only when it cannot be), and the grade is
        the one of that first placement."""
        return self is PuzzleKind.NEXT_PLACEMENT

    @property
    def gives_kingdom(self) -> bool:
        """The puzzle shows a finished kingdom of its dominoes, to be rebuilt better."""
        return self is PuzzleKind.REARRANGE

    @property
    def chooses(self) -> bool:
        """The dominoes are a pool to choose from (so placing each where it scores most is no
        yardstick)."""
        return self is PuzzleKind.FREE_CHOICE

    # ------------------------------------------------------------------ solving, measuring
    @property
    def may_leave_out(self) -> bool:
        """An "all" puzzle of this kind whose best layouts leave a domino out becomes "any"
        when generated."""
        return self in (PuzzleKind.BEST_KINGDOM, PuzzleKind.FREE_CHOICE)

    @property
    def plain_set(self) -> bool:
        """The puzzle is a plain domino set, solved in batches with other sets."""
        return self is PuzzleKind.BEST_KINGDOM

    @property
    def trivial(self) -> str:
        """Why a puzzle of this kind whose every legal answer is optimal does not
        discriminate."""
        if self.claims_first:
            return "every legal placement is optimal"
        if self.gives_kingdom:
            return "the given kingdom is already optimal"
        return "no legal answer worse than the optimum was found"
