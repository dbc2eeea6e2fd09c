"""The move coach: what each of a player's decisions in a game log cost, and what the dominoes
could have made.

:func:`coach` re-plays a log through every rule (:func:`~kingdomino_kit.game.log.replay`: a log
that does not replay raises its :class:`~kingdomino_kit.errors.LogError`, the coach never
guesses), then walks the game again and, at each decision of the player — every claim and every
placement where there was a choice — asks the Monte Carlo evaluation of
:mod:`kingdomino_kit.game.montecarlo` what the move played and its alternatives were worth:

- **What it sees.** The player's observation at that moment, no more: the hidden deck is dealt
  from the unseen dominoes in each playout, so the coach judges a move by what could be known
  when it was made, not by the dominoes that happened to come.
- **The value of a move** is the player's mean final score over playouts that play it and then
  go on with the one-step greedy for everyone (common random numbers: every alternative is
  played on the same deals). The alternatives of a placement are the ``width`` best by greedy
  value (with the domino it could claim next) and the move played; of a claim, every free
  domino of the line.
- **Cost** = the best alternative's value − the played move's value (0 when the move played
  is the best found). The three costliest decisions are marked ``worst`` 1, 2, 3.
- **Exactly, in the endgame.** Once no chance is left
  (:func:`~kingdomino_kit.game.endgame.no_chance_left`) the exact solver values every legal
  move (:func:`~kingdomino_kit.game.endgame.move_values`, ``exact`` seconds a decision): the
  decision's ``exact_regret`` — the points of the final margin (2 players) or of the player's
  final score (3–4 players, everyone maximising their own) lost against perfect play — stands
  beside the Monte Carlo cost.
- **The dominoes, afterwards.** The best kingdom from the dominoes the player placed or
  discarded, rearranged freely (:func:`~kingdomino_kit.solver.best_kingdom_under`, proven), and the
  best from the same dominoes in the order they came, each legal when it came
  (:func:`~kingdomino_kit.solver.ordered.best_in_order`, proven): what the draft allowed.

The budget is ``seconds`` of CPU time per decision, or ``playouts`` per decision (then the same
``seed`` gives the same report).

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.game import GameOptions, play
>>> log = play([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=3).log()
>>> report = coach(log, player=0, playouts=40, solve=False)
>>> report.score, len(report.decisions) > 5, all(d.cost >= 0 for d in report.decisions)
(16, True, True)
>>> sorted(d.worst for d in report.decisions if d.worst)
[1, 2, 3]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from kingdomino_kit.dominoes import domino
from kingdomino_kit.draft import CLAIM, Claim, Discard
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.endgame import EndgameError, move_values, no_chance_left
from kingdomino_kit.game.fast.greedy import FastGreedy
from kingdomino_kit.game.game import Action, Game, Observation
from kingdomino_kit.game.greedy import Greedy
from kingdomino_kit.game.log import game_actions, loads, replay
from kingdomino_kit.game.montecarlo import Move, evaluate
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.solver import Solution, best_kingdom_under

__all__ = ["CoachReport", "DEFAULT_SECONDS", "Decision", "action_json",
           "coach", "move_text"]

DEFAULT_SECONDS = 1.5
"""CPU seconds per decision when no budget is given."""
EXACT_SECONDS = 10.0
"""Seconds for the exact endgame solver at each endgame decision (by default)."""
WIDTH = 8
"""Placements judged per decision (besides the one played), by greedy value."""


@dataclass(frozen=True)
class Decision:
    """One decision of the coached player: where (``step``: index in :func:`game_actions`,
    round, king, ``phase`` ``claim`` or ``place``), the move played and the best one found
    (:func:`action_json`), their values (mean final score), the cost, the number of
    alternatives and playouts, and ``worst`` (1–3 for the three costliest, else None). Once no
    chance is left, ``exact_regret``: the points of the final margin (2 players) or of the
    player's final score (3–4, max-n) the move played lost against perfect play, and
    ``exact_best`` the move perfect play chooses (None before, or when the solver did not
    finish in time)."""

    step: int
    round: int
    king: int
    phase: str
    played: dict[str, Any]
    best: dict[str, Any]
    played_value: float
    best_value: float
    cost: float
    alternatives: int
    playouts: int
    worst: int | None = None
    exact_regret: int | None = None
    exact_best: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The decision as plain data."""
        return {"step": self.step, "round": self.round, "king": self.king,
                "phase": self.phase, "played": self.played, "best": self.best,
                "played_value": round(self.played_value, 2),
                "best_value": round(self.best_value, 2), "cost": round(self.cost, 2),
                "alternatives": self.alternatives, "playouts": self.playouts,
                "worst": self.worst, "exact_regret": self.exact_regret,
                "exact_best": self.exact_best}


