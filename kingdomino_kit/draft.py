"""The drafting loop shared by Kingdomino and Kingdomino Origins: options, claims, turn order.

Both games deal a shuffled deck, draw a line of dominoes sorted by number each round, and let
the kings (chiefs) act in the order of the dominoes they claimed, lowest number first: in round
0 each only claims; later each places (or discards) the domino it claimed, then claims one of
the new line; the last round has no line, only placements. :class:`DraftGame` is that loop
once, with the hooks a variant fills in:

- ``_box()`` — what is shuffled into the deck; ``_line(drawn)`` — the line drawn from it;
- ``_new_kingdom()`` — the kingdom factory;
- ``_new_line()`` — extra set-up when a line is drawn (Origins Tribe: refill the cave board);
- ``_round_entry()`` — a round's entry of the log;
- ``_after_place()`` / ``_after_claim()`` — the phases between placing and claiming, and after
  claiming (Origins: fire, totems; recruiting);
- ``_observation_extra()``, ``_snapshot_extra()``, ``_copy_extra()`` — variant state.

:class:`DraftOptions` holds the player count and the figures derived from it; :func:`drive`
plays a game with bots.

>>> from kingdomino_kit.game import GameOptions
>>> o = GameOptions(players=2)
>>> isinstance(o, DraftOptions), o.kings, o.kings_per_player, o.rounds
(True, 4, 2, 6)
"""

from __future__ import annotations

import json
import numbers
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from kingdomino_kit.bots import as_bot
from kingdomino_kit.errors import InvariantError, KingdominoError
from kingdomino_kit.infra.untrusted import check_fields, shown
from kingdomino_kit.text_enum import TextEnum

__all__ = ["CLAIM", "OVER", "PLACE", "Claim", "Discard", "DraftGame", "DraftObservation",
           "DraftOptions", "Phase", "best", "drive", "shuffled_deal"]


class Phase(TextEnum):
    """What the king (chief) to act does now. Kingdomino has ``claim``, ``place`` and ``over``;
    Kingdomino Origins adds the phases between placing and claiming (``fire``, ``totem``) and
    after claiming (``recruit``, ``spend``, ``settle``). Members are singletons (also after
    pickling) and equal their names as text: ``Phase.CLAIM == "claim"``.

    >>> Phase.CLAIM == "claim", str(Phase.OVER)
    (True, 'over')
    """

    CLAIM = "claim"
    PLACE = "place"
    FIRE = "fire"
    TOTEM = "totem"
    RECRUIT = "recruit"
    SPEND = "spend"
    SETTLE = "settle"
    OVER = "over"


PLACE, CLAIM, OVER = Phase.PLACE, Phase.CLAIM, Phase.OVER


class Numbered(Protocol):
    """A domino: anything with a number (its halves are the game's business)."""

    @property
    def number(self) -> int:
        """Its catalogue number."""
        ...


D = TypeVar("D", bound=Numbered)
K = TypeVar("K")
O = TypeVar("O", bound="DraftOptions")  # noqa: E741


# --------------------------------------------------------------------------------- options
@dataclass(frozen=True)
class DraftOptions:
    """The player count and what every drafting game derives from it; a game's options class
    adds its rules and the ``size``, ``deck_size`` (and, if not 4, ``line_size``).

    >>> DraftOptions(players=5)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: players must be 2, 3 or 4, not 5
    """

    players: int = 4

    error: ClassVar[type[KingdominoError]] = KingdominoError
    """The error class of bad options."""

    def __post_init__(self) -> None:
        if (isinstance(self.players, bool) or not isinstance(self.players, int)
                or not 2 <= self.players <= 4):
            raise self.error(f"players must be 2, 3 or 4, not {shown(self.players)}")
        check_fields(self, self.error)

    @property
    def size(self) -> int:
        """Kingdom size (5 unless the game says otherwise)."""
        return 5

    @property
    def kings_per_player(self) -> int:
        """Two kings (chiefs) each with 2 players, else one."""
        return 2 if self.players == 2 else 1

    @property
    def kings(self) -> int:
        """Kings (chiefs) in play: 4, 3 or 4."""
        return self.players * self.kings_per_player

    @property
    def line_size(self) -> int:
        """Dominoes drawn per line."""
        return 4

    @property
    def deck_size(self) -> int:
        """Dominoes in play."""
        return 48

    @property
    def rounds(self) -> int:
        """Lines drawn in the game; the game has one round more (placements only)."""
        return self.deck_size // self.line_size


