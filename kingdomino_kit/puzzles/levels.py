"""A puzzle's measured difficulty (the ``measures`` object of a puzzle file) and the written rule
that turns it into a level.

The measures are computed by :func:`kingdomino_kit.puzzles.ladder.measure` when a puzzle is
made and stored with it; this module only holds them, reads them back and levels them, so the
format can import it without the bots.

The bot ladder, weakest first (:data:`BOTS`): ``random`` (a uniformly random legal build),
``greedy`` (the placement that scores most now), ``look-ahead`` (greedy over two placements),
``beam`` (the solver limited to its opening beam search, no proof). ``weakest_bot`` is the first
of them that reaches the proven optimum, or ``solver`` when only the proven search does.

**The level rule** (``docs/puzzles.md``), from the share ``s`` of random builds that reach the
optimum (for ``next-placement``: the share of legal placements that are optimal) and the rank
of the weakest bot:

====== ==================================================================================
level  when
====== ==================================================================================
1      ``s > 1/4`` (a random player often stumbles on the optimum)
2      ``s ≤ 1/4`` and ``greedy`` (or ``random``) reaches the optimum
3      ``s ≤ 1/4``, greedy falls short and ``look-ahead`` reaches it
4      ``s ≤ 1/4``, look-ahead falls short, and ``beam`` reaches it or ``s > 0``
5      ``s = 0`` and only ``solver`` (the proven search) reaches it
====== ==================================================================================

The rule is a non-decreasing function of the difficulty key :func:`difficulty_key` —
``(s > 1/4 ? 0 : 1, bot rank, −s)`` compared in that order — so no puzzle of a lower level is
harder by that key than one of a higher level.

>>> m = Measures(12, 3, True, 7, 12, 12, 200, 0)
>>> m.weakest_bot, level_of(m)
('look-ahead', 3)
>>> Measures.from_json(m.to_json(), 12) == m
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kingdomino_kit.errors import PuzzleError
from kingdomino_kit.infra.untrusted import shown

__all__ = ["BOTS", "COUNT_CAP", "Measures", "difficulty_key", "level_of"]

BOTS = ("random", "greedy", "look-ahead", "beam", "solver")
"""The ladder of bots, weakest first; ``solver`` is the proven search (always reaches)."""

COUNT_CAP = 50
"""Optimal layouts are counted exactly up to this many; more is stored as a lower bound."""

EASY_SHARE = Fraction(1, 4)
"""A random build reaching the optimum more often than this makes a puzzle level 1."""


@dataclass(frozen=True)
class Measures:
    """How hard a puzzle is, measured (see the module docstring).

    ``optimum``: the proven optimum (the solution's, not stored twice). ``optimal_layouts``:
    optimal answers up to the kingdom's symmetries and swaps of identical dominoes
    (next-placement: optimal placements); ``optimal_layouts_exact`` false when the count is a
    lower bound (``≥``). ``greedy_score``, ``look_ahead_score``, ``beam_score``: what those bots
    reach (next-placement: the value of the placement each picks). ``random_optimal`` of
    ``random_builds`` seeded random legal builds reach the optimum (next-placement: optimal
    placements of all legal ones, exact). ``unique``: exactly one optimal answer up to
    symmetry, proved by the exhaustive count.
    """

    optimum: int
    optimal_layouts: int
    optimal_layouts_exact: bool
    greedy_score: int
    look_ahead_score: int
    beam_score: int
    random_builds: int
    random_optimal: int

    @property
    def share(self) -> Fraction:
        """The share of random builds (next-placement: legal placements) that are optimal."""
        return Fraction(self.random_optimal, max(self.random_builds, 1))

    @property
    def unique(self) -> bool:
        """Exactly one optimal answer up to symmetry (counted exhaustively)."""
        return self.optimal_layouts == 1 and self.optimal_layouts_exact

    @property
    def weakest_bot(self) -> str:
        """The weakest bot of the ladder that reaches the optimum."""
        if self.share >= Fraction(1, 2):
            return "random"
        for name, score in (("greedy", self.greedy_score),
                            ("look-ahead", self.look_ahead_score), ("beam", self.beam_score)):
            if score >= self.optimum:
                return name
        return "solver"

    def to_json(self) -> dict[str, Any]:
        """The ``measures`` object of a puzzle file."""
        return {"optimal_layouts": self.optimal_layouts,
                "optimal_layouts_exact": self.optimal_layouts_exact,
                "unique": self.unique,
                "greedy_score": self.greedy_score,
                "look_ahead_score": self.look_ahead_score,
                "beam_score": self.beam_score,
                "random_builds": self.random_builds,
                "random_optimal": self.random_optimal,
                "weakest_bot": self.weakest_bot}

    @classmethod
    def from_json(cls, data: Any, optimum: int, source: str = "puzzle") -> Measures:
        """Read a ``measures`` object (``optimum``: the solution's); a malformed one raises
        :class:`PuzzleError` naming the field."""
        if not isinstance(data, dict):
            raise PuzzleError(f"{source}: field 'measures': must be an object")

        def get(name: str, kind: type) -> Any:
            value = data.get(name)
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise PuzzleError(f"{source}: field 'measures.{name}': must be "
                                  f"{'true or false' if kind is bool else 'an integer'}, "
                                  f"not {shown(value)}")
            return value

        for key in data:
            if key not in _FIELDS:
                raise PuzzleError(f"{source}: field 'measures.{key}': unknown field (a typo?)")
        builds = get("random_builds", int)
        hits = get("random_optimal", int)
        if not 0 <= hits <= builds:
            raise PuzzleError(f"{source}: field 'measures.random_optimal': must be 0–{builds}, "
                              f"not {hits}")
        count = get("optimal_layouts", int)
        if count < 1:
            raise PuzzleError(f"{source}: field 'measures.optimal_layouts': must be at least 1, "
                              f"not {count}")
        m = cls(optimum, count, get("optimal_layouts_exact", bool), get("greedy_score", int),
                get("look_ahead_score", int), get("beam_score", int), builds, hits)
        for name in ("unique", "weakest_bot"):
            want = m.to_json()[name]
            if name in data and (type(data[name]) is not type(want) or data[name] != want):
                raise PuzzleError(f"{source}: field 'measures.{name}': {shown(data[name])} does "
                                  f"not follow from the other measures ({m.to_json()[name]!r})")
        return m


_FIELDS = ("optimal_layouts", "optimal_layouts_exact", "unique", "greedy_score",
           "look_ahead_score", "beam_score", "random_builds", "random_optimal", "weakest_bot")


def difficulty_key(m: Measures) -> tuple[int, int, Fraction]:
    """The difficulty order: the larger key is the harder puzzle (see the module docstring).

    >>> easy = Measures(4, 9, True, 4, 4, 4, 200, 120)
    >>> hard = Measures(6, 1, True, 4, 5, 6, 200, 0)
    >>> difficulty_key(easy) < difficulty_key(hard)
    True
    """
    return (0 if m.share > EASY_SHARE else 1, BOTS.index(m.weakest_bot), -m.share)


def level_of(m: Measures) -> int:
    """The level the written rule gives (see the module docstring).

    >>> level_of(Measures(8, 2, True, 8, 8, 8, 200, 10))
    2
    >>> beam_finds, nothing_finds = Measures(7, 2, True, 5, 6, 7, 200, 0), Measures(
    ...     7, 2, True, 5, 6, 6, 200, 0)
    >>> level_of(beam_finds), level_of(nothing_finds)
    (4, 5)
    """
    if m.share > EASY_SHARE:
        return 1
    bot = m.weakest_bot
    if bot in ("random", "greedy"):
        return 2
    if bot == "look-ahead":
        return 3
    if bot == "beam" or m.random_optimal > 0:
        return 4
    return 5
