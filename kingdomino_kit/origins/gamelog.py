"""Origins game logs (format ``kingdomino-kit/origins-log/1``), re-checked rule by rule on
replay. Logs named ``kingdomino-origins-log/1`` (the same format under its first name) still read.

::

    {"format": "kingdomino-kit/origins-log/1", "players": 2-4, "mode": "discovery" | "totem" |
     "tribe", "size": 5 | 7, "totem_bonus": "flat" | "scarcity", "empire_of_fire": bool,
     "homo_habilis": bool, "fire_count": "tokens" | "symbols", "catalogue": name,
     "catalogue_hash": 12 hex digits, "seed": int,
     "rounds": [{"line": [sorted numbers; [] in the last round], "board": [cavemen] (Tribe),
                 "actions": [{"by": player, <one action>}, ...]}],
     "scores": [{"player": int, "score": int, ...}], "winners": [int, ...]}

An action is one of ``{"pick": n}``, ``{"place": n, "cells": [[r, c], [r, c]]}``,
``{"discard": n}``, ``{"fire": k, "from": [r, c], "to": [r, c] | null}``,
``{"totem": resource, "to": player}``, ``{"recruit": "board", "slot": i}``,
``{"recruit": "pile", "caveman": name}``, ``{"spend": [r, c]}``, ``{"settle": [r, c]}``,
``{"pass": true}``; cells are hut-relative. Forced actions are logged too. The deck, the first
chiefs' order and the caveman pile come from the seed (as in :class:`OriginsGame`).

A log replays under the rules it was played with. Logs written before a field existed carry the
rules of their time (:data:`OLD_DEFAULTS`): without ``empire_of_fire`` / ``homo_habilis`` both
supplementary rules were on; without ``fire_count`` the fire lady and the tie-break counted fire
symbols (``"symbols"``).

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.origins.game import OriginsOptions, play
>>> log = play([RandomBot(1), RandomBot(2), RandomBot(3)], OriginsOptions(3, "totem"),
...            seed=2).log()
>>> replay(log).scores() == [s["score"] for s in log["scores"]]
True
>>> log["rounds"][1]["actions"][0]["cells"] = [[4, 4], [4, 5]]
>>> replay(log)
Traceback (most recent call last):
...
kingdomino_kit.errors.LogError: round 1: ...
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kingdomino_kit.errors import KingdominoError, LogError
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.logs import (
    check_bots,
    check_format,
    check_keys,
    check_results,
    dumps,
    loads,
)
from kingdomino_kit.origins.catalogue import Catalogue, Resource, earlier_samples
from kingdomino_kit.origins.errors import IllegalAction
from kingdomino_kit.origins.fire import Throw
from kingdomino_kit.origins.game import (
    LOG_FORMAT,
    Action,
    Claim,
    Discard,
    GiveTotem,
    OriginsGame,
    OriginsOptions,
    Pass,
    Recruit,
    Settle,
    Spend,
    catalogue_hash,
)
from kingdomino_kit.origins.kingdom import Placement
from kingdomino_kit.origins.scoring import EMPIRE_OF_FIRE_BONUS, Mode
from kingdomino_kit.origins.tribe import Caveman

__all__ = ["FORMAT", "LogError", "replay", "dumps", "loads", "decode_action"]

FORMAT = LOG_FORMAT


def _number(item: dict[str, Any], key: str, r: int) -> int:
    value = item.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise LogError(f"'{key}' must be a number, not {shown(value)} in {shown(item)}", round=r)
    return value


def _cell(value: Any, what: str, r: int) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)):
        raise LogError(f"{what} must be [row, col], not {shown(value)}", round=r)
    return (value[0], value[1])


FIELDS = frozenset({"format", "players", "mode", "size", "totem_bonus", "empire_of_fire",
                    "homo_habilis", "fire_count", "catalogue", "catalogue_hash", "seed",
                    "rounds", "scores", "winners", "bots", "bot_seeds"})
"""The fields of a log (``catalogue`` names the catalogue for people, ``catalogue_hash``
identifies it; ``bots`` and ``bot_seeds`` are annotations the command line adds — none of
them is replayed)."""

OLD_DEFAULTS: dict[str, Any] = {"empire_of_fire": True, "homo_habilis": True,
                                "fire_count": "symbols"}
"""The rule of a log that has no such field: what the kit played when logs did not record it
(both supplementary rules on; fire symbols counted)."""

ACTION_FIELDS: dict[str, tuple[frozenset[str], ...]] = {
    "pick": (frozenset({"pick"}),), "place": (frozenset({"place", "cells"}),),
    "discard": (frozenset({"discard"}),), "fire": (frozenset({"fire", "from", "to"}),),
    "totem": (frozenset({"totem", "to"}),),
    "recruit": (frozenset({"recruit", "slot"}), frozenset({"recruit", "caveman"})),
    "spend": (frozenset({"spend"}),), "settle": (frozenset({"settle"}),),
    "pass": (frozenset({"pass"}),)}
"""Each action's fields (besides ``by``, the player acting)."""


