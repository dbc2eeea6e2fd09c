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
4. **Budget.** Per turn (a placement and the claim after it, as the published agents count a
   move): simulated turns (``steps``: a playout costs the turns left in the game, so every
   turn takes about the same time, and the same seed plays the same game), ``playouts``, or
   ``seconds`` of CPU time (then not reproducible). A share of it judges the claim again once
   the placement is made.

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

from kingdomino_kit.bots import register_bot
from kingdomino_kit.draft import CLAIM, PLACE, Claim, Discard
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.bots import placement_action
from kingdomino_kit.game.endgame.exact_play import check_exact, exact_choice
from kingdomino_kit.game.fast.compiled import PlayoutPosition, available, playout_scores
from kingdomino_kit.game.fast.greedy import greedy_engine
from kingdomino_kit.game.fast.support import supports
from kingdomino_kit.game.greedy import Greedy, GreedyPolicy
from kingdomino_kit.game.playout import BitGame, Policy, RandomPolicy

__all__ = ["DEFAULT_STEPS", "Evaluation", "Move", "MonteCarloEvaluationBot", "StrongBot",
           "candidate_moves", "evaluate", "turns_left"]

OBJECTIVES = ("score", "margin")
OPPONENTS = ("greedy", "random")
DEFAULT_STEPS = 12000
"""Simulated turns per turn when no budget is given (about 0.8 s of CPU a turn). It was 8,000
with the plain greedy values (``engine=plain``); the fast ones play the same steps about 1.5
times as fast, so the same time buys 12,000 (``scripts/measure_strong_speedup.py`` measures
what that is worth)."""
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

    The budget is per *turn* — a king's placement and the claim after it, the published
    agents' "move" — and one of: ``steps``, simulated turns (default :data:`DEFAULT_STEPS`: a
    playout costs the turns left in the game, so early turns get fewer playouts and every turn
    about the same time, reproducibly); ``playouts``; or ``seconds`` of CPU time (then not
    reproducible).
    A ``claim_share`` of it (default 0.35) is kept to judge the claim again, once the placement
    is made, among every free domino; the rest judges the (placement, claim) pairs. Round 0
    (claims only) and the last round (placements only) give all of it to their one decision.
    ``width``: pairs kept by greedy value (plus each claimable domino's best); ``opponents``:
    ``greedy`` (one-step) or ``random`` in the playouts; ``objective``: ``score`` or
    ``margin``; ``exact``: a node budget for the exact endgame solver — once no chance is left, a
    move it proves within the budget is played (:mod:`~kingdomino_kit.game.endgame.exact_play`;
    default 0, off; ``strong``: 5,000); ``engine``: ``fast`` (default) or ``plain``, how the greedy
    values of the candidates and playouts are computed — the same values, the same choices at a
    budget of steps or playouts, ``plain`` slower (the engine before the fast one, kept for
    measuring what the speed buys).

    >>> MonteCarloEvaluationBot(policy="clever")
    Traceback (most recent call last):
    ...
    TypeError: MonteCarloEvaluationBot.__init__() got an unexpected keyword argument 'policy'
    """

    name = "mce"
    EXACT = 0
    """The default ``exact`` node budget (0: the endgame is played by sampling too)."""
    needs_observation = True
    trusted = True
    PARAMETERS = {"steps": int, "playouts": int, "seconds": float, "width": int,
                  "opponents": str, "objective": str, "claim_share": float, "exact": int,
                  "engine": str}
    """Parameters of ``make_bot("mce:playouts=400:width=6")``."""

    def __init__(self, seed: int | None = None, steps: int | None = None,
                 playouts: int | None = None, seconds: float | None = None, width: int = 8,
                 opponents: str = "greedy", objective: str = "score",
                 claim_share: float = 0.35, exact: int | None = None, engine: str = "fast"
                 ) -> None:
        if opponents not in OPPONENTS:
            raise KingdominoError(f"opponents must be greedy or random, not {opponents!r}")
        if objective not in OBJECTIVES:
            raise KingdominoError(f"objective must be score or margin, not {objective!r}")
        if sum(b is not None for b in (steps, playouts, seconds)) > 1:
            raise KingdominoError("give one budget: steps, playouts or seconds")
        if steps is None and playouts is None and seconds is None:
            steps = DEFAULT_STEPS
        for name, value in (("steps", steps), ("playouts", playouts), ("width", width)):
            if value is not None and value < 1:
                raise KingdominoError(f"{name} must be 1 or more, not {value}")
        if seconds is not None and not seconds > 0:
            raise KingdominoError(f"seconds must be positive, not {seconds}")
        greedy_engine(engine)  # a name it does not know is refused here
        if not 0 <= claim_share < 1:
            raise KingdominoError(f"claim_share must be at least 0 and below 1, not {claim_share}")
        self.rng = random.Random(seed)
        self.steps = steps
        self.playouts = playouts
        self.seconds = seconds
        self.width = int(width)
        self.opponents = opponents
        self.objective = objective
        self.claim_share = float(claim_share)
        self.exact = check_exact(self.EXACT if exact is None else exact)
        self.engine = engine
        self._plan: tuple[int, int, int] | None = None  # round, king, claimed domino
        self.last_playouts = 0
        """Playouts run for the last move (0 when it needed no search)."""

    # ------------------------------------------------------------------ choosing
    def choose(self, observation: Any, actions: Sequence[Any]) -> Any:
        """The candidate with the best mean playout value."""
        self.last_playouts = 0
        perfect = exact_choice(observation, actions, self.exact)
        if perfect is not None:
            self._plan = None
            return perfect
        share = 1.0
        if observation.phase is CLAIM:
            planned = self._planned_claim(observation, actions)
            if planned is not None:
                if not self.claim_share:
                    return planned
                share = self.claim_share
        elif self.claim_share and sum(k is None for k in observation.line_claims) > 1:
            share = 1 - self.claim_share  # a claim with a choice follows this placement
        greedy = greedy_engine(self.engine)(observation.options)
        moves = candidate_moves(observation, greedy, self.width)
        best = moves[0] if len(moves) == 1 else self._evaluate(observation, moves, share)
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
    def _evaluate(self, observation: Any, moves: list[Move], share: float) -> Move:
        playouts = None
        if self.playouts is not None:
            playouts = max(1, round(self.playouts * share))
        elif self.steps is not None:
            playouts = max(1, round(self.steps * share / turns_left(observation)))
        result = evaluate(observation, moves, self.rng, playouts=playouts,
                          seconds=None if self.seconds is None else self.seconds * share,
                          opponents=self.opponents, objective=self.objective,
                          engine=self.engine)
        self.last_playouts = result.playouts
        return moves[result.best]


class StrongBot(MonteCarloEvaluationBot):
    """``strong``: the kit's strongest bot at a default budget of at most one CPU second a
    turn on one core — the Monte Carlo evaluation with greedy playouts at
    :data:`DEFAULT_STEPS` simulated turns a turn, every parameter of ``mce`` open to change
    (``strong:steps=10000``). Its measured strength and time are in ``docs/bots.md``.

    >>> from kingdomino_kit.bots import make_bot
    >>> bot = make_bot("strong", 1)
    >>> bot.name, bot.steps == DEFAULT_STEPS, bot.opponents
    ('strong', True, 'greedy')
    """

    name = "strong"
    EXACT = 5000
    """``strong`` plays the endgame exactly when the solver proves it within 5,000 nodes
    (``strong:exact=0``: by sampling, as before)."""


def turns_left(observation: Any) -> int:
    """The king turns left in the game, the one to act included (what a playout plays).

    >>> from kingdomino_kit.game import Game, GameOptions
    >>> turns_left(Game(GameOptions(), 1).observation())      # 13 rounds of 4 turns
    52
    """
    o = observation.options
    left: int = (o.rounds - observation.round) * o.kings + len(observation.order)
    return left - int(observation.turn)


@dataclass(frozen=True)
class Evaluation:
    """What the playouts said of each candidate: its mean value and its number of playouts
    (racing stops playing the ones clearly worse than the leader), and the best of those still
    in the race."""

    means: tuple[float, ...]
    counts: tuple[int, ...]
    best: int
    playouts: int


def evaluate(observation: Any, moves: Sequence[Move], rng: random.Random, *,
             playouts: int | None = None, seconds: float | None = None,
             opponents: str = "greedy", objective: str = "score", keep: Sequence[int] = (),
             engine: str = "fast") -> Evaluation:
    """Play each of ``moves`` (for the player to act in ``observation``) on in batches of
    determinizations dealt by ``rng`` (see the module), for ``playouts`` playouts or ``seconds``
    of CPU time; the candidates in ``keep`` are never dropped by the race. ``engine``: how the
    playouts' greedy values are computed (:class:`~kingdomino_kit.game.greedy.Greedy`: the same
    values, ``plain`` slower)."""
    if (playouts is None) == (seconds is None):
        raise KingdominoError("give a budget of playouts or of seconds, not both or neither")
    me = observation.player
    options = observation.options
    mine = greedy_engine(engine)(options, lookahead=False)
    others = mine if opponents == "greedy" else None
    values: list[list[float]] = [[] for _ in moves]
    alive = list(range(len(moves)))
    deadline = None if seconds is None else time.process_time() + seconds
    budget = playouts if playouts is not None else 1 << 62
    runs = 0
    fast = engine == "fast" and available() and supports(options)
    greedy = [p == me or others is not None for p in range(options.players)]
    template = PlayoutPosition.of_observation(observation) if fast else None
    while True:
        seed = rng.getrandbits(63)
        if template is not None:  # the same deal, on the arrays made once
            position = template.dealt(random.Random(seed))
        else:
            base = BitGame.from_observation(observation, random.Random(seed))
        for i in alive:
            if template is not None:  # the same playout, compiled
                scores = playout_scores(position, moves[i].place, moves[i].claim, seed,
                                        greedy, mine.hole, mine.adjacency)
            else:
                game = base.copy()
                _apply(game, moves[i])
                game.run(_policies(options.players, me, mine, others, random.Random(seed)))
                scores = game.scores()
            values[i].append(_value(scores, me, objective))
            runs += 1
        if runs + len(alive) > budget or (deadline is not None
                                          and time.process_time() >= deadline):
            break
        if len(values[alive[0]]) >= RACE_AFTER:
            alive = _race(alive, values, keep)
            if len(alive) == 1:
                break
    means = tuple(sum(v) / len(v) for v in values)
    best = max(alive, key=lambda i: (means[i], -i))
    return Evaluation(means, tuple(len(v) for v in values), best, runs)


def _policies(players: int, me: int, mine: Greedy, others: Greedy | None,
              rng: random.Random) -> list[Policy]:
    """The playout policies: the one-step greedy for ``me``, ``others`` (or random) for the
    rest, all drawing from ``rng``."""
    out: list[Policy] = []
    for p in range(players):
        if p == me:
            out.append(GreedyPolicy(mine, rng))
        elif others is not None:
            out.append(GreedyPolicy(others, rng))
        else:
            out.append(RandomPolicy(rng))
    return out


def _value(scores: Sequence[int], me: int, objective: str) -> float:
    if objective == "score":
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


def _race(alive: list[int], values: list[list[float]], keep: Sequence[int] = ()) -> list[int]:
    """The candidates not clearly worse than the leader (paired differences over the same
    batches), and those in ``keep``."""
    n = len(values[alive[0]])
    means = {i: sum(values[i]) / n for i in alive}
    leader = max(alive, key=lambda i: (means[i], -i))
    out = []
    for i in alive:
        if i == leader or i in keep:
            out.append(i)
            continue
        diffs = [a - b for a, b in zip(values[i], values[leader], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean + RACE_Z * math.sqrt(var / n) >= 0:
            out.append(i)
    return out


register_bot("kingdomino", "mce", MonteCarloEvaluationBot)
register_bot("kingdomino", "strong", StrongBot)