@dataclass(frozen=True)
class CoachReport:
    """The coach's report on one player's game (see the module)."""

    player: int
    log: dict[str, Any]
    options: GameOptions
    score: int
    kingdom: Kingdom
    decisions: tuple[Decision, ...]
    dominoes: tuple[int, ...]
    budget: dict[str, Any]
    rearranged: Solution | None = None
    in_order: Solution | None = None

    @property
    def lost(self) -> float:
        """The points all decisions cost together (the coach's estimate)."""
        return sum(d.cost for d in self.decisions)

    def worst(self) -> list[Decision]:
        """The three costliest decisions, costliest first."""
        return sorted((d for d in self.decisions if d.worst), key=lambda d: d.worst or 0)

    def to_json(self) -> dict[str, Any]:
        """The report as plain data (``coach --json``)."""
        log = self.log
        return {"game": "kingdomino", "seed": log["seed"], "players": log["players"],
                "player": self.player, "score": self.score, "budget": self.budget,
                "decisions": [d.to_json() for d in self.decisions],
                "worst": [d.step for d in self.worst()], "lost": round(self.lost, 2),
                "kingdom": self.kingdom.to_text(), "dominoes": list(self.dominoes),
                "best_kingdom": None if self.rearranged is None else self.rearranged.to_json(),
                "best_in_order": None if self.in_order is None else self.in_order.to_json()}


def action_json(action: Action) -> dict[str, Any]:
    """An action as in the log: ``{"pick": n}``, ``{"domino": n, "cells": [[r, c], [r, c]]}``
    or ``{"domino": n, "discard": true}``.

    >>> action_json(Claim(domino(7)))
    {'pick': 7}
    """
    if isinstance(action, Claim):
        return {"pick": action.domino.number}
    if isinstance(action, Discard):
        return {"domino": action.domino.number, "discard": True}
    return {"domino": action.domino.number, "cells": [list(action.first), list(action.second)]}


def move_text(move: dict[str, Any]) -> str:
    """A move of :func:`action_json` in words.

    >>> move_text({"domino": 7, "cells": [[0, 1], [0, 2]]}), move_text({"pick": 7})
    ('place 7 at (0, 1) (0, 2)', 'claim 7')
    """
    if "pick" in move:
        return f"claim {move['pick']}"
    if move.get("discard"):
        return f"discard {move['domino']}"
    (r1, c1), (r2, c2) = move["cells"]
    return f"place {move['domino']} at ({r1}, {c1}) ({r2}, {c2})"


def _moves(obs: Observation, actions: Sequence[Action], played: Action, greedy: Greedy,
           width: int) -> tuple[list[Move], list[Action], int]:
    """The alternatives of one decision as Monte Carlo moves, their actions, and the index of
    the move played."""
    free = [i for i, k in enumerate(obs.line_claims) if k is None]
    if obs.phase is CLAIM:
        slots = {obs.line[i].number: i for i in free}
        claims = [a for a in actions if isinstance(a, Claim)]
        moves = [Move(None, slots[a.domino.number], 0.0) for a in claims]
        return moves, list(claims), claims.index(played)  # type: ignore[arg-type]
    kingdom = obs.kingdoms[obs.player].to_bits()
    king = obs.current_king
    dom = obs.to_place[king] if king is not None else None
    if dom is None:
        raise KingdominoError("no domino to place")
    masks = kingdom.legal_masks(dom.first.terrain_index, dom.second.terrain_index,
                                dom.is_double)
    count = kingdom.placement_count(masks)
    placements = obs.kingdoms[obs.player].legal_placements(dom)
    ordered: list[Action] = [*placements, *(a for a in actions if isinstance(a, Discard))]
    values = greedy.placement_values(kingdom, dom.number, masks, count,
                                     [obs.line[i].number for i in free],
                                     len(ordered) > count)
    ranked = sorted(range(len(ordered)), key=lambda i: (-values[i], i))[:width]
    mine = _index_of(ordered, played)
    if mine not in ranked:
        ranked.append(mine)
    moves = [Move(i, None, values[i]) for i in ranked]
    return moves, [ordered[i] for i in ranked], ranked.index(mine)


def _index_of(actions: Sequence[Action], played: Action) -> int:
    """Where the move played is among the actions (a double's halves may be given swapped)."""
    for i, a in enumerate(actions):
        if a == played:
            return i
    if isinstance(played, Placement):
        for i, a in enumerate(actions):
            if isinstance(a, Placement) and a.domino == played.domino and {
                    a.first, a.second} == {played.first, played.second}:
                return i
    raise KingdominoError(f"the move {action_json(played)} is not among the legal actions")


