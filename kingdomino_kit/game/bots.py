"""Bots for the drafting game: the greedy player, and today's Monte Carlo evaluator ``mc``.

Both see an :class:`~kingdomino_kit.game.game.Observation` (never the deck's order) and are
*trusted*: they always return one of the actions given, so the driver does not re-check them.

- :class:`GreedyBot` (``greedy``) plays the values of :mod:`kingdomino_kit.game.greedy` on
  bitboards: score with the bonuses on, a potential for cells no domino can cover, one domino of
  look-ahead (a placement is judged with the domino it will claim next);
- :class:`MonteCarloBot` (``mc``) plays each candidate on in the full engine
  (:meth:`Game.from_observation <kingdomino_kit.game.Game.from_observation>`); it ranks its
  candidates, and plays its greedy playouts, with the simple one-step values of this module
  (:func:`placement_value`, :func:`domino_value`, :class:`SimpleGreedyBot`). The faster and
  stronger Monte Carlo bots on bitboards are in :mod:`kingdomino_kit.game.montecarlo`.

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.game import GameOptions, play
>>> g = play([GreedyBot(seed=1), RandomBot(seed=2)], GameOptions(players=2), seed=4)
>>> g.is_over
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from kingdomino_kit.bots import RandomBot, register_bot
from kingdomino_kit.draft import CLAIM, OVER, PLACE, Claim, Discard
from kingdomino_kit.errors import InvariantError, KingdominoError
from kingdomino_kit.game.endgame.exact_play import check_exact, exact_choice
from kingdomino_kit.game.fast.greedy import FastGreedy
from kingdomino_kit.game.fast.play import Seat
from kingdomino_kit.game.game import Game
from kingdomino_kit.game.greedy import Greedy
from kingdomino_kit.grid import Cell
from kingdomino_kit.infra.untrusted import check_count, check_seconds, shown
from kingdomino_kit.rules import DEFAULT_RULES, Rules

__all__ = ["GreedyBot", "MonteCarloBot", "SimpleGreedyBot", "domino_value", "fast_seat",
           "fast_seats", "placement_value",
           "walled_in"]


def placement_value(kingdom: Any, placement: Any, rules: Rules = DEFAULT_RULES) -> float:
    """Greedy value of a placement: the kingdom's score after it (the bonuses of ``rules`` count)
    plus a simple potential: +0.3 per same-terrain neighbour of the placed halves, -0.5 per
    empty cell it walls in (-2.5 with Harmony: that cell can never be filled), and -3 with
    Middle Kingdom when the kingdom leaves the castle-centred size × size frame.

    >>> from kingdomino_kit import Kingdom, Placement, domino
    >>> placement_value(Kingdom.from_text("C G1"), Placement(domino(41), (0, 3), (0, 2)))
    6.3
    >>> placement_value(Kingdom.from_text("C W W"), Placement(domino(1), (0, 3), (0, 4)),
    ...                 Rules(middle_kingdom=True))
    -2.7
    """
    kingdom.push(placement)
    try:
        value = float(kingdom.total(rules))
        first, second = placement.first, placement.second
        near = 0
        for half, (r, c), other in ((placement.domino.first, first, second),
                                    (placement.domino.second, second, first)):
            for cell in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
                if cell != other:
                    h = kingdom.at(cell)
                    if h is not None and h.terrain is half.terrain:
                        near += 1
        value += 0.3 * near
        n = kingdom.size
        rmin, rmax, cmin, cmax = kingdom.bounds
        if rules.middle_kingdom:
            h = (n - 1) // 2
            if -rmin > h or rmax > h or -cmin > h or cmax > h:
                value -= 3.0
        holes = walled_in(kingdom, (first, second))
        return value - holes * (2.5 if rules.harmony else 0.5)
    finally:
        kingdom.undo()


def walled_in(kingdom: Any, cells: Sequence[tuple[int, int]]) -> int:
    """Empty cells next to ``cells`` that no domino can ever cover (no free neighbour)."""
    n = kingdom.size
    rmin, rmax, cmin, cmax = kingdom.bounds

    known: dict[tuple[int, int], bool] = {}

    def free(r: int, c: int) -> bool:
        ok = known.get((r, c))
        if ok is None:
            ok = known[(r, c)] = bool(
                rmax - n < r < rmin + n and cmax - n < c < cmin + n
                and kingdom.is_empty((r, c)))
        return ok

    seen = set()
    holes = 0
    for r, c in cells:
        for cr, cc in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
            if (cr, cc) in seen or not free(cr, cc):
                continue
            seen.add((cr, cc))
            # a domino covering (cr, cc) also covers a neighbour; the frame must hold both
            if not any(free(nr, nc) and max(rmax, cr, nr) - min(rmin, cr, nr) < n
                       and max(cmax, cc, nc) - min(cmin, cc, nc) < n
                       for nr, nc in ((cr, cc + 1), (cr + 1, cc), (cr, cc - 1), (cr - 1, cc))):
                holes += 1
    return holes


def domino_value(kingdom: Any, dom: Any, rules: Rules = DEFAULT_RULES) -> float:
    """What a domino is worth to a kingdom: the gain of its best placement (a discard: -1).

    >>> from kingdomino_kit import Kingdom, domino
    >>> domino_value(Kingdom(), domino(48)) > domino_value(Kingdom(), domino(1))
    True
    """
    placements = kingdom.legal_placements(dom)
    if not placements:
        return -1.0
    base: int = kingdom.total(rules)
    best = max(placement_value(kingdom, p, rules) for p in placements)
    return best - base


class GreedyBot:
    """The greedy player of :mod:`kingdomino_kit.game.greedy`: the placement whose kingdom,
    with the best domino it can claim next placed too, is worth most; the claim whose domino is
    worth most at its best place. Ties: the bot's seeded RNG. ``hole`` is the potential's
    weight per cell no domino can cover (default: :class:`~kingdomino_kit.game.greedy.Greedy`'s).

    >>> from kingdomino_kit.bots import RandomBot
    >>> from kingdomino_kit.game import GameOptions, play
    >>> g = play([GreedyBot(seed=1), RandomBot(seed=2)], GameOptions(players=2), seed=4)
    >>> g.scores()[0] > g.scores()[1]
    True
    """

    name = "greedy"
    needs_observation = True
    trusted = True
    PARAMETERS = {"hole": float, "adjacency": float}
    """Parameters of ``make_bot("greedy:hole=2")``."""

    def __init__(self, seed: int | None = None, hole: float | None = None,
                 adjacency: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.hole = hole
        self.adjacency = adjacency

    def choose(self, observation: Any, actions: Sequence[Any]) -> Any:
        """The action of highest greedy value."""
        o = observation.options
        greedy = FastGreedy(o, hole=self.hole, adjacency=self.adjacency)
        kingdom = observation.kingdoms[observation.player].to_bits()
        free = [d.number for d, k in zip(observation.line, observation.line_claims, strict=True)
                if k is None]
        if observation.phase is CLAIM:
            claims = [a for a in actions if isinstance(a, Claim)]
            i = greedy.choose_claim(kingdom, [a.domino.number for a in claims], self.rng)
            return claims[i]
        if observation.phase is not PLACE:
            return actions[0]
        piece = observation.to_place[observation.current_king]
        number = piece.number
        masks = kingdom.legal_masks(piece.first.terrain_index, piece.second.terrain_index,
                                    piece.is_double)
        count = kingdom.placement_count(masks)
        discard = next((a for a in actions if isinstance(a, Discard)), None)
        pick = greedy.choose_placement(kingdom, number, masks, count, free,
                                       discard is not None, self.rng)
        if pick == count:
            return discard
        return placement_action(kingdom, masks, pick, actions)


def fast_seat(bot: Any) -> Seat | None:
    """The seat of the fast engines (:mod:`kingdomino_kit.game.fast`) that plays as ``bot``
    plays: a ``RandomBot``'s RNG; a ``GreedyBot``'s RNG and weights (its own, or
    :class:`~kingdomino_kit.game.greedy.Greedy`'s defaults); None for any other bot.

    >>> from kingdomino_kit.bots import make_bot
    >>> fast_seat(make_bot("random", 1)).weights, fast_seat(make_bot("greedy:hole=2", 1)).weights
    (None, (2.0, 0.5))
    >>> fast_seat(make_bot("mce", 1)) is None
    True
    """
    if type(bot) is RandomBot:
        return Seat(bot.rng)
    if type(bot) is GreedyBot:
        greedy = Greedy(hole=bot.hole, adjacency=bot.adjacency)
        return Seat(bot.rng, (greedy.hole, greedy.adjacency))
    return None


def fast_seats(bots: Sequence[Any]) -> list[Seat] | None:
    """The seats of :func:`fast_seat`, or None unless every bot has one.

    >>> from kingdomino_kit.bots import RandomBot, make_bot
    >>> len(fast_seats([RandomBot(1), make_bot("greedy", 2)])), fast_seats([make_bot("mce", 1)])
    (2, None)
    """
    seats = [fast_seat(b) for b in bots]
    return None if any(s is None for s in seats) else seats  # type: ignore[return-value]


def placement_action(kingdom: Any, masks: Any, pick: int, actions: Sequence[Any]) -> Any:
    """The action of ``actions`` that is placement ``pick`` of ``masks`` (the same order as
    :meth:`Kingdom.legal_placements <kingdomino_kit.kingdom.Kingdom.legal_placements>`, so
    usually ``actions[pick]``; found by its cells otherwise)."""
    g = kingdom.geometry
    first, second = kingdom.nth_placement(masks, pick)
    cells: tuple[Cell, Cell] = (g.cell(first), g.cell(second))
    if pick < len(actions):
        a = actions[pick]
        if getattr(a, "cells", None) == cells:
            return a
    for a in actions:
        if getattr(a, "cells", None) == cells:
            return a
    raise InvariantError(f"placement {cells} is not among the actions")


class SimpleGreedyBot:
    """The one-step greedy of ``mc``: best immediate score plus a small potential
    (:func:`placement_value`); claims the domino whose best placement gains most (ties: more
    crowns, then the bot's seeded RNG). Weaker than :class:`GreedyBot`, and kept as the
    playout policy of ``mc:policy=greedy`` so that ``mc`` plays as it always has.

    >>> from kingdomino_kit.bots import RandomBot
    >>> from kingdomino_kit.game import GameOptions, play
    >>> g = play([SimpleGreedyBot(seed=1), RandomBot(seed=2)], GameOptions(players=2), seed=4)
    >>> g.is_over
    True
    """

    name = "simple-greedy"
    needs_observation = True
    trusted = True

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, actions: Sequence[Any]) -> Any:
        """The action of highest greedy value."""
        o = observation.options
        kingdom = observation.kingdoms[observation.player].copy()
        rules = o.rules
        best: list[Any] = []
        best_value = -1e9
        for action in actions:
            if isinstance(action, Claim):
                value = domino_value(kingdom, action.domino, rules) + 0.01 * action.domino.crowns
            elif isinstance(action, Discard):
                value = -1e6
            else:
                value = placement_value(kingdom, action, rules)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]


class MonteCarloBot:
    """Monte Carlo evaluation in the full engine (today's ``mc``): each candidate action is
    played, then the game is played out ``playouts`` times with a cheap policy (random, or the
    one-step :class:`SimpleGreedyBot`) on a deck dealt at random from the unseen dominoes; the
    candidate with the best mean final score wins. Candidates are first cut to the ``width``
    best by simple greedy value. ``seconds``, if set, replaces the playout budget by a time
    budget (then not reproducible). ``exact``: a node budget for the exact endgame solver
    (:mod:`kingdomino_kit.game.endgame.exact_play`; 0, the default: off).

    >>> from kingdomino_kit.bots import RandomBot
    >>> from kingdomino_kit.game import GameOptions, play
    >>> g = play([MonteCarloBot(seed=1, playouts=2, width=2), RandomBot(2)],
    ...          GameOptions(players=2), seed=4)
    >>> g.is_over
    True
    """

    name = "mc"
    needs_observation = True
    trusted = True
    PARAMETERS = {"playouts": int, "width": int, "policy": str, "seconds": float,
                  "exact": int}
    """Parameters of ``make_bot("mc:key=value:...")``."""

    MAX_PLAYOUTS = 100_000
    """The most playouts per candidate (a move of 100,000 takes minutes)."""
    MAX_SECONDS = 600.0
    """The longest time budget per move."""

    def __init__(self, seed: int | None = None, playouts: int = 8, width: int = 6,
                 policy: str = "random", seconds: float | None = None, exact: int = 0
                 ) -> None:
        if policy not in ("random", "greedy"):
            raise KingdominoError(f"policy must be random or greedy, not {shown(policy)}")
        check_count(playouts, "playouts", 1, self.MAX_PLAYOUTS)
        check_count(width, "width", 1, 10**6)
        if seconds is not None:
            check_seconds(seconds, "seconds")
            if seconds > self.MAX_SECONDS:
                raise KingdominoError(f"seconds: at most {self.MAX_SECONDS:g} a move, not "
                                      f"{seconds:g}")
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.width = width
        self.policy = policy
        self.seconds = seconds
        self.exact = check_exact(exact)

    def choose(self, observation: Any, actions: Sequence[Any]) -> Any:
        """The candidate with the best mean playout score (or, with ``exact``, the move
        perfect play chooses once no chance is left, if the solver proves it in budget)."""
        if self.exact:
            perfect = exact_choice(observation, actions, self.exact)
            if perfect is not None:
                return perfect
        candidates = list(actions)
        if len(candidates) > self.width:
            ranked = sorted(range(len(candidates)), key=self._greedy_key(observation, candidates))
            candidates = [candidates[i] for i in ranked[: self.width]]
        if len(candidates) == 1:
            return candidates[0]
        me = observation.player
        totals = [0.0] * len(candidates)
        runs = 0
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        while True:
            seed = self.rng.getrandbits(63)  # common random numbers across candidates
            for i, action in enumerate(candidates):
                rng = random.Random(seed)
                state = Game.from_observation(observation, rng)
                state._step(action)
                totals[i] += self._playout(state, rng)[me]
            runs += 1
            if deadline is None:
                if runs >= self.playouts:
                    break
            elif time.perf_counter() >= deadline:
                break
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _greedy_key(self, observation: Any, actions: Sequence[Any]) -> Callable[[int], float]:
        o = observation.options
        kingdom = observation.kingdoms[observation.player].copy()
        rules = o.rules

        def key(i: int) -> float:
            a = actions[i]
            if isinstance(a, Claim):
                return -domino_value(kingdom, a.domino, rules)
            if isinstance(a, Discard):
                return 1e6
            return -placement_value(kingdom, a, rules)

        return key

    def _playout(self, state: Any, rng: random.Random) -> list[int]:
        legal, step = state.legal_actions, state._step
        if self.policy == "random":
            while state.phase is not OVER:
                actions = legal()
                step(actions[rng.randrange(len(actions))] if len(actions) > 1 else actions[0])
        else:
            greedy = SimpleGreedyBot(rng.getrandbits(32))
            while state.phase is not OVER:
                actions = legal()
                if len(actions) > 1:
                    step(greedy.choose(state.observation(), actions))
                else:
                    step(actions[0])
        return state.scores()  # type: ignore[no-any-return]


register_bot("kingdomino", "random", RandomBot)
register_bot("kingdomino", "greedy", GreedyBot)
register_bot("kingdomino", "mc", MonteCarloBot)
