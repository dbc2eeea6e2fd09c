"""The drafting game: options, state, legal actions, observations, scores and a bot driver.

Rules: ``shared/rules/kingdomino.md``. :class:`GameOptions` is the frozen rules configuration;
:class:`Game` is the mutable state with :meth:`Game.legal_actions` and :meth:`Game.apply`.
An action is a :class:`~kingdomino_kit.kingdom.Placement`, a :class:`Discard` (only when the
domino has no legal placement) or a :class:`Claim` of a domino of the line.

>>> from kingdomino_kit.bots import RandomBot
>>> game = play([RandomBot(seed=p) for p in range(4)], seed=7)
>>> game.is_over, game.round, len(game.kingdoms)
(True, 12, 4)
>>> game.scores() == play([RandomBot(seed=p) for p in range(4)], seed=7).scores()
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Union

from kingdomino_kit.dominoes import DOMINOES, Domino
from kingdomino_kit.errors import IllegalPlacement, KingdominoError
from kingdomino_kit.kingdom import Kingdom, Placement

__all__ = [
    "Action",
    "Claim",
    "Discard",
    "DynastyResult",
    "Game",
    "GameOptionError",
    "GameOptions",
    "IllegalAction",
    "Observation",
    "deal",
    "derive_seed",
    "play",
    "play_dynasty",
]

VARIANTS = ("standard", "mighty-duel")
PLACE, CLAIM, OVER = "place", "claim", "over"


class GameOptionError(KingdominoError):
    """Game options that do not make a game (e.g. Mighty Duel with 3 players)."""


class IllegalAction(KingdominoError):
    """An action the rules forbid now; ``rule`` names the rule (``turn``, ``phase``, ``claim``,
    ``placed-domino``, ``discard``, ``game-over``, ``action``, or a placement rule such as
    ``connection``, ``size``, ``occupied``, ``shape``). The game state is left unchanged."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule} rule)")
        self.rule = rule


