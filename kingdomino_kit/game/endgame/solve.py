"""The endgame solved exactly: from any position where no chance is left, the value and the
best move under perfect play.

**When no chance is left.** Once the last line is on the table nothing is hidden that matters.
When all 48 dominoes are in play (4 players, Mighty Duel, 3 players drawing 4) the last line
is known one round earlier: the dominoes nobody has seen yet are exactly the deck, and a line is
dealt sorted by number, so the order of the deck does not matter. :func:`no_chance_left` says
so for an observation: the deck is empty, or it is at most one line and every unseen domino
is in it.

**Values.** A final tie-break key (score, largest property, crowns) is coded as one int
(:func:`~kingdomino_kit.game.endgame.search.encode`). With 2 players the value is the margin of
player 0: ``code(0) − code(1)`` — the score difference first, and on equal scores the
difference of the tie-break figures, so a draw on points is won or lost as the rules decide
it (``points``: the score difference alone). Player 0 maximises it, player 1 minimises it.
With 3–4 players each player maximises their own final key (*max-n*); among moves that give
the mover the same key, the first in the game's order of legal actions
(:meth:`Game.legal_actions <kingdomino_kit.game.Game.legal_actions>`) is played — a fixed,
documented rule, so the value of a position does not depend on how it was searched. With
``paranoid=True`` the others minimise the score of ``player`` (default: the one to move): the
key that player can guarantee.

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.game import Game, GameOptions
>>> from kingdomino_kit.draft import drive
>>> g = Game(GameOptions(players=2), seed=4)
>>> while not no_chance_left(g.observation()):
...     g.apply(g.legal_actions()[0])
>>> result = solve(g)
>>> result.status, result.mode, len(result.scores)
('OPTIMAL', 'minimax', 2)
>>> for action in result.line:
...     g.apply(action)
>>> g.is_over, g.scores() == list(result.scores)
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kingdomino_kit.draft import CLAIM as GAME_CLAIM
from kingdomino_kit.draft import OVER as GAME_OVER
from kingdomino_kit.errors import InvariantError, KingdominoError
from kingdomino_kit.game.endgame.compiled import Compiled
from kingdomino_kit.game.endgame.compiled_many import CompiledMany, compiled_for
from kingdomino_kit.game.endgame.search import (
    CLAIM,
    DISCARD,
    PLACE,
    SCALE,
    State,
    Stop,
    Tree,
)
from kingdomino_kit.game.game import Action, Claim, Discard, Game, Observation
from kingdomino_kit.kingdom import Placement

__all__ = ["EndgameError", "EndgameResult", "MoveValue", "move_values", "no_chance_left",
           "points", "position", "solve", "turns_of"]


class EndgameError(KingdominoError):
    """A position the endgame solver cannot take: chance is left, or the game is over."""


@dataclass(frozen=True)
class EndgameResult:
    """What :func:`solve` found.

    ``status``: ``"OPTIMAL"``, or ``"UNKNOWN"`` when the time limit stopped the search (then
    ``best`` is the best move found and ``scores``/``value`` are those of the line played
    after it, not proven). ``mode``: ``minimax`` (2 players), ``maxn`` or ``paranoid``.
    ``value``: the solver's value — the margin code of player 0 (2 players), the hero's
    code (paranoid) or each player's code (max-n); ``scores``: each player's final score on
    the principal variation ``line`` (the actions from the position to the end of the game,
    ``best`` its first); ``keys``: their (score, largest property, crowns); ``nodes`` and
    ``seconds``: the search's effort (wall-clock, from the position's tree to its value and
    line in the search's moves: not the line played on a copy of the game to give ``line``,
    ``scores`` and ``keys``), ``cpu_seconds`` the same span in this process's CPU time (the
    search's own speed: ``nodes / cpu_seconds``).
    """

    status: str
    mode: str
    value: int | tuple[int, ...]
    scores: tuple[int, ...]
    keys: tuple[tuple[int, int, int], ...]
    best: Action
    line: tuple[Action, ...]
    nodes: int
    seconds: float
    player: int = 0
    margin: int | None = field(default=None)
    cpu_seconds: float = 0.0


@dataclass(frozen=True)
class MoveValue:
    """One legal action of the position and what it is worth under perfect play afterwards:
    ``value`` from the mover's side (their margin code, or their own code), ``cost`` the points
    it loses against the best action (0 for the best)."""

    action: Action
    value: int
    cost: int


def points(code: int) -> int:
    """The score part of a code or of a difference of codes (the tie-break figures dropped).

    >>> from kingdomino_kit.game.endgame.search import encode
    >>> points(encode(30, 7, 9) - encode(31, 2, 2)), points(encode(30, 1, 0) - encode(30, 9, 9))
    (-1, 0)
    """
    return round(code / SCALE)


# --------------------------------------------------------------------------------- positions
def _observe(where: Game | Observation) -> Observation:
    if isinstance(where, Game):
        return where.observation()
    if isinstance(where, Observation):
        return where
    raise EndgameError(f"an endgame needs a Game or an Observation, not {type(where).__name__}")


def no_chance_left(observation: Observation) -> bool:
    """True if the rest of the game is known but for the players' choices (see the module).

    >>> from kingdomino_kit.game import Game, GameOptions
    >>> g = Game(GameOptions(players=4), seed=1)
    >>> no_chance_left(g.observation())
    False
    """
    if observation.phase is GAME_OVER:
        return False
    size = observation.deck_size
    if size == 0:
        return True
    return size <= observation.options.line_size and len(observation.unseen()) == size


def position(where: Game | Observation) -> tuple[Tree, State]:
    """The search tree and start state of a position without chance (else
    :class:`EndgameError`)."""
    obs = _observe(where)
    if obs.phase is GAME_OVER:
        raise EndgameError("the game is over: there is no endgame left to solve")
    if not no_chance_left(obs):
        raise EndgameError(f"round {obs.round}: chance is left (the last line is not known "
                           "yet), the endgame solver needs a position without it")
    if obs.round == 0:
        raise EndgameError("round 0: chance is left")
    o = obs.options
    tree = Tree([k.to_bits() for k in obs.kingdoms], o.players, o.kings_per_player,
                rules=o.rules, strict=o.strict_discard)
    line = tuple(d.number for d in obs.line)
    if not line:
        future: tuple[tuple[int, ...], ...] = ()
    elif obs.deck_size:
        future = (tuple(sorted(obs.unseen())), ())
    else:
        future = ((),)
    state = State(tuple(obs.order), obs.turn, CLAIM if obs.phase is GAME_CLAIM else PLACE,
                  line, tuple(-1 if k is None else k for k in obs.line_claims),
                  tuple(0 if d is None else d.number for d in obs.to_place), future,
                  (None,) * o.players)
    return tree, tree.start(state)


def _game(where: Game | Observation) -> Game:
    """A game to play the answer on: a copy, or one dealt from the observation (no chance is
    left, so any deal of the unseen dominoes gives the same lines)."""
    if isinstance(where, Game):
        return where.copy()
    return Game.from_observation(where, random.Random(0))


# --------------------------------------------------------------------------------- solving
def solve(where: Game | Observation, *, paranoid: bool = False, player: int | None = None,
          time_limit: float | None = None, node_limit: int | None = None) -> EndgameResult:
    """The exact value and best move of a position without chance (see the module).

    ``paranoid`` (3–4 players): the key ``player`` (default: the one to move) can guarantee
    against everyone else. ``time_limit``: seconds, after which the best move found so far is
    returned with status ``UNKNOWN``; ``node_limit``: the same after so many nodes (the same
    answer on any machine).
    """
    obs = _observe(where)
    tree, state = position(obs)
    n = obs.options.players
    mover = obs.current_player
    if mover is None:
        raise InvariantError("expected mover is not None")
    if player is not None and (isinstance(player, bool) or not isinstance(player, int)
                               or not 0 <= player < n):
        raise EndgameError(f"player must be a seat 0..{n - 1}, not {player!r}")
    if time_limit is not None and not (isinstance(time_limit, (int, float))
                                       and time_limit > 0):
        raise EndgameError(f"time_limit must be a positive number of seconds, not "
                           f"{time_limit!r}")
    mode = "minimax" if n == 2 else "paranoid" if paranoid else "maxn"
    tree.paranoid = paranoid and n > 2
    tree.hero = 0 if mode == "minimax" else (mover if player is None else player)
    start = time.perf_counter()
    cpu = time.process_time()
    if time_limit is not None:
        tree.deadline = start + time_limit
    if node_limit is not None:
        if isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 1:
            raise EndgameError(f"node_limit must be a positive number of nodes, not "
                               f"{node_limit!r}")
        tree.node_limit = node_limit
    status = "OPTIMAL"
    nodes = None
    try:
        fast = compiled_for(tree) if node_limit is None else None
        if fast is not None:
            found = fast.solve(state, time_limit)
            if found.status != "OPTIMAL":
                raise Stop
            value: Any = found.value
            moves = list(found.moves)
            nodes = found.nodes
        else:
            value = tree.maxn(state) if mode == "maxn" else tree.alphabeta(
                state, -(1 << 62), 1 << 62)
            moves = _principal(tree, state, value, mode)
    except Stop:
        status = "UNKNOWN"
        tree.deadline = float("inf")
        tree.node_limit = 1 << 62
        moves = _fallback(tree, state, mode)
        value = None
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    game = _game(where)
    actions = _actions(game, moves)
    keys = tuple(game.tiebreak_keys())
    scores = tuple(k[0] for k in keys)
    if value is None:
        value = _value_of(keys, mode, tree.hero)
    margin = scores[0] - scores[1] if n == 2 else None
    return EndgameResult(status, mode, value, scores, keys, actions[0], tuple(actions),
                         tree.nodes if nodes is None else nodes, seconds, tree.hero, margin,
                         cpu)


def _value_of(keys: Sequence[tuple[int, int, int]], mode: str, hero: int) -> Any:
    codes = [k[0] * SCALE + k[1] * 100 + k[2] for k in keys]
    if mode == "minimax":
        return codes[0] - codes[1]
    if mode == "paranoid":
        return codes[hero]
    return tuple(codes)


def _principal(tree: Tree, state: State, value: Any, mode: str) -> list[Any]:
    """The moves of a principal variation (the kingdoms restored afterwards)."""
    made: list[tuple[int, Any, Any]] = []
    moves: list[Any] = []
    try:
        while state.phase >= 0:
            move = _next(tree, state, value, mode)
            moves.append(move)
            state, value = _advance(tree, state, move, made, value, mode)
    finally:
        for player, move, undo in reversed(made):
            tree.take(player, move, undo)
    return moves


def _next(tree: Tree, state: State, value: Any, mode: str) -> Any:
    """The move a principal variation plays in ``state`` (of value ``value``)."""
    if state.settled[state.order[state.turn] // tree.kpp] is not None:
        return tree.settled_move(state)
    if mode == "maxn":
        hit = tree.vectors.get(tree.key(state))
        if hit is None:
            tree.maxn(state)
            hit = tree.vectors[tree.key(state)]
        return hit[1]
    for move in tree.ordered(state, tree.moves(state), tree.table.get(tree.key(state),
                                                                       (0, 0, None))[2]):
        got = tree.play(state, move, lambda s: tree.alphabeta(s, value - 1, value + 1))
        if got == value:
            return move
    raise InvariantError("no move keeps the value of the position")


def _advance(tree: Tree, state: State, move: Any, made: list[tuple[int, Any, Any]],
             value: Any, mode: str) -> tuple[State, Any]:
    if state.phase == PLACE:
        king = state.order[state.turn]
        player = king // tree.kpp
        made.append((player, move, tree.put(player, state.to_place[king], move)))
        if state.settled[player] is not None:
            state = tree.placed_settled(state)
    state = tree.after(state, move)
    if mode == "maxn" and state.phase >= 0 and not tree.over(state):
        value = tree.maxn(state)
    return state, value


def _fallback(tree: Tree, state: State, mode: str) -> list[Any]:
    """A line when the time ran out: the best root move found, then the first move in order
    each time (greedy), the settled players placing their best."""
    made: list[tuple[int, Any, Any]] = []
    moves: list[Any] = []
    try:
        while state.phase >= 0:
            if state.settled[state.order[state.turn] // tree.kpp] is not None:
                move = tree.settled_move(state)
            else:
                key = tree.key(state)
                remembered = (tree.vectors.get(key) or (None, None))[1] if mode == "maxn" \
                    else tree.table.get(key, (0, 0, None))[2]
                move = tree.ordered(state, tree.moves(state), remembered)[0]
            moves.append(move)
            state, _ = _advance(tree, state, move, made, None, "")
    finally:
        for player, move, undo in reversed(made):
            tree.take(player, move, undo)
    return moves


def _actions(game: Game, moves: Sequence[Any]) -> list[Action]:
    """Play the search's moves on ``game`` (checked by its rules) as the game's actions."""
    out: list[Action] = []
    for move in moves:
        action = _action(game, move)
        game.apply(action)
        out.append(action)
    if not game.is_over:
        raise InvariantError("the principal variation stops before the end of the game")
    return out


def _action(game: Game, move: Any) -> Action:
    if game.phase is GAME_CLAIM:
        return Claim(game.line[move])
    king = game.current_king
    if king is None:
        raise InvariantError("expected king is not None")
    dom = game.to_place[king]
    if dom is None:
        raise InvariantError("expected dom is not None")
    if move == DISCARD:
        return Discard(dom)
    g = game.kingdom(game.owner(king)).to_bits().geometry
    return Placement(dom, g.cell(move[0]), g.cell(move[1]))


# --------------------------------------------------------------------------------- every option
def move_values(where: Game | Observation, *, paranoid: bool = False,
                time_limit: float | None = None) -> list[MoveValue]:
    """Every legal action of the position with its exact value from the mover's side and its
    cost in points against the best (the coach's and the hint's figures). The settled players'
    and forced actions are listed too.

    ``time_limit`` bounds the whole; past it :class:`EndgameError` is raised.
    """
    obs = _observe(where)
    position(obs)  # no chance left, else the error
    n = obs.options.players
    mover = obs.current_player
    if mover is None:
        raise InvariantError("expected mover is not None")
    mode = "minimax" if n == 2 else "paranoid" if paranoid else "maxn"
    hero = 0 if mode == "minimax" else mover
    deadline = float("inf") if time_limit is None else time.perf_counter() + time_limit
    game = _game(where)
    sign = -1 if mode == "minimax" and mover == 1 else 1
    shared: Tree | None = None
    fast: Compiled | CompiledMany | None = None
    out: list[tuple[Action, int]] = []
    for action in game.legal_actions():
        child = game.copy()
        child.apply(action)
        if child.is_over:
            got = _value_of(child.tiebreak_keys(), mode, hero)
        else:
            tree, state = position(child)
            tree.paranoid, tree.hero = mode == "paranoid", hero
            fast = fast or compiled_for(tree)  # one set of tables for all
            if fast is not None:
                left = None if time_limit is None else deadline - time.perf_counter()
                found = fast.solve(state, max(left, 1e-3) if left is not None else None,
                                   tree=tree, line=False)
                if found.value is None:
                    raise EndgameError(f"the endgame was not solved within {time_limit} s")
                value = found.value
                out.append((action, value[mover] if isinstance(value, tuple) else sign * value))
                continue
            if shared is not None:  # one table for all: the positions are searched alike
                tree.table, tree.vectors, tree.finals = shared.table, shared.vectors, \
                    shared.finals
                tree.facts_of, tree.placed, tree.uppers = shared.facts_of, shared.placed, \
                    shared.uppers
                tree.limits, tree.settlings, tree.killers = shared.limits, shared.settlings, \
                    shared.killers
            shared = tree
            tree.paranoid, tree.hero, tree.deadline = mode == "paranoid", hero, deadline
            try:
                got = tree.maxn(state) if mode == "maxn" else tree.alphabeta(
                    state, -(1 << 62), 1 << 62)
            except Stop:
                raise EndgameError(f"the endgame was not solved within {time_limit} s"
                                   ) from None
        out.append((action, got[mover] if mode == "maxn" else sign * got))
    top = max(v for _, v in out)
    return [MoveValue(a, v, points(top - v)) for a, v in out]


def turns_of(game: Game, line: Sequence[Action]) -> list[dict[str, Any]]:
    """``line`` (actions from the position of ``game``) as the log's turns: ``king``,
    ``player``, ``place`` and ``pick``. A turn started before the position (its placement
    made, its claim to come) has ``place`` null."""
    g = game.copy()
    turns: list[dict[str, Any]] = []
    for action in line:
        king = g.current_king
        if king is None:
            raise InvariantError("expected king is not None")
        if isinstance(action, Claim):
            last = turns[-1] if turns else None
            if last is not None and last["king"] == king and last["pick"] is None \
                    and last["place"] is not None and g.round == last["_round"]:
                last["pick"] = action.domino.number
            else:
                turns.append({"king": king, "player": g.owner(king), "place": None,
                              "pick": action.domino.number, "_round": g.round})
        else:
            if isinstance(action, Discard):
                place: dict[str, Any] = {"domino": action.domino.number, "discard": True}
            else:
                place = {"domino": action.domino.number,
                         "cells": [list(action.first), list(action.second)]}
            turns.append({"king": king, "player": g.owner(king), "place": place, "pick": None,
                          "_round": g.round})
        g.apply(action)
    for t in turns:
        del t["_round"]
    return turns
