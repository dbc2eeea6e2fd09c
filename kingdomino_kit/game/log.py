"""Game logs (format ``kingdomino-kit/kingdomino-log/1``): written by a game, re-checked rule by
rule on replay. Logs named ``kingdomino-log/1`` (the same format under its first name) still read.

::

    {"format": "kingdomino-kit/kingdomino-log/1", "players": 4,
     "variant": "standard" | "mighty-duel", "size": 5 | 7, "middle_kingdom": bool,
     "harmony": bool, "seed": int,   # size and bonuses: the game's Rules, flat
     "rounds": [{"line": [sorted numbers; [] in the last round],
                 "turns": [{"king": int, "player": int,
                            "place": null | {"domino": n, "cells": [[r, c], [r, c]]}
                                          | {"domino": n, "discard": true},
                            "pick": n | null}]}],
     "scores": [{"player": int, "score": int, ...}], "winners": [int, ...]}

Round 0 has only picks; the last round only placements. Cells are castle-relative, the first
cell takes the domino's first half. ``score`` includes the bonuses switched on. Two optional
fields are written only when they differ from the default: ``"three_player_draw": 4`` and
``"strict_discard": false`` (a 3-player log whose first line has 4 dominoes also means draw 4).
The size and the bonus flags are the :meth:`~kingdomino_kit.rules.Rules.to_json` of the game's
rules; a bonus flag a log does not carry (written before that rule existed) reads as off.

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.game import GameOptions, play
>>> log = play([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=9).log()
>>> len(log["rounds"]), log["rounds"][0]["turns"][0]["place"], log["rounds"][-1]["line"]
(7, None, [])
>>> replay(log).scores() == [s["score"] for s in log["scores"]]
True
>>> log["rounds"][1]["turns"][0]["pick"] = log["rounds"][1]["line"][0]
>>> log["rounds"][1]["turns"][1]["pick"] = log["rounds"][1]["line"][0]
>>> replay(log)
Traceback (most recent call last):
...
kingdomino_kit.errors.LogError: round 1: domino ... is already claimed by king ... (claim rule)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from kingdomino_kit import logs
from kingdomino_kit.dominoes import domino
from kingdomino_kit.errors import IllegalAction, KingdominoError, LogError
from kingdomino_kit.game.game import LOG_FORMAT, Action, Claim, Discard, Game, deal
from kingdomino_kit.game.options import GameOptions
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.kingdom import MIDDLE_KINGDOM_BONUS, Placement
from kingdomino_kit.logs import dumps, loads
from kingdomino_kit.rules import Rules

__all__ = ["FORMAT", "LogError", "dumps", "game_actions", "loads", "replay"]

FORMAT = LOG_FORMAT


# --------------------------------------------------------------------------------- replay
def _field(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise LogError(f"missing field {shown(key)}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise LogError(f"field {shown(key)}: unexpected value {shown(value)}")
    return value


FIELDS = frozenset({"format", "players", "variant", *Rules().to_json(), "seed",
                    "three_player_draw", "strict_discard", "rounds", "scores", "winners", "bots",
                    "bot_seeds"})
"""The fields of a log (``bots``, the seats' bot names, and ``bot_seeds``, the version of the
recipe that seeded them, are annotations the command line adds; they are not replayed)."""


def _options(data: dict[str, Any]) -> GameOptions:
    logs.check_format(data, "kingdomino")
    logs.check_keys(data, FIELDS, "the log")
    players = _field(data, "players", int)
    variant = _field(data, "variant", str)
    size = _field(data, "size", int)
    bonuses = {key: _field(data, key, bool) for key in Rules().to_json()
               if key != "size" and key in data}  # a log from before a bonus rule: off
    _field(data, "seed", int)
    rounds = _field(data, "rounds", list)
    draw = data.get("three_player_draw")
    if draw is None:
        first = rounds[0] if rounds and isinstance(rounds[0], dict) else {}
        line = first.get("line")
        draw = 4 if players == 3 and isinstance(line, list) and len(line) == 4 else 3
    strict = data.get("strict_discard", True)
    if not isinstance(strict, bool):
        raise LogError(f"field 'strict_discard': unexpected value {shown(strict)}")
    try:
        options = GameOptions(players=players, variant=variant, three_player_draw=draw,
                              strict_discard=strict)
    except KingdominoError as error:
        raise LogError(f"options: {error}") from None
    if size != options.size:
        raise LogError(f"field 'size': the {variant} variant plays {options.size}×"
                       f"{options.size} kingdoms, not {size}×{size}", "size")
    options = replace(options, rules=Rules(size, **bonuses))
    logs.check_bots(data, players)
    return options


def _dealt_from_log(options: GameOptions, rounds: list[Any]) -> tuple[list[int], list[int]]:
    """Deck and first turn order as the log shows them (for hand-recorded games)."""
    deck: list[int] = []
    for r, rnd in enumerate(rounds[: options.rounds]):
        line = rnd.get("line") if isinstance(rnd, dict) else None
        if not isinstance(line, list) or not all(isinstance(n, int) and not isinstance(n, bool)
                                                  for n in line):
            raise LogError("'line' must be a list of domino numbers", round=r)
        if len(line) != options.line_size:
            raise LogError(f"the line must have {options.line_size} dominoes, not {len(line)}",
                           "line", r)
        if line != sorted(line):
            raise LogError(f"the line {line} is not sorted by number", "line", r)
        for n in line:
            if not 1 <= n <= 48:
                raise LogError(f"domino {n} does not exist (dominoes are numbered 1–48)",
                               "line", r)
            if n in deck or line.count(n) > 1:
                raise LogError(f"domino {n} is drawn twice", "line", r)
        deck.extend(line)
    order = []
    if rounds and isinstance(rounds[0], dict) and isinstance(rounds[0].get("turns"), list):
        order = [t.get("king") for t in rounds[0]["turns"] if isinstance(t, dict)]
    if sorted(order, key=str) != list(range(options.kings)):
        raise LogError(f"the kings must each claim once, in some order: kings "
                       f"{list(range(options.kings))}, not {order}", "turn", 0)
    return deck, order  # type: ignore[return-value]


def _check_line(game: Game, line: Any, r: int, seed: int, check_seed: bool) -> None:
    want = [d.number for d in game.line]
    if line == want and all(type(n) is int for n in line):
        return
    if not isinstance(line, list) or not all(isinstance(n, int) and not isinstance(n, bool)
                                              for n in line):
        raise LogError("'line' must be a list of domino numbers", round=r)
    if r == game.options.rounds and line:
        raise LogError(f"the last round draws no line, not {line}", "line", r)
    if len(line) != len(want):
        raise LogError(f"the line must have {len(want)} dominoes, not {len(line)}", "line", r)
    if line != sorted(line):
        raise LogError(f"the line {line} is not sorted by number", "line", r)
    for n in line:
        if not 1 <= n <= 48:
            raise LogError(f"domino {n} does not exist (dominoes are numbered 1–48)", "line", r)
    if len(set(line)) != len(line):
        raise LogError(f"the line {line} has a domino twice", "line", r)
    if check_seed:
        raise LogError(f"the line {line} is not the one seed {seed} deals ({want})", "deal", r)
    raise LogError(f"the line {line} repeats a domino drawn before", "line", r)


def _place_action(place: Any, r: int) -> Action:
    if (not isinstance(place, dict) or not isinstance(place.get("domino"), int)
            or isinstance(place.get("domino"), bool)):
        raise LogError("'place' must be null or an object with a domino number, not "
                       f"{shown(place)}", round=r)
    logs.check_keys(place, {"domino", "discard"} if "discard" in place
                    else {"domino", "cells"}, "'place'", r)
    if "discard" in place and place["discard"] is not True:
        raise LogError(f"'discard' must be true, not {shown(place['discard'])}", round=r)
    try:
        dom = domino(place["domino"])
    except KingdominoError as error:
        raise LogError(str(error), "format", r) from None
    if place.get("discard") is True:
        return Discard(dom)
    cells = place.get("cells")
    if (not isinstance(cells, list) or len(cells) != 2
            or not all(isinstance(c, list) and len(c) == 2
                       and all(isinstance(x, int) and not isinstance(x, bool) for x in c)
                       for c in cells)):
        raise LogError(f"'place' of domino {dom.number}: 'cells' must be [[r, c], [r, c]] "
                       "(or 'discard': true)", round=r)
    return Placement(dom, (cells[0][0], cells[0][1]), (cells[1][0], cells[1][1]))


def _apply(game: Game, action: Action, king: Any, player: Any, r: int) -> None:
    try:
        game.apply(action, king=king, player=player)
    except IllegalAction as error:
        raise LogError(str(error), error.rule, r) from None


def replay(log: dict[str, Any] | str, *, check_seed: bool = True) -> Game:
    """Re-play a log, re-checking every rule; return the finished game or raise
    :class:`LogError` naming the round and the rule. With ``check_seed`` (default) every line
    and the first turn order must be the ones the seed deals; without, the log's own lines are
    taken as the deck (a game recorded by hand)."""
    data = loads(log) if isinstance(log, str) else log
    if not isinstance(data, dict):
        raise LogError("a log must be a JSON object")
    options = _options(data)
    seed = data["seed"]
    rounds = data["rounds"]
    if check_seed:
        game = Game(options, seed)
    else:
        deck, order = _dealt_from_log(options, rounds)
        game = Game(options, seed, deck=deck, first_order=order)
        game.seed = seed
    if check_seed and rounds and isinstance(rounds[0], dict) and isinstance(
            rounds[0].get("turns"), list):
        kings = [t.get("king") if isinstance(t, dict) else None for t in rounds[0]["turns"]]
        want = deal(options, seed)[1]
        if len(kings) == len(want) and kings != want:
            raise LogError(f"the first turn order {kings} is not the one seed {seed} deals "
                           f"({want})", "deal", 0)
    for r, rnd in enumerate(rounds):
        if game.is_over:
            raise LogError(f"the game ended with round {r - 1}: no more rounds", "end", r)
        if not isinstance(rnd, dict) or not isinstance(rnd.get("turns"), list):
            raise LogError("a round must be an object with 'line' and 'turns'", round=r)
        logs.check_keys(rnd, {"line", "turns"}, "a round", r)
        _check_line(game, rnd.get("line"), r, seed, check_seed)
        for turn in rnd["turns"]:
            if game.round != r or game.is_over:
                raise LogError(f"more turns than kings ({game.options.kings})", "turn", r)
            if not isinstance(turn, dict) or set(turn) != {"king", "player", "place", "pick"}:
                raise LogError("a turn has 'king', 'player', 'place' and 'pick' (and nothing "
                               f"else), not {shown(turn)}", round=r)
            king, player, place, pick = turn["king"], turn["player"], turn["place"], turn["pick"]
            if (not isinstance(king, int) or not isinstance(player, int)
                    or isinstance(king, bool) or isinstance(player, bool)):
                raise LogError(f"'king' and 'player' must be numbers, not {shown(king)}, "
                               f"{shown(player)}", round=r)
            if game.current_king != king:
                raise LogError(f"it is the turn of king {game.current_king}, not of king {king}"
                               " (kings act in the order of the dominoes they claimed, lowest"
                               " first)" if r else f"it is the turn of king "
                               f"{game.current_king}, not of king {king}", "turn", r)
            if r > 0:
                if place is None:
                    raise LogError(f"king {king} must place or discard domino "
                                   f"{game.to_place[king].number} ('place' is null)",  # type: ignore[union-attr]
                                   "place", r)
                _apply(game, _place_action(place, r), king, player, r)
            elif place is not None:
                raise LogError("round 0 has only picks ('place' must be null)", "phase", r)
            if game.line:
                if pick is None:
                    raise LogError(f"king {king} must claim a domino of the line ('pick' is "
                                   "null)", "claim", r)
                if not isinstance(pick, int) or isinstance(pick, bool) or not 1 <= pick <= 48:
                    raise LogError(f"'pick' must be a domino number, not {shown(pick)}", round=r)
                _apply(game, Claim(domino(pick)), king, player, r)
            elif pick is not None:
                raise LogError(f"the last round has only placements ('pick' must be null, not "
                               f"{shown(pick)})", "phase", r)
        if not game.is_over and game.round == r:
            left = game.order[game.turn:]
            raise LogError(f"the round ends early: king(s) {left} did not act", "turn", r)
    if not game.is_over:
        raise LogError("the log ends before the game does", "end", len(rounds))
    _check_results(game, data)
    return game


def _check_results(game: Game, data: dict[str, Any]) -> None:
    logs.check_results(data, game.results(), game.winners(),
                       lambda want, got: _reading_note(game, want, got))


MIDDLE_KINGDOM_READING = ("every square within ±2 rows and columns of the castle, ±3 on 7×7 "
                          "(before, the castle had to be the centre of the squares' extent)")
"""How the Middle Kingdom is read since logs were first written: said when an old log's score
differs by exactly that bonus."""


def _reading_note(game: Game, want: Mapping[str, Any], score: Any) -> str:
    """Why a recorded score may differ: a log scored under the old Middle Kingdom reading."""
    if (game.options.rules.middle_kingdom and isinstance(score, int)
            and abs(score - want["score"]) == MIDDLE_KINGDOM_BONUS):
        return (f" — the log was scored under an old reading of the Middle Kingdom; the rules "
                f"now count it for {MIDDLE_KINGDOM_READING}")
    return ""


def game_actions(log: dict[str, Any]) -> list[tuple[int, Action]]:
    """Every action of a log that replays, in order: (king, action) — a turn's placement (or
    discard), then its claim."""
    out: list[tuple[int, Action]] = []
    for rnd in log["rounds"]:
        for turn in rnd["turns"]:
            place = turn["place"]
            if place is not None:
                dom = domino(place["domino"])
                if place.get("discard") is True:
                    out.append((turn["king"], Discard(dom)))
                else:
                    (r1, c1), (r2, c2) = place["cells"]
                    out.append((turn["king"], Placement(dom, (r1, c1), (r2, c2))))
            if turn["pick"] is not None:
                out.append((turn["king"], Claim(domino(turn["pick"]))))
    return out
