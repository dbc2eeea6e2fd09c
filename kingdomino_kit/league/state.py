"""A Kingdomino position as JSON: what a bot sees, the legal actions with their indices, the
text commands, and a full state that reads back into a game playing on identically.

**The observation** (format :data:`OBSERVATION_FORMAT`) is what player ``player`` may see —
every kingdom, the line and its claims, the kings' order, the dominoes to place, the discards,
the deck's size (never its order):

``{"format", "game": "kingdomino", "options": {...}, "player", "round", "phase"`` (``claim``,
``place`` or ``over``) ``, "turn", "current_king", "current_player", "order": [king, ...],
"line": [{"domino": n, "king": k or null}], "to_place": [n or null per king], "kingdoms":
[{"player", "placements": [{"domino", "cells": [[r, c], [r, c]]}], "squares": [...], "score"}],
"discarded": [n, ...], "deck_size"}``

Cells are castle-relative (the castle at ``[0, 0]``, rows down, columns right), as in game logs.
**The full state** (format :data:`STATE_FORMAT`, what ``kingdomino-kit state LOG --json``
prints) adds what no player sees: ``"seed"``, ``"deck"`` (the face-down dominoes, top first) and
``"discards"`` (each player's count); :func:`game_from_state` reads it back.

**An action** is a log's turn half with its index in the legal actions and its text command:
``{"index": 0, "pick": 7, "text": "PICK 7"}``, ``{"index": 1, "domino": 7, "cells": [[0, 1],
[0, 2]], "text": "PUT 1 0 0"}`` (``PUT x y r``: the first half's column ``x`` and row ``y``,
castle-relative, and the direction of the second half, ``r`` 0 right, 1 down, 2 left, 3 up),
``{"index": 2, "domino": 7, "discard": true, "text": "DISCARD"}``.

>>> from kingdomino_kit.game import Game, GameOptions
>>> game = Game(GameOptions(players=2), seed=4)
>>> obs = observation_json(game.observation(0))
>>> obs["phase"], len(obs["line"]), obs["deck_size"], "deck" in obs
('claim', 4, 20, False)
>>> [a["text"] for a in actions_json(game.legal_actions())][:2]
['PICK 13', 'PICK 17']
>>> again = game_from_state(state_json(game))
>>> again.legal_actions() == game.legal_actions(), again.deck_size
(True, 20)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from kingdomino_kit.dominoes import DOMINOES, domino
from kingdomino_kit.draft import CLAIM, OVER, PLACE, Claim, Discard, Phase
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game.game import Action, Game, Observation
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.grid import DIRECTIONS
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.kingdom import Kingdom, Placement, kingdom_from
from kingdomino_kit.rules import Rules

__all__ = ["DIRECTIONS", "OBSERVATION_FORMAT", "STATE_FORMAT", "StateError", "action_from_json",
           "action_json",
           "action_text", "actions_json", "game_from_state", "observation_from_json",
           "observation_json", "options_from_json", "options_json", "parse_text", "state_json"]

OBSERVATION_FORMAT = "kingdomino-kit/observation/1"
STATE_FORMAT = "kingdomino-kit/state/1"
# DIRECTIONS (the kernel's): ``r`` of ``PUT x y r`` is where the second half lies from the
# first (row, column) — right, down, left, up (the learning environments' order too)
_PHASES = {"claim": CLAIM, "place": PLACE, "over": OVER}


class StateError(KingdominoError):
    """JSON that is not a position of this format (the message names the field)."""


# --------------------------------------------------------------------------------- to JSON
def options_json(options: GameOptions) -> dict[str, Any]:
    """The options as plain data: :meth:`GameOptions.to_dict` and the kingdoms' ``size``."""
    return {**options.to_dict(), "size": options.size}


def _kingdom_json(player: int, kingdom: Kingdom, options: GameOptions) -> dict[str, Any]:
    return {"player": player,
            "placements": [{"domino": p.domino.number, "cells": [list(p.first), list(p.second)]}
                           for p in kingdom.history],
            "squares": kingdom.to_json()["squares"], "score": kingdom.total(options.rules)}


