"""The drafting game: state, legal actions, observations, scores and a bot driver.

:class:`GameOptions` is the frozen rules configuration (:mod:`kingdomino_kit.game.options`);
:class:`Game` is the mutable state with :meth:`Game.legal_actions` and :meth:`Game.apply`, on the
drafting loop every game of the kit shares (:mod:`kingdomino_kit.draft`). An action is a
:class:`~kingdomino_kit.kingdom.Placement`, a :class:`Discard` (only when the domino has no
legal placement) or a :class:`Claim` of a domino of the line.

>>> from kingdomino_kit.bots import RandomBot
>>> game = play([RandomBot(seed=p) for p in range(4)], seed=7)
>>> game.is_over, game.round, len(game.kingdoms)
(True, 12, 4)
>>> game.scores() == play([RandomBot(seed=p) for p in range(4)], seed=7).scores()
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, Union

from kingdomino_kit.bitkingdom import BitKingdom
from kingdomino_kit.dominoes import DOMINOES, Domino
from kingdomino_kit.draft import (
    CLAIM,
    PLACE,
    Claim,
    Discard,
    DraftGame,
    DraftObservation,
    best,
    drive,
    shuffled_deal,
)
from kingdomino_kit.errors import IllegalAction, IllegalPlacement, InvariantError, KingdominoError
from kingdomino_kit.game.options import GameOptionError, GameOptions
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.logs import LOG_FORMATS
from kingdomino_kit.seeds import derive_seed

__all__ = ["LOG_FORMAT", "Action", "Claim", "Discard", "DynastyResult", "Game", "KingdominoDraft",
           "Observation", "deal", "play", "play_dynasty", "player_result"]
# (the package, kingdomino_kit.game, hands on the rules' names: options, phases, errors)


Action = Union[Placement, Discard[Domino], Claim[Domino]]  # noqa: UP007  (a runtime alias)
LOG_FORMAT = LOG_FORMATS["kingdomino"][0]
"""The name of the game log format, ``kingdomino-kit/kingdomino-log/1`` (see
:mod:`kingdomino_kit.game.log`; logs named ``kingdomino-log/1`` still read)."""
_CLAIMS = {d.number: Claim(d) for d in DOMINOES}
_DISCARDS = {d.number: Discard(d) for d in DOMINOES}
_BOX = tuple(range(1, 49))


def deal(options: GameOptions, seed: int) -> tuple[list[int], list[int]]:
    """The deck (domino numbers, top first; removed dominoes left out) and the first round's
    turn order (kings) that ``seed`` gives: ``random.Random(seed)`` shuffles 1..48, then kings.

    >>> deck, order = deal(GameOptions(players=2), 1)
    >>> len(deck), sorted(order)
    (24, [0, 1, 2, 3])
    """
    return shuffled_deal(_BOX, options.kings, options.deck_size, seed)


@dataclass(frozen=True)
class Observation(DraftObservation[GameOptions, Kingdom, Domino]):
    """What ``player`` sees: every kingdom, the line and its claims, whose turn it is, the
    dominoes still to be placed this round, the discards and the deck's SIZE (not its order)."""

    def unseen(self) -> list[int]:
        """Numbers of the dominoes this player has not seen (deck and removed ones)."""
        seen = set(self.discarded)
        seen.update(d.number for d in self.line)
        seen.update(d.number for d in self.to_place if d is not None)
        for k in self.kingdoms:
            seen.update(p.domino.number for p in k.history)
        return [n for n in range(1, 49) if n not in seen]


def player_result(player: int, kingdom: Kingdom | BitKingdom, options: GameOptions,
                  discarded: int) -> dict[str, Any]:
    """One row of :meth:`Game.results`: the player, score (with the bonuses ``options`` switch
    on), property points, bonus, the tie-break figures and the dominoes discarded.

    >>> from kingdomino_kit.rules import Rules
    >>> middle = GameOptions(rules=Rules(middle_kingdom=True))
    >>> player_result(1, Kingdom.from_text("W C W1"), middle, 0)
    {'player': 1, 'score': 11, 'properties': 1, 'bonus': 10, 'largest_property': 1, \
'crowns': 1, 'discarded': 0}
    """
    bonus = kingdom.bonus(options.rules)
    base = kingdom.score()
    return {"player": player, "score": base + bonus, "properties": base, "bonus": bonus,
            "largest_property": kingdom.largest_property(), "crowns": kingdom.crowns(),
            "discarded": discarded}


