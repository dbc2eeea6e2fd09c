"""The game tree of an endgame without chance, searched exactly on bitboards.

:mod:`kingdomino_kit.game.endgame` turns a :class:`~kingdomino_kit.game.Game` into a
:class:`Tree` and reads the answer; this module is the search itself.

**The state** is the drafting loop of :class:`~kingdomino_kit.draft.DraftGame` written once
more as small tuples (:class:`State`) — the order of the kings, the turn, the phase, the line
and its claims, the dominoes to place, the lines still to come — beside one mutable
:class:`~kingdomino_kit.bitkingdom.BitKingdom` per player that moves put and take back. The
tests play every transition against :class:`~kingdomino_kit.game.Game`.

**Values** are encoded tie-break keys: ``score × 10000 + largest property × 100 + crowns``
(:func:`encode`), so comparing two codes compares (score, largest property, crowns) — the order
in which the rules decide a winner — and the difference of two codes orders two players' keys
the same way (a lexicographic order is kept by translation).

**Settled players.** Once a player has no claim left in the game (every king of theirs has
claimed in the last line, or the line is empty), the dominoes still to reach them and the order
they are placed in are fixed, and their kingdom matters to nobody else: their final key is the
best over their own placements alone (:meth:`Tree.settle`, cached), and their placements leave
the tree. In the last round every player is settled at once.

**Searches.**

- :meth:`Tree.alphabeta`: one value from the side of player ``hero`` — 2 players: the margin
  ``code(hero) − code(other)``; 3–4 players, *paranoid*: ``code(hero)`` while the others
  minimise it. Fail-soft alpha-beta with a transposition table (value and bound, best move
  first), moves ordered by their immediate gain, and cut-offs from bounds of each player's
  final key (:meth:`Tree.bounds`).
- :meth:`Tree.maxn`: 3–4 players, every player maximising their own final key; among moves
  equal for the mover, the first in the game's own order of legal actions (claims by slot,
  placements in the order of legal placements, the discard last) — so the answer does not
  depend on the search order. Pruning: once the mover's best reaches their upper bound, no
  move listed later can beat it or win the tie.

**Bounds.** A player's property score never falls as squares are added; it is at most
``Σ_terrain (squares + squares still to come) × (crowns + crowns still to come)`` (a terrain's
properties score at most its squares times its crowns), counting every domino that can still
reach them: their dominoes to place, the free dominoes of the line while they have a king to
claim, and every domino of the lines to come. Bonuses: Middle Kingdom only if the castle is
still in the middle (an extent never shrinks), Harmony if switched on.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, NamedTuple

from kingdomino_kit.bitkingdom import BitKingdom
from kingdomino_kit.game.playout import PIECES
from kingdomino_kit.rules import Rules

__all__ = ["SCALE", "State", "Stop", "Tree", "decode", "encode"]

SCALE = 10000
"""A score's weight in a code: largest property (at most 49) × 100 + crowns (at most 39) < it."""

PLACE, CLAIM = 0, 1
DISCARD = (-1, -1)
"""The move that discards the domino to place (a placement is a pair of cell indices)."""

EXACT, LOWER, UPPER = 0, 1, 2


class Stop(Exception):  # noqa: N818  (control flow, not an error)
    """The time limit is over (raised inside the search, caught by its caller)."""


def encode(score: int, largest: int, crowns: int) -> int:
    """A tie-break key as one int: the codes order as the keys do.

    >>> encode(12, 5, 3) > encode(12, 4, 30) > encode(11, 49, 39)
    True
    """
    return score * SCALE + largest * 100 + crowns


def decode(code: int) -> tuple[int, int, int]:
    """The (score, largest property, crowns) of a code.

    >>> decode(encode(12, 5, 3))
    (12, 5, 3)
    """
    score, rest = divmod(code, SCALE)
    return score, rest // 100, rest % 100


class State(NamedTuple):
    """The drafting state without the kingdoms. ``to_place`` and ``line`` hold domino
    numbers (0: none), ``claims`` kings (-1: free), ``future`` the lines still to come (the
    last round's empty line included), ``settled`` each player's final code once settled."""

    order: tuple[int, ...]
    turn: int
    phase: int
    line: tuple[int, ...]
    claims: tuple[int, ...]
    to_place: tuple[int, ...]
    future: tuple[tuple[int, ...], ...]
    settled: tuple[int | None, ...]