def observation_json(obs: Observation) -> dict[str, Any]:
    """What ``obs.player`` sees, as JSON (see the module)."""
    o = obs.options
    return {"format": OBSERVATION_FORMAT, "game": "kingdomino", "options": options_json(o),
            "player": obs.player, "round": obs.round, "phase": str(obs.phase.value),
            "turn": obs.turn, "current_king": obs.current_king,
            "current_player": obs.current_player, "order": list(obs.order),
            "line": [{"domino": d.number, "king": k}
                     for d, k in zip(obs.line, obs.line_claims, strict=True)],
            "to_place": [None if d is None else d.number for d in obs.to_place],
            "kingdoms": [_kingdom_json(p, k, o) for p, k in enumerate(obs.kingdoms)],
            "discarded": list(obs.discarded), "deck_size": obs.deck_size}


def state_json(game: Game, player: int | None = None) -> dict[str, Any]:
    """The full state of ``game`` (as seen by ``player``, default the one to act, or 0 when
    the game is over): the observation and what no player sees — seed, deck, discards."""
    if player is None:
        player = game.current_player if game.current_player is not None else 0
    out = observation_json(game.observation(player))
    out["format"] = STATE_FORMAT
    out.update(seed=game.seed, deck=list(game._deck), discards=list(game.discards))
    return out


def action_text(action: Action) -> str:
    """The text command of an action: ``PICK n``, ``PUT x y r`` or ``DISCARD``.

    >>> action_text(Placement(domino(7), (0, 1), (1, 1)))
    'PUT 1 0 1'
    """
    if isinstance(action, Claim):
        return f"PICK {action.domino.number}"
    if isinstance(action, Discard):
        return "DISCARD"
    (r1, c1), (r2, c2) = action.first, action.second
    return f"PUT {c1} {r1} {DIRECTIONS.index((r2 - r1, c2 - c1))}"


def action_json(action: Action, index: int | None = None) -> dict[str, Any]:
    """An action as the protocol lists it (see the module)."""
    out: dict[str, Any] = {} if index is None else {"index": index}
    if isinstance(action, Claim):
        out["pick"] = action.domino.number
    elif isinstance(action, Discard):
        out.update(domino=action.domino.number, discard=True)
    else:
        out.update(domino=action.domino.number,
                   cells=[list(action.first), list(action.second)])
    out["text"] = action_text(action)
    return out


def actions_json(actions: Sequence[Action]) -> list[dict[str, Any]]:
    """The legal actions, each with its index."""
    return [action_json(a, i) for i, a in enumerate(actions)]


def parse_text(text: str, actions: Sequence[Action]) -> int | None:
    """The index of the action a text command names (``PICK n``, ``PUT x y r``, ``DISCARD``,
    case and spacing free), or None when it names none of ``actions``.

    >>> acts = [Claim(domino(3)), Claim(domino(9))]
    >>> parse_text("pick 9", acts), parse_text("PICK 4", acts), parse_text("PUT 0 1", acts)
    (1, None, None)
    """
    wanted = " ".join(text.split()).upper()
    for i, action in enumerate(actions):
        if action_text(action) == wanted:
            return i
    return None