def coach(log: dict[str, Any] | str, player: int = 0, *, seconds: float | None = None,
          playouts: int | None = None, seed: int = 0, width: int = WIDTH, solve: bool = True,
          time_limit_s: float = 60.0, workers: int = 1, exact: float | None = EXACT_SECONDS
          ) -> CoachReport:
    """Coach ``player`` through the game of ``log`` (see the module): each decision's cost
    with a budget of ``seconds`` (default :data:`DEFAULT_SECONDS`) or ``playouts`` per
    decision; with ``solve``, the best kingdoms from the player's dominoes (the solver gets
    ``time_limit_s`` and ``workers`` for each); ``exact``: seconds for the exact solver at each
    endgame decision (None or 0: no exact regret)."""
    data = loads(log) if isinstance(log, str) else log
    final = replay(data)
    players = final.options.players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise KingdominoError(f"player must be a seat 0–{players - 1}, not {player!r}")
    if playouts is None and seconds is None:
        seconds = DEFAULT_SECONDS
    budget = {"playouts": playouts} if playouts is not None else {"seconds": seconds}
    rng = random.Random(seed)
    options = final.options
    greedy = FastGreedy(options)
    game = Game(options, data["seed"], record=False)
    decisions: list[Decision] = []
    dominoes: list[int] = []
    for step, (king, action) in enumerate(game_actions(data)):
        if game.owner(king) == player:
            if not isinstance(action, Claim):
                dominoes.append(action.domino.number)
            actions = game.legal_actions()
            if len(actions) > 1:
                decision = _decide(game, step, action, actions, greedy, width, rng, playouts,
                                   seconds)
                if exact:
                    decision = _exactly(game, decision, action, exact)
                decisions.append(decision)
        game.apply(action, king=king)
    decisions = _mark_worst(decisions)
    rearranged = in_order = None
    if solve:  # a solver stopped by Ctrl-C answers its best so far: stop the report there
        doms = [domino(n) for n in dominoes]
        rearranged = best_kingdom_under(doms, options.rules, time_limit_s=time_limit_s,
                                        workers=workers)
        _stop_if_interrupted(rearranged)
        from kingdomino_kit.solver.ordered import best_in_order  # OR-Tools: only when solving

        in_order = best_in_order(doms, rules=options.rules, time_limit_s=time_limit_s,
                                 workers=workers)
    return CoachReport(player, data, options, final.scores()[player], final.kingdom(player),
                       tuple(decisions), tuple(dominoes), budget, rearranged, in_order)


def _stop_if_interrupted(sol: Solution) -> None:
    """A solve the user stopped (Ctrl-C, SIGTERM) answered its best so far: stop here."""
    if sol.interrupted:
        raise KeyboardInterrupt


def _decide(game: Game, step: int, played: Action, actions: Sequence[Action], greedy: Greedy,
            width: int, rng: random.Random, playouts: int | None, seconds: float | None
            ) -> Decision:
    obs = game.observation(game.current_player)
    moves, alternatives, mine = _moves(obs, actions, played, greedy, width)
    result = evaluate(obs, moves, rng, playouts=playouts, seconds=seconds, keep=[mine])
    best = max(range(len(moves)), key=lambda i: (result.means[i], i == mine))
    value, best_value = result.means[mine], result.means[best]
    if best_value <= value:
        best, best_value = mine, value
    return Decision(step, game.round, game.current_king or 0, str(obs.phase),
                    action_json(played), action_json(alternatives[best]), value, best_value,
                    best_value - value, len(moves), result.playouts)


def _exactly(game: Game, decision: Decision, played: Action, seconds: float) -> Decision:
    """The decision with its exact regret, when no chance is left and the solver finishes."""
    if not no_chance_left(game.observation()):
        return decision
    try:
        values = move_values(game, time_limit=seconds)
    except EndgameError:
        return decision
    actions = [v.action for v in values]
    mine = values[_index_of(actions, played)]
    best = next(v for v in values if v.cost == 0 and v.value == max(x.value for x in values))
    return replace(decision, exact_regret=mine.cost, exact_best=action_json(best.action))


def _mark_worst(decisions: list[Decision]) -> list[Decision]:
    """The decisions with the three largest costs (above 0) marked 1, 2, 3."""
    ranked = sorted((d for d in decisions if d.cost > 0), key=lambda d: (-d.cost, d.step))[:3]
    marks = {d.step: k for k, d in enumerate(ranked, start=1)}
    return [replace(d, worst=marks.get(d.step)) for d in decisions]
