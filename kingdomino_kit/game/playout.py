"""Playouts on bitboards: the drafting game played on from any observation by cheap policies.

:class:`BitGame` is :class:`~kingdomino_kit.draft.DraftGame` — the one copy of the drafting loop:
lines, claims, turn order, rounds — with bare :class:`~kingdomino_kit.bitkingdom.BitKingdom`
kingdoms, where the kingdom rules are written once. Nothing here re-states a rule: a placement
is a pair of cell indices from :meth:`BitKingdom.legal_masks
<kingdomino_kit.bitkingdom.BitKingdom.legal_masks>`, a claim a slot of the line, and the loop's
steps are ``DraftGame``'s own (``_claim``, ``_discard``, ``_after_place``, ``_after_claim``);
its scores, tie-break keys and results are :class:`~kingdomino_kit.game.game.KingdominoDraft`'s,
the very code of :class:`~kingdomino_kit.game.Game`.

A game starts from a seed (:class:`BitGame` — the very deal of :class:`~kingdomino_kit.game.Game`)
or from what one player sees (:meth:`BitGame.from_observation`: the hidden deck dealt from the
unseen dominoes, a *determinization*, exactly as :meth:`Game.from_observation
<kingdomino_kit.game.Game.from_observation>` deals it). :meth:`BitGame.run` plays it to the end,
``policies[p]`` choosing for player ``p``. A policy is asked only when there is a choice:

- ``place(game, king, number, masks, count)`` returns the index of a placement in the order of
  legal placements (``0 <= i < count``), or ``count`` to discard (offered when there is no
  placement, or always with loose discards);
- ``claim(game, king, free)`` returns one of the free slots of the line.

:class:`RandomPolicy` draws exactly as :class:`~kingdomino_kit.bots.RandomBot` does
(``rng.randrange`` over the same actions in the same order), so a random playout from a seed is
the game :func:`~kingdomino_kit.game.play` gives with random bots; the tests check this game for
game, and greedy playouts against :class:`~kingdomino_kit.game.bots.GreedyBot` games.

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.game import GameOptions, play
>>> fast = BitGame(GameOptions(), 7)
>>> fast.run([RandomPolicy(RandomBot(p).rng) for p in range(4)])
>>> fast.results() == play([RandomBot(p) for p in range(4)], GameOptions(), 7).results()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from kingdomino_kit.bitkingdom import BitKingdom, Masks
from kingdomino_kit.dominoes import DOMINOES
from kingdomino_kit.draft import OVER, PLACE, DraftGame
from kingdomino_kit.errors import InvariantError
from kingdomino_kit.game.game import Game, KingdominoDraft, Observation
from kingdomino_kit.game.options import GameOptions

__all__ = ["PIECES", "BitGame", "Policy", "RandomPolicy", "Piece"]

Piece = tuple[int, int, int, int, bool]
"""A domino as ints: (first terrain, first crowns, second terrain, second crowns, double)."""

PIECES: tuple[Piece, ...] = tuple(
    (d.first.terrain_index, d.first.crowns, d.second.terrain_index, d.second.crowns,
     d.is_double) for d in DOMINOES)
"""Every domino as ints, by number - 1 (what :class:`BitKingdom` takes)."""


class Policy(Protocol):
    """Chooses for one player in a :class:`BitGame` (see the module)."""

    def place(self, game: BitGame, king: int, number: int, masks: Masks, count: int) -> int:
        """A placement index of ``masks`` (``count`` of them), or ``count`` to discard."""
        ...

    def claim(self, game: BitGame, king: int, free: list[int]) -> int:
        """One of the ``free`` slots of ``game.line``."""
        ...


class RandomPolicy:
    """Uniform choices, drawn as :class:`~kingdomino_kit.bots.RandomBot` draws them.

    >>> RandomPolicy(random.Random(1)).claim(None, 0, [0, 2, 3])  # type: ignore[arg-type]
    0
    """

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def place(self, game: BitGame, king: int, number: int, masks: Masks, count: int) -> int:
        """Any placement, or the discard when it is offered."""
        return self.rng.randrange(count if count and game.strict_discard else count + 1)

    def claim(self, game: BitGame, king: int, free: list[int]) -> int:
        """Any free slot."""
        return free[self.rng.randrange(len(free))]


class BitGame(KingdominoDraft[BitKingdom]):
    """A Kingdomino game on bitboards: same ``options`` and ``seed``, same deal as
    :class:`~kingdomino_kit.game.Game` (``deck``/``first_order`` replace it). It keeps no log.

    >>> g = BitGame(GameOptions(players=2), 3)
    >>> g.round, g.phase, g.deck_size, len(g.kingdoms)
    (0, <Phase.CLAIM: 'claim'>, 20, 2)
    """

    __slots__ = ("strict_discard",)

    def __init__(self, options: GameOptions | None = None, seed: int | None = None, *,
                 deck: Sequence[int] | None = None, first_order: Sequence[int] | None = None
                 ) -> None:
        options = options or GameOptions()
        self.strict_discard = options.strict_discard
        super().__init__(options, seed, record=False, deck=deck, first_order=first_order)

    # ------------------------------------------------------------------ hooks
    def _new_kingdom(self) -> BitKingdom:
        return BitKingdom(self.options.size)

    # ------------------------------------------------------------------ from a game
    @classmethod
    def from_game(cls, game: Game) -> BitGame:
        """The same state on bitboards, hidden deck included (a determinization from
        :meth:`Game.from_observation <kingdomino_kit.game.Game.from_observation>`, or a real
        game in tests).

        >>> g = Game(GameOptions(players=3), 5)
        >>> BitGame.from_game(g).line == g.line
        True
        """
        state = game.copy()
        bits = cls.__new__(cls)
        for name in DraftGame.__slots__:
            setattr(bits, name, getattr(state, name))
        bits._kingdoms = [k.to_bits() for k in state.kingdoms]
        bits.strict_discard = game.options.strict_discard
        return bits

    @classmethod
    def from_observation(cls, observation: Observation, rng: random.Random) -> BitGame:
        """A game consistent with what ``observation`` shows, the hidden deck dealt by ``rng``
        from the unseen dominoes (the deal of :meth:`Game.from_observation
        <kingdomino_kit.game.Game.from_observation>` with the same ``rng``).

        >>> obs = Game(GameOptions(), 1).observation(0)
        >>> BitGame.from_observation(obs, random.Random(0)).deck_size == obs.deck_size
        True
        """
        return cls.from_game(Game.from_observation(observation, rng))

    # ------------------------------------------------------------------ moves
    def masks(self) -> tuple[int, Masks, int]:
        """The current king's domino to place, its legal masks and their placement count."""
        number = self.to_place[self.order[self.turn]].number  # type: ignore[union-attr]
        t1, _, t2, _, double = PIECES[number - 1]
        masks = self._kingdoms[self.order[self.turn] // self._kpp].legal_masks(t1, t2, double)
        return number, masks, BitKingdom.placement_count(masks)

    def place(self, first: int, second: int) -> None:
        """The current king puts its domino's first half on cell ``first`` and the second on
        ``second`` (indices from :meth:`masks`, unchecked)."""
        king = self.order[self.turn]
        dom = self.to_place[king]
        if dom is None:
            raise InvariantError("expected dom is not None")
        t1, k1, t2, k2, _ = PIECES[dom.number - 1]
        self._kingdoms[king // self._kpp].put(first, second, t1, k1, t2, k2)
        self.to_place[king] = None
        self._after_place()

    def place_nth(self, masks: Masks, pick: int) -> None:
        """Place by index in the order of legal placements (:meth:`masks`)."""
        kingdom = self._kingdoms[self.order[self.turn] // self._kpp]
        self.place(*kingdom.nth_placement(masks, pick))

    def discard(self) -> None:
        """The current king discards its domino (legal when :meth:`masks` counts none, or
        always with loose discards)."""
        self._discard(self.order[self.turn])
        self._after_place()

    def claim(self, slot: int) -> None:
        """The current king claims the free domino in ``slot`` of the line."""
        self._claim(self.line[slot], self.order[self.turn])
        self._after_claim()

    def free_slots(self) -> list[int]:
        """The slots of the line nobody has claimed yet."""
        return [i for i, k in enumerate(self.claims) if k is None]

    def deck(self) -> list[int]:
        """The dominoes still face down, in the order they will come (a determinization's
        deal: never what a real game shows)."""
        return list(self._deck)

    def kingdom_bits(self, player: int) -> BitKingdom:
        """Player ``player``'s kingdom itself (not a copy: policies read it, and put and
        remove to try placements)."""
        return self._kingdoms[player]

    def run(self, policies: Sequence[Policy]) -> None:
        """Play to the end, ``policies[p]`` choosing for player ``p`` when there is a choice."""
        kpp = self._kpp
        kingdoms = self._kingdoms
        strict = self.strict_discard
        while self.phase is not OVER:
            king = self.order[self.turn]
            policy = policies[king // kpp]
            if self.phase is PLACE:
                number, masks, count = self.masks()
                choices = count if strict and count else count + 1
                pick = policy.place(self, king, number, masks, count) if choices > 1 else 0
                if pick >= count:
                    self.discard()
                else:
                    self.place(*kingdoms[king // kpp].nth_placement(masks, pick))
            else:
                free = self.free_slots()
                self.claim(policy.claim(self, king, free) if len(free) > 1 else free[0])

    def __repr__(self) -> str:
        return f"<BitGame {self.options.players} players, {self._state()}>"
