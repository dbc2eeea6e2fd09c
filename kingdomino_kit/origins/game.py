"""The Origins drafting game in its three modes: state, legal actions, observations, scores
and a bot driver, on the drafting loop every game of the kit shares (:mod:`kingdomino_kit.draft`).

Rules: ``docs/rules/origins.md``. Options: :mod:`.options`; actions and their log encoding:
:mod:`.actions`. A turn of a chief is: place the domino it claimed (or discard it when it has
no legal placement), throw the fire token of each volcano placed (the box supply permitting; a
token with no square allowed goes back to the box), in Totem mode let the holder of a totem
whose majority became a tie choose who gets it, claim a domino of the new line, and in Tribe
mode optionally recruit a caveman (spend 2 different resources for a face-up one, 4 for any one
of the pile, then settle it on the territory). An illegal action raises
:class:`~kingdomino_kit.origins.errors.IllegalAction` naming the rule and changes nothing.

With 2 players (Neolithic), in the first line the first chief drawn takes dominoes 1 and 4 or
2 and 3 (action: claim domino 1 or 2), the other player the remaining two.

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.origins.gamelog import replay
>>> g = play([RandomBot(seed=p) for p in range(3)], OriginsOptions(players=3, mode="tribe"),
...          seed=4)
>>> g.is_over, len(g.scores()), g.scores() == replay(g.log()).scores()
(True, 3, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino_kit.draft import (
    CLAIM,
    OVER,
    PLACE,
    Claim,
    Discard,
    DraftGame,
    DraftObservation,
    Phase,
    drive,
)
from kingdomino_kit.errors import IllegalPlacement, InvariantError, KingdominoError
from kingdomino_kit.grid import Cell
from kingdomino_kit.logs import LOG_FORMATS
from kingdomino_kit.origins.actions import (
    Action,
    GiveTotem,
    Pass,
    Recruit,
    Settle,
    Spend,
    encode_action,
)
from kingdomino_kit.origins.catalogue import Domino, Resource
from kingdomino_kit.origins.errors import IllegalAction
from kingdomino_kit.origins.fire import TOKEN_SUPPLY, Throw
from kingdomino_kit.origins.kingdom import OriginsKingdom, Placement
from kingdomino_kit.origins.options import OriginsOptions, catalogue_hash
from kingdomino_kit.origins.scoring import Mode, ScoreSheet, score_sheet, tiebreak_key
from kingdomino_kit.origins.totem import TotemChoice, update_totems
from kingdomino_kit.origins.tribe import CAVEMEN, RECRUIT_COST, Caveman
from kingdomino_kit.seeds import derive_seed

__all__ = ["OriginsOptions", "OriginsGame", "OriginsObservation", "Discard", "Claim",
           "GiveTotem", "Recruit", "Spend", "Settle", "Pass", "Action", "play", "catalogue_hash",
           "encode_action"]

FIRE, TOTEM, RECRUIT, SPEND, SETTLE = (Phase.FIRE, Phase.TOTEM, Phase.RECRUIT, Phase.SPEND,
                                      Phase.SETTLE)
LOG_FORMAT = LOG_FORMATS["origins"][0]
"""The name of the Origins game log format, ``kingdomino-kit/origins-log/1`` (see
:mod:`kingdomino_kit.origins.gamelog`; logs named ``kingdomino-origins-log/1`` still read)."""
BOARD_SLOTS = 4
_RULES = {PLACE: "placement", FIRE: "fire-landing", TOTEM: "totem", CLAIM: "claim",
          RECRUIT: "recruit", SPEND: "spend", SETTLE: "settle"}


# --------------------------------------------------------------------------------- observation
@dataclass(frozen=True)
class OriginsObservation(DraftObservation[OriginsOptions, OriginsKingdom, Domino]):
    """What ``player`` sees: every territory, the line and claims, the phase, the supply of
    fire tokens, totems, the cave board and the sizes (not the order) of the deck and pile."""

    supply: dict[int, int]
    totems: dict[Resource, int | None]
    board: tuple[Caveman | None, ...]
    pile_size: int
    recruiting: Caveman | None = None


# --------------------------------------------------------------------------------- the game
class OriginsGame(DraftGame[OriginsOptions, OriginsKingdom, Domino]):
    """One game's state; the same options and seed give the same deck, chiefs' order and pile.

    >>> g = OriginsGame(OriginsOptions(players=4), seed=1)
    >>> g.phase, len(g.legal_actions()), g.deck_size
    (<Phase.CLAIM: 'claim'>, 4, 44)
    >>> g.apply(Pass())
    Traceback (most recent call last):
    ...
    kingdomino_kit.origins.errors.IllegalAction: Pass() is not legal now: the claim phase \