# --------------------------------------------------------------------------------- options
@dataclass(frozen=True)
class GameOptions:
    """The rules of one game; every other figure (size, deck, rounds) is derived.

    >>> o = GameOptions(players=3)
    >>> o.deck_size, o.line_size, o.rounds, o.kings, o.size
    (36, 3, 12, 3, 5)
    >>> GameOptions(players=2, variant="mighty-duel").deck_size, GameOptions(players=2).rounds
    (48, 6)
    >>> GameOptions(players=3, variant="mighty-duel")
    Traceback (most recent call last):
    ...
    kingdomino_kit.game.GameOptionError: the Mighty Duel variant is for 2 players, not 3
    """

    players: int = 4
    variant: str = "standard"
    three_player_draw: int = 3
    middle_kingdom: bool = False
    harmony: bool = False
    strict_discard: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise GameOptionError(f"players must be 2, 3 or 4, not {self.players!r}")
        if self.variant not in VARIANTS:
            raise GameOptionError(
                f"variant must be one of {', '.join(VARIANTS)}, not {self.variant!r}")
        if self.variant == "mighty-duel" and self.players != 2:
            raise GameOptionError(
                f"the Mighty Duel variant is for 2 players, not {self.players}")
        if self.three_player_draw not in (3, 4):
            raise GameOptionError(
                f"three_player_draw must be 3 or 4, not {self.three_player_draw!r}")
        if self.three_player_draw == 4 and self.players != 3:
            raise GameOptionError(
                f"three_player_draw=4 is a 3-player rule, not for {self.players} players")

    @property
    def size(self) -> int:
        """Kingdom size: 7 in Mighty Duel, else 5."""
        return 7 if self.variant == "mighty-duel" else 5

    @property
    def kings_per_player(self) -> int:
        """Two kings each with 2 players, else one."""
        return 2 if self.players == 2 else 1

    @property
    def kings(self) -> int:
        """Kings in play (4, 3 or 4)."""
        return self.players * self.kings_per_player

    @property
    def line_size(self) -> int:
        """Dominoes drawn per line: 3 with 3 players (official), else 4."""
        return 3 if self.players == 3 and self.three_player_draw == 3 else 4

    @property
    def deck_size(self) -> int:
        """Dominoes in play: 48, 36 (3 players, official) or 24 (2 players, standard)."""
        if self.players == 2 and self.variant == "standard":
            return 24
        return self.line_size * 12 if self.players == 3 else 48

    @property
    def rounds(self) -> int:
        """Lines drawn in the game (12, or 6 with 2 players); the log has one round more."""
        return self.deck_size // self.line_size

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain dict (for CSV and JSON)."""
        return {"players": self.players, "variant": self.variant,
                "three_player_draw": self.three_player_draw,
                "middle_kingdom": self.middle_kingdom, "harmony": self.harmony,
                "strict_discard": self.strict_discard}


# --------------------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class Claim:
    """Put the current king on a free domino of the line.

    >>> Claim(DOMINOES[40])
    Claim(domino=Domino(41, W|G2))
    """

    domino: Domino


@dataclass(frozen=True, slots=True)
class Discard:
    """Throw away the claimed domino: allowed only when it has no legal placement."""

    domino: Domino


Action = Union[Placement, Discard, Claim]  # noqa: UP007  (a runtime alias)
_CLAIMS = {d.number: Claim(d) for d in DOMINOES}
_DISCARDS = {d.number: Discard(d) for d in DOMINOES}


def derive_seed(base: int, *parts: object) -> int:
    """A 63-bit seed from a base seed and labels, stable across runs and processes.

    >>> derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(1, 3)
    True
    """
    text = ":".join(str(p) for p in (base, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def deal(options: GameOptions, seed: int) -> tuple[list[int], list[int]]:
    """The deck (domino numbers, top first; removed dominoes left out) and the first round's
    turn order (kings) that ``seed`` gives: ``random.Random(seed)`` shuffles 1..48, then kings.

    >>> deck, order = deal(GameOptions(players=2), 1)
    >>> len(deck), sorted(order)
    (24, [0, 1, 2, 3])
    """
    rng = random.Random(seed)
    numbers = list(range(1, 49))
    rng.shuffle(numbers)
    kings = list(range(options.kings))
    rng.shuffle(kings)
    return numbers[: options.deck_size], kings


# --------------------------------------------------------------------------------- observation
@dataclass(frozen=True)
class Observation:
    """What ``player`` sees: every kingdom, the line and its claims, whose turn it is, the
    dominoes still to be placed this round, the discards and the deck's SIZE (not its order)."""

    options: GameOptions
    player: int
    round: int
    phase: str
    current_king: int | None
    current_player: int | None
    kingdoms: tuple[Kingdom, ...]
    line: tuple[Domino, ...]
    line_claims: tuple[int | None, ...]
    to_place: tuple[Domino | None, ...]
    order: tuple[int, ...]
    turn: int
    deck_size: int
    discarded: tuple[int, ...]

    def owner(self, king: int) -> int:
        """The player a king belongs to."""
        return king // self.options.kings_per_player

    def unseen(self) -> list[int]:
        """Numbers of the dominoes this player has not seen (deck and removed ones)."""
        seen = set(self.discarded)
        seen.update(d.number for d in self.line)
        seen.update(d.number for d in self.to_place if d is not None)
        for k in self.kingdoms:
            seen.update(p.domino.number for p in k.history)
        return [n for n in range(1, 49) if n not in seen]


