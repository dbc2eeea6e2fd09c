"""The Origins drafting game in its three modes: options, state, legal actions, observations,
scores and a bot driver, in the shape of :mod:`kingdomino_kit.game`.

Rules: ``shared/rules/origins.md``. A turn of a chief is: place the domino it claimed (or
discard it when it has no legal placement), throw the fire token of each volcano placed (the
box supply permitting; a token with no square allowed goes back to the box), in Totem mode let
the holder of a totem whose majority became a tie choose who gets it, claim a domino of the new
line, and in Tribe mode optionally recruit a caveman (spend 2 different resources for a face-up
one, 4 for any one of the pile, then settle it on the territory).

Actions: :class:`~kingdomino_kit.origins.kingdom.Placement`, :class:`Discard`,
:class:`~kingdomino_kit.origins.fire.Throw`, :class:`GiveTotem`, :class:`Claim`,
:class:`Recruit`, :class:`Spend`, :class:`Settle`, :class:`Pass`. An illegal action raises
:class:`~kingdomino_kit.origins.errors.IllegalAction` naming the rule and changes nothing.

Players: 4 (48 dominoes, lines of 4, 12 rounds); 3 (lines of 4, the unclaimed domino of each
line is removed); 2, Neolithic (48 dominoes, 7×7, two chiefs each; in the first line the first
chief drawn takes dominoes 1 and 4 or 2 and 3 (action: claim domino 1 or 2), the other player
the remaining two).

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.origins.gamelog import replay
>>> g = play([RandomBot(seed=p) for p in range(3)], OriginsOptions(players=3, mode="tribe"),
...          seed=4)
>>> g.is_over, len(g.scores()), g.scores() == replay(g.log()).scores()
(True, 3, True)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from kingdomino_kit.errors import IllegalPlacement, KingdominoError
from kingdomino_kit.game import derive_seed
from kingdomino_kit.grid import Cell
from kingdomino_kit.origins.catalogue import Catalogue, Domino, Resource, sample_catalogue
from kingdomino_kit.origins.errors import IllegalAction, OriginsError
from kingdomino_kit.origins.fire import TOKEN_SUPPLY, Throw
from kingdomino_kit.origins.kingdom import OriginsKingdom, Placement
from kingdomino_kit.origins.scoring import Mode, ScoreSheet, score_sheet, tiebreak_key
from kingdomino_kit.origins.totem import (
    DEFAULT_TOTEM_BONUS,
    TOTEM_BONUSES,
    TotemChoice,
    update_totems,
)
from kingdomino_kit.origins.tribe import CAVEMEN, RECRUIT_COST, Caveman

__all__ = ["OriginsOptions", "OriginsGame", "OriginsObservation", "Discard", "Claim",
           "GiveTotem", "Recruit", "Spend", "Settle", "Pass", "Action", "play", "catalogue_hash"]

PLACE, FIRE, TOTEM, CLAIM, RECRUIT, SPEND, SETTLE, OVER = (
    "place", "fire", "totem", "claim", "recruit", "spend", "settle", "over")
BOARD_SLOTS = 4


@dataclass(frozen=True)
class OriginsOptions:
    """The rules of one game (mode, players, bonuses, totem values, catalogue).

    >>> o = OriginsOptions(players=2)
    >>> o.size, o.kings, o.rounds, o.line_size
    (7, 4, 12, 4)
    """

    players: int = 4
    mode: str = "discovery"
    totem_bonus: str = DEFAULT_TOTEM_BONUS
    empire_of_fire: bool = True
    homo_habilis: bool = True
    catalogue: Catalogue = field(default_factory=sample_catalogue, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise OriginsError(f"players must be 2, 3 or 4, not {self.players!r}")
        object.__setattr__(self, "mode", Mode.parse(self.mode).value)
        if self.totem_bonus not in TOTEM_BONUSES:
            raise OriginsError(f"totem_bonus must be one of {', '.join(TOTEM_BONUSES)}, not "
                               f"{self.totem_bonus!r}")
        if len(self.catalogue) != 48:
            raise OriginsError(f"a game needs a catalogue of 48 dominoes, "
                               f"{self.catalogue.name} has {len(self.catalogue)}")

    @property
    def size(self) -> int:
        """7 with 2 players (Neolithic), else 5."""
        return 7 if self.players == 2 else 5

    @property
    def kings_per_player(self) -> int:
        """Chiefs each: two with 2 players."""
        return 2 if self.players == 2 else 1

    @property
    def kings(self) -> int:
        """Chiefs in play."""
        return self.players * self.kings_per_player

    @property
    def line_size(self) -> int:
        """Dominoes per line: always 4 (3 players: the unclaimed one is removed)."""
        return 4

    @property
    def rounds(self) -> int:
        """Lines drawn: 12."""
        return len(self.catalogue) // self.line_size

    @property
    def with_resources(self) -> bool:
        """Wooden resources in play (Totem and Tribe)."""
        return self.mode != Mode.DISCOVERY.value


# --------------------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class Discard:
    """Throw away the claimed domino (only when it has no legal placement)."""

    domino: Domino


@dataclass(frozen=True, slots=True)
class Claim:
    """Put the current chief on a free domino of the line."""

    domino: Domino


@dataclass(frozen=True, slots=True)
class GiveTotem:
    """The holder of a totem whose majority became a tie gives it to one of the leaders."""

    resource: Resource
    player: int


@dataclass(frozen=True, slots=True)
class Recruit:
    """Recruit a caveman: ``slot`` 0–3 of the cave board (2 different resources), or
    ``caveman`` chosen from the face-down pile (4 different resources)."""

    slot: int | None = None
    caveman: Caveman | None = None


@dataclass(frozen=True, slots=True)
class Spend:
    """Spend the wooden resource on ``cell`` for the recruit under way."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class Settle:
    """Put the recruited caveman on ``cell``."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class Pass:
    """Do not recruit this turn."""


Action = Union[Placement, Discard, Throw, GiveTotem, Claim, Recruit, Spend, Settle, Pass]  # noqa: UP007


def catalogue_hash(catalogue: Catalogue) -> str:
    """A short fingerprint of a catalogue's dominoes (logs name the catalogue they used).

    >>> len(catalogue_hash(sample_catalogue()))
    12
    """
    text = ";".join(repr(d) for d in catalogue)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


# --------------------------------------------------------------------------------- observation
@dataclass(frozen=True)
class OriginsObservation:
    """What ``player`` sees: every territory, the line and claims, the phase, the supply of
    fire tokens, totems, the cave board and the sizes (not the order) of the deck and pile."""

    options: OriginsOptions
    player: int
    round: int
    phase: str
    current_player: int | None
    kingdoms: tuple[OriginsKingdom, ...]
    line: tuple[Domino, ...]
    line_claims: tuple[int | None, ...]
    to_place: tuple[Domino | None, ...]
    supply: dict[int, int]
    totems: dict[Resource, int | None]
    board: tuple[Caveman | None, ...]
    pile_size: int
    deck_size: int
    recruiting: Caveman | None = None


# --------------------------------------------------------------------------------- the game
class OriginsGame:
    """One game's state; the same options and seed give the same deck, chiefs' order and pile.

    >>> g = OriginsGame(OriginsOptions(players=4), seed=1)
    >>> g.phase, len(g.legal_actions()), g.deck_size
    ('claim', 4, 44)
    >>> g.apply(Pass())
    Traceback (most recent call last):
    ...
    kingdomino_kit.origins.errors.IllegalAction: Pass() is not legal now: the claim phase \
