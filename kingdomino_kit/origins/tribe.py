"""Tribe mode: the 22 cavemen and how they score.

14 hunter-gatherers (7 kinds × 2) score per thing in the 8 squares around them; 8 warriors
(4 small of power 1, 3 Amazons of power 2, 1 oafish of power 3) score by groups of orthogonally
connected warriors: (number of warriors) × (total power).

>>> Caveman.HUNTER.letter, Caveman.HUNTER.points, Caveman.AMAZON.power
('h', 3, 2)
>>> len(CAVEMEN), sum(c.is_warrior for c in CAVEMEN)
(22, 8)
"""

from __future__ import annotations

from enum import Enum

from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.origins.errors import OriginsError

__all__ = ["Caveman", "CAVEMEN", "RECRUIT_COST"]

RECRUIT_COST = {"board": 2, "pile": 4}
"""Different resources spent to recruit a face-up caveman (board) or any from the pile."""


class Caveman(Enum):
    """A caveman kind: (letter, what it counts around it or None, points each, warrior power).

    >>> Caveman.parse("k"), Caveman.SCULPTOR.counts
    (<Caveman.SCULPTOR: 'sculptor'>, 'flint')
    """

    HUNTER = "hunter"
    PAINTER = "painter"
    FISHING_CHILD = "fishing child"
    FIRE_LADY = "fire lady"
    GATHERER = "gatherer"
    SHAMAN = "shaman"
    SCULPTOR = "sculptor"
    SMALL_WARRIOR = "small warrior"
    AMAZON = "amazon"
    OAFISH_WARRIOR = "oafish warrior"

    @property
    def letter(self) -> str:
        """Its letter in the text notation (after ``@``)."""
        return _SPEC[self][0]

    @property
    def counts(self) -> str | None:
        """What a hunter-gatherer counts in the 8 squares around it: ``mammoth``, ``fish``,
        ``mushroom``, ``flint``, ``resource``, ``fire`` (fire tokens, or fire symbols under the
        ``symbols`` reading: :data:`~kingdomino_kit.origins.scoring.FIRE_COUNTS`) or
        ``caveman`` (None: warrior)."""
        return _SPEC[self][1]

    @property
    def points(self) -> int:
        """Points per counted thing (0 for a warrior)."""
        return _SPEC[self][2]

    @property
    def power(self) -> int:
        """A warrior's spear power 1–3 (0 for a hunter-gatherer)."""
        return _SPEC[self][3]

    @property
    def is_warrior(self) -> bool:
        """True for the three warrior kinds."""
        return self.power > 0

    @classmethod
    def parse(cls, text: str) -> Caveman:
        """A caveman from its letter or name; :class:`~kingdomino_kit.origins.errors.
        OriginsError` (a ``ValueError``) for anything else."""
        if not isinstance(text, str):
            raise OriginsError(f"a caveman is named by text, not {shown(text)}")
        key = text.strip().lower().replace("_", " ")
        for kind in cls:
            if key in (kind.letter, kind.value):
                return kind
        raise OriginsError(f"unknown caveman {shown(text)} (letters: "
                         + " ".join(f"{k.letter}={k.value}" for k in cls) + ")")


_SPEC: dict[Caveman, tuple[str, str | None, int, int]] = {
    Caveman.HUNTER: ("h", "mammoth", 3, 0),
    Caveman.PAINTER: ("p", "resource", 2, 0),
    Caveman.FISHING_CHILD: ("c", "fish", 3, 0),
    Caveman.FIRE_LADY: ("l", "fire", 1, 0),
    Caveman.GATHERER: ("g", "mushroom", 4, 0),
    Caveman.SHAMAN: ("s", "caveman", 2, 0),
    Caveman.SCULPTOR: ("k", "flint", 5, 0),
    Caveman.SMALL_WARRIOR: ("w", None, 0, 1),
    Caveman.AMAZON: ("a", None, 0, 2),
    Caveman.OAFISH_WARRIOR: ("o", None, 0, 3),
}

CAVEMEN: tuple[Caveman, ...] = (
    *[kind for kind in list(Caveman)[:7] for _ in range(2)],
    *[Caveman.SMALL_WARRIOR] * 4, *[Caveman.AMAZON] * 3, Caveman.OAFISH_WARRIOR,
)
"""The 22 caveman tiles of the box."""