class Tree:
    """An endgame: the kingdoms (mutated and restored by the searches) and the rules.

    ``players``, ``kpp`` (kings per player), ``rules`` (size and bonuses), ``strict``
    (discard only without a placement); ``deadline``: ``time.perf_counter()`` value after which
    the search raises :class:`Stop`, ``node_limit`` the nodes after which it does (a budget
    that gives the same answer on any machine); ``nodes`` counts the positions searched.
    """

    def __init__(self, kingdoms: list[BitKingdom], players: int, kpp: int, *,
                 rules: Rules, strict: bool) -> None:
        self.kingdoms = kingdoms
        self.players = players
        self.kpp = kpp
        self.rules = rules
        self.middle = rules.middle_kingdom
        self.harmony = rules.harmony
        self.strict = strict
        self.nodes = 0
        self.deadline = float("inf")
        self.node_limit = 1 << 62
        self.table: dict[Any, tuple[int, int, Any]] = {}
        self.vectors: dict[Any, tuple[tuple[int, ...], Any]] = {}
        self.finals: dict[Any, tuple[int, Any]] = {}
        self.limits: dict[Any, tuple[int, int]] = {}
        self.scores: dict[Any, int] = {}
        self.hero = 0
        self.paranoid = False
        self.ordering = True

    # ------------------------------------------------------------------ the drafting loop
    def start(self, state: State) -> State:
        """``state`` with the players already settled given their final code."""
        return self._settle_all(state)

    def owner(self, king: int) -> int:
        """The player of a king."""
        return king // self.kpp

    def has_claims_left(self, state: State, player: int) -> bool:
        """True if the player still claims a domino in this line or a line to come."""
        if state.future and state.future[0]:
            return True
        if not state.line:
            return False
        kpp = self.kpp
        return any(k // kpp == player and (k not in state.claims) for k in state.order)

    def remaining(self, state: State, player: int) -> tuple[int, ...]:
        """A settled player's dominoes still to place, in the order they are placed."""
        kpp = self.kpp
        if state.line:  # the last line: every king of theirs placed, then claimed
            return tuple(state.line[i] for i, k in enumerate(state.claims)
                         if k >= 0 and k // kpp == player)
        start = state.turn
        return tuple(state.to_place[k] for k in state.order[start:]
                     if k // kpp == player and state.to_place[k])

    def _settle_all(self, state: State) -> State:
        settled = list(state.settled)
        changed = False
        for p in range(self.players):
            if settled[p] is None and not self.has_claims_left(state, p):
                settled[p] = self.settle(p, self.remaining(state, p))
                changed = True
        return state._replace(settled=tuple(settled)) if changed else state

    def after(self, state: State, move: Any) -> State:
        """The state after the current king's ``move`` (a placement's kingdom change is the
        caller's: :meth:`play`)."""
        king = state.order[state.turn]
        if state.phase == PLACE:
            tp = list(state.to_place)
            tp[king] = 0
            state = state._replace(to_place=tuple(tp))
            if state.line:
                return state._replace(phase=CLAIM)
            return self._end_turn(state)
        claims = list(state.claims)
        claims[move] = king
        state = state._replace(claims=tuple(claims))
        if state.settled[king // self.kpp] is None:
            state = self._settle_all(state)
        return self._end_turn(state)

    def _end_turn(self, state: State) -> State:
        turn = state.turn + 1
        if turn < len(state.order):
            return state._replace(turn=turn, phase=PLACE)
        if not state.line:
            return state._replace(turn=turn, phase=-1)  # over
        tp = list(state.to_place)
        for i, k in enumerate(state.claims):
            if k >= 0:
                tp[k] = state.line[i]
        order = tuple(k for k in state.claims if k >= 0)
        line = state.future[0]
        state = State(order, 0, PLACE, line, (-1,) * len(line), tuple(tp), state.future[1:],
                      state.settled)
        return self._settle_all(state)

    def skip_settled(self, state: State) -> State:
        """Play on the placements of settled players (their kingdoms are searched apart)."""
        while state.phase == PLACE and state.settled[state.order[state.turn] // self.kpp] \
                is not None:
            state = self.after(state, DISCARD)
        return state

    def moves(self, state: State) -> list[Any]:
        """The current king's moves in the game's order: claims by slot; placements as
        (first, second) cell pairs in the order of legal placements, then the discard when it
        is legal."""
        if state.phase == CLAIM:
            return [i for i, k in enumerate(state.claims) if k < 0]
        king = state.order[state.turn]
        number = state.to_place[king]
        kingdom = self.kingdoms[king // self.kpp]
        return self.placements(kingdom, number)

    def placements(self, kingdom: BitKingdom, number: int) -> list[Any]:
        """Where domino ``number`` may go in ``kingdom`` (and the discard, when legal)."""
        t1, _, t2, _, double = PIECES[number - 1]
        out: list[Any] = []
        shifts = kingdom.geometry.shifts
        for d, mask in enumerate(kingdom.legal_masks(t1, t2, double)):
            step = shifts[d]
            while mask:
                low = mask & -mask
                first = low.bit_length() - 1
                out.append((first, first + step))
                mask ^= low
        if not out or not self.strict:
            out.append(DISCARD)
        return out

    def put(self, player: int, number: int, move: Any) -> Any:
        """Make a placement in the player's kingdom; return what :meth:`take` needs."""
        if move == DISCARD:
            return None
        kingdom = self.kingdoms[player]
        bounds = kingdom.rmin, kingdom.rmax, kingdom.cmin, kingdom.cmax
        t1, k1, t2, k2, _ = PIECES[number - 1]
        kingdom.put(move[0], move[1], t1, k1, t2, k2)
        return bounds

    def take(self, player: int, move: Any, undo: Any) -> None:
        """Take back a placement made by :meth:`put`."""
        if undo is not None:
            self.kingdoms[player].remove(move[0], move[1], undo)

    def play(self, state: State, move: Any, search: Callable[[State], Any]) -> Any:
        """``search`` the state after ``move``, the kingdom restored afterwards."""
        if state.phase == CLAIM:
            return search(self.skip_settled(self.after(state, move)))
        king = state.order[state.turn]
        player = king // self.kpp
        undo = self.put(player, state.to_place[king], move)
        try:
            return search(self.skip_settled(self.after(state, move)))
        finally:
            self.take(player, move, undo)

    # ------------------------------------------------------------------ a settled player
    def code(self, kingdom: BitKingdom) -> int:
        """The kingdom's final tie-break key as a code."""
        return encode(kingdom.total(self.rules),
                      kingdom.largest_property(), kingdom.crowns())

    def settle(self, player: int, dominoes: tuple[int, ...]) -> int:
        """The best final code the player reaches placing ``dominoes`` in this order."""
        return self.final(self.kingdoms[player], dominoes)[0]

    def final(self, kingdom: BitKingdom, dominoes: tuple[int, ...]) -> tuple[int, Any]:
        """(best final code, its first move) placing ``dominoes`` in order; cached."""
        if not dominoes:
            return self.code(kingdom), None
        key = (kingdom.key(), dominoes)
        hit = self.finals.get(key)
        if hit is not None:
            return hit
        self._tick()
        number, rest = dominoes[0], dominoes[1:]
        t1, k1, t2, k2, _ = PIECES[number - 1]
        best, best_move = -1, None
        for move in self.placements(kingdom, number):
            if move == DISCARD:
                value = self.final(kingdom, rest)[0]
            else:
                bounds = kingdom.rmin, kingdom.rmax, kingdom.cmin, kingdom.cmax
                kingdom.put(move[0], move[1], t1, k1, t2, k2)
                value = self.final(kingdom, rest)[0]
                kingdom.remove(move[0], move[1], bounds)
            if value > best:
                best, best_move = value, move
        self.finals[key] = (best, best_move)
        return best, best_move

    # ------------------------------------------------------------------ bounds
    def reach(self, state: State, player: int) -> tuple[int, ...]:
        """Every domino that can still reach the player's kingdom."""
        kpp = self.kpp
        out = [n for k, n in enumerate(state.to_place) if n and k // kpp == player]
        out.extend(n for n, k in zip(state.line, state.claims, strict=True)
                   if k >= 0 and k // kpp == player)
        if self.has_claims_left(state, player):
            out.extend(n for n, k in zip(state.line, state.claims, strict=True) if k < 0)
            for line in state.future:
                out.extend(line)
        return tuple(out)

    def bounds(self, state: State, player: int) -> tuple[int, int]:
        """(lowest, highest) final code the player can end with."""
        done = state.settled[player]
        if done is not None:
            return done, done
        kingdom = self.kingdoms[player]
        reach = self.reach(state, player)
        key = (kingdom.key(), reach)
        hit = self.limits.get(key)
        if hit is not None:
            return hit
        squares = [t.bit_count() for t in kingdom.terrain]
        c1, c2 = kingdom.crown1, kingdom.crown2
        crowns = [(t & c1).bit_count() + 2 * (t & c2).bit_count() for t in kingdom.terrain]
        for n in reach:
            t1, k1, t2, k2, _ = PIECES[n - 1]
            squares[t1] += 1
            crowns[t1] += k1
            squares[t2] += 1
            crowns[t2] += k2
        high = sum(s * c for s, c in zip(squares, crowns, strict=True))
        if self.middle and kingdom.is_middle_kingdom():
            high += 10
        if self.harmony:
            high += 5
        found = (self.score(kingdom, key[0]) * SCALE, high * SCALE + SCALE - 1)
        self.limits[key] = found
        return found

    # ------------------------------------------------------------------ helpers
    def score(self, kingdom: BitKingdom, key: Any) -> int:
        """The kingdom's property score (``key``: its :meth:`BitKingdom.key`), cached."""
        hit = self.scores.get(key)
        if hit is None:
            hit = self.scores[key] = kingdom.score()
        return hit

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise Stop
        if not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise Stop

    def key(self, state: State) -> Any:
        """The transposition key of a position."""
        # a settled player's kingdom matters to nobody else: their final code stands for it
        return (state.order, state.turn, state.phase, state.claims, state.to_place,
                state.line, tuple(k.key() if done is None else done
                                  for k, done in zip(self.kingdoms, state.settled,
                                                     strict=True)))

    def ordered(self, state: State, moves: list[Any], first: Any = None) -> list[Any]:
        """``moves`` with the likeliest best first: the move remembered, then by the
        immediate gain of a placement (or the claimed domino's number, higher first)."""
        if self.ordering:
            if state.phase == CLAIM:
                line = state.line
                moves = sorted(moves, key=lambda i: -line[i])
            elif len(moves) > 1:
                king = state.order[state.turn]
                kingdom = self.kingdoms[king // self.kpp]
                t1, k1, t2, k2, _ = PIECES[state.to_place[king] - 1]
                score = self.score(kingdom, kingdom.key())
                rules = self.rules

                def gain(m: Any) -> int:
                    if m == DISCARD:
                        return -1
                    return -kingdom.total_after(m[0], m[1], t1, k1, t2, k2, rules=rules,
                                                score=score)[0]

                moves = sorted(moves, key=gain)
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def over(self, state: State) -> bool:
        """True when every player is settled: nothing is left to decide."""
        return all(s is not None for s in state.settled)

    # ------------------------------------------------------------------ alpha-beta
    def scalar(self, state: State) -> int:
        """The value of a position where everybody is settled."""
        s = state.settled
        if self.players == 2 and not self.paranoid:
            other = 1 - self.hero
            return s[self.hero] - s[other]  # type: ignore[operator]
        return s[self.hero]  # type: ignore[return-value]

    def range(self, state: State) -> tuple[int, int]:
        """Bounds of the value of a position."""
        low, high = self.bounds(state, self.hero)
        if self.players == 2 and not self.paranoid:
            olow, ohigh = self.bounds(state, 1 - self.hero)
            return low - ohigh, high - olow
        return low, high

    def alphabeta(self, state: State, alpha: int, beta: int) -> int:
        """The value of ``state`` (fail-soft: below ``alpha`` an upper bound, at or above
        ``beta`` a lower bound)."""
        if self.over(state):
            return self.scalar(state)
        self._tick()
        low, high = self.range(state)
        if high <= alpha:
            return high
        if low >= beta:
            return low
        key = self.key(state)
        hit = self.table.get(key)
        first = None
        if hit is not None:
            value, flag, first = hit
            if flag == EXACT:
                return value
            if flag == LOWER:
                if value >= beta:
                    return value
                low = max(low, value)
            elif value <= alpha:
                return value
            else:
                high = min(high, value)
            if low >= high:
                return low
        a0, b0 = alpha, beta
        alpha, beta = max(alpha, low), min(beta, high)
        maximise = state.order[state.turn] // self.kpp == self.hero
        best = -(1 << 62) if maximise else 1 << 62
        best_move = None
        search = self._searcher()
        for move in self.ordered(state, self.moves(state), first):
            value = self.play(state, move, search(alpha, beta))
            if maximise:
                if value > best:
                    best, best_move = value, move
                    alpha = max(alpha, value)
            elif value < best:
                best, best_move = value, move
                beta = min(beta, value)
            if alpha >= beta:
                break
        flag = EXACT
        if best <= a0:
            flag = UPPER
        elif best >= b0:
            flag = LOWER
        self.table[key] = (best, flag, best_move)
        return best

    def _searcher(self) -> Callable[[int, int], Callable[[State], int]]:
        def with_window(alpha: int, beta: int) -> Callable[[State], int]:
            return lambda s: self.alphabeta(s, alpha, beta)
        return with_window

    # ------------------------------------------------------------------ max-n
    def maxn(self, state: State) -> tuple[int, ...]:
        """Each player's final code when everyone maximises their own (ties: the first move
        in the game's order)."""
        if self.over(state):
            return state.settled  # type: ignore[return-value]
        self._tick()
        key = self.key(state)
        hit = self.vectors.get(key)
        if hit is not None:
            return hit[0]
        mover = state.order[state.turn] // self.kpp
        canonical = self.moves(state)
        index = {m: i for i, m in enumerate(canonical)}
        top = self.bounds(state, mover)[1]
        best: tuple[int, ...] | None = None
        best_move, best_index = None, len(canonical)
        for move in self.ordered(state, canonical):
            i = index[move]
            if best is not None and best[mover] >= top and i > best_index:
                continue  # cannot beat the best, and loses a tie to it
            vector = self.play(state, move, self.maxn)
            if (best is None or vector[mover] > best[mover]
                    or (vector[mover] == best[mover] and i < best_index)):
                best, best_move, best_index = vector, move, i
        assert best is not None
        self.vectors[key] = (best, best_move)
        return best