KK = TypeVar("KK", Kingdom, BitKingdom)


class KingdominoDraft(DraftGame[GameOptions, KK, Domino]):
    """What Kingdomino scores, on any kingdoms (:class:`Game`'s, the bitboards of
    :class:`~kingdomino_kit.game.playout.BitGame`): scores with the bonuses the options switch
    on, tie-break keys and the results' rows; and what both deal alike (the box of 48, each
    line in number order)."""

    __slots__ = ()

    def scores(self) -> list[int]:
        """Each player's score, bonuses switched on included."""
        return [k.total(self.options.rules) for k in self._kingdoms]

    def tiebreak_keys(self) -> list[tuple[int, int, int]]:
        """(score, largest property, crowns) per player: the higher key wins."""
        return [k.tiebreak_key(self.options.rules) for k in self._kingdoms]

    def results(self) -> list[dict[str, Any]]:
        """Per player: score (with bonuses), property points, bonus, tie-break figures."""
        return [player_result(p, k, self.options, self.discards[p])
                for p, k in enumerate(self._kingdoms)]

    # ------------------------------------------------------------------ hooks of both
    def _illegal(self, message: str, rule: str) -> KingdominoError:
        return IllegalAction(message, rule)

    def _box(self) -> list[Any]:
        return list(_BOX)

    def _line(self, drawn: list[Any]) -> list[Domino]:
        return sorted((DOMINOES[x - 1] for x in drawn), key=_number)

    def _state(self) -> str:
        """How far the game is, for ``repr``."""
        return "over" if self.is_over else f"round {self.round}, {self.phase} by king " \
            f"{self.current_king}"