expects Claim
    """

    def __init__(self, options: OriginsOptions | None = None, seed: int | None = None, *,
                 record: bool = True) -> None:
        options = options or OriginsOptions()
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 63)
        self.options = options
        self.seed = seed
        self.mode = Mode.parse(options.mode)
        rng = random.Random(seed)
        deck = list(options.catalogue)
        rng.shuffle(deck)
        kings = list(range(options.kings))
        rng.shuffle(kings)
        self._pile_rng = random.Random(derive_seed(seed, "origins-pile"))
        self._deck: list[Domino] = deck
        self.order: list[int] = kings
        self.kingdoms_: list[OriginsKingdom] = [
            OriginsKingdom(options.size, with_resources=options.with_resources)
            for _ in range(options.players)]
        self.supply = dict(TOKEN_SUPPLY)
        self.totems: dict[Resource, int | None] = dict.fromkeys(Resource)
        self.pile: list[Caveman] = []
        self.board: list[Caveman | None] = [None] * BOARD_SLOTS
        if self.mode is Mode.TRIBE:
            self.pile = list(CAVEMEN)
            self._pile_rng.shuffle(self.pile)
        self.removed: list[int] = []
        self.discards = [0] * options.players
        self.to_place: list[Domino | None] = [None] * options.kings
        self._fire: list[tuple[Cell, int]] = []
        self._choices: list[TotemChoice] = []
        self._recruit: tuple[Caveman, int, set[Resource]] | None = None
        self._log: list[dict[str, Any]] | None = [] if record else None
        self.round = -1
        self.turn = 0
        self.phase = CLAIM
        self._start_round(0)

    # ------------------------------------------------------------------ queries
    @property
    def kpp(self) -> int:
        """Chiefs per player."""
        return self.options.kings_per_player

    @property
    def current_king(self) -> int | None:
        """The chief whose turn it is (None when over)."""
        return None if self.phase == OVER else self.order[self.turn]

    @property
    def current_player(self) -> int | None:
        """The player to act: the chief's owner, or a totem's holder choosing who gets it."""
        if self.phase == OVER:
            return None
        if self.phase == TOTEM:
            return self._choices[0].holder
        return self.order[self.turn] // self.kpp

    @property
    def is_over(self) -> bool:
        """True once the last round's placements are done."""
        return self.phase == OVER

    @property
    def deck_size(self) -> int:
        """Dominoes still face down."""
        return len(self._deck)

    @property
    def kingdoms(self) -> tuple[OriginsKingdom, ...]:
        """Copies of the territories, by player."""
        return tuple(k.copy() for k in self.kingdoms_)

    # ------------------------------------------------------------------ rounds
    def _start_round(self, r: int) -> None:
        self.round = r
        if r < self.options.rounds:
            n = self.options.line_size
            self.line: list[Domino] = sorted(self._deck[:n], key=lambda d: d.number)
            del self._deck[:n]
            if self.mode is Mode.TRIBE:
                for i in range(BOARD_SLOTS):
                    if self.board[i] is None and self.pile:
                        self.board[i] = self.pile.pop()
        else:
            self.line = []
        self.claims: list[int | None] = [None] * len(self.line)
        self.turn = 0
        self.phase = CLAIM if r == 0 else PLACE
        if self._log is not None:
            entry: dict[str, Any] = {"line": [d.number for d in self.line], "actions": []}
            if self.mode is Mode.TRIBE:
                entry["board"] = [c.value if c else None for c in self.board]
            self._log.append(entry)

    def _end_turn(self) -> None:
        self.turn += 1
        if self.turn < len(self.order):
            self.phase = CLAIM if self.round == 0 else PLACE
            return
        self._end_round()

    def _end_round(self) -> None:
        previous = []
        for i, king in enumerate(self.claims):
            if king is None:
                self.removed.append(self.line[i].number)
            else:
                self.to_place[king] = self.line[i]
                previous.append(king)
        if self.round == self.options.rounds:
            self.phase = OVER
            return
        self.order = previous
        self._start_round(self.round + 1)

    # ------------------------------------------------------------------ actions
    def legal_actions(self) -> list[Action]:
        """Every legal action now (empty when the game is over).

        >>> g = OriginsGame(OriginsOptions(players=2), seed=3)
        >>> [a.domino.number for a in g.legal_actions()] == [d.number for d in g.line[:2]]
        True
        """
        phase = self.phase
        if phase == OVER:
            return []
        king = self.order[self.turn]
        kingdom = self.kingdoms_[king // self.kpp]
        if phase == CLAIM:
            if self.round == 0 and self.options.players == 2:
                return [Claim(self.line[0]), Claim(self.line[1])]
            return [Claim(self.line[i]) for i, k in enumerate(self.claims) if k is None]
        if phase == PLACE:
            dom = self.to_place[king]
            assert dom is not None
            placements: list[Action] = list(kingdom.legal_placements(dom))
            return placements or [Discard(dom)]
        if phase == FIRE:
            cell, fire = self._fire[0]
            targets = kingdom.fire_targets(cell, fire)
            return [Throw(cell, fire, t) for t in targets] or [Throw(cell, fire, None)]
        if phase == TOTEM:
            choice = self._choices[0]
            return [GiveTotem(choice.resource, p) for p in choice.candidates]
        if phase == RECRUIT:
            kinds = {r for r in kingdom.resources.values()}
            out: list[Action] = [Pass()]
            if len(kinds) >= RECRUIT_COST["board"]:
                out += [Recruit(slot=i) for i, c in enumerate(self.board) if c is not None]
            if len(kinds) >= RECRUIT_COST["pile"]:
                out += [Recruit(caveman=c) for c in sorted(set(self.pile), key=_caveman_order)]
            return out
        if phase == SPEND:
            assert self._recruit is not None
            spent = self._recruit[2]
            return [Spend(cell) for cell, r in sorted(kingdom.resources.items())
                    if r not in spent]
        assert phase == SETTLE
        return [Settle(cell) for cell in kingdom.settle_targets()]

    def apply(self, action: Action, *, player: int | None = None) -> None:
        """Play ``action``; an illegal one raises :class:`IllegalAction` and changes nothing.
        ``player``, if given, must be the one to act."""
        if self.phase == OVER:
            raise IllegalAction("the game is over: no more actions", "game-over")
        if player is not None and player != self.current_player:
            raise IllegalAction(f"it is the turn of player {self.current_player}, not of "
                                f"player {player}", "turn")
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(self._why(action, legal), self._rule(action))
        self._step(legal[legal.index(action)])  # the offered value (a tuple becomes a Placement)

    def _rule(self, action: Action) -> str:
        return {PLACE: "placement", FIRE: "fire-landing", TOTEM: "totem", CLAIM: "claim",
                RECRUIT: "recruit", SPEND: "spend", SETTLE: "settle"}.get(self.phase, "action")

    def _why(self, action: Action, legal: Sequence[Action]) -> str:
        expected = sorted({type(a).__name__ for a in legal})
        if type(action).__name__ not in expected:
            return (f"{action!r} is not legal now: the {self.phase} phase expects "
                    f"{' or '.join(expected)}")
        king = self.order[self.turn]
        kingdom = self.kingdoms_[king // self.kpp]
        if isinstance(action, Placement):
            dom = self.to_place[king]
            assert dom is not None
            if action.domino != dom:
                return f"chief {king} claimed domino {dom.number}, not {action.domino.number}"
            try:
                kingdom.check(action)
            except IllegalPlacement as error:
                return str(error)
        if isinstance(action, Throw):
            try:
                kingdom.copy().throw(action.volcano, action.fire, action.target)
            except KingdominoError as error:
                return str(error)
            return f"the token to throw now is {self._fire[0][1]} fire(s) from {self._fire[0][0]}"
        if isinstance(action, Claim):
            return (f"domino {action.domino.number} cannot be claimed: free in the line are "
                    + ", ".join(str(a.domino.number) for a in legal))  # type: ignore[union-attr]
        if isinstance(action, Recruit):
            kinds = len(set(kingdom.resources.values()))
            return (f"{action!r} is not possible: {kinds} different resource(s) on the "
                    "territory, an empty slot, or no such caveman in the pile")
        if isinstance(action, Spend):
            return f"{action!r}: no resource there, or one of a kind already spent"
        if isinstance(action, Settle):
            return f"{action!r}: a caveman needs a free terrain square (no volcano, fire, " \
                "token, resource or caveman)"
        return f"{action!r} is not legal now"

    def _record(self, action: Action, player: int) -> None:
        if self._log is not None:
            self._log[-1]["actions"].append({"by": player, **encode_action(action)})

    def _step(self, action: Action) -> None:
        """Play a legal action (no checks)."""
        phase = self.phase
        king = self.order[self.turn]
        player = self.current_player
        assert player is not None
        self._record(action, player)
        kingdom = self.kingdoms_[king // self.kpp]
        if phase == CLAIM:
            assert isinstance(action, Claim)
            i = self.line.index(action.domino)
            self.claims[i] = king
            if self.round == 0 and self.options.players == 2:
                # Neolithic: dominoes 1 and 4, or 2 and 3, for this player's chiefs
                own = [k for k in range(self.options.kings) if k // 2 == king // 2]
                other = [k for k in range(self.options.kings) if k // 2 != king // 2]
                pair = (0, 3) if i == 0 else (1, 2)
                rest = [j for j in range(4) if j not in pair]
                for j, k in zip(pair, own, strict=True):
                    self.claims[j] = k
                for j, k in zip(rest, other, strict=True):
                    self.claims[j] = k
                self._end_round()
                return
            self._after_claim()
            return
        if phase == PLACE:
            if isinstance(action, Discard):
                self.discards[king // self.kpp] += 1
                kingdom.discarded += 1
                self.removed.append(action.domino.number)
                self.to_place[king] = None
                self._after_place()
                return
            assert isinstance(action, Placement)
            kingdom.push(action)
            self.to_place[king] = None
            self._fire = [(c, k) for c, k in action.volcanoes() if self.supply[k] > 0]
            if self._fire:
                self.supply[self._fire[0][1]] -= 1
                self.phase = FIRE
                return
            self._after_place()
            return
        if phase == FIRE:
            assert isinstance(action, Throw)
            kingdom.throw(action.volcano, action.fire, action.target)
            self._fire.pop(0)
            while self._fire and self.supply[self._fire[0][1]] == 0:
                self._fire.pop(0)
            if self._fire:
                self.supply[self._fire[0][1]] -= 1
                return
            self._after_place()
            return
        if phase == TOTEM:
            assert isinstance(action, GiveTotem)
            self.totems[action.resource] = action.player
            self._choices.pop(0)
            if not self._choices:
                self._to_claim()
            return
        if phase == RECRUIT:
            if isinstance(action, Pass):
                self._end_turn()
                return
            assert isinstance(action, Recruit)
            if action.slot is not None:
                caveman = self.board[action.slot]
                assert caveman is not None
                self.board[action.slot] = None
                cost = RECRUIT_COST["board"]
            else:
                assert action.caveman is not None
                caveman = action.caveman
                self.pile.remove(caveman)
                self._pile_rng.shuffle(self.pile)
                cost = RECRUIT_COST["pile"]
            self._recruit = (caveman, cost, set())
            self.phase = SPEND
            return
        if phase == SPEND:
            assert isinstance(action, Spend) and self._recruit is not None
            caveman, cost, spent = self._recruit
            spent.add(kingdom.spend(action.cell))
            if len(spent) == cost:
                self.phase = SETTLE
            return
        assert phase == SETTLE and isinstance(action, Settle) and self._recruit is not None
        kingdom.settle(action.cell, self._recruit[0])
        self._recruit = None
        self._end_turn()

    def _after_place(self) -> None:
        if self.mode is Mode.TOTEM:
            counts = [k.resource_counts() for k in self.kingdoms_]
            self.totems, self._choices = update_totems(self.totems, counts)
            if self._choices:
                self.phase = TOTEM
                return
        self._to_claim()

    def _to_claim(self) -> None:
        if self.line:
            self.phase = CLAIM
        else:
            self._end_turn()

    def _after_claim(self) -> None:
        if self.mode is Mode.TRIBE:
            self.phase = RECRUIT
            if self.legal_actions() == [Pass()]:
                self._end_turn()
            return
        self._end_turn()

    # ------------------------------------------------------------------ results
    def sheets(self) -> list[ScoreSheet]:
        """Each player's score sheet."""
        o = self.options
        return [score_sheet(k, self.mode, totems=[r for r, h in self.totems.items() if h == p],
                            totem_bonus_values=o.totem_bonus, empire_of_fire=o.empire_of_fire,
                            homo_habilis=o.homo_habilis)
                for p, k in enumerate(self.kingdoms_)]

    def scores(self) -> list[int]:
        """Each player's total."""
        return [s.total for s in self.sheets()]

    def tiebreak_keys(self) -> list[tuple[int, int, int]]:
        """(total, largest region, fire tokens) per player: the higher key wins."""
        return [tiebreak_key(k, s) for k, s in zip(self.kingdoms_, self.sheets(), strict=True)]

    def winners(self) -> list[int]:
        """The players with the best key; several share victory."""
        keys = self.tiebreak_keys()
        return [p for p, k in enumerate(keys) if k == max(keys)]

    def results(self) -> list[dict[str, Any]]:
        """Per player: the score sheet's lines and the tie-break figures."""
        out = []
        for p, (k, s) in enumerate(zip(self.kingdoms_, self.sheets(), strict=True)):
            out.append({"player": p, "score": s.total, "regions": s.regions,
                        "empire_of_fire": s.empire_of_fire, "homo_habilis": s.homo_habilis,
                        "resources": s.resources, "totems": s.totems, "cavemen": s.cavemen,
                        "largest_region": k.largest_region(), "fire_tokens": len(k.tokens),
                        "discarded": self.discards[p]})
        return out

    def snapshot(self) -> tuple[Any, ...]:
        """A comparable value of the whole state (to check an illegal action changed nothing)."""
        import json

        return (self.round, self.phase, tuple(self.order), self.turn, tuple(self.line),
                tuple(self.claims), tuple(self.to_place), tuple(self._deck),
                tuple(sorted(self.supply.items())), tuple(self.totems.items()),
                tuple(self.board), tuple(self.pile), tuple(self.removed), tuple(self.discards),
                tuple(self._fire), tuple(self._choices),
                None if self._recruit is None else (self._recruit[0], self._recruit[1],
                                                    tuple(sorted(self._recruit[2], key=str))),
                tuple((k.key(), k.bounds, k.discarded, tuple(k.history))
                      for k in self.kingdoms_),
                json.dumps(self._log))

    def observation(self, player: int | None = None) -> OriginsObservation:
        """What ``player`` (default: the one to act) sees — never the deck's or pile's order."""
        if player is None:
            player = self.current_player if self.current_player is not None else 0
        return OriginsObservation(
            self.options, player, self.round, self.phase, self.current_player, self.kingdoms,
            tuple(self.line), tuple(self.claims), tuple(self.to_place), dict(self.supply),
            dict(self.totems), tuple(self.board), len(self.pile), len(self._deck),
            None if self._recruit is None else self._recruit[0])

    def log(self) -> dict[str, Any]:
        """The game log, format ``kingdomino-origins-log/1`` (:mod:`.gamelog`)."""
        from kingdomino_kit.origins.gamelog import game_log

        return game_log(self)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"round {self.round}, {self.phase} by player " \
            f"{self.current_player}"
        return f"<OriginsGame {self.mode.value}, {self.options.players} players, seed " \
            f"{self.seed}, {state}>"


def _caveman_order(c: Caveman) -> int:
    return list(Caveman).index(c)


def encode_action(action: Action) -> dict[str, Any]:
    """A JSON-ready dict of an action (what logs store).

    >>> encode_action(Spend((0, 1))), encode_action(Pass())
    ({'spend': [0, 1]}, {'pass': True})
    """
    if isinstance(action, Placement):
        return {"place": action.domino.number, "cells": [list(action.first),
                                                         list(action.second)]}
    if isinstance(action, Discard):
        return {"discard": action.domino.number}
    if isinstance(action, Throw):
        return {"fire": action.fire, "from": list(action.volcano),
                "to": None if action.target is None else list(action.target)}
    if isinstance(action, GiveTotem):
        return {"totem": action.resource.value, "to": action.player}
    if isinstance(action, Claim):
        return {"pick": action.domino.number}
    if isinstance(action, Recruit):
        if action.slot is not None:
            return {"recruit": "board", "slot": action.slot}
        assert action.caveman is not None
        return {"recruit": "pile", "caveman": action.caveman.value}
    if isinstance(action, Spend):
        return {"spend": list(action.cell)}
    if isinstance(action, Settle):
        return {"settle": list(action.cell)}
    if isinstance(action, Pass):
        return {"pass": True}
    raise OriginsError(f"not an Origins action: {action!r}")


# --------------------------------------------------------------------------------- driver
def play(bots: Sequence[Any], options: OriginsOptions | None = None, seed: int | None = None,
         *, record: bool = True) -> OriginsGame:
    """Play a whole game, ``bots[p]`` acting for player ``p``; forced actions are played for
    them. Every bot action is checked by the rules.

    >>> from kingdomino_kit.bots import RandomBot
    >>> g = play([RandomBot(1), RandomBot(2)], OriginsOptions(players=2, mode="totem"), seed=5)
    >>> g.is_over, len(g.kingdoms_[0].history) + g.discards[0]
    (True, 24)
    """
    from kingdomino_kit.bots import as_bot

    options = options or OriginsOptions()
    if len(bots) != options.players:
        raise OriginsError(f"{options.players} players need {options.players} bots, not "
                           f"{len(bots)}")
    players = [as_bot(b) for b in bots]
    game = OriginsGame(options, seed, record=record)
    while not game.is_over:
        actions = game.legal_actions()
        if len(actions) == 1:
            game._step(actions[0])
            continue
        p = game.current_player
        assert p is not None
        bot = players[p]
        observation = None if getattr(bot, "name", "") == "random" else game.observation(p)
        game.apply(bot.choose(observation, actions), player=p)
    return game