def decode_action(item: dict[str, Any], game: OriginsGame, r: int) -> Action:
    """The action a log entry describes (dominoes looked up in the game's catalogue)."""
    kind = next((k for k in ACTION_FIELDS if k in item), None)
    fields = set(item) - {"by"}
    if kind is not None and fields not in ACTION_FIELDS[kind]:
        raise LogError(f"action {shown(item)}: a {kind} action has the fields "
                       + " or ".join(", ".join(sorted(f)) for f in ACTION_FIELDS[kind])
                       + " (and 'by')", round=r)
    cat = game.options.catalogue
    try:
        if "pick" in item:
            return Claim(cat.domino(_number(item, "pick", r)))
        if "place" in item:
            cells = item.get("cells")
            if not isinstance(cells, list) or len(cells) != 2:
                raise LogError("'cells' must be [[r, c], [r, c]]", round=r)
            return Placement(cat.domino(_number(item, "place", r)), _cell(cells[0], "a cell", r),
                             _cell(cells[1], "a cell", r))
        if "discard" in item:
            return Discard(cat.domino(_number(item, "discard", r)))
        if "fire" in item:
            to = item.get("to")
            return Throw(_cell(item.get("from"), "'from'", r), _number(item, "fire", r),
                         None if to is None else _cell(to, "'to'", r))
        if "totem" in item:
            if not isinstance(item["totem"], str):
                raise LogError(f"'totem' must be a resource, not {shown(item['totem'])}", round=r)
            return GiveTotem(Resource(item["totem"]), _number(item, "to", r))
        if "recruit" in item:
            if item["recruit"] == "board":
                return Recruit(slot=_number(item, "slot", r))
            if item["recruit"] != "pile" or not isinstance(item.get("caveman"), str):
                raise LogError(f"'recruit' is \"board\" with a 'slot' or \"pile\" with a "
                               f"'caveman', not {shown(item)}", round=r)
            return Recruit(caveman=Caveman.parse(item["caveman"]))
        if "spend" in item:
            return Spend(_cell(item["spend"], "'spend'", r))
        if "settle" in item:
            return Settle(_cell(item["settle"], "'settle'", r))
        if item.get("pass") is True:
            return Pass()
    except LogError:
        raise
    except (KingdominoError, KeyError, TypeError, ValueError) as error:
        raise LogError(f"cannot read action {shown(item)}: {error}", round=r) from None
    raise LogError(f"unknown action {shown(item)}", round=r)


def _options(data: dict[str, Any], catalogue: Catalogue | None) -> OriginsOptions:
    check_format(data, "origins")
    check_keys(data, FIELDS, "the log")
    if not isinstance(data.get("catalogue", ""), str):
        raise LogError(f"field 'catalogue': the catalogue's name, not {shown(data['catalogue'])}")
    try:
        kwargs: dict[str, Any] = {
            "players": data["players"], "mode": data["mode"], "totem_bonus": data["totem_bonus"]}
    except KeyError as error:
        raise LogError(f"missing field {shown(error.args[0])}") from None
    for name, old in OLD_DEFAULTS.items():
        kwargs[name] = data.get(name, old)
    if catalogue is not None:
        kwargs["catalogue"] = catalogue
    try:
        options = OriginsOptions(**kwargs)
    except KingdominoError as error:
        raise LogError(f"options: {error}") from None
    want = data.get("catalogue_hash")
    if want is not None and not isinstance(want, str):
        raise LogError(f"field 'catalogue_hash': must be text, not {shown(want)}")
    if want is not None and want != catalogue_hash(options.catalogue) and catalogue is None:
        # played with a sample the kit shipped before: replayed with it
        earlier = next((c for c in earlier_samples() if catalogue_hash(c) == want), None)
        if earlier is not None:
            options = OriginsOptions(**kwargs, catalogue=earlier)
    if want is not None and want != catalogue_hash(options.catalogue):
        had = want[:16] if want.isalnum() else shown(want)[:20]
        raise LogError(f"the log was played with catalogue {shown(data.get('catalogue'))[:60]} "
                       f"(hash {had}), not {catalogue_hash(options.catalogue)}: "
                       "replay it with the catalogue it was played with (--catalogue FILE)",
                       "catalogue")
    size = data.get("size", options.size)
    if type(size) is not int or size != options.size:
        raise LogError(f"field 'size': {options.players} players play {options.size}×"
                       f"{options.size}, not {shown(data.get('size'))}", "size")
    check_bots(data, options.players)
    return options