# --------------------------------------------------------------------------------- from JSON
def _get(data: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise StateError(f"{where}: missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise StateError(f"{where}: field {key!r}: unexpected value {shown(value)}")
    return value


def options_from_json(data: Any, where: str = "options") -> GameOptions:
    """The options :func:`options_json` wrote."""
    bonuses = {k: _get(data, k, bool, where) for k in Rules().to_json()
               if k != "size" and isinstance(data, dict) and k in data}
    try:
        return GameOptions(players=_get(data, "players", int, where),
                           variant=_get(data, "variant", str, where),
                           three_player_draw=_get(data, "three_player_draw", int, where),
                           strict_discard=_get(data, "strict_discard", bool, where),
                           rules=Rules(_get(data, "size", int, where), **bonuses))
    except KingdominoError as error:
        raise StateError(f"{where}: {error}") from None


def _number(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 48:
        raise StateError(f"{where}: not a domino number: {shown(value)}")
    return value


def _kingdom(data: Any, size: int, where: str) -> Kingdom:
    placements = []
    for i, p in enumerate(_get(data, "placements", list, where)):
        cells = _get(p, "cells", list, f"{where} placement {i}")
        try:
            (r1, c1), (r2, c2) = ((int(r), int(c)) for r, c in cells)
        except (TypeError, ValueError):
            raise StateError(f"{where} placement {i}: cells {shown(cells)}") from None
        number = _number(_get(p, "domino", int, f"{where} placement {i}"), where)
        placements.append(Placement(domino(number), (r1, c1), (r2, c2)))
    try:
        return kingdom_from(placements, size)
    except KingdominoError as error:
        raise StateError(f"{where}: {error}") from None


def action_from_json(data: Any) -> Action:
    """The action :func:`action_json` wrote.

    >>> action_from_json({"domino": 7, "cells": [[0, 1], [1, 1]]}) == Placement(
    ...     domino(7), (0, 1), (1, 1))
    True
    """
    if isinstance(data, dict) and "pick" in data:
        return Claim(domino(_number(data["pick"], "pick")))
    number = _number(_get(data, "domino", int, "action"), "action")
    if data.get("discard") is True:
        return Discard(domino(number))
    cells = _get(data, "cells", list, "action")
    try:
        (r1, c1), (r2, c2) = ((int(r), int(c)) for r, c in cells)
    except (TypeError, ValueError):
        raise StateError(f"action: cells {shown(cells)}") from None
    return Placement(domino(number), (r1, c1), (r2, c2))


def observation_from_json(data: Any) -> Observation:
    """The :class:`~kingdomino_kit.game.Observation` that :func:`observation_json` wrote (or
    a full state's): what a bot written for the kit's ``choose(observation, actions)`` takes."""
    fmt = _get(data, "format", str, "position")
    if fmt not in (OBSERVATION_FORMAT, STATE_FORMAT):
        raise StateError(f"position: format {fmt!r}, not {OBSERVATION_FORMAT}")
    options = options_from_json(_get(data, "options", dict, "position"))
    phase = _PHASES.get(_get(data, "phase", str, "position"))
    if phase is None:
        raise StateError(f"position: phase {data['phase']!r} is not claim, place or over")
    line = _get(data, "line", list, "position")
    kingdoms = _get(data, "kingdoms", list, "position")
    if len(kingdoms) != options.players:
        raise StateError(f"position: {len(kingdoms)} kingdoms for {options.players} players")
    to_place = _get(data, "to_place", list, "position")
    return Observation(
        options=options, player=_get(data, "player", int, "position"),
        round=_get(data, "round", int, "position"), phase=phase,
        current_king=data.get("current_king"), current_player=data.get("current_player"),
        kingdoms=tuple(_kingdom(k, options.size, f"kingdom {p}")
                       for p, k in enumerate(kingdoms)),
        line=tuple(DOMINOES[_number(_get(s, "domino", int, "line"), "line") - 1] for s in line),
        line_claims=tuple(s.get("king") for s in line),
        to_place=tuple(None if n is None else DOMINOES[_number(n, "to_place") - 1]
                       for n in to_place),
        order=tuple(_get(data, "order", list, "position")),
        turn=_get(data, "turn", int, "position"),
        deck_size=_get(data, "deck_size", int, "position"),
        discarded=tuple(_get(data, "discarded", list, "position")))


class _Dealt(random.Random):
    """The random source :meth:`Game.from_observation` deals the hidden deck with, dealing the
    state's own deck (which must be made of the dominoes the observation has not seen)."""

    def __init__(self, deck: list[int]) -> None:
        super().__init__(0)
        self.deck = deck

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        if len(self.deck) != k or len(set(self.deck)) != k or not set(self.deck) <= set(
                population):
            raise StateError(f"state: the deck {shown(self.deck)} is not {k} of the dominoes "
                             "not seen yet")
        return list(self.deck)


def game_from_state(data: Any) -> Game:
    """The game a full state (:func:`state_json`) describes: the same legal actions, the same
    deck to come, the same scores at the end whatever is played (it records no log)."""
    if _get(data, "format", str, "state") != STATE_FORMAT:
        raise StateError(f"state: format {data['format']!r}, not {STATE_FORMAT} (an "
                         "observation hides the deck: it does not make a game)")
    obs = observation_from_json(data)
    deck = [_number(n, "deck") for n in _get(data, "deck", list, "state")]
    if len(deck) != obs.deck_size:
        raise StateError(f"state: deck of {len(deck)} dominoes, but deck_size {obs.deck_size}")
    discards = _get(data, "discards", list, "state")
    game = Game.from_observation(obs, _Dealt(deck))
    game.discards = [int(n) for n in discards]
    game.seed = _get(data, "seed", int, "state")
    return game


def phase_of(data: dict[str, Any]) -> Phase:
    """The phase a position JSON names."""
    return _PHASES[data["phase"]]