# --------------------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class Claim(Generic[D]):
    """Put the current king on a free domino of the line.

    >>> from kingdomino_kit.dominoes import DOMINOES
    >>> Claim(DOMINOES[40])
    Claim(domino=Domino(41, W|G2))
    """

    domino: D


@dataclass(frozen=True, slots=True)
class Discard(Generic[D]):
    """Throw away the claimed domino: allowed only when it has no legal placement (unless the
    game's options say otherwise)."""

    domino: D


# --------------------------------------------------------------------------------- seeds
T = TypeVar("T")


def shuffled_deal(box: Sequence[T], kings: int, deck_size: int, seed: int
                  ) -> tuple[list[T], list[int]]:
    """The deal of a seed: ``random.Random(seed)`` shuffles the box, then the kings; the top
    ``deck_size`` dominoes are in play.

    >>> shuffled_deal("abcd", 2, 3, 1) == shuffled_deal("abcd", 2, 3, 1)
    True
    """
    rng = random.Random(seed)
    deck = list(box)
    rng.shuffle(deck)
    order = list(range(kings))
    rng.shuffle(order)
    return deck[:deck_size], order


def best(keys: Sequence[Any]) -> list[int]:
    """Indices of the best (largest) keys: several share victory.

    >>> best([(3, 1), (4, 0), (4, 0)])
    [1, 2]
    """
    top = max(keys)
    return [i for i, k in enumerate(keys) if k == top]


# --------------------------------------------------------------------------------- observation
@dataclass(frozen=True)
class DraftObservation(Generic[O, K, D]):
    """What ``player`` sees: every kingdom, the line and its claims, whose turn it is, the
    dominoes still to be placed this round, the discards and the deck's SIZE (not its order)."""

    options: O
    player: int
    round: int
    phase: Phase
    current_king: int | None
    current_player: int | None
    kingdoms: tuple[K, ...]
    line: tuple[D, ...]
    line_claims: tuple[int | None, ...]
    to_place: tuple[D | None, ...]
    order: tuple[int, ...]
    turn: int
    deck_size: int
    discarded: tuple[int, ...]

    def owner(self, king: int) -> int:
        """The player a king belongs to."""
        return king // self.options.kings_per_player


