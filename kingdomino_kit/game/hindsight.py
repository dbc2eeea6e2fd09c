"""Hindsight: the best kingdom you could have built from the dominoes you took in a game.

At the end of a game every player has taken one domino per round. Rearranged freely — any
order, any legal places — what is the best kingdom those dominoes make? The solver answers and
proves it (:func:`kingdomino_kit.solver.best_kingdom_under`, under the game's rules), and
:class:`Hindsight` draws it beside the kingdom actually built.

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.game import GameOptions, play
>>> game = play([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=3)
>>> h = hindsight(game, 0, workers=1)
>>> h.best.status, h.best.score >= h.yours.score(), len(h.dominoes)
(<Status.OPTIMAL: 'optimal'>, True, 12)
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.dominoes import Domino, domino
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.render import kingdom_svg
from kingdomino_kit.solver import best_kingdom_under

__all__ = ["Hindsight", "hindsight", "taken_dominoes"]


def taken_dominoes(game: Any, player: int) -> list[Domino]:
    """The dominoes ``player`` took in ``game``: those in the kingdom and those discarded."""
    placed = [p.domino for p in game.kingdom(player).history]
    discarded = [domino(turn["place"]["domino"]) for rnd in game.log()["rounds"]
                 for turn in rnd["turns"]
                 if turn["player"] == player and turn.get("place") and
                 turn["place"].get("discard")]
    return sorted(placed + discarded, key=lambda d: d.number)


@dataclass(frozen=True)
class Hindsight:
    """Your kingdom at the end of a game and the best one your dominoes could have made."""

    player: int
    dominoes: tuple[Domino, ...]
    yours: Kingdom
    your_total: int
    best: Any  # a kingdomino_kit.solver.Solution

    def words(self) -> str:
        """One sentence: how far from the best, and whether the best is proven."""
        proven = "proven" if self.best.status == "optimal" else \
            f"not proven (bound {self.best.bound})"
        gap = self.best.score - self.your_total
        if gap <= 0:
            return (f"Your kingdom scores {self.your_total}: the best your dominoes could make "
                    f"({proven}).")
        return (f"Your kingdom scores {self.your_total}; the best kingdom you could have built "
                f"from your dominoes scores {self.best.score} ({proven}) — {gap} more.")

    def __repr__(self) -> str:
        return self.words()

    def _repr_html_(self) -> str:
        best = self.best.kingdom
        panels = [("your kingdom", self.yours, self.your_total),
                  ("the best from your dominoes", best, self.best.score)]
        cells = "".join(
            f'<figure class="kk-hindsight-{i}" style="margin: 0 12px 0 0">'
            f"{kingdom_svg(k, highlight=[p for p in k.properties() if p.score])}"
            f"<figcaption>{html.escape(label)}: <b>{score}</b></figcaption></figure>"
            for i, (label, k, score) in enumerate(panels) if k is not None)
        return (f'<div class="kk-hindsight"><div style="display: flex; flex-wrap: wrap">'
                f"{cells}</div><p>{html.escape(self.words())}</p></div>")


def hindsight(game: Any, player: int, *, workers: int = 1, time_limit_s: float = 60.0
              ) -> Hindsight:
    """The best kingdom from the dominoes ``player`` took in the finished ``game``, solved under
    the game's rules (its size and bonuses, Harmony included) as the player's own kingdom is
    scored."""
    if not game.is_over:
        raise KingdominoError("the game is not over yet: finish it, then ask again")
    options = game.options
    taken = taken_dominoes(game, player)
    yours = game.kingdom(player)
    best = best_kingdom_under(taken, options.rules, workers=workers, time_limit_s=time_limit_s)
    return Hindsight(player, tuple(taken), yours, yours.total(options.rules), best)
