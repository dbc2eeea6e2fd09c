"""Origins game logs (format ``kingdomino-kit/origins-log/1``), re-checked rule by rule on
replay. Logs named ``kingdomino-origins-log/1`` (the same format under its first name) still read.

::

    {"format": "kingdomino-kit/origins-log/1", "players": 2-4, "mode": "discovery" | "totem" |
     "tribe", "size": 5 | 7, "totem_bonus": "flat" | "scarcity", "empire_of_fire": bool,
     "homo_habilis": bool, "catalogue": name, "catalogue_hash": 12 hex digits, "seed": int,
     "rounds": [{"line": [sorted numbers; [] in the last round], "board": [cavemen] (Tribe),
                 "actions": [{"by": player, <one action>}, ...]}],
     "scores": [{"player": int, "score": int, ...}], "winners": [int, ...]}

An action is one of ``{"pick": n}``, ``{"place": n, "cells": [[r, c], [r, c]]}``,
``{"discard": n}``, ``{"fire": k, "from": [r, c], "to": [r, c] | null}``,
``{"totem": resource, "to": player}``, ``{"recruit": "board", "slot": i}``,
``{"recruit": "pile", "caveman": name}``, ``{"spend": [r, c]}``, ``{"settle": [r, c]}``,
``{"pass": true}``; cells are hut-relative. Forced actions are logged too. The deck, the first
chiefs' order and the caveman pile come from the seed (as in :class:`OriginsGame`).

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

from typing import Any

from kingdomino_kit.errors import KingdominoError, LogError
from kingdomino_kit.logs import check_format, dumps, loads
from kingdomino_kit.origins.catalogue import Catalogue, Resource
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
from kingdomino_kit.origins.scoring import EMPIRE_OF_FIRE_BONUS
from kingdomino_kit.origins.tribe import Caveman

__all__ = ["FORMAT", "LogError", "replay", "dumps", "loads", "decode_action"]

FORMAT = LOG_FORMAT


def _cell(value: Any, what: str, r: int) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)):
        raise LogError(f"{what} must be [row, col], not {value!r}", round=r)
    return (value[0], value[1])


def decode_action(item: dict[str, Any], game: OriginsGame, r: int) -> Action:
    """The action a log entry describes (dominoes looked up in the game's catalogue)."""
    cat = game.options.catalogue
    try:
        if "pick" in item:
            return Claim(cat.domino(item["pick"]))
        if "place" in item:
            cells = item.get("cells")
            if not isinstance(cells, list) or len(cells) != 2:
                raise LogError("'cells' must be [[r, c], [r, c]]", round=r)
            return Placement(cat.domino(item["place"]), _cell(cells[0], "a cell", r),
                             _cell(cells[1], "a cell", r))
        if "discard" in item:
            return Discard(cat.domino(item["discard"]))
        if "fire" in item:
            to = item.get("to")
            return Throw(_cell(item.get("from"), "'from'", r), int(item["fire"]),
                         None if to is None else _cell(to, "'to'", r))
        if "totem" in item:
            return GiveTotem(Resource(item["totem"]), int(item["to"]))
        if "recruit" in item:
            if item["recruit"] == "board":
                return Recruit(slot=int(item["slot"]))
            return Recruit(caveman=Caveman.parse(str(item["caveman"])))
        if "spend" in item:
            return Spend(_cell(item["spend"], "'spend'", r))
        if "settle" in item:
            return Settle(_cell(item["settle"], "'settle'", r))
        if item.get("pass") is True:
            return Pass()
    except LogError:
        raise
    except (KingdominoError, KeyError, TypeError, ValueError) as error:
        raise LogError(f"cannot read action {item!r}: {error}", round=r) from None
    raise LogError(f"unknown action {item!r}", round=r)


def _options(data: dict[str, Any], catalogue: Catalogue | None) -> OriginsOptions:
    check_format(data, "origins")
    try:
        kwargs: dict[str, Any] = {
            "players": data["players"], "mode": data["mode"], "totem_bonus": data["totem_bonus"],
            "empire_of_fire": data["empire_of_fire"], "homo_habilis": data["homo_habilis"]}
    except KeyError as error:
        raise LogError(f"missing field {error.args[0]!r}") from None
    if catalogue is not None:
        kwargs["catalogue"] = catalogue
    try:
        options = OriginsOptions(**kwargs)
    except KingdominoError as error:
        raise LogError(f"options: {error}") from None
    want = data.get("catalogue_hash")
    if want is not None and want != catalogue_hash(options.catalogue):
        raise LogError(f"the log was played with catalogue {data.get('catalogue')!r} (hash "
                       f"{want}), not with {options.catalogue.name} (hash "
                       f"{catalogue_hash(options.catalogue)}): replay it with the catalogue it was "
                       "played with (--catalogue FILE)", "catalogue")
    if data.get("size", options.size) != options.size:
        raise LogError(f"field 'size': {options.players} players play {options.size}×"
                       f"{options.size}, not {data.get('size')}", "size")
    return options


def replay(log: dict[str, Any] | str, *, catalogue: Catalogue | None = None) -> OriginsGame:
    """Re-play a log through the rules; return the finished game or raise :class:`LogError`
    naming the round and the rule (the sample catalogue unless ``catalogue`` is given)."""
    data = loads(log) if isinstance(log, str) else log
    options = _options(data, catalogue)
    seed = data.get("seed")
    if not isinstance(seed, int):
        raise LogError(f"field 'seed': must be an integer, not {seed!r}")
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise LogError("field 'rounds': must be a list")
    game = OriginsGame(options, seed)
    for r, rnd in enumerate(rounds):
        if game.is_over:
            raise LogError(f"the game ended with round {r - 1}: no more rounds", "end", r)
        if not isinstance(rnd, dict) or not isinstance(rnd.get("actions"), list):
            raise LogError("a round must be an object with 'line' and 'actions'", round=r)
        want = [d.number for d in game.line]
        if rnd.get("line") != want:
            raise LogError(f"the line {rnd.get('line')!r} is not the one seed {seed} deals "
                           f"({want})", "deal", r)
        for item in rnd["actions"]:
            if game.is_over or game.round != r:
                raise LogError("more actions than the round has", "turn", r)
            if not isinstance(item, dict):
                raise LogError(f"an action must be an object, not {item!r}", round=r)
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
    scores = [s.get("score") if isinstance(s, dict) else None for s in data.get("scores", [])]
    if scores != game.scores():
        old = game.options.empire_of_fire and all(
            isinstance(s, int) and abs(s - t) in (0, EMPIRE_OF_FIRE_BONUS)
            for s, t in zip(scores, game.scores(), strict=False))
        note = (" — the log was scored under an old reading of the Empire of fire; the rules now "
                "count it for every square within ±2 rows and columns of the hut, ±3 on 7×7 "
                "(before, the hut had to be the centre of the squares' extent)") if old else ""
        raise LogError(f"scores: the rules give {game.scores()}, the log says {scores}{note}",
                       "score")
    if data.get("winners") != game.winners():
        raise LogError(f"winners: the winners are {game.winners()}, not "
                       f"{data.get('winners')!r}", "winners")
    return game


