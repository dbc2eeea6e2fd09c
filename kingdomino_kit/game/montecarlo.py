"""Monte Carlo evaluation on bitboards: candidate moves played out, racing, common random numbers.

:class:`MonteCarloEvaluationBot` (``mce``) judges a few candidate *moves* — a placement together
with the claim that follows it, as the drafting game is played: a king places its domino, then
claims one of the line — by playing the game on from each of them many times:

1. **Candidates.** The greedy values of :mod:`kingdomino_kit.game.greedy` rank every
   (placement, claim) pair by the kingdom it reaches with both dominoes placed; the ``width``
   best are kept, and for each domino of the line its best placement too (so every claim is
   tried). Round 0 has claims only, the last round placements only.
2. **Playouts.** A *batch* deals the hidden deck from the unseen dominoes
   (:meth:`BitGame.from_observation <kingdomino_kit.game.playout.BitGame.from_observation>`: a
   determinization, never the real deck) and plays every live candidate on from the same deal
   with the same policy draws (common random numbers: the differences between candidates are
   measured on equal luck). The bot's own kingdom is played by the one-step greedy, the other
   players by ``opponents`` (``greedy`` or ``random``).
3. **Racing.** After every batch from the eighth on, a candidate whose mean paired difference to
   the leader is below zero by more than two standard errors is dropped, so the budget goes to
   the moves still in doubt.
4. **Budget.** ``playouts`` playouts per move (reproducible: the same seed plays the same
   game), or ``seconds`` of CPU time per move (then not reproducible). The claim after a
   placement was chosen with it and costs no time.

The value of a playout is the bot's final score (``objective="score"``), or its margin over
the best other player (``"margin"``).

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.game import GameOptions, play
>>> g = play([MonteCarloEvaluationBot(1, playouts=20), RandomBot(2)], GameOptions(players=2),
...          seed=4)
>>> g.scores()[0] > g.scores()[1]
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.draft import CLAIM, PLACE, Claim, Discard
from kingdomino_kit.game.bots import placement_action
from kingdomino_kit.game.greedy import Greedy, GreedyPolicy
from kingdomino_kit.game.playout import BitGame, Policy, RandomPolicy

__all__ = ["Move", "MonteCarloEvaluationBot", "candidate_moves"]

OBJECTIVES = ("score", "margin")
OPPONENTS = ("greedy", "random")
RACE_AFTER = 8
"""Batches before racing may drop a candidate."""
RACE_Z = 2.0
"""Standard errors below the leader that drop a candidate."""


@dataclass(frozen=True)
class Move:
    """One candidate: placement index (``count``: discard; None: nothing to place) and the
    claimed slot of the line (None: nothing to claim), with its greedy value."""

    place: int | None
    claim: int | None
    prior: float


def candidate_moves(observation: Any, greedy: Greedy, width: int) -> list[Move]:
    """The candidate moves of the player to act (see the module), best greedy value first."""
    kingdom = observation.kingdoms[observation.player].to_bits()
    free = [i for i, k in enumerate(observation.line_claims) if k is None]
    numbers = [observation.line[i].number for i in free]
    if observation.phase is CLAIM:
        values = greedy.claim_values(kingdom, numbers)
        return sorted((Move(None, s, v) for s, v in zip(free, values, strict=True)),
                      key=_by_prior)
    piece = observation.to_place[observation.current_king]
    masks = kingdom.legal_masks(piece.first.terrain_index, piece.second.terrain_index,
                                piece.is_double)
    count = kingdom.placement_count(masks)
    discard = not (count and observation.options.strict_discard)
    if not numbers:
        values = greedy.after(kingdom, piece.number, masks)
        if discard:
            values.append(greedy.value(kingdom) - 1.0)
        ranked = sorted((Move(p, None, v) for p, v in enumerate(values)), key=_by_prior)
        return ranked[:width]
    rows = greedy.joint_values(kingdom, piece.number, masks, numbers, discard)
    moves = sorted((Move(p, free[j], v) for p, row in enumerate(rows)
                    for j, v in enumerate(row)), key=_by_prior)
    kept = moves[:width]
    for s in free:  # every domino of the line, at its best placement
        if not any(m.claim == s for m in kept):
            kept.append(next(m for m in moves if m.claim == s))
    return kept


def _by_prior(move: Move) -> tuple[float, int, int]:
    return (-move.prior, -1 if move.place is None else move.place,
            -1 if move.claim is None else move.claim)


class MonteCarloEvaluationBot:
    """Flat Monte Carlo evaluation of candidate moves on bitboards (see the module).

    ``playouts``: playouts per move (default 600); ``seconds``: a CPU-time budget per move
    instead; ``width``: candidates kept by greedy value (plus each claimable domino's best);
    ``opponents``: ``greedy`` (one-step) or ``random`` in the playouts; ``objective``:
    ``score`` or ``margin``.

    >>> MonteCarloEvaluationBot(policy="clever")
    Traceback (most recent call last):
    ...
    TypeError: MonteCarloEvaluationBot.__init__() got an unexpected keyword argument 'policy'
    """

    name = "mce"
    needs_observation = True
    trusted = True
    PARAMETERS = {"playouts": int, "seconds": float, "width": int, "opponents": str,
                  "objective": str}
    """Parameters of ``make_bot("mce:playouts=400:width=6")``."""

    def __init__(self, seed: int | None = None, playouts: int = 600,
                 seconds: float | None = None, width: int = 8, opponents: str = "greedy",
                 objective: str = "score") -> None:
        if opponents not in OPPONENTS:
            raise ValueError(f"opponents must be greedy or random, not {opponents!r}")
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be score or margin, not {objective!r}")
        if playouts < 1 or width < 1:
            raise ValueError(f"playouts and width must be 1 or more, not {playouts}, {width}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, not {seconds}")
        self.rng = random.Random(seed)
        self.playouts = int(playouts)
        self.seconds = seconds
        self.width = int(width)
        self.opponents = opponents
        self.objective = objective
        self._plan: tuple[int, int, int] | None = None  # round, king, claimed domino
        self.last_playouts = 0
        """Playouts run for the last move (0 when it needed no search)."""

    # ------------------------------------------------------------------ choosing
    def choose(self, observation: Any, actions: Sequence[Any]) -> Any:
        """The candidate with the best mean playout value."""
        self.last_playouts = 0
        if observation.phase is CLAIM:
            planned = self._planned_claim(observation, actions)
            if planned is not None:
                return planned
        greedy = Greedy(observation.options)
        moves = candidate_moves(observation, greedy, self.width)
        best = moves[0] if len(moves) == 1 else self._evaluate(observation, moves, greedy)
        return self._action(observation, best, actions)

    def _planned_claim(self, observation: Any, actions: Sequence[Any]) -> Any:
        plan, self._plan = self._plan, None
        if plan is None or plan[:2] != (observation.round, observation.current_king):
            return None
        for a in actions:
            if isinstance(a, Claim) and a.domino.number == plan[2]:
                return a
        return None

    def _action(self, observation: Any, move: Move, actions: Sequence[Any]) -> Any:
        if observation.phase is CLAIM:
            number = observation.line[move.claim].number
            return next(a for a in actions if isinstance(a, Claim) and a.domino.number == number)
        if move.claim is not None:
            self._plan = (observation.round, observation.current_king,
                          observation.line[move.claim].number)
        piece = observation.to_place[observation.current_king]
        kingdom = observation.kingdoms[observation.player].to_bits()
        masks = kingdom.legal_masks(piece.first.terrain_index, piece.second.terrain_index,
                                    piece.is_double)
        pick = move.place if move.place is not None else 0
        if pick == kingdom.placement_count(masks):
            return next(a for a in actions if isinstance(a, Discard))
        return placement_action(kingdom, masks, pick, actions)

    # ------------------------------------------------------------------ playouts
    def _evaluate(self, observation: Any, moves: list[Move], greedy: Greedy) -> Move:
        me = observation.player
        options = observation.options
        mine = Greedy(options, lookahead=False)
        values: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        budget = self.playouts
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        runs = 0
        while True:
            seed = self.rng.getrandbits(63)
            base = BitGame.from_observation(observation, random.Random(seed))
            for i in alive:
                game = base.copy()
                _apply(game, moves[i])
                game.run(self._policies(options.players, me, mine, random.Random(seed)))
                values[i].append(self._value(game, me))
                runs += 1
            if deadline is None:
                if runs + len(alive) > budget:
                    break
            elif time.process_time() >= deadline:
                break
            if len(values[alive[0]]) >= RACE_AFTER:
                alive = _race(alive, values)
                if len(alive) == 1:
                    break
        self.last_playouts = runs
        return moves[max(alive, key=lambda i: (sum(values[i]) / len(values[i]), -i))]

    def _policies(self, players: int, me: int, mine: Greedy, rng: random.Random
                  ) -> list[Policy]:
        others: Greedy | None = mine if self.opponents == "greedy" else None
        out: list[Policy] = []
        for p in range(players):
            if p == me:
                out.append(GreedyPolicy(mine, rng))
            elif others is not None:
                out.append(GreedyPolicy(others, rng))
            else:
                out.append(RandomPolicy(rng))
        return out

    def _value(self, game: BitGame, me: int) -> float:
        scores = game.scores()
        if self.objective == "score":
            return float(scores[me])
        return float(scores[me] - max(s for p, s in enumerate(scores) if p != me))


def _apply(game: BitGame, move: Move) -> None:
    """Play ``move`` for the king to act: its placement (or discard), then its claim."""
    if move.place is not None and game.phase is PLACE:
        number, masks, count = game.masks()
        if move.place >= count:
            game.discard()
        else:
            game.place_nth(masks, move.place)
    if move.claim is not None:
        game.claim(move.claim)


def _race(alive: list[int], values: list[list[float]]) -> list[int]:
    """The candidates not clearly worse than the leader (paired differences, same batches)."""
    n = len(values[alive[0]])
    means = {i: sum(values[i]) / n for i in alive}
    leader = max(alive, key=lambda i: (means[i], -i))
    keep = []
    for i in alive:
        if i == leader:
            keep.append(i)
            continue
        diffs = [a - b for a, b in zip(values[i], values[leader], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean + RACE_Z * math.sqrt(var / n) >= 0:
            keep.append(i)
    return keep