# --------------------------------------------------------------------------------- the loop
class DraftGame(Generic[O, K, D]):
    """The state every drafting game shares and the line/claim/turn-order loop.

    Attributes: ``options``, ``seed``, ``round``, ``phase``, ``line``, ``claims`` (king per
    line slot), ``order`` (kings this round), ``turn``, ``to_place`` (by king), ``discarded``
    (numbers of discarded and unclaimed dominoes), ``discards`` (discards by player).
    """

    __slots__ = ("options", "seed", "round", "phase", "line", "claims", "order", "turn",
                 "to_place", "_deck", "_kingdoms", "discarded", "discards", "_log",
                 "_line_size", "_kpp", "_rounds")

    def __init__(self, options: O, seed: int | None = None, *, record: bool = True,
                 deck: Sequence[Any] | None = None, first_order: Sequence[int] | None = None
                 ) -> None:
        given: Any = options
        if not isinstance(given, DraftOptions):
            raise KingdominoError(f"options: must be the game's options, not {shown(given)}")
        error: type[KingdominoError] = given.error
        raw: Any = random.SystemRandom().randrange(2 ** 63) if seed is None else seed
        if isinstance(raw, bool) or not isinstance(raw, numbers.Integral):
            raise error(f"seed: must be an integer (or None), not {shown(raw)}")
        seed = int(raw)  # a NumPy integer too; the log records a plain one
        self.options = options
        self.seed = seed
        dealt, kings = shuffled_deal(self._box(), options.kings, options.deck_size, seed)
        self._deck: list[Any] = self._checked_deck(deck) if deck is not None else dealt
        self.order: list[int] = list(first_order) if first_order is not None else kings
        self._kingdoms: list[K] = [self._new_kingdom() for _ in range(options.players)]
        self.discarded: list[int] = []
        self.discards = [0] * options.players
        self._log: list[dict[str, Any]] | None = [] if record else None
        self._line_size = options.line_size
        self._kpp = options.kings_per_player
        self._rounds = options.rounds
        self.to_place: list[D | None] = [None] * options.kings
        self.round = -1
        self._setup()
        self._start_round(0)

    def _checked_deck(self, deck: Sequence[Any]) -> list[Any]:
        """A deck given by hand: distinct entries of the box (what the seed would shuffle)."""
        box = self._box()
        try:
            items = list(deck)
            unknown = next((x for x in items if isinstance(x, bool) or x not in box), None)
        except TypeError:
            raise self.options.error(f"deck: must be a list of the box's dominoes, not "
                                     f"{shown(deck)}") from None
        if unknown is not None:
            raise self.options.error(f"deck: {shown(unknown)} is not a domino of the box")
        if len(set(map(repr, items))) != len(items):
            raise self.options.error("deck: a domino appears twice")
        return items

    def _check_player(self, player: Any) -> int:
        players = self.options.players
        if isinstance(player, bool) or not isinstance(player, numbers.Integral) or \
                not 0 <= int(player) < players:
            raise self.options.error(f"player: must be a seat 0–{players - 1}, not "
                                     f"{shown(player)}")
        return int(player)

    # ------------------------------------------------------------------ hooks
    def _illegal(self, message: str, rule: str) -> KingdominoError:
        """The game's error for an illegal action (``rule`` names the rule)."""
        raise NotImplementedError

    def _box(self) -> list[Any]:
        """What the seed shuffles into the deck."""
        raise NotImplementedError

    def _line(self, drawn: list[Any]) -> list[D]:
        """The line from the top of the deck: its dominoes sorted by number."""
        return sorted(drawn, key=_number)

    def _new_kingdom(self) -> K:
        """An empty kingdom for one player."""
        raise NotImplementedError

    def _setup(self) -> None:
        """Variant state, set before the first line is drawn."""

    def _new_line(self) -> None:
        """Called when a line has been drawn (not in the last round)."""

    def _round_entry(self) -> dict[str, Any]:
        """A new round's entry in the log."""
        return {"line": [d.number for d in self.line]}

    def _after_place(self) -> None:
        """The phases between placing and claiming; default: claim (none in the last round)."""
        self._to_claim()

    def _after_claim(self) -> None:
        """The phases after claiming; default: the next king's turn."""
        self._end_turn()

    # ------------------------------------------------------------------ queries
    @property
    def current_king(self) -> int | None:
        """The king to act, or None when the game is over."""
        return None if self.phase is OVER else self.order[self.turn]

    @property
    def current_player(self) -> int | None:
        """The player to act (owner of the current king), or None when the game is over."""
        return None if self.phase is OVER else self.order[self.turn] // self._kpp

    @property
    def is_over(self) -> bool:
        """True once the last round's placements are done."""
        return self.phase is OVER

    @property
    def deck_size(self) -> int:
        """Dominoes still face down (their order is hidden from observations)."""
        return len(self._deck)

    @property
    def kingdoms(self) -> tuple[K, ...]:
        """Copies of the kingdoms, by player."""
        return tuple(k.copy() for k in self._kingdoms)  # type: ignore[attr-defined]

    def kingdom(self, player: int) -> K:
        """A copy of one player's kingdom."""
        return self._kingdoms[self._check_player(player)].copy()  # type: ignore[attr-defined, no-any-return]

    def owner(self, king: int) -> int:
        """The player a king belongs to (kings 0,1 → player 0 with 2 players)."""
        return king // self._kpp

    # ------------------------------------------------------------------ rounds
    def _start_round(self, r: int) -> None:
        self.round = r
        if r < self._rounds:
            n = self._line_size
            self.line: list[D] = self._line(self._deck[:n])
            del self._deck[:n]
            self._new_line()
        else:
            self.line = []
        self.claims: list[int | None] = [None] * len(self.line)
        self.turn = 0
        self.phase = CLAIM if r == 0 else PLACE
        if self._log is not None:
            self._log.append(self._round_entry())

    def _end_turn(self) -> None:
        self.turn += 1
        if self.turn < len(self.order):
            self.phase = CLAIM if self.round == 0 else PLACE
            return
        self._end_round()

    def _end_round(self) -> None:
        """The claims of this line are next round's dominoes to place and turn order."""
        line, claims, to_place = self.line, self.claims, self.to_place
        for i, king in enumerate(claims):
            if king is None:
                self.discarded.append(line[i].number)  # 3 players, lines of 4: unclaimed
            else:
                to_place[king] = line[i]
        if self.round == self._rounds:
            self.phase = OVER
            return
        # kings act in the order of the dominoes they claimed: lowest number first
        self.order = [k for k in claims if k is not None]
        self._start_round(self.round + 1)

    def _to_claim(self) -> None:
        if self.line:
            self.phase = CLAIM
        else:
            self._end_turn()

    # ------------------------------------------------------------------ claiming and placing
    def _free_claims(self) -> list[Claim[D]]:
        """A claim of each free domino of the line."""
        line = self.line
        return [Claim(line[i]) for i, k in enumerate(self.claims) if k is None]

    def _claim(self, domino: D, king: int) -> int:
        """Put ``king`` on ``domino`` of the line (known to be free); return its slot."""
        number = domino.number
        line = self.line
        for i in range(len(line)):
            if line[i].number == number:
                self.claims[i] = king
                return i
        raise InvariantError(f"domino {number} is not in the line")

    def _check_turn(self, player: int | None, king: int | None) -> None:
        """Raise if the game is over or ``player``/``king`` (if given) are not the ones to act."""
        if self.phase is OVER:
            raise self._illegal("the game is over: no more actions", "game-over")
        current = self.order[self.turn]
        if king is not None and king != current:
            raise self._illegal(f"it is the turn of king {current}, not of king {king}",
                                "turn")
        who = self.current_player
        if player is not None and player != who:
            raise self._illegal(f"it is the turn of player {who}, not of player {player}",
                                "turn")

    def _discard(self, king: int) -> D:
        """The king's domino to place goes out of the game; return it."""
        dom = self.to_place[king]
        if dom is None:
            raise InvariantError("expected dom is not None")
        self.to_place[king] = None
        self.discarded.append(dom.number)
        self.discards[king // self._kpp] += 1
        return dom

    # ------------------------------------------------------------------ results
    # What a variant scores: ``scores()``, ``tiebreak_keys()`` and ``results()`` (one row per
    # player, at least ``player`` and ``score``); the winners follow from the keys.
    def scores(self) -> list[int]:
        """Each player's score."""
        raise NotImplementedError

    def tiebreak_keys(self) -> list[tuple[int, int, int]]:
        """Per player, the key that decides the winner: the higher wins (the score first)."""
        raise NotImplementedError

    def results(self) -> list[dict[str, Any]]:
        """Per player, the row of the results: ``player``, ``score`` and the game's figures."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The players with the best tie-break key; several share victory."""
        return best(self.tiebreak_keys())

    # ------------------------------------------------------------------ views
    def _observation_fields(self, player: int | None) -> dict[str, Any]:
        if player is None:
            player = self.current_player if self.current_player is not None else 0
        player = self._check_player(player)
        return dict(
            options=self.options, player=player, round=self.round, phase=self.phase,
            current_king=self.current_king, current_player=self.current_player,
            kingdoms=self.kingdoms, line=tuple(self.line), line_claims=tuple(self.claims),
            to_place=tuple(self.to_place), order=tuple(self.order), turn=self.turn,
            deck_size=len(self._deck), discarded=tuple(self.discarded))

    def _snapshot_extra(self) -> tuple[Any, ...]:
        """Variant state for :meth:`snapshot`."""
        return ()

    def snapshot(self) -> tuple[Any, ...]:
        """A comparable value of the whole state (kingdoms with history, deck, line, log)."""
        return (self.options, self.seed, self.round, self.phase, tuple(self.order), self.turn,
                tuple(self.line), tuple(self.claims), tuple(self.to_place), tuple(self._deck),
                tuple(self.discarded), tuple(self.discards),
                tuple((k.key(), k.bounds, tuple(k.history))  # type: ignore[attr-defined]
                      for k in self._kingdoms),
                self._snapshot_extra(), json.dumps(self._log))

    def _copy_extra(self, game: Any) -> None:
        """Give the copy ``game`` its own variant state."""

    def copy(self: T) -> T:
        """An independent copy of the state (the log is not copied: the copy records none)."""
        cls = type(self)
        game = cls.__new__(cls)
        for klass in cls.__mro__:
            for name in getattr(klass, "__slots__", ()):
                if hasattr(self, name):
                    setattr(game, name, getattr(self, name))
        if hasattr(self, "__dict__"):
            game.__dict__.update(self.__dict__)
        g: Any = game
        g._deck = list(g._deck)
        g.order = list(g.order)
        g._kingdoms = [k.copy() for k in g._kingdoms]
        g.discarded = list(g.discarded)
        g.discards = list(g.discards)
        g.to_place = list(g.to_place)
        g.line = list(g.line)
        g.claims = list(g.claims)
        g._log = None
        self._copy_extra(game)  # type: ignore[attr-defined]
        return game


def _number(d: Numbered) -> int:
    return d.number


# --------------------------------------------------------------------------------- driver
def needs_observation(bot: Any) -> bool:
    """True unless the bot says it picks blindly (``needs_observation = False``).

    >>> from kingdomino_kit.bots import RandomBot
    >>> needs_observation(RandomBot()), needs_observation(lambda obs, actions: actions[0])
    (False, True)
    """
    return bool(getattr(bot, "needs_observation", True))


def is_trusted(bot: Any) -> bool:
    """True if the bot declares that it always returns one of the actions given
    (``trusted = True``): the driver then plays its actions without re-checking them.

    >>> from kingdomino_kit.bots import RandomBot, as_bot
    >>> is_trusted(RandomBot()), is_trusted(as_bot(lambda obs, actions: actions[0]))
    (True, False)
    """
    return getattr(type(bot), "trusted", False) is True


def drive(game: Any, bots: Sequence[Any]) -> None:
    """Play ``game`` to the end, ``bots[p]`` acting for player ``p`` (one bot per player, or
    the options' error).

    A bot is asked only when it has a choice (a forced action is played for it). A bot that
    declares ``trusted = True`` (:func:`is_trusted`) has its actions played as they are; any
    other bot's action is checked by the rules.

    >>> from kingdomino_kit.bots import RandomBot
    >>> from kingdomino_kit.game import Game, GameOptions
    >>> g = Game(GameOptions(players=2), seed=5)
    >>> drive(g, [RandomBot(1), lambda obs, actions: actions[0]])
    >>> g.is_over
    True
    """
    n = game.options.players
    if len(bots) != n:
        raise game.options.error(f"{n} players need {n} bots, not {len(bots)}")
    players = [as_bot(b) for b in bots]
    observes = [needs_observation(b) for b in players]
    trusted = [is_trusted(b) for b in players]
    legal, step = game.legal_actions, game._step
    while game.phase is not OVER:
        actions = legal()
        if len(actions) == 1:
            step(actions[0])
            continue
        p = game.current_player
        action = players[p].choose(game.observation(p) if observes[p] else None, actions)
        if trusted[p]:
            step(action)
        else:
            game.apply(action, player=p)