def replay(log: dict[str, Any] | str, *, catalogue: Catalogue | None = None) -> OriginsGame:
    """Re-play a log through the rules; return the finished game or raise :class:`LogError`
    naming the round and the rule (the sample catalogue unless ``catalogue`` is given)."""
    data = loads(log) if isinstance(log, str) else log
    if not isinstance(data, dict):
        raise LogError(f"a log must be a JSON object, not {shown(data)}")
    if catalogue is not None and not isinstance(catalogue, Catalogue):
        raise LogError(f"catalogue: must be a Catalogue, not {shown(catalogue)}")
    options = _options(data, catalogue)
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise LogError(f"field 'seed': must be an integer, not {shown(seed)}")
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise LogError("field 'rounds': must be a list")
    game = OriginsGame(options, seed)
    for r, rnd in enumerate(rounds):
        if game.is_over:
            raise LogError(f"the game ended with round {r - 1}: no more rounds", "end", r)
        if not isinstance(rnd, dict) or not isinstance(rnd.get("actions"), list):
            raise LogError("a round must be an object with 'line' and 'actions'", round=r)
        check_keys(rnd, {"line", "actions", "board"}, "a round", r)
        want = [d.number for d in game.line]
        if not _same(rnd.get("line"), want):
            raise LogError(f"the line {shown(rnd.get('line'))} is not the one seed {seed} deals "
                           f"({want})", "deal", r)
        _check_cave(game, rnd, r)
        for item in rnd["actions"]:
            if game.is_over or game.round != r:
                raise LogError("more actions than the round has", "turn", r)
            if not isinstance(item, dict):
                raise LogError(f"an action must be an object, not {shown(item)}", round=r)
            if type(item.get("by")) is not int:
                raise LogError(f"action {shown(item)}: 'by' names the player acting (a number)",
                               round=r)
            action = decode_action(item, game, r)
            try:
                game.apply(action, player=item.get("by"))
            except IllegalAction as error:
                raise LogError(str(error), error.rule, r) from None
        if not game.is_over and game.round == r:
            raise LogError(f"the round ends early: the {game.phase} phase of player "
                           f"{game.current_player} is missing", "turn", r)
    if not game.is_over:
        raise LogError("the log ends before the game does", "end", len(rounds))
    check_results(data, game.results(), game.winners(),
                  lambda want, got: _reading_note(game, want, got))
    return game


def _reading_note(game: OriginsGame, want: Mapping[str, Any], score: Any) -> str:
    """Why a recorded score may differ: a log scored under the old Empire of fire reading."""
    if (game.options.empire_of_fire and isinstance(score, int)
            and abs(score - want["score"]) == EMPIRE_OF_FIRE_BONUS):
        return (" — the log was scored under an old reading of the Empire of fire; the rules now "
                "count it for every square within ±2 rows and columns of the hut, ±3 on 7×7 "
                "(before, the hut had to be the centre of the squares' extent)")
    return ""


def _same(a: Any, b: list[Any]) -> bool:
    """A logged list equal to ``b`` item by item, types included (``12.0`` is not ``12``)."""
    return (isinstance(a, list) and len(a) == len(b)
            and all(type(x) is type(y) and x == y for x, y in zip(a, b, strict=True)))


def _check_cave(game: OriginsGame, rnd: dict[str, Any], r: int) -> None:
    """A Tribe round's ``board`` is the cave board as the round starts (refilled from the
    pile, which the seed shuffles); the other modes have none."""
    if game.mode is not Mode.TRIBE:
        if "board" in rnd:
            raise LogError(f"a {game.mode.value} game has no cave board ('board')", round=r)
        return
    want = [c.value if c else None for c in game.board]
    if "board" not in rnd:
        raise LogError(f"a Tribe round gives the cave board ('board': {want})", round=r)
    if not _same(rnd["board"], want):
        raise LogError(f"the cave board {shown(rnd['board'])} is not the one the seed gives "
                       f"({want})", "deal", r)