expects Claim... (claim rule)
    """

    def __init__(self, options: OriginsOptions | None = None, seed: int | None = None, *,
                 record: bool = True) -> None:
        super().__init__(options or OriginsOptions(), seed, record=record)

    # ------------------------------------------------------------------ hooks
    def _illegal(self, message: str, rule: str) -> KingdominoError:
        return IllegalAction(message, rule)

    def _box(self) -> list[Any]:
        return list(self.options.catalogue)

    def _new_kingdom(self) -> OriginsKingdom:
        return OriginsKingdom(self.options.size, with_resources=self.options.with_resources)

    def _setup(self) -> None:
        self.mode = Mode.parse(self.options.mode)
        self._pile_rng = random.Random(derive_seed(self.seed, "origins-pile"))
        self.supply = dict(TOKEN_SUPPLY)
        self.totems: dict[Resource, int | None] = dict.fromkeys(Resource)
        self.pile: list[Caveman] = []
        self.board: list[Caveman | None] = [None] * BOARD_SLOTS
        if self.mode is Mode.TRIBE:
            self.pile = list(CAVEMEN)
            self._pile_rng.shuffle(self.pile)
        self._fire: list[tuple[Cell, int]] = []
        self._choices: list[TotemChoice] = []
        self._recruit: tuple[Caveman, int, set[Resource]] | None = None

    def _new_line(self) -> None:
        if self.mode is Mode.TRIBE:
            for i in range(BOARD_SLOTS):
                if self.board[i] is None and self.pile:
                    self.board[i] = self.pile.pop()

    def _round_entry(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"line": [d.number for d in self.line], "actions": []}
        if self.mode is Mode.TRIBE:
            entry["board"] = [c.value if c else None for c in self.board]
        return entry

    def _after_place(self) -> None:
        if self.mode is Mode.TOTEM:
            counts = [k.resource_counts() for k in self._kingdoms]
            self.totems, self._choices = update_totems(self.totems, counts)
            if self._choices:
                self.phase = TOTEM
                return
        self._to_claim()

    def _after_claim(self) -> None:
        if self.mode is Mode.TRIBE:
            self.phase = RECRUIT
            if self.legal_actions() == [Pass()]:
                self._end_turn()
            return
        self._end_turn()

    # ------------------------------------------------------------------ queries
    @property
    def kpp(self) -> int:
        """Chiefs per player."""
        return self._kpp

    @property
    def kingdoms_(self) -> list[OriginsKingdom]:
        """The territories themselves (not copies), by player."""
        return self._kingdoms

    @property
    def removed(self) -> list[int]:
        """Numbers of the dominoes out of the game: discarded, or unclaimed (3 players)."""
        return self.discarded

    @property
    def current_player(self) -> int | None:
        """The player to act: the chief's owner, or a totem's holder choosing who gets it."""
        if self.phase is OVER:
            return None
        if self.phase is TOTEM:
            return self._choices[0].holder
        return self.order[self.turn] // self._kpp

    # ------------------------------------------------------------------ actions
    def legal_actions(self) -> list[Action]:
        """Every legal action now (empty when the game is over).

        >>> g = OriginsGame(OriginsOptions(players=2), seed=3)
        >>> [a.domino.number for a in g.legal_actions()] == [d.number for d in g.line[:2]]
        True
        """
        phase = self.phase
        if phase is OVER:
            return []
        king = self.order[self.turn]
        kingdom = self._kingdoms[king // self._kpp]
        if phase is CLAIM:
            if self.round == 0 and self.options.players == 2:
                return [Claim(self.line[0]), Claim(self.line[1])]
            return list(self._free_claims())
        if phase is PLACE:
            dom = self.to_place[king]
            if dom is None:
                raise InvariantError("expected dom is not None")
            placements: list[Action] = list(kingdom.legal_placements(dom))
            return placements or [Discard(dom)]
        if phase is FIRE:
            cell, fire = self._fire[0]
            targets = kingdom.fire_targets(cell, fire)
            return [Throw(cell, fire, t) for t in targets] or [Throw(cell, fire, None)]
        if phase is TOTEM:
            choice = self._choices[0]
            return [GiveTotem(choice.resource, p) for p in choice.candidates]
        if phase is RECRUIT:
            kinds = set(kingdom.resources.values())
            out: list[Action] = [Pass()]
            if len(kinds) >= RECRUIT_COST["board"]:
                out += [Recruit(slot=i) for i, c in enumerate(self.board) if c is not None]
            if len(kinds) >= RECRUIT_COST["pile"]:
                out += [Recruit(caveman=c) for c in sorted(set(self.pile), key=_caveman_order)]
            return out
        if phase is SPEND:
            if self._recruit is None:
                raise InvariantError("expected self._recruit is not None")
            spent = self._recruit[2]
            return [Spend(cell) for cell, r in sorted(kingdom.resources.items())
                    if r not in spent]
        if phase is not SETTLE:
            raise InvariantError("expected phase is SETTLE")
        return [Settle(cell) for cell in kingdom.settle_targets()]

    def apply(self, action: Action, *, player: int | None = None) -> None:
        """Play ``action``; an illegal one raises :class:`IllegalAction` and changes nothing.
        ``player``, if given, must be the one to act."""
        self._check_turn(player, None)
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(self._why(action, legal), _RULES.get(self.phase, "action"))
        self._step(legal[legal.index(action)])  # the offered value (a tuple becomes a Placement)

    def _why(self, action: Action, legal: Sequence[Action]) -> str:
        expected = sorted({type(a).__name__ for a in legal})
        if type(action).__name__ not in expected:
            return (f"{action!r} is not legal now: the {self.phase} phase expects "
                    f"{' or '.join(expected)}")
        king = self.order[self.turn]
        kingdom = self._kingdoms[king // self._kpp]
        if isinstance(action, Placement):
            dom = self.to_place[king]
            if dom is None:
                raise InvariantError("expected dom is not None")
            if action.domino != dom:
                return f"chief {king} claimed {dom!r}, not {action.domino!r}"
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
            return (f"{action!r} cannot be claimed: free in the line are "
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

    def _step(self, action: Action) -> None:
        """Play a legal action (no checks)."""
        phase = self.phase
        king = self.order[self.turn]
        player = self.current_player
        if player is None:
            raise InvariantError("expected player is not None")
        if self._log is not None:
            self._log[-1]["actions"].append({"by": player, **encode_action(action)})
        kingdom = self._kingdoms[king // self._kpp]
        if phase is CLAIM:
            if not isinstance(action, Claim):
                raise InvariantError("expected isinstance(action, Claim)")
            i = self._claim(action.domino, king)
            if self.round == 0 and self.options.players == 2:
                self._neolithic_first_pick(i, king)
                return
            self._after_claim()
        elif phase is PLACE:
            if isinstance(action, Discard):
                self._discard(king)
                kingdom.discarded += 1
                self._after_place()
                return
            if not isinstance(action, Placement):
                raise InvariantError("expected isinstance(action, Placement)")
            kingdom.push(action)
            self.to_place[king] = None
            self._fire = [(c, k) for c, k in action.volcanoes() if self.supply[k] > 0]
            self._next_fire()
        elif phase is FIRE:
            if not isinstance(action, Throw):
                raise InvariantError("expected isinstance(action, Throw)")
            kingdom.throw(action.volcano, action.fire, action.target)
            self._fire.pop(0)
            while self._fire and self.supply[self._fire[0][1]] == 0:
                self._fire.pop(0)
            self._next_fire()
        elif phase is TOTEM:
            if not isinstance(action, GiveTotem):
                raise InvariantError("expected isinstance(action, GiveTotem)")
            self.totems[action.resource] = action.player
            self._choices.pop(0)
            if not self._choices:
                self._to_claim()
        else:
            self._step_recruit(action, kingdom)

    def _neolithic_first_pick(self, i: int, king: int) -> None:
        """Neolithic: dominoes 1 and 4, or 2 and 3, for this player's chiefs; the other player
        gets the other two, and the first line is claimed."""
        own = [k for k in range(self.options.kings) if k // 2 == king // 2]
        other = [k for k in range(self.options.kings) if k // 2 != king // 2]
        pair = (0, 3) if i == 0 else (1, 2)
        rest = [j for j in range(4) if j not in pair]
        for j, k in zip(pair, own, strict=True):
            self.claims[j] = k
        for j, k in zip(rest, other, strict=True):
            self.claims[j] = k
        self._end_round()

    def _next_fire(self) -> None:
        """Take the next volcano's token from the box (phase fire), or go on."""
        if self._fire:
            self.supply[self._fire[0][1]] -= 1
            self.phase = FIRE
            return
        self._after_place()

    def _step_recruit(self, action: Action, kingdom: OriginsKingdom) -> None:
        phase = self.phase
        if phase is RECRUIT:
            if isinstance(action, Pass):
                self._end_turn()
                return
            if not isinstance(action, Recruit):
                raise InvariantError("expected isinstance(action, Recruit)")
            if action.slot is not None:
                caveman = self.board[action.slot]
                if caveman is None:
                    raise InvariantError("expected caveman is not None")
                self.board[action.slot] = None
                cost = RECRUIT_COST["board"]
            else:
                if action.caveman is None:
                    raise InvariantError("expected action.caveman is not None")
                caveman = action.caveman
                self.pile.remove(caveman)
                self._pile_rng.shuffle(self.pile)
                cost = RECRUIT_COST["pile"]
            self._recruit = (caveman, cost, set())
            self.phase = SPEND
            return
        if phase is SPEND:
            if not (isinstance(action, Spend) and self._recruit is not None):
                raise InvariantError("expected a Spend while recruiting")
            caveman, cost, spent = self._recruit
            spent.add(kingdom.spend(action.cell))
            if len(spent) == cost:
                self.phase = SETTLE
            return
        if not (phase is SETTLE and isinstance(action, Settle) and self._recruit is not None):
            raise InvariantError("expected a Settle while recruiting")
        kingdom.settle(action.cell, self._recruit[0])
        self._recruit = None
        self._end_turn()

    # ------------------------------------------------------------------ results
    def sheets(self) -> list[ScoreSheet]:
        """Each player's score sheet."""
        o = self.options
        return [score_sheet(k, self.mode, totems=[r for r, h in self.totems.items() if h == p],
                            totem_bonus_values=o.totem_bonus, empire_of_fire=o.empire_of_fire,
                            homo_habilis=o.homo_habilis, fire_count=o.fire_count)
                for p, k in enumerate(self._kingdoms)]

    def scores(self) -> list[int]:
        """Each player's total."""
        return [s.total for s in self.sheets()]

    def tiebreak_keys(self) -> list[tuple[int, int, int]]:
        """(total, largest region, fire tokens — or fire symbols under the ``symbols`` fire
        count) per player: the higher key wins."""
        return [tiebreak_key(k, s, self.options.fire_count)
                for k, s in zip(self._kingdoms, self.sheets(), strict=True)]

    def results(self) -> list[dict[str, Any]]:
        """Per player: the score sheet's lines and the tie-break figures."""
        out = []
        for p, (k, s) in enumerate(zip(self._kingdoms, self.sheets(), strict=True)):
            out.append({"player": p, "score": s.total, "regions": s.regions,
                        "empire_of_fire": s.empire_of_fire, "homo_habilis": s.homo_habilis,
                        "resources": s.resources, "totems": s.totems, "cavemen": s.cavemen,
                        "largest_region": k.largest_region(), "fire_symbols": k.fire_symbols(),
                        "fire_tokens": len(k.tokens), "discarded": self.discards[p]})
        return out

    # ------------------------------------------------------------------ views
    def _snapshot_extra(self) -> tuple[Any, ...]:
        return (tuple(sorted(self.supply.items())), tuple(self.totems.items()),
                tuple(self.board), tuple(self.pile), tuple(self._fire), tuple(self._choices),
                None if self._recruit is None else (self._recruit[0], self._recruit[1],
                                                    tuple(sorted(self._recruit[2], key=str))),
                tuple((k.key(), k.discarded) for k in self._kingdoms))

    def _copy_extra(self, game: Any) -> None:
        game.supply = dict(self.supply)
        game.totems = dict(self.totems)
        game.pile = list(self.pile)
        game.board = list(self.board)
        game._fire = list(self._fire)
        game._choices = list(self._choices)
        if self._recruit is not None:
            game._recruit = (self._recruit[0], self._recruit[1], set(self._recruit[2]))
        game._pile_rng = random.Random()
        game._pile_rng.setstate(self._pile_rng.getstate())

    def observation(self, player: int | None = None) -> OriginsObservation:
        """What ``player`` (default: the one to act) sees — never the deck's or pile's order.

        >>> obs = OriginsGame(OriginsOptions(players=3, mode="tribe"), seed=2).observation()
        >>> obs.deck_size, obs.pile_size, len(obs.board)
        (44, 18, 4)
        """
        return OriginsObservation(
            **self._observation_fields(player), supply=dict(self.supply),
            totems=dict(self.totems), board=tuple(self.board), pile_size=len(self.pile),
            recruiting=None if self._recruit is None else self._recruit[0])

    def log(self) -> dict[str, Any]:
        """The game log (format :data:`LOG_FORMAT`, replayed by :mod:`.gamelog`), finished or
        not; needs ``record=True`` (the default)."""
        if self._log is None:
            raise KingdominoError("this game was played with record=False: it kept no log")
        o = self.options
        return {
            "format": LOG_FORMAT, "players": o.players, "mode": o.mode, "size": o.size,
            "totem_bonus": o.totem_bonus, "empire_of_fire": o.empire_of_fire,
            "homo_habilis": o.homo_habilis, "fire_count": o.fire_count,
            "catalogue": o.catalogue.name,
            "catalogue_hash": catalogue_hash(o.catalogue), "seed": self.seed,
            "rounds": json.loads(json.dumps(self._log)),
            "scores": self.results(), "winners": self.winners(),
        }

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"round {self.round}, {self.phase} by player " \
            f"{self.current_player}"
        return f"<OriginsGame {self.mode.value}, {self.options.players} players, seed " \
            f"{self.seed}, {state}>"


def _caveman_order(c: Caveman) -> int:
    return list(Caveman).index(c)


# --------------------------------------------------------------------------------- driver
def play(bots: Sequence[Any], options: OriginsOptions | None = None, seed: int | None = None,
         *, record: bool = True) -> OriginsGame:
    """Play a whole game, ``bots[p]`` acting for player ``p``; forced actions are played for
    them. Bots from :mod:`kingdomino_kit.bots` are trusted to return one of the actions given;
    any other bot's action is checked by the rules (:func:`kingdomino_kit.draft.drive`).

    >>> from kingdomino_kit.bots import RandomBot
    >>> g = play([RandomBot(1), RandomBot(2)], OriginsOptions(players=2, mode="totem"), seed=5)
    >>> g.is_over, len(g.kingdoms_[0].history) + g.discards[0]
    (True, 24)
    """
    game = OriginsGame(options, seed, record=record)
    drive(game, bots)
    return game