# --------------------------------------------------------------------------------- the game
class Game:
    """One game's state. Same ``seed`` and options, same deck order and first-round turn order.

    >>> g = Game(GameOptions(players=2), seed=1)
    >>> g.round, g.phase, len(g.line), g.deck_size
    (0, 'claim', 4, 20)
    >>> g.apply(g.legal_actions()[0], player=g.current_player)
    >>> g.apply(Claim(g.line[0]))
    Traceback (most recent call last):
    ...
    kingdomino_kit.game.IllegalAction: domino ... is already claimed by king ... (claim rule)
    """

    __slots__ = ("options", "seed", "round", "phase", "line", "claims", "order", "turn",
                 "to_place", "_deck", "_kingdoms", "discarded", "_log", "_turn_log",
                 "_line_size", "_kpp", "_rounds", "_strict", "_previous_claims",
                 "_discards")

    def __init__(self, options: GameOptions | None = None, seed: int | None = None, *,
                 record: bool = True, deck: Sequence[int] | None = None,
                 first_order: Sequence[int] | None = None) -> None:
        options = options or GameOptions()
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 63)
        self.options = options
        self.seed = seed
        dealt, kings = deal(options, seed)
        self._deck = list(deck) if deck is not None else dealt
        self.order: list[int] = list(first_order) if first_order is not None else kings
        self._kingdoms = [Kingdom(options.size) for _ in range(options.players)]
        self.discarded: list[int] = []
        self._discards = [0] * options.players
        self._previous_claims: list[int | None] = []
        self._log: list[dict[str, Any]] | None = [] if record else None
        self._turn_log: dict[str, Any] | None = None
        self._line_size = options.line_size
        self._kpp = options.kings_per_player
        self._rounds = options.rounds
        self._strict = options.strict_discard
        self.to_place: list[Domino | None] = [None] * options.kings
        self.round = -1
        self._start_round(0)

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
    def kingdoms(self) -> tuple[Kingdom, ...]:
        """Copies of the kingdoms, by player."""
        return tuple(k.copy() for k in self._kingdoms)

    def kingdom(self, player: int) -> Kingdom:
        """A copy of one player's kingdom."""
        return self._kingdoms[player].copy()

    def owner(self, king: int) -> int:
        """The player a king belongs to (kings 0,1 → player 0 with 2 players)."""
        return king // self._kpp

    # ------------------------------------------------------------------ rounds
    def _start_round(self, r: int) -> None:
        self.round = r
        if r < self._rounds:
            n = self._line_size
            self.line: list[Domino] = sorted((DOMINOES[x - 1] for x in self._deck[:n]),
                                             key=_number)
            del self._deck[:n]
        else:
            self.line = []
        self.claims: list[int | None] = [None] * len(self.line)
        if r > 0:
            # kings act in the order of the dominoes they claimed: lowest number first
            self.order = [k for k in self._previous_claims if k is not None]
        self.turn = 0
        self.phase = CLAIM if r == 0 else PLACE
        if self._log is not None:
            self._log.append({"line": [d.number for d in self.line], "turns": []})
            self._turn_log = None

    def _end_turn(self) -> None:
        self._turn_log = None
        self.turn += 1
        if self.turn < len(self.order):
            self.phase = CLAIM if self.round == 0 else PLACE
            return
        # the round is over: claims of this line are next round's dominoes to place
        line, claims = self.line, self.claims
        to_place = self.to_place
        for i, king in enumerate(claims):
            if king is None:
                self.discarded.append(line[i].number)  # 3 players, draw of 4: unclaimed
            else:
                to_place[king] = line[i]
        self._previous_claims = claims
        if self.round == self._rounds:
            self.phase = OVER
            return
        self._start_round(self.round + 1)

    # ------------------------------------------------------------------ actions
    def legal_actions(self) -> list[Action]:
        """Every legal action of the current king (empty when the game is over).

        >>> g = Game(seed=3)
        >>> all(isinstance(a, Claim) for a in g.legal_actions()), len(g.legal_actions())
        (True, 4)
        """
        phase = self.phase
        if phase is CLAIM:
            line = self.line
            return [_CLAIMS[line[i].number] for i, k in enumerate(self.claims) if k is None]
        if phase is PLACE:
            dom = self.to_place[self.order[self.turn]]
            assert dom is not None
            actions: list[Action] = list(
                self._kingdoms[self.order[self.turn] // self._kpp].legal_placements(dom))
            if not actions or not self._strict:
                actions.append(_DISCARDS[dom.number])
            return actions
        return []

    def apply(self, action: Action, *, player: int | None = None, king: int | None = None
              ) -> None:
        """Play ``action`` for the current king; an illegal one raises :class:`IllegalAction`
        naming the rule and changes nothing. ``player``/``king``, if given, must be the ones
        whose turn it is."""
        self.check(action, player=player, king=king)
        self._step(action)

    def check(self, action: Action, *, player: int | None = None, king: int | None = None
              ) -> None:
        """Raise :class:`IllegalAction` if ``action`` is not legal now, else return."""
        if self.phase is OVER:
            raise IllegalAction("the game is over: no more actions", "game-over")
        current = self.order[self.turn]
        owner = current // self._kpp
        who = f"king {current} (player {owner})"
        if king is not None and king != current:
            raise IllegalAction(f"it is the turn of king {current}, not of king {king}", "turn")
        if player is not None and player != owner:
            raise IllegalAction(f"it is the turn of player {owner}, not of player {player}",
                                "turn")
        if isinstance(action, Claim):
            if self.phase is PLACE:
                dom = self.to_place[current]
                assert dom is not None
                raise IllegalAction(f"{who} must place domino {dom.number} before claiming",
                                    "phase")
            self._check_claim(action, who)
            return
        if isinstance(action, (Placement, Discard)):
            if self.phase is CLAIM:
                what = "round 0 has only claims" if self.round == 0 else "it has placed already"
                raise IllegalAction(f"{who} must claim a domino of the line now ({what})",
                                    "phase")
            dom = self.to_place[current]
            assert dom is not None
            number = getattr(action.domino, "number", None)
            if number != dom.number:
                raise IllegalAction(f"{who} claimed domino {dom.number}, not domino {number}",
                                    "placed-domino")
            kingdom = self._kingdoms[owner]
            if isinstance(action, Discard):
                if self._strict and kingdom.can_place(dom):
                    n = len(kingdom.legal_placements(dom))
                    raise IllegalAction(
                        f"{who} cannot discard domino {dom.number}: it has {n} legal "
                        "placement(s)", "discard")
                return
            try:
                kingdom.check(action)
            except IllegalPlacement as error:
                raise IllegalAction(f"{who}: {error}", error.rule) from None
            except (TypeError, ValueError) as error:
                raise IllegalAction(f"{who}: malformed placement {action!r}: {error}",
                                    "action") from None
            return
        raise IllegalAction(f"{action!r} is not an action (Placement, Discard or Claim)",
                            "action")

    def _check_claim(self, action: Claim, who: str) -> None:
        number = getattr(action.domino, "number", None)
        if number is None:
            raise IllegalAction(f"{action!r} does not claim a domino", "action")
        for i, d in enumerate(self.line):
            if d.number == number:
                if self.claims[i] is not None:
                    raise IllegalAction(f"domino {number} is already claimed by king "
                                        f"{self.claims[i]}", "claim")
                return
        line = ", ".join(str(d.number) for d in self.line) or "empty"
        raise IllegalAction(f"{who} cannot claim domino {number}: not in the line ({line})",
                            "claim")

    def _step(self, action: Action) -> None:
        """Play an action known to be legal (from :meth:`legal_actions`) without checks."""
        king = self.order[self.turn]
        log = self._log
        if log is not None and self._turn_log is None:
            self._turn_log = {"king": king, "player": king // self._kpp, "place": None,
                              "pick": None}
            log[-1]["turns"].append(self._turn_log)
        if type(action) is Claim:
            number = action.domino.number
            line = self.line
            for i in range(len(line)):
                if line[i].number == number:
                    self.claims[i] = king
                    break
            if log is not None:
                self._turn_log["pick"] = number  # type: ignore[index]
            self._end_turn()
            return
        dom = self.to_place[king]
        assert dom is not None
        self.to_place[king] = None
        if type(action) is Discard:
            self.discarded.append(dom.number)
            self._discards[king // self._kpp] += 1
            if log is not None:
                self._turn_log["place"] = {"domino": dom.number,  # type: ignore[index]
                                           "discard": True}
        else:
            self._kingdoms[king // self._kpp].push(action)  # type: ignore[arg-type]
            if log is not None:
                p: Placement = action  # type: ignore[assignment]
                self._turn_log["place"] = {"domino": dom.number,  # type: ignore[index]
                                           "cells": [list(p.first), list(p.second)]}
        if self.line:
            self.phase = CLAIM
        else:
            self._end_turn()

    # ------------------------------------------------------------------ results
    def scores(self) -> list[int]:
        """Each player's score, bonuses switched on included."""
        o = self.options
        return [k.total(middle_kingdom=o.middle_kingdom, harmony=o.harmony)
                for k in self._kingdoms]

    def tiebreak_keys(self) -> list[tuple[int, int, int]]:
        """(score, largest property, crowns) per player: the higher key wins."""
        o = self.options
        return [k.tiebreak_key(middle_kingdom=o.middle_kingdom, harmony=o.harmony)
                for k in self._kingdoms]

    def winners(self) -> list[int]:
        """The players with the best (score, largest property, crowns); several share victory."""
        return _best(self.tiebreak_keys())

    def results(self) -> list[dict[str, Any]]:
        """Per player: score (with bonuses), property points, bonus, tie-break figures."""
        o = self.options
        out = []
        for p, k in enumerate(self._kingdoms):
            bonus = k.bonus(middle_kingdom=o.middle_kingdom, harmony=o.harmony)
            base = k.score()
            out.append({"player": p, "score": base + bonus, "properties": base, "bonus": bonus,
                        "largest_property": k.largest_property(), "crowns": k.crowns(),
                        "discarded": self._discards[p]})
        return out

    # ------------------------------------------------------------------ views
    def observation(self, player: int | None = None) -> Observation:
        """What ``player`` (default: the one to act) sees — never the deck's order.

        >>> obs = Game(seed=1).observation(0)
        >>> obs.deck_size, len(obs.line), obs.phase
        (44, 4, 'claim')
        """
        if player is None:
            player = self.current_player if self.current_player is not None else 0
        return Observation(
            options=self.options, player=player, round=self.round, phase=self.phase,
            current_king=self.current_king, current_player=self.current_player,
            kingdoms=self.kingdoms, line=tuple(self.line), line_claims=tuple(self.claims),
            to_place=tuple(self.to_place), order=tuple(self.order), turn=self.turn,
            deck_size=len(self._deck), discarded=tuple(self.discarded))

    @classmethod
    def from_observation(cls, obs: Observation, rng: random.Random) -> Game:
        """A game consistent with ``obs``, the hidden deck dealt at random from the unseen
        dominoes (a determinization, for Monte Carlo bots); it records no log."""
        game = cls.__new__(cls)
        o = obs.options
        game.options = o
        game.seed = 0
        unseen = obs.unseen()
        game._deck = rng.sample(unseen, obs.deck_size)
        game.order = list(obs.order)
        game._kingdoms = [k.copy() for k in obs.kingdoms]
        game.discarded = list(obs.discarded)
        game._discards = [0] * o.players
        game._previous_claims = []
        game._log = None
        game._turn_log = None
        game._line_size = o.line_size
        game._kpp = o.kings_per_player
        game._rounds = o.rounds
        game._strict = o.strict_discard
        game.to_place = list(obs.to_place)
        game.round = obs.round
        game.line = list(obs.line)
        game.claims = list(obs.line_claims)
        game.turn = obs.turn
        game.phase = obs.phase
        return game

    def copy(self) -> Game:
        """An independent copy of the state (the log is not copied: the copy records none)."""
        game = Game.__new__(Game)
        for name in Game.__slots__:
            if hasattr(self, name):
                setattr(game, name, getattr(self, name))
        game._previous_claims = list(self._previous_claims)
        game._discards = list(self._discards)
        game._deck = list(self._deck)
        game.order = list(self.order)
        game._kingdoms = [k.copy() for k in self._kingdoms]
        game.discarded = list(self.discarded)
        game.to_place = list(self.to_place)
        game.line = list(self.line)
        game.claims = list(self.claims)
        game._log = None
        game._turn_log = None
        return game

    def snapshot(self) -> tuple[Any, ...]:
        """A comparable value of the whole state (kingdoms with history, deck, line, log)."""
        import json

        return (self.options, self.seed, self.round, self.phase, tuple(self.order), self.turn,
                tuple(self.line), tuple(self.claims), tuple(self.to_place), tuple(self._deck),
                tuple(self.discarded), tuple(self._discards), tuple(self._previous_claims),
                tuple((k.key(), k.bounds, tuple(k.history)) for k in self._kingdoms),
                json.dumps(self._log))

    def log(self) -> dict[str, Any]:
        """The game log, format ``kingdomino-log/1`` (see :mod:`kingdomino_kit.gamelog`)."""
        from kingdomino_kit.gamelog import game_log

        return game_log(self)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"round {self.round}, {self.phase} by king " \
            f"{self.current_king}"
        return f"<Game {self.options.players} players, seed {self.seed}, {state}>"


def _number(d: Domino) -> int:
    return d.number


def _best(keys: Sequence[Any]) -> list[int]:
    top = max(keys)
    return [i for i, k in enumerate(keys) if k == top]


# --------------------------------------------------------------------------------- driver
def _needs_observation(bot: Any) -> bool:
    from kingdomino_kit.bots import RandomBot

    return bool(getattr(bot, "needs_observation", not isinstance(bot, RandomBot)))


def play(bots: Sequence[Any], options: GameOptions | None = None, seed: int | None = None, *,
         record: bool = True) -> Game:
    """Play a whole game, ``bots[p]`` acting for player ``p`` (all its kings); return it.

    A bot is asked only when it has a choice (a forced action is played for it). Bots from
    :mod:`kingdomino_kit.bots` are trusted to return one of the actions given; any other bot's
    action is checked by the rules.

    >>> from kingdomino_kit.bots import RandomBot
    >>> g = play([RandomBot(1), lambda obs, actions: actions[0]], GameOptions(players=2), seed=5)
    >>> g.is_over, len(g.scores())
    (True, 2)
    """
    from kingdomino_kit.bots import TRUSTED_BOTS, as_bot

    options = options or GameOptions()
    if len(bots) != options.players:
        raise GameOptionError(f"{options.players} players need {options.players} bots, "
                              f"not {len(bots)}")
    players = [as_bot(b) for b in bots]
    observes = [_needs_observation(b) for b in players]
    trusted = [type(b) in TRUSTED_BOTS for b in players]
    game = Game(options, seed, record=record)
    legal, step = game.legal_actions, game._step
    kpp = options.kings_per_player
    while game.phase is not OVER:
        p = game.order[game.turn] // kpp
        actions = legal()
        if len(actions) == 1:
            step(actions[0])
            continue
        bot = players[p]
        action = bot.choose(game.observation(p) if observes[p] else None, actions)
        if trusted[p]:
            step(action)
        else:
            game.apply(action)
    return game


@dataclass(frozen=True)
class DynastyResult:
    """Three games and the summed scores; the best sum wins (equal sums share victory)."""

    games: tuple[Game, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


def play_dynasty(bots: Sequence[Any], options: GameOptions | None = None,
                 seed: int | None = None, games: int = 3) -> DynastyResult:
    """Dynasty: play ``games`` (3) games with the same bots and add up each player's scores.

    Game ``i`` uses seed ``derive_seed(seed, "dynasty", i)``.

    >>> from kingdomino_kit.bots import RandomBot
    >>> d = play_dynasty([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=3)
    >>> len(d.games), d.totals == tuple(map(sum, zip(*(g.scores() for g in d.games))))
    (3, True)
    """
    if seed is None:
        seed = random.SystemRandom().randrange(2 ** 63)
    played = tuple(play(bots, options, derive_seed(seed, "dynasty", i)) for i in range(games))
    totals = tuple(sum(scores) for scores in zip(*(g.scores() for g in played), strict=True))
    return DynastyResult(played, totals, tuple(_best(totals)))
