"""The game tree of an endgame without chance, searched exactly on bitboards.

:mod:`kingdomino_kit.game.endgame` turns a :class:`~kingdomino_kit.game.Game` into a
:class:`Tree` and reads the answer; this module is the search itself, and
:mod:`kingdomino_kit.game.endgame.finish` its single-player half (a settled player's best
finish, the bounds).

**The state** is the drafting loop of :class:`~kingdomino_kit.draft.DraftGame` written once
more as small tuples (:class:`State`) — the order of the kings, the turn, the phase, the line
and its claims, the dominoes to place, the lines still to come — beside one mutable
:class:`~kingdomino_kit.bitkingdom.BitKingdom` per player that moves put and take back (make
and unmake: nothing is copied). The tests play every transition against
:class:`~kingdomino_kit.game.Game`.

**Values** are encoded tie-break keys: ``score × 10000 + largest property × 100 + crowns``
(:func:`encode`), so comparing two codes compares (score, largest property, crowns) — the order
in which the rules decide a winner — and the difference of two codes orders two players' keys
the same way (a lexicographic order is kept by translation).

**Settled players.** Once a player has no choice of domino left in the game — every king of
theirs has claimed in the last line, or the line is empty, or the only free slot of the last
line is theirs by force — the dominoes still to reach them and the order they are placed in
are fixed, and their kingdom matters to nobody else: their final key is their best finish
(:meth:`Finisher.final <kingdomino_kit.game.endgame.finish.Finisher.final>`, cached), and their
placements leave the tree. In the last line the tree ends when one free slot is left.

**Searches.**

- :meth:`Tree.alphabeta`: one value from the side of player ``hero`` — 2 players: the margin
  ``code(hero) − code(other)``; 3–4 players, *paranoid*: ``code(hero)`` while the others
  minimise it. Fail-soft alpha-beta with a transposition table (value and bound, best move
  first), then the *killer* move (the best last time this player placed this domino, or
  claimed from this line with these claims, elsewhere in the tree), then moves ordered by their
  immediate gain; cut-offs from bounds of each player's final key (:meth:`Tree.bounds`), and
  from a floor where it may cut (:meth:`Tree.floor`).
- :meth:`Tree.maxn`: 3–4 players, every player maximising their own final key; among moves
  equal for the mover, the first in the game's own order of legal actions (claims by slot,
  placements in the order of legal placements, the discard last) — so the answer does not
  depend on the search order. Pruning: once the mover's best reaches their upper bound, no
  move listed later can beat it or win the tie; and a move after which the mover's own upper
  bound is below their best so far (or equal to it, for a move listed later) is never chosen,
  so its subtree is not searched (:meth:`Tree._maxn_beating`). Killer moves order it too.

**Bounds** (:meth:`Tree.bounds`): a player's score never falls as squares are added, so the
score now is a lower bound; the upper bound is
:meth:`~kingdomino_kit.game.endgame.finish.Finisher.upper_choosing` over the dominoes that can
still reach them — their dominoes to place and those they claimed, ``m`` of the free dominoes
of the line when ``m`` of their kings still claim from it, and as many dominoes of each line to
come as they have kings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from kingdomino_kit.bitkingdom import BitKingdom
from kingdomino_kit.errors import InvariantError
from kingdomino_kit.game.endgame.finish import DISCARD, SCALE, Finisher, Stop, decode, encode
from kingdomino_kit.game.playout import PIECES
from kingdomino_kit.rules import Rules

__all__ = ["DISCARD", "SCALE", "State", "Stop", "Tree", "decode", "encode"]

PLACE, CLAIM = 0, 1

EXACT, LOWER, UPPER = 0, 1, 2
INF = 1 << 62


class State(NamedTuple):
    """The drafting state without the kingdoms. ``to_place`` and ``line`` hold domino
    numbers (0: none), ``claims`` kings (-1: free), ``future`` the lines still to come (the
    last round's empty line included), ``settled`` for each player once settled the dominoes
    still to place in their best finish (their kingdom is frozen from then on in the search,
    so the code is :meth:`Tree.done`, computed when needed), else None."""

    order: tuple[int, ...]
    turn: int
    phase: int
    line: tuple[int, ...]
    claims: tuple[int, ...]
    to_place: tuple[int, ...]
    future: tuple[tuple[int, ...], ...]
    settled: tuple[tuple[int, ...] | None, ...]


class Tree(Finisher):
    """An endgame: the kingdoms (mutated and restored by the searches) and the rules.

    ``players``, ``kpp`` (kings per player), ``rules`` (size and bonuses), ``strict``
    (discard only without a placement); ``deadline``: ``time.perf_counter()`` value after which
    the search raises :class:`Stop`, ``node_limit`` the nodes after which it does (a budget
    that gives the same answer on any machine); ``nodes`` counts the positions searched (the
    settled players' finishes included); ``ordering``: best-first move ordering (on);
    ``solo``: a position where one player alone still decides solved by :meth:`alone` (on),
    ``alone_count`` counting those; ``claim_bounds``: with 2 players, claims ordered by the
    bounds of the margin after them (on).
    """

    def __init__(self, kingdoms: list[BitKingdom], players: int, kpp: int, *,
                 rules: Rules, strict: bool) -> None:
        super().__init__(rules, strict=strict)
        self.kingdoms = kingdoms
        self.players = players
        self.kpp = kpp
        self.table: dict[Any, tuple[int, int, Any]] = {}
        self.vectors: dict[Any, tuple[tuple[int, ...], Any]] = {}
        self.limits: dict[Any, tuple[int, int]] = {}
        self.settlings: dict[Any, tuple[tuple[int, ...] | None, ...]] = {}
        self.killers: dict[Any, Any] = {}
        self.hero = 0
        self.paranoid = False
        self.ordering = True
        self.solo = True
        self.claim_bounds = True
        self.alone_count = 0

    # ------------------------------------------------------------------ the drafting loop
    def start(self, state: State) -> State:
        """``state`` with the players already settled given their final code."""
        return self._settle_all(state)

    def owner(self, king: int) -> int:
        """The player of a king."""
        return king // self.kpp

    def has_claims_left(self, state: State, player: int) -> bool:
        """True if the player still chooses a domino: in a line to come, or in this line
        while two slots or more are free (the last free slot is taken by force)."""
        future = state.future
        if future and future[0]:
            return True
        claims = state.claims
        if claims.count(-1) < 2:
            return False
        kpp = self.kpp
        return any(k // kpp == player and k not in claims for k in state.order)

    def remaining(self, state: State, player: int) -> tuple[int, ...]:
        """A settled player's dominoes still to place, in the order they are placed: those
        of this round's turns to come, then the line's (claimed, or the last free slot taken
        by force) in slot order."""
        kpp = self.kpp
        to_place = state.to_place
        out = [to_place[k] for k in state.order[state.turn:] if k // kpp == player
               and to_place[k]]
        claims = state.claims
        if claims:
            forced = self._forced_king(state)
            out.extend(n for n, k in zip(state.line, claims, strict=True)
                       if (k if k >= 0 else forced) // kpp == player and (k >= 0 or forced >= 0))
        return tuple(out)

    def _forced_king(self, state: State) -> int:
        """The king the last free slot of the line goes to by force, or -1."""
        claims = state.claims
        if claims.count(-1) != 1:
            return -1
        return next((k for k in state.order if k not in claims), -1)

    def _settle_all(self, state: State) -> State:
        settled = state.settled
        if None not in settled:
            return state
        o, t, ph, line, claims, tp, future, _ = state
        k = (settled, o, t, claims, tp, line)
        hit = self.settlings.get(k)
        if hit is None:
            new = list(settled)
            for p in range(self.players):
                if new[p] is None and not self.has_claims_left(state, p):
                    new[p] = self.remaining(state, p)
            hit = self.settlings[k] = tuple(new)
        if hit == settled:
            return state
        return State(o, t, ph, line, claims, tp, future, hit)

    def done(self, state: State, player: int) -> int:
        """A settled player's final code: their best finish."""
        return self.final(self.kingdoms[player], state.settled[player])[0]  # type: ignore[arg-type]

    def codes(self, state: State) -> tuple[int, ...]:
        """Every player's final code in a position where all are settled."""
        return tuple(self.final(k, rest)[0]  # type: ignore[arg-type]
                     for k, rest in zip(self.kingdoms, state.settled, strict=True))

    def settle(self, player: int, dominoes: tuple[int, ...]) -> int:
        """The best final code the player reaches placing ``dominoes`` in this order."""
        return self.final(self.kingdoms[player], dominoes)[0]

    def after(self, state: State, move: Any) -> State:
        """The state after the current king's ``move`` (a placement's kingdom change is the
        caller's: :meth:`play`)."""
        order, turn, phase, line, claims, to_place, future, settled = state
        king = order[turn]
        if phase == PLACE:
            tp = list(to_place)
            tp[king] = 0
            if line:
                return State(order, turn, CLAIM, line, claims, tuple(tp), future, settled)
            return self._end_turn(State(order, turn, phase, line, claims, tuple(tp), future,
                                        settled))
        new = list(claims)
        new[move] = king
        state = State(order, turn, phase, line, tuple(new), to_place, future, settled)
        # the last line: the claimant may be done; one free slot left, everybody is
        if not (future and future[0]) and (
                new.count(-1) < 2 or not any(k // self.kpp == king // self.kpp
                                             and k not in new for k in order)):
            state = self._settle_all(state)
        return self._end_turn(state)

    def _end_turn(self, state: State) -> State:
        order, turn, _, line, claims, to_place, future, settled = state
        turn += 1
        if turn < len(order):
            return State(order, turn, PLACE, line, claims, to_place, future, settled)
        if not line:
            return State(order, turn, -1, line, claims, to_place, future, settled)  # over
        tp = list(to_place)
        for i, k in enumerate(claims):
            if k >= 0:
                tp[k] = line[i]
        nxt = future[0]
        state = State(tuple(k for k in claims if k >= 0), 0, PLACE, nxt, (-1,) * len(nxt),
                      tuple(tp), future[1:], settled)
        return self._settle_all(state)

    def skip_settled(self, state: State) -> State:
        """Play on the placements of settled players (their kingdoms are searched apart)."""
        kpp = self.kpp
        while state.phase == PLACE and state.settled[state.order[state.turn] // kpp] \
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
        return self.placements(self.kingdoms[king // self.kpp], state.to_place[king])

    def settled_move(self, state: State) -> Any:
        """The move of a settled player's king: their best finish's first placement, or the
        last free slot."""
        if state.phase == CLAIM:
            return state.claims.index(-1)
        player = state.order[state.turn] // self.kpp
        return self.final(self.kingdoms[player], state.settled[player])[1]  # type: ignore[arg-type]

    def placed_settled(self, state: State) -> State:
        """``state`` once the settled mover has really made their :meth:`settled_move` (a
        principal variation played on, their kingdom changed): their finish one shorter."""
        player = state.order[state.turn] // self.kpp
        settled = list(state.settled)
        settled[player] = settled[player][1:]  # type: ignore[index]
        return state._replace(settled=tuple(settled))

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

    # ------------------------------------------------------------------ bounds
    def reach(self, state: State, player: int) -> tuple[tuple[int, ...],
                                                        tuple[tuple[int, tuple[int, ...]], ...]]:
        """The dominoes that can still reach the player: those surely theirs (sorted), and
        ``(m, pool)`` for each line they still get ``m`` dominoes of."""
        kpp = self.kpp
        fixed = [n for k, n in enumerate(state.to_place) if n and k // kpp == player]
        line, claims = state.line, state.claims
        choices: list[tuple[int, tuple[int, ...]]] = []
        if line:
            fixed.extend(n for n, k in zip(line, claims, strict=True)
                         if k >= 0 and k // kpp == player)
            m = sum(1 for k in state.order if k // kpp == player and k not in claims)
            if m:
                choices.append((m, tuple(n for n, k in zip(line, claims, strict=True)
                                         if k < 0)))
        for future in state.future:
            if future:
                choices.append((kpp, future))
        return tuple(sorted(fixed)), tuple(choices)

    def bounds(self, state: State, player: int) -> tuple[int, int]:
        """(lowest, highest) final code the player can end with."""
        done = state.settled[player]
        kingdom = self.kingdoms[player]
        kkey = kingdom.key()
        if done is not None:
            k: Any = (kkey, done)
            hit = self.finals.get(k)
            if hit is not None:
                return hit[0], hit[0]
        else:
            k = (player, kkey, state.to_place, state.claims, state.line)
        found = self.limits.get(k)
        if found is None:
            if done is not None:
                high = self.upper(kingdom, done, kkey)
            else:
                fixed, choices = self.reach(state, player)
                high = self.upper_choosing(kingdom, fixed, choices)
            found = self.limits[k] = (self.score(kingdom, kkey) * SCALE,
                                      high * SCALE + SCALE - 1)
        return found

    # ------------------------------------------------------------------ helpers
    def key(self, state: State) -> Any:
        """The transposition key of a position."""
        # a settled player's kingdom matters to nobody else: their final code stands for it
        return (state.order, state.turn, state.phase, state.claims, state.to_place,
                state.line, tuple(k.key() if done is None else (k.key(), done)
                                  for k, done in zip(self.kingdoms, state.settled,
                                                     strict=True)))

    def ordered(self, state: State, moves: list[Any], first: Any = None) -> list[Any]:
        """``moves`` with the likeliest best first: the move remembered, then by the
        immediate gain of a placement; claims, with 2 players, by the midpoint of the
        margin's bounds after them (the claimant's best first), then by the claimed
        domino's number, higher first (with more players, by the number alone)."""
        if self.ordering:
            if state.phase == CLAIM and self.claim_bounds and self.players == 2 \
                    and not self.paranoid:
                # the margin's bounds after each claim: its midpoint, best for the claimant
                sign = 1 if state.order[state.turn] // self.kpp == self.hero else -1
                line = state.line
                moves = sorted(moves, key=lambda i: (-sign * sum(self.range(
                    self.skip_settled(self.after(state, i)))), -line[i]))
            elif state.phase == CLAIM:
                line = state.line
                moves = sorted(moves, key=lambda i: -line[i])
            elif len(moves) > 1:
                king = state.order[state.turn]
                gains = self.gains(self.kingdoms[king // self.kpp], state.to_place[king])
                moves = [m for _, m in sorted(gains, key=lambda g: -g[0])]
        if first is not None and first in moves:
            moves = [first] + [m for m in moves if m != first]
        return moves

    def over(self, state: State) -> bool:
        """True when every player is settled: nothing is left to decide."""
        return None not in state.settled

    # ------------------------------------------------------------------ alpha-beta
    def scalar(self, state: State) -> int:
        """The value of a position where everybody is settled."""
        if self.players == 2 and not self.paranoid:
            return self.done(state, self.hero) - self.done(state, 1 - self.hero)
        return self.done(state, self.hero)

    def alone(self, state: State) -> int:
        """The value of a position where one player alone still decides (the others are
        settled): nobody else's choice follows theirs, so the order of their maxima does
        not matter — the best over their ways to claim of their best finish of all their
        dominoes in the order they place them (:meth:`best_claiming`), no placement
        searched in the tree. In paranoid search, the hero's code when another player is
        the one left (their choices no longer touch the hero)."""
        player = state.settled.index(None)
        hero = self.hero
        if self.players == 2 and not self.paranoid:
            other = 1 - hero
            if player == hero:
                return self.best_claiming(state, player, ()) - self.done(state, other)
            return self.done(state, hero) - self.best_claiming(state, player, ())
        if player == hero:
            return self.best_claiming(state, player, ())
        return self.done(state, hero)

    def best_claiming(self, state: State, player: int, placed: tuple[int, ...]) -> int:
        """The player's best final code from ``state`` where they alone are not settled,
        ``placed``: their dominoes put off so far (placed first, in this order)."""
        while state.settled[player] is None:
            state = self.skip_settled(state)
            king = state.order[state.turn]
            if state.phase == CLAIM:
                return max(self.best_claiming(self.after(state, m), player, placed)
                           for m in self.moves(state))
            number = state.to_place[king]
            if number:
                placed += (number,)
            state = self.after(state, DISCARD)
        rest = state.settled[player]
        if rest is None:
            raise InvariantError("expected rest is not None")
        return self.final(self.kingdoms[player], placed + rest)[0]

    def floor(self, state: State, player: int, low: int) -> int:
        """A higher lowest final code than :meth:`bounds`' (the score now): the best finish
        of the dominoes the player surely places next — those of this round's turns to come,
        placed before any other — less the bonuses a later placement may lose
        (:attr:`~kingdomino_kit.game.endgame.finish.Finisher.losable`; a score never falls);
        ``low``: the player's lowest code from :meth:`bounds`."""
        done = state.settled[player]
        kpp = self.kpp
        to_place = state.to_place
        first = done[:1] if done is not None else tuple(
            to_place[k] for k in state.order[state.turn:] if k // kpp == player
            and to_place[k])
        if not first:
            return low
        code = self.final(self.kingdoms[player], first)[0] - self.losable * SCALE
        return max(low, code // SCALE * SCALE)

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
        window = self._window(state, alpha, beta)
        if isinstance(window, int):
            return window
        low, high, key, first = window
        return self._alphabeta_moves(state, alpha, beta, low, high, key, first)

    def _window(self, state: State, alpha: int, beta: int) -> int | tuple[int, int, Any, Any]:
        """Before the moves: the value at once (a cut by the bounds, a leaf, a position one
        player alone decides, the transposition table), or the bounds ``low``, ``high`` of the
        value, the table's key and the move to try first."""
        leaf = None not in state.settled
        if not leaf:
            self._tick()
        hero = self.hero
        two = self.players == 2 and not self.paranoid
        hlow, hhigh = self.bounds(state, hero)
        if two:
            olow, ohigh = self.bounds(state, 1 - hero)
            low, high = hlow - ohigh, hhigh - olow
        else:
            low, high = hlow, hhigh
        if high <= alpha:
            return high
        if low >= beta:
            return low
        if leaf:
            return self.scalar(state)
        if self.solo and state.settled.count(None) == 1 and (two or self.paranoid):
            self.alone_count += 1
            return self.alone(state)
        if two:
            # a floor worth its cost only where it may cut: the side that could cut
            if high - alpha < beta - low:
                high -= self.floor(state, 1 - hero, olow) - olow
                if high <= alpha:
                    return high
            else:
                low += self.floor(state, hero, hlow) - hlow
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
        return low, high, key, first

    def _alphabeta_moves(self, state: State, alpha: int, beta: int, low: int, high: int,
                         key: Any, first: Any) -> int:
        """The value of ``state`` from its moves, the best move kept in the table and as the
        killer."""
        a0, b0 = alpha, beta
        alpha, beta = max(alpha, low), min(beta, high)
        king = state.order[state.turn]
        player = king // self.kpp
        maximise = player == self.hero
        best = -INF if maximise else INF
        best_move = None
        placing = state.phase == PLACE
        number = state.to_place[king]
        killer = (player, number) if placing else (
            state.line, state.claims, king)
        if first is None and self.ordering:
            first = self.killers.get(killer)
        for move in self.ordered(state, self.moves(state), first):
            if placing and move != DISCARD:
                kingdom = self.kingdoms[player]
                undo = kingdom.rmin, kingdom.rmax, kingdom.cmin, kingdom.cmax
                t1, k1, t2, k2, _ = PIECES[number - 1]
                kingdom.put(move[0], move[1], t1, k1, t2, k2)
                try:
                    value = self.alphabeta(self.skip_settled(self.after(state, move)),
                                           alpha, beta)
                finally:
                    kingdom.remove(move[0], move[1], undo)
            else:
                value = self.alphabeta(self.skip_settled(self.after(state, move)), alpha, beta)
            if maximise:
                if value > best:
                    best, best_move = value, move
                    if value > alpha:
                        alpha = value
            elif value < best:
                best, best_move = value, move
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        flag = EXACT
        if best <= a0:
            flag = UPPER
        elif best >= b0:
            flag = LOWER
        self.table[key] = (best, flag, best_move)
        self.killers[killer] = best_move
        return best

    # ------------------------------------------------------------------ max-n
    def maxn(self, state: State) -> tuple[int, ...]:
        """Each player's final code when everyone maximises their own (ties: the first move
        in the game's order)."""
        if None not in state.settled:
            return self.codes(state)
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
        king = state.order[state.turn]
        killer = (mover, state.to_place[king]) if state.phase == PLACE else (
            state.line, state.claims, king)
        first = self.killers.get(killer) if self.ordering else None
        for move in self.ordered(state, canonical, first):
            i = index[move]
            if best is not None and best[mover] >= top and i > best_index:
                continue  # cannot beat the best, and loses a tie to it
            if best is None:
                vector = self.play(state, move, self.maxn)
            else:
                vector = self.play(state, move, self._maxn_beating(mover, best[mover],
                                                                  i > best_index))
                if vector is None:
                    continue  # the mover's bound after it cannot beat the best
            if (best is None or vector[mover] > best[mover]
                    or (vector[mover] == best[mover] and i < best_index)):
                best, best_move, best_index = vector, move, i
        if best is None:
            raise InvariantError("expected best is not None")
        self.vectors[key] = (best, best_move)
        self.killers[killer] = best_move
        return best

    def _maxn_beating(self, mover: int, best: int, later: bool
                      ) -> Callable[[State], tuple[int, ...] | None]:
        """:meth:`maxn` of a child, or None when the mover's upper bound there is below
        ``best`` (or equal to it for a move ``later`` in the order, which loses the tie): the
        mover never chooses it, so its vector does not matter."""
        def search(child: State) -> tuple[int, ...] | None:
            high = self.bounds(child, mover)[1]
            if high < best or (later and high == best):
                return None
            return self.maxn(child)
        return search