# --------------------------------------------------------------------------------- the game
class Game(KingdominoDraft[Kingdom]):
    """One game's state. Same ``seed`` and options, same deck order and first-round turn order.

    ``deck`` and ``first_order`` replace what the seed deals (a game recorded by hand).

    >>> g = Game(GameOptions(players=2), seed=1)
    >>> g.round, g.phase, len(g.line), g.deck_size
    (0, <Phase.CLAIM: 'claim'>, 4, 20)
    >>> g.apply(g.legal_actions()[0], player=g.current_player)
    >>> g.apply(Claim(g.line[0]))
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.IllegalAction: domino ... is already claimed by king ... (claim rule)
    """

    __slots__ = ("_turn_log", "_strict")

    def __init__(self, options: GameOptions | None = None, seed: int | None = None, *,
                 record: bool = True, deck: Sequence[int] | None = None,
                 first_order: Sequence[int] | None = None) -> None:
        options = GameOptions() if options is None else options
        if not isinstance(options, GameOptions):
            raise GameOptionError(f"options: must be GameOptions, not {shown(options)}")
        self._turn_log: dict[str, Any] | None = None
        self._strict = options.strict_discard
        super().__init__(options, seed, record=record, deck=deck, first_order=first_order)

    # ------------------------------------------------------------------ hooks
    def _new_kingdom(self) -> Kingdom:
        return Kingdom(self.options.size)

    def _round_entry(self) -> dict[str, Any]:
        return {"line": [d.number for d in self.line], "turns": []}

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
            if dom is None:
                raise InvariantError("expected dom is not None")
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
        self._check_turn(player, king)
        current = self.order[self.turn]
        owner = current // self._kpp
        who = f"king {current} (player {owner})"
        if isinstance(action, Claim):
            if self.phase is PLACE:
                dom = self.to_place[current]
                if dom is None:
                    raise InvariantError("expected dom is not None")
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
            if dom is None:
                raise InvariantError("expected dom is not None")
            number = getattr(action.domino, "number", None)
            if number != dom.number:
                raise IllegalAction(f"{who} claimed domino {dom.number}, not domino {number}",
                                    "placed-domino")
            if action.domino != dom:  # the number's halves are the catalogue's, no others
                raise IllegalAction(f"{who}: domino {dom.number} is {dom!r}, not "
                                    f"{action.domino!r}", "forged-domino")
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
        raise IllegalAction(f"{shown(action)} is not an action (Placement, Discard or Claim)",
                            "action")

    def _check_claim(self, action: Claim[Any], who: str) -> None:
        number = getattr(action.domino, "number", None)
        if number is None:
            raise IllegalAction(f"{action!r} does not claim a domino", "action")
        for i, d in enumerate(self.line):
            if d.number == number:
                if action.domino is not d and action.domino != d:  # a forged domino
                    raise IllegalAction(f"{who}: domino {number} is {d!r}, not "
                                        f"{action.domino!r}", "forged-domino")
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
        turn = self._turn_log
        if log is not None and turn is None:
            turn = self._turn_log = {"king": king, "player": king // self._kpp, "place": None,
                                     "pick": None}
            log[-1]["turns"].append(turn)
        if type(action) is Claim:
            self._claim(action.domino, king)
            if turn is not None:
                turn["pick"] = action.domino.number
            self._turn_log = None
            self._end_turn()
            return
        if type(action) is Discard:
            dom = self._discard(king)
            if turn is not None:
                turn["place"] = {"domino": dom.number, "discard": True}
        else:
            self.to_place[king] = None
            self._kingdoms[king // self._kpp].push(action)  # type: ignore[arg-type]
            if turn is not None:
                p: Placement = action  # type: ignore[assignment]
                turn["place"] = {"domino": p.domino.number,
                                 "cells": [list(p.first), list(p.second)]}
        if self.line:
            self.phase = CLAIM
        else:
            self._turn_log = None
            self._end_turn()

    # ------------------------------------------------------------------ views
    def observation(self, player: int | None = None) -> Observation:
        """What ``player`` (default: the one to act) sees — never the deck's order.

        >>> obs = Game(seed=1).observation(0)
        >>> obs.deck_size, len(obs.line), obs.phase
        (44, 4, <Phase.CLAIM: 'claim'>)
        """
        return Observation(**self._observation_fields(player))

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
        game.discards = [0] * o.players
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

    def _copy_extra(self, game: Any) -> None:
        game._turn_log = None

    def log(self) -> dict[str, Any]:
        """The game log (format :data:`LOG_FORMAT`, read and replayed by
        :mod:`kingdomino_kit.game.log`), finished or not; needs ``record=True`` (the default)."""
        if self._log is None:
            raise KingdominoError("this game was played with record=False: it kept no log")
        o = self.options
        log: dict[str, Any] = {
            "format": LOG_FORMAT, "players": o.players, "variant": o.variant,
            **o.rules.to_json(), "seed": self.seed,
        }
        if o.players == 3 and o.three_player_draw != 3:
            log["three_player_draw"] = o.three_player_draw
        if not o.strict_discard:
            log["strict_discard"] = False
        log["rounds"] = json.loads(json.dumps(self._log))  # a deep copy of plain data
        log["scores"] = self.results()
        log["winners"] = self.winners()
        return log

    def __repr__(self) -> str:
        return f"<Game {self.options.players} players, seed {self.seed}, {self._state()}>"


def _number(d: Domino) -> int:
    return d.number


# --------------------------------------------------------------------------------- driver
def play(bots: Sequence[Any], options: GameOptions | None = None, seed: int | None = None, *,
         record: bool = True) -> Game:
    """Play a whole game, ``bots[p]`` acting for player ``p`` (all its kings); return it.

    A bot is asked only when it has a choice (a forced action is played for it). Bots from
    :mod:`kingdomino_kit.bots` are trusted to return one of the actions given; any other bot's
    action is checked by the rules (see :func:`kingdomino_kit.draft.drive`).

    >>> from kingdomino_kit.bots import RandomBot
    >>> g = play([RandomBot(1), lambda obs, actions: actions[0]], GameOptions(players=2), seed=5)
    >>> g.is_over, len(g.scores())
    (True, 2)
    """
    game = Game(options, seed, record=record)
    drive(game, bots)
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
    return DynastyResult(played, totals, tuple(best(totals)))
